/* Random test inputs shared by the linear-algebra tests, from the project's own generator
 * (the same values on every machine). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/random.h"

#include <math.h>

/* n values uniform on [−½, ½) (g_free them) */
static inline double *
lesc_test_uniform (gsize n, guint32 seed)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  double *v = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    v[i] = lesc_random_double (&r) - 0.5;
  return v;
}

/* An n×n symmetric matrix in its lower triangle, NaN above it: a routine that reads the
 * upper triangle shows it. */
static inline LescMatrix *
lesc_test_lower_only (gsize n, guint32 seed)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  LescMatrix *a = lesc_matrix_new (n, n);
  for (gsize j = 0; j < n; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (a, i, j) = i >= j ? lesc_random_double (&r) - 0.5 : NAN;
  return a;
}
