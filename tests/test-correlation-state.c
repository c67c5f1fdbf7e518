/* The correlation view's state (session/correlations.h) over a real session: after GLLE
 * and LESC ran, the view takes each run's M from the session's cache without computing
 * it again, and the figure's weights are the run's (the lines of core/methods/correlations.h,
 * themselves tested against the solvers in test-correlations); the sample is kept and
 * bounded; another run replaces the weights; KM says why it has none; a run's M evicted
 * from the cache is computed again on the worker with the same numbers. */
#include "session/correlations.h"
#include "session/session.h"
#include "core/data/artificial.h"
#include "core/data/csv.h"
#include "plot/positions.h"
#include "testsubset.h"

#include <math.h>
#include <glib/gstdio.h>
#include <string.h>

static char *tmpdir, *spec;

static void
changed (LescSession *s, gpointer data)
{
}

static void
run_all (LescSession *s)
{
  lesc_session_run (s);
  gint64 end = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  while (lesc_session_running (s) != NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (lesc_session_running (s));
}

static void
check_figure (LescCorrelationState *v, const LescDataset *ds, const LescRunOutcome *o)
{
  const LescCorrelations *c = lesc_correlation_state_get (v);
  g_assert_nonnull (c);
  g_assert_false (c->recomputed);   /* the run's own M, from the session's cache */
  g_autoptr (LescPositions) pos = lesc_positions_default (ds, NULL, NULL);
  lesc_correlation_state_set_sample (v, 41);
  g_autoptr (LescCorrelationFigure) f = lesc_correlation_state_figure (v, pos, "title");
  g_assert_nonnull (f);
  g_assert_cmpint (f->sample, ==, 41);
  g_assert_nonnull (f->top);
  g_assert_cmpuint (f->top->count, ==, MIN (f->top->nonzero, LESC_CORRELATION_STATE_TOP));
  g_assert_cmpuint (f->top->count, >, 0);
  g_autofree double *line = g_new (double, c->n);
  lesc_correlations_line (c, 41, line);
  for (gsize t = 0; t < f->top->count; t++)
    g_assert_cmpfloat (f->top->weight[t], ==, line[f->top->index[t]]);
  g_assert_nonnull (strstr (lesc_correlation_figure_caption (f), "Sample 42"));
  /* the figure paints, and a click on a listed sample finds it */
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 900, 520);
  cairo_t *cr = cairo_create (s);
  lesc_plot_correlations_paint (cr, 900, 520, f);
  cairo_destroy (cr);
  double x, y;
  g_assert_true (lesc_correlation_figure_point (f, 900, 520, f->top->index[0], &x, &y));
  g_assert_cmpint (lesc_correlation_figure_hit (f, 900, 520, x, y, 0.5), ==, (gssize) f->top->index[0]);
  cairo_surface_destroy (s);
  g_autofree char *csv = lesc_correlation_figure_to_csv (f);
  g_assert_nonnull (strstr (csv, "sample,draws_on,weight\n42,"));
  (void) o;
}

