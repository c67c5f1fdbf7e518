/* The explorer's window under Xvfb: it opens on the artificial set, runs a method to a
 * Measures row, cancels a long run (the main loop turning while it works), drops a stale run when a parameter changes,
 * and every view draws a picture; a data-set switch never shows the old picture as
 * current, and Measures says when runs are queued. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "app/application.h"
#include "app/exportable.h"
#include "app/job.h"
#include "app/measures-view.h"
#include "app/result.h"
#include "app/settings.h"
#include "app/window.h"
#include "apptest.h"
#include "appwindow.h"
#include "testutil.h"

static LescApplication *app;

static gboolean
window_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window)) && gtk_widget_get_width (GTK_WIDGET (window)) > 0;
}

static void
select_only (const char *name)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], g_ascii_strcasecmp (methods[i]->name, name) == 0);
}

static LescResult *
result_of (const char *name)
{
  GListModel *results = lesc_window_get_results (window);
  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, i);
      if (g_ascii_strcasecmp (lesc_result_get_method (r)->name, name) == 0)
        return r;   /* still owned by the model */
    }
  return NULL;
}

/* The newest job of the session. */
static LescJob *
last_job (void)
{
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  guint n = g_list_model_get_n_items (jobs);
  if (n == 0)
    return NULL;
  LescJob *job = g_list_model_get_item (jobs, n - 1);
  g_object_unref (job);   /* the model keeps it */
  return job;
}

static gboolean
job_running (gpointer data)
{
  return lesc_job_get_state (data) == LESC_JOB_RUNNING;
}

static gboolean
job_finished (gpointer data)
{
  return lesc_job_is_finished (data);
}

static gboolean
newer_job (gpointer data)
{
  return last_job () != data;
}

/* ---- tests ------------------------------------------------------------------------------ */

static void
test_window_opens (void)
{
  g_assert_true (lesc_test_wait (window_mapped, NULL, 20));
  LescDataObject *data = lesc_window_get_data (window);
  g_assert_nonnull (data);
  g_assert_cmpstr (lesc_data_object_get_name (data), ==, "artificial");
  const LescValidateReport *f = lesc_data_object_get_report (data);
  g_assert_cmpuint (f->n, ==, 2601);
  g_assert_cmpuint (f->q, ==, 3);
  g_assert_cmpuint (f->o, ==, 3);
  g_assert_cmpuint (f->not_distributions, ==, 0);
  /* Every view is in the stack. */
  const char *views[] = { "distributions", "measures", "sensitivity", "comparison", "cv" };
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    g_assert_nonnull (lesc_window_get_view (window, views[i]));
  /* Nothing runs before being asked (auto-run is off in the tests). */
  g_assert_false (lesc_job_queue_get_busy (lesc_window_get_queue (window)));
}

/* A file that is not a data set: a toast names it, and the data set in use stays. */
/* The shortcuts window, the preferences and the About window open (their .ui parse). */
static guint
visible_toplevels (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (toplevels, i);
      n += gtk_widget_get_visible (w);
    }
  return n;
}

static void
test_secondary_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint before = visible_toplevels ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "preferences", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "about", NULL);
  lesc_test_spin (0.5);
  g_assert_cmpuint (visible_toplevels (), ==, before + 3);
  for (guint i = g_list_model_get_n_items (toplevels); i-- > 0;)
    {
      g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
      if (w != GTK_WINDOW (window))
        gtk_window_close (w);
    }
  lesc_test_spin (0.3);
}

static void
test_bad_file (void)
{
  const char *dir = g_getenv ("LESC_TEST_BUILDDIR");
  g_autofree char *path = g_build_filename (dir != NULL ? dir : ".", "not-a-dataset.mat", NULL);
  g_assert_true (g_file_set_contents (path, "MATLAB 5.0 MAT-file, truncated", -1, NULL));
  lesc_window_open (window, path);
  g_assert_true (lesc_test_wait (toast_has, path, 30));
  g_test_message ("toast: %s", lesc_window_get_last_toast (window));
  g_assert_cmpstr (lesc_data_object_get_name (lesc_window_get_data (window)), ==, "artificial");
  g_remove (path);
}

