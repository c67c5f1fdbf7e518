/* The Distributions view on SJAFFE (6 labels) under Xvfb: every label panel shows its
 * degrees in at least five colour levels (per-label scales; pixel probes at the samples),
 * a click on a sample (a real click through XTEST) opens the inspector with six named
 * bars per method, the arrow keys go to the next sample and Esc closes it; the distance
 * view, the tooltip, a data set of 18 labels in pages, and a recompute that keeps the old
 * panel, faded, until the new result replaces it. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "app/application.h"
#include "app/distributions-view.h"
#include "app/label-names.h"
#include "app/result.h"
#include "app/settings.h"
#include "app/strip-view.h"
#include "app/window.h"
#include "apptest.h"
#include "appwindow.h"
#include "testutil.h"
#include "xtest.h"

static GSettings *settings;
static const char *const emotions[] = { "happy", "sad", "surprise", "anger", "disgust", "fear", NULL };

static LescDistributionsView *
view (void)
{
  return LESC_DISTRIBUTIONS_VIEW (lesc_window_get_view (window, "distributions"));
}

/* SJAFFE open, its labels named, four quick methods run; FALSE (skipped) without it. */
static gboolean
sjaffe_with_results (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return FALSE;
  if (!data_named ("sjaffe"))
    {
      lesc_window_open (window, path);
      g_assert_true (lesc_test_wait (data_named, "sjaffe", 60));
      lesc_label_names_store (lesc_window_get_data (window), settings, emotions);
      select_methods ((const char *const[]) { "fcm", "km", "lp", "ml", NULL });
      lesc_window_run (window);
      g_assert_true (lesc_test_wait (queue_idle, NULL, 300));
      g_assert_cmpuint (g_list_model_get_n_items (lesc_window_get_results (window)), ==, 4);
    }
  lesc_window_show_view (window, "distributions");
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view (), 60));
  return TRUE;
}

/* Colours in 16 levels per channel: shades a person tells apart. */
static guint32
level (const guchar *px)
{
  return (guint32) (px[0] >> 4) | (guint32) (px[1] >> 4) << 4 | (guint32) (px[2] >> 4) << 8;
}

/* Distinct colour levels at the samples' centres in plot `label` of `panel`. */
static guint
levels_in (const guchar *pixels, int w, int h, guint panel, guint label)
{
  GHashTable *seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  gsize n = lesc_dataset_n (lesc_data_object_get_dataset (lesc_window_get_data (window)));
  for (gsize i = 0; i < n; i++)
    {
      double x, y;
      g_assert_true (lesc_distributions_view_sample_point (view (), panel, label, i, &x, &y));
      int px = (int) floor (x), py = (int) floor (y);
      g_assert_true (px >= 0 && py >= 0 && px < w && py < h);
      g_hash_table_add (seen, GUINT_TO_POINTER (level (pixels + ((gsize) py * w + px) * 4)));
    }
  guint count = g_hash_table_size (seen);
  g_hash_table_unref (seen);
  return count;
}

