/* What runs of GLLE, LESC and gLESC share, kept between runs so that moving λ₁ is cheap
 * (the explorer, the λ grid, `lesc table --tune`, `lesc bench --interactive`):
 *   per data set: the LE kernel Φ̂ and its Gram matrix Φ̂ᵀΦ̂;
 *   per data set and every setting but λ₁ (and the seed and variant): the smoothness
 *   matrix M — GLLE's graph, LESC's LRR, gLESC's tensor step — and Φ̂ᵀMΦ̂.
 * A change of λ₁ then costs O(n²) to form Q = Φ̂ᵀΦ̂ + λ₁Φ̂ᵀMΦ̂ plus the optimizer's
 * iterations; the result equals the uncached run to the bit.
 *
 * The cache holds at most `limit` bytes: when an entry would exceed it, the least
 * recently used entries go first (an entry in use by a run is freed when that run
 * releases it). It is thread-safe: runs needing the same entry compute it once — the
 * others wait (still cancellable) and take over when the computing run is cancelled, so a
 * cancelled run never leaves a half-made entry behind. */
#pragma once
#include "core/methods/method.h"

G_BEGIN_DECLS

typedef struct _LescRunCache LescRunCache;

/* `limit` in bytes; 0: lesc_run_cache_default_limit (). */
LescRunCache *lesc_run_cache_new (double limit);
void lesc_run_cache_free (LescRunCache *cache);
/* A quarter of physical memory. */
double lesc_run_cache_default_limit (void);
/* Change the bound (0: the default); evicts at once down to it. */
void lesc_run_cache_set_limit (LescRunCache *cache, double limit);
double lesc_run_cache_get_limit (LescRunCache *cache);
/* Evict entries not in use until at most `bytes` are held. */
void lesc_run_cache_trim (LescRunCache *cache, double bytes);

typedef struct {
  guint entries;       /* kept (in use or not) */
  double bytes;        /* held, including evicted entries still in use */
  guint hits, misses, evictions;
} LescRunCacheStats;
void lesc_run_cache_get_stats (LescRunCache *cache, LescRunCacheStats *stats);

/* The recovery step of lesc_method_run_cached for a method with a smoothness step:
 * cached (or newly computed) M, Φ̂, Φ̂ᵀΦ̂ and Φ̂ᵀMΦ̂, then the LE step. */
LescMatrix *lesc_method_cached_recover (const LescMethod *m, const LescDataset *ds,
                                        const LescProblem *problem, const LescRunParams *p,
                                        LescRunCache *cache, LescProgress *progress,
                                        LescRunResult *result, GError **error);

/* The smoothness matrix M a run used, held for showing it (core/methods/correlations.h):
 * the cache's entry for the run's key — what the run applied — or, when it was evicted,
 * M computed again with the same inputs (the step does not depend on the seed, so the
 * same numbers) and kept in the cache. The entry stays alive while held, even when
 * evicted meanwhile; release the hold before the cache is freed. `problem` as the run
 * made it (z-scored features), `p` with its scale chosen (lesc_method_choose_scale).
 * *computed (may be NULL) says whether M had to be computed. */
typedef struct _LescRunCacheHold LescRunCacheHold;
LescRunCacheHold *lesc_run_cache_hold_smoothness (LescRunCache *cache, const LescMethod *m,
                                                  const LescDataset *ds, const LescProblem *problem,
                                                  const LescRunParams *p, LescProgress *progress,
                                                  gboolean *computed, GError **error);
const LescSmoothness *lesc_run_cache_hold_get (const LescRunCacheHold *hold);
void lesc_run_cache_hold_release (LescRunCacheHold *hold);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescRunCacheHold, lesc_run_cache_hold_release)

/* A value of a λ₁ strip is done: its index and distributions (the callee's). */
typedef void (*LescStripDone) (guint index, LescMatrix *distributions, gpointer data);
/* The recovery step of lesc_method_run_strip: M and the LE step's parts held once, then
 * the values' fits together (lesc_le_fit_batch) where that applies, else one by one. */
gboolean lesc_method_cached_strip (const LescMethod *m, const LescDataset *ds,
                                   const LescProblem *problem, const LescRunParams *p,
                                   const double *lambda1, guint b, LescRunCache *cache,
                                   LescProgress *progress, LescStripDone done, gpointer data,
                                   GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescRunCache, lesc_run_cache_free)

G_END_DECLS
