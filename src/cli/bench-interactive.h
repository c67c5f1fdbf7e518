/* `lesc bench --interactive` (bench-interactive.c). */
#pragma once
#include "cli/cli.h"
#include "core/methods/method.h"

/* Prints one line per data set, method and changed parameter, starting from `params`
 * (one per method); `changes` (NULL: all) names the parameters to change and "strip";
 * returns the exit status. */
int lesc_bench_interactive (char **datasets, char **methods, const LescRunParams *params,
                            char **changes, guint repeat, gboolean csv, double cache_bytes);
