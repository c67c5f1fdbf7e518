/* The Logical labels panel and the Correlations view under Xvfb, on the artificial set:
 * the Distributions figure ends with a "Logical labels" panel at the same positions; in
 * the RGB figure the colour at each probed sample's cell is its 0/1 labels unstretched
 * (label 1 red, 2 green, 3 blue), in the per-label heatmaps a label's 1s share one colour
 * and its 0s another. After a GLLE run, a real click (XTEST) on a sample in the
 * Correlations view selects it, and the figure's weights are those of the graph the run
 * used (the run cache's entry, not computed again), drawn as discs in their colours. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "app/correlation-view.h"
#include "app/distributions-view.h"
#include "app/result.h"
#include "core/methods/correlations.h"
#include "plot/logical.h"
#include "plot/correlations.h"
#include "appwindow.h"
#include "xtest.h"

static LescDistributionsView *
dview (void)
{
  return LESC_DISTRIBUTIONS_VIEW (lesc_window_get_view (window, "distributions"));
}

static LescCorrelationsView *
cview (void)
{
  return LESC_CORRELATIONS_VIEW (lesc_window_get_view (window, "correlations"));
}

static const LescDataset *
dataset (void)
{
  return lesc_data_object_get_dataset (lesc_window_get_data (window));
}

/* The pixel at (x, y) of the view. */
static void
pixel_at (const guchar *pixels, int w, int h, double x, double y, double rgb[3])
{
  int px = (int) floor (x), py = (int) floor (y);
  g_assert_true (px >= 0 && py >= 0 && px < w && py < h);
  const guchar *p = pixels + ((gsize) py * w + px) * 4;
  /* GdkTexture downloads are B, G, R, A in memory on little-endian (cairo ARGB32) */
  rgb[0] = p[2] / 255.0, rgb[1] = p[1] / 255.0, rgb[2] = p[0] / 255.0;
}

static gboolean
ready (gpointer data)
{
  return lesc_correlations_view_is_ready (cview ());
}

static void
test_logical_rgb (void)
{
  lesc_window_open (window, "artificial");
  g_assert_true (lesc_test_wait (data_named, "artificial", 60));
  lesc_window_show_view (window, "distributions");
  g_assert_true (lesc_distributions_view_set_show (dview (), "rgb"));
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, dview (), 60));
  /* the truth, then the logical labels: the input beside the truth before any run */
  g_assert_cmpuint (lesc_distributions_view_get_n_panels (dview ()), ==, 2);
  g_assert_nonnull (strstr (lesc_distributions_view_get_subtitle (dview (), 1), "unstretched"));
  int w = 0, h = 0;
  g_autofree guchar *pixels = lesc_test_pixels (GTK_WIDGET (dview ()), &w, &h);
  g_assert_nonnull (pixels);
  const LescDataset *ds = dataset ();
  guint kinds[8] = { 0 };
  for (gsize i = 0; i < lesc_dataset_n (ds); i += 37)
    {
      double x, y, got[3], want[3];
      g_assert_true (lesc_distributions_view_sample_point (dview (), 1, 0, i, &x, &y));
      pixel_at (pixels, w, h, x, y, got);
      lesc_logical_rgb (LESC_AT (ds->logical, i, 0), LESC_AT (ds->logical, i, 1), LESC_AT (ds->logical, i, 2), want);
      for (int k = 0; k < 3; k++)
        if (fabs (got[k] - want[k]) > 2.5 / 255.0)
          g_error ("sample %zu: pixel (%g, %g, %g), its labels' colour (%g, %g, %g)", i + 1, got[0], got[1], got[2],
                   want[0], want[1], want[2]);
      kinds[(int) want[0] | (int) want[1] << 1 | (int) want[2] << 2]++;
    }
  /* the probes met several label sets, not one colour everywhere */
  guint distinct = 0;
  for (int k = 0; k < 8; k++)
    distinct += kinds[k] > 0;
  g_assert_cmpuint (distinct, >=, 3);
}

