/* LP baseline (docs/methods.md §8.3): label propagation in closed form. The registry entry
 * is lesc_method_lp (baseline.h). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"
#include "core/methods/method.h"
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

/* The low-rank large form (docs/methods.md §11, "LP"): the affinity by Nyström on m
 * landmarks (lesc_landmarks_select with `seed`), A ≈ EEᵀ with E = K(X, Z)·W, its diagonal
 * replaced by the reference's (0, or 1 with `keep_diagonal`), and (I − αP)⁻¹ by the
 * Woodbury identity. With m = n it is lesc_lp_propagate up to the eigenvalue cutoff.
 * `rank` (may be NULL) receives r. O(n·m) memory, O(n·m²) time. */
LescMatrix *lesc_lp_propagate_lowrank (const LescMatrix *x, const LescMatrix *l, double alpha,
                                       gboolean keep_diagonal, gsize m, guint32 seed,
                                       gsize *isolated, gsize *rank, LescProgress *progress,
                                       GError **error);
/* Its peak memory in bytes (n×q features, c labels, m landmarks). */
double lesc_lp_lowrank_memory (gsize n, gsize q, gsize c, gsize m);

/* Eigenvalues of K(Z, Z) below this share of the largest are dropped. */
#define LESC_LP_LOWRANK_CUTOFF 1e-10

/* W = V_r Λ_r^(−½) of the landmarks' affinity K(Z, Z) = VΛVᵀ (m×r, r the eigenvalues above
 * the cutoff), so that EEᵀ = K(X, Z)K(Z, Z)⁺K(Z, X) with E = K(X, Z)W. */
LescMatrix *lesc_lp_landmark_whitening (const LescMatrix *z, GError **error);
/* Rows i0 … i0 + rows − 1 of E, row i scaled by exp(μ_i/2): with `shift`, μ_i is set to
 * the row's smallest squared distance to a landmark; otherwise mu[] is read. colsum (may be
 * NULL; m entries) accumulates Σ_i K(x_i, z_k) unshifted. e: rows×r with leading dimension
 * lde. */
void lesc_lp_landmark_rows (const LescMatrix *x, gsize i0, gsize rows, const LescMatrix *z,
                            const LescMatrix *w, gboolean shift, double *mu, double *colsum,
                            double *e, gsize lde);

/* The low-rank form is taken when this many times its loss is below the graph's. */
#define LESC_LP_LOWRANK_FACTOR 2.0

/* LP's choice between its large forms, measured on a sample of rows that are not landmarks
 * (up to 200 rows, at most half the candidates; the Nyström error on up to 1000 other
 * columns). */
/* 'm' when the run names --landmarks alone (the low-rank form), 'k' when it names
 * --neighbours alone (the k-graph), 0 when the choice is the program's. */
char lesc_lp_large_form_named (const LescRunParams *params);

typedef struct {
  gsize rows;           /* rows sampled */
  double graph_loss;    /* mean share of a row's off-diagonal affinity outside its k nearest */
  double lowrank_loss;  /* mean Σ_j |â_ij − a_ij| / Σ_j a_ij of the Nyström rows as computed */
  gboolean lowrank;     /* LESC_LP_LOWRANK_FACTOR·lowrank_loss < graph_loss */
} LescLpForm;
void lesc_lp_choose_form (const LescMatrix *x, gsize m, gsize k, guint32 seed, LescLpForm *out);

G_END_DECLS
