/* LP's large-data form (docs/methods.md §11): the affinity on a symmetric kNN graph and
 * (I − αP)D̃ = (1 − α)L by conjugate gradients — O(n·k) memory instead of n×n. */
#include "core/methods/lp.h"
#include "core/base/error.h"
#include "core/solvers/knngraph.h"
#include "core/solvers/ann.h"
#include "core/numeric/vector.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* I − αP is symmetric with eigenvalues in [1 − α, 1 + α]: CG's error falls by at least
 * (√κ − 1)/(√κ + 1) per step, κ ≤ (1 + α)/(1 − α) (α = 0.99: 0.87, so 1e-14 in ~250). */
#define CG_TOLERANCE 1e-14
#define CG_MAX_ITER 5000

/* y = (I − αP)v on the graph's P */
static void
apply (const LescKnnGraph *g, const double *p, double alpha, const double *v, double *y)
{
  for (gsize i = 0; i < g->n; i++)
    {
      double s = 0.0;
      for (gsize e = g->row_ptr[i]; e < g->row_ptr[i + 1]; e++)
        s += p[e] * v[g->col[e]];
      y[i] = v[i] - alpha * s;
    }
}

LescMatrix *
lesc_lp_propagate_sparse (const LescMatrix *x, const LescMatrix *l, double alpha,
                          gboolean keep_diagonal, gsize k, LescKnnSearch *search, double *dimension,
                          double *recall, gsize *isolated, LescProgress *progress, GError **error)
{
  gsize n = x->rows, c = l->cols;
  if (!(alpha >= 0.0 && alpha < 1.0) || l->rows != n || k < 1 || k > n - 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "lp: alpha = %g, %zu neighbours, %zu samples and %zu label rows; expected "
                   "0 ≤ alpha < 1, 1 ≤ neighbours < n and one label row per sample", alpha, k,
                   n, l->rows);
      return NULL;
    }
  lesc_progress_report (progress, 0.0, "neighbours");
  g_autofree gsize *table = g_new (gsize, n * k);
  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.8);
  if (!lesc_knn_search (x, k, FALSE, search, dimension, table, recall, progress ? &sub : NULL,
                        error))
    return NULL;
  g_autoptr (LescKnnGraph) g = lesc_knn_graph_new (x, NULL, table, k);
  g_clear_pointer (&table, g_free);
  /* the reference's guard (lp.h): m_i the row's smallest squared distance, σ_i the row's
   * shifted sum; P_ij = exp(−(d_ij − (m_i + m_j)/2)/2)/sqrt(σ_i σ_j) on the edges */
  gsize nnz = g->row_ptr[n];
  g_autofree double *m = g_new (double, n);
  g_autofree double *sigma = g_new0 (double, n);
  for (gsize i = 0; i < n; i++)
    {
      double best = keep_diagonal ? 0.0 : INFINITY;
      for (gsize e = g->row_ptr[i]; e < g->row_ptr[i + 1]; e++)
        best = fmin (best, g->d2[e]);
      m[i] = best;
      for (gsize e = g->row_ptr[i]; e < g->row_ptr[i + 1]; e++)
        sigma[i] += exp (-(g->d2[e] - best) / 2.0);
      if (keep_diagonal)
        sigma[i] += 1.0;
    }
  g_autofree double *p = g_new (double, MAX (nnz, 1));
  g_autofree double *diag = g_new (double, n);
  gsize lonely = 0;
  for (gsize i = 0; i < n; i++)
    {
      gboolean any = FALSE;
      for (gsize e = g->row_ptr[i]; e < g->row_ptr[i + 1]; e++)
        {
          gsize j = g->col[e];
          p[e] = exp (-(g->d2[e] - 0.5 * (m[i] + m[j])) / 2.0) / sqrt (sigma[i] * sigma[j]);
          any = any || p[e] != 0.0;
        }
      diag[i] = keep_diagonal ? 1.0 / sigma[i] : 0.0;
      lonely += !any && diag[i] == 0.0;
    }
  if (isolated != NULL)
    *isolated = lonely;
  /* the diagonal of P (flavour pyldl) goes into the operator as a graph self-edge would:
   * (I − αP)v = v − α(diag·v + offdiag·v) */
  LescMatrix *d = lesc_matrix_new (n, c);
  g_autofree double *r = g_new (double, n), *dir = g_new (double, n), *ad = g_new (double, n);
  for (gsize j = 0; j < c; j++)
    {
      if (lesc_progress_cancelled (progress, error))
        {
          lesc_matrix_free (d);
          return NULL;
        }
      lesc_progress_report (progress, 0.8 + 0.2 * (double) j / (double) c, "propagation");
      double *xj = d->data + j * n;
      const double *bj = l->data + j * n;
      /* start from x = 0: r = b = (1 − α)l_j */
      for (gsize i = 0; i < n; i++)
        {
          xj[i] = 0.0;
          dir[i] = r[i] = (1.0 - alpha) * bj[i];
        }
      double rr = lesc_dot (r, r, n), stop = CG_TOLERANCE * CG_TOLERANCE * fmax (rr, DBL_MIN);
      for (guint it = 0; it < CG_MAX_ITER && rr > stop; it++)
        {
          apply (g, p, alpha, dir, ad);
          for (gsize i = 0; i < n; i++)
            ad[i] -= alpha * diag[i] * dir[i];
          double step = rr / lesc_dot (dir, ad, n);
          for (gsize i = 0; i < n; i++)
            {
              xj[i] += step * dir[i];
              r[i] -= step * ad[i];
            }
          double next = lesc_dot (r, r, n);
          for (gsize i = 0; i < n; i++)
            dir[i] = r[i] + (next / rr) * dir[i];
          rr = next;
        }
    }
  return d;
}
