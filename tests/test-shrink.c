/* The proximal steps: singular value thresholding of tall, wide (decomposed as the
 * transpose) and square matrices against U max(Σ − τ, 0) Vᵀ from LAPACK's dgesvd, one
 * workspace reused over calls, the all-below-τ shortcut, the QR-iteration fallback; the
 * column shrink by hand. */
#include "core/numeric/shrink.h"
#include "testrandom.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

/* U max(Σ − τ, 0) Vᵀ by dgesvd and loops; the count of σ > τ into *kept */
static double *
svt_by_dgesvd (const double *m, gsize rows, gsize cols, double tau, gssize *kept)
{
  gsize k = MIN (rows, cols);
  g_autofree double *a = g_memdup2 (m, rows * cols * sizeof (double));
  g_autofree double *s = g_new (double, k), *u = g_new (double, rows * k);
  g_autofree double *vt = g_new (double, k * cols), *superb = g_new (double, k);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'S', 'S', (lapack_int) rows,
                                   (lapack_int) cols, a, (lapack_int) rows, s, u,
                                   (lapack_int) rows, vt, (lapack_int) k, superb), ==, 0);
  double *out = g_new0 (double, rows * cols);
  *kept = 0;
  for (gsize l = 0; l < k; l++)
    {
      if (s[l] <= tau)
        continue;
      (*kept)++;
      for (gsize j = 0; j < cols; j++)
        for (gsize i = 0; i < rows; i++)
          out[i + j * rows] += u[i + l * rows] * (s[l] - tau) * vt[l + j * k];
    }
  return out;
}

static void
check_shape (gsize rows, gsize cols)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LescSvtWork) w = lesc_svt_work_new (rows, cols, &error);
  g_assert_no_error (error);
  /* τ between singular values, above all of them, and 0 (the matrix itself) */
  const double taus[] = { 1.0, 0.3, 100.0, 0.0 };
  for (guint t = 0; t < G_N_ELEMENTS (taus); t++)
    {
      g_autofree double *m = lesc_test_uniform (rows * cols, (guint32) (rows * 100 + cols + t));
      g_autofree double *orig = g_memdup2 (m, rows * cols * sizeof (double));
      gssize want_kept;
      g_autofree double *want = svt_by_dgesvd (m, rows, cols, taus[t], &want_kept);
      gssize kept = lesc_svt_with (w, m, taus[t], &error);
      g_assert_no_error (error);
      g_assert_cmpint (kept, ==, want_kept);
      for (gsize e = 0; e < rows * cols; e++)
        {
          g_assert_cmpfloat (fabs (m[e] - want[e]), <=, 1e-12);
          if (taus[t] == 0.0)
            g_assert_cmpfloat (fabs (m[e] - orig[e]), <=, 1e-12);
        }
      if (taus[t] == 100.0)
        g_assert_cmpint (kept, ==, 0);
    }
  /* dgesvd, the fallback when dgesdd does not converge, gives the same */
  g_autoptr (LescSvtWork) wq = lesc_svt_work_new (rows, cols, &error);
  lesc_svt_work_use_qr_iteration (wq);
  g_autofree double *mq = lesc_test_uniform (rows * cols, 7);
  g_autofree double *md = g_memdup2 (mq, rows * cols * sizeof (double));
  g_assert_cmpint (lesc_svt_with (wq, mq, 0.4, &error), ==, lesc_svt_with (w, md, 0.4, &error));
  g_assert_no_error (error);
  for (gsize e = 0; e < rows * cols; e++)
    g_assert_cmpfloat (fabs (mq[e] - md[e]), <=, 1e-12);
  /* the one-call form gives the same */
  g_autofree double *m1 = lesc_test_uniform (rows * cols, 5);
  g_autofree double *m2 = g_memdup2 (m1, rows * cols * sizeof (double));
  g_assert_cmpint (lesc_svt (m1, rows, cols, 0.5, &error), ==, lesc_svt_with (w, m2, 0.5, &error));
  g_assert_cmpmem (m1, rows * cols * sizeof (double), m2, rows * cols * sizeof (double));
}

static void
test_svt (void)
{
  check_shape (40, 7);    /* tall */
  check_shape (7, 40);    /* wide: the transpose is decomposed */
  check_shape (24, 300);  /* LRR's shape, smaller */
  check_shape (12, 12);   /* square */
  check_shape (1, 9);
}

/* rows×cols with singular values σ (k of them) and random orthonormal singular vectors
 * (QR of random matrices) */
