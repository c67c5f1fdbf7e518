/* GLLE (docs/methods.md §5): the LE step with the Laplacian of a symmetrized kNN graph. */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"
#include "core/solvers/ann.h"
#include "core/solvers/smoothness.h"

G_BEGIN_DECLS

/* For the rows of x (n×q): the k nearest samples of each, itself included (ties by lower
 * index), symmetrized by OR; A_ij = exp(−‖x_i − x_j‖²/(2σ²)) on the graph, A_ii = 0;
 * M = diag(row sums of A) − A. */
LescSmoothness *lesc_glle_laplacian (const LescMatrix *x, guint k, double sigma,
                                     LescProgress *progress, GError **error);

/* The same graph without the n×n distances (the large-data form, docs/methods.md §11):
 * the neighbours by lesc_knn_search (ann.h: exact, or HNSW re-ranked exactly; *search receives the one used), each edge's weight from the
 * two rows' difference. O(n·(k + q)) memory. */
LescSmoothness *lesc_glle_laplacian_sparse (const LescMatrix *x, guint k, double sigma,
                                            LescKnnSearch *search, double *dimension,
                                            double *recall, LescProgress *progress,
                                            GError **error);

/* The k nearest rows of row i, itself included (for tests): idx receives k indices in
 * increasing distance, ties by lower index. d2 is the n×n squared-distance matrix. */
void lesc_glle_neighbours (const LescMatrix *d2, gsize i, guint k, gsize *idx);

G_END_DECLS