static void
test_colour_levels (void)
{
  if (!sjaffe_with_results ())
    return;
  g_assert_true (lesc_distributions_view_set_show (view (), "labels"));
  g_assert_false (lesc_distributions_view_set_show (view (), "rgb"));   /* 6 labels: no RGB */
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view (), 60));
  g_assert_cmpuint (lesc_distributions_view_get_n_panels (view ()), ==, 6);   /* truth + 4 + logical labels */
  g_assert_cmpuint (lesc_distributions_view_get_n_labels_shown (view ()), ==, 6);
  LescPixelStats stats;
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (view ()), "distributions-sjaffe", &stats));
  int w = 0, h = 0;
  g_autofree guchar *pixels = lesc_test_pixels (GTK_WIDGET (view ()), &w, &h);
  g_assert_nonnull (pixels);
  /* The ground truth (panel 0) and the methods whose degrees vary (KM, LP, ML: panels
   * 2–4) in five levels or more on every label. FCM (panel 1) gives every SJAFFE sample
   * the uniform distribution (its memberships collapse, to 4e-13): one colour is right
   * there, and its subtitle says why. */
  g_assert_nonnull (strstr (lesc_distributions_view_get_subtitle (view (), 1), "\nevery sample uniform: 1/6"));
  for (guint p = 2; p < 5; p++)
    g_assert_null (strstr (lesc_distributions_view_get_subtitle (view (), p), "every sample"));
  for (guint p = 0; p < 5; p++)
    {
      GString *line = g_string_new (NULL);
      guint n[6];
      for (guint k = 0; k < 6; k++)
        {
          n[k] = levels_in (pixels, w, h, p, k);
          g_string_append_printf (line, " %u", n[k]);
        }
      g_test_message ("panel %u, colour levels per label:%s", p, line->str);
      g_string_free (line, TRUE);
      for (guint k = 0; k < 6; k++)
        if (p != 1)
          g_assert_cmpuint (n[k], >=, 5);
        else
          g_assert_cmpuint (n[k], <=, 2);   /* one colour; a probe may catch an edge */
    }
}

static gboolean
inspecting (gpointer data)
{
  return lesc_distributions_view_get_inspected (view ()) == GPOINTER_TO_INT (data);
}

static void
test_inspector (void)
{
  if (!sjaffe_with_results ())
    return;
  if (!lesc_xtest_available (GTK_WIDGET (window)))
    return;
  lesc_distributions_view_set_show (view (), "labels");
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view (), 60));
  /* A real click on sample 42 in the ground truth's first label plot. */
  double x, y;
  g_assert_true (lesc_distributions_view_sample_point (view (), 0, 0, 42, &x, &y));
  lesc_xtest_button (GTK_WIDGET (view ()), x, y, 1, 1);
  g_assert_true (lesc_test_wait (inspecting, GINT_TO_POINTER (42), 5));
  const LescBarsModel *bars = lesc_distributions_view_get_inspector (view ());
  g_assert_nonnull (bars);
  g_assert_cmpuint (bars->n_groups, ==, 6);
  g_assert_cmpuint (bars->n_series, ==, 5);   /* the ground truth and the four methods */
  g_assert_cmpstr (bars->series_names[0], ==, "Ground truth");
  for (guint g = 0; g < 6; g++)
    g_assert_cmpstr (bars->group_names[g], ==, emotions[g]);
  /* The bars are the sample's distributions: the truth's row and each method's. */
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  GListModel *results = lesc_window_get_results (window);
  for (guint g = 0; g < 6; g++)
    g_assert_cmpfloat (bars->values[g], ==, LESC_AT (ds->truth, 42, g));
  for (guint s = 1; s < bars->n_series; s++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, s - 1);
      gboolean found = FALSE;
      for (guint t = 1; t < bars->n_series; t++)
        if (g_str_equal (bars->series_names[t], lesc_result_get_method (r)->display_name))
          {
            found = TRUE;
            for (guint g = 0; g < 6; g++)
              g_assert_cmpfloat (bars->values[t * 6 + g], ==, LESC_AT (lesc_result_get_recovered (r), 42, g));
          }
      g_assert_true (found);
    }
  /* Six bars per method are drawn: each as long as its value. */
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  g_autoptr (LescBarsLayout) l = lesc_bars_layout_new (cr, 320, lesc_bars_natural_height (cr, 320, bars), bars);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  for (guint s = 0; s < bars->n_series; s++)
    for (guint g = 0; g < 6; g++)
      g_assert_cmpfloat_with_epsilon (l->bars[s * 6 + g].width, bars->values[s * 6 + g] / l->max * l->plot.width, 1e-9);
  LescPixelStats stats;
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (view ()), "distributions-inspector", &stats));

  /* → and ← (real keys to the focused figure) move between samples, Esc closes. */
  lesc_xtest_key (GTK_WIDGET (window), XK_Right);
  g_assert_true (lesc_test_wait (inspecting, GINT_TO_POINTER (43), 5));
  lesc_xtest_key (GTK_WIDGET (window), XK_Left);
  lesc_xtest_key (GTK_WIDGET (window), XK_Left);
  g_assert_true (lesc_test_wait (inspecting, GINT_TO_POINTER (41), 5));
  lesc_xtest_key (GTK_WIDGET (window), XK_Escape);
  g_assert_true (lesc_test_wait (inspecting, GINT_TO_POINTER (-1), 5));
  g_assert_null (lesc_distributions_view_get_inspector (view ()));
}

