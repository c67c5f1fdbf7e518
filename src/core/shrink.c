#include "core/shrink.h"
#include "core/error.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

void
lesc_shrink_columns (double *m, gsize rows, gsize cols, double tau)
{
  for (gsize j = 0; j < cols; j++)
    {
      double *v = m + j * rows;
      double s = 0.0;
      for (gsize i = 0; i < rows; i++)
        s += v[i] * v[i];
      double norm = sqrt (s);
      double g = norm > tau ? (norm - tau) / norm : 0.0;
      for (gsize i = 0; i < rows; i++)
        v[i] *= g;
    }
}

gssize
lesc_svt (double *m, gsize rows, gsize cols, double tau, GError **error)
{
  gsize k = MIN (rows, cols);
  if (k == 0)
    return 0;
  /* σ_max ≤ min(‖m‖_F, sqrt(‖m‖₁‖m‖∞)): when that is below τ the result is 0, no SVD needed */
  double fro = 0.0, norm1 = 0.0;
  g_autofree double *rowsum = g_new0 (double, rows);
  for (gsize j = 0; j < cols; j++)
    {
      double colsum = 0.0;
      for (gsize i = 0; i < rows; i++)
        {
          double v = m[i + j * rows];
          fro += v * v;
          colsum += fabs (v);
          rowsum[i] += fabs (v);
        }
      norm1 = MAX (norm1, colsum);
    }
  double norm_inf = 0.0;
  for (gsize i = 0; i < rows; i++)
    norm_inf = MAX (norm_inf, rowsum[i]);
  if (MIN (sqrt (fro), sqrt (norm1 * norm_inf)) <= tau * (1.0 - 1e-12))
    {
      memset (m, 0, rows * cols * sizeof (double));
      return 0;
    }
  double *s = g_try_new (double, k);
  double *u = g_try_new (double, rows * k);
  double *vt = g_try_new (double, k * cols);
  if (s == NULL || u == NULL || vt == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
                   "singular value thresholding: cannot allocate the SVD of a %zu×%zu matrix",
                   rows, cols);
      g_free (s), g_free (u), g_free (vt);
      return -1;
    }
  lapack_int info = LAPACKE_dgesdd (LAPACK_COL_MAJOR, 'S', (lapack_int) rows, (lapack_int) cols,
                                    m, (lapack_int) rows, s, u, (lapack_int) rows, vt, (lapack_int) k);
  gssize kept = -1;
  if (info != 0)
    g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                 "singular value thresholding: the SVD of a %zu×%zu matrix failed (dgesdd info %d)",
                 rows, cols, (int) info);
  else
    {
      kept = 0;
      while ((gsize) kept < k && s[kept] > tau)
        kept++;
      /* m = U(:, 1:kept) diag(σ − τ) Vᵀ(1:kept, :) */
      for (gssize i = 0; i < kept; i++)
        cblas_dscal ((int) rows, s[i] - tau, u + i * rows, 1);
      if (kept > 0)
        cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) rows, (int) cols, (int) kept,
                     1.0, u, (int) rows, vt, (int) k, 0.0, m, (int) rows);
      else
        memset (m, 0, rows * cols * sizeof (double));
    }
  g_free (s), g_free (u), g_free (vt);
  return kept;
}
