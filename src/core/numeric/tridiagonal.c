/* Householder tridiagonalization in panels (LAPACK's dsytrd, lower case, step by step)
 * so that a long reduction can be cancelled and report progress between panels. */
#include "core/numeric/tridiagonal.h"
#include "core/base/blasthreads.h"

#include <cblas.h>
#include <lapacke.h>

/* LAPACK's own panel and unblocked steps (no LAPACKE wrappers exist for them); OpenBLAS
 * ships them. The trailing argument is the hidden length of the character argument. */
extern void dlatrd_ (const char *uplo, const int *n, const int *nb, double *a, const int *lda,
                     double *e, double *tau, double *w, const int *ldw, size_t uplo_len);
extern void dsytd2_ (const char *uplo, const int *n, double *a, const int *lda, double *d,
                     double *e, double *tau, int *info, size_t uplo_len);

/* dsytrd's block size and crossover (ILAENV's values for DSYTRD) */
#define PANEL 32

struct _LescTridiagonal {
  LescMatrix *a;   /* the reflectors below the subdiagonal */
  double *d, *e, *tau;
};

LescTridiagonal *
lesc_tridiagonal_new (LescMatrix *a, LescProgress *progress, GError **error)
{
  g_return_val_if_fail (a->rows == a->cols && a->rows > 0, NULL);
  g_autoptr (LescTridiagonal) t = g_new0 (LescTridiagonal, 1);
  t->a = a;
  int n = (int) a->rows, lda = n, nb = PANEL;
  t->d = g_new0 (double, n);
  t->e = g_new0 (double, n);
  t->tau = g_new0 (double, n);
  g_autofree double *w = g_new (double, (gsize) n * PANEL);
  int i = 0;
  for (; n - i > PANEL; i += PANEL)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      double left = (double) (n - i) / n;
      lesc_progress_report (progress, 1.0 - left * left * left, "LE step: tridiagonal form");
      /* reduce columns i..i+nb−1; W holds the update, A ← A − VWᵀ − WVᵀ on the rest */
      int m = n - i, rest = m - PANEL;
      double *aii = a->data + i + (gsize) i * lda;
      int threads = lesc_blas_serial_begin ();
      dlatrd_ ("L", &m, &nb, aii, &lda, t->e + i, t->tau + i, w, &n, 1);
      lesc_blas_serial_end (threads);
      cblas_dsyr2k (CblasColMajor, CblasLower, CblasNoTrans, rest, PANEL, -1.0, aii + PANEL, lda,
                    w + PANEL, n, 1.0, aii + PANEL + (gsize) PANEL * lda, lda);
      for (int j = i; j < i + PANEL; j++)
        {
          a->data[j + 1 + (gsize) j * lda] = t->e[j];
          t->d[j] = a->data[j + (gsize) j * lda];
        }
    }
  int m = n - i, info = 0, threads = lesc_blas_serial_begin ();
  dsytd2_ ("L", &m, a->data + i + (gsize) i * lda, &lda, t->d + i, t->e + i, t->tau + i, &info,
           1);
  lesc_blas_serial_end (threads);
  g_assert (info == 0);   /* only reports invalid arguments */
  return g_steal_pointer (&t);
}

gsize
lesc_tridiagonal_size (const LescTridiagonal *t)
{
  return t->a->rows;
}

const double *
lesc_tridiagonal_diagonal (const LescTridiagonal *t)
{
  return t->d;
}

const double *
lesc_tridiagonal_subdiagonal (const LescTridiagonal *t)
{
  return t->e;
}

void
lesc_tridiagonal_product (const LescTridiagonal *t, double s, const double *x, gsize k,
                          double *y)
{
  gsize n = t->a->rows;
  const double *d = t->d, *e = t->e;
  for (gsize j = 0; j < k; j++)
    {
      const double *xj = x + j * n;
      double *yj = y + j * n;
      if (n == 1)
        {
          yj[0] = s * (d[0] * xj[0]);
          continue;
        }
      yj[0] = s * (d[0] * xj[0] + e[0] * xj[1]);
      for (gsize i = 1; i + 1 < n; i++)
        yj[i] = s * (e[i - 1] * xj[i - 1] + d[i] * xj[i] + e[i] * xj[i + 1]);
      yj[n - 1] = s * (e[n - 2] * xj[n - 2] + d[n - 1] * xj[n - 1]);
    }
}

static void
apply (const LescTridiagonal *t, char trans, double *x, gsize k)
{
  lapack_int n = (lapack_int) t->a->rows;
  if (n < 2 || k == 0)
    return;   /* U = I */
  int threads = lesc_blas_serial_begin ();
  lapack_int info = LAPACKE_dormtr (LAPACK_COL_MAJOR, 'L', 'L', trans, n, (lapack_int) k,
                                    t->a->data, n, t->tau, x, n);
  lesc_blas_serial_end (threads);
  if (info != 0)   /* only a failed workspace allocation (k×32 doubles) */
    g_error ("dormtr failed (info %d)", (int) info);
}

void
lesc_tridiagonal_to_basis (const LescTridiagonal *t, double *x, gsize k)
{
  apply (t, 'T', x, k);
}

void
lesc_tridiagonal_from_basis (const LescTridiagonal *t, double *x, gsize k)
{
  apply (t, 'N', x, k);
}

void
lesc_tridiagonal_free (LescTridiagonal *t)
{
  if (t == NULL)
    return;
  lesc_matrix_free (t->a);
  g_free (t->d);
  g_free (t->e);
  g_free (t->tau);
  g_free (t);
}
