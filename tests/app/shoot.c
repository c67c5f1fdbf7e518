/* lesc-explorer-shoot: open the explorer, optionally run the ticked methods, show a view
 * and save the window as a PNG. Builds the screenshots under docs/ (see the `screenshots`
 * run target); run it under Xvfb with GSK_RENDERER=cairo.
 *
 *   lesc-explorer-shoot [--data SPEC] [--data-dir DIR] [--methods a,b] [--run]
 *                       [--label-names a,b,…] [--grid METHOD] [--cv FOLDS] [--compare]
 *                       [--view NAME] [--show rgb|labels|distance] [--inspect SAMPLE]
 *                       [--rerun METHOD:PARAM=VALUE] [--size WxH] [--hide-sidebar]
 *                       [--expand METHOD] [--lesson NAME --step N]
 *                       [--presenter SCALE] [--high-contrast] OUTPUT.png
 * --rerun changes a parameter after the runs and takes the picture while the method
 * reruns (its old panel faded, with the progress). --lesson plays a lesson (a file or a
 * shipped one's name) to step N (1-based) before the runs: the lesson screenshots of
 * docs/teaching.md (build-aux/lesson-screenshots). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/application.h"
#include "app/comparison-view.h"
#include "app/correlation-view.h"
#include "app/cv-view.h"
#include "app/optimizer-view.h"
#include "app/distributions-view.h"
#include "app/label-names.h"
#include "app/lesson-bar.h"
#include "app/result.h"
#include "app/sensitivity-view.h"
#include "app/strip-view.h"
#include "app/settings.h"
#include "app/window.h"
#include "apptest.h"

static LescWindow *window;

static gboolean
mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (window));
}

static gboolean
idle (gpointer data)
{
  return !lesc_job_queue_get_busy (lesc_window_get_queue (window));
}

static gboolean
job_under_way (gpointer data)
{
  return lesc_job_get_state (data) == LESC_JOB_RUNNING && lesc_job_get_fraction (data) > 0.1;
}

static gboolean
data_is (gpointer data)
{
  LescDataObject *d = lesc_window_get_data (window);
  return d != NULL && g_strcmp0 (lesc_data_object_get_dataset (d)->source, data) == 0;
}

int
main (int argc, char **argv)
{
  g_autofree char *data = NULL, *methods = NULL, *view = NULL, *size = NULL, *grid = NULL;
  g_autofree char *data_dir = NULL;
  g_autofree char *expand = NULL, *strip = NULL, *show = NULL, *label_names = NULL, *rerun = NULL;
  g_autofree char *lesson = NULL;
  int iteration = -1, inspect = -1, step = 1;
  double presenter = 1.0;
  gboolean contrast = FALSE;
  gboolean run = FALSE, hide_sidebar = FALSE, compare = FALSE;
  int cv = 0;
  GOptionEntry entries[] = {
    { "data", 0, 0, G_OPTION_ARG_STRING, &data, "data set to open", "SPEC" },
    { "methods", 0, 0, G_OPTION_ARG_STRING, &methods, "methods to tick (default: all)", "LIST" },
    { "run", 0, 0, G_OPTION_ARG_NONE, &run, "run the ticked methods first", NULL },
    { "data-dir", 0, 0, G_OPTION_ARG_STRING, &data_dir, "data directory setting", "DIR" },
    { "grid", 0, 0, G_OPTION_ARG_STRING, &grid, "compute the λ grid of a method", "METHOD" },
    { "cv", 0, 0, G_OPTION_ARG_INT, &cv, "run a cross-validation with this many folds", "FOLDS" },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &compare, "compute the comparison over the data directory", NULL },
    { "view", 0, 0, G_OPTION_ARG_STRING, &view, "view to show", "NAME" },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size, "window size", "WxH" },
    { "hide-sidebar", 0, 0, G_OPTION_ARG_NONE, &hide_sidebar, "hide the side bar", NULL },
    { "expand", 0, 0, G_OPTION_ARG_STRING, &expand, "open a method's parameters", "METHOD" },
    { "strip", 0, 0, G_OPTION_ARG_STRING, &strip, "fill the λ strip of a method", "METHOD" },
    { "iteration", 0, 0, G_OPTION_ARG_INT, &iteration, "the optimizer view's scrubber at this iteration", "N" },
    { "show", 0, 0, G_OPTION_ARG_STRING, &show, "what the Distributions view shows", "rgb|labels|distance" },
    { "inspect", 0, 0, G_OPTION_ARG_INT, &inspect, "open the inspector on a sample (0-based)", "SAMPLE" },
    { "label-names", 0, 0, G_OPTION_ARG_STRING, &label_names, "name the data set's labels", "a,b,…" },
    { "rerun", 0, 0, G_OPTION_ARG_STRING, &rerun, "change a parameter and shoot during the rerun",
      "METHOD:PARAM=VALUE" },
    { "lesson", 0, 0, G_OPTION_ARG_STRING, &lesson, "play a lesson", "FILE|NAME" },
    { "step", 0, 0, G_OPTION_ARG_INT, &step, "the lesson's step (1-based)", "N" },
    { "presenter", 0, 0, G_OPTION_ARG_DOUBLE, &presenter, "presenter mode's scale", "1|1.25|1.5|2" },
    { "high-contrast", 0, 0, G_OPTION_ARG_NONE, &contrast, "presenter mode's high contrast", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("OUTPUT.png");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      fprintf (stderr, "%s\n", error != NULL ? error->message : "expected OUTPUT.png");
      return 2;
    }
  lesc_application_init_i18n ();
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_NON_UNIQUE);
  g_application_register (G_APPLICATION (app), NULL, NULL);
  g_autoptr (GSettings) settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", FALSE);
  g_settings_set_double (settings, "presenter-scale", presenter);
  g_settings_set_boolean (settings, "presenter-high-contrast", contrast);
  int w = 1400, h = 900;
  if (size != NULL)
    sscanf (size, "%dx%d", &w, &h);
  g_settings_set_int (settings, "window-width", w);
  g_settings_set_int (settings, "window-height", h);
  if (data_dir != NULL)
    g_settings_set_string (settings, "data-directory", data_dir);
  window = lesc_window_new (GTK_APPLICATION (app));
  lesc_lesson_bar_install (window);
  gtk_window_present (GTK_WINDOW (window));
  lesc_test_wait (mapped, NULL, 20);
  if (data != NULL)
    {
      g_autofree char *path = g_canonicalize_filename (data, NULL);
      lesc_window_open (window, g_file_test (path, G_FILE_TEST_EXISTS) ? path : data);
      if (g_file_test (path, G_FILE_TEST_EXISTS) && !lesc_test_wait (data_is, path, 60))
        {
          fprintf (stderr, "could not open %s\n", data);
          return 1;
        }
    }
  if (label_names != NULL)
    {
      g_auto (GStrv) names = g_strsplit (label_names, ",", -1);
      lesc_label_names_store (lesc_window_get_data (window), settings, (const char *const *) names);
    }
  if (methods != NULL)
    {
      LescMethodPanel *panel = lesc_window_get_method_panel (window);
      g_auto (GStrv) names = g_strsplit (methods, ",", -1);
      guint n = 0;
      const LescMethod *const *all = lesc_methods (&n);
      for (guint i = 0; i < n; i++)
        lesc_method_panel_set_selected (panel, all[i], g_strv_contains ((const char *const *) names, all[i]->name));
    }
  if (lesson != NULL)
    {
      if (!lesc_lesson_bar_start (window, lesson, &error))
        {
          fprintf (stderr, "%s\n", error->message);
          return 2;
        }
      for (int i = 1; i < step; i++)
        if (!lesc_lesson_bar_next (window))
          {
            fprintf (stderr, "the lesson has no step %d\n", step);
            return 2;
          }
      lesc_test_spin (0.3);
    }
  if (run)
    {
      lesc_window_run (window);
      if (!lesc_test_wait (idle, NULL, 3600))
        {
          fprintf (stderr, "the runs did not finish\n");
          return 1;
        }
    }
  if (grid != NULL)
    {
      LescSensitivityView *sv = LESC_SENSITIVITY_VIEW (lesc_window_get_view (window, "sensitivity"));
      if (!lesc_sensitivity_view_select_method (sv, grid))
        {
          fprintf (stderr, "no grid for %s\n", grid);
          return 2;
        }
      lesc_sensitivity_view_compute (sv);
    }
  if (cv > 0)
    {
      LescCvView *cvv = LESC_CV_VIEW (lesc_window_get_view (window, "cv"));
      lesc_cv_view_set_folds (cvv, (guint) cv);
      lesc_cv_view_run (cvv);
    }
  if (compare)
    lesc_comparison_view_compute (LESC_COMPARISON_VIEW (lesc_window_get_view (window, "comparison")));
  if (!lesc_test_wait (idle, NULL, 36000))
    {
      fprintf (stderr, "the work did not finish\n");
      return 1;
    }
  if (strip != NULL)
    {
      LescStripView *sv = LESC_STRIP_VIEW (lesc_window_get_view (window, "strip"));
      if (!lesc_strip_view_select_method (sv, lesc_method_find (strip)))
        {
          fprintf (stderr, "no strip for %s\n", strip);
          return 2;
        }
      view = g_strdup ("strip");
    }
  if (view != NULL)
    lesc_window_show_view (window, view);
  /* the view's own background work (the optimizer's optimum, the strip's cells) */
  lesc_test_spin (0.5);
  if (!lesc_test_wait (idle, NULL, 36000))
    {
      fprintf (stderr, "the view's work did not finish\n");
      return 1;
    }
  if (lesc_window_get_last_toast (window) != NULL)
    lesc_test_spin (10.5); /* a toast would cover the figure's bottom (it lasts 6 s, 10 s with a button) */
  if (iteration >= 0)
    lesc_optimizer_view_show_iteration (LESC_OPTIMIZER_VIEW (lesc_window_get_view (window, "optimizer")),
                                        (guint) iteration);
  LescDistributionsView *dv = LESC_DISTRIBUTIONS_VIEW (lesc_window_get_view (window, "distributions"));
  if (show != NULL && !lesc_distributions_view_set_show (dv, show))
    {
      fprintf (stderr, "this data set has no '%s' view\n", show);
      return 2;
    }
  if (inspect >= 0)
    lesc_distributions_view_inspect (dv, inspect);
  if (inspect >= 0)   /* the Correlations view shows the same sample */
    lesc_correlations_view_select (LESC_CORRELATIONS_VIEW (lesc_window_get_view (window, "correlations")), inspect);
  if (expand != NULL && lesc_method_find (expand) != NULL)
    lesc_method_panel_show_method (lesc_window_get_method_panel (window), lesc_method_find (expand));
  if (hide_sidebar)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-sidebar", NULL);
  lesc_test_spin (0.5);
  if (expand != NULL)
    {
      /* Scroll the side bar to the bottom, where the opened parameters are. */
      GtkWidget *scroller = gtk_widget_get_ancestor (GTK_WIDGET (lesc_window_get_method_panel (window)),
                                                     GTK_TYPE_SCROLLED_WINDOW);
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
      lesc_test_spin (0.3);
    }
  lesc_test_wait (lesc_test_figures_ready, window, 120);
  lesc_test_spin (0.5);
  if (rerun != NULL)
    {
      char method[32], param[32];
      double value;
      if (sscanf (rerun, "%31[^:]:%31[^=]=%lf", method, param, &value) != 3 || lesc_method_find (method) == NULL
          || !lesc_method_panel_set_param (lesc_window_get_method_panel (window), lesc_method_find (method), param, value))
        {
          fprintf (stderr, "--rerun %s: expected METHOD:PARAM=VALUE\n", rerun);
          return 2;
        }
      lesc_window_run (window);
      GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
      g_autoptr (LescJob) job = g_list_model_get_item (jobs, g_list_model_get_n_items (jobs) - 1);
      /* the picture right away: on small sets a rerun lasts about a second */
      lesc_test_wait (job_under_way, job, 600);
      lesc_test_spin (0.1);
    }
  LescPixelStats stats = { 0 };
  if (!lesc_test_snapshot_drawn (GTK_WIDGET (window), "shoot", &stats))
    return 1;
  g_assert_cmpuint (stats.distinct_colours, >, 16); /* a drawn view, not a blank window */
  g_autofree char *src = g_build_filename (g_getenv ("LESC_TEST_BUILDDIR") ? g_getenv ("LESC_TEST_BUILDDIR") : ".",
                                           "snapshots", "shoot.png", NULL);
  g_autoptr (GFile) from = g_file_new_for_path (src);
  g_autoptr (GFile) to = g_file_new_for_path (argv[1]);
  if (!g_file_copy (from, to, G_FILE_COPY_OVERWRITE, NULL, NULL, NULL, &error))
    {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
