/* The weights the correlation view shows (core/methods/correlations.h) are the run's own:
 * after a run through the cache, the view takes the cache's M (no recomputation) and
 * sample i's weights equal — to the bit where the run held a dense matrix — the graph
 * weights A_ij of GLLE's Laplacian (−M_ij), row i of LESC's Z from the LRR (column i in the
 * paper's orientation), and row i of gLESC's C = (Z₁ + Z₂)/2 from the tensor step, each
 * computed here independently; the top-20 list is those weights by |weight|; the heatmap
 * holds the same entries in PC 1 order, subsampled past 300 samples; gLESC's two views are
 * the tensor step's Z₁ and Z₂, their mean the run's C; an evicted M is computed again with
 * the same numbers; KM is refused, and views for LESC. */
#include "core/methods/correlations.h"
#include "core/base/error.h"
#include "core/methods/glle.h"
#include "core/methods/run.h"
#include "core/data/artificial.h"
#include "core/data/dataset.h"
#include "core/numeric/pca.h"
#include "core/numeric/preprocess.h"
#include "core/solvers/lrr.h"
#include "core/solvers/tensor.h"
#include "testrandom.h"

#include <math.h>
#include <string.h>

/* rows 0, s, 2s, … of the artificial set */
static LescDataset *
artificial_rows (gsize n, gsize step)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  g_autofree gsize *rows = g_new (gsize, n);
  for (gsize i = 0; i < n; i++)
    rows[i] = step * i;
  return lesc_dataset_new ("small", lesc_matrix_select_rows (art->features, rows, n),
                           lesc_matrix_select_rows (art->truth, rows, n), NULL);
}

/* More features than samples: LESC's C is then the dense n×n Z (4r > n). */
static LescDataset *
wide_set (void)
{
  gsize n = 24, q = 40, c = 3;
  g_autofree double *f = lesc_test_uniform (n * q, 7);
  g_autofree double *t = lesc_test_uniform (n * c, 8);
  LescMatrix *x = lesc_matrix_new_from (n, q, f);
  LescMatrix *d = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    {
      double s = 0.0;
      for (gsize k = 0; k < c; k++)
        s += LESC_AT (d, i, k) = t[i + k * n] + 0.6;
      for (gsize k = 0; k < c; k++)
        LESC_AT (d, i, k) /= s;
    }
  return lesc_dataset_new ("wide", x, d, NULL);
}

static LescCorrelations *
after_run (const LescMethod *m, const LescDataset *ds, const LescRunParams *p, LescRunCache *cache)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) d = lesc_method_run_cached (m, ds, p, cache, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (d);
  LescRunCacheStats before, after;
  lesc_run_cache_get_stats (cache, &before);
  LescCorrelations *c = lesc_correlations_new (m, ds, p, cache, NULL, &error);
  g_assert_no_error (error);
  lesc_run_cache_get_stats (cache, &after);
  /* the run's own M: a hit, nothing computed again */
  g_assert_false (c->recomputed);
  g_assert_cmpuint (after.hits, ==, before.hits + 1);
  g_assert_cmpuint (after.misses, ==, before.misses);
  g_assert_cmpuint (c->n, ==, lesc_dataset_n (ds));
  return c;
}

/* Every sample's line equals row i of `want` (n×n) within `tol` relative to max|want|
 * (0: exactly), its diagonal skipped when `skip_self`; the top list agrees. */