static void
test_run_lesc (void)
{
  select_only ("lesc");
  lesc_window_run (window);
  LescJob *job = last_job ();
  g_assert_nonnull (job);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 240));
  g_assert_cmpint (lesc_job_get_state (job), ==, LESC_JOB_DONE);
  LescResult *r = result_of ("lesc");
  g_assert_nonnull (r);
  /* The measures are those of the recovered table against the truth. */
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  double expect[LESC_N_MEASURES];
  g_assert_true (lesc_measures_compute (ds->truth, lesc_result_get_recovered (r),
                                        LESC_KL_TRUTH_RECOVERED, expect, NULL));
  LescMeasuresView *view = LESC_MEASURES_VIEW (lesc_window_get_view (window, "measures"));
  g_assert_cmpuint (lesc_measures_view_get_n_rows (view), ==, 1);
  double values[LESC_N_MEASURES], ranks[LESC_N_MEASURES], average;
  g_assert_true (lesc_measures_view_get_row (view, "lesc", values, ranks, &average));
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    {
      g_assert_cmpfloat (values[j], ==, expect[j]);
      g_assert_cmpfloat (ranks[j], ==, 1.0);   /* alone: first everywhere */
    }
  g_assert_cmpfloat (average, ==, 1.0);
  /* The result carries the settings that made it. */
  LescRunParams now;
  lesc_method_panel_get_params (lesc_window_get_method_panel (window), lesc_result_get_method (r), &now);
  g_assert_true (lesc_run_params_equal (lesc_result_get_method (r), lesc_result_get_params (r), &now));
  /* Running again with the same settings queues nothing. */
  lesc_window_run (window);
  g_assert_false (lesc_job_queue_get_busy (lesc_window_get_queue (window)));
}

/* LESC on the artificial set with λ₁ = 101: the reference optimizer stops after one
 * iteration. The status strip says so beside the run's own time (before: a plain "Done",
 * and "Done after 0.0 s" against the run's seconds), and the run's title in the Runs list
 * carries its parameters (before: "LESC on artificial" for every setting). */
static void
test_optimizer_warning_status (void)
{
  select_only ("lesc");
  const LescMethod *lesc = lesc_method_find ("lesc");
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  g_assert_true (lesc_method_panel_set_param (panel, lesc, "lambda1", 101.0));
  lesc_window_run (window);
  LescJob *job = last_job ();
  g_assert_true (lesc_test_wait (queue_idle, NULL, 240));
  g_assert_cmpint (lesc_job_get_state (job), ==, LESC_JOB_DONE);
  g_assert_false (lesc_job_is_background (job));
  g_assert_true (g_str_has_prefix (lesc_job_get_title (job), "LESC on artificial · λ₁ = 101 · λ₂ = 0.1 · seed "));
  LescResult *r = lesc_job_get_output (job);
  g_autofree char *status = lesc_window_dup_status (window);
  g_autofree char *own = g_strdup_printf ("Done after %.1f s · warning: optimizer stopped after 1 iteration",
                                          lesc_result_get_seconds (r));
  g_test_message ("%s", status);
  g_assert_true (g_str_has_suffix (status, own));
  g_assert_true (g_str_has_prefix (status, lesc_job_get_title (job)));
  g_assert_true (lesc_method_panel_set_param (panel, lesc, "lambda1", 10.0));
  g_assert_true (lesc_test_wait (queue_idle, NULL, 240));
}

/* Open Recent: a data set opened is first among the recent ones with the options it was
 * read with, and opening it from there reads it the same way (before: no Open Recent). */
