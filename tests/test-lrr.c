/* LRR (docs/methods.md §6): the row-space solve against an independent full n×n solve,
 * the residual tolerance, SJAFFE's rank and convergence, error paths. */
#include "core/data/dataset.h"
#include "core/base/error.h"
#include "core/solvers/lrr.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/data/matfile.h"
#include "testutil.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

/* ---- the independent reference: lrra on the full problem, B = A (q×n), Z n×n ---- */

static void
ref_matmul (const double *a, gboolean ta, const double *b, gboolean tb, double *c,
            int m, int n, int k, int lda, int ldb)
{
  /* c (m×n) = op(a) op(b), plain loops */
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0.0;
        for (int p = 0; p < k; p++)
          s += (ta ? a[p + i * lda] : a[i + p * lda]) * (tb ? b[j + p * ldb] : b[p + j * ldb]);
        c[i + j * m] = s;
      }
}

/* m (rows×cols) ← U max(Σ − τ, 0) Vᵀ by dgesvd */
static void
ref_svt (double *m, int rows, int cols, double tau)
{
  int k = MIN (rows, cols);
  g_autofree double *s = g_new (double, k);
  g_autofree double *u = g_new (double, rows * k);
  g_autofree double *vt = g_new (double, k * cols);
  g_autofree double *superb = g_new (double, k);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'S', 'S', rows, cols, m, rows, s, u, rows,
                                   vt, k, superb), ==, 0);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      {
        double v = 0.0;
        for (int p = 0; p < k; p++)
          if (s[p] > tau)
            v += u[i + p * rows] * (s[p] - tau) * vt[p + j * k];
        m[i + j * rows] = v;
      }
}

/* Full-problem inexact ALM (lrra with X = A, dictionary A), constants of §6. */
static void
ref_lrr_full (const LescMatrix *x, double lambda, double *z, double *e)
{
  int n = (int) x->rows, q = (int) x->cols;
  g_autofree double *a = g_new (double, q * n);      /* A = xᵀ */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < q; j++)
      a[j + i * q] = LESC_AT (x, i, j);
  g_autofree double *inv = g_new0 (double, n * n);   /* (AᵀA + I)⁻¹ by dgesv */
  g_autofree double *ata = g_new (double, n * n);
  ref_matmul (a, TRUE, a, FALSE, ata, n, n, q, q, q);
  for (int i = 0; i < n; i++)
    {
      ata[i + i * n] += 1.0;
      inv[i + i * n] = 1.0;
    }
  g_autofree lapack_int *piv = g_new (lapack_int, n);
  g_assert_cmpint (LAPACKE_dgesv (LAPACK_COL_MAJOR, n, n, ata, n, piv, inv, n), ==, 0);
  g_autofree double *atx = g_new (double, n * n);
  ref_matmul (a, TRUE, a, FALSE, atx, n, n, q, q, q);
  g_autofree double *j = g_new0 (double, n * n);
  g_autofree double *y1 = g_new0 (double, q * n);
  g_autofree double *y2 = g_new0 (double, n * n);
  g_autofree double *rhs = g_new (double, n * n);
  g_autofree double *tmp = g_new (double, MAX (n, q) * n);
  g_autofree double *xmaz = g_new (double, q * n);
  memset (z, 0, sizeof (double) * n * n);
  memset (e, 0, sizeof (double) * q * n);
  double mu = 1e-6;
  for (int it = 0; it < 1000000; it++)
    {
      for (int i = 0; i < n * n; i++)
        j[i] = z[i] + y2[i] / mu;
      ref_svt (j, n, n, 1.0 / mu);
      /* Z = inv (AᵀX − AᵀE + J + (AᵀY₁ − Y₂)/μ) */
      g_autofree double *ate = g_new (double, n * n);
      g_autofree double *aty = g_new (double, n * n);
      ref_matmul (a, TRUE, e, FALSE, ate, n, n, q, q, q);
      ref_matmul (a, TRUE, y1, FALSE, aty, n, n, q, q, q);
      for (int i = 0; i < n * n; i++)
        rhs[i] = atx[i] - ate[i] + j[i] + (aty[i] - y2[i]) / mu;
      ref_matmul (inv, FALSE, rhs, FALSE, z, n, n, n, n, n);
      ref_matmul (a, FALSE, z, FALSE, tmp, q, n, n, q, n);
      for (int i = 0; i < q * n; i++)
        xmaz[i] = a[i] - tmp[i];
      for (int c = 0; c < n; c++)
        {
          double s = 0.0;
          for (int r = 0; r < q; r++)
            s += pow (xmaz[r + c * q] + y1[r + c * q] / mu, 2);
          double nrm = sqrt (s), g = nrm > lambda / mu ? (nrm - lambda / mu) / nrm : 0.0;
          for (int r = 0; r < q; r++)
            e[r + c * q] = (xmaz[r + c * q] + y1[r + c * q] / mu) * g;
        }
      double stop = 0.0;
      for (int i = 0; i < q * n; i++)
        stop = MAX (stop, fabs (xmaz[i] - e[i]));
      for (int i = 0; i < n * n; i++)
        stop = MAX (stop, fabs (z[i] - j[i]));
      if (stop < 1e-8)
        return;
      for (int i = 0; i < q * n; i++)
        y1[i] += mu * (xmaz[i] - e[i]);
      for (int i = 0; i < n * n; i++)
        y2[i] += mu * (z[i] - j[i]);
      mu = MIN (1e10, 1.1 * mu);
    }
  g_assert_not_reached ();
}

