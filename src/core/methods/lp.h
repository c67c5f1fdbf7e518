/* LP baseline (docs/methods.md §8.3): label propagation in closed form. The registry entry
 * is lesc_method_lp (baseline.h). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"
#include "core/solvers/ann.h"

G_BEGIN_DECLS

/* P = Q̃^(−1/2) Q Q̃^(−1/2) with Q_ij = exp(−‖x_i − x_j‖²/2), Q_ii = 0 (or 1 with
 * `keep_diagonal`, flavour `pyldl`), Q̃ = diag(row sums s_i). Underflow guard: with m_i the
 * smallest squared distance of row i, P_ij = exp(−(d_ij − (m_i + m_j)/2)/2) / sqrt(σ_i σ_j),
 * σ_i = Σ_k exp(−(d_ik − m_i)/2) ∈ [1, n] — the same P, evaluated without forming the row
 * sums that underflow on high-dimensional data (Movie). A row of P that is still all 0 (every
 * entry below the smallest double) is an isolated sample: `isolated` (may be NULL) counts
 * them; they keep (1 − α) l_i. Returns the n×n P (symmetric). */
LescMatrix *lesc_lp_transition (const LescMatrix *x, gboolean keep_diagonal, gsize *isolated,
                                GError **error);

/* The LP degrees before the normalisation (row softmax; flavour `published`: row sums,
 * docs/reproducing.md): D̃ = (1 − α)(I − αP)⁻¹L by a Cholesky factorization
 * of the SPD matrix I − αP (0 ≤ α < 1); the fixed point of F ← αPF + (1 − α)L. */
LescMatrix *lesc_lp_propagate (const LescMatrix *x, const LescMatrix *l, double alpha,
                               gboolean keep_diagonal, gsize *isolated, LescProgress *progress,
                               GError **error);

/* The large-data form (docs/methods.md §11): the same P restricted to the symmetric graph
 * of each sample's k nearest others (the guard's m_i and σ_i over the graph), and the
 * system solved by conjugate gradients to a relative residual of 1e-14 per label. With
 * k = n − 1 it is lesc_lp_propagate to rounding. The neighbours by lesc_knn_search (ann.h;
 * *search receives the search used). O(n·(k + c)) memory. */
LescMatrix *lesc_lp_propagate_sparse (const LescMatrix *x, const LescMatrix *l, double alpha,
                                      gboolean keep_diagonal, gsize k, LescKnnSearch *search,
                                      double *dimension, double *recall, gsize *isolated,
                                      LescProgress *progress, GError **error);

G_END_DECLS
