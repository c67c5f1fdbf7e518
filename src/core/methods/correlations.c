/* The weights of the smoothness matrix a run used, per sample and as a small heatmap. */
#include "core/methods/correlations.h"
#include "core/methods/run.h"
#include "core/base/error.h"
#include "core/numeric/pca.h"
#include "core/numeric/preprocess.h"
#include "core/solvers/tensor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
lesc_correlations_free (LescCorrelations *c)
{
  if (c == NULL)
    return;
  lesc_run_cache_hold_release (c->hold);
  g_free (c->heat_order);
  lesc_matrix_free (c->heat);
  for (int v = 0; v < 2; v++)
    {
      lesc_matrix_free (c->views[v]);
      lesc_matrix_free (c->view_heat[v]);
    }
  g_free (c);
}

void
lesc_correlations_line_of (const LescCorrelations *c, LescCorrelationsMatrix which, gsize i, double *out)
{
  if (which == LESC_CORRELATIONS_RUN)
    {
      lesc_correlations_line (c, i, out);
      return;
    }
  const LescMatrix *z = c->views[which == LESC_CORRELATIONS_FEATURES ? 0 : 1];
  g_return_if_fail (z != NULL);
  for (gsize j = 0; j < c->n; j++)
    out[j] = c->paper ? LESC_AT (z, j, i) : LESC_AT (z, i, j);
}

void
lesc_correlations_line (const LescCorrelations *c, gsize i, double *out)
{
  const LescSmoothness *m = lesc_run_cache_hold_get (c->hold);
  if (!c->graph)
    {
      lesc_smoothness_correlation_line (m, i, c->paper, out);
      return;
    }
  memset (out, 0, sizeof (double) * c->n);
  const gsize *cols;
  const double *w;
  gsize k = lesc_smoothness_graph_row (m, i, &cols, &w);
  for (gsize t = 0; t < k; t++)
    out[cols[t]] = w[t];
}

typedef struct {
  double key;
  gsize index;
} Ranked;

/* larger key first; ties: lower index first */
static int
compare_ranked (const void *a, const void *b)
{
  const Ranked *p = a, *q = b;
  if (p->key != q->key)
    return p->key > q->key ? -1 : 1;
  return (p->index > q->index) - (p->index < q->index);
}

LescSampleWeights *
lesc_correlations_top (const LescCorrelations *c, gsize i, gsize top)
{
  return lesc_correlations_top_of (c, LESC_CORRELATIONS_RUN, i, top);
}

LescSampleWeights *
lesc_correlations_top_of (const LescCorrelations *c, LescCorrelationsMatrix which, gsize i, gsize top)
{
  g_return_val_if_fail (i < c->n, NULL);
  g_autofree double *line = g_new (double, c->n);
  lesc_correlations_line_of (c, which, i, line);
  g_autofree Ranked *r = g_new (Ranked, c->n);
  LescSampleWeights *w = g_new0 (LescSampleWeights, 1);
  w->self = line[i];
  gsize count = 0;
  for (gsize j = 0; j < c->n; j++)
    if (j != i && line[j] != 0.0)
      {
        r[count++] = (Ranked) { fabs (line[j]), j };
        w->total += fabs (line[j]);
      }
  w->nonzero = count;
  qsort (r, count, sizeof (Ranked), compare_ranked);
  w->count = MIN (count, top);
  w->index = g_new (gsize, MAX (w->count, 1));
  w->weight = g_new (double, MAX (w->count, 1));
  for (gsize t = 0; t < w->count; t++)
    {
      w->index[t] = r[t].index;
      w->weight[t] = line[r[t].index];
    }
  return w;
}

void
lesc_sample_weights_free (LescSampleWeights *w)
{
  if (w == NULL)
    return;
  g_free (w->index);
  g_free (w->weight);
  g_free (w);
}

/* The heatmap's samples: all in increasing PC 1 score, or LESC_CORRELATIONS_HEATMAP_MAX
 * of them evenly spaced in that order; its entries from the lines of M (never n×n). */
