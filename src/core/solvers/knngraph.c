/* The symmetric kNN graph from neighbour lists: directed pairs both ways, sorted, merged. */
#include "core/solvers/knngraph.h"

#include <stdlib.h>

static int
compare_pairs (const void *a, const void *b)
{
  const gsize *p = a, *q = b;
  if (p[0] != q[0])
    return p[0] < q[0] ? -1 : 1;
  return (p[1] > q[1]) - (p[1] < q[1]);
}

LescKnnGraph *
lesc_knn_graph_new (const LescMatrix *x, const LescMatrix *d2, const gsize *table, gsize k)
{
  gsize n = x->rows, q = x->cols;
  gsize np = 0;
  g_autofree gsize *pairs = g_new (gsize, MAX (4 * n * k, 2));
  for (gsize i = 0; i < n; i++)
    for (gsize t = 0; t < k; t++)
      {
        gsize j = table[i + t * n];
        if (j == i)
          continue;
        pairs[2 * np] = i, pairs[2 * np + 1] = j, np++;
        pairs[2 * np] = j, pairs[2 * np + 1] = i, np++;
      }
  qsort (pairs, np, 2 * sizeof (gsize), compare_pairs);
  LescKnnGraph *g = g_new0 (LescKnnGraph, 1);
  g->n = n;
  g->row_ptr = g_new0 (gsize, n + 1);
  g->col = g_new (gsize, MAX (np, 1));
  g->d2 = g_new (double, MAX (np, 1));
  gsize nnz = 0;
  for (gsize t = 0; t < np; t++)
    {
      gsize i = pairs[2 * t], j = pairs[2 * t + 1];
      if (t > 0 && i == pairs[2 * t - 2] && j == pairs[2 * t - 1])
        continue;
      gsize lo = MIN (i, j), hi = MAX (i, j);
      double dist = 0.0;
      if (d2 != NULL)
        dist = LESC_AT (d2, lo, hi);
      else
        for (gsize f = 0; f < q; f++)
          {
            double e = LESC_AT (x, lo, f) - LESC_AT (x, hi, f);
            dist += e * e;
          }
      g->col[nnz] = j;
      g->d2[nnz] = dist;
      g->row_ptr[i + 1]++;
      nnz++;
    }
  for (gsize i = 0; i < n; i++)
    g->row_ptr[i + 1] += g->row_ptr[i];
  return g;
}

void
lesc_knn_graph_free (LescKnnGraph *g)
{
  if (g == NULL)
    return;
  g_free (g->row_ptr);
  g_free (g->col);
  g_free (g->d2);
  g_free (g);
}
