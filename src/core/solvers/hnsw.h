/* A small C interface to hnswlib's HNSW index (the one C++ unit of the program;
 * docs/methods.md §11): single-precision rows, squared Euclidean distance. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct _LescHnsw LescHnsw;

/* An empty index for up to n rows of q floats: at most `links` links per node and
 * `ef_construction` candidates while inserting; `seed` fixes the levels drawn. NULL (and
 * *error a static message) when the memory cannot be had. */
LescHnsw *lesc_hnsw_new (gsize n, gsize q, gsize links, gsize ef_construction, guint seed,
                         const char **error);
/* Insert row `label` (q floats; copied). Not thread-safe here: inserting in one thread in
 * a fixed order is what makes the graph the same on every run. FALSE on allocation failure. */
gboolean lesc_hnsw_add (LescHnsw *h, const float *row, gsize label);
/* Candidates searched per query (the result is at least k of them). */
void lesc_hnsw_set_ef (LescHnsw *h, gsize ef);
/* The up to k rows nearest `row` (any order) into labels; returns how many. Safe to call
 * from several threads at once once the inserts are done. */
gsize lesc_hnsw_query (const LescHnsw *h, const float *row, gsize k, gsize *labels);
void lesc_hnsw_free (LescHnsw *h);

G_END_DECLS
