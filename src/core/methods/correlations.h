/* Which samples a sample's recovery draws on, and how strongly (docs/figures.md §7): the
 * weights of the smoothness matrix M the run used — GLLE's kNN graph A (M = diag(A1) − A),
 * LESC's and gLESC's correlation matrix C (M = (I − C)ᵀ(I − C): sample i is pulled towards
 * Σ_j C_ij d_j, row i of C; with the paper's orientation column i) — taken from the run
 * cache (runcache.h), and a small heatmap of C with the samples ordered by their first
 * principal component. */
#pragma once
#include "core/methods/runcache.h"

G_BEGIN_DECLS

/* At most this many samples in the heatmap: more are subsampled evenly in PC 1 order. */
#define LESC_CORRELATIONS_HEATMAP_MAX 300

typedef struct {
  const LescMethod *method;
  gsize n;
  gboolean graph;          /* GLLE: the weights are A_ij ≥ 0; else C_ij, any sign */
  gboolean paper;          /* C applied as (I − C)(I − C)ᵀ: column i, not row i */
  LescRunCacheHold *hold;  /* M, held in the cache */
  gboolean recomputed;     /* M was no longer in the cache and was computed again */
  gsize heat_n;            /* samples in the heatmap */
  gsize *heat_order;       /* heat_n sample indices in increasing PC 1 score */
  LescMatrix *heat;        /* heat_n × heat_n: weight (order[a] draws on order[b]) */
  gboolean heat_subsampled;
  double pc1_explained;    /* the share of the variance of PC 1 (NaN: no PCA) */
  /* gLESC's two views, once lesc_correlations_add_views made them: Z₁ (features) and Z₂
   * (logical labels), n×n each, and their heatmaps in heat_order; NULL before */
  LescMatrix *views[2];
  LescMatrix *view_heat[2];
} LescCorrelations;

/* Which matrix a line is read from: the run's (GLLE's A, LESC's or gLESC's C), or one of
 * gLESC's views. */
typedef enum {
  LESC_CORRELATIONS_RUN,
  LESC_CORRELATIONS_FEATURES,   /* gLESC's Z₁ */
  LESC_CORRELATIONS_LABELS,     /* gLESC's Z₂ */
} LescCorrelationsMatrix;

/* The most samples for which gLESC's views are made (2n² doubles). */
#define LESC_CORRELATIONS_VIEWS_MAX_N 6000

/* For a run of `m` (GLLE, LESC or gLESC: else LESC_ERROR_USAGE) with `p` on `ds`,
 * through `cache` (the run's: M is a hit, else computed again). Worker thread. */
LescCorrelations *lesc_correlations_new (const LescMethod *m, const LescDataset *ds,
                                         const LescRunParams *p, LescRunCache *cache,
                                         LescProgress *progress, GError **error);
void lesc_correlations_free (LescCorrelations *c);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCorrelations, lesc_correlations_free)

/* Sample i's weight on every other sample: out[j] for j < n (out[i] its weight on itself,
 * 0 for the graph). */
void lesc_correlations_line (const LescCorrelations *c, gsize i, double *out);
/* The same from `which` (a view: after lesc_correlations_add_views). */
void lesc_correlations_line_of (const LescCorrelations *c, LescCorrelationsMatrix which, gsize i,
                                double *out);

/* gLESC: the tensor step again with the run's options, keeping Z₁ and Z₂ apart (the run
 * used their mean C = (Z₁ + Z₂)/2, taken from the spectra: it equals the views' mean to
 * rounding). LESC_ERROR_USAGE for another method, LESC_ERROR_MEMORY past
 * LESC_CORRELATIONS_VIEWS_MAX_N samples. Worker thread. */
gboolean lesc_correlations_add_views (LescCorrelations *c, const LescDataset *ds, const LescRunParams *p,
                                      LescProgress *progress, GError **error);

typedef struct {
  gsize count;
  gsize *index;            /* the samples, largest |weight| first (ties: lower index) */
  double *weight;
  double self;             /* C_ii (0 for the graph) */
  gsize nonzero;           /* samples j ≠ i with a weight ≠ 0 */
  double total;            /* Σ_j≠i |weight| */
} LescSampleWeights;

/* The `top` largest |weights| of sample i on the others (j ≠ i, weight ≠ 0). */
LescSampleWeights *lesc_correlations_top (const LescCorrelations *c, gsize i, gsize top);
LescSampleWeights *lesc_correlations_top_of (const LescCorrelations *c, LescCorrelationsMatrix which,
                                             gsize i, gsize top);
void lesc_sample_weights_free (LescSampleWeights *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescSampleWeights, lesc_sample_weights_free)

G_END_DECLS
