/* The neighbour search of the large-data formulation (docs/methods.md §11): exact, or
 * approximate by an HNSW index (hnswlib) with the candidates re-measured exactly, so the
 * table has the exact search's order and self convention. */
#pragma once
#include "core/solvers/neighbours.h"

G_BEGIN_DECLS

typedef enum {
  LESC_KNN_AUTO,         /* exact up to LESC_KNN_EXACT_MAX_N samples, approximate above */
  LESC_KNN_EXACT,
  LESC_KNN_APPROXIMATE,
} LescKnnSearch;

/* Up to this many samples `auto` searches exactly: the exact search costs n²q flops, a
 * second or two here at q = 100 (docs/speed.md, "Large data"). */
#define LESC_KNN_EXACT_MAX_N 10000

/* `auto` decided for n samples (the others as they are). */
LescKnnSearch lesc_knn_search_resolve (LescKnnSearch s, gsize n);
/* "auto", "exact", "approximate" */
const char *lesc_knn_search_key (LescKnnSearch s);

/* lesc_nearest_neighbours' table (same arguments, order and self convention) from an HNSW
 * index built in one thread in row order with a fixed seed, so a run gives the same table
 * with any number of threads; the rows HNSW returns are re-measured in double from their
 * differences and sorted (distance, then lower index). *recall (may be NULL) receives the
 * share of the exact k nearest found, measured on up to 100 evenly spaced rows. */
gboolean lesc_approximate_neighbours (const LescMatrix *x, gsize k, gboolean include_self,
                                      gsize *index, double *recall, LescProgress *progress,
                                      GError **error);

/* By `search` (`auto` resolved from n); *recall (may be NULL) receives 1 for the exact one. */
gboolean lesc_knn_search (const LescMatrix *x, gsize k, gboolean include_self,
                          LescKnnSearch search, gsize *index, double *recall,
                          LescProgress *progress, GError **error);

G_END_DECLS
