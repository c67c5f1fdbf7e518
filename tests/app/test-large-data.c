/* A data set of 10⁵ samples in the window under Xvfb (issue 28, "Must show"): a .npy of
 * 100 000 rows written by the test (20 features, then 5 label columns) opens as a table —
 * with distributions, the Distributions view paints its figure (binned,
 * src/plot/scatter-density.c) within 5 s of the open (CPU time; the wall time is
 * printed); with 0/1 logical labels and auto-run on, the open queues one run per ticked
 * method and none of them would use an n×n formulation. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/resource.h>

#include "app/distributions-view.h"
#include "app/job.h"
#include "app/sample-inspector.h"
#include "core/methods/run.h"
#include "core/base/random.h"
#include "core/data/npy.h"
#include "plot/scatter-density.h"
#include "apptest.h"
#include "appwindow.h"
#include "testfiles.h"

#define N_SAMPLES 100000
#define N_FEATURES 20
#define N_LABELS 5

static char *tmp;

static LescDistributionsView *
view (void)
{
  return LESC_DISTRIBUTIONS_VIEW (lesc_window_get_view (window, "distributions"));
}

/* Features in clusters, labels from linear scores of them: 0/1 labels (every row and
 * column with a 1) or, with `logical` FALSE, their softmax as distributions. */
static char *
write_big_npy (const char *name, gboolean logical)
{
  LescRandom r;
  lesc_random_init (&r, 28);
  g_autoptr (LescMatrix) t = lesc_matrix_new (N_SAMPLES, N_FEATURES + N_LABELS);
  for (gsize i = 0; i < N_SAMPLES; i++)
    {
      double centre = (double) (i % 4);
      for (gsize j = 0; j < N_FEATURES; j++)
        LESC_AT (t, i, j) = centre * (j % 3 == 0) + lesc_random_double (&r) - 0.5;
      gboolean any = FALSE;
      double sum = 0;
      for (gsize k = 0; k < N_LABELS; k++)
        {
          double score = LESC_AT (t, i, k) + 0.5 * LESC_AT (t, i, k + 5) - 0.3 * centre;
          LESC_AT (t, i, N_FEATURES + k) = logical ? (score > 0 ? 1.0 : 0.0) : exp (3 * score);
          any |= score > 0;
          sum += exp (3 * score);
        }
      if (logical && !any)
        LESC_AT (t, i, N_FEATURES + i % N_LABELS) = 1.0;
      for (gsize k = 0; k < N_LABELS && !logical; k++)
        LESC_AT (t, i, N_FEATURES + k) /= sum;
    }
  gsize len = 0;
  g_autofree guchar *bytes = lesc_npy_format (t, &len);
  char *path = g_build_filename (tmp, name, NULL);
  g_assert_true (g_file_set_contents (path, (const char *) bytes, (gssize) len, NULL));
  return path;
}

/* At least `data` (a count) runs queued or running. */
/* The queue (a list that keeps finished jobs) holds `n` jobs on the data set "biglogical",
 * and every job on another data set (ticking with auto-run on starts runs for the set open
 * before) is cancelled or finished: the open never leaves an old data set's run going. */
static gboolean
runs_queued_on_new_data (gpointer data)
{
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  guint on_new = 0;
  for (guint i = 0; i < g_list_model_get_n_items (jobs); i++)
    {
      g_autoptr (LescJob) j = g_list_model_get_item (jobs, i);
      LescJobState state = lesc_job_get_state (j);
      if (strstr (lesc_job_get_title (j), "on biglogical") != NULL)
        on_new++;
      else if (state == LESC_JOB_QUEUED || state == LESC_JOB_RUNNING)
        return FALSE;
    }
  return on_new >= GPOINTER_TO_UINT (data);
}

/* The data set `data` is open and the Distributions figure shows its model. */
static gboolean
painted (gpointer data)
{
  return data_named (data) && lesc_distributions_view_get_n_panels (view ()) > 0
         && lesc_test_figures_ready (view ());
}

/* CPU seconds of this process (every thread): unlike the wall time, not stretched by
 * other work on the machine. */
static double
cpu_seconds (void)
{
  struct rusage ru;
  g_assert_cmpint (getrusage (RUSAGE_SELF, &ru), ==, 0);
  return (double) ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double) ru.ru_stime.tv_sec
         + ru.ru_stime.tv_usec / 1e6;
}

