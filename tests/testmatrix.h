/* Comparing matrices in the tests. */
#pragma once
#include "core/numeric/matrix.h"

#include <math.h>

/* The largest entry-wise difference of two matrices of the same size. */
static inline double
lesc_test_max_difference (const LescMatrix *a, const LescMatrix *b)
{
  g_assert_cmpuint (a->rows * a->cols, ==, b->rows * b->cols);
  double worst = 0.0;
  for (gsize e = 0; e < a->rows * a->cols; e++)
    worst = fmax (worst, fabs (a->data[e] - b->data[e]));
  return worst;
}
