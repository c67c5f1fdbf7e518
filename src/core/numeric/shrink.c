#include "core/numeric/shrink.h"
#include "core/base/error.h"

#include <cblas.h>
#include <lapacke.h>
#include <float.h>
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
  double gram_max_error;     /* > 0: try the Gram route first, with this error budget */
  double *rowsum, *s, *u, *vt, *work, *a;
  lapack_int lwork, *iwork;
  double *ev_work;           /* dsyevd's workspace (the Gram route) */
  lapack_int ev_lwork, *ev_iwork, ev_liwork;
  LescSvtCounts counts;
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
lesc_svt_work_use_gram (LescSvtWork *w, double max_error)
{
  w->gram_max_error = max_error;
}

LescSvtCounts
lesc_svt_work_counts (const LescSvtWork *w)
{
  return w->counts;
}

void
lesc_svt_work_free (LescSvtWork *w)
{
  if (w == NULL)
    return;
  g_free (w->ev_work);
  g_free (w->ev_iwork);
  g_free (w->rowsum);
  g_free (w->s);
  g_free (w->u);
  g_free (w->vt);
  g_free (w->work);
  g_free (w->iwork);
  g_free (w->a);
  g_free (w);
}

/* dsyevd's workspace, allocated at the first Gram-route call */
static gboolean
gram_workspace (LescSvtWork *w)
{
  if (w->ev_work != NULL)
    return TRUE;
  double query = 0.0;
  lapack_int iquery = 0;
  if (LAPACKE_dsyevd_work (LAPACK_COL_MAJOR, 'V', 'L', (lapack_int) w->k, NULL, (lapack_int) w->k,
                           NULL, &query, -1, &iquery, -1) != 0)
    return FALSE;
  w->ev_lwork = (lapack_int) query;
  w->ev_liwork = iquery;
  w->ev_work = g_try_new (double, (gsize) MAX (w->ev_lwork, 1));
  w->ev_iwork = g_try_new (lapack_int, (gsize) MAX (w->ev_liwork, 1));
  return w->ev_work != NULL && w->ev_iwork != NULL;
}

/* The Gram route (shrink.h). Returns the number kept, or −1 when the guard (or LAPACK)
 * declines; m is untouched then. Columns of U are the eigenvectors of G = mmᵀ (wide) or
 * mᵀm (tall); dsyevd returns them by ascending eigenvalue, so the kept ones are last. */
static gssize
svt_gram (LescSvtWork *w, double *m, double tau)
{
  gsize rows = w->rows, cols = w->cols, k = w->k;
  gboolean wide = rows <= cols;
  gsize len = wide ? cols : rows;        /* the other dimension */
  int ki = (int) k, ri = (int) rows, ci = (int) cols;
  double *g = w->vt, *lambda = w->s;
  if (!gram_workspace (w))
    return -1;
  cblas_dsyrk (CblasColMajor, CblasLower, wide ? CblasNoTrans : CblasTrans, ki, (int) len, 1.0,
               m, ri, 0.0, g, ki);
  if (LAPACKE_dsyevd_work (LAPACK_COL_MAJOR, 'V', 'L', (lapack_int) k, g, (lapack_int) k, lambda,
                           w->ev_work, w->ev_lwork, w->ev_iwork, w->ev_liwork) != 0)
    return -1;
  double lmax = MAX (lambda[k - 1], 0.0), tau2 = tau * tau;
  gsize kept = 0;
  while (kept < k && lambda[k - 1 - kept] > tau2)
    kept++;
  /* the guard: a σ from G carries an absolute error of ≈ ε·σ_max²/σ, which moves the
   * result by about that much at the smallest kept σ; an eigenvalue within rounding of τ²
   * may fall on the wrong side, an error of ≈ ε·σ_max²/τ */
  double low = kept > 0 ? sqrt (lambda[k - kept]) : INFINITY;
  double band = 64.0 * (double) k * DBL_EPSILON * lmax;
  for (gsize i = 0; i < k; i++)
    if (fabs (lambda[i] - tau2) <= band)
      low = MIN (low, tau);
  if (DBL_EPSILON * lmax > w->gram_max_error * low)
    return -1;
  if (kept == 0)
    {
      memset (m, 0, rows * cols * sizeof (double));
      return 0;
    }
  const double *uk = g + (k - kept) * k;   /* the kept eigenvectors, k×kept */
  double *t = w->u;                        /* kept×cols (wide) or rows×kept (tall) */
  int kk = (int) kept;
  if (wide)
    {
      /* T = U_kᵀ m, row i scaled by 1 − τ/σᵢ; m = U_k T */
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, kk, ci, ri, 1.0, uk, ki, m, ri, 0.0,
                   t, kk);
      double *f = w->rowsum;   /* rows = k ≥ kept entries */
      for (gsize i = 0; i < kept; i++)
        f[i] = 1.0 - tau / sqrt (lambda[k - kept + i]);
      for (gsize j = 0; j < cols; j++)
        for (gsize i = 0; i < kept; i++)
          t[i + j * kept] *= f[i];
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, ri, ci, kk, 1.0, uk, ki, t, kk, 0.0,
                   m, ri);
    }
  else
    {
      /* T = m U_k, column i scaled; m = T U_kᵀ */
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, ri, kk, ci, 1.0, m, ri, uk, ki, 0.0,
                   t, ri);
      for (gsize i = 0; i < kept; i++)
        cblas_dscal (ri, 1.0 - tau / sqrt (lambda[k - kept + i]), t + i * rows, 1);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, ri, ci, kk, 1.0, t, ri, uk, ki, 0.0,
                   m, ri);
    }
  return (gssize) kept;
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
      w->counts.skipped++;
      return 0;
    }
  if (w->gram_max_error > 0.0 && !w->qr_iteration)
    {
      gssize kept = svt_gram (w, m, tau);
      if (kept >= 0)
        {
          w->counts.gram++;
          return kept;
        }
    }
  w->counts.direct++;
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
