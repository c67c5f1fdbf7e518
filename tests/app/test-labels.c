/* The explorer on data without ground truth (features and 0/1 labels only): a .mat file
 * dropped on the window and a CSV file opened as a table of 0/1 labels load; LESC runs;
 * the Distributions view shows the recovered panel alone, unscored; the Measures view
 * says there is nothing to score against; the distributions saved in every format read
 * back to the same numbers. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "app/application.h"
#include "app/exportable.h"
#include "app/result.h"
#include "app/settings.h"
#include "app/window.h"
#include "core/data/csv.h"
#include "core/data/tablefile.h"
#include "apptest.h"
#include "appwindow.h"
#include "testfiles.h"

static char *tmp;

enum { N = 40, Q = 3, O = 3 };

static void
make_data (LescMatrix **x_out, LescMatrix **l_out)
{
  LescMatrix *x = lesc_matrix_new (N, Q), *l = lesc_matrix_new (N, O);
  for (gsize i = 0; i < N; i++)
    {
      for (gsize j = 0; j < Q; j++)
        LESC_AT (x, i, j) = cos (0.7 * (double) i + 2.0 * (double) j) + 0.05 * (double) (i % 5);
      LESC_AT (l, i, i % O) = 1.0;
      if (i % 3 == 0)
        LESC_AT (l, i, (i + 2) % O) = 1.0;
    }
  *x_out = x;
  *l_out = l;
}

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
        return r;
    }
  return NULL;
}

/* Drop `path` on the window as a file manager would. */
static gboolean
drop_file (const char *path)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (!GTK_IS_DROP_TARGET (c))
        continue;
      g_autoptr (GFile) file = g_file_new_for_path (path);
      GValue value = G_VALUE_INIT;
      g_value_init (&value, G_TYPE_FILE);
      g_value_set_object (&value, file);
      gboolean accepted = FALSE;
      g_signal_emit_by_name (c, "drop", &value, 10.0, 10.0, &accepted);
      g_value_unset (&value);
      return accepted;
    }
  return FALSE;
}

