/* The experiment views under Xvfb, on small real data: the λ grid of LESC on SJAFFE and a
 * click on one of its cells, a three-fold cross-validation, and a critical-difference
 * diagram over three data sets; each view draws and exports. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "app/application.h"
#include "app/comparison-view.h"
#include "app/cv-view.h"
#include "app/distributions-view.h"
#include "app/exportable.h"
#include "app/measures-view.h"
#include "app/result.h"
#include "app/sensitivity-view.h"
#include "app/settings.h"
#include "app/table-view.h"
#include "app/window.h"
#include "core/experiments/experiment.h"
#include "core/experiments/store.h"
#include "apptest.h"
#include "appwindow.h"
#include "testutil.h"


static gboolean
open_sjaffe (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return FALSE;
  if (!data_named ("sjaffe"))
    {
      lesc_window_open (window, path);
      g_assert_true (lesc_test_wait (data_named, "sjaffe", 60));
    }
  return TRUE;
}

static char *
build_path (const char *name)
{
  const char *dir = g_getenv ("LESC_TEST_BUILDDIR");
  g_autofree char *snapshots = g_build_filename (dir != NULL ? dir : ".", "snapshots", NULL);
  g_mkdir_with_parents (snapshots, 0755);
  return g_build_filename (snapshots, name, NULL);
}

/* Every export of the view: figure as PNG, SVG and PDF, figure data, table as CSV and
 * LaTeX; the CSV holds `expect`. */
static void
check_exports (const char *view_name, const char *expect)
{
  LescExportable *view = LESC_EXPORTABLE (lesc_window_get_view (window, view_name));
  const char *ext[] = { "png", "svg", "pdf" };
  for (guint i = 0; i < G_N_ELEMENTS (ext) && lesc_exportable_has_figure (view); i++)
    {
      g_autofree char *file = g_strdup_printf ("export-%s.%s", view_name, ext[i]);
      g_autofree char *path = build_path (file);
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_export_figure (view, path, 1.0, &error));
      g_assert_no_error (error);
      GStatBuf st;
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_cmpint (st.st_size, >, 1000);
    }
  g_autofree char *csv = build_path ("export-table.csv");
  g_autofree char *tex = build_path ("export-table.tex");
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_export_table (view, csv, LESC_TABLE_CSV, &error));
  g_assert_true (lesc_export_table (view, tex, LESC_TABLE_LATEX, &error));
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, expect));
  g_assert_nonnull (strstr (text, "# lesc-explorer "));
  g_autofree char *latex = NULL;
  g_assert_true (g_file_get_contents (tex, &latex, NULL, NULL));
  g_assert_nonnull (strstr (latex, "\\toprule"));
  g_assert_nonnull (strstr (latex, "\\bottomrule"));
}

static void
snapshot_view (const char *view_name, guint min_colours)
{
  lesc_window_show_view (window, view_name);
  GtkWidget *view = lesc_window_get_view (window, view_name);
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view, 60));
  LescPixelStats stats = { 0 };
  g_autofree char *name = g_strdup_printf ("experiment-%s", view_name);
  g_assert_true (lesc_test_snapshot_drawn (view, name, &stats));
  g_test_message ("%s: %u colours, %.1f %% not background", view_name, stats.distinct_colours,
                  100 * stats.non_background);
  g_assert_cmpuint (stats.distinct_colours, >, min_colours);
}

/* A grid in progress: some cells painted, some still empty. */
static gboolean
partial_grid (gpointer data)
{
  const char *title = lesc_sensitivity_view_get_title (data);
  guint rows = 0, cols = 0;
  const double *v = lesc_sensitivity_view_get_values (data, &rows, &cols);
  if (title == NULL || strstr (title, "computing") == NULL || v == NULL)
    return FALSE;
  guint done = 0;
  for (guint i = 0; i < rows * cols; i++)
    done += isfinite (v[i]);
  return done > 0 && done < rows * cols;
}

