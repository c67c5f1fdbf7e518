/* The neighbour search of the large-data formulation (docs/methods.md §11): exact, or
 * approximate by an HNSW index (hnswlib) with the candidates re-measured exactly, so the
 * table has the exact search's order and self convention. */
#pragma once
#include "core/solvers/neighbours.h"

G_BEGIN_DECLS

typedef enum {
  LESC_KNN_AUTO,         /* exact up to LESC_KNN_EXACT_MAX_N samples; above, approximate
                          * where the intrinsic dimension is at most LESC_KNN_MAX_DIMENSION */
  LESC_KNN_EXACT,
  LESC_KNN_APPROXIMATE,
} LescKnnSearch;

/* Up to this many samples `auto` searches exactly: the exact search costs n²q flops, a
 * second or two here at q = 100 (docs/speed.md, "Large data"). */
#define LESC_KNN_EXACT_MAX_N 10000
/* Above it HNSW finds the neighbours only where the data's intrinsic dimension (below) is
 * at most this: the benchmark sets measure 2–7 (recall 0.95–1.00), `lesc bench --scale`'s
 * uniform noise 42 (recall 0.98 at n = 1.2·10⁴, 0.83 at 10⁵, no faster than exact). */
#define LESC_KNN_MAX_DIMENSION 20.0
/* The neighbours the estimate of the intrinsic dimension uses. */
#define LESC_KNN_DIMENSION_ROWS_K 20

/* `auto` decided for n samples: exact up to LESC_KNN_EXACT_MAX_N, else still `auto` (the
 * data decide, lesc_knn_search); the others as they are. */
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

/* The data's intrinsic dimension near the samples: the maximum-likelihood estimate of
 * Levina and Bickel from the distances to the k nearest others of up to 100 evenly
 * spaced rows (exact scans, 100·n·q flops), combined by their harmonic mean; 0 when
 * undefined (fewer than 3 rows, all distances 0). */
double lesc_knn_intrinsic_dimension (const LescMatrix *x, gsize k);

/* By *search, which receives the search used: `auto` is exact up to LESC_KNN_EXACT_MAX_N
 * samples, above that approximate when the intrinsic dimension (*dimension, may be NULL;
 * 0 when not estimated) is at most LESC_KNN_MAX_DIMENSION. *recall (may be NULL)
 * receives 1 for the exact search. */
gboolean lesc_knn_search (const LescMatrix *x, gsize k, gboolean include_self,
                          LescKnnSearch *search, double *dimension, gsize *index,
                          double *recall, LescProgress *progress, GError **error);

G_END_DECLS
