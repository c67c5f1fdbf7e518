/* LP baseline (algorithms.md §8.3): label propagation in closed form. The registry entry
 * is lesc_method_lp (baseline.h). */
#pragma once
#include "core/matrix.h"
#include "core/progress.h"

G_BEGIN_DECLS

/* P = Q̃^(−1/2) Q Q̃^(−1/2) with Q_ij = exp(−‖x_i − x_j‖²/2), Q_ii = 0 (or 1 with
 * `keep_diagonal`, flavour `pyldl`), Q̃ = diag(row sums). All exponents are shifted by the
 * smallest off-diagonal squared distance (a common factor of Q that cancels in P), so
 * high-dimensional data do not underflow; a row whose sum is still 0 is an isolated
 * sample, its row and column of P are 0 and `isolated` (may be NULL) counts them.
 * Returns the n×n P (symmetric). */
LescMatrix *lesc_lp_transition (const LescMatrix *x, gboolean keep_diagonal, gsize *isolated,
                                GError **error);

/* The LP degrees before the softmax: D̃ = (1 − α)(I − αP)⁻¹L by a Cholesky factorization
 * of the SPD matrix I − αP (0 ≤ α < 1); the fixed point of F ← αPF + (1 − α)L. */
LescMatrix *lesc_lp_propagate (const LescMatrix *x, const LescMatrix *l, double alpha,
                               gboolean keep_diagonal, gsize *isolated, LescProgress *progress,
                               GError **error);

G_END_DECLS