static void
check_lines (const LescCorrelations *c, const LescMatrix *want, gboolean transpose, double tol)
{
  gsize n = c->n;
  double scale = 0.0;
  for (gsize k = 0; k < n * n; k++)
    scale = MAX (scale, fabs (want->data[k]));
  g_assert_cmpfloat (scale, >, 0.0);
  g_autofree double *line = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    {
      lesc_correlations_line (c, i, line);
      for (gsize j = 0; j < n; j++)
        {
          double w = transpose ? LESC_AT (want, j, i) : LESC_AT (want, i, j);
          if (tol == 0.0)
            g_assert_cmpfloat (line[j], ==, w);
          else
            g_assert_cmpfloat (fabs (line[j] - w), <=, tol * scale);
        }
      g_autoptr (LescSampleWeights) top = lesc_correlations_top (c, i, 20);
      gsize nonzero = 0;
      for (gsize j = 0; j < n; j++)
        nonzero += j != i && line[j] != 0.0;
      g_assert_cmpuint (top->nonzero, ==, nonzero);
      g_assert_cmpuint (top->count, ==, MIN (nonzero, 20));
      g_assert_cmpfloat (top->self, ==, line[i]);
      for (gsize t = 0; t < top->count; t++)
        {
          g_assert_cmpuint (top->index[t], !=, i);
          g_assert_cmpfloat (top->weight[t], ==, line[top->index[t]]);
          if (t > 0)
            g_assert_cmpfloat (fabs (top->weight[t]), <=, fabs (top->weight[t - 1]));
        }
      /* nothing left out is larger than the last one listed */
      if (top->count > 0)
        for (gsize j = 0; j < n; j++)
          {
            gboolean listed = j == i;
            for (gsize t = 0; t < top->count; t++)
              listed |= top->index[t] == j;
            if (!listed)
              g_assert_cmpfloat (fabs (line[j]), <=, fabs (top->weight[top->count - 1]));
          }
    }
}

/* The heatmap: the lines' entries at the PC 1 order, which increases. */
static void
check_heatmap (const LescCorrelations *c, const LescDataset *ds)
{
  g_autoptr (LescMatrix) pc = lesc_pca (ds->features, 1, NULL, NULL);
  g_autofree double *line = g_new (double, c->n);
  for (gsize a = 0; a < c->heat_n; a++)
    {
      if (a > 0)
        g_assert_cmpfloat (pc->data[c->heat_order[a - 1]], <=, pc->data[c->heat_order[a]]);
      lesc_correlations_line (c, c->heat_order[a], line);
      for (gsize b = 0; b < c->heat_n; b++)
        g_assert_cmpfloat (LESC_AT (c->heat, a, b), ==, line[c->heat_order[b]]);
    }
}

static void
test_glle (void)
{
  g_autoptr (LescDataset) ds = artificial_rows (150, 17);
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  const LescMethod *m = lesc_method_find ("glle");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  lesc_run_params_set (&p, m, "k", 8);
  lesc_run_params_set (&p, m, "sigma", 1);
  g_autoptr (LescCorrelations) c = after_run (m, ds, &p, cache);
  g_assert_true (c->graph);
  /* the graph GLLE builds, here on its own: A_ij = −M_ij off the diagonal */
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  g_autoptr (LescSmoothness) s = lesc_glle_laplacian (x, 8, 1.0, NULL, NULL);
  g_autoptr (LescMatrix) mm = lesc_smoothness_dense (s);
  g_autoptr (LescMatrix) a = lesc_matrix_new (150, 150);
  for (gsize j = 0; j < 150; j++)
    for (gsize i = 0; i < 150; i++)
      LESC_AT (a, i, j) = i == j ? 0.0 : -LESC_AT (mm, i, j);
  check_lines (c, a, FALSE, 0.0);
  /* K = 8 with the union of the lists: each sample has 7 neighbours or more, all > 0 */
  for (gsize i = 0; i < 150; i++)
    {
      g_autoptr (LescSampleWeights) w = lesc_correlations_top (c, i, 20);
      g_assert_cmpuint (w->nonzero, >=, 7);
      g_assert_cmpfloat (w->weight[0], >, 0.0);
    }
  check_heatmap (c, ds);
  g_assert_false (c->heat_subsampled);
}

