#include "core/numeric/shrink.h"
#include "core/base/error.h"

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

/* A wide matrix (rows < cols) is decomposed as its transpose: LAPACK's unblocked LQ steps
 * apply each reflector as `rows`-long axpys, one per column (tens of thousands of calls
 * for LRR's 24×2465), its QR steps as a few long ones. The SVD works on a copy (`a`), so
 * that when dgesdd's divide and conquer fails to converge — rare, but seen on Movie's
 * 7755×1811 — dgesvd (QR iteration: slower, more robust) can start again from m. */
struct _LescSvtWork {
  gsize rows, cols, k;
  gboolean transposed;
  gboolean qr_iteration;     /* dgesvd from the start (tests) */
  double *rowsum, *s, *u, *vt, *work, *a;
  lapack_int lwork, *iwork;
};

/* a = m, or mᵀ when wide: tall×k */
static void
load (LescSvtWork *w, const double *m)
{
  gsize rows = w->rows, cols = w->cols;
  if (!w->transposed)
    {
      memcpy (w->a, m, rows * cols * sizeof (double));
      return;
    }
  for (gsize j = 0; j < cols; j++)
    for (gsize i = 0; i < rows; i++)
      w->a[j + i * cols] = m[i + j * rows];
}

LescSvtWork *
lesc_svt_work_new (gsize rows, gsize cols, GError **error)
{
  g_autoptr (LescSvtWork) w = g_new0 (LescSvtWork, 1);
  gsize k = MIN (rows, cols);
  w->rows = rows, w->cols = cols, w->k = k;
  w->transposed = rows < cols;
  if (k == 0)
    return g_steal_pointer (&w);
  /* the decomposed matrix is tall×k (or square) */
  gsize tall = MAX (rows, cols);
  double query_dd = 0.0, query_svd = 0.0;
  lapack_int info = LAPACKE_dgesdd_work (LAPACK_COL_MAJOR, 'S', (lapack_int) tall,
                                         (lapack_int) k, NULL, (lapack_int) tall, NULL, NULL,
                                         (lapack_int) tall, NULL, (lapack_int) k, &query_dd, -1,
                                         NULL);
  lapack_int info_svd = LAPACKE_dgesvd_work (LAPACK_COL_MAJOR, 'S', 'S', (lapack_int) tall,
                                             (lapack_int) k, NULL, (lapack_int) tall, NULL, NULL,
                                             (lapack_int) tall, NULL, (lapack_int) k, &query_svd,
                                             -1);
  w->lwork = info == 0 && info_svd == 0 ? (lapack_int) MAX (query_dd, query_svd) : 0;
  w->a = g_try_new (double, rows * cols);
  w->rowsum = g_try_new (double, rows);
  w->s = g_try_new (double, k);
  w->u = g_try_new (double, tall * k);
  w->vt = g_try_new (double, k * k);
  w->work = w->lwork > 0 ? g_try_new (double, (gsize) w->lwork) : NULL;
  w->iwork = g_try_new (lapack_int, 8 * k);
  if (w->rowsum == NULL || w->s == NULL || w->u == NULL || w->vt == NULL || w->work == NULL
      || w->iwork == NULL || w->a == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
                   "singular value thresholding: cannot allocate the SVD of a %zu×%zu matrix",
                   rows, cols);
      return NULL;
    }
  return g_steal_pointer (&w);
}

void
lesc_svt_work_use_qr_iteration (LescSvtWork *w)
{
  w->qr_iteration = TRUE;
}

void
lesc_svt_work_free (LescSvtWork *w)
{
  if (w == NULL)
    return;
  g_free (w->rowsum);
  g_free (w->s);
  g_free (w->u);
  g_free (w->vt);
  g_free (w->work);
  g_free (w->iwork);
  g_free (w->a);
  g_free (w);
}

gssize
lesc_svt_with (LescSvtWork *w, double *m, double tau, GError **error)
{
  gsize rows = w->rows, cols = w->cols, k = w->k;
  if (k == 0)
    return 0;
  /* σ_max ≤ min(‖m‖_F, sqrt(‖m‖₁‖m‖∞)): when that is below τ the result is 0, no SVD needed */
  double fro = 0.0, norm1 = 0.0;
  double *rowsum = w->rowsum;
  memset (rowsum, 0, rows * sizeof (double));
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
  double *s = w->s, *u = w->u, *vt = w->vt;
  /* a = m or mᵀ (tall×k) = U_a Σ V_aᵀ; the _work calls: no workspace allocation and no
   * NaN scan per call */
  gsize tall = MAX (rows, cols);
  lapack_int info = 1;
  if (!w->qr_iteration)
    {
      load (w, m);
      info = LAPACKE_dgesdd_work (LAPACK_COL_MAJOR, 'S', (lapack_int) tall, (lapack_int) k, w->a,
                                  (lapack_int) tall, s, u, (lapack_int) tall, vt, (lapack_int) k,
                                  w->work, w->lwork, w->iwork);
    }
  if (info > 0)
    {
      load (w, m);
      info = LAPACKE_dgesvd_work (LAPACK_COL_MAJOR, 'S', 'S', (lapack_int) tall, (lapack_int) k,
                                  w->a, (lapack_int) tall, s, u, (lapack_int) tall, vt,
                                  (lapack_int) k, w->work, w->lwork);
    }
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "singular value thresholding: the SVD of a %zu×%zu matrix failed (LAPACK info "
                   "%d)", rows, cols, (int) info);
      return -1;
    }
  gssize kept = 0;
  while ((gsize) kept < k && s[kept] > tau)
    kept++;
  if (kept == 0)
    {
      memset (m, 0, rows * cols * sizeof (double));
      return 0;
    }
  /* U_a(:, 1:kept) diag(σ − τ), then m = U_a D V_aᵀ, or its transpose V_a D U_aᵀ */
  for (gssize i = 0; i < kept; i++)
    cblas_dscal ((int) tall, s[i] - tau, u + i * tall, 1);
  if (w->transposed)
    cblas_dgemm (CblasColMajor, CblasTrans, CblasTrans, (int) rows, (int) cols, (int) kept, 1.0,
                 vt, (int) k, u, (int) tall, 0.0, m, (int) rows);
  else
    cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) rows, (int) cols, (int) kept,
                 1.0, u, (int) rows, vt, (int) k, 0.0, m, (int) rows);
  return kept;
}

gssize
lesc_svt (double *m, gsize rows, gsize cols, double tau, GError **error)
{
  g_autoptr (LescSvtWork) w = lesc_svt_work_new (rows, cols, error);
  return w != NULL ? lesc_svt_with (w, m, tau, error) : -1;
}
