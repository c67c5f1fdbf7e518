/* A cache of LESC/gLESC correlation steps. The correlation (LRR or the tensor step)
 * depends on the data and λ₂ but not on λ₁, the seed or the LE variant: when a user
 * moves λ₁, the explorer reuses it and runs only the LE step. Thread-safe. */
#pragma once
#include "core/methods/method.h"
#include "core/solvers/smoothness.h"

G_BEGIN_DECLS

typedef struct _LescCorrelationCache LescCorrelationCache;

/* Keeps the `capacity` most recently used correlations (each n² doubles). */
LescCorrelationCache *lesc_correlation_cache_new (guint capacity);
void lesc_correlation_cache_free (LescCorrelationCache *cache);

/* The recovery step of lesc_method_run_cached for a method with a correlation step: the
 * cached (or newly computed) correlation, then the LE step. */
LescMatrix *lesc_method_cached_recover (const LescMethod *m, const LescDataset *ds,
                                        const LescProblem *problem, const LescRunParams *p,
                                        LescCorrelationCache *cache, LescProgress *progress,
                                        LescRunResult *result, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCorrelationCache, lesc_correlation_cache_free)

G_END_DECLS
