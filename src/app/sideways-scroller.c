#include "config.h"
#include "app/sideways-scroller.h"

static gboolean
cut_off (GtkScrolledWindow *scroller)
{
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (scroller);
  return gtk_adjustment_get_upper (adj) - gtk_adjustment_get_lower (adj)
         > gtk_adjustment_get_page_size (adj) + 0.5;
}

/* After the allocation that changed the adjustment, not inside it. */
static gboolean
update_policy (gpointer data)
{
  GtkScrolledWindow *scroller = data;
  g_object_set_data (G_OBJECT (scroller), "lesc-sideways-pending", NULL);
  GtkPolicyType want = cut_off (scroller) ? GTK_POLICY_ALWAYS : GTK_POLICY_AUTOMATIC;
  GtkPolicyType now;
  gtk_scrolled_window_get_policy (scroller, &now, NULL);
  if (now != want)
    gtk_scrolled_window_set_policy (scroller, want, GTK_POLICY_NEVER);
  return G_SOURCE_REMOVE;
}

static void
changed_cb (GtkAdjustment *adj, GtkScrolledWindow *scroller)
{
  if (g_object_get_data (G_OBJECT (scroller), "lesc-sideways-pending") != NULL)
    return;
  g_object_set_data (G_OBJECT (scroller), "lesc-sideways-pending", GINT_TO_POINTER (1));
  g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_policy, g_object_ref (scroller), g_object_unref);
}

void
lesc_sideways_scroller (GtkScrolledWindow *scroller)
{
  g_return_if_fail (GTK_IS_SCROLLED_WINDOW (scroller));
  gtk_scrolled_window_set_policy (scroller, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  /* a scroll bar always in sight when columns are cut off */
  gtk_scrolled_window_set_overlay_scrolling (scroller, FALSE);
  gtk_scrolled_window_set_propagate_natural_height (scroller, TRUE);
  g_signal_connect_object (gtk_scrolled_window_get_hadjustment (scroller), "changed",
                           G_CALLBACK (changed_cb), scroller, 0);
}