/* ---- helpers ---- */

static LescMatrix *
random_features (gsize n, gsize q, guint32 seed)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  g_autoptr (LescMatrix) raw = lesc_matrix_new (n, q);
  for (gsize i = 0; i < n * q; i++)
    raw->data[i] = lesc_random_double (&r) - 0.5;
  return lesc_zscore (raw);
}

/* max |xᵀ − xᵀZ − E| from the outputs */
static double
constraint_residual (const LescMatrix *x, const LescMatrix *z, const LescMatrix *e)
{
  gsize n = x->rows, q = x->cols;
  double m = 0.0;
  for (gsize k = 0; k < q; k++)
    for (gsize j = 0; j < n; j++)
      {
        double v = LESC_AT (x, j, k) - LESC_AT (e, k, j);
        for (gsize i = 0; i < n; i++)
          v -= LESC_AT (x, i, k) * LESC_AT (z, i, j);
        m = MAX (m, fabs (v));
      }
  return m;
}

static void
check_against_full (gsize n, gsize q, double lambda, gsize expected_rank)
{
  g_autoptr (LescMatrix) x = random_features (n, q, 7 + (guint32) n);
  g_autoptr (GError) error = NULL;
  LescLrrReport rep;
  g_autoptr (LescMatrix) e = NULL;
  g_autoptr (LescMatrix) z = lesc_lrr (x, lambda, NULL, &rep, &e, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (z->rows, ==, n);
  g_assert_cmpuint (z->cols, ==, n);
  g_assert_cmpuint (e->rows, ==, q);
  g_assert_cmpuint (e->cols, ==, n);
  g_assert_cmpuint (rep.rank, ==, expected_rank);
  g_assert_cmpfloat (rep.residual, <, 1e-8);
  g_assert_cmpfloat (constraint_residual (x, z, e), <, 1e-8);

  g_autoptr (LescMatrix) zf = lesc_matrix_new (n, n);
  g_autoptr (LescMatrix) ef = lesc_matrix_new (q, n);
  ref_lrr_full (x, lambda, zf->data, ef->data);
  double dz = lesc_matrix_max_abs_diff (z, zf), de = lesc_matrix_max_abs_diff (e, ef);
  g_test_message ("n = %zu, q = %zu: %u iterations; row-space vs full: Z %.2e, E %.2e", n, q,
                  rep.iterations, dz, de);
  g_assert_cmpfloat (dz, <, 1e-6);
  g_assert_cmpfloat (de, <, 1e-6);
  /* a non-trivial solution: neither Z nor E vanishes */
  double zmax = 0.0, emax = 0.0;
  for (gsize i = 0; i < n * n; i++)
    zmax = MAX (zmax, fabs (z->data[i]));
  for (gsize i = 0; i < q * n; i++)
    emax = MAX (emax, fabs (e->data[i]));
  g_assert_cmpfloat (zmax, >, 0.05);
  g_assert_cmpfloat (emax, >, 0.05);
}

static void
test_full_tall (void)
{
  check_against_full (40, 8, 0.1, 8);   /* n > q: r = q */
}

static void
test_full_wide (void)
{
  check_against_full (12, 30, 0.2, 11); /* n < q: centred data, r = n − 1 */
}

static void
test_zero_features (void)
{
  g_autoptr (LescMatrix) x = lesc_matrix_new (5, 3);
  g_autoptr (GError) error = NULL;
  LescLrrReport rep;
  g_autoptr (LescMatrix) e = NULL;
  g_autoptr (LescMatrix) z = lesc_lrr (x, 0.1, NULL, &rep, &e, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rep.rank, ==, 0);
  for (gsize i = 0; i < 25; i++)
    g_assert_cmpfloat (z->data[i], ==, 0.0);
  for (gsize i = 0; i < 15; i++)
    g_assert_cmpfloat (e->data[i], ==, 0.0);
}

static void
test_errors (void)
{
  g_autoptr (LescMatrix) x = random_features (6, 3, 1);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_lrr (x, 0.0, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_null (lesc_lrr (x, NAN, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  LESC_AT (x, 2, 1) = INFINITY;
  g_assert_null (lesc_lrr (x, 0.1, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_nonnull (strstr (error->message, "row 3, column 2"));
}

static void
test_cancel (void)
{
  g_autoptr (LescMatrix) x = random_features (30, 6, 3);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  LescProgress p;
  lesc_progress_init (&p, NULL, NULL, cancel);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_lrr (x, 0.1, &p, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_memory_estimate (void)
{
  /* at least Z (n×n) and the q×n ALM state */
  g_assert_cmpfloat (lesc_lrr_memory_estimate (2465, 24), >, 8.0 * (2465.0 * 2465 + 5 * 24 * 2465));
  g_assert_cmpfloat (lesc_lrr_memory_estimate (2465, 24), <, 8.0 * 2.0 * 2465.0 * 2465);
}

/* SJAFFE, z-scored, λ₂ = 0.1: r = 211 (the official-code-runs.csv LESC row) and convergence. */
static void
test_sjaffe (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  LescLrrReport rep;
  g_autoptr (LescMatrix) e = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescMatrix) z = lesc_lrr (x, 0.1, NULL, &rep, &e, &error);
  double seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_assert_no_error (error);
  g_test_message ("SJAFFE LRR: rank %zu, %u iterations, residual %.2e, %.2f s", rep.rank,
                  rep.iterations, rep.residual, seconds);
  g_assert_cmpuint (rep.rank, ==, 211);
  g_assert_cmpfloat (rep.residual, <, 1e-8);
  g_assert_cmpuint (rep.iterations, <, 1000);
  g_assert_cmpfloat (constraint_residual (x, z, e), <, 1e-8);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lrr/full-problem/tall", test_full_tall);
  g_test_add_func ("/lrr/full-problem/wide", test_full_wide);
  g_test_add_func ("/lrr/zero-features", test_zero_features);
  g_test_add_func ("/lrr/errors", test_errors);
  g_test_add_func ("/lrr/cancel", test_cancel);
  g_test_add_func ("/lrr/memory-estimate", test_memory_estimate);
  g_test_add_func ("/lrr/sjaffe", test_sjaffe);
  return g_test_run ();
}
