#include "core/solvers/kernel.h"
#include "core/base/progress.h"
#include "core/base/simd.h"

#include <cblas.h>
#include <math.h>

static void
row_norms (const LescMatrix *a, double *out)
{
  for (gsize i = 0; i < a->rows; i++)
    out[i] = 0.0;
  for (gsize j = 0; j < a->cols; j++)
    for (gsize i = 0; i < a->rows; i++)
      out[i] += LESC_AT (a, i, j) * LESC_AT (a, i, j);
}

/* fmax (0.0, v) to the bit as glibc computes it on x86-64 (maxsd: −0.0 stays, NaN gives
 * 0.0), without its function call: FCM takes t·n of these per sweep. */
static inline double
max_zero (double v)
{
  return v < 0.0 || v != v ? 0.0 : v;
}

/* sums and comparisons only, vectorized: the same bits in every clone */
LESC_SIMD_CLONES LESC_VECTORIZE LescMatrix *
lesc_sq_distances (const LescMatrix *a, const LescMatrix *b)
{
  gsize n = a->rows, m = b->rows, q = a->cols;
  g_return_val_if_fail (b->cols == q, NULL);
  LescMatrix *d = lesc_matrix_new (n, m);
  g_autofree double *na = g_new (double, MAX (n, 1));
  g_autofree double *nb = g_new (double, MAX (m, 1));
  row_norms (a, na);
  row_norms (b, nb);
  if (n > 0 && m > 0 && q > 0)
    cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) n, (int) m, (int) q, -2.0,
                 a->data, (int) n, b->data, (int) m, 0.0, d->data, (int) n);
  for (gsize j = 0; j < m; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (d, i, j) = max_zero (LESC_AT (d, i, j) + na[i] + nb[j]);
  if (a == b)
    for (gsize i = 0; i < n; i++)
      LESC_AT (d, i, i) = 0.0;
  return d;
}

LescMatrix *
lesc_sq_distances_self (const LescMatrix *x, LescProgress *progress, GError **error)
{
  gsize n = x->rows, q = x->cols;
  g_autoptr (LescMatrix) d = lesc_matrix_try_new (n, n, error);
  if (d == NULL)
    return NULL;
  g_autofree double *nx = g_new (double, MAX (n, 1));
  row_norms (x, nx);
  /* about 1e9 flops per block: well under 100 ms between cancellation checks */
  gsize block = MAX (16, (gsize) (5e8 / ((double) MAX (n, 1) * (double) MAX (q, 1))));
  for (gsize j0 = 0; j0 < n; j0 += block)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      gsize b = MIN (block, n - j0);
      if (q > 0)
        cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) n, (int) b, (int) q, -2.0,
                     x->data, (int) n, x->data + j0, (int) n, 0.0, d->data + j0 * n, (int) n);
      for (gsize j = j0; j < j0 + b; j++)
        {
          for (gsize i = 0; i < n; i++)
            LESC_AT (d, i, j) = max_zero (LESC_AT (d, i, j) + nx[i] + nx[j]);
          LESC_AT (d, j, j) = 0.0;
        }
    }
  return g_steal_pointer (&d);
}

double
lesc_mean_distance_from_sq (const LescMatrix *d2)
{
  gsize n = d2->rows;
  if (n < 2)
    return 0.0;
  double sum = 0.0;
  for (gsize j = 1; j < n; j++)
    {
      double col = 0.0;
      for (gsize i = 0; i < j; i++)
        col += sqrt (LESC_AT (d2, i, j));
      sum += col;
    }
  return sum / ((double) n * (double) (n - 1) / 2.0);
}

double
lesc_mean_pairwise_distance (const LescMatrix *x)
{
  if (x->rows < 2)
    return 0.0;
  /* Gram form: O(n²q) in BLAS. Duplicate rows may get ~1e-8 instead of 0, a relative
   * change of the mean far below 1e-10. */
  g_autoptr (LescMatrix) d2 = lesc_sq_distances (x, x);
  return lesc_mean_distance_from_sq (d2);
}

LescMatrix *
lesc_rbf_kernel (const LescMatrix *a, const LescMatrix *b, double width)
{
  LescMatrix *k = lesc_sq_distances (a, b);
  double s = -1.0 / (2.0 * width * width);
  for (gsize t = 0; t < k->rows * k->cols; t++)
    k->data[t] = exp (k->data[t] * s);
  return k;
}