static void
test_logical_heatmaps (void)
{
  g_assert_true (lesc_distributions_view_set_show (dview (), "labels"));
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, dview (), 60));
  g_assert_cmpuint (lesc_distributions_view_get_n_panels (dview ()), ==, 2);
  int w = 0, h = 0;
  g_autofree guchar *pixels = lesc_test_pixels (GTK_WIDGET (dview ()), &w, &h);
  const LescDataset *ds = dataset ();
  for (guint k = 0; k < 3; k++)
    {
      double first[2][3];
      gboolean seen[2] = { FALSE, FALSE };
      for (gsize i = 0; i < lesc_dataset_n (ds); i += 41)
        {
          double x, y, got[3];
          g_assert_true (lesc_distributions_view_sample_point (dview (), 1, k, i, &x, &y));
          pixel_at (pixels, w, h, x, y, got);
          int v = LESC_AT (ds->logical, i, k) != 0.0;
          if (!seen[v])
            {
              memcpy (first[v], got, sizeof got);
              seen[v] = TRUE;
            }
          for (int c = 0; c < 3; c++)
            g_assert_cmpfloat (fabs (got[c] - first[v][c]), <=, 2.5 / 255.0);
        }
      g_assert_true (seen[0] && seen[1]);
      double d = fabs (first[0][0] - first[1][0]) + fabs (first[0][1] - first[1][1]) + fabs (first[0][2] - first[1][2]);
      g_assert_cmpfloat (d, >, 0.3);
    }
}

static void
test_correlations_click (void)
{
  if (!lesc_xtest_available (GTK_WIDGET (window)))
    return;
  select_methods ((const char *const[]) { "glle", NULL });
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 300));
  lesc_window_show_view (window, "correlations");
  g_assert_true (lesc_correlations_view_show_method (cview (), "glle"));
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (ready, NULL, 120));
  /* a real click on sample 500 */
  double x, y;
  g_assert_true (lesc_correlations_view_sample_point (cview (), 499, &x, &y));
  lesc_xtest_button (GTK_WIDGET (cview ()), x, y, 1, 1);
  g_assert_true (lesc_test_wait (ready, NULL, 60));
  lesc_test_spin (0.3);
  g_assert_cmpint (lesc_correlations_view_get_selected (cview ()), ==, 499);
  g_assert_true (lesc_test_wait (ready, NULL, 60));
  const LescCorrelationFigure *f = lesc_correlations_view_get_model (cview ());
  g_assert_nonnull (f);
  g_assert_cmpint (f->sample, ==, 499);
  g_assert_true (f->graph);
  g_assert_nonnull (f->top);
  g_assert_cmpuint (f->top->count, >=, 19);   /* K = 20, self included: 19 or more neighbours */
  /* the weights are the graph the run used: its cache entry (a hit, nothing computed) */
  LescResult *run = NULL;
  GListModel *results = lesc_window_get_results (window);
  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, i);
      if (g_str_equal (lesc_result_get_method (r)->name, "glle"))
        run = r;
    }
  g_assert_nonnull (run);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescCorrelations) c = lesc_correlations_new (lesc_result_get_method (run), dataset (),
                                                          lesc_result_get_params (run), lesc_app_run_cache (), NULL, &error);
  g_assert_no_error (error);
  g_assert_false (c->recomputed);
  g_autofree double *line = g_new (double, c->n);
  lesc_correlations_line (c, 499, line);
  for (gsize t = 0; t < f->top->count; t++)
    {
      g_assert_cmpfloat (f->top->weight[t], ==, line[f->top->index[t]]);
      g_assert_cmpfloat (f->top->weight[t], >, 0.0);
    }
  /* the strongest neighbour is drawn as a disc in a colour, not the grey of the others */
  int w = 0, h = 0;
  g_autofree guchar *pixels = lesc_test_pixels (GTK_WIDGET (cview ()), &w, &h);
  gsize far = f->top->index[f->top->count - 1];
  g_assert_true (lesc_correlations_view_sample_point (cview (), far, &x, &y));
  double got[3];
  pixel_at (pixels, w, h, x, y, got);
  g_assert_false (fabs (got[0] - got[1]) < 0.02 && fabs (got[1] - got[2]) < 0.02);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  LescApplication *app = appwindow_open ();
  lesc_test_spin (1.0);
  g_test_add_func ("/app/correlations/logical-rgb", test_logical_rgb);
  g_test_add_func ("/app/correlations/logical-heatmaps", test_logical_heatmaps);
  g_test_add_func ("/app/correlations/click", test_correlations_click);
  int status = g_test_run ();
  appwindow_close (app);
  return status;
}
