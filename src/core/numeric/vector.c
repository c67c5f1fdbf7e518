#include "core/numeric/vector.h"
#include "core/base/simd.h"

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

/* The dot product's lanes over a vector being updated: `update` computes the new yᵢ..yᵢ₊₃
 * (stored), then zᵀy is summed exactly as lesc_dot sums it. */
#define UPDATE_THEN_DOT(update4, update1)                                  \
  LescVec4 s0 = { 0 }, s1 = { 0 };                                       \
  gsize i = 0;                                                           \
  for (; i + 8 <= n; i += 8)                                             \
    {                                                                    \
      __builtin_prefetch (x + i + AHEAD);                                \
      __builtin_prefetch (y + i + AHEAD);                                \
      __builtin_prefetch (z + i + AHEAD);                                \
      LescVec4 v0 = update4 (i), v1 = update4 (i + 4);                   \
      *(LescVec4 *) (y + i) = v0;                                        \
      *(LescVec4 *) (y + i + 4) = v1;                                    \
      s0 += LESC_LOAD4 (z + i) * v0;                                     \
      s1 += LESC_LOAD4 (z + i + 4) * v1;                                 \
    }                                                                    \
  s0 += s1;                                                              \
  double s = LESC_HSUM4 (s0);                                            \
  for (; i < n; i++)                                                     \
    {                                                                    \
      y[i] = update1 (i);                                                \
      s += z[i] * y[i];                                                  \
    }                                                                    \
  return s

LESC_SIMD_CLONES double
lesc_axpy_dot (double alpha, const double *restrict x, double *restrict y, const double *restrict z,
               gsize n)
{
#define AXPY4(k) (LESC_LOAD4 (y + (k)) + alpha * LESC_LOAD4 (x + (k)))
#define AXPY1(k) (y[k] + alpha * x[k])
  UPDATE_THEN_DOT (AXPY4, AXPY1);
#undef AXPY4
#undef AXPY1
}

LESC_SIMD_CLONES double
lesc_scale_dot (double alpha, double *restrict y, const double *restrict z, gsize n)
{
  const double *x = y;   /* for the prefetch */
#define SCALE4(k) (LESC_LOAD4 (y + (k)) * alpha)
#define SCALE1(k) (y[k] * alpha)
  UPDATE_THEN_DOT (SCALE4, SCALE1);
#undef SCALE4
#undef SCALE1
}

void
lesc_scale (double alpha, double *x, gsize n)
{
  for (gsize i = 0; i < n; i++)
    x[i] *= alpha;
}
