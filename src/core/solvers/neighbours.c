#include "core/solvers/neighbours.h"

#include "core/base/error.h"

#include <cblas.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_ROWS 256

typedef LescKnnCandidate Candidate;

int
lesc_knn_candidate_compare (const void *a, const void *b)
{
  const Candidate *u = a, *v = b;
  if (u->d != v->d)
    return u->d < v->d ? -1 : 1;
  return (u->j > v->j) - (u->j < v->j);
}

/* A max-heap in h[0..len−1]: add v (h has room for len + 1). */
static void
heap_push (double *h, gsize len, double v)
{
  gsize c = len;
  while (c > 0 && h[(c - 1) / 2] < v)
    {
      h[c] = h[(c - 1) / 2];
      c = (c - 1) / 2;
    }
  h[c] = v;
}

/* Replace the top (the largest) of the max-heap h[0..len−1] by v. */
static void
heap_replace_top (double *h, gsize len, double v)
{
  gsize c = 0;
  for (;;)
    {
      gsize l = 2 * c + 1, big = c;
      double top = v;
      if (l < len && h[l] > top)
        big = l, top = h[l];
      if (l + 1 < len && h[l + 1] > top)
        big = l + 1;
      if (big == c)
        break;
      h[c] = h[big];
      c = big;
    }
  h[c] = v;
}

double
lesc_knn_sq_distance (const LescMatrix *xt, gsize a, gsize b)
{
  const double *u = xt->data + a * xt->rows, *v = xt->data + b * xt->rows;
  double s = 0.0;
  for (gsize t = 0; t < xt->rows; t++)
    s += (u[t] - v[t]) * (u[t] - v[t]);
  return s;
}

/* One thread's share of a block: query rows r0 … r1 − 1 of the block starting at row
 * `start`, with its own heap and candidates. */
typedef struct {
  const LescMatrix *block, *xt;
  const double *norms;
  double max_norm;
  gsize n, q, k;
  gboolean include_self;
  gsize *index;
  gsize start, r0, r1;
  double *heap;       /* k */
  Candidate *cand;    /* n */
} Scan;

static gpointer
scan_rows (gpointer data)
{
  Scan *s = data;
  gsize n = s->n, k = s->k;
  const double *norms = s->norms;
  for (gsize r = s->r0; r < s->r1; r++)
    {
      gsize i = s->start + r;
      const double *col = s->block->data + r * n;   /* ‖x_j‖² − 2x_j·x_i */
      /* the k-th smallest screened distance (less ‖x_i‖²) in one pass: a max-heap of the
       * k smallest so far; most entries are rejected by one comparison with its top */
      gsize cnt = 0;
      double *heap = s->heap;
      for (gsize j = 0; j < n; j++)
        {
          if (!s->include_self && j == i)
            continue;
          double e = j == i ? -norms[i] : col[j];
          if (cnt < k)
            heap_push (heap, cnt++, e);
          else if (e < heap[0])
            heap_replace_top (heap, k, e);
        }
      /* The expansion's rounding error is below ~q·ε·(‖x_i‖² + ‖x_j‖²); every row within
       * a generous multiple of that of the k-th is re-measured exactly. */
      double bound = heap[0] + 64.0 * (double) (s->q + 1) * DBL_EPSILON * (norms[i] + s->max_norm);
      gsize nc = 0;
      for (gsize j = 0; j < n; j++)
        {
          if (!s->include_self && j == i)
            continue;
          double e = j == i ? -norms[i] : col[j];
          if (e <= bound)
            {
              s->cand[nc].d = j == i ? 0.0 : lesc_knn_sq_distance (s->xt, i, j);
              s->cand[nc].j = j;
              nc++;
            }
        }
      qsort (s->cand, nc, sizeof (Candidate), lesc_knn_candidate_compare);
      for (gsize t = 0; t < k; t++)
        s->index[i + t * n] = s->cand[t].j;
    }
  return NULL;
}

gboolean
lesc_nearest_neighbours (const LescMatrix *x, gsize k, gboolean include_self, gsize *index,
                         LescProgress *progress, GError **error)
{
  gsize n = x->rows, q = x->cols;
  gsize available = include_self ? n : (n > 0 ? n - 1 : 0);
  if (k == 0 || k > available)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "neighbours: k = %zu, expected 1 ≤ k ≤ %zu (%zu samples%s)", k, available, n,
                   include_self ? "" : ", the sample itself excluded");
      return FALSE;
    }
  g_autofree double *norms = g_new0 (double, n);
  double max_norm = 0.0;
  for (gsize t = 0; t < q; t++)
    for (gsize i = 0; i < n; i++)
      norms[i] += LESC_AT (x, i, t) * LESC_AT (x, i, t);
  for (gsize i = 0; i < n; i++)
    max_norm = fmax (max_norm, norms[i]);

  gsize b = MIN (n, BLOCK_ROWS);
  /* n×b: the column of one query row is contiguous (a row of a b×n block is read at a
   * stride of b doubles, one cache miss per entry: 12 minutes at n = 60 000) */
  g_autoptr (LescMatrix) block = lesc_matrix_try_new (n, b, error);
  if (block == NULL)
    return FALSE;
  g_autoptr (LescMatrix) rows = lesc_matrix_new (b, q);
  g_autoptr (LescMatrix) xt = lesc_matrix_transpose (x);
  /* the scans of a block's query rows are independent: the second half on a thread of
   * its own where a row's scan is long enough to pay for it */
  gboolean two = n >= 4096 && g_get_num_processors () > 1;
  Scan scans[2];
  for (int h = 0; h < 2; h++)
    scans[h] = (Scan) { block, xt, norms, max_norm, n, q, k, include_self, index, 0, 0, 0,
                        g_new (double, k), g_new (Candidate, n) };

  gboolean cancelled = FALSE;
  for (gsize start = 0; start < n && !cancelled; start += b)
    {
      cancelled = lesc_progress_cancelled (progress, error);
      if (cancelled)
        break;
      lesc_progress_report (progress, (double) start / (double) n, "neighbours");
      gsize m = MIN (b, n - start);
      for (gsize t = 0; t < q; t++)
        for (gsize r = 0; r < m; r++)
          LESC_AT (rows, r, t) = LESC_AT (x, start + r, t);
      /* block(j, r) = ‖x_j‖² − 2 x_j·x_r (‖x_r‖² is added per query) */
      for (gsize r = 0; r < m; r++)
        memcpy (block->data + r * n, norms, n * sizeof (double));
      if (q > 0)
        cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) n, (int) m, (int) q, -2.0,
                     x->data, (int) n, rows->data, (int) b, 1.0, block->data, (int) n);
      gsize half = two ? m / 2 : m;
      scans[0].start = start, scans[0].r0 = 0, scans[0].r1 = half;
      scans[1].start = start, scans[1].r0 = half, scans[1].r1 = m;
      GThread *other = half < m ? g_thread_new ("neighbours", scan_rows, &scans[1]) : NULL;
      scan_rows (&scans[0]);
      if (other != NULL)
        g_thread_join (other);
    }
  for (int h = 0; h < 2; h++)
    {
      g_free (scans[h].heap);
      g_free (scans[h].cand);
    }
  if (cancelled)
    return FALSE;
  lesc_progress_report (progress, 1.0, "neighbours");
  return TRUE;
}
