/* The tridiagonal form A = U T Uᵀ: the panel-by-panel reduction against LAPACK's dsytrd
 * in one call (sizes below, at and across the 32-column panels), A x = U T Uᵀ x with T
 * applied by the module's own product, the basis changes as orthogonal inverses of each
 * other, the upper triangle never read, and cancellation. */
#include "core/numeric/tridiagonal.h"
#include "testrandom.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

static void
check_size (gsize n)
{
  const gsize k = 3;
  g_autoptr (LescMatrix) a = lesc_test_lower_only (n, (guint32) (40 + n));
  g_autoptr (LescMatrix) lapack = lesc_matrix_copy (a);
  g_autoptr (LescTridiagonal) t = lesc_tridiagonal_new (lesc_matrix_copy (a), NULL, NULL);
  g_assert_nonnull (t);
  g_assert_cmpuint (lesc_tridiagonal_size (t), ==, n);

  /* the same steps as dsytrd in one call: the same T */
  g_autofree double *d = g_new (double, n), *e = g_new0 (double, n), *tau = g_new0 (double, n);
  for (gsize j = 0; j < n; j++)
    for (gsize i = 0; i < j; i++)
      LESC_AT (lapack, i, j) = 0.0;   /* LAPACK does not read it either; no NaN in its input */
  g_assert_cmpint (LAPACKE_dsytrd (LAPACK_COL_MAJOR, 'L', (lapack_int) n, lapack->data,
                                   (lapack_int) n, d, e, tau), ==, 0);
  const double *td = lesc_tridiagonal_diagonal (t), *te = lesc_tridiagonal_subdiagonal (t);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_cmpfloat (fabs (td[i] - d[i]), <=, 1e-13 * (double) n);
      if (i + 1 < n)
        g_assert_cmpfloat (fabs (te[i] - e[i]), <=, 1e-13 * (double) n);
    }

  /* A x = U T Uᵀ x, A by loops over its lower triangle */
  g_autofree double *x = lesc_test_uniform (n * k, (guint32) (7 * n));
  g_autofree double *y = g_memdup2 (x, n * k * sizeof (double));
  g_autofree double *ty = g_new (double, n * k);
  lesc_tridiagonal_to_basis (t, y, k);
  lesc_tridiagonal_product (t, 2.0, y, k, ty);
  lesc_tridiagonal_from_basis (t, ty, k);
  double worst = 0.0;
  for (gsize c = 0; c < k; c++)
    for (gsize i = 0; i < n; i++)
      {
        double s = 0.0;
        for (gsize j = 0; j < n; j++)
          s += LESC_AT (a, MAX (i, j), MIN (i, j)) * x[j + c * n];
        worst = fmax (worst, fabs (ty[i + c * n] - 2.0 * s));
      }
  g_assert_cmpfloat (worst, <=, 1e-13 * (double) n);

  /* the product against T written out densely */
  g_autofree double *z = lesc_test_uniform (n * k, (guint32) (9 * n));
  lesc_tridiagonal_product (t, -1.5, z, k, ty);
  for (gsize c = 0; c < k; c++)
    for (gsize i = 0; i < n; i++)
      {
        double s = td[i] * z[i + c * n];
        if (i > 0)
          s += te[i - 1] * z[i - 1 + c * n];
        if (i + 1 < n)
          s += te[i] * z[i + 1 + c * n];
        g_assert_cmpfloat (fabs (ty[i + c * n] + 1.5 * s), <=, 1e-15 * fmax (1.0, fabs (s)));
      }

  /* Uᵀ keeps lengths and U undoes it */
  memcpy (y, x, n * k * sizeof (double));
  lesc_tridiagonal_to_basis (t, y, k);
  for (gsize c = 0; c < k; c++)
    {
      double nx = 0.0, ny = 0.0;
      for (gsize i = 0; i < n; i++)
        nx += x[i + c * n] * x[i + c * n], ny += y[i + c * n] * y[i + c * n];
      g_assert_cmpfloat (fabs (sqrt (nx) - sqrt (ny)), <=, 1e-14 * sqrt (nx) * (double) n);
    }
  lesc_tridiagonal_from_basis (t, y, k);
  for (gsize i = 0; i < n * k; i++)
    g_assert_cmpfloat (fabs (y[i] - x[i]), <=, 1e-14 * (double) n);
}

static void
test_sizes (void)
{
  const gsize sizes[] = { 1, 2, 3, 31, 32, 33, 64, 65, 97, 150 };
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    check_size (sizes[s]);
}

static void
test_cancel (void)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_cancellable_cancel (c);
  LescProgress p;
  lesc_progress_init (&p, NULL, NULL, c);
  g_autoptr (GError) error = NULL;
  LescTridiagonal *t = lesc_tridiagonal_new (lesc_test_lower_only (100, 3), &p, &error);
  g_assert_null (t);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tridiagonal/sizes", test_sizes);
  g_test_add_func ("/tridiagonal/cancel", test_cancel);
  return g_test_run ();
}