static gboolean
make_heatmap (LescCorrelations *c, const LescDataset *ds, LescProgress *progress, GError **error)
{
  gsize n = c->n;
  g_autofree Ranked *r = g_new (Ranked, n);
  c->pc1_explained = NAN;
  g_autoptr (LescMatrix) pc = ds->features->cols >= 1 ? lesc_pca (ds->features, 1, &c->pc1_explained, NULL) : NULL;
  for (gsize i = 0; i < n; i++)
    r[i] = (Ranked) { pc != NULL ? -pc->data[i] : 0.0, i };   /* increasing score */
  qsort (r, n, sizeof (Ranked), compare_ranked);
  c->heat_n = MIN (n, (gsize) LESC_CORRELATIONS_HEATMAP_MAX);
  c->heat_subsampled = c->heat_n < n;
  c->heat_order = g_new (gsize, c->heat_n);
  for (gsize a = 0; a < c->heat_n; a++)
    c->heat_order[a] = r[c->heat_subsampled ? (a * (n - 1)) / (c->heat_n - 1) : a].index;
  c->heat = lesc_matrix_new (c->heat_n, c->heat_n);
  g_autofree double *line = g_new (double, n);
  for (gsize a = 0; a < c->heat_n; a++)
    {
      if (a % 32 == 0 && lesc_progress_cancelled (progress, error))
        return FALSE;
      lesc_correlations_line (c, c->heat_order[a], line);
      for (gsize b = 0; b < c->heat_n; b++)
        LESC_AT (c->heat, a, b) = line[c->heat_order[b]];
    }
  return TRUE;
}

LescCorrelations *
lesc_correlations_new (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                       LescRunCache *cache, LescProgress *progress, GError **error)
{
  if (m->smoothness == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no sample graph or correlation matrix (GLLE, LESC and gLESC have)",
                   m->display_name);
      return NULL;
    }
  gsize n = ds->features->rows;
  LescRunParams chosen;
  /* the same formulation as the run (run.c), so that the key is the run's */
  if (!lesc_method_choose_scale (m, ds->name, n, ds->features->cols, ds->logical->cols, p, &chosen,
                                 NULL, NULL, error))
    return NULL;
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  LescProblem problem = { x, ds->logical, ds->features };
  g_autoptr (LescCorrelations) c = g_new0 (LescCorrelations, 1);
  c->method = m;
  c->n = n;
  c->hold = lesc_run_cache_hold_smoothness (cache, m, ds, &problem, &chosen, progress, &c->recomputed, error);
  if (c->hold == NULL)
    return NULL;
  const LescSmoothness *s = lesc_run_cache_hold_get (c->hold);
  c->graph = lesc_smoothness_is_graph (s);
  c->paper = !c->graph && lesc_smoothness_paper_orientation (s);
  if (!make_heatmap (c, ds, progress, error))
    return NULL;
  return g_steal_pointer (&c);
}

gboolean
lesc_correlations_add_views (LescCorrelations *c, const LescDataset *ds, const LescRunParams *p,
                             LescProgress *progress, GError **error)
{
  if (c->views[0] != NULL)
    return TRUE;
  if (strcmp (c->method->name, "glesc") != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s has one correlation matrix, not views (gLESC has)",
                   c->method->display_name);
      return FALSE;
    }
  if (c->n > LESC_CORRELATIONS_VIEWS_MAX_N)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
                   "gLESC's views are shown up to %d samples (two n×n matrices); this set has %zu",
                   LESC_CORRELATIONS_VIEWS_MAX_N, c->n);
      return FALSE;
    }
  /* the options of gLESC's run (glesc.c), the two outputs kept apart */
  LescTensorOptions options = { p->tensor_fft_views, p->odd_n_single_shrink, 0, FALSE };
  double beta = lesc_run_params_get (p, c->method, "lambda2", NAN);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  LescMatrix *z1 = NULL, *z2 = NULL;
  if (!lesc_tensor_step (x, ds->logical, beta, &options, progress, NULL, &z1, &z2, error))
    return FALSE;
  c->views[0] = z1;
  c->views[1] = z2;
  g_autofree double *line = g_new (double, c->n);
  for (int v = 0; v < 2; v++)
    {
      c->view_heat[v] = lesc_matrix_new (c->heat_n, c->heat_n);
      for (gsize a = 0; a < c->heat_n; a++)
        {
          lesc_correlations_line_of (c, v == 0 ? LESC_CORRELATIONS_FEATURES : LESC_CORRELATIONS_LABELS,
                                     c->heat_order[a], line);
          for (gsize b = 0; b < c->heat_n; b++)
            LESC_AT (c->view_heat[v], a, b) = line[c->heat_order[b]];
        }
    }
  return TRUE;
}