static void
run_lesc_and_check (void)
{
  LescDataObject *data = lesc_window_get_data (window);
  g_assert_false (lesc_data_object_get_report (data)->has_truth);
  select_only ("lesc");
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 240));
  LescResult *r = result_of ("lesc");
  g_assert_nonnull (r);
  const LescMatrix *d = lesc_result_get_recovered (r);
  g_assert_cmpuint (d->rows, ==, N);
  g_assert_cmpuint (d->cols, ==, O);
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    g_assert_true (isnan (lesc_result_get_measures (r, LESC_KL_TRUTH_RECOVERED)[j]));

  /* Distributions: one panel, the recovered one, with no scores and no ground truth */
  lesc_window_show_view (window, "distributions");
  LescExportable *view = LESC_EXPORTABLE (lesc_window_get_view (window, "distributions"));
  lesc_test_spin (0.3);
  g_assert_true (lesc_exportable_has_figure (view));
  g_autofree char *figure = lesc_exportable_get_figure_data (view);
  g_assert_nonnull (figure);
  g_assert_null (strstr (figure, "Ground truth"));
  g_assert_nonnull (strstr (figure, "LESC"));
  g_autoptr (LescTable) no_scores = lesc_exportable_get_table (view);
  g_assert_null (no_scores);
  g_assert_true (lesc_test_wait (lesc_test_figures_ready, window, 30));
  LescPixelStats stats;
  g_assert_true (lesc_test_snapshot_drawn (GTK_WIDGET (window), "labels-only-distributions", &stats));

  /* saved in every format, read back bit for bit */
  const char *const exts[] = { "csv", "tsv", "mat", "npy", "json" };
  const char *const names[] = { "labelDistribution", NULL };
  for (guint k = 0; k < G_N_ELEMENTS (exts); k++)
    {
      g_autofree char *path = g_strdup_printf ("%s/saved.%s", tmp, exts[k]);
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_window_save_distributions (window, lesc_result_get_method (r), path, &error));
      g_assert_no_error (error);
      g_autoptr (LescMatrix) back = lesc_table_read (path, NULL, names, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (back->data, sizeof (double) * N * O, d->data, sizeof (double) * N * O);
    }
  /* the files go through lesc_output_write: a symbolic link is followed and stays a link
   * (the figure too), a missing folder is refused naming it, nothing written */
  g_autofree char *target = g_strdup_printf ("%s/target.npy", tmp);
  g_autofree char *link = g_strdup_printf ("%s/link.npy", tmp);
  g_autofree char *png_target = g_strdup_printf ("%s/figure-target.png", tmp);
  g_autofree char *png_link = g_strdup_printf ("%s/figure-link.png", tmp);
  unlink (link);
  unlink (png_link);
  g_assert_cmpint (symlink (target, link), ==, 0);
  g_assert_cmpint (symlink (png_target, png_link), ==, 0);
  {
    g_autoptr (GError) error = NULL;
    g_assert_true (lesc_window_save_distributions (window, lesc_result_get_method (r), link, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
    g_autoptr (LescMatrix) back = lesc_table_read (target, NULL, names, NULL, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpmem (back->data, sizeof (double) * N * O, d->data, sizeof (double) * N * O);
    g_assert_true (lesc_export_figure (view, png_link, 1.0, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_test (png_link, G_FILE_TEST_IS_SYMLINK));
    g_autofree char *png = NULL;
    gsize png_size = 0;
    g_assert_true (g_file_get_contents (png_target, &png, &png_size, NULL));
    g_assert_cmpuint (png_size, >, 8);
    g_assert_cmpmem (png, 8, "\x89PNG\r\n\x1a\n", 8);
    /* written again: a new file renamed over the old one (atomic), not rewritten in place */
    GStatBuf before, after;
    g_assert_cmpint (g_stat (png_target, &before), ==, 0);
    g_assert_true (lesc_export_figure (view, png_link, 1.0, &error));
    g_assert_cmpint (g_stat (png_target, &after), ==, 0);
    g_assert_cmpuint (before.st_ino, !=, after.st_ino);
    g_autofree char *missing = g_strdup_printf ("%s/no-such-folder/saved.mat", tmp);
    g_assert_false (lesc_window_save_distributions (window, lesc_result_get_method (r), missing, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "no-such-folder"));
    g_clear_error (&error);
    g_autofree char *missing_png = g_strdup_printf ("%s/no-such-folder/figure.png", tmp);
    g_assert_false (lesc_export_figure (view, missing_png, 1.0, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "no-such-folder"));
    g_autofree char *folder = g_strdup_printf ("%s/no-such-folder", tmp);
    g_assert_false (g_file_test (folder, G_FILE_TEST_EXISTS));
  }
  /* a method that has not run: refused, nothing written */
  g_autofree char *none = g_strdup_printf ("%s/none.csv", tmp);
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_window_save_distributions (window, lesc_method_find ("km"), none, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (none, G_FILE_TEST_EXISTS));
}

/* a .mat file of features and logicalLabel, dropped on the window */
static void
test_dropped_mat (void)
{
  g_assert_true (lesc_test_wait (window_mapped, NULL, 20));
  g_autoptr (LescMatrix) x = NULL, l = NULL;
  make_data (&x, &l);
  const LescTestVar vars[] = { { "features", x }, { "logicalLabel", l, MAT_T_UINT8, 0, TRUE } };
  g_autofree char *path = lesc_test_write_mat (tmp, "own.mat", vars, 2, TRUE);
  g_assert_true (drop_file (path));
  g_assert_true (lesc_test_wait (data_named, "own", 60));
  run_lesc_and_check ();
}

/* every method runs on the labels-only data: n×o rows summing to 1, nothing scored, each
 * in the Distributions figure and saved and read back bit for bit */
static void
run_every_method (void)
{
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], TRUE);
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 240));
  lesc_window_show_view (window, "distributions");
  LescExportable *view = LESC_EXPORTABLE (lesc_window_get_view (window, "distributions"));
  lesc_test_spin (0.3);
  g_autofree char *figure = lesc_exportable_get_figure_data (view);
  g_assert_nonnull (figure);
  g_assert_null (strstr (figure, "Ground truth"));
  const char *const names[] = { "labelDistribution", NULL };
  for (guint i = 0; i < n; i++)
    {
      LescResult *r = result_of (methods[i]->name);
      g_assert_nonnull (r);
      const LescMatrix *d = lesc_result_get_recovered (r);
      g_assert_cmpuint (d->rows, ==, N);
      g_assert_cmpuint (d->cols, ==, O);
      for (gsize k = 0; k < N; k++)
        {
          double sum = 0;
          for (gsize j = 0; j < O; j++)
            sum += LESC_AT (d, k, j);
          g_assert_cmpfloat (fabs (sum - 1.0), <, 1e-9);
        }
      g_assert_true (isnan (lesc_result_get_measures (r, LESC_KL_TRUTH_RECOVERED)[0]));
      g_assert_nonnull (strstr (figure, methods[i]->display_name));
      g_autofree char *path = g_strdup_printf ("%s/every-%s.npy", tmp, methods[i]->name);
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_window_save_distributions (window, methods[i], path, &error));
      g_autoptr (LescMatrix) back = lesc_table_read (path, NULL, names, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (back->data, sizeof (double) * N * O, d->data, sizeof (double) * N * O);
    }
}

/* a CSV file whose last three columns are 0/1 labels */
static void
test_csv_table (void)
{
  g_autoptr (LescMatrix) x = NULL, l = NULL;
  make_data (&x, &l);
  g_autoptr (LescMatrix) all = lesc_matrix_new (N, Q + O);
  memcpy (all->data, x->data, sizeof (double) * N * Q);
  memcpy (all->data + N * Q, l->data, sizeof (double) * N * O);
  const char *const header[] = { "a", "b", "c", "sun", "rain", "snow", NULL };
  g_autofree char *text = lesc_csv_format (all, header, NULL);
  g_autofree char *path = lesc_test_write_text (tmp, "weather.csv", text);
  lesc_window_open_table (window, path, 3, TRUE);
  g_assert_true (lesc_test_wait (data_named, "weather", 60));
  LescDataObject *data = lesc_window_get_data (window);
  g_autofree char *label = lesc_data_object_dup_label_name (data, 1);
  g_assert_cmpstr (label, ==, "rain");
  run_lesc_and_check ();
  /* the CSV's label names are the saved table's header */
  g_autofree char *saved = g_strdup_printf ("%s/saved.csv", tmp);
  g_autofree char *contents = NULL;
  g_assert_true (g_file_get_contents (saved, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "sun,rain,snow\n"));
  run_every_method ();
}

static void
add_tests (void)
{
  g_test_add_func ("/app/labels/dropped-mat", test_dropped_mat);
  g_test_add_func ("/app/labels/csv-table", test_csv_table);
}

int
main (int argc, char **argv)
{
  return appwindow_main (argc, argv, &tmp, add_tests);
}
