#include "core/numeric/smalldense.h"
#include "core/base/simd.h"

#include <math.h>
#include <string.h>

void
lesc_small_gram (const double *x, gsize d, gsize n, double *g)
{
  memset (g, 0, d * d * sizeof (double));
  for (gsize j = 0; j < n; j++)
    {
      const double *col = x + j * d;
      for (gsize k = 0; k < d; k++)
        for (gsize i = k; i < d; i++)
          g[i + k * d] += col[i] * col[k];
    }
  for (gsize k = 0; k < d; k++)
    for (gsize i = k + 1; i < d; i++)
      g[k + i * d] = g[i + k * d];
}

gboolean
lesc_small_cholesky (double *a, gsize d)
{
  for (gsize k = 0; k < d; k++)
    {
      double pivot = a[k + k * d];
      for (gsize p = 0; p < k; p++)
        pivot -= a[k + p * d] * a[k + p * d];
      if (!(pivot > 0.0) || !isfinite (pivot))
        return FALSE;
      double root = sqrt (pivot);
      a[k + k * d] = root;
      for (gsize i = k + 1; i < d; i++)
        {
          double s = a[i + k * d];
          for (gsize p = 0; p < k; p++)
            s -= a[i + p * d] * a[k + p * d];
          a[i + k * d] = s / root;
        }
    }
  return TRUE;
}

/* y[0..len) += s x[0..len), four at a time */
static inline void
axpy_short (double s, const double *restrict x, double *restrict y, gsize len)
{
  gsize i = 0;
  for (; i + 4 <= len; i += 4)
    *(LescVec4 *) (y + i) += s * LESC_LOAD4 (x + i);
  for (; i < len; i++)
    y[i] += s * x[i];
}

LESC_SIMD_CLONES void
lesc_small_cholesky_solve (const double *l, gsize d, double *b, gsize cols)
{
  for (gsize j = 0; j < cols; j++)
    {
      double *x = b + j * d;
      for (gsize i = 0; i < d; i++)          /* L y = b, by columns of L */
        {
          x[i] /= l[i + i * d];
          axpy_short (-x[i], l + i + 1 + i * d, x + i + 1, d - i - 1);
        }
      for (gsize i = d; i-- > 0;)            /* Lᵀ x = y: row i of Lᵀ is column i of L */
        {
          double s = x[i];
          for (gsize p = i + 1; p < d; p++)
            s -= l[p + i * d] * x[p];
          x[i] = s / l[i + i * d];
        }
    }
}

LESC_SIMD_CLONES void
lesc_small_multiply_add (double alpha, const double *a, gsize d, const double *b, gsize cols,
                         double *c)
{
  for (gsize j = 0; j < cols; j++)
    for (gsize k = 0; k < d; k++)
      axpy_short (alpha * b[k + j * d], a + k * d, c + j * d, d);
}
