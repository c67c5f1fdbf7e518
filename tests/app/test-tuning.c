/* Live tuning in the explorer under Xvfb: dragging λ₁ shows provisional frames of the new
 * run before its final result; the optimizer view draws one point per recorded iteration
 * ending at the run's objective, and the converged optimum below it; clicking a cell of
 * the λ strip sets λ₁ and shows that run, the same distributions as the cell. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "app/application.h"
#include "app/exportable.h"
#include "app/job.h"
#include "app/optimizer-view.h"
#include "app/result.h"
#include "app/settings.h"
#include "app/strip-view.h"
#include "app/window.h"
#include "apptest.h"
#include "appwindow.h"
#include "core/methods/run.h"

static LescApplication *app;
static const LescMethod *glle;

static gboolean
window_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window)) && gtk_widget_get_width (GTK_WIDGET (window)) > 0;
}

static LescResult *
result_of (const LescMethod *m)
{
  GListModel *results = lesc_window_get_results (window);
  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, i);
      if (lesc_result_get_method (r) == m)
        return r;   /* still owned by the model */
    }
  return NULL;
}

static double
lambda1_of (LescResult *r)
{
  return lesc_run_params_get (lesc_result_get_params (r), lesc_result_get_method (r), "lambda1", NAN);
}

/* A finished (not provisional) GLLE result with λ₁ = *data. */
static gboolean
final_result_at (gpointer data)
{
  LescResult *r = result_of (glle);
  return r != NULL && !lesc_result_is_provisional (r) && lesc_result_get_trace (r) != NULL
         && lambda1_of (r) == *(double *) data && queue_idle (NULL);
}

typedef struct {
  double lambda1;
  gboolean provisional;
  guint iteration;
} Seen;

static void
results_changed_cb (GListModel *results, guint position, guint removed, guint added, gpointer data)
{
  GArray *seen = data;
  for (guint i = position; i < position + added; i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, i);
      if (lesc_result_get_method (r) != glle)
        continue;
      Seen s = { lambda1_of (r), lesc_result_is_provisional (r), lesc_result_get_iteration (r) };
      g_array_append_val (seen, s);
    }
}

static void
select_only (const LescMethod *m)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], methods[i] == m);
}

static void
test_drag_lambda1 (void)
{
  g_assert_true (lesc_test_wait (window_mapped, NULL, 20));
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  select_only (glle);
  double first = 0.01;
  g_assert_true (lesc_method_panel_set_param (panel, glle, "lambda1", first));
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (final_result_at, &first, 300));

  /* a drag: λ₁ through three values in quick steps, auto-run on */
  GSettings *settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", TRUE);
  GArray *seen = g_array_new (FALSE, FALSE, sizeof (Seen));
  GListModel *results = lesc_window_get_results (window);
  gulong handler = g_signal_connect (results, "items-changed", G_CALLBACK (results_changed_cb), seen);
  const double steps[] = { 0.02, 0.05, 0.1 };
  for (guint k = 0; k < G_N_ELEMENTS (steps); k++)
    {
      g_assert_true (lesc_method_panel_set_param (panel, glle, "lambda1", steps[k]));
      lesc_test_spin (0.02);
    }
  double last = steps[G_N_ELEMENTS (steps) - 1];
  g_assert_true (lesc_test_wait (final_result_at, &last, 300));
  g_signal_handler_disconnect (results, handler);
  g_settings_set_boolean (settings, "auto-run", FALSE);
  g_object_unref (settings);

  /* frames of the run at λ₁ = 0.1: provisional ones (iterations rising, up to the cap)
   * before the final one, which stays */
  guint provisional = 0, final_at = G_MAXUINT, last_iteration = 0;
  for (guint i = 0; i < seen->len; i++)
    {
      Seen *s = &g_array_index (seen, Seen, i);
      g_test_message ("shown: λ₁ = %g, %s, iteration %u", s->lambda1,
                      s->provisional ? "provisional" : "final", s->iteration);
      if (s->lambda1 != last)
        continue;
      if (s->provisional)
        {
          g_assert_cmpuint (final_at, ==, G_MAXUINT);   /* no frame after the final one */
          g_assert_cmpuint (s->iteration, >=, last_iteration);
          g_assert_cmpuint (s->iteration, <=, 300);   /* the 300th may be shown before the end */
          last_iteration = s->iteration;
          provisional++;
        }
      else if (final_at == G_MAXUINT)
        final_at = i;
    }
  g_array_unref (seen);
  g_assert_cmpuint (provisional, >=, 1);
  g_assert_cmpuint (final_at, !=, G_MAXUINT);
  /* the final result is the run itself: the same distributions as the batch run */
  LescResult *r = result_of (glle);
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  LescRunParams p = *lesc_result_get_params (r);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) batch = lesc_method_run (glle, ds, &p, NULL, NULL, &error);
  g_assert_no_error (error);
  const LescMatrix *shown = lesc_result_get_recovered (r);
  g_assert_cmpmem (shown->data, shown->rows * shown->cols * sizeof (double), batch->data,
                   batch->rows * batch->cols * sizeof (double));
}

static gboolean
optimum_known (gpointer data)
{
  LescOptimizerView *view = data;
  LescResult *r = lesc_optimizer_view_get_result (view);
  return r != NULL && !isnan (lesc_result_get_optimum (r)) && queue_idle (NULL);
}