static void
test_tooltip_and_distance (void)
{
  if (!sjaffe_with_results ())
    return;
  /* the hover text is there (the figure keeps its tooltip) */
  GtkWidget *figure = lesc_distributions_view_get_figure (view ());
  g_assert_true (gtk_widget_get_has_tooltip (figure));
  g_autofree char *text = lesc_distributions_view_describe_point (view (), 1, 5);
  g_assert_nonnull (text);
  g_assert_nonnull (strstr (text, "Sample 6"));
  g_assert_nonnull (strstr (text, "happy"));
  /* the distance view: one panel per method */
  g_assert_true (lesc_distributions_view_set_show (view (), "distance"));
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view (), 60));
  g_assert_cmpuint (lesc_distributions_view_get_n_panels (view ()), ==, 4);
  LescPixelStats stats;
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (view ()), "distributions-distance", &stats));
  g_assert_cmpuint (stats.distinct_colours, >, 30);
  lesc_distributions_view_set_show (view (), "labels");
}

static gboolean
job_has_progress (gpointer data)
{
  return lesc_job_get_state (data) == LESC_JOB_RUNNING && lesc_job_get_fraction (data) > 0.0;
}

static LescResult *
result_of (const char *name)
{
  GListModel *results = lesc_window_get_results (window);
  for (guint i = 0; i < g_list_model_get_n_items (results); i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, i);
      if (g_str_equal (lesc_result_get_method (r)->name, name))
        return r;   /* the model keeps it */
    }
  return NULL;
}

/* The panels whose subtitle says `words`. */
static guint
panels_saying (const char *words)
{
  guint n = 0;
  for (guint p = 0; p < lesc_distributions_view_get_n_panels (view ()); p++)
    {
      const char *subtitle = lesc_distributions_view_get_subtitle (view (), p);
      n += subtitle != NULL && strstr (subtitle, words) != NULL;
    }
  return n;
}

/* A parameter changes: the old result stays, outdated and captioned "stale —
 * recomputing", with the run that replaces it, until the new one takes its place. */
static void
test_recompute_keeps_old (void)
{
  if (!sjaffe_with_results ())
    return;
  select_methods ((const char *const[]) { "fcm", "km", "lp", "ml", "glle", NULL });
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 300));
  LescResult *before = result_of ("glle");
  g_assert_nonnull (before);
  g_object_ref (before);
  const LescMethod *glle = lesc_method_find ("glle");
  lesc_method_panel_set_param (lesc_window_get_method_panel (window), glle, "lambda1", 0.1);
  g_assert_true (result_of ("glle") == before);
  g_assert_true (lesc_result_get_outdated (before));
  g_assert_cmpuint (panels_saying ("stale"), ==, 1);   /* auto-run is off: nothing recomputes */
  g_assert_cmpuint (panels_saying ("recomputing"), ==, 0);
  lesc_window_run (window);
  g_assert_cmpuint (panels_saying ("stale — recomputing"), ==, 1);
  LescJob *job = lesc_result_get_replacement (before);
  g_assert_nonnull (job);
  g_assert_true (lesc_test_wait (job_has_progress, job, 60));
  g_assert_cmpuint (lesc_distributions_view_get_n_panels (view ()), ==, 7);   /* GLLE still drawn */
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view (), 60));
  LescPixelStats stats;
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (view ()), "distributions-recompute", &stats));
  g_assert_true (lesc_test_wait (queue_idle, NULL, 300));
  LescResult *after = result_of ("glle");
  g_assert_true (after != before);
  g_assert_false (lesc_result_get_outdated (after));
  g_assert_cmpuint (panels_saying ("stale"), ==, 0);
  g_assert_cmpfloat (lesc_result_get_params (after)->values[lesc_method_param_index (glle, "lambda1")], ==, 0.1);
  g_object_unref (before);
}

