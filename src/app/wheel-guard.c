#include "config.h"
#include "app/wheel-guard.h"

/* The widget's own scroll controllers: on while focused, off otherwise. */
static void
set_scroll_enabled (GtkWidget *widget, gboolean enabled)
{
  GListModel *controllers = gtk_widget_observe_controllers (widget);
  guint n = g_list_model_get_n_items (controllers);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_EVENT_CONTROLLER_SCROLL (c))
        gtk_event_controller_set_propagation_phase (c, enabled ? GTK_PHASE_BUBBLE : GTK_PHASE_NONE);
    }
  g_object_unref (controllers);
}

static void
focus_enter_cb (GtkEventControllerFocus *focus, gpointer data)
{
  set_scroll_enabled (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)), TRUE);
}

static void
focus_leave_cb (GtkEventControllerFocus *focus, gpointer data)
{
  set_scroll_enabled (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (focus)), FALSE);
}

void
lesc_wheel_guard (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  set_scroll_enabled (widget, FALSE);
  GtkEventController *focus = gtk_event_controller_focus_new ();
  gtk_event_controller_set_name (focus, "lesc-wheel-guard");
  g_signal_connect (focus, "enter", G_CALLBACK (focus_enter_cb), NULL);
  g_signal_connect (focus, "leave", G_CALLBACK (focus_leave_cb), NULL);
  gtk_widget_add_controller (widget, focus);
}
