#include "core/vector.h"
#include "core/simd.h"

/* prefetch distance in doubles: the vectors stream from memory */
#define AHEAD 64

LESC_SIMD_CLONES double
lesc_dot (const double *restrict a, const double *restrict b, gsize n)
{
  LescVec4 s0 = { 0 }, s1 = { 0 };
  gsize i = 0;
  for (; i + 8 <= n; i += 8)
    {
      __builtin_prefetch (a + i + AHEAD);
      __builtin_prefetch (b + i + AHEAD);
      s0 += LESC_LOAD4 (a + i) * LESC_LOAD4 (b + i);
      s1 += LESC_LOAD4 (a + i + 4) * LESC_LOAD4 (b + i + 4);
    }
  s0 += s1;
  double s = LESC_HSUM4 (s0);
  for (; i < n; i++)
    s += a[i] * b[i];
  return s;
}

LESC_SIMD_CLONES void
lesc_axpy (double alpha, const double *restrict x, double *restrict y, gsize n)
{
  gsize i = 0;
  for (; i + 8 <= n; i += 8)
    {
      __builtin_prefetch (x + i + AHEAD);
      __builtin_prefetch (y + i + AHEAD);
      *(LescVec4 *) (y + i) += alpha * LESC_LOAD4 (x + i);
      *(LescVec4 *) (y + i + 4) += alpha * LESC_LOAD4 (x + i + 4);
    }
  for (; i < n; i++)
    y[i] += alpha * x[i];
}

void
lesc_scale (double alpha, double *x, gsize n)
{
  for (gsize i = 0; i < n; i++)
    x[i] *= alpha;
}
