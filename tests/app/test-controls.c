/* Controls that stay under the pointer: the mouse wheel over a slider of the side bar
 * scrolls the side bar and leaves the value (real wheel events through the XTEST
 * extension of the X server), and the Cancel button and the views' buttons keep their
 * places when a job starts, is cancelled and ends by itself. */
#include "config.h"

#include <math.h>

#include "app/application.h"
#include "app/comparison-view.h"
#include "app/param-row.h"
#include "app/settings.h"
#include "app/window.h"
#include "apptest.h"
#include "appwindow.h"
#include "testutil.h"
#include "xtest.h"


static gboolean
queue_busy (gpointer data)
{
  return lesc_job_queue_get_busy (lesc_window_get_queue (window));
}

static GtkWidget *
template_child (const char *name)
{
  GtkWidget *w = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (window), LESC_TYPE_WINDOW, name));
  g_assert_nonnull (w);
  return w;
}

static void
test_wheel_over_slider (void)
{
  if (!lesc_xtest_available (GTK_WIDGET (window)))
    return;
  /* GLLE's K, in view in the side bar, not focused. */
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  const LescMethod *glle = lesc_method_find ("glle");
  lesc_method_panel_show_method (panel, glle);
  GtkWidget *row = lesc_method_panel_get_param_row (panel, glle, "k");
  g_assert_nonnull (row);
  GtkWidget *slider = lesc_param_row_get_slider (LESC_PARAM_ROW (row));
  lesc_test_spin (0.5);
  GtkScrolledWindow *sidebar = GTK_SCROLLED_WINDOW (template_child ("sidebar"));
  GtkAdjustment *scroll = gtk_scrolled_window_get_vadjustment (sidebar);
  /* Scroll so that the slider sits in the middle of the side bar, with room to scroll on. */
  graphene_point_t p;
  g_assert_true (gtk_widget_compute_point (slider, GTK_WIDGET (sidebar), &GRAPHENE_POINT_INIT (0, 0), &p));
  gtk_adjustment_set_value (scroll, gtk_adjustment_get_value (scroll) + p.y
                                      - gtk_widget_get_height (GTK_WIDGET (sidebar)) / 2.0);
  lesc_test_spin (0.3);
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll) + gtk_adjustment_get_page_size (scroll), <,
                     gtk_adjustment_get_upper (scroll) - 20);
  gtk_widget_grab_focus (lesc_window_get_view (window, "measures"));
  g_assert_false (gtk_widget_has_focus (slider));

  double before = lesc_param_row_get_value (LESC_PARAM_ROW (row));
  double scrolled_before = gtk_adjustment_get_value (scroll);
  lesc_xtest_button (slider, gtk_widget_get_width (slider) / 2.0, gtk_widget_get_height (slider) / 2.0, 5, 3);
  double after = lesc_param_row_get_value (LESC_PARAM_ROW (row));
  g_test_message ("unfocused: K %g → %g, side bar %g → %g", before, after, scrolled_before,
                  gtk_adjustment_get_value (scroll));
  g_assert_cmpfloat (after, ==, before);
  /* The wheel went to the side bar instead: the events did arrive. */
  g_assert_cmpfloat (gtk_adjustment_get_value (scroll), >, scrolled_before);

  /* Focused, the slider takes the wheel (so the events above would have changed it). */
  gtk_widget_grab_focus (slider);
  g_assert_true (gtk_widget_has_focus (slider));
  lesc_xtest_button (slider, gtk_widget_get_width (slider) / 2.0, gtk_widget_get_height (slider) / 2.0, 5, 3);
  double focused = lesc_param_row_get_value (LESC_PARAM_ROW (row));
  g_test_message ("focused: K %g → %g", after, focused);
  g_assert_cmpfloat (focused, !=, after);
  lesc_param_row_set_value (LESC_PARAM_ROW (row), before);
  gtk_widget_grab_focus (lesc_window_get_view (window, "measures"));
}

/* A widget's top-left corner in window coordinates. */
static graphene_point_t
place_of (GtkWidget *widget)
{
  graphene_point_t p;
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (window), &GRAPHENE_POINT_INIT (0, 0), &p));
  return p;
}

