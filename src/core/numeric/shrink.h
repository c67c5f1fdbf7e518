/* The proximal steps shared by the correlation solvers (docs/methods.md §6, §7). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Column-wise ℓ2 shrink in place (the proximal step of τ‖·‖₂,₁): every column v of the
 * rows×cols column-major matrix m becomes v·(‖v‖ − τ)/‖v‖ when ‖v‖ > τ, else 0. */
void lesc_shrink_columns (double *m, gsize rows, gsize cols, double tau);

/* Singular value thresholding in place: m ← U·max(Σ − τ, 0)·Vᵀ from the economy SVD of
 * the rows×cols column-major matrix m (LAPACK dgesdd; skipped when a norm bound shows
 * σ_max < τ, the result then being 0). Returns the number of singular
 * values above τ, or −1 with LESC_ERROR_NUMERIC (or _MEMORY) when the SVD fails. */
gssize lesc_svt (double *m, gsize rows, gsize cols, double tau, GError **error);

/* The same with its SVD's memory allocated once, for solvers that threshold a matrix of one
 * shape at every iteration. The SVD is LAPACK's dgesdd, and dgesvd (QR iteration) when
 * dgesdd does not converge; lesc_svt_work_use_qr_iteration() makes it dgesvd always. */
typedef struct _LescSvtWork LescSvtWork;
LescSvtWork *lesc_svt_work_new (gsize rows, gsize cols, GError **error);
gssize lesc_svt_with (LescSvtWork *w, double *m, double tau, GError **error);
void lesc_svt_work_use_qr_iteration (LescSvtWork *w);

/* The Gram route: the k×k Gram matrix G = mmᵀ (or mᵀm when tall, k = min(rows, cols)) by
 * dsyrk, its eigenpairs by dsyevd (σᵢ² = λᵢ), and m ← U diag(1 − τ/σ) Uᵀm over the σ > τ.
 * Several times cheaper than the SVD (LRR's 211×213: 3.4 against 11 ms; 24×2465: 0.14
 * against 0.9 ms), but G carries rounding errors of ε·σ_max², so a σ taken from it is off
 * by ≈ ε·σ_max²/σ where the SVD's is off by ≈ ε·σ_max. Used when `max_error` > 0 and that
 * estimate, at the smallest kept σ (at τ when an eigenvalue lies within rounding of τ²),
 * stays below `max_error`; otherwise, and when LAPACK fails, the direct SVD. */
void lesc_svt_work_use_gram (LescSvtWork *w, double max_error);
/* How the calls so far were done: all below τ by the norm bound (no decomposition), by
 * the Gram route, by the direct SVD (including the guard's fallbacks). */
typedef struct {
  guint skipped, gram, direct;
} LescSvtCounts;
LescSvtCounts lesc_svt_work_counts (const LescSvtWork *w);
void lesc_svt_work_free (LescSvtWork *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescSvtWork, lesc_svt_work_free)

G_END_DECLS
