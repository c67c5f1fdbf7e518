/* Products with a symmetric matrix from its lower triangle: against a product by loops
 * over the full matrix, for sizes that exercise the vector path, the scalar edges (n not a
 * multiple of four, short sweeps) and the parts; the upper triangle is never read; the
 * result is the same to the bit for 1, 2, 3 and 4 threads. */
#include "core/numeric/symmetric.h"
#include "testrandom.h"

#include <math.h>
#include <string.h>

static void
check_size (gsize n, gsize k)
{
  g_autoptr (LescMatrix) a = lesc_test_lower_only (n, (guint32) (n * 31 + k));
  g_autofree double *x = lesc_test_uniform (n * k, (guint32) (n + 7 * k));
  g_autofree double *work = g_new (double, MAX (lesc_symmetric_product_work (n, k), 1));
  g_autofree double *y1 = g_new (double, n * k);
  g_autofree double *y = g_new (double, n * k);
  lesc_symmetric_product (a, x, k, y1, work, 1);
  double worst = 0.0, scale = 0.0;
  for (gsize c = 0; c < k; c++)
    for (gsize i = 0; i < n; i++)
      {
        double s = 0.0;
        for (gsize j = 0; j < n; j++)
          s += LESC_AT (a, MAX (i, j), MIN (i, j)) * x[j + c * n];
        worst = fmax (worst, fabs (y1[i + c * n] - s));
        scale = fmax (scale, fabs (s));
      }
  g_assert_cmpfloat (worst, <=, 1e-14 * (double) n * fmax (scale, 1.0));
  for (guint t = 2; t <= 4; t++)
    {
      memset (y, 0, n * k * sizeof (double));
      lesc_symmetric_product (a, x, k, y, work, t);
      g_assert_cmpmem (y, n * k * sizeof (double), y1, n * k * sizeof (double));
    }
}

static void
test_small (void)
{
  for (gsize n = 1; n <= 13; n++)
    for (gsize k = 1; k <= 3; k++)
      check_size (n, k);
}

static void
test_sweeps (void)
{
  /* more rows than one sweep, with a scalar tail; enough work for the threads */
  check_size (1031, 3);
  check_size (1100, 1);
  check_size (600, 7);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/symmetric/small", test_small);
  g_test_add_func ("/symmetric/sweeps", test_sweeps);
  return g_test_run ();
}
