#include "core/solvers/neighbours.h"

#include "core/base/error.h"

#include <cblas.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

#define BLOCK_ROWS 256

typedef struct {
  double d;
  gsize j;
} Candidate;

static int
compare_candidates (const void *a, const void *b)
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

/* ‖x_a − x_b‖² from differences; xt is xᵀ (q×n), so each sample is contiguous. */
static double
exact_sq_distance (const LescMatrix *xt, gsize a, gsize b)
{
  const double *u = xt->data + a * xt->rows, *v = xt->data + b * xt->rows;
  double s = 0.0;
  for (gsize t = 0; t < xt->rows; t++)
    s += (u[t] - v[t]) * (u[t] - v[t]);
  return s;
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
  g_autofree double *scratch = g_new (double, n);
  g_autofree Candidate *cand = g_new (Candidate, n);
  g_autoptr (LescMatrix) xt = lesc_matrix_transpose (x);

  for (gsize start = 0; start < n; start += b)
    {
      if (lesc_progress_cancelled (progress, error))
        return FALSE;
      lesc_progress_report (progress, (double) start / (double) n, "neighbours");
      gsize m = MIN (b, n - start);
      for (gsize t = 0; t < q; t++)
        for (gsize r = 0; r < m; r++)
          LESC_AT (rows, r, t) = LESC_AT (x, start + r, t);
      /* block(j, r) = −2 x_j·x_r; + ‖x_r‖² + ‖x_j‖² below */
      if (q > 0)
        cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) n, (int) m, (int) q, -2.0,
                     x->data, (int) n, rows->data, (int) b, 0.0, block->data, (int) n);
      for (gsize r = 0; r < m; r++)
        {
          gsize i = start + r;
          const double *col = block->data + r * n;
          /* the k-th smallest screened distance, in one pass: a max-heap of the k
           * smallest so far (most entries are rejected by one comparison with its top) */
          gsize cnt = 0;
          for (gsize j = 0; j < n; j++)
            {
              if (!include_self && j == i)
                continue;
              double e = j == i ? 0.0 : col[j] + norms[i] + norms[j];
              if (cnt < k)
                heap_push (scratch, cnt++, e);
              else if (e < scratch[0])
                heap_replace_top (scratch, k, e);
            }
          double kth = scratch[0];
          /* The expansion's rounding error is below ~q·ε·(‖x_i‖² + ‖x_j‖²); every row
           * within a generous multiple of that of the k-th is re-measured exactly. */
          double slack = 64.0 * (double) (q + 1) * DBL_EPSILON * (norms[i] + max_norm);
          gsize nc = 0;
          for (gsize j = 0; j < n; j++)
            {
              if (!include_self && j == i)
                continue;
              double e = (j == i ? 0.0 : col[j] + norms[i] + norms[j]);
              if (e <= kth + slack)
                {
                  cand[nc].d = (j == i ? 0.0 : exact_sq_distance (xt, i, j));
                  cand[nc].j = j;
                  nc++;
                }
            }
          qsort (cand, nc, sizeof (Candidate), compare_candidates);
          for (gsize t = 0; t < k; t++)
            index[i + t * n] = cand[t].j;
        }
    }
  lesc_progress_report (progress, 1.0, "neighbours");
  return TRUE;
}
