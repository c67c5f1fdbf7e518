/* The window's lesson mode (docs/teaching.md): a bar above the views with the step's
 * title, its sentences, what to look at, Previous / Next / Leave (Alt+Left, Alt+Right,
 * Ctrl+Shift+L), the control the step points at outlined, and the lesson player
 * (session/lesson-player.h) setting the window's data set, ticks, parameters, variant and
 * view. Leaving puts the window back as it was before the lesson. */
#pragma once
#include "app/window.h"

G_BEGIN_DECLS

/* Once per window, after lesc_window_new (the application does it): the action group
 * "lesson" (next, previous, leave, open (s), open-file) and the Lessons and Presenter Mode
 * menus. */
void lesc_lesson_bar_install (LescWindow *window);
/* Play `name` (a file, or a shipped lesson's name) from step 1, leaving a lesson under way
 * first; FALSE with one error line naming the file (and the step) when it is bad. */
gboolean lesc_lesson_bar_start (LescWindow *window, const char *name, GError **error);
gboolean lesc_lesson_bar_next (LescWindow *window);
gboolean lesc_lesson_bar_previous (LescWindow *window);
void     lesc_lesson_bar_leave (LescWindow *window);
/* The step shown (0-based), or −1 outside a lesson. */
int      lesc_lesson_bar_current (LescWindow *window);
/* The bar (NULL outside a lesson) and the control the step outlines (or NULL). */
GtkWidget *lesc_lesson_bar_get_bar (LescWindow *window);
GtkWidget *lesc_lesson_bar_get_highlighted (LescWindow *window);

G_END_DECLS
