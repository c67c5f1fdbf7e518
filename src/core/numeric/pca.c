/* Principal components (pca.h): the top eigenpairs of the smaller of zᵀz and zzᵀ. */
#include "core/numeric/pca.h"
#include "core/numeric/preprocess.h"
#include "core/base/error.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>

/* The k largest eigenpairs of the symmetric m×m matrix `a` (upper triangle used),
 * largest first: values[k], vectors m×k. */
static gboolean
top_eigen (LescMatrix *a, guint k, double *values, LescMatrix *vectors, GError **error)
{
  gsize m = a->rows;
  lapack_int found = 0;
  g_autofree double *w = g_new (double, m);
  g_autofree lapack_int *support = g_new (lapack_int, 2 * k);
  g_autoptr (LescMatrix) z = lesc_matrix_new (m, k);
  lapack_int info = LAPACKE_dsyevr (LAPACK_COL_MAJOR, 'V', 'I', 'U', (lapack_int) m, a->data, (lapack_int) m,
                                    0.0, 0.0, (lapack_int) (m - k + 1), (lapack_int) m, 0.0, &found, w,
                                    z->data, (lapack_int) m, support);
  if (info != 0 || found != (lapack_int) k)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "principal components: the eigenvalue solver failed (dsyevr info %d)", (int) info);
      return FALSE;
    }
  /* dsyevr returns ascending order */
  for (guint c = 0; c < k; c++)
    {
      values[c] = MAX (w[k - 1 - c], 0.0);
      for (gsize i = 0; i < m; i++)
        LESC_AT (vectors, i, c) = LESC_AT (z, i, k - 1 - c);
    }
  return TRUE;
}

LescMatrix *
lesc_pca (const LescMatrix *x, guint k, double *explained, GError **error)
{
  gsize n = x->rows, q = x->cols;
  if (n < 2 || k < 1 || k > q)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "principal components: %u of a %zu×%zu matrix (need at least 2 rows and 1 ≤ k ≤ %zu)",
                   k, n, q, q);
      return NULL;
    }
  g_autoptr (LescMatrix) z = lesc_zscore (x);
  guint kk = (guint) MIN ((gsize) k, MIN (n, q));
  g_autofree double *values = g_new0 (double, k);
  g_autoptr (LescMatrix) loadings = lesc_matrix_new (q, kk);
  LescMatrix *scores = lesc_matrix_new (n, k);
  if (q <= n)
    {
      /* C = zᵀz (q×q); loadings = its eigenvectors; scores = z·loadings */
      g_autoptr (LescMatrix) c = lesc_matrix_new (q, q);
      cblas_dsyrk (CblasColMajor, CblasUpper, CblasTrans, (int) q, (int) n, 1.0, z->data, (int) n, 0.0,
                   c->data, (int) q);
      if (!top_eigen (c, kk, values, loadings, error))
        {
          lesc_matrix_free (scores);
          return NULL;
        }
    }
  else
    {
      /* G = zzᵀ (n×n) = U S² Uᵀ; loadings = zᵀU / s */
      g_autoptr (LescMatrix) g = lesc_matrix_new (n, n);
      g_autoptr (LescMatrix) u = lesc_matrix_new (n, kk);
      cblas_dsyrk (CblasColMajor, CblasUpper, CblasNoTrans, (int) n, (int) q, 1.0, z->data, (int) n, 0.0,
                   g->data, (int) n);
      if (!top_eigen (g, kk, values, u, error))
        {
          lesc_matrix_free (scores);
          return NULL;
        }
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) q, (int) kk, (int) n, 1.0, z->data,
                   (int) n, u->data, (int) n, 0.0, loadings->data, (int) q);
      for (guint c = 0; c < kk; c++)
        {
          double s = sqrt (values[c]);
          for (gsize j = 0; j < q; j++)
            LESC_AT (loadings, j, c) = s > 0 ? LESC_AT (loadings, j, c) / s : 0.0;
        }
    }
  /* One sign per component: its largest loading (the first of equal ones) positive. */
  for (guint c = 0; c < kk; c++)
    {
      gsize best = 0;
      for (gsize j = 1; j < q; j++)
        if (fabs (LESC_AT (loadings, j, c)) > fabs (LESC_AT (loadings, best, c)) + 1e-12)
          best = j;
      if (LESC_AT (loadings, best, c) < 0)
        for (gsize j = 0; j < q; j++)
          LESC_AT (loadings, j, c) = -LESC_AT (loadings, j, c);
    }
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) kk, (int) q, 1.0, z->data, (int) n,
               loadings->data, (int) q, 0.0, scores->data, (int) n);
  if (explained != NULL)
    {
      double total = 0.0;
      for (gsize i = 0; i < n * q; i++)
        total += z->data[i] * z->data[i];
      for (guint c = 0; c < k; c++)
        explained[c] = total > 0 && c < kk ? values[c] / total : 0.0;
    }
  return scores;
}
