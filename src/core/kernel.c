#include "core/kernel.h"

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

LescMatrix *
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
      LESC_AT (d, i, j) = fmax (0.0, LESC_AT (d, i, j) + na[i] + nb[j]);
  if (a == b)
    for (gsize i = 0; i < n; i++)
      LESC_AT (d, i, i) = 0.0;
  return d;
}

double
lesc_mean_pairwise_distance (const LescMatrix *x)
{
  gsize n = x->rows;
  if (n < 2)
    return 0.0;
  /* Gram form: O(n²q) in BLAS. Duplicate rows may get ~1e-8 instead of 0, a relative
   * change of the mean far below 1e-10. */
  g_autoptr (LescMatrix) d2 = lesc_sq_distances (x, x);
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

LescMatrix *
lesc_rbf_kernel (const LescMatrix *a, const LescMatrix *b, double width)
{
  LescMatrix *k = lesc_sq_distances (a, b);
  double s = -1.0 / (2.0 * width * width);
  for (gsize t = 0; t < k->rows * k->cols; t++)
    k->data[t] = exp (k->data[t] * s);
  return k;
}
