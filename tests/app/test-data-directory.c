/* The data directory changes while jobs run and while they are being cancelled: the
 * window lists the new folder and nothing crashes (run under ASan in a build configured
 * with -Db_sanitize=address,undefined, see README, "The explorer"). */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "app/application.h"
#include "app/comparison-view.h"
#include "app/sensitivity-view.h"
#include "app/settings.h"
#include "app/window.h"
#include "apptest.h"
#include "appwindow.h"
#include "testutil.h"

static GSettings *settings;

static LescJob *
last_job (void)
{
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  guint n = g_list_model_get_n_items (jobs);
  g_assert_cmpuint (n, >, 0);
  LescJob *job = g_list_model_get_item (jobs, n - 1);
  g_object_unref (job);   /* the model keeps it */
  return job;
}

static gboolean
job_has_progress (gpointer data)
{
  return lesc_job_get_state (data) == LESC_JOB_RUNNING && lesc_job_get_fraction (data) > 0.0;
}

/* A folder in the build tree holding links to `files` of the benchmark folder. */
static char *
make_folder (const char *name, const char *const *files)
{
  const char *builddir = g_getenv ("LESC_TEST_BUILDDIR");
  char *dir = g_build_filename (builddir != NULL ? builddir : ".", "snapshots", name, NULL);
  g_mkdir_with_parents (dir, 0755);
  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *from = g_build_filename (lesc_test_datasets_dir (), files[i], NULL);
      g_autofree char *to = g_build_filename (dir, files[i], NULL);
      g_remove (to);
      g_assert_cmpint (symlink (from, to), ==, 0);
    }
  return dir;
}

/* Switch the data directory back and forth, letting the main loop run in between. */
static void
churn_directory (const char *const *dirs)
{
  for (guint round = 0; round < 3; round++)
    for (guint i = 0; dirs[i] != NULL; i++)
      {
        g_settings_set_string (settings, "data-directory", dirs[i]);
        lesc_test_spin (0.05);
      }
}

static void
test_change_while_running (void)
{
  g_autofree char *sjaffe = lesc_test_dataset_path ("sjaffe.mat");
  if (sjaffe == NULL)
    return;
  g_autofree char *a = make_folder ("dir-a", (const char *const[]) { "sjaffe.mat", "yeast-spoem.mat", NULL });
  g_autofree char *b = make_folder ("dir-b", (const char *const[]) { "yeast-cold.mat", NULL });
  const char *dirs[] = { a, b, "", a, NULL };
  g_settings_set_string (settings, "data-directory", a);
  lesc_window_open (window, sjaffe);
  g_assert_true (lesc_test_wait (data_named, "sjaffe", 60));

  /* A grid runs while the folder changes. */
  LescSensitivityView *sv = LESC_SENSITIVITY_VIEW (lesc_window_get_view (window, "sensitivity"));
  g_assert_true (lesc_sensitivity_view_select_method (sv, "glesc"));
  lesc_sensitivity_view_compute (sv);
  LescJob *grid = g_object_ref (last_job ());
  g_assert_true (lesc_test_wait (job_has_progress, grid, 120));
  churn_directory (dirs);
  g_assert_cmpint (lesc_job_get_state (grid), ==, LESC_JOB_RUNNING);

  /* It is cancelled, and the folder changes while it stops. */
  lesc_window_cancel (window);
  churn_directory (dirs);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 60));
  g_assert_cmpint (lesc_job_get_state (grid), ==, LESC_JOB_CANCELLED);
  g_object_unref (grid);

  /* The same with a comparison over the folder. */
  LescComparisonView *cv = LESC_COMPARISON_VIEW (lesc_window_get_view (window, "comparison"));
  g_settings_set_string (settings, "data-directory", a);
  lesc_test_spin (0.1);
  lesc_comparison_view_compute (cv);
  LescJob *table = g_object_ref (last_job ());
  g_assert_true (lesc_test_wait (job_has_progress, table, 120));
  churn_directory (dirs);
  lesc_window_cancel (window);
  churn_directory (dirs);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 60));
  g_assert_cmpint (lesc_job_get_state (table), ==, LESC_JOB_CANCELLED);
  g_object_unref (table);

  /* The window still works and lists the last folder: its two files to compare. */
  g_assert_true (data_named ("sjaffe"));
  g_settings_set_string (settings, "data-directory", b);
  lesc_test_spin (0.2);
  g_auto (GStrv) chosen = lesc_comparison_view_dup_chosen (cv);
  g_assert_cmpuint (g_strv_length (chosen), ==, 1);
  g_assert_true (g_str_has_suffix (chosen[0], "yeast-cold.mat"));
}

/* The Preferences window opened and closed, then the folder changes (as choosing a folder
 * in a second Preferences window does): nothing of the first window answers. */
static void
test_change_after_preferences (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint round = 0; round < 2; round++)
    {
      g_action_group_activate_action (G_ACTION_GROUP (g_application_get_default ()), "preferences", NULL);
      lesc_test_spin (0.3);
      GtkWindow *prefs = NULL;
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr (GtkWindow) w = g_list_model_get_item (toplevels, i);
          if (w != GTK_WINDOW (window) && gtk_widget_get_visible (GTK_WIDGET (w)))
            prefs = w;
        }
      g_assert_nonnull (prefs);
      GtkWindow *watch = prefs;
      g_object_add_weak_pointer (G_OBJECT (prefs), (gpointer *) &watch);
      gtk_window_close (prefs);
      lesc_test_spin (0.5);
      g_test_message ("preferences window %s after closing", watch == NULL ? "finalized" : "alive");
      if (watch != NULL)
        g_object_remove_weak_pointer (G_OBJECT (watch), (gpointer *) &watch);
      g_settings_set_string (settings, "data-directory", round == 0 ? "/tmp" : "");
      lesc_test_spin (0.2);
    }
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
  window = lesc_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  lesc_test_spin (0.5);

  g_test_add_func ("/app/data-directory/change-after-preferences", test_change_after_preferences);
  g_test_add_func ("/app/data-directory/change-while-running", test_change_while_running);
  int status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  lesc_test_spin (0.2);
  g_object_unref (settings);
  return status;
}
