/* A symmetric k-nearest-neighbour graph in sparse form (docs/methods.md §5, §11): the
 * union (OR) of each sample's neighbour list, with the squared distance of every edge. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

typedef struct {
  gsize n;
  gsize *row_ptr;   /* n + 1 */
  gsize *col;       /* row_ptr[n] neighbours, increasing within a row; never the row itself */
  double *d2;       /* their squared distances */
} LescKnnGraph;

/* From table[i + t·n] (t < k), each row's neighbours (it may list itself, skipped). The
 * squared distance of edge (i, j) is d2[min, max] of the n×n `d2` when given (one triangle:
 * exactly symmetric), else Σ (x_i − x_j)² from the rows of x, in the same order for (i, j)
 * and (j, i). */
LescKnnGraph *lesc_knn_graph_new (const LescMatrix *x, const LescMatrix *d2, const gsize *table,
                                  gsize k);
void lesc_knn_graph_free (LescKnnGraph *g);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescKnnGraph, lesc_knn_graph_free)

G_END_DECLS