static void
test_opens_and_paints (void)
{
  g_autofree char *path = write_big_npy ("big.npy", FALSE);
  lesc_window_show_view (window, "distributions");
  lesc_test_spin (0.2);
  gint64 t0 = g_get_monotonic_time ();
  double cpu0 = cpu_seconds ();
  lesc_window_open_table (window, path, N_LABELS, FALSE);
  if (!lesc_test_wait (painted, "big", 60))
    {
      LescDataObject *d = lesc_window_get_data (window);
      g_test_message ("data %s, panels %u, toast %s", d ? lesc_data_object_get_name (d) : "none",
                      lesc_distributions_view_get_n_panels (view ()), lesc_window_get_last_toast (window));
      GListModel *top = gtk_window_get_toplevels ();
      for (guint i = 0; i < g_list_model_get_n_items (top); i++)
        {
          g_autoptr (GtkWidget) w = g_list_model_get_item (top, i);
          g_test_message ("toplevel %s visible %d", G_OBJECT_TYPE_NAME (w), gtk_widget_get_visible (w));
          if (ADW_IS_MESSAGE_DIALOG (w))
            g_test_message ("  %s: %s", adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)), adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (w)));
        }
      g_assert_not_reached ();
    }
  double seconds = (g_get_monotonic_time () - t0) / 1e6, cpu = cpu_seconds () - cpu0;
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  g_assert_cmpuint (lesc_dataset_n (ds), ==, N_SAMPLES);
  g_assert_cmpuint (lesc_dataset_o (ds), ==, N_LABELS);
  g_assert_nonnull (ds->truth);
  g_test_message ("10⁵ samples: open to the first paint of the Distributions figure %.2f s wall, %.2f s CPU",
                  seconds, cpu);
  /* the figure on screen is drawn, binned */
  GtkWidget *figure = lesc_distributions_view_get_figure (view ());
  LescPixelStats stats = { 0 };
  g_assert_true (lesc_test_snapshot_drawn (figure, "large-data-distributions", &stats));
  g_test_message ("figure %d×%d, %u colours, %.2f not background", stats.width, stats.height,
                  stats.distinct_colours, stats.non_background);
  g_assert_cmpfloat (stats.non_background, >, 0.05);
  g_assert_cmpuint (stats.distinct_colours, >, 50);
  /* the Must-show of issue 28: within 5 s — of this process's CPU time, which other
   * helpers' work on a shared machine does not stretch as it does the wall time (printed
   * above) */
  g_assert_cmpfloat (cpu, <, 5.0);
  /* nothing was started by the open (auto-run is off in the tests) */
  g_assert_true (queue_idle (NULL));
}

/* Logical labels only, auto-run on and every method ticked: opening 10⁵ samples queues one
 * run per method and nothing else, and none of them would run an n×n formulation — each
 * method with a large-data form takes it (the program's own choice, docs/methods.md §11),
 * gLESC is refused before it starts with its estimate, FCM and ML need O(n) memory. The
 * runs are cancelled, not waited for. */
static void
test_logical_auto_run (void)
{
  g_autofree char *path = write_big_npy ("biglogical.npy", TRUE);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], TRUE);
  GSettings *settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", TRUE);
  gint64 t0 = g_get_monotonic_time ();
  lesc_window_open_table (window, path, N_LABELS, TRUE);
  g_assert_true (lesc_test_wait (data_named, "biglogical", 60));
  g_test_message ("logical 10⁵: open %.2f s", (g_get_monotonic_time () - t0) / 1e6);
  gboolean queued = lesc_test_wait (runs_queued_on_new_data, GUINT_TO_POINTER (n), 60);
  GListModel *all = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  for (guint i = 0; !queued && i < g_list_model_get_n_items (all); i++)
    {
      g_autoptr (LescJob) j = g_list_model_get_item (all, i);
      g_test_message ("in the queue: %s [%s]", lesc_job_get_title (j), lesc_job_state_to_string (lesc_job_get_state (j)));
    }
  g_assert_true (queued);
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  for (guint i = 0; i < g_list_model_get_n_items (jobs); i++)
    {
      g_autoptr (LescJob) j = g_list_model_get_item (jobs, i);
      g_test_message ("queued: %s [%s]", lesc_job_get_title (j), lesc_job_state_to_string (lesc_job_get_state (j)));
      if (strstr (lesc_job_get_title (j), "on biglogical") == NULL)
        g_assert_true (lesc_job_get_state (j) != LESC_JOB_QUEUED && lesc_job_get_state (j) != LESC_JOB_RUNNING);
    }
  g_settings_set_boolean (settings, "auto-run", FALSE);
  g_object_unref (settings);
  lesc_window_cancel (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 60));
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  for (guint i = 0; i < n; i++)
    {
      LescRunParams p, chosen;
      lesc_method_panel_get_params (panel, methods[i], &p);
      double bytes = 0;
      g_autofree char *note = NULL;
      g_autoptr (GError) error = NULL;
      gboolean ok = lesc_method_choose_scale (methods[i], ds->name, lesc_dataset_n (ds), lesc_dataset_q (ds),
                                              lesc_dataset_o (ds), &p, &chosen, &bytes, &note, &error);
      g_test_message ("%s: %s %.2f GB %s", methods[i]->name, ok ? "runs" : error->message, bytes / 1e9,
                      note != NULL ? note : "");
      if (!ok)
        {
          g_assert_cmpstr (methods[i]->name, ==, "glesc");
          g_assert_nonnull (strstr (error->message, "needs about"));
          continue;
        }
      if (methods[i]->reference_max_n > 0)
        {
          g_assert_cmpint (chosen.scale, ==, LESC_SCALE_LARGE);
          g_assert_nonnull (note);
        }
      g_assert_cmpfloat (bytes, <, 4e9);
    }
}

