/* lesc bench --scale: time and peak memory of each method on generated data of growing n. */
#pragma once
#include "core/methods/method.h"

/* One row per size and method (each run in its own child process, the formulation the
 * program chooses for it), then per method the fitted growth exponent of the time; the
 * load average and the machine's dgemm rate first. Returns an exit status. */
int lesc_bench_scale (const gsize *sizes, guint n_sizes, char **names,
                      const LescRunParams *params, gboolean csv);

/* GFlop/s of one 2000×2000×2000 dgemm with the threads OpenBLAS has. */
double lesc_bench_dgemm_rate (void);
/* "load average …; dgemm … GFlop/s": what a time measured on this machine is worth. */
char *lesc_bench_machine (void);
