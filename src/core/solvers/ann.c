/* Approximate k nearest neighbours by HNSW, re-ranked exactly (ann.h). */
#include "core/solvers/ann.h"
#include "core/solvers/hnsw.h"

#include "core/base/error.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* HNSW's parameters, measured at n = 3·10⁴ and 10⁵, q = 100 (docs/speed.md): links per
 * node, candidates while inserting, and the least candidates per query; the level draws'
 * seed is fixed so the index does not depend on the run. */
#define LINKS 16
#define EF_CONSTRUCTION 64
#define EF_SEARCH 64
#define SEED 100
#define RECALL_ROWS 100
#define CHUNK 4096

typedef LescKnnCandidate Candidate;

LescKnnSearch
lesc_knn_search_resolve (LescKnnSearch s, gsize n)
{
  if (s != LESC_KNN_AUTO)
    return s;
  return n <= LESC_KNN_EXACT_MAX_N ? LESC_KNN_EXACT : LESC_KNN_AUTO;
}

const char *
lesc_knn_search_key (LescKnnSearch s)
{
  return s == LESC_KNN_EXACT ? "exact" : s == LESC_KNN_APPROXIMATE ? "approximate" : "auto";
}

/* Row i's exact k nearest (the exact search's order) by a scan of all n: the rows HNSW
 * left short, and the recall's reference. cand has room for n. */
static void
exact_row (const LescMatrix *xt, gsize i, gsize k, gboolean include_self, Candidate *cand,
           gsize *out)
{
  gsize n = xt->cols, nc = 0;
  for (gsize j = 0; j < n; j++)
    if (include_self || j != i)
      cand[nc++] = (Candidate) { j == i ? 0.0 : lesc_knn_sq_distance (xt, i, j), j };
  qsort (cand, nc, sizeof (Candidate), lesc_knn_candidate_compare);
  for (gsize t = 0; t < k; t++)
    out[t] = cand[t].j;
}

typedef struct {
  const LescHnsw *h;
  const float *f;
  const LescMatrix *xt;
  gsize k, kk, r0, r1;
  gboolean include_self;
  gsize *index;
  gsize *labels;      /* kk */
  Candidate *cand;    /* kk + 1 */
  Candidate *all;     /* n, when a row comes back short */
  gsize *row;         /* k */
} Query;

static gpointer
query_rows (gpointer data)
{
  Query *s = data;
  gsize n = s->xt->cols, q = s->xt->rows, k = s->k;
  for (gsize i = s->r0; i < s->r1; i++)
    {
      gsize got = lesc_hnsw_query (s->h, s->f + i * q, s->kk, s->labels);
      gsize nc = 0;
      gboolean self = FALSE;
      for (gsize t = 0; t < got; t++)
        {
          gsize j = s->labels[t];
          self = self || j == i;
          if (j != i || s->include_self)
            s->cand[nc++] = (Candidate) { j == i ? 0.0 : lesc_knn_sq_distance (s->xt, i, j), j };
        }
      if (s->include_self && !self)
        s->cand[nc++] = (Candidate) { 0.0, i };
      if (nc < k)
        {
          /* HNSW may return fewer than asked on a graph it could not connect */
          if (s->all == NULL)
            s->all = g_new (Candidate, n);
          exact_row (s->xt, i, k, s->include_self, s->all, s->row);
          for (gsize t = 0; t < k; t++)
            s->index[i + t * n] = s->row[t];
          continue;
        }
      qsort (s->cand, nc, sizeof (Candidate), lesc_knn_candidate_compare);
      for (gsize t = 0; t < k; t++)
        s->index[i + t * n] = s->cand[t].j;
    }
  return NULL;
}

/* The share of the exact k nearest in the table, on up to RECALL_ROWS evenly spaced rows. */
static double
measure_recall (const LescMatrix *xt, gsize k, gboolean include_self, const gsize *index)
{
  gsize n = xt->cols, rows = MIN (n, RECALL_ROWS), hits = 0;
  g_autofree Candidate *cand = g_new (Candidate, n);
  g_autofree gsize *exact = g_new (gsize, k);
  for (gsize r = 0; r < rows; r++)
    {
      gsize i = r * n / rows;
      exact_row (xt, i, k, include_self, cand, exact);
      for (gsize t = 0; t < k; t++)
        for (gsize u = 0; u < k; u++)
          if (index[i + u * n] == exact[t])
            {
              hits++;
              break;
            }
    }
  return (double) hits / (double) (rows * k);
}

double
lesc_knn_intrinsic_dimension (const LescMatrix *x, gsize k)
{
  gsize n = x->rows, rows = MIN (n, RECALL_ROWS), used = 0;
  k = MIN (k, n > 0 ? n - 1 : 0);
  if (k < 2)
    return 0.0;
  g_autoptr (LescMatrix) xt = lesc_matrix_transpose (x);
  g_autofree Candidate *cand = g_new (Candidate, n);
  g_autofree gsize *near = g_new (gsize, k);
  double inverse = 0.0;
  for (gsize r = 0; r < rows; r++)
    {
      gsize i = r * n / rows;
      exact_row (xt, i, k, FALSE, cand, near);
      /* Levina–Bickel: 1/m̂ = mean over t < k of log(T_k/T_t), T the distances */
      double tk = sqrt (cand[k - 1].d), s = 0.0;
      gsize terms = 0;
      for (gsize t = 0; t + 1 < k; t++)
        if (cand[t].d > 0.0)
          s += log (tk / sqrt (cand[t].d)), terms++;
      if (terms > 0 && tk > 0.0)
        inverse += s / (double) terms, used++;
    }
  /* the estimates' harmonic mean (MacKay and Ghahramani's correction) */
  return used > 0 && inverse > 0.0 ? (double) used / inverse : 0.0;
}

