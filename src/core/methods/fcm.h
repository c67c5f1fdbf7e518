/* FCM baseline (docs/methods.md §8.1): fuzzy c-means, then a max-product composition of the
 * memberships with the prototype label matrix. The registry entry is lesc_method_fcm
 * (baseline.h). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

#define LESC_FCM_MAX_ITER 10000
#define LESC_FCM_TOLERANCE 1e-7
/* the accelerated loop's: its steps are cheap near the fixed point (docs/methods.md §8.1) */
#define LESC_FCM_ACCELERATED_TOLERANCE 1e-11

typedef struct {
  guint iterations;    /* sweeps done */
  double last_change;  /* ‖U − U_prev‖_F of the last sweep */
} LescFcmReport;

/* Fuzzy c-means as scikit-fuzzy's `cmeans` on the rows of x (n×q): `t` clusters,
 * fuzzifier beta > 1. U0 (t×n) ~ U(0, 1) from MT19937(seed), drawn in numpy's
 * rand(t, n) order (cluster by cluster), columns normalised. Each sweep: U ← max(U, ε)
 * (columns renormalised), centres v_k = Σ u_ki^β x_i / Σ u_ki^β, δ_ki = max(‖x_i − v_k‖, ε),
 * u_ki = δ_ki^(−2/(β−1)) / Σ_l δ_li^(−2/(β−1)); stop after `max_iter` − 1 sweeps or when
 * ‖U − U_prev‖_F < tol. Returns the t×n memberships (columns sum to 1); `centres` (may be
 * NULL) receives the t×q centres the last memberships were computed from. */
LescMatrix *lesc_fcm_cluster (const LescMatrix *x, gsize t, double beta, guint32 seed,
                              guint max_iter, double tol, LescMatrix **centres,
                              LescFcmReport *report, LescProgress *progress, GError **error);

/* The same clustering and stopping rule with Anderson acceleration of the centres: far
 * fewer sweeps, to the same fixed point (docs/methods.md §8.1, docs/speed.md). Each step
 * makes one plain sweep and stops on its change, so the result is a sweep's output with
 * ‖U − U_prev‖_F < tol; report->iterations counts those steps (each also computes the
 * memberships of the extrapolated centres). */
LescMatrix *lesc_fcm_cluster_accelerated (const LescMatrix *x, gsize t, double beta,
                                          guint32 seed, guint max_iter, double tol,
                                          LescMatrix **centres, LescFcmReport *report,
                                          LescProgress *progress, GError **error);

/* How far the t×n memberships are from uniform: max over k, i of |t·u_ki − 1| (0 when
 * every membership is 1/t; t − 1 at most). */
double lesc_fcm_spread (const LescMatrix *u);

/* The FCM degrees before the softmax (n×c): Q = Lᵀ Uᵀ (c×t); `normalise` (flavour
 * `paper`): columns of Q to sum 1, then rows (zero lines stay 0); D̃_ij = max_k Q_jk u_ki. */
LescMatrix *lesc_fcm_compose (const LescMatrix *u, const LescMatrix *l, gboolean normalise);

G_END_DECLS
