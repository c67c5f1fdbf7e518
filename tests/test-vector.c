/* Level-1 vector operations: exact small-integer results for every length 0..40 (the
 * vector loop, its tail and both together), a sum whose order matters, against the
 * documented order, and the fused passes against the separate calls, bit for bit. */
#include "core/numeric/vector.h"

#include <math.h>

static void
test_exact (void)
{
  double a[40] = { 0 }, b[40] = { 0 }, y[40] = { 0 };
  for (gsize n = 0; n <= 40; n++)
    {
      for (gsize i = 0; i < n; i++)
        {
          a[i] = (double) i;
          b[i] = 2.0;
          y[i] = 1.0;
        }
      g_assert_cmpfloat (lesc_dot (a, b, n), ==, (double) (n * (n > 0 ? n - 1 : 0)));
      lesc_axpy (-0.5, a, y, n);
      lesc_scale (4.0, y, n);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpfloat (y[i], ==, 4.0 - 2.0 * (double) i);
    }
}

static void
test_order (void)
{
  /* eight partial sums (lane i mod 8 over the first 8⌊n/8⌋ terms), combined as
   * ((p0 + p4) + (p2 + p6)) + ((p1 + p5) + (p3 + p7)), then the tail in order */
  double a[11] = { 1e16, 1.0, 1.0, 1.0, -1e16, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0 };
  double one[11] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 };
  double p[8];
  for (int i = 0; i < 8; i++)
    p[i] = a[i];
  double want = ((p[0] + p[4]) + (p[2] + p[6])) + ((p[1] + p[5]) + (p[3] + p[7]));
  want = want + a[8] + a[9] + a[10];
  g_assert_cmpfloat (lesc_dot (a, one, 11), ==, want);
  g_assert_cmpfloat (want, ==, 9.0);
}

/* The fused passes give the bits of the separate calls (random data, every length up to
 * 40 and a long one). */
static void
test_fused (void)
{
  const gsize lengths[] = { 0, 1, 3, 7, 8, 9, 15, 16, 17, 31, 40, 1003 };
  GRand *rand = g_rand_new_with_seed (7);
  for (gsize t = 0; t < G_N_ELEMENTS (lengths); t++)
    {
      gsize n = lengths[t];
      g_autofree double *x = g_new (double, n + 1), *z = g_new (double, n + 1);
      g_autofree double *y1 = g_new (double, n + 1), *y2 = g_new (double, n + 1);
      for (gsize i = 0; i < n; i++)
        {
          x[i] = g_rand_double_range (rand, -1, 1);
          z[i] = g_rand_double_range (rand, -1, 1);
          y1[i] = y2[i] = g_rand_double_range (rand, -1, 1);
        }
      lesc_axpy (-0.3, x, y1, n);
      double want = lesc_dot (z, y1, n);
      g_assert_cmpfloat (lesc_axpy_dot (-0.3, x, y2, z, n), ==, want);
      g_assert_cmpmem (y1, n * sizeof (double), y2, n * sizeof (double));
      lesc_scale (1.7, y1, n);
      want = lesc_dot (z, y1, n);
      g_assert_cmpfloat (lesc_scale_dot (1.7, y2, z, n), ==, want);
      g_assert_cmpmem (y1, n * sizeof (double), y2, n * sizeof (double));
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vector/exact", test_exact);
  g_test_add_func ("/vector/fused", test_fused);
  g_test_add_func ("/vector/order", test_order);
  return g_test_run ();
}
