// The C side of hnswlib (Debian's libhnswlib-dev, header only): see hnsw.h.
#include "core/solvers/hnsw.h"

/* Without hnswlib's hand-written SSE: in Debian's 0.6.2 its prefetches in searchBaseLayer
 * read the entry after a link list's last one, past the end of the list's allocation
 * (AddressSanitizer: heap-buffer-overflow, hnswalg.h:214). The plain distance loop is
 * vectorized by the compiler instead (src/core/meson.build). */
#define NO_MANUAL_VECTORIZATION
#include <hnswlib/hnswlib.h>
#include <new>

struct _LescHnsw {
  hnswlib::L2Space space;
  hnswlib::HierarchicalNSW<float> index;
  _LescHnsw (gsize n, gsize q, gsize links, gsize ef, guint seed)
    : space (q), index (&space, n, links, ef, seed) {}
};

LescHnsw *
lesc_hnsw_new (gsize n, gsize q, gsize links, gsize ef_construction, guint seed,
               const char **error)
{
  try
    {
      return new _LescHnsw (n, q, links, ef_construction, seed);
    }
  catch (const std::exception &e)
    {
      *error = "the approximate neighbour index does not fit in memory";
      return nullptr;
    }
}

gboolean
lesc_hnsw_add (LescHnsw *h, const float *row, gsize label)
{
  try
    {
      h->index.addPoint (row, label);
      return TRUE;
    }
  catch (const std::exception &e)
    {
      return FALSE;
    }
}

void
lesc_hnsw_set_ef (LescHnsw *h, gsize ef)
{
  h->index.setEf (ef);
}

gsize
lesc_hnsw_query (const LescHnsw *h, const float *row, gsize k, gsize *labels)
{
  try
    {
      auto found = h->index.searchKnn (row, k);
      gsize count = found.size ();
      for (gsize t = count; t-- > 0; found.pop ())
        labels[t] = found.top ().second;
      return count;
    }
  catch (const std::exception &e)
    {
      return 0;
    }
}

void
lesc_hnsw_free (LescHnsw *h)
{
  delete h;
}
