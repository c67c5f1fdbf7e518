#include "core/data/binarize.h"

#include <stdlib.h>

LescMatrix *
lesc_binarize (const LescMatrix *y, double threshold)
{
  gsize n = y->rows, c = y->cols;
  LescMatrix *l = lesc_matrix_new (n, c);
  g_autofree gsize *order = g_new (gsize, MAX (c, 1));

  for (gsize i = 0; i < n; i++)
    {
      /* Insertion sort, descending, stable: c is small (≤ 18 in every benchmark). */
      for (gsize j = 0; j < c; j++)
        {
          gsize k = j;
          while (k > 0 && LESC_AT (y, i, order[k - 1]) < LESC_AT (y, i, j))
            {
              order[k] = order[k - 1];
              k--;
            }
          order[k] = j;
        }
      double s = 0.0;
      gsize m = c;
      for (gsize k = 0; k < c; k++)
        {
          s += LESC_AT (y, i, order[k]);
          if (s > threshold)
            {
              m = k + 1;
              break;
            }
        }
      for (gsize k = 0; k < m; k++)
        LESC_AT (l, i, order[k]) = 1.0;
    }
  return l;
}
