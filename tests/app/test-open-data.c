/* The explorer's open-data dialog on a table whose last columns hold 0/1 labels (issue 30,
 * item 17; docs/examples/weather.csv): it proposes them as logical labels, and when they
 * are opened as distributions anyway it offers to open them as 0/1 labels — never to
 * renormalize them into a made-up ground truth — and quotes no command-line option. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <sys/resource.h>

#include "app/application.h"
#include "app/settings.h"
#include "app/window.h"
#include "apptest.h"
#include "appwindow.h"
#include "testfiles.h"


/* CPU seconds (all threads) and peak resident KB of this process so far. */
static double
self_cpu (long *max_rss_kb)
{
  struct rusage ru;
  g_assert_cmpint (getrusage (RUSAGE_SELF, &ru), ==, 0);
  *max_rss_kb = ru.ru_maxrss;
  return (double) ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double) ru.ru_stime.tv_sec
         + ru.ru_stime.tv_usec / 1e6;
}

/* What opening took: under 1 s of CPU and 100 MB more memory (generous for the window's
 * own drawing, which counts too). */
static void
assert_cheap (double cpu0, long rss0, const char *what)
{
  long rss;
  double cpu = self_cpu (&rss) - cpu0;
  g_test_message ("%s: %.3f s CPU, peak %ld KB (was %ld KB)", what, cpu, rss, rss0);
  g_assert_cmpfloat (cpu, <, 1.0);
  g_assert_cmpint (rss - rss0, <, 100 * 1024);
}
static char *tmp;

static const char weather[] =
  "temperature,humidity,wind,pressure,sun,rain,snow\n"
  "-3.9,76,39,1036,0,0,1\n2.3,40,44,1020,1,0,0\n11.5,88,12,1003,0,1,0\n"
  "18.2,55,8,1015,1,0,0\n7.4,92,25,998,0,1,1\n24.0,35,5,1022,1,0,0\n"
  "-1.2,81,30,1030,0,0,1\n15.8,70,18,1008,1,1,0\n";

/* The visible message dialog whose heading is `heading`, or NULL. */
static AdwMessageDialog *
find_dialog (const char *heading)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWidget) w = g_list_model_get_item (toplevels, i);
      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_widget_get_visible (w)
          && strstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (w)), heading) != NULL)
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
dialog_shown (gpointer heading)
{
  return find_dialog (heading) != NULL;
}

static gboolean
logical_data (gpointer name)
{
  LescDataObject *d = lesc_window_get_data (window);
  return d != NULL && g_str_equal (lesc_data_object_get_name (d), name)
         && lesc_data_object_get_dataset (d)->truth == NULL;
}

static void
test_proposes_logical (void)
{
  g_autofree char *path = lesc_test_write_text (tmp, "weather.csv", weather);
  long rss0;
  double cpu0 = self_cpu (&rss0);
  lesc_window_open (window, path);
  g_assert_true (lesc_test_wait (dialog_shown, "weather.csv", 10));
  AdwMessageDialog *dialog = find_dialog ("weather.csv");
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (dialog), "lesc-spin");
  GtkDropDown *kind = g_object_get_data (G_OBJECT (dialog), "lesc-kind");
  /* sun, rain and snow: three 0/1 columns, proposed as 0/1 labels */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 3);
  g_assert_cmpuint (gtk_drop_down_get_selected (kind), ==, 1);
  adw_message_dialog_response (dialog, "open");
  g_assert_true (lesc_test_wait (logical_data, "weather", 30));
  const LescDataset *ds = lesc_data_object_get_dataset (lesc_window_get_data (window));
  g_assert_cmpuint (ds->logical->cols, ==, 3);
  g_assert_cmpuint (ds->features->cols, ==, 4);
  assert_cheap (cpu0, rss0, "weather.csv proposed and opened");
}

static void
test_never_renormalizes_zero_one (void)
{
  g_autofree char *path = lesc_test_write_text (tmp, "weather2.csv", weather);
  /* the user says "distributions" anyway */
  long rss0;
  double cpu0 = self_cpu (&rss0);
  lesc_window_open_table (window, path, 3, FALSE);
  g_assert_true (lesc_test_wait (dialog_shown, "0 and 1", 30));
  g_assert_null (find_dialog ("Not Distributions"));
  AdwMessageDialog *dialog = find_dialog ("0 and 1");
  g_assert_false (adw_message_dialog_has_response (dialog, "renormalize"));
  g_assert_true (adw_message_dialog_has_response (dialog, "logical"));
  const char *body = adw_message_dialog_get_body (dialog);
  g_test_message ("body: %s", body);
  g_assert_null (strstr (body, "--"));
  adw_message_dialog_response (dialog, "logical");
  g_assert_true (lesc_test_wait (logical_data, "weather2", 30));
  assert_cheap (cpu0, rss0, "weather2.csv refused as distributions, opened as 0/1 labels");
}

/* A reader's message that suggests a command-line option reaches the window without it. */
static void
test_no_cli_options (void)
{
  g_autofree char *path = lesc_test_write_text (tmp, "mixed.csv", "a,b,c\n1;2,3,1\n");
  long rss0;
  double cpu0 = self_cpu (&rss0);
  lesc_window_open_table (window, path, 2, TRUE);
  g_assert_true (lesc_test_wait (toast_has, "mixed.csv", 30));
  assert_cheap (cpu0, rss0, "mixed.csv refused");
  const char *t = lesc_window_get_last_toast (window);
  g_test_message ("toast: %s", t);
  g_assert_null (strstr (t, "--"));
  /* the data set in use stays */
  g_assert_true (logical_data ("weather2"));
}

static void
add_tests (void)
{
  g_test_add_func ("/app/open-data/proposes-logical", test_proposes_logical);
  g_test_add_func ("/app/open-data/never-renormalizes-zero-one", test_never_renormalizes_zero_one);
  g_test_add_func ("/app/open-data/no-cli-options", test_no_cli_options);
}

int
main (int argc, char **argv)
{
  return appwindow_main (argc, argv, &tmp, add_tests);
}
