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
void lesc_svt_work_free (LescSvtWork *w);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescSvtWork, lesc_svt_work_free)

G_END_DECLS