static void
test_open_recent (void)
{
  g_autofree char *dir = g_dir_make_tmp ("lesc-recent-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "own.csv", NULL);
  lesc_test_write_logical_csv (csv, 30);
  lesc_window_open_table (window, csv, 3, TRUE);
  g_assert_true (lesc_test_wait (data_named, "own", 60));
  GMenuModel *recent = lesc_window_get_recent_menu (window);
  g_assert_cmpint (g_menu_model_get_n_items (recent), >=, 1);
  g_autoptr (GVariant) target = g_menu_model_get_item_attribute_value (recent, 0, G_MENU_ATTRIBUTE_TARGET,
                                                                       G_VARIANT_TYPE_STRING);
  g_autofree char *want = g_strdup_printf ("%s --logical-columns 3", csv);
  g_assert_cmpstr (g_variant_get_string (target, NULL), ==, want);
  /* another data set, then back through Open Recent */
  lesc_window_open (window, "artificial");
  g_assert_true (lesc_test_wait (data_named, "artificial", 60));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.open-recent", "s", want));
  g_assert_true (lesc_test_wait (data_named, "own", 60));
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  g_assert_null (ds->truth);
  g_assert_cmpuint (ds->logical->cols, ==, 3);
  g_autoptr (GVariant) first = g_menu_model_get_item_attribute_value (recent, 0, G_MENU_ATTRIBUTE_TARGET,
                                                                      G_VARIANT_TYPE_STRING);
  g_assert_cmpstr (g_variant_get_string (first, NULL), ==, want);
  lesc_window_open (window, "artificial");
  g_assert_true (lesc_test_wait (data_named, "artificial", 60));
  g_assert_true (lesc_test_wait (queue_idle, NULL, 240));
  g_unlink (csv);
  g_rmdir (dir);
}

/* What the main loop sees of a running job, sampled by a 20 ms timer. Every change of the
 * job's progress seen while the job still runs is a moment where the main loop was free
 * between two steps of the solver: a solver on the main thread would show none (the loop
 * would only see the end). Counted in steps and iterations, not in seconds, so that the
 * check holds on a loaded machine. */
typedef struct {
  LescJob *job;
  double fraction;
  guint ticks;     /* timer ticks while the job ran */
  guint changes;   /* progress changes seen by those ticks */
} Watch;

static gboolean
watch_cb (gpointer data)
{
  Watch *w = data;
  if (lesc_job_get_state (w->job) != LESC_JOB_RUNNING)
    return G_SOURCE_CONTINUE;
  w->ticks++;
  double f = lesc_job_get_fraction (w->job);
  if (f != w->fraction)
    w->changes++;
  w->fraction = f;
  return G_SOURCE_CONTINUE;
}

static gboolean
watched_changes (gpointer data)
{
  Watch *w = data;
  return w->changes >= 3 || lesc_job_is_finished (w->job);
}

static void
test_cancel_glesc (void)
{
  g_autofree char *path = lesc_test_dataset_path ("yeast-alpha.mat");
  if (path == NULL)
    return;
  lesc_window_open (window, path);
  g_assert_true (lesc_test_wait (data_named, "yeast-alpha", 60));
  select_only ("glesc");
  lesc_window_run (window);
  LescJob *job = g_object_ref (last_job ());
  Watch watch = { .job = job };
  guint tick = g_timeout_add (20, watch_cb, &watch);
  /* The main loop keeps turning while the solver works: it sees the progress move three
   * times (three steps of the tensor iteration) with the job still running. */
  g_assert_true (lesc_test_wait (watched_changes, &watch, 120));
  g_assert_cmpint (lesc_job_get_state (job), ==, LESC_JOB_RUNNING);
  g_assert_cmpuint (watch.changes, >=, 3);
  double fraction = lesc_job_get_fraction (job);
  g_assert_cmpfloat (fraction, >, 0.0);
  g_assert_cmpfloat (fraction, <, 1.0);
  gint64 start = g_get_monotonic_time ();
  lesc_window_cancel (window);
  /* The job says so at once; its worker stops at the next check (the bound only keeps a
   * hang from blocking the suite). */
  g_assert_true (lesc_job_is_cancelled (job));
  g_assert_true (lesc_test_wait (job_finished, job, 60));
  g_source_remove (tick);
  g_test_message ("gLESC on yeast-alpha: the main loop saw %u progress steps in %u timer ticks; "
                  "stopped %.3f s after Cancel (reported, not asserted)",
                  watch.changes, watch.ticks, (double) (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpint (lesc_job_get_state (job), ==, LESC_JOB_CANCELLED);
  /* stopped inside the solver: no progress to the end */
  g_assert_cmpfloat (lesc_job_get_fraction (job), <, 1.0);
  g_assert_null (result_of ("glesc"));
  g_object_unref (job);

  /* The window is still usable: back to the artificial set, and a run completes. */
  lesc_window_open (window, "artificial");
  g_assert_true (lesc_test_wait (data_named, "artificial", 30));
  select_only ("lp");
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 120));
  g_assert_nonnull (result_of ("lp"));
}

/* The baselines as published by default: KM's exact zeros make KL(truth‖recovered) ∞,
 * shown as ∞ and ranked last; FCM on SJAFFE collapses to uniform memberships and the
 * window says so. */
static void
test_baselines_published (void)
{
  select_only ("km");
  LescRunParams p;
  lesc_method_panel_get_params (lesc_window_get_method_panel (window), lesc_method_find ("km"), &p);
  g_assert_cmpint (p.flavour, ==, LESC_FLAVOUR_PUBLISHED);
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 120));
  g_assert_nonnull (result_of ("km"));
  LescMeasuresView *view = LESC_MEASURES_VIEW (lesc_window_get_view (window, "measures"));
  double values[LESC_N_MEASURES], ranks[LESC_N_MEASURES], average;
  g_assert_true (lesc_measures_view_get_row (view, "km", values, ranks, &average));
  g_assert_true (isinf (values[LESC_MEASURE_KL]) && values[LESC_MEASURE_KL] > 0);
  g_assert_cmpfloat (ranks[LESC_MEASURE_KL], ==, lesc_measures_view_get_n_rows (view));
  g_assert_false (isnan (average));

  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  lesc_window_open (window, path);
  g_assert_true (lesc_test_wait (data_named, "sjaffe", 60));
  select_only ("fcm");
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 120));
  g_assert_nonnull (result_of ("fcm"));
  const char *toast = lesc_window_get_last_toast (window);
  g_test_message ("toast: %s", toast);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "collapsed to uniform"));
  lesc_window_open (window, "artificial");
  g_assert_true (lesc_test_wait (data_named, "artificial", 30));
}

