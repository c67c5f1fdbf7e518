/* KM baseline (docs/reproducing.md): membership of every sample in each
 * label's class, from its kernel distance to the class centre. The registry entry is
 * lesc_method_km (baseline.h). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

/* The membership rule: d̃_ij = l_ij m(s²_ij / (r²_j + η)). */
typedef enum {
  LESC_KM_LINEAR_CLASS_RADIUS,  /* m(ρ) = 1 − ρ, r²_j = max over the class members
                                   (the GLLE paper's equation) */
  LESC_KM_SQRT_ALL_RADIUS,      /* m(ρ) = 1 − √ρ, r²_j = max over all samples (PyLDL,
                                   Jiang et al.'s fuzzy-SVM membership) */
} LescKmMembership;

/* The KM degrees before normalisation (n×c): with the Gaussian kernel of width = the mean
 * pairwise distance of x's rows, C_j = {i : l_ij = 1}, n_j = |C_j|, the squared kernel
 * distance to the class centre s²_ij = 1 − (2/n_j) Σ_{p∈C_j} k(x_i, x_p)
 * + (1/n_j²) Σ_{p,q∈C_j} k(x_p, x_q) (clamped at 0), then the membership rule; 0 on
 * irrelevant labels and on labels with no member. LESC_ERROR_DATA when every row of x is
 * the same; G_IO_ERROR_CANCELLED when cancelled. */
LescMatrix *lesc_km_degrees (const LescMatrix *x, const LescMatrix *l, double eta,
                             LescKmMembership rule, LescProgress *progress, GError **error);

/* The degrees from T_ij = Σ_{p∈C_j} k(x_i, x_p) (n×c), n_j and u_j = Σ_{p,q∈C_j} k(x_p, x_q). */
LescMatrix *lesc_km_degrees_from_sums (const LescMatrix *l, const LescMatrix *tk,
                                       const double *nj, const double *uj, double eta,
                                       LescKmMembership rule);

/* The large-data form (docs/methods.md §11): each class centre from a seeded sample S_j of
 * at most m of its members — Σ_{p∈C_j} k(x_i, x_p) ≈ (n_j/m_j) Σ_{p∈S_j} k(x_i, x_p), the
 * centre's own term from S_j's pairs — and the width from m seeded rows; O(n·m·c·q) time,
 * no n×n matrix. With m ≥ n it is lesc_km_degrees to rounding. */
LescMatrix *lesc_km_degrees_sampled (const LescMatrix *x, const LescMatrix *l, double eta,
                                     LescKmMembership rule, gsize m, guint32 seed,
                                     LescProgress *progress, GError **error);

G_END_DECLS
