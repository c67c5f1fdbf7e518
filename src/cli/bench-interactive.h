/* `lesc bench --interactive` (bench-interactive.c). */
#pragma once
#include "cli/cli.h"

/* Prints one line per data set, method and changed parameter; returns the exit status. */
int lesc_bench_interactive (char **datasets, char **methods, guint repeat, gboolean csv,
                            double cache_bytes);