static double *
with_singular_values (gsize rows, gsize cols, const double *sigma, guint32 seed)
{
  gsize k = MIN (rows, cols);
  g_autofree double *u = lesc_test_uniform (rows * k, seed);
  g_autofree double *v = lesc_test_uniform (cols * k, seed + 1);
  g_autofree double *tau = g_new (double, k);
  g_assert_cmpint (LAPACKE_dgeqrf (LAPACK_COL_MAJOR, (int) rows, (int) k, u, (int) rows, tau), ==, 0);
  g_assert_cmpint (LAPACKE_dorgqr (LAPACK_COL_MAJOR, (int) rows, (int) k, (int) k, u, (int) rows, tau), ==, 0);
  g_assert_cmpint (LAPACKE_dgeqrf (LAPACK_COL_MAJOR, (int) cols, (int) k, v, (int) cols, tau), ==, 0);
  g_assert_cmpint (LAPACKE_dorgqr (LAPACK_COL_MAJOR, (int) cols, (int) k, (int) k, v, (int) cols, tau), ==, 0);
  double *m = g_new0 (double, rows * cols);
  for (gsize l = 0; l < k; l++)
    for (gsize j = 0; j < cols; j++)
      for (gsize i = 0; i < rows; i++)
        m[i + j * rows] += u[i + l * rows] * sigma[l] * v[j + l * cols];
  return m;
}

/* The Gram route against dgesvd where its error estimate is within the budget (well
 * separated σ), and the guard handing over to the direct SVD where it is not (a kept σ of
 * 1e-7 next to σ_max = 1: estimate 2e-9 against a budget of 1e-10). */
static void
test_svt_gram (void)
{
  const gsize shapes[][2] = { { 40, 7 }, { 7, 40 }, { 24, 300 }, { 12, 12 } };
  for (guint t = 0; t < G_N_ELEMENTS (shapes); t++)
    {
      gsize rows = shapes[t][0], cols = shapes[t][1], k = MIN (rows, cols);
      g_autoptr (GError) error = NULL;
      g_autoptr (LescSvtWork) w = lesc_svt_work_new (rows, cols, &error);
      lesc_svt_work_use_gram (w, 1e-10);
      g_autofree double *sigma = g_new (double, k);
      for (gsize l = 0; l < k; l++)
        sigma[l] = 1.0 + 0.1 * (double) (k - l);
      g_autofree double *m = with_singular_values (rows, cols, sigma, 40 + t);
      gssize want_kept;
      g_autofree double *want = svt_by_dgesvd (m, rows, cols, 1.0 + 0.1 * (double) (k / 2) + 0.05,
                                               &want_kept);
      g_assert_cmpint (lesc_svt_with (w, m, 1.0 + 0.1 * (double) (k / 2) + 0.05, &error), ==,
                       want_kept);
      g_assert_no_error (error);
      for (gsize e = 0; e < rows * cols; e++)
        g_assert_cmpfloat (fabs (m[e] - want[e]), <=, 1e-13);
      LescSvtCounts c = lesc_svt_work_counts (w);
      g_assert_cmpuint (c.gram, ==, 1);
      g_assert_cmpuint (c.direct, ==, 0);

      /* a kept σ of 1e-7: the direct SVD, the same result as without the Gram route */
      sigma[k - 1] = 1e-7;
      g_autofree double *m2 = with_singular_values (rows, cols, sigma, 50 + t);
      g_autofree double *m3 = g_memdup2 (m2, rows * cols * sizeof (double));
      g_autoptr (LescSvtWork) plain = lesc_svt_work_new (rows, cols, &error);
      g_assert_cmpint (lesc_svt_with (w, m2, 1e-8, &error), ==, (gssize) k);
      g_assert_cmpint (lesc_svt_with (plain, m3, 1e-8, &error), ==, (gssize) k);
      g_assert_cmpmem (m2, rows * cols * sizeof (double), m3, rows * cols * sizeof (double));
      c = lesc_svt_work_counts (w);
      g_assert_cmpuint (c.gram, ==, 1);
      g_assert_cmpuint (c.direct, ==, 1);
      /* everything below τ by the norm bound: no decomposition */
      g_assert_cmpint (lesc_svt_with (w, m2, 1e3, &error), ==, 0);
      g_assert_cmpuint (lesc_svt_work_counts (w).skipped, ==, 1);
    }
}

static void
test_shrink_columns (void)
{
  /* columns of norm 5, 0.5 and 0: shrunk by τ = 1 to norm 4, to zero, untouched */
  double m[] = { 3.0, 4.0, 0.3, 0.4, 0.0, 0.0 };
  lesc_shrink_columns (m, 2, 3, 1.0);
  const double want[] = { 2.4, 3.2, 0.0, 0.0, 0.0, 0.0 };
  for (int i = 0; i < 6; i++)
    g_assert_cmpfloat (fabs (m[i] - want[i]), <=, 1e-15);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/shrink/svt", test_svt);
  g_test_add_func ("/shrink/svt-gram", test_svt_gram);
  g_test_add_func ("/shrink/columns", test_shrink_columns);
  return g_test_run ();
}
