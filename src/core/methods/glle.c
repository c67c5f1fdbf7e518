/* GLLE: the graph Laplacian of the official GLLE.m and the registry entry. */
#include "core/methods/glle.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"
#include "core/solvers/ann.h"
#include "core/solvers/knngraph.h"
#include "core/methods/method.h"

#include <math.h>

void
lesc_glle_neighbours (const LescMatrix *d2, gsize i, guint k, gsize *idx)
{
  gsize n = d2->rows;
  g_autofree double *best = g_new (double, k);
  guint count = 0;
  const double *col = d2->data + i * n;   /* distances from row i (the matrix is symmetric) */
  for (gsize j = 0; j < n; j++)
    {
      double v = col[j];
      if (count == k && !(v < best[k - 1]))
        continue;
      /* insert after every entry ≤ v: equal distances keep the lower index first */
      guint pos = count < k ? count : k - 1;
      while (pos > 0 && best[pos - 1] > v)
        {
          if (pos < k)
            {
              best[pos] = best[pos - 1];
              idx[pos] = idx[pos - 1];
            }
          pos--;
        }
      best[pos] = v;
      idx[pos] = j;
      if (count < k)
        count++;
    }
}

/* M = diag(row sums of A) − A with A_ij = exp(−d²_ij/(2σ²)) on the graph of the
 * neighbour table (knngraph.h; d2 may be NULL). */
static LescSmoothness *
laplacian_from_table (const LescMatrix *x, const LescMatrix *d2, const gsize *table, guint k,
                      double sigma)
{
  g_autoptr (LescKnnGraph) g = lesc_knn_graph_new (x, d2, table, k);
  gsize nnz = g->row_ptr[g->n];
  double s = -1.0 / (2.0 * sigma * sigma);
  for (gsize e = 0; e < nnz; e++)
    g->d2[e] = exp (g->d2[e] * s);
  return lesc_smoothness_new_laplacian (g->n, g->row_ptr, g->col, g->d2);
}

static gboolean
check_graph (gsize n, guint k, double sigma, GError **error)
{
  if (k < 1 || k > n)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "GLLE: K = %u neighbours; expected 1 ≤ K ≤ n = %zu", k, n);
      return FALSE;
    }
  if (!(sigma > 0.0) || !isfinite (sigma))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "GLLE: σ = %g; expected σ > 0", sigma);
      return FALSE;
    }
  return TRUE;
}

LescSmoothness *
lesc_glle_laplacian (const LescMatrix *x, guint k, double sigma, LescProgress *progress,
                     GError **error)
{
  gsize n = x->rows;
  if (!check_graph (n, k, sigma, error))
    return NULL;
  g_autoptr (LescMatrix) d2 = lesc_sq_distances_self (x, progress, error);
  if (d2 == NULL)
    return NULL;
  g_autofree gsize *table = g_new (gsize, n * k);
  g_autofree gsize *idx = g_new (gsize, k);
  for (gsize i = 0; i < n; i++)
    {
      if (i % 256 == 0 && lesc_progress_cancelled (progress, error))
        return NULL;
      lesc_glle_neighbours (d2, i, k, idx);
      for (guint t = 0; t < k; t++)
        table[i + t * n] = idx[t];
    }
  return laplacian_from_table (x, d2, table, k, sigma);
}

LescSmoothness *
lesc_glle_laplacian_sparse (const LescMatrix *x, guint k, double sigma, LescKnnSearch *search,
                            double *dimension, double *recall, LescProgress *progress,
                            GError **error)
{
  gsize n = x->rows;
  if (!check_graph (n, k, sigma, error))
    return NULL;
  g_autofree gsize *table = g_new (gsize, n * k);
  if (!lesc_knn_search (x, k, TRUE, search, dimension, table, recall, progress, error))
    return NULL;
  return laplacian_from_table (x, NULL, table, k, sigma);
}