static void
test_stale_run_cancelled (void)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  const LescMethod *glle = lesc_method_find ("glle");
  g_assert_nonnull (glle);
  g_assert_cmpint (lesc_method_param_index (glle, "lambda1"), >=, 0);
  select_only ("glle");
  g_assert_true (lesc_method_panel_set_param (panel, glle, "lambda1", 0.01));
  lesc_window_run (window);
  LescJob *stale = g_object_ref (last_job ());
  g_assert_true (lesc_test_wait (job_running, stale, 60));
  /* A parameter changes while it runs: the run is stale and stops; auto-run queues the
   * new settings. */
  GSettings *settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", TRUE);
  g_assert_true (lesc_method_panel_set_param (panel, glle, "lambda1", 0.1));
  g_assert_true (lesc_test_wait (job_finished, stale, 30));
  g_assert_cmpint (lesc_job_get_state (stale), ==, LESC_JOB_CANCELLED);
  g_assert_null (result_of ("glle"));
  g_assert_true (lesc_test_wait (newer_job, stale, 10));
  LescJob *fresh = last_job ();
  g_assert_true (lesc_test_wait (job_finished, fresh, 240));
  g_settings_set_boolean (settings, "auto-run", FALSE);
  g_object_unref (settings);
  g_assert_cmpint (lesc_job_get_state (fresh), ==, LESC_JOB_DONE);
  LescResult *r = result_of ("glle");
  g_assert_nonnull (r);
  int k = lesc_method_param_index (glle, "lambda1");
  g_assert_cmpfloat (lesc_result_get_params (r)->values[k], ==, 0.1);
  g_object_unref (stale);
}

