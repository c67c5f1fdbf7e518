/* Sliders and spin buttons take the mouse wheel only while they have the keyboard focus:
 * scrolling a panel past them scrolls the panel and never changes a value. */
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Guard `widget` (a GtkRange or GtkSpinButton): its own scroll handling is off until it
 * (or a widget inside it) has the focus; the wheel event then goes on to the enclosing
 * scrolled window. */
void lesc_wheel_guard (GtkWidget *widget);

G_END_DECLS