/* The first widget of `type` under `w`, or NULL. */
static GtkWidget *
find_widget (GtkWidget *w, GType type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (w, type))
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *f = find_widget (c, type);
      if (f != NULL)
        return f;
    }
  return NULL;
}

static guint
count_children (GtkWidget *w)
{
  guint n = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    n++;
  return n;
}

/* The inspector's search on the 10⁵ samples of the first test: matches counted as the
 * conditions say, the list virtualized (a few dozen row widgets for 10⁵ rows), a found
 * sample activated is inspected, a bad search says why and keeps the list. */
static void
test_search (void)
{
  g_assert_true (data_named ("big"));
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  LescSampleInspector *insp = LESC_SAMPLE_INSPECTOR (find_widget (GTK_WIDGET (view ()), LESC_TYPE_SAMPLE_INSPECTOR));
  g_assert_nonnull (insp);
  lesc_distributions_view_find_sample (view ());
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (insp)));
  g_assert_true (lesc_sample_inspector_get_searching (insp));
  g_assert_null (lesc_distributions_view_get_inspector (view ()));   /* searching, no sample yet */
  GListModel *matches = lesc_sample_inspector_get_matches (insp);
  GtkWidget *list = lesc_sample_inspector_get_list (insp);

  lesc_sample_inspector_search (insp, "");
  g_assert_cmpuint (g_list_model_get_n_items (matches), ==, N_SAMPLES);
  lesc_test_spin (0.5);
  g_test_message ("%u rows, %u row widgets", g_list_model_get_n_items (matches), count_children (list));
  g_assert_cmpuint (count_children (list), >, 0);
  g_assert_cmpuint (count_children (list), <, 300);

  gsize want = 0;
  for (gsize i = 0; i < N_SAMPLES; i++)
    want += LESC_AT (ds->truth, i, 2) > 0.5;
  g_assert_cmpuint (want, >, 100);
  gint64 t0 = g_get_monotonic_time ();
  lesc_sample_inspector_search (insp, "label 3 > 0.5");
  g_test_message ("label 3 > 0.5: %u samples in %.3f s; %s", g_list_model_get_n_items (matches),
                  (g_get_monotonic_time () - t0) / 1e6, lesc_sample_inspector_get_search_status (insp));
  g_assert_cmpuint (g_list_model_get_n_items (matches), ==, want);
  g_autofree char *status = g_strdup_printf ("%zu of %d samples", want, N_SAMPLES);
  g_assert_nonnull (strstr (lesc_sample_inspector_get_search_status (insp), status));
  g_autoptr (GtkStringObject) row = g_list_model_get_item (matches, 0);
  g_assert_true (g_str_has_prefix (gtk_string_object_get_string (row), "Sample "));

  lesc_sample_inspector_search (insp, "label 9 > 0.1");
  g_assert_nonnull (strstr (lesc_sample_inspector_get_search_status (insp), "is no label"));
  g_assert_cmpuint (g_list_model_get_n_items (matches), ==, want);

  lesc_sample_inspector_search (insp, "#12345");
  g_assert_cmpuint (g_list_model_get_n_items (matches), ==, 1);
  lesc_test_spin (0.3);
  g_signal_emit_by_name (list, "activate", 0u);
  g_assert_cmpint (lesc_distributions_view_get_inspected (view ()), ==, 12344);
  const LescBarsModel *bars = lesc_distributions_view_get_inspector (view ());
  g_assert_nonnull (bars);
  g_assert_cmpstr (bars->title, ==, "Sample 12345 of 100000");
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view (), 30));
  LescPixelStats stats = { 0 };
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (view ()), "large-data-search", &stats));
}

static void
add_tests (void)
{
  g_test_add_func ("/app/large-data/opens-and-paints", test_opens_and_paints);
  g_test_add_func ("/app/large-data/search", test_search);
  g_test_add_func ("/app/large-data/logical-auto-run", test_logical_auto_run);
}

int
main (int argc, char **argv)
{
  return appwindow_main (argc, argv, &tmp, add_tests);
}
