/* The explorer's keyboard shortcuts: the accelerators of its actions and the key table of
 * `lesc-explorer --help-keys` (the man page's KEYS), both from one list (shortcuts.c). */
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Sets the accelerators of the app.*, win.* and window.* actions on `app`. */
void lesc_app_shortcuts_install (GtkApplication *app);
/* Prints the shortcuts window (gtk/help-overlay.ui of the resources) as text: a line per
 * group title, then "  KEYS  WHAT" lines, the keys of actions from the accelerators above.
 * Needs no display. FALSE with `error` set when the resource cannot be read. */
gboolean lesc_app_shortcuts_print (FILE *out, GError **error);

G_END_DECLS
