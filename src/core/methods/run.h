/* Running a method on a data set: the checks every run shares, the memory estimate and
 * the recovery, optionally reusing a cached correlation step. */
#pragma once
#include "core/methods/runcache.h"

G_BEGIN_DECLS

/* The whole run on a data set: z-score, check memory, recover. */
LescMatrix *lesc_method_run (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                             LescProgress *progress, LescRunResult *result, GError **error);

/* lesc_method_run, taking what runs share from `cache` when the method has a smoothness
 * step (runcache.h; `cache` may be NULL: then exactly lesc_method_run). The result equals
 * the uncached run to the bit. Before the run, entries not in use are evicted so that
 * the cache and the run's estimate together stay within the memory limit. */
LescMatrix *lesc_method_run_cached (const LescMethod *m, const LescDataset *ds,
                                    const LescRunParams *p, LescRunCache *cache,
                                    LescProgress *progress, LescRunResult *result,
                                    GError **error);
/* The λ₁ strip of m: a run for each of the b λ₁ values with p's other settings (no
 * optimizer record), each value's distributions the same to the bit as
 * lesc_method_run_cached's for it. `done` receives them as they finish (not in order:
 * the values run together and those that converge first come first;
 * lesc_method_cached_strip). `cache` may be NULL. */
gboolean lesc_method_run_strip (const LescMethod *m, const LescDataset *ds,
                                const LescRunParams *p, const double *lambda1, guint b,
                                LescRunCache *cache, LescProgress *progress,
                                LescStripDone done, gpointer data, GError **error);

/* lesc_method_run that also keeps the mapping to new samples in result->model (free it
 * with lesc_run_result_clear); GLLE, LESC and gLESC only (else LESC_ERROR_USAGE). */
LescMatrix *lesc_method_run_with_model (const LescMethod *m, const LescDataset *ds,
                                        const LescRunParams *p, LescProgress *progress,
                                        LescRunResult *result, GError **error);

/* Physical memory × 0.8, the default limit. */
double lesc_memory_default_limit (void);
/* LESC_ERROR_MEMORY naming `what` and both figures when `bytes` exceeds the limit
 * (0: the default limit). */
gboolean lesc_memory_check (double bytes, double limit, const char *what, GError **error);
/* The memory a run of m needs on n samples, q features and c labels — the z-scored
 * features, the labels and the distributions, plus the method's own estimate — checked
 * against p->memory_limit; the message names the method and `dataset`. *bytes (may be
 * NULL) receives the estimate. */
gboolean lesc_method_memory_check (const LescMethod *m, const char *dataset, gsize n, gsize q,
                                   gsize c, const LescRunParams *p, double *bytes,
                                   GError **error);

/* The formulation of a run (docs/methods.md §11): *chosen receives p with its scale
 * decided — `auto` becomes `reference` where that fits the memory limit and n is at most
 * m->reference_max_n, else `large`, with *note (may be NULL; free with g_free) the line
 * saying so; `large` for a method without a large form runs its only form. The memory
 * check of the chosen form follows (*bytes its estimate); a run that fits neither is
 * refused with both estimates. */
gboolean lesc_method_choose_scale (const LescMethod *m, const char *dataset, gsize n, gsize q,
                                   gsize c, const LescRunParams *p, LescRunParams *chosen,
                                   double *bytes, char **note, GError **error);

G_END_DECLS