static void
test_views_render (void)
{
  /* Results for every method the artificial figure shows. */
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], TRUE);
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 600));
  g_assert_cmpuint (g_list_model_get_n_items (lesc_window_get_results (window)), ==, n);

  const char *views[] = { "distributions", "measures", "sensitivity", "comparison", "cv" };
  for (guint i = 0; i < G_N_ELEMENTS (views); i++)
    {
      lesc_window_show_view (window, views[i]);
      GtkWidget *view = lesc_window_get_view (window, views[i]);
      lesc_test_spin (0.3);
      g_assert_true (lesc_test_wait (lesc_test_figures_ready, view, 60));
      LescPixelStats stats = { 0 };
      g_autofree char *name = g_strdup_printf ("view-%s", views[i]);
      g_assert_true (lesc_test_snapshot_drawn (view, name, &stats));
      g_test_message ("%s: %d×%d, %u colours, %.1f %% not background", views[i], stats.width,
                      stats.height, stats.distinct_colours, 100 * stats.non_background);
      g_assert_cmpint (stats.width, >, 200);
      g_assert_cmpuint (stats.distinct_colours, >, 8);
      g_assert_cmpfloat (stats.non_background, >, 0.01);
    }
  /* The Distributions figure exported: the same painter, the requested size. */
  LescExportable *dist = LESC_EXPORTABLE (lesc_window_get_view (window, "distributions"));
  g_assert_true (lesc_exportable_has_figure (dist));
  const char *dir = g_getenv ("LESC_TEST_BUILDDIR");
  g_autofree char *png = g_build_filename (dir != NULL ? dir : ".", "snapshots", "export-distributions.png", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_export_figure (dist, png, 2.0, &error));
  g_assert_no_error (error);
  double fw, fh;
  lesc_exportable_get_figure_size (dist, &fw, &fh);
  g_autoptr (GdkTexture) texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, (int) (2 * fw + 0.5));
  g_assert_cmpint (gdk_texture_get_height (texture), ==, (int) (2 * fh + 0.5));
  g_autofree char *data = lesc_exportable_get_figure_data (dist);
  g_assert_nonnull (data);
  /* The measures table as CSV: a row per method, with its settings. */
  g_autoptr (LescTable) table = lesc_exportable_get_table (LESC_EXPORTABLE (lesc_window_get_view (window, "measures")));
  g_assert_nonnull (table);
  g_assert_cmpuint (table->rows->len, ==, n);
  g_assert_cmpstr (g_ptr_array_index (table->header, 1), ==, "Settings");
  /* The export menu offers what the visible view has: Measures a table, no figure. */
  lesc_window_show_view (window, "measures");
  g_assert_false (lesc_window_get_export_enabled (window, "figure"));
  g_assert_true (lesc_window_get_export_enabled (window, "table"));
  lesc_window_show_view (window, "distributions");
  g_assert_true (lesc_window_get_export_enabled (window, "figure"));

  /* Ctrl+C: the figure of the visible view goes to the clipboard as an image. */
  lesc_window_show_view (window, "distributions");
  gtk_widget_grab_focus (lesc_window_get_view (window, "distributions"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-figure", NULL));
  GdkContentFormats *formats = gdk_clipboard_get_formats (gtk_widget_get_clipboard (GTK_WIDGET (window)));
  g_assert_true (gdk_content_formats_contain_gtype (formats, GDK_TYPE_TEXTURE));

  /* The whole window too (for the eye). */
  LescPixelStats stats = { 0 };
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (window), "window", &stats));
}

/* The figures drawn stale, and the ink of the Distributions figure, at the moment another
 * data set is set (the window's "data-changed"). */
static guint stale_at_switch;
static double ink_at_switch;

static void
data_changed_cb (LescWindow *w, gpointer data)
{
  GtkWidget *view = lesc_window_get_view (window, "distributions");
  stale_at_switch = lesc_test_stale_figures (view);
  GtkWidget *figure = lesc_test_find_figure (view);
  ink_at_switch = figure != NULL ? lesc_test_ink (figure) : -1;
}

/* Artificial with a GLLE result shown, then SJAFFE: from the moment SJAFFE is set, the
 * artificial picture still on screen is drawn stale (faded, "stale — recomputing"), the
 * old result is no longer a current one, and SJAFFE's own picture replaces it. */
static void
test_switch_marks_stale (void)
{
  g_autofree char *sjaffe = lesc_test_dataset_path ("sjaffe.mat");
  if (sjaffe == NULL)
    return;
  if (!data_named ("artificial"))
    {
      lesc_window_open (window, "artificial");
      g_assert_true (lesc_test_wait (data_named, "artificial", 60));
    }
  lesc_window_show_view (window, "distributions");
  select_only ("glle");
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 240));
  g_assert_nonnull (result_of ("glle"));
  GtkWidget *view = lesc_window_get_view (window, "distributions");
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view, 60));
  g_assert_cmpuint (lesc_test_stale_figures (view), ==, 0);
  double ink = lesc_test_ink (lesc_test_find_figure (view));

  stale_at_switch = G_MAXUINT;
  gulong id = g_signal_connect (window, "data-changed", G_CALLBACK (data_changed_cb), NULL);
  lesc_window_open (window, sjaffe);
  g_assert_true (lesc_test_wait (data_named, "sjaffe", 60));
  g_signal_handler_disconnect (window, id);
  g_test_message ("ink: %.3f shown, %.3f when SJAFFE was set", ink, ink_at_switch);
  g_assert_cmpuint (stale_at_switch, ==, 1);
  g_assert_cmpfloat (ink_at_switch, >=, 0);
  g_assert_cmpfloat (ink_at_switch, <, 0.6 * ink);   /* faded, not shown as current */
  g_assert_null (result_of ("glle"));
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view, 60));
  g_assert_cmpuint (lesc_test_stale_figures (view), ==, 0);
  lesc_window_open (window, "artificial");
  g_assert_true (lesc_test_wait (data_named, "artificial", 60));
}

