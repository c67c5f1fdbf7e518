/* Distances and the RBF kernel of the LE step (algorithms.md §4.1). */
#pragma once
#include "core/matrix.h"

G_BEGIN_DECLS

/* n×m squared Euclidean distances between the rows of a (n×q) and b (m×q), by the
 * expansion ‖a‖² + ‖b‖² − 2a·b (as the reference), clamped at 0. */
LescMatrix *lesc_sq_distances (const LescMatrix *a, const LescMatrix *b);

/* MATLAB mean(pdist(X)): the mean of the n(n−1)/2 Euclidean distances between rows. */
double lesc_mean_pairwise_distance (const LescMatrix *x);

/* K_ij = exp(−‖a_i − b_j‖² / (2 width²)). */
LescMatrix *lesc_rbf_kernel (const LescMatrix *a, const LescMatrix *b, double width);

G_END_DECLS
