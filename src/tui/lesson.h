/* A lesson in the terminal explorer (`lesc explore --lesson FILE`; docs/teaching.md): the
 * step's box under the view, and its keys (n next, b back, x leave). The player
 * (session/lesson-player.h) sets the session; this shows the step's view and words. */
#pragma once
#include "tui/tui.h"

G_BEGIN_DECLS

/* Pairs of key and description for the help (help.c), NULL-terminated. */
extern const char *const lesc_tui_lesson_keys[];

/* Load `path` and enter it (tui->lesson); FALSE with one line naming the file and the step. */
gboolean lesc_tui_lesson_start (LescTui *tui, const char *path, GError **error);
/* Leave the lesson (the session and the view as before it); nothing without one. */
void lesc_tui_lesson_leave (LescTui *tui);
/* The rows the box takes under a view `cols` wide (0 without a lesson). */
int lesc_tui_lesson_rows (LescTui *tui, int cols);
/* Draw the box under the view area (lesc_tui_frame_layout left the rows free). */
void lesc_tui_lesson_draw (LescTui *tui);
/* TRUE when the key was the lesson's. */
gboolean lesc_tui_lesson_key (LescTui *tui, int key, gboolean is_char);

G_END_DECLS
