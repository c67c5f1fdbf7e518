/* The correlation step of LESC and gLESC, computed once and used by several LE steps. It
 * depends on the data and λ₂ (and the c-orientation and tensor flags) but not on λ₁, the
 * seed or the LE variant: an experiment's λ grid runs it once per λ₂, and the explorer
 * keeps the most recent ones in a cache, so that moving λ₁ runs only the LE step. */
#pragma once
#include "core/methods/method.h"
#include "core/solvers/smoothness.h"

G_BEGIN_DECLS

/* One correlation step's outcome. */
typedef struct {
  LescSmoothness *smooth;   /* the LE smoothness built from C */
  const char *stage;        /* the step's stage name (static): "lrr", "tensor" */
  double seconds;
  guint iterations;
} LescCorrelation;

/* m->correlation (m must have one) on `problem` for p. */
LescCorrelation *lesc_correlation_compute (const LescMethod *m, const LescProblem *problem,
                                           const LescRunParams *p, LescProgress *progress,
                                           GError **error);
void lesc_correlation_free (LescCorrelation *c);
/* The LE step on `c` with p's λ₁ — the rest of m->recover: the recovered distributions,
 * the "le" stage and report in `result`. */
LescMatrix *lesc_correlation_le_stage (const LescCorrelation *c, const LescMethod *m,
                                       const LescProblem *problem, const LescRunParams *p,
                                       LescProgress *progress, LescRunResult *result,
                                       GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCorrelation, lesc_correlation_free)

/* Thread-safe; keeps the `capacity` most recently used correlations (each n² doubles). */
typedef struct _LescCorrelationCache LescCorrelationCache;

LescCorrelationCache *lesc_correlation_cache_new (guint capacity);
void lesc_correlation_cache_free (LescCorrelationCache *cache);

/* The recovery step of lesc_method_run_cached for a method with a correlation step: the
 * cached (or newly computed) correlation, then the LE step. A cached one appears in
 * `result` as the stage "correlation (cached)" of 0 s. */
LescMatrix *lesc_method_cached_recover (const LescMethod *m, const LescDataset *ds,
                                        const LescProblem *problem, const LescRunParams *p,
                                        LescCorrelationCache *cache, LescProgress *progress,
                                        LescRunResult *result, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCorrelationCache, lesc_correlation_cache_free)

G_END_DECLS
