/* The small dense kernels of the tensor step against LAPACK/BLAS on random problems of
 * every size 1..20 and the largest supported size (vector loops, their tails, d < 4), a
 * hand-computed 2×2 case, and a matrix that is not positive definite. */
#include "core/base/random.h"
#include "core/numeric/smalldense.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>

static double
max_diff (const double *a, const double *b, gsize count)
{
  double m = 0.0;
  for (gsize i = 0; i < count; i++)
    m = MAX (m, fabs (a[i] - b[i]));
  return m;
}

static void
check_size (gsize d, gsize n, gsize cols, LescRandom *r)
{
  g_autofree double *x = g_new (double, d * n), *g = g_new (double, d * d), *g_ref = g_new0 (double, d * d);
  for (gsize i = 0; i < d * n; i++)
    x[i] = lesc_random_double (r) - 0.5;
  lesc_small_gram (x, d, n, g);
  cblas_dsyrk (CblasColMajor, CblasLower, CblasNoTrans, (int) d, (int) n, 1.0, x, (int) d, 0.0, g_ref, (int) d);
  for (gsize k = 0; k < d; k++)
    for (gsize i = k; i < d; i++)
      {
        g_assert_cmpfloat (fabs (g[i + k * d] - g_ref[i + k * d]), <, 1e-12 * n);
        g_assert_cmpfloat (g[k + i * d], ==, g[i + k * d]);   /* both triangles */
      }

  /* a = g + I is positive definite; the factor and solve against dpotrf/dpotrs */
  g_autofree double *a = g_memdup2 (g, d * d * sizeof (double)), *a_ref = g_memdup2 (g, d * d * sizeof (double));
  for (gsize i = 0; i < d; i++)
    a[i + i * d] += 1.0, a_ref[i + i * d] += 1.0;
  g_assert_true (lesc_small_cholesky (a, d));
  g_assert_cmpint (LAPACKE_dpotrf (LAPACK_COL_MAJOR, 'L', (lapack_int) d, a_ref, (lapack_int) d), ==, 0);
  for (gsize k = 0; k < d; k++)
    for (gsize i = k; i < d; i++)
      g_assert_cmpfloat (fabs (a[i + k * d] - a_ref[i + k * d]), <, 1e-11 * n);
  g_autofree double *b = g_new (double, d * cols), *b_ref = g_new (double, d * cols);
  for (gsize i = 0; i < d * cols; i++)
    b[i] = b_ref[i] = lesc_random_double (r) - 0.5;
  lesc_small_cholesky_solve (a, d, b, cols);
  LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) d, (lapack_int) cols, a_ref, (lapack_int) d,
                  b_ref, (lapack_int) d);
  g_assert_cmpfloat (max_diff (b, b_ref, d * cols), <, 1e-10);

  /* c += α g b against dgemm */
  g_autofree double *c = g_new (double, d * cols), *c_ref = g_new (double, d * cols);
  for (gsize i = 0; i < d * cols; i++)
    c[i] = c_ref[i] = lesc_random_double (r);
  lesc_small_multiply_add (-0.75, g, d, b, cols, c);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) d, (int) cols, (int) d, -0.75, g,
               (int) d, b, (int) d, 1.0, c_ref, (int) d);
  g_assert_cmpfloat (max_diff (c, c_ref, d * cols), <, 1e-11 * n);
}

static void
test_random (void)
{
  LescRandom r;
  lesc_random_init (&r, 42);
  for (gsize d = 1; d <= 20; d++)
    check_size (d, 3 * d + 7, 5, &r);
  check_size (LESC_SMALL_DENSE_MAX, 200, 9, &r);
}

/* [4 2; 2 5] = L Lᵀ with L = [2 0; 1 2]; solving for b = (8, 9)ᵀ gives (22, 20)ᵀ/16. */
static void
test_by_hand (void)
{
  double a[4] = { 4, 2, 2, 5 };
  g_assert_true (lesc_small_cholesky (a, 2));
  g_assert_cmpfloat (a[0], ==, 2.0);
  g_assert_cmpfloat (a[1], ==, 1.0);
  g_assert_cmpfloat (a[3], ==, 2.0);
  g_assert_cmpfloat (a[2], ==, 2.0);   /* the strict upper triangle is left alone */
  double b[2] = { 8, 9 };
  lesc_small_cholesky_solve (a, 2, b, 1);
  g_assert_cmpfloat (fabs (b[0] - 1.375), <, 1e-15);
  g_assert_cmpfloat (fabs (b[1] - 1.25), <, 1e-15);
}

static void
test_not_positive_definite (void)
{
  double a[4] = { 1, 2, 2, 1 };         /* eigenvalues 3 and −1 */
  g_assert_false (lesc_small_cholesky (a, 2));
  double z[1] = { 0.0 }, nan_[1] = { NAN };
  g_assert_false (lesc_small_cholesky (z, 1));
  g_assert_false (lesc_small_cholesky (nan_, 1));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/smalldense/random", test_random);
  g_test_add_func ("/smalldense/by-hand", test_by_hand);
  g_test_add_func ("/smalldense/not-positive-definite", test_not_positive_definite);
  return g_test_run ();
}
