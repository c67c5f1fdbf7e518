/* Exact k nearest neighbours by Euclidean distance (MATLAB knnsearch order: ascending
 * distance, ties by lower index). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

/* For every row i of x (n×q), the k nearest rows: among all n rows when `include_self`
 * (row i itself is then usually first, but an identical row with a lower index comes
 * before it), else among the n − 1 others. index[i + t·n] (t = 0..k−1) receives the
 * t-th neighbour of row i (an n×k column-major table). Distances are screened blockwise
 * by the Gram expansion and the candidates near the k-th are re-measured from
 * differences, so near-ties are ordered exactly. Fails (LESC_ERROR_USAGE) when k exceeds
 * the number of candidates, or when cancelled. */
gboolean lesc_nearest_neighbours (const LescMatrix *x, gsize k, gboolean include_self,
                                  gsize *index, LescProgress *progress, GError **error);

/* A candidate neighbour j at squared distance d; qsort order: distance, then lower index. */
typedef struct {
  double d;
  gsize j;
} LescKnnCandidate;
int lesc_knn_candidate_compare (const void *a, const void *b);
/* ‖x_a − x_b‖² from differences; xt is xᵀ (q×n), so each sample is contiguous. */
double lesc_knn_sq_distance (const LescMatrix *xt, gsize a, gsize b);

G_END_DECLS