/* The converged-optimum runs so far (background run jobs). */
static guint
converged_runs (void)
{
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  guint n = 0;
  for (guint i = 0; i < g_list_model_get_n_items (jobs); i++)
    {
      g_autoptr (LescJob) job = g_list_model_get_item (jobs, i);
      n += lesc_job_get_kind (job) == LESC_JOB_KIND_RUN && lesc_job_is_background (job);
    }
  return n;
}

static void
test_optimizer_view (void)
{
  LescResult *r = result_of (glle);
  g_assert_nonnull (r);
  /* the converged optimum runs only while the Optimizer view is shown (issue 27) */
  lesc_window_show_view (window, "distributions");
  lesc_test_spin (0.2);
  g_assert_true (isnan (lesc_result_get_optimum (r)));
  g_assert_cmpuint (converged_runs (), ==, 0);
  lesc_window_show_view (window, "optimizer");
  g_assert_cmpuint (converged_runs (), ==, 1);
  LescOptimizerView *view = LESC_OPTIMIZER_VIEW (lesc_window_get_view (window, "optimizer"));
  g_assert_true (lesc_optimizer_view_get_result (view) == r);
  const LescRunResult *report = lesc_result_get_report (r);
  const LescLeTrace *trace = lesc_result_get_trace (r);
  const double *iterations, *objective;
  guint n = lesc_optimizer_view_get_curve (view, &iterations, &objective);
  /* one point per recorded iteration, from 0 to the last, ending at the run's objective */
  g_assert_cmpuint (n, ==, trace->points->len);
  g_assert_cmpuint (n, ==, report->le.iterations + 1);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (iterations[i], ==, i);
  g_assert_cmpfloat (objective[n - 1], ==, report->le.objective);
  /* the converged optimum comes from its own job: below the capped run's f */
  g_assert_true (lesc_test_wait (optimum_known, view, 300));
  double optimum = lesc_result_get_optimum (r);
  g_test_message ("GLLE λ₁ = %g: %u iterations, f = %.8g, converged optimum %.8g",
                  lambda1_of (r), report->le.iterations, report->le.objective, optimum);
  g_assert_cmpfloat (optimum, >, 0.0);
  g_assert_cmpfloat (optimum, <=, report->le.objective * (1 + 1e-9));
  /* the scrubber at the middle iteration; the figure and its data export */
  lesc_optimizer_view_show_iteration (view, report->le.iterations / 2);
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view, 60));
  LescPixelStats stats = { 0 };
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (view), "view-optimizer", &stats));
  g_assert_cmpuint (stats.distinct_colours, >, 50);
  LescExportable *exportable = LESC_EXPORTABLE (view);
  g_assert_true (lesc_exportable_has_figure (exportable));
  g_autofree char *csv = lesc_exportable_get_figure_data (exportable);
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 3 + 1 + n + 1);   /* '#' lines, header, rows, "" */
}

typedef struct {
  LescStripView *view;
  guint col;
} CellWanted;

static gboolean
cell_computed (gpointer data)
{
  CellWanted *w = data;
  return lesc_strip_view_get_cell (w->view, 0, w->col) != NULL;
}

static void
test_strip (void)
{
  LescStripView *view = LESC_STRIP_VIEW (lesc_window_get_view (window, "strip"));
  g_assert_true (lesc_strip_view_select_method (view, glle));
  lesc_window_show_view (window, "strip");
  /* λ₁ is 0.1 now: the strip fills 0.1 first, then 0.01 (the nearer on a log scale, the
   * smaller on ties) */
  CellWanted want = { view, 2 };
  g_assert_cmpfloat (lesc_strip_view_get_value (view, 2), ==, 0.01);
  g_assert_true (lesc_test_wait (cell_computed, &want, 300));
  g_assert_nonnull (lesc_strip_view_get_cell (view, 0, 3));   /* 0.1, the current value */
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view, 60));
  LescPixelStats stats = { 0 };
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (view), "view-strip", &stats));
  g_assert_cmpuint (stats.distinct_colours, >, 50);
  g_autoptr (LescMatrix) cell = lesc_matrix_copy (lesc_strip_view_get_cell (view, 0, 2));

  /* a click on the cell: λ₁ = 0.01 in the panel, that run shown in Distributions */
  g_assert_true (lesc_strip_view_activate_cell (view, 0, 2));
  LescRunParams p;
  lesc_method_panel_get_params (lesc_window_get_method_panel (window), glle, &p);
  g_assert_cmpfloat (lesc_run_params_get (&p, glle, "lambda1", NAN), ==, 0.01);
  g_assert_cmpstr (adw_view_stack_get_visible_child_name (
                     ADW_VIEW_STACK (gtk_widget_get_ancestor (lesc_window_get_view (window, "distributions"),
                                                              ADW_TYPE_VIEW_STACK))), ==, "distributions");
  double wanted = 0.01;
  g_assert_true (lesc_test_wait (final_result_at, &wanted, 300));
  const LescMatrix *shown = lesc_result_get_recovered (result_of (glle));
  g_assert_cmpmem (shown->data, shown->rows * shown->cols * sizeof (double), cell->data,
                   cell->rows * cell->cols * sizeof (double));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  glle = lesc_method_find ("glle");
  app = appwindow_open ();

  g_test_add_func ("/app/tuning/drag-lambda1", test_drag_lambda1);
  g_test_add_func ("/app/tuning/optimizer-view", test_optimizer_view);
  g_test_add_func ("/app/tuning/strip", test_strip);
  int status = g_test_run ();
  appwindow_close (app);
  return status;
}