/* Runs queued before any result: Measures says they are under way, not "press Run"; once
 * cancelled, it asks for a Run again. */
static void
test_empty_says_queued (void)
{
  select_methods ((const char *const[]) { NULL });   /* unticked: their results go */
  g_assert_cmpuint (g_list_model_get_n_items (lesc_window_get_results (window)), ==, 0);
  LescMeasuresView *measures = LESC_MEASURES_VIEW (lesc_window_get_view (window, "measures"));
  g_assert_cmpstr (lesc_measures_view_get_empty_title (measures), ==, "No Results Yet");
  /* settings never run before (an unticked method's result comes back with its tick) */
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  g_assert_true (lesc_method_panel_set_param (panel, lesc_method_find ("glle"), "lambda1", 0.0625));
  g_assert_true (lesc_method_panel_set_param (panel, lesc_method_find ("lesc"), "lambda1", 0.0625));
  select_methods ((const char *const[]) { "glle", "lesc", NULL });
  lesc_window_run (window);
  g_assert_cmpstr (lesc_measures_view_get_empty_title (measures), ==, "Runs Under Way");
  lesc_window_cancel (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 60));
  lesc_test_spin (0.2);
  g_assert_cmpuint (g_list_model_get_n_items (lesc_window_get_results (window)), ==, 0);
  g_assert_cmpstr (lesc_measures_view_get_empty_title (measures), ==, "No Results Yet");
}

/* Settings that differ from the defaults are said when another data set opens, with a
 * way back to the defaults. */
static void
test_settings_kept (void)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  const LescMethod *lesc = lesc_method_find ("lesc");
  select_only ("lesc");
  g_assert_true (lesc_method_panel_set_param (panel, lesc, "lambda1", 0.5));
  lesc_window_open (window, "artificial");
  g_assert_true (lesc_test_wait (toast_has, "keep their settings", 30));
  g_test_message ("toast: %s", lesc_window_get_last_toast (window));
  g_assert_nonnull (strstr (lesc_window_get_last_toast (window), "LESC λ₁ = 0.5"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.use-defaults", NULL));
  LescRunParams p;
  lesc_method_panel_get_params (panel, lesc, &p);
  g_assert_cmpfloat (p.values[lesc_method_param_index (lesc, "lambda1")], ==, lesc->params[lesc_method_param_index (lesc, "lambda1")].default_value);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  app = appwindow_open ();

  g_test_add_func ("/app/window/opens", test_window_opens);
  g_test_add_func ("/app/window/secondary-windows", test_secondary_windows);
  g_test_add_func ("/app/window/bad-file", test_bad_file);
  g_test_add_func ("/app/window/run-lesc", test_run_lesc);
  g_test_add_func ("/app/window/optimizer-warning-status", test_optimizer_warning_status);
  g_test_add_func ("/app/window/open-recent", test_open_recent);
  g_test_add_func ("/app/window/baselines-published", test_baselines_published);
  g_test_add_func ("/app/window/cancel-glesc", test_cancel_glesc);
  g_test_add_func ("/app/window/stale-run-cancelled", test_stale_run_cancelled);
  g_test_add_func ("/app/window/views-render", test_views_render);
  g_test_add_func ("/app/window/settings-kept", test_settings_kept);
  g_test_add_func ("/app/window/switch-marks-stale", test_switch_marks_stale);
  g_test_add_func ("/app/window/empty-says-queued", test_empty_says_queued);
  int status = g_test_run ();
  appwindow_close (app);
  return status;
}
