/* Distances and the RBF kernel of the LE step (docs/methods.md §4.1). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

/* n×m squared Euclidean distances between the rows of a (n×q) and b (m×q), by the
 * expansion ‖a‖² + ‖b‖² − 2a·b (as the reference), clamped at 0. */
LescMatrix *lesc_sq_distances (const LescMatrix *a, const LescMatrix *b);

/* lesc_sq_distances (x, x) in column blocks, checking for cancellation between blocks
 * (NULL and G_IO_ERROR_CANCELLED when cancelled). `progress` may be NULL. */
LescMatrix *lesc_sq_distances_self (const LescMatrix *x, LescProgress *progress, GError **error);

/* MATLAB mean(pdist(X)): the mean of the n(n−1)/2 Euclidean distances between rows. */
double lesc_mean_pairwise_distance (const LescMatrix *x);
/* The same from the n×n squared distances of lesc_sq_distances (x, x). */
double lesc_mean_distance_from_sq (const LescMatrix *d2);

/* K_ij = exp(−‖a_i − b_j‖² / (2 width²)). */
LescMatrix *lesc_rbf_kernel (const LescMatrix *a, const LescMatrix *b, double width);

G_END_DECLS