gboolean
lesc_approximate_neighbours (const LescMatrix *x, gsize k, gboolean include_self, gsize *index,
                             double *recall, LescProgress *progress, GError **error)
{
  gsize n = x->rows, q = x->cols;
  gsize available = include_self ? n : (n > 0 ? n - 1 : 0);
  if (k == 0 || k > available || q == 0)
    {
      /* the exact search says what is wrong (or, without features, every row ties) */
      if (recall != NULL)
        *recall = 1.0;
      return lesc_nearest_neighbours (x, k, include_self, index, progress, error);
    }
  g_autoptr (LescMatrix) xt = lesc_matrix_transpose (x);
  g_autofree float *f = g_try_new (float, n * q);
  const char *why = NULL;
  LescHnsw *h = f != NULL ? lesc_hnsw_new (n, q, LINKS, EF_CONSTRUCTION, SEED, &why) : NULL;
  if (h == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY, "neighbours: %s (n = %zu, q = %zu)",
                   why != NULL ? why : "no memory for the rows in single precision", n, q);
      return FALSE;
    }
  for (gsize i = 0; i < n * q; i++)
    f[i] = (float) xt->data[i];
  gboolean ok = TRUE;
  for (gsize i = 0; i < n && ok; i++)
    {
      if (i % 1024 == 0)
        {
          if (lesc_progress_cancelled (progress, error))
            {
              ok = FALSE;
              break;
            }
          lesc_progress_report (progress, 0.7 * (double) i / (double) n, "neighbours (index)");
        }
      if (!lesc_hnsw_add (h, f + i * q, i))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
                       "neighbours: the approximate index ran out of memory at row %zu of %zu",
                       i + 1, n);
          ok = FALSE;
        }
    }
  /* all the candidates the search holds are re-measured (a few hundred flops each): float
   * rounding's misorders are undone and ties within them are ordered as the exact search's */
  gsize kk = MIN (n, MAX (k + 1, (gsize) EF_SEARCH));
  lesc_hnsw_set_ef (h, kk);
  /* every query reads the finished index only: two threads give the one thread's table */
  int threads = g_get_num_processors () > 1 && n >= 2 * CHUNK ? 2 : 1;
  Query qs[2];
  for (int t = 0; t < 2; t++)
    qs[t] = (Query) { h, f, xt, k, kk, 0, 0, include_self, index, g_new (gsize, kk),
                      g_new (Candidate, kk + 1), NULL, g_new (gsize, k) };
  for (gsize start = 0; start < n && ok; start += CHUNK)
    {
      if (lesc_progress_cancelled (progress, error))
        {
          ok = FALSE;
          break;
        }
      lesc_progress_report (progress, 0.7 + 0.3 * (double) start / (double) n, "neighbours");
      gsize end = MIN (n, start + CHUNK), half = threads == 2 ? start + (end - start) / 2 : end;
      qs[0].r0 = start, qs[0].r1 = half;
      qs[1].r0 = half, qs[1].r1 = end;
      GThread *other = half < end ? g_thread_new ("neighbours", query_rows, &qs[1]) : NULL;
      query_rows (&qs[0]);
      if (other != NULL)
        g_thread_join (other);
    }
  for (int t = 0; t < 2; t++)
    {
      g_free (qs[t].labels);
      g_free (qs[t].cand);
      g_free (qs[t].all);
      g_free (qs[t].row);
    }
  lesc_hnsw_free (h);
  if (!ok)
    return FALSE;
  if (recall != NULL)
    *recall = measure_recall (xt, k, include_self, index);
  lesc_progress_report (progress, 1.0, "neighbours");
  return TRUE;
}

gboolean
lesc_knn_search (const LescMatrix *x, gsize k, gboolean include_self, LescKnnSearch *search,
                 double *dimension, gsize *index, double *recall, LescProgress *progress,
                 GError **error)
{
  *search = lesc_knn_search_resolve (*search, x->rows);
  if (dimension != NULL)
    *dimension = 0.0;
  if (*search == LESC_KNN_AUTO)
    {
      double m = lesc_knn_intrinsic_dimension (x, LESC_KNN_DIMENSION_ROWS_K);
      if (dimension != NULL)
        *dimension = m;
      *search = m <= LESC_KNN_MAX_DIMENSION ? LESC_KNN_APPROXIMATE : LESC_KNN_EXACT;
    }
  if (*search == LESC_KNN_APPROXIMATE)
    return lesc_approximate_neighbours (x, k, include_self, index, recall, progress, error);
  if (recall != NULL)
    *recall = 1.0;
  return lesc_nearest_neighbours (x, k, include_self, index, progress, error);
}
