/* Level-1 vector operations: exact small-integer results for every length 0..40 (the
 * vector loop, its tail and both together), and a sum whose order matters, against the
 * documented order. */
#include "core/vector.h"

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

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/vector/exact", test_exact);
  g_test_add_func ("/vector/order", test_order);
  return g_test_run ();
}
