/* gLESC's tensor step (docs/methods.md §7): t-SVD low-rank tensor over the feature view
 * and the label view. */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

typedef struct {
  gboolean fft_over_views;     /* variant `views` (paper text); FALSE = `samples` (official) */
  gboolean odd_n_single_shrink;/* TRUE turns off the official odd-n double shrink */
  guint threads;               /* 0: automatic (up to 4 from n = 512); the result does not depend on it */
  gboolean average;            /* TRUE: *z1 receives C = (Z₁ + Z₂)/2 and *z2 NULL (one n×n output) */
} LescTensorOptions;

typedef struct {
  guint iterations;
} LescTensorReport;

/* x: n×q z-scored features, l: n×c logical labels (samples in rows; the views are
 * X₁ = xᵀ, X₂ = lᵀ); beta = λ₂ > 0; options NULL = defaults. On success *z1 and *z2
 * receive Z₁ and Z₂ (n×n each), or with options->average *z1 = (Z₁ + Z₂)/2 and *z2 = NULL. Cancel (through `progress`) returns G_IO_ERROR_CANCELLED
 * within one block of frequencies (a few ms at n = 2465), but not inside the dense n×n
 * SVDs of the `views` variant. The caller checks the memory estimate. */
gboolean lesc_tensor_step (const LescMatrix *x, const LescMatrix *l, double beta,
                           const LescTensorOptions *options, LescProgress *progress,
                           LescTensorReport *report, LescMatrix **z1, LescMatrix **z2,
                           GError **error);
/* Bytes the tensor step holds at its peak (≈ 6n² doubles: T̂ and Ẑ of both views and the
 * two outputs, 5n² with `average`; plus 2n² for a view with as many rows as samples), for
 * the default options. */
double lesc_tensor_memory_estimate (gsize n, gsize q, gsize c);
/* The same for `options` (NULL = defaults): the `views` variant adds two dense n×n SVDs
 * (≈ 6n² doubles). */
double lesc_tensor_memory_estimate_for (gsize n, gsize q, gsize c, const LescTensorOptions *options);

G_END_DECLS
