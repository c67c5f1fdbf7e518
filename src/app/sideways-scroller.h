/* A table in a scrolled window that scrolls sideways only and is as tall as the table. */
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* GTK reserves no room for a horizontal scroll bar that is shown only when needed
 * (GTK_POLICY_AUTOMATIC): the bar then covers the table's last row, and with vertical
 * scrolling off that row is cut. Make `scroller`'s bar take its own room while the child
 * is wider than the window (GTK_POLICY_ALWAYS) and hide it otherwise. */
void lesc_sideways_scroller (GtkScrolledWindow *scroller);

G_END_DECLS
