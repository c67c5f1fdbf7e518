/* lesc bench --targets: the program's speed targets timed as whole commands. */
#pragma once
#include <glib.h>

/* Prints one row per target (the long ones — Movie, the full tables — only with
 * `long_rows`), each the min and median of `repeat` runs; returns an exit status.
 * `data_dir` (may be NULL: $LESC_DATA_DIR) is passed on to the commands. */
int lesc_bench_targets (gboolean long_rows, guint repeat, const char *data_dir, gboolean csv);
