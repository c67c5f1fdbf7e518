/* Low-rank representation of the samples (LESC step 1, docs/methods.md §6): inexact ALM
 * with the row-space reduction. */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

typedef struct {
  guint iterations;
  gsize rank;           /* r, the row-space dimension */
  double residual;      /* max(max|R1|, max|R2|) at the end */
} LescLrrReport;

/* x: n×q z-scored samples in rows (the solver works on A = xᵀ). Returns Z (n×n) with
 * xᵀ ≈ xᵀZ + E; `e` (may be NULL) receives E (q×n). */
LescMatrix *lesc_lrr (const LescMatrix *x, double lambda2, LescProgress *progress,
                      LescLrrReport *report, LescMatrix **e, GError **error);
/* Bytes the solver will hold at its peak for n samples and q features. */
double lesc_lrr_memory_estimate (gsize n, gsize q);

G_END_DECLS
