/* Products with a symmetric matrix from its lower triangle: against a product by loops
 * over the full matrix, for sizes that exercise the vector path, the scalar edges (n not a
 * multiple of four, short sweeps) and the parts; the upper triangle is never read; the
 * result is the same to the bit for 1, 2, 3 and 4 threads; the pencil product for several
 * λ equals the product with each formed G + λF to the bit. */
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

/* The pencil product for b values of λ: each group the same to the bit as the product
 * with the form made by lesc_symmetric_pencil_entries, for 1 to 4 threads. */
static void
check_pencil (gsize n, gsize c, guint b)
{
  g_autoptr (LescMatrix) g = lesc_test_lower_only (n, (guint32) (n * 13 + c));
  g_autoptr (LescMatrix) f = lesc_test_lower_only (n, (guint32) (n * 17 + b));
  g_autofree double *x = lesc_test_uniform (n * c * b, (guint32) (n + 11 * c + b));
  g_autofree double *lambdas = lesc_test_uniform (b, (guint32) (3 * n + b));
  for (guint l = 0; l < b; l++)
    lambdas[l] = 1e-3 * pow (1e3, 2.0 * lambdas[l]);   /* 1e-3 … 1e3 */
  g_autofree double *work = g_new (double, MAX (lesc_symmetric_product_work (n, c * b), 1));
  g_autofree double *y = g_new (double, n * c * b);
  g_autofree double *one = g_new (double, n * c);
  g_autoptr (LescMatrix) q = lesc_matrix_new (n, n);
  for (guint t = 1; t <= 4; t++)
    {
      lesc_symmetric_pencil_product (g, f, lambdas, b, x, c, y, work, t);
      for (guint l = 0; l < b; l++)
        {
          for (gsize j = 0; j < n; j++)
            lesc_symmetric_pencil_entries (g->data + j * n + j, f->data + j * n + j, lambdas[l],
                                           q->data + j * n + j, n - j);
          /* the stored form really is G + λF (to rounding) */
          g_assert_cmpfloat_with_epsilon (LESC_AT (q, n - 1, 0),
                                          LESC_AT (g, n - 1, 0) + lambdas[l] * LESC_AT (f, n - 1, 0),
                                          1e-12 * (1.0 + lambdas[l]));
          lesc_symmetric_product (q, x + l * n * c, c, one, work, t);
          g_assert_cmpmem (y + l * n * c, n * c * sizeof (double), one, n * c * sizeof (double));
        }
    }
}

static void
test_pencil (void)
{
  check_pencil (13, 3, 8);     /* a narrow last block */
  check_pencil (1031, 3, 8);   /* sweeps, a scalar tail, threads */
  check_pencil (600, 2, 3);
  check_pencil (9, 1, 1);
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
  g_test_add_func ("/symmetric/pencil", test_pencil);
  g_test_add_func ("/symmetric/sweeps", test_sweeps);
  return g_test_run ();
}