/* 18 labels: drawn six at a time. */
static gboolean
strip_filled (gpointer view)
{
  return lesc_strip_view_get_n_missing (view) == 0 && lesc_strip_view_get_model (view) != NULL;
}

/* The λ strip with six labels: a chosen label, by name, on the truth's range of that
 * label (before, always the first label on [0, its largest degree]: one dark colour), at
 * the principal components. */
static void
test_strip_many_labels (void)
{
  if (!sjaffe_with_results ())
    return;
  LescStripView *strip = LESC_STRIP_VIEW (lesc_window_get_view (window, "strip"));
  g_assert_true (lesc_strip_view_select_method (strip, lesc_method_find ("glle")));
  g_assert_true (lesc_strip_view_select_label (strip, 1));
  g_assert_false (lesc_strip_view_select_label (strip, 6));
  lesc_window_show_view (window, "strip");
  g_assert_true (lesc_test_wait (strip_filled, strip, 300));
  const LescStripModel *m = lesc_strip_view_get_model (strip);
  g_test_message ("%s", m->title);
  g_assert_nonnull (strstr (m->title, "“sad”"));
  g_assert_nonnull (strstr (m->title, "the ground truth's range"));
  g_assert_nonnull (strstr (m->title, "PC 1"));
  for (guint c = 0; c < m->cols; c++)
    {
      const LescMatrix *colours = m->colors[c];
      g_assert_nonnull (colours);
      GHashTable *seen = g_hash_table_new (g_direct_hash, g_direct_equal);
      for (gsize i = 0; i < colours->rows; i++)
        {
          guchar px[3];
          for (int j = 0; j < 3; j++)
            px[j] = (guchar) lround (255 * LESC_AT (colours, i, j));
          g_hash_table_add (seen, GUINT_TO_POINTER (level (px)));
        }
      g_test_message ("cell %u (λ = %g): %u colour levels", c, m->values[c], g_hash_table_size (seen));
      if (m->values[c] >= 0.01 && m->values[c] <= 1)   /* λ below: near the 0/1 labels; above: flatter */
        g_assert_cmpuint (g_hash_table_size (seen), >=, 5);
      g_hash_table_unref (seen);
    }
  lesc_window_show_view (window, "distributions");
}

static void
test_many_labels (void)
{
  g_autofree char *path = lesc_test_dataset_path ("yeast-alpha.mat");
  if (path == NULL)
    return;
  lesc_window_open (window, path);
  g_assert_true (lesc_test_wait (data_named, "yeast-alpha", 60));
  lesc_window_show_view (window, "distributions");
  lesc_test_spin (0.3);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, view (), 60));
  g_assert_cmpuint (lesc_distributions_view_get_n_panels (view ()), ==, 2);   /* the truth and the logical labels, before any run */
  g_assert_cmpuint (lesc_distributions_view_get_n_labels_shown (view ()), ==, 6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", FALSE);
  g_settings_set_int (settings, "window-width", 1400);
  g_settings_set_int (settings, "window-height", 860);
  window = lesc_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  lesc_test_spin (1.0);

  g_test_add_func ("/app/distributions/colour-levels", test_colour_levels);
  g_test_add_func ("/app/distributions/inspector", test_inspector);
  g_test_add_func ("/app/distributions/tooltip-and-distance", test_tooltip_and_distance);
  g_test_add_func ("/app/distributions/recompute-keeps-old", test_recompute_keeps_old);
  g_test_add_func ("/app/distributions/many-labels", test_many_labels);
  g_test_add_func ("/app/distributions/strip-many-labels", test_strip_many_labels);
  int status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  lesc_test_spin (0.2);
  g_object_unref (settings);
  return status;
}