static void
check_lesc (LescDataset *ds, gboolean paper, double tol)
{
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  const LescMethod *m = lesc_method_find ("lesc");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  p.c_paper_orientation = paper;
  lesc_run_params_set (&p, m, "lambda2", 0.1);
  g_autoptr (LescCorrelations) c = after_run (m, ds, &p, cache);
  g_assert_false (c->graph);
  g_assert_true (c->paper == paper);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) z = lesc_lrr (x, 0.1, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  check_lines (c, z, paper, tol);
  check_heatmap (c, ds);
}

static void
test_lesc_dense (void)
{
  /* n = 24 < 4r: the run multiplied Z out, and the view reads that matrix */
  g_autoptr (LescDataset) ds = wide_set ();
  check_lesc (ds, FALSE, 0.0);
  check_lesc (ds, TRUE, 0.0);
}

static void
test_lesc_factored (void)
{
  /* n = 150, q = 2: the run keeps C = QZ̃ factored; the view's entries are Σ_k Q_ik Z̃_kj,
   * the lrr's product by dgemm: equal to rounding */
  g_autoptr (LescDataset) ds = artificial_rows (150, 17);
  check_lesc (ds, FALSE, 1e-12);
}

static void
test_glesc (void)
{
  g_autoptr (LescDataset) ds = wide_set ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  const LescMethod *m = lesc_method_find ("glesc");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  lesc_run_params_set (&p, m, "lambda2", 10);
  g_autoptr (LescCorrelations) c = after_run (m, ds, &p, cache);
  g_assert_false (c->graph);
  /* the tensor step as gLESC calls it: C = (Z₁ + Z₂)/2 from the spectra */
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  LescTensorOptions options = { FALSE, FALSE, 0, TRUE };
  LescMatrix *cm = NULL, *unused = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_tensor_step (x, ds->logical, 10, &options, NULL, NULL, &cm, &unused, &error));
  g_assert_no_error (error);
  g_autoptr (LescMatrix) want = cm;
  check_lines (c, want, FALSE, 0.0);
  check_heatmap (c, ds);
  /* the two views: the tensor step's Z₁ and Z₂ as gLESC computes them, whose mean is the
   * C the run used (to rounding: the run averages the spectra) */
  g_assert_true (lesc_correlations_add_views (c, ds, &p, NULL, &error));
  g_assert_no_error (error);
  LescTensorOptions apart = { FALSE, FALSE, 0, FALSE };
  LescMatrix *z1 = NULL, *z2 = NULL;
  g_assert_true (lesc_tensor_step (x, ds->logical, 10, &apart, NULL, NULL, &z1, &z2, &error));
  g_autoptr (LescMatrix) w1 = z1;
  g_autoptr (LescMatrix) w2 = z2;
  gsize n = c->n;
  double scale = 0.0;
  for (gsize k = 0; k < n * n; k++)
    scale = MAX (scale, fabs (want->data[k]));
  g_autofree double *a = g_new (double, n);
  g_autofree double *b = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    {
      lesc_correlations_line_of (c, LESC_CORRELATIONS_FEATURES, i, a);
      lesc_correlations_line_of (c, LESC_CORRELATIONS_LABELS, i, b);
      for (gsize j = 0; j < n; j++)
        {
          g_assert_cmpfloat (a[j], ==, LESC_AT (w1, i, j));
          g_assert_cmpfloat (b[j], ==, LESC_AT (w2, i, j));
          g_assert_cmpfloat (fabs ((a[j] + b[j]) / 2 - LESC_AT (want, i, j)), <=, 1e-10 * scale);
        }
      g_autoptr (LescSampleWeights) t = lesc_correlations_top_of (c, LESC_CORRELATIONS_LABELS, i, 20);
      for (gsize k = 0; k < t->count; k++)
        g_assert_cmpfloat (t->weight[k], ==, b[t->index[k]]);
    }
  for (gsize u = 0; u < c->heat_n; u++)
    for (gsize v = 0; v < c->heat_n; v++)
      g_assert_cmpfloat (LESC_AT (c->view_heat[0], u, v), ==, LESC_AT (w1, c->heat_order[u], c->heat_order[v]));
  /* the views differ from each other: the labels' view is not the features' */
  double diff = 0.0;
  for (gsize k = 0; k < n * n; k++)
    diff = MAX (diff, fabs (w1->data[k] - w2->data[k]));
  g_assert_cmpfloat (diff, >, 1e-6 * scale);
}