static GtkWidget *
find_button (GtkWidget *root, const char *label)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (root)), label) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c, label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
test_cancel_stays (void)
{
  GtkWidget *cancel = template_child ("cancel_button");
  lesc_window_show_view (window, "comparison");
  GtkWidget *compute = find_button (lesc_window_get_view (window, "comparison"), "Compute _Missing Runs");
  g_assert_nonnull (compute);
  /* Showing the Comparison reads the results store once: wait for that job. */
  g_assert_true (lesc_test_wait (queue_idle, NULL, 30));
  lesc_test_spin (0.3);
  graphene_point_t cancel_idle = place_of (cancel), compute_idle = place_of (compute);
  g_assert_true (gtk_widget_get_visible (cancel) && gtk_widget_get_mapped (cancel));

  /* A run of every method on the artificial set: long enough to look at. */
  LescMethodPanel *panel = lesc_window_get_method_panel (window);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], TRUE);
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_busy, NULL, 10));
  lesc_test_spin (0.5);
  graphene_point_t cancel_busy = place_of (cancel), compute_busy = place_of (compute);
  g_assert_true (gtk_widget_is_sensitive (cancel));
  lesc_window_cancel (window);
  g_assert_true (lesc_test_wait (queue_idle, NULL, 60));
  lesc_test_spin (0.5);
  graphene_point_t cancel_after = place_of (cancel), compute_after = place_of (compute);
  g_test_message ("Cancel at (%g, %g) idle, (%g, %g) busy, (%g, %g) after", cancel_idle.x, cancel_idle.y,
                  cancel_busy.x, cancel_busy.y, cancel_after.x, cancel_after.y);
  g_assert_true (graphene_point_equal (&cancel_idle, &cancel_busy));
  g_assert_true (graphene_point_equal (&cancel_busy, &cancel_after));
  g_assert_true (graphene_point_equal (&compute_idle, &compute_busy));
  g_assert_true (graphene_point_equal (&compute_busy, &compute_after));
  g_assert_false (gtk_widget_is_sensitive (cancel));   /* nothing to cancel */

  /* A job that ends by itself (LP alone, quick, with an α not run before): the same
   * places when it is done. */
  for (guint i = 0; i < n; i++)
    lesc_method_panel_set_selected (panel, methods[i], g_str_equal (methods[i]->name, "lp"));
  g_assert_true (lesc_method_panel_set_param (panel, lesc_method_find ("lp"), "alpha", 0.6));
  lesc_window_run (window);
  g_assert_true (lesc_test_wait (queue_busy, NULL, 10));
  g_assert_true (lesc_test_wait (queue_idle, NULL, 120));
  lesc_test_spin (0.5);
  GListModel *jobs = lesc_job_queue_get_jobs (lesc_window_get_queue (window));
  g_autoptr (LescJob) last = g_list_model_get_item (jobs, g_list_model_get_n_items (jobs) - 1);
  g_assert_cmpint (lesc_job_get_state (last), ==, LESC_JOB_DONE);
  graphene_point_t cancel_done = place_of (cancel), compute_done = place_of (compute);
  g_test_message ("Cancel at (%g, %g) after a job done", cancel_done.x, cancel_done.y);
  g_assert_true (graphene_point_equal (&cancel_idle, &cancel_done));
  g_assert_true (graphene_point_equal (&compute_idle, &compute_done));
  lesc_method_panel_set_param (panel, lesc_method_find ("lp"), "alpha", 0.5);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_application_init_i18n ();
  g_autoptr (LescApplication) app = lesc_application_new (G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  GSettings *settings = lesc_app_settings_new ();
  g_settings_set_boolean (settings, "auto-run", FALSE);
  g_settings_set_int (settings, "window-width", 1400);
  g_settings_set_int (settings, "window-height", 860);
  g_object_unref (settings);
  window = lesc_window_new (GTK_APPLICATION (app));
  gtk_window_present (GTK_WINDOW (window));
  lesc_test_spin (1.0);

  g_test_add_func ("/app/controls/wheel-over-slider", test_wheel_over_slider);
  g_test_add_func ("/app/controls/cancel-stays", test_cancel_stays);
  int status = g_test_run ();
  gtk_window_destroy (GTK_WINDOW (window));
  lesc_test_spin (0.2);
  return status;
}
