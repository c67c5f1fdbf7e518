/* Vector types for the few hand-written kernels (symmetric.c, vector.c): GCC vector
 * extensions, four doubles, unaligned loads; on x86-64 the kernels are compiled twice
 * (AVX2 + FMA and the baseline) and the processor's version is chosen at load time. */
#pragma once

typedef double LescVec4 __attribute__ ((vector_size (32), aligned (8)));

#define LESC_LOAD4(p) (*(const LescVec4 *) (p))
#define LESC_HSUM4(v) (((v)[0] + (v)[2]) + ((v)[1] + (v)[3]))

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 12
#define LESC_SIMD_CLONES __attribute__ ((target_clones ("arch=x86-64-v3", "default")))
#else
#define LESC_SIMD_CLONES
#endif
/* Loops of unknown length vectorized too (GCC's -O2 takes only those it needs no
 * remainder for). Without -ffast-math no sum is reordered: the bits stay. */
#if defined(__GNUC__) && !defined(__clang__)
#define LESC_VECTORIZE __attribute__ ((optimize ("vect-cost-model=dynamic")))
#else
#define LESC_VECTORIZE
#endif