/* An evicted M comes back with the same numbers; a held M survives eviction. */
static void
test_evicted (void)
{
  g_autoptr (LescDataset) ds = wide_set ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  const LescMethod *m = lesc_method_find ("lesc");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (LescCorrelations) first = after_run (m, ds, &p, cache);
  lesc_run_cache_trim (cache, 0.0);   /* the held entry stays */
  g_autofree double *a = g_new (double, first->n);
  g_autofree double *b = g_new (double, first->n);
  lesc_correlations_line (first, 3, a);
  g_clear_pointer (&first, lesc_correlations_free);
  lesc_run_cache_trim (cache, 0.0);   /* now it goes */
  LescRunCacheStats stats;
  lesc_run_cache_get_stats (cache, &stats);
  g_assert_cmpfloat (stats.bytes, ==, 0.0);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescCorrelations) again = lesc_correlations_new (m, ds, &p, cache, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (again->recomputed);
  lesc_correlations_line (again, 3, b);
  g_assert_cmpmem (a, sizeof (double) * again->n, b, sizeof (double) * again->n);
}

static void
test_subsampled (void)
{
  g_autoptr (LescDataset) ds = artificial_rows (640, 3);
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  const LescMethod *m = lesc_method_find ("glle");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  lesc_run_params_set (&p, m, "k", 5);
  lesc_run_params_set (&p, m, "sigma", 1);
  g_autoptr (LescCorrelations) c = after_run (m, ds, &p, cache);
  g_assert_true (c->heat_subsampled);
  g_assert_cmpuint (c->heat_n, ==, LESC_CORRELATIONS_HEATMAP_MAX);
  check_heatmap (c, ds);
  /* the ends of the PC 1 order are in it */
  g_autoptr (LescMatrix) pc = lesc_pca (ds->features, 1, NULL, NULL);
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  for (gsize i = 0; i < 640; i++)
    lo = MIN (lo, pc->data[i]), hi = MAX (hi, pc->data[i]);
  g_assert_cmpfloat (pc->data[c->heat_order[0]], ==, lo);
  g_assert_cmpfloat (pc->data[c->heat_order[c->heat_n - 1]], ==, hi);
}

static void
test_refused (void)
{
  g_autoptr (LescDataset) ds = wide_set ();
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  const LescMethod *m = lesc_method_find ("km");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_correlations_new (m, ds, &p, cache, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_assert_cmpstr (error->message, ==, "KM has no sample graph or correlation matrix (GLLE, LESC and gLESC have)");
  /* views are gLESC's */
  g_clear_error (&error);
  const LescMethod *lesc = lesc_method_find ("lesc");
  lesc_run_params_init (&p, lesc);
  g_autoptr (LescCorrelations) c = lesc_correlations_new (lesc, ds, &p, cache, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (lesc_correlations_add_views (c, ds, &p, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_assert_cmpstr (error->message, ==, "LESC has one correlation matrix, not views (gLESC has)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/correlations/glle", test_glle);
  g_test_add_func ("/correlations/lesc-dense", test_lesc_dense);
  g_test_add_func ("/correlations/lesc-factored", test_lesc_factored);
  g_test_add_func ("/correlations/glesc", test_glesc);
  g_test_add_func ("/correlations/evicted", test_evicted);
  g_test_add_func ("/correlations/subsampled", test_subsampled);
  g_test_add_func ("/correlations/refused", test_refused);
  return g_test_run ();
}
