/* Start-up (issue 27): the window opens on the last session — the session memory that
 * `lesc explore` shares (session/memory.h): the data set with its options, the methods'
 * values and ticks — and runs only the ticked methods; without a memory, the artificial
 * set with LESC alone. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "app/job.h"
#include "app/result.h"
#include "session/session.h"
#include "apptest.h"
#include "appwindow.h"

static char *tmp;

/* A table of 3 features and 3 logical (0/1) label columns. */
static char *
write_table (void)
{
  char *path = g_build_filename (tmp, "sensors.csv", NULL);
  GString *t = g_string_new ("a,b,c,l1,l2,l3\n");
  for (int i = 0; i < 60; i++)
    g_string_append_printf (t, "%.3f,%.3f,%.3f,%d,%d,%d\n", 0.1 * i, (double) ((i * 7) % 11), 1.0 / (1 + i % 5),
                            i % 3 == 0, i % 3 != 0, i % 4 == 0);
  g_assert_true (g_file_set_contents (path, t->str, -1, NULL));
  g_string_free (t, TRUE);
  return path;
}

static gboolean
data_open (gpointer data)
{
  return lesc_window_get_data (window) != NULL;
}

static int
by_text (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(char *const *) a, *(char *const *) b);
}

/* The names of the methods of the user's run jobs so far, sorted ("glle lp"). */
static char *
run_methods (void)
{
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < g_list_model_get_n_items (jobs); i++)
    {
      g_autoptr (LescJob) job = g_list_model_get_item (jobs, i);
      if (lesc_job_get_kind (job) == LESC_JOB_KIND_RUN && !lesc_job_is_background (job))
        g_ptr_array_add (names, g_ascii_strdown (lesc_job_get_title (job), strcspn (lesc_job_get_title (job), " ")));
    }
  g_ptr_array_sort (names, by_text);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static gboolean
has_results (gpointer data)
{
  return g_list_model_get_n_items (lesc_window_get_results (window)) >= GPOINTER_TO_UINT (data);
}

static void
test_restores_last_session (void)
{
  g_autofree char *table = write_table ();
  g_autofree char *typed = g_strdup_printf ("%s --logical-columns 3", table);
  g_autofree char *memory = lesc_session_memory_default_path ();

  /* the last session, as an explorer leaves it: own data with its options, GLLE λ₁ = 0.25,
   * GLLE and LP ticked, LESC not */
  LescOpenOptions open = { 0 };
  LescSession *s = lesc_session_new (NULL, &open, NULL, NULL);
  lesc_session_set_auto_run (s, FALSE);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_session_open_typed (s, typed, &error));
  g_assert_no_error (error);
  const LescMethod *glle = lesc_method_find ("glle");
  guint k = (guint) lesc_method_param_index (glle, "lambda1");
  lesc_session_set_value (s, (guint) lesc_session_find_method (s, "glle"), k, 0.25);
  for (guint i = 0; i < lesc_session_n_methods (s); i++)
    {
      const char *name = lesc_session_method (s, i)->method->name;
      lesc_session_set_ticked (s, i, g_str_equal (name, "glle") || g_str_equal (name, "lp"));
    }
  g_autofree char *checksum = g_strdup (lesc_session_checksum (s));
  g_assert_true (lesc_session_memory_save (s, memory, &error));
  g_assert_no_error (error);
  lesc_session_free (s);

  gint64 start = g_get_monotonic_time ();
  LescApplication *app = appwindow_open_with (TRUE, FALSE);
  g_assert_true (lesc_test_wait (data_open, NULL, 60));
  LescDataObject *data = lesc_window_get_data (window);
  g_assert_cmpstr (lesc_data_object_get_checksum (data), ==, checksum);
  g_assert_false (lesc_data_object_get_report (data)->has_truth);
  LescOpenOptions restored;
  lesc_data_object_get_open_options (data, &restored);
  g_assert_cmpuint (restored.logical_columns, ==, 3);

  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  LescRunParams p;
  lesc_method_panel_get_params (panel, glle, &p);
  g_assert_cmpfloat (p.values[k], ==, 0.25);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (lesc_method_panel_is_selected (panel, methods[i]), ==,
                     g_str_equal (methods[i]->name, "glle") || g_str_equal (methods[i]->name, "lp"));

  g_assert_true (lesc_test_wait (has_results, GUINT_TO_POINTER (1), 60));
  g_test_message ("first result %.2f s after the window was made", (g_get_monotonic_time () - start) / 1e6);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 120));
  g_autofree char *ran = run_methods ();
  g_assert_cmpstr (ran, ==, "glle lp");   /* only the ticked ones, once each */
  g_assert_cmpuint (g_list_model_get_n_items (lesc_window_get_results (window)), ==, 2);

  /* closing leaves the session for the next start */
  g_unlink (memory);
  gtk_window_close (GTK_WINDOW (window));
  lesc_test_spin (0.2);
  g_object_unref (app);
  g_autofree char *saved = lesc_session_memory_data (memory);
  g_assert_cmpstr (saved, ==, typed);
}

static void
test_fresh_start (void)
{
  gint64 start = g_get_monotonic_time ();
  LescApplication *app = appwindow_open_with (TRUE, TRUE);
  g_assert_true (lesc_test_wait (data_named, "artificial", 30));
  g_assert_true (lesc_test_wait (has_results, GUINT_TO_POINTER (1), 60));
  g_test_message ("first result %.2f s after the window was made", (g_get_monotonic_time () - start) / 1e6);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 120));
  g_autofree char *ran = run_methods ();
  g_assert_cmpstr (ran, ==, "lesc");
  appwindow_close (app);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  tmp = g_dir_make_tmp ("lesc-startup-XXXXXX", NULL);
  g_test_add_func ("/app/startup/restores-last-session", test_restores_last_session);
  g_test_add_func ("/app/startup/fresh", test_fresh_start);
  int status = g_test_run ();
  g_autofree char *table = g_build_filename (tmp, "sensors.csv", NULL);
  g_unlink (table);
  g_rmdir (tmp);
  return status;
}
