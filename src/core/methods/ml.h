/* ML baseline (docs/methods.md §8.4): the label manifold of Hou, Geng and Zhang (2016).
 * LLE reconstruction weights W, M = (I − W)ᵀ(I − W) + ridge·I, and per label the
 * bound-constrained QP  min μᵀMμ  s.t. μ_i ≥ 1 (l_ij = 1), μ_i ≤ −1 (l_ij = 0).
 * The registry entry is lesc_method_ml (baseline.h). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"
#include "core/solvers/ann.h"

G_BEGIN_DECLS

#define LESC_ML_RIDGE 1e-5
#define LESC_ML_KKT_TOLERANCE 1e-10

/* W with k entries per row: neighbour t of sample i is index[i + t·n] with weight
 * weight[i + t·n] (n×k column-major tables). */
typedef struct {
  gsize n, k;
  gsize *index;
  double *weight;
} LescLleWeights;

/* LLE weights on the rows of x (n×q): the k nearest samples other than i (ties by lower
 * index; by lesc_knn_search, ann.h, *search receiving the one used), G = ZZᵀ with Z = x_neighbour − x_i (k×q), G ← G + r·I with r = 1e-3·tr(G) if
 * tr(G) > 0 else 1e-3, Gw = 1, w ← w / Σw. */
LescLleWeights *lesc_lle_weights (const LescMatrix *x, gsize k, LescKnnSearch *search,
                                  double *dimension, double *recall, LescProgress *progress,
                                  GError **error);
void lesc_lle_weights_free (LescLleWeights *w);

/* y = M v with M = (I − W)ᵀ(I − W) + ridge·I (v, y of length n, not aliased). */
void lesc_manifold_apply (const LescLleWeights *w, double ridge, const double *v, double *y);

typedef struct {
  guint iterations;     /* projected Newton steps */
  guint cg_iterations;  /* conjugate-gradient steps, all together */
  gsize n_free;         /* variables off their bound at the solution */
  double objective;     /* μᵀMμ */
  double kkt_residual;  /* max_i |min(s_i μ_i − 1, s_i g_i)|, g = 2Mμ, s_i = sign */
} LescQpReport;

/* The QP  min μᵀMμ  s.t. s_i μ_i ≥ 1, with s_i = sign[i] ∈ {+1, −1}, solved by a projected
 * Newton method (Bertsekas 1982) whose Newton systems on the free variables are solved by
 * preconditioned conjugate gradients, until the KKT residual is ≤ tol. mu (length n)
 * receives the solution. Fails with LESC_ERROR_NUMERIC if the residual cannot be brought
 * under tol. */
gboolean lesc_manifold_qp (const LescLleWeights *w, double ridge, const double *sign, double tol,
                           double *mu, LescQpReport *report, LescProgress *progress,
                           GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLleWeights, lesc_lle_weights_free)

G_END_DECLS