static void
test_sensitivity (void)
{
  if (!open_sjaffe ())
    return;
  LescSensitivityView *view = LESC_SENSITIVITY_VIEW (lesc_window_get_view (window, "sensitivity"));
  g_assert_true (lesc_sensitivity_view_select_method (view, "lesc"));
  /* 12 cells: enough time (a few seconds) for the window to read finished cells back while
   * the grid still runs */
  const double l1[] = { 0.1, 1, 10 }, l2[] = { 0.01, 0.1, 1, 10 };
  lesc_sensitivity_view_set_lambdas (view, l1, 3, l2, 4);
  lesc_sensitivity_view_compute (view);
  /* While it runs, the cells done so far are painted (read back from the store). */
  g_assert_true (lesc_test_wait (partial_grid, view, 300));
  g_test_message ("while computing: %s", lesc_sensitivity_view_get_title (view));
  /* the grid is background work and the status strip says so (before: like a user's run) */
  g_autofree char *status = lesc_window_dup_status (window);
  g_test_message ("status: %s", status);
  g_assert_true (g_str_has_prefix (status, "background: "));
  g_assert_true (lesc_job_is_background (lesc_job_queue_get_current (lesc_window_get_queue (window))));
  g_assert_true (lesc_test_wait (queue_idle, NULL, 300));
  g_assert_null (strstr (lesc_sensitivity_view_get_title (view), "computing"));
  guint rows = 0, cols = 0;
  const double *values = lesc_sensitivity_view_get_values (view, &rows, &cols);
  g_assert_nonnull (values);
  g_assert_cmpuint (rows, ==, 3);
  g_assert_cmpuint (cols, ==, 4);
  for (guint i = 0; i < 12; i++)
    g_assert_true (isfinite (values[i]) && values[i] > 0 && values[i] < 1);   /* Chebyshev */
  double cell = values[0 * cols + 2];   /* λ₁ = 0.1, λ₂ = 1 */
  snapshot_view ("sensitivity", 40);
  check_exports ("sensitivity", "10");

  /* A click on that cell runs LESC with those values and shows its distributions; the
   * Measures row equals the grid's cell. */
  select_methods ((const char *const[]) { NULL });
  g_assert_true (lesc_sensitivity_view_activate_cell (view, 0, 2));
  g_assert_true (lesc_test_wait (queue_idle, NULL, 300));
  const LescMethod *lesc = lesc_method_find ("lesc");
  LescRunParams p;
  lesc_method_panel_get_params (lesc_window_get_method_panel (window), lesc, &p);
  g_assert_cmpfloat (lesc_run_params_get (&p, lesc, "lambda1", NAN), ==, 0.1);
  g_assert_cmpfloat (lesc_run_params_get (&p, lesc, "lambda2", NAN), ==, 1);
  double measures[LESC_N_MEASURES];
  LescMeasuresView *mv = LESC_MEASURES_VIEW (lesc_window_get_view (window, "measures"));
  g_assert_true (lesc_measures_view_get_row (mv, "lesc", measures, NULL, NULL));
  g_test_message ("grid cell Cheb %.17g, run Cheb %.17g", cell, measures[LESC_MEASURE_CHEB]);
  g_assert_cmpfloat (measures[LESC_MEASURE_CHEB], ==, cell);   /* the grid shares recover()'s code */
  LescDistributionsView *dv = LESC_DISTRIBUTIONS_VIEW (lesc_window_get_view (window, "distributions"));
  g_assert_cmpuint (lesc_distributions_view_get_n_panels (dv), ==, 3);   /* truth, LESC, logical labels */
}

static void
test_cross_validation (void)
{
  if (!open_sjaffe ())
    return;
  select_methods ((const char *const[]) { "glle", "lesc", NULL });
  LescCvView *view = LESC_CV_VIEW (lesc_window_get_view (window, "cv"));
  lesc_cv_view_set_folds (view, 3);
  lesc_cv_view_run (view);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 300));
  LescTableView *summary = LESC_TABLE_VIEW (lesc_cv_view_get_summary_table (view));
  LescTableView *ttests = LESC_TABLE_VIEW (lesc_cv_view_get_ttest_table (view));
  g_assert_cmpuint (lesc_table_view_get_n_rows (summary), ==, 2);
  g_assert_cmpuint (lesc_table_view_get_n_rows (ttests), ==, 1);
  g_assert_cmpstr (lesc_table_view_get_cell (summary, 0, 0), ==, "GLLE");
  g_assert_nonnull (strstr (lesc_table_view_get_cell (summary, 0, 1), "±"));
  g_assert_cmpstr (lesc_table_view_get_cell (ttests, 0, 0), ==, "GLLE vs LESC");
  snapshot_view ("cv", 40);
  check_exports ("cv", "GLLE vs LESC");
}

static gboolean
setup_says (gpointer data)
{
  LescComparisonView *view = LESC_COMPARISON_VIEW (lesc_window_get_view (window, "comparison"));
  const char *text = lesc_comparison_view_get_setup_text (view);
  return text != NULL && strstr (text, data) != NULL;
}

/* The Comparison over a data folder of two files computes exactly those two, with the
 * methods' defaults, whatever $LESC_DATA_DIR and the side bar say; it says how long it
 * will take before it starts. */
