/* The smoothness matrix M of the LE objective (docs/methods.md §4.2), applied as an
 * operator and never formed inside the optimizer (docs/reformulations.md §1): GLLE's graph Laplacian as a
 * sparse matrix, LESC/gLESC's (I − C)ᵀ(I − C) as two products with a dense C. */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

typedef struct _LescSmoothness LescSmoothness;

/* M = diag(row sums of A) − A for a symmetric sparse A given in CSR form (n rows;
 * row_ptr has n + 1 entries). Copies the arrays. */
LescSmoothness *lesc_smoothness_new_laplacian (gsize n, const gsize *row_ptr,
                                               const gsize *col_index, const double *values);
/* M = (I − C)ᵀ(I − C) (`paper_orientation` FALSE, the official code) or
 * (I − C)(I − C)ᵀ (TRUE, the paper's text). Takes ownership of c (n×n). */
LescSmoothness *lesc_smoothness_new_correlation (LescMatrix *c, gboolean paper_orientation);
/* The same with C = UV known in factored form (u n×r, v r×n): products with I − C then
 * cost O(nr) per column instead of O(n²). c may be NULL (then UV is formed where a dense
 * C is needed: lesc_smoothness_dense, a quadratic form with ‖C‖ large). Takes ownership
 * of c, u and v. */
LescSmoothness *lesc_smoothness_new_correlation_factored (LescMatrix *c, LescMatrix *u,
                                                         LescMatrix *v,
                                                         gboolean paper_orientation);
void lesc_smoothness_free (LescSmoothness *m);

gsize lesc_smoothness_size (const LescSmoothness *m);
/* y = M x for x, y n×k column-major. */
void lesc_smoothness_apply (const LescSmoothness *m, const double *x, gsize k, double *y);
/* The dense n×n M (the converged variant and tests only). */
LescMatrix *lesc_smoothness_dense (const LescSmoothness *m);

/* Bytes held by M. */
double lesc_smoothness_bytes (const LescSmoothness *m);
/* Flops of one lesc_smoothness_apply per column of x. */
double lesc_smoothness_apply_flops (const LescSmoothness *m);
/* ΦᵀMΦ for a dense n×k Φ (symmetric k×k), formed once per smoothness: the LE objective's
 * quadratic form is then Q = ΦᵀΦ + λΦᵀMΦ for any λ at O(k²) (docs/reformulations.md §1). `gram` is ΦᵀΦ (lower
 * triangle), which the factored C uses: for M = (I − C)ᵀ(I − C), C = UV, the form is
 * ΦᵀΦ − AᵀW − WᵀA + Wᵀ(UᵀU)W with A = UᵀΦ, W = VΦ. Only the lower triangle is computed
 * (the entries above the diagonal are 0): use it with lesc_symmetric_product. Computed in
 * column blocks; NULL and G_IO_ERROR_CANCELLED when cancelled. */
LescMatrix *lesc_smoothness_form (const LescSmoothness *m, const LescMatrix *phi,
                                  const LescMatrix *gram, LescProgress *progress,
                                  GError **error);
/* ΦᵀΦ (lower triangle; above the diagonal 0), by column blocks with cancellation checks. */
LescMatrix *lesc_gram_lower (const LescMatrix *phi, LescProgress *progress, GError **error);
/* Flops of lesc_smoothness_form for k columns (the Gram matrix not included). */
double lesc_smoothness_form_flops (const LescSmoothness *m, gsize k);

/* What M is made of, to show it (core/methods/correlations.h). TRUE for a graph
 * Laplacian, FALSE for a correlation C. */
gboolean lesc_smoothness_is_graph (const LescSmoothness *m);
/* Graph: row i of the weights A — its neighbours (increasing, never i) and their weights,
 * the arrays M holds; the number of neighbours. */
gsize lesc_smoothness_graph_row (const LescSmoothness *m, gsize i, const gsize **cols,
                                 const double **weights);
/* Correlation: entry (i, j) of C for every j into out (n) when `column` is FALSE, entry
 * (j, i) when TRUE — from the dense C the run applies, else from its factors
 * (Σ_k U_ik V_kj, in order of k). */
void lesc_smoothness_correlation_line (const LescSmoothness *m, gsize i, gboolean column,
                                       double *out);
/* TRUE when C is applied as (I − C)(I − C)ᵀ (the paper's orientation). */
gboolean lesc_smoothness_paper_orientation (const LescSmoothness *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescSmoothness, lesc_smoothness_free)

G_END_DECLS
