/* Principal components of the samples, for drawing them in two dimensions. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* The scores of the first `k` principal components of the rows of `x` (n×q), each column
 * z-scored first (lesc_zscore: a constant column drops out), so that no feature weighs in
 * by its unit: an n×k matrix, component 1 first. A component's sign makes its loading of
 * largest magnitude positive. `explained` (k entries, may be NULL) receives the share of
 * the total variance each component holds. Needs n ≥ 2 and 1 ≤ k ≤ q; components past
 * the rank are zero. Uses the q×q covariance, or the n×n Gram matrix when q > n. */
LescMatrix *lesc_pca (const LescMatrix *x, guint k, double *explained, GError **error);

G_END_DECLS
