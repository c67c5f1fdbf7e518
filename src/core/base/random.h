/* MT19937 with MATLAB's double rule, so seeded draws equal MATLAB's `rand` and numpy's
 * RandomState(seed).random_sample() (docs/methods.md §4.4). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

#define LESC_DEFAULT_SEED 5489u

typedef struct {
  guint32 mt[624];
  int index;
} LescRandom;

void    lesc_random_init (LescRandom *r, guint32 seed);   /* init_genrand(seed) */
guint32 lesc_random_u32 (LescRandom *r);
double  lesc_random_double (LescRandom *r);               /* [0, 1), 53 bits: (a·2²⁶ + b)/2⁵³ */

G_END_DECLS