static void
test_session_runs (void)
{
  LescOpenOptions open = { 0 };
  g_autofree char *store = g_build_filename (tmpdir, "store.sqlite", NULL);
  LescSession *s = lesc_session_new (store, &open, changed, NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open (s, spec, &error));
  lesc_session_set_auto_run (s, FALSE);
  int glle = lesc_session_find_method (s, "glle"), lesc = lesc_session_find_method (s, "lesc");
  int km = lesc_session_find_method (s, "km");
  lesc_session_set_ticked (s, (guint) glle, TRUE);
  lesc_session_set_ticked (s, (guint) lesc, TRUE);
  run_all (s);
  const LescDataset *ds = lesc_session_dataset (s);
  LescCorrelationState *v = lesc_correlation_state_new (NULL, NULL);
  for (int k = 0; k < 2; k++)
    {
      LescSessionMethod *m = lesc_session_method (s, (guint) (k ? lesc : glle));
      g_assert_nonnull (m->outcome);
      guint before = lesc_correlation_state_version (v);
      lesc_correlation_state_set_run (v, m->method, ds, &m->params, lesc_session_run_cache (s));
      g_assert_true (lesc_correlation_state_busy (v));
      g_assert_true (lesc_correlation_state_wait (v, 120));
      g_assert_cmpuint (lesc_correlation_state_version (v), >, before);
      g_assert_true (lesc_correlation_state_method (v) == m->method);
      g_assert_true (lesc_correlation_state_get (v)->graph == (k == 0));
      check_figure (v, ds, m->outcome);
      /* the same run again keeps the weights */
      const LescCorrelations *c = lesc_correlation_state_get (v);
      lesc_correlation_state_set_run (v, m->method, ds, &m->params, lesc_session_run_cache (s));
      g_assert_false (lesc_correlation_state_busy (v));
      g_assert_true (lesc_correlation_state_get (v) == c);
    }
  /* gLESC: its views on request, made on the worker; LESC has none */
  g_assert_false (lesc_correlation_state_set_matrix (v, LESC_CORRELATIONS_FEATURES));
  int glesc = lesc_session_find_method (s, "glesc");
  lesc_session_set_ticked (s, (guint) glesc, TRUE);
  run_all (s);
  LescSessionMethod *mg = lesc_session_method (s, (guint) glesc);
  lesc_correlation_state_set_run (v, mg->method, ds, &mg->params, lesc_session_run_cache (s));
  g_assert_true (lesc_correlation_state_wait (v, 120));
  g_assert_true (lesc_correlation_state_set_matrix (v, LESC_CORRELATIONS_LABELS));
  g_assert_true (lesc_correlation_state_get_matrix (v) == LESC_CORRELATIONS_RUN);   /* until made */
  g_assert_true (lesc_correlation_state_busy (v));
  g_assert_true (lesc_correlation_state_wait (v, 120));
  g_assert_true (lesc_correlation_state_get_matrix (v) == LESC_CORRELATIONS_LABELS);
  {
    g_autoptr (LescPositions) pos = lesc_positions_default (ds, NULL, NULL);
    lesc_correlation_state_set_sample (v, 9);
    g_autoptr (LescCorrelationFigure) f = lesc_correlation_state_figure (v, pos, "t");
    g_assert_true (f->which == LESC_CORRELATIONS_LABELS);
    g_autofree double *z2 = g_new (double, lesc_dataset_n (ds));
    lesc_correlations_line_of (lesc_correlation_state_get (v), LESC_CORRELATIONS_LABELS, 9, z2);
    for (gsize t = 0; t < f->top->count; t++)
      g_assert_cmpfloat (f->top->weight[t], ==, z2[f->top->index[t]]);
    g_assert_nonnull (strstr (lesc_correlation_figure_caption (f), "Z₂ (labels view)"));
  }
  /* the sample stays in range */
  lesc_correlation_state_set_sample (v, 100000);
  g_assert_cmpint (lesc_correlation_state_get_sample (v), ==, -1);
  /* KM: no weights, and why */
  LescSessionMethod *m = lesc_session_method (s, (guint) km);
  lesc_correlation_state_set_run (v, m->method, ds, &m->params, lesc_session_run_cache (s));
  g_assert_null (lesc_correlation_state_get (v));
  g_assert_false (lesc_correlation_state_busy (v));
  g_assert_cmpstr (lesc_correlation_state_message (v), ==,
                   "KM recovers each sample without a sample graph or correlation matrix: choose GLLE, LESC or gLESC.");
  /* evicted: computed again on the worker, the same line */
  LescSessionMethod *ml = lesc_session_method (s, (guint) lesc);
  lesc_correlation_state_set_run (v, ml->method, ds, &ml->params, lesc_session_run_cache (s));
  g_assert_true (lesc_correlation_state_wait (v, 120));
  g_autofree double *a = g_new (double, lesc_dataset_n (ds));
  lesc_correlations_line (lesc_correlation_state_get (v), 7, a);
  lesc_correlation_state_set_run (v, NULL, NULL, NULL, NULL);
  g_assert_null (lesc_correlation_state_get (v));
  lesc_run_cache_trim (lesc_session_run_cache (s), 0.0);
  lesc_correlation_state_set_run (v, ml->method, ds, &ml->params, lesc_session_run_cache (s));
  g_assert_true (lesc_correlation_state_wait (v, 120));
  const LescCorrelations *again = lesc_correlation_state_get (v);
  g_assert_nonnull (again);
  g_assert_true (again->recomputed);
  g_autofree double *b = g_new (double, lesc_dataset_n (ds));
  lesc_correlations_line (again, 7, b);
  g_assert_cmpmem (a, sizeof (double) * again->n, b, sizeof (double) * again->n);
  lesc_correlation_state_free (v);
  lesc_session_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lesc-corrstate-XXXXXX", NULL);
  spec = lesc_test_artificial_part (tmpdir, "small", 200, 11, 2);
  g_test_add_func ("/correlation-state/session-runs", test_session_runs);
  int status = g_test_run ();
  g_auto (GStrv) files = g_strsplit (spec, ",", 2);
  g_unlink (files[0]);
  g_unlink (files[1]);
  g_autofree char *store = g_build_filename (tmpdir, "store.sqlite", NULL);
  g_unlink (store);
  g_rmdir (tmpdir);
  return status;
}