static const LescParamSpec glle_params[] = {
  { "lambda1", "λ (LE trade-off)", "Weight of the graph smoothness term (the official demo: 0.01)",
    0.01, 1e-6, 1e6, TRUE, FALSE },
  { "k", "K (neighbours, self included)", "Neighbours per sample in the kNN graph (official code: 20)",
    20, 1, 1000, FALSE, TRUE },
  { "sigma", "σ (graph width)", "Width of the graph weights exp(−d²/2σ²) (official code: 10)",
    10, 1e-6, 1e6, TRUE, FALSE },
};

extern const LescMethod lesc_method_glle;

static double
glle_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  if (params->scale == LESC_SCALE_LARGE)
    {
      /* the neighbour search's 256×n block, the n×K table, 4nK directed pairs, the CSR
       * graph (3 words per edge, two edges per pair), then the LE step on m landmarks */
      double k = lesc_run_params_get (params, &lesc_method_glle, "k", 20);
      double graph = 8.0 * (256.0 * (double) n + 9.0 * (double) n * k);
      return graph + lesc_le_large_memory_estimate (n, lesc_run_params_landmarks (params, n), c);
    }
  return 8.0 * (double) n * (double) n + lesc_le_memory_estimate (n, c, params->variant);
}

extern const LescMethod lesc_method_glle;

static LescSmoothness *
glle_graph (const LescProblem *problem, const LescRunParams *params, LescProgress *progress,
            LescRunResult *result, GError **error)
{
  const LescMethod *method = &lesc_method_glle;
  gint64 t0 = g_get_monotonic_time ();
  lesc_progress_report (progress, 0.0, "GLLE: kNN graph");
  guint k = (guint) lesc_run_params_get (params, method, "k", 0);
  gsize n = problem->x->rows;
  int ki = lesc_method_param_index (method, "k");
  if (k > n && !(params->given & (1u << ki)))
    {
      /* the default K = 20 on fewer samples: every sample is a neighbour */
      if (result != NULL)
        g_snprintf (result->default_note, sizeof result->default_note, "GLLE: K = %zu (the default %u "
                    "neighbours is more than the %zu samples)", n, k, n);
      k = (guint) n;
    }
  double sigma = lesc_run_params_get (params, method, "sigma", NAN);
  double recall = 1.0, dimension = 0.0;
  LescKnnSearch search = params->knn;
  LescSmoothness *m = params->scale == LESC_SCALE_LARGE
    ? lesc_glle_laplacian_sparse (problem->x, k, sigma, &search, &dimension, &recall, progress, error)
    : lesc_glle_laplacian (problem->x, k, sigma, progress, error);
  if (m != NULL && params->scale == LESC_SCALE_LARGE)
    lesc_run_result_set_graph (result, k, search, recall, dimension);
  if (m != NULL)
    lesc_run_result_add_stage (result, "graph", lesc_seconds_since (t0));
  return m;
}

static LescMatrix *
glle_recover (const LescProblem *problem, const LescRunParams *params, gboolean want_model,
              LescProgress *progress, LescRunResult *result, GError **error)
{
  g_autoptr (LescSmoothness) m = glle_graph (problem, params, progress, result, error);
  if (m == NULL)
    return NULL;
  LescProgress sub = lesc_progress_sub (progress, 0.05, 1.0);
  return lesc_method_le_stage (problem, params, m,
                               lesc_run_params_get (params, &lesc_method_glle, "lambda1", NAN),
                               NULL, want_model, progress ? &sub : NULL, result, error);
}

const LescMethod lesc_method_glle = {
  .name = "glle",
  .display_name = "GLLE",
  .description = "Graph Laplacian label enhancement (Xu et al. 2018): kNN-graph smoothness + kernel regression",
  .reconstructed = FALSE,
  .has_mapping = TRUE,
  .uses_seed = TRUE,
  .uses_variant = TRUE,
  .params = glle_params,
  .n_params = G_N_ELEMENTS (glle_params),
  .recover = glle_recover,
  .memory_estimate = glle_memory,
  .smoothness = glle_graph,
  .cached_stage = "graph (cached)",
  .reference_max_n = 10000,
  .large_neighbours = 20,
  .large_knn = TRUE,
  .large_landmarks = TRUE,
};