static void
test_comparison (void)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return;
  g_autofree char *data_dir = build_path ("comparison-data");
  g_mkdir_with_parents (data_dir, 0755);
  const char *files[] = { "sjaffe.mat", "yeast-spoem.mat" };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *from = g_build_filename (dir, files[i], NULL);
      g_autofree char *to = g_build_filename (data_dir, files[i], NULL);
      if (!g_file_test (from, G_FILE_TEST_EXISTS))
        {
          g_test_skip ("needs sjaffe.mat and yeast-spoem.mat");
          return;
        }
      g_remove (to);
      g_assert_cmpint (symlink (from, to), ==, 0);
    }
  /* Every benchmark is one variable away, and the side bar holds other values. */
  g_setenv ("LESC_DATA_DIR", dir, TRUE);
  const LescMethod *lp = lesc_method_find ("lp");
  lesc_method_panel_set_param (lesc_window_get_method_panel (window), lp, "alpha", 0.9);
  g_autoptr (GSettings) settings = lesc_app_settings_new ();
  g_settings_set_string (settings, "data-directory", data_dir);
  select_methods ((const char *const[]) { "fcm", "km", "lp", NULL });
  LescComparisonView *view = LESC_COMPARISON_VIEW (lesc_window_get_view (window, "comparison"));
  g_auto (GStrv) chosen = lesc_comparison_view_dup_chosen (view);
  g_assert_cmpuint (g_strv_length (chosen), ==, 2);
  g_assert_true (lesc_test_wait (setup_says, "runs to compute", 60));
  const char *setup = lesc_comparison_view_get_setup_text (view);
  g_test_message ("%s", setup);
  g_assert_nonnull (strstr (setup, "FCM, KM, LP"));
  g_assert_nonnull (strstr (setup, "defaults"));
  g_assert_nonnull (strstr (setup, "6 runs to compute"));

  lesc_comparison_view_compute (view);
  LescJob *job = NULL;
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  job = g_list_model_get_item (jobs, g_list_model_get_n_items (jobs) - 1);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 600));
  g_assert_cmpint (lesc_job_get_state (job), ==, LESC_JOB_DONE);
  const LescRecoveryTable *t = lesc_job_get_output (job);
  g_assert_cmpuint (t->n_datasets, ==, 2);
  g_assert_nonnull (strstr (t->datasets[0], "sjaffe"));
  g_assert_nonnull (strstr (t->datasets[1], "yeast-spoem"));
  /* LP ran with its default α, not the side bar's 0.9. */
  g_assert_cmpuint (t->n_methods, ==, 3);
  g_assert_nonnull (strstr (t->cells[2].params, "alpha=0.5"));
  g_object_unref (job);
  g_assert_cmpuint (lesc_comparison_view_get_n_datasets (view), ==, 2);
  /* Everything is stored now. */
  g_assert_true (lesc_test_wait (setup_says, "All 6 runs", 60));
  snapshot_view ("comparison", 20);
  check_exports ("comparison", "FCM");

  /* LP unticked: the diagram of FCM, KM, LP is stale at once (faded, captioned), then
   * replaced by FCM and KM's from the store without ↻. */
  guint before = g_list_model_get_n_items (jobs);
  GtkWidget *area = lesc_window_get_view (window, "comparison");
  g_assert_cmpuint (lesc_test_stale_figures (area), ==, 0);
  lesc_method_panel_set_selected (lesc_window_get_method_panel (window), lp, FALSE);
  g_assert_true (lesc_comparison_view_get_stale (view));
  g_assert_cmpuint (lesc_test_stale_figures (area), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (jobs), ==, before + 1);   /* read again at once */
  g_assert_true (lesc_test_wait (queue_idle, NULL, 120));
  g_assert_false (lesc_comparison_view_get_stale (view));
  guint k = 0;
  const LescMethod *const *compared = lesc_comparison_view_get_methods (view, &k);
  g_assert_cmpuint (k, ==, 2);
  g_assert_true (compared[0] == lesc_method_find ("fcm") || compared[1] == lesc_method_find ("fcm"));
  g_assert_true (compared[0] == lesc_method_find ("km") || compared[1] == lesc_method_find ("km"));
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, area, 60));
  g_assert_cmpuint (lesc_test_stale_figures (area), ==, 0);
  lesc_method_panel_set_param (lesc_window_get_method_panel (window), lp, "alpha", 0.5);
  g_unsetenv ("LESC_DATA_DIR");
}

/* A fresh results store (XDG_DATA_HOME is in the build folder): runs stored by an older
 * build must not answer for this one. */
static void
remove_store (void)
{
  g_autofree char *path = lesc_store_default_path ();
  const char *suffix[] = { "", "-wal", "-shm", "-journal" };
  for (guint i = 0; i < G_N_ELEMENTS (suffix); i++)
    {
      g_autofree char *file = g_strconcat (path, suffix[i], NULL);
      g_remove (file);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  remove_store ();
  lesc_application_init_i18n ();
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  GSettings *settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", FALSE);
  g_object_unref (settings);
  window = lesc_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  lesc_test_spin (0.5);

  g_test_add_func ("/app/experiments/sensitivity", test_sensitivity);
  g_test_add_func ("/app/experiments/cross-validation", test_cross_validation);
  g_test_add_func ("/app/experiments/comparison", test_comparison);
  int status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  lesc_test_spin (0.2);
  return status;
}
