/* Landmark rows: a seeded uniform sample of the data (docs/methods.md §11). */
#include "core/solvers/landmarks.h"

#include <stdlib.h>

static int
compare_index (const void *a, const void *b)
{
  gsize p = *(const gsize *) a, q = *(const gsize *) b;
  return (p > q) - (p < q);
}

void
lesc_landmarks_sample (gsize *items, gsize count, gsize take, LescRandom *rng)
{
  if (take >= count)
    return;
  for (gsize i = 0; i < take; i++)
    {
      gsize j = i + MIN ((gsize) (lesc_random_double (rng) * (double) (count - i)), count - i - 1);
      gsize t = items[i];
      items[i] = items[j];
      items[j] = t;
    }
  qsort (items, take, sizeof (gsize), compare_index);
}

LescMatrix *
lesc_landmarks_select_index (const LescMatrix *x, gsize m, guint32 seed, gsize *index)
{
  gsize n = x->rows, q = x->cols;
  m = MIN (m, n);
  g_autofree gsize *order = g_new (gsize, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    order[i] = i;
  if (m < n)
    {
      LescRandom rng;
      lesc_random_init (&rng, seed);
      lesc_landmarks_sample (order, n, m, &rng);
    }
  LescMatrix *z = lesc_matrix_new (m, q);
  for (gsize col = 0; col < q; col++)
    for (gsize i = 0; i < m; i++)
      LESC_AT (z, i, col) = LESC_AT (x, order[i], col);
  if (index != NULL)
    for (gsize i = 0; i < m; i++)
      index[i] = order[i];
  return z;
}

LescMatrix *
lesc_landmarks_select (const LescMatrix *x, gsize m, guint32 seed)
{
  return lesc_landmarks_select_index (x, m, seed, NULL);
}
