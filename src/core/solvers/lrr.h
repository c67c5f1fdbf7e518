/* Low-rank representation of the samples (LESC step 1, docs/methods.md §6): inexact ALM
 * with the row-space reduction, and two optimality certificates that solve it exactly
 * without iterating where they hold (derived in lrr.c). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

/* How the solution was found. */
typedef enum {
  LESC_LRR_ALM,            /* the inexact ALM (the reference's solver) */
  LESC_LRR_RANGE,          /* certified optimum: Z = QQᵀ (the projector onto range(x)), E = 0 */
  LESC_LRR_ZERO,           /* certified optimum: Z = 0, E = xᵀ */
} LescLrrRoute;

typedef struct {
  guint iterations;
  gsize rank;           /* r, the row-space dimension */
  double residual;      /* max(max|R1|, max|R2|) at the end (0 when certified) */
  LescLrrRoute route;
  /* Z = QQᵀ, E = 0 is optimal when range_certificate ≤ λ₂; Z = 0 when
   * λ₂·zero_certificate ≤ 1 (NAN: not computed, a cheap bound already excluded it) */
  double range_certificate, zero_certificate;
  guint closed_form_iterations;              /* of `iterations`, while E = 0 (lrr.c) */
  guint svt_skipped, svt_gram, svt_direct;   /* the other iterations' SVTs (shrink.h) */
} LescLrrReport;

/* The ALM stops on feasibility, not optimality: where a certificate holds, its optimum
 * and the ALM's answer can differ by more than the ALM's tolerance (lrr.c). LESC uses the
 * ALM, as the reference does; `certified` returns the proven optimum instead. */
typedef struct {
  gboolean certified;    /* a certified optimum where one holds (both are always reported) */
  gboolean direct_svd;   /* every SVT by the direct SVD, never the Gram route */
} LescLrrOptions;

/* Z = QZ̃: Q (n×r) an orthonormal basis of range(x), Z̃ (r×n); E (q×n) when asked for. */
typedef struct {
  LescMatrix *basis;
  LescMatrix *coefficients;
  LescMatrix *e;
} LescLrrFactors;

/* x: n×q z-scored samples in rows (the solver works on A = xᵀ). Solves
 * min ‖Z‖_* + λ₂‖E‖₂,₁ s.t. xᵀ = xᵀZ + E; `options` may be NULL (the defaults: all zero). */
LescLrrFactors *lesc_lrr_solve (const LescMatrix *x, double lambda2, const LescLrrOptions *options,
                                gboolean want_e, LescProgress *progress, LescLrrReport *report,
                                GError **error);
/* Z = QZ̃ (n×n); NULL and LESC_ERROR_MEMORY when it does not fit. */
LescMatrix *lesc_lrr_factors_product (const LescLrrFactors *f, GError **error);
void lesc_lrr_factors_free (LescLrrFactors *f);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLrrFactors, lesc_lrr_factors_free)

/* The same with default options, returning Z (n×n) with xᵀ ≈ xᵀZ + E; `e` (may be NULL)
 * receives E (q×n). */
LescMatrix *lesc_lrr (const LescMatrix *x, double lambda2, LescProgress *progress,
                      LescLrrReport *report, LescMatrix **e, GError **error);
/* Bytes the solver will hold at its peak for n samples and q features. */
double lesc_lrr_memory_estimate (gsize n, gsize q);

G_END_DECLS
