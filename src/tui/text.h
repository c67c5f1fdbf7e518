/* Text on the terminal screen: UTF-8 strings (the program's and the catalogue's) drawn
 * clipped to a number of columns, in the locale's character set — in a non-UTF-8 locale
 * the characters it lacks become ASCII look-alikes (λ → l, ₁ → 1, ± → +-, ×, ↓ …). */
#pragma once
#include <glib.h>
#include <curses.h>

G_BEGIN_DECLS

/* Set once at start: TRUE when the locale's character set is UTF-8. */
void lesc_tui_text_init (gboolean unicode);
gboolean lesc_tui_text_unicode (void);

/* Columns `utf8` takes on the screen (after the ASCII replacements when not UTF-8). */
int lesc_tui_text_width (const char *utf8);

/* Draw `utf8` at (y, x) with `attr`, at most `max_cols` columns (cut with "…" or "~" when
 * longer). Returns the columns drawn. */
int lesc_tui_draw (WINDOW *w, int y, int x, int max_cols, attr_t attr, const char *utf8);
/* The same, right-aligned in `cols` columns ending before x + cols. */
int lesc_tui_draw_right (WINDOW *w, int y, int x, int cols, attr_t attr, const char *utf8);
/* printf-style lesc_tui_draw. */
int lesc_tui_drawf (WINDOW *w, int y, int x, int max_cols, attr_t attr, const char *fmt, ...)
  G_GNUC_PRINTF (6, 7);
/* `utf8` broken into lines at spaces, at most `max_rows` lines of `cols` columns from (y, x).
 * Returns the lines drawn. */
int lesc_tui_draw_wrapped (WINDOW *w, int y, int x, int cols, int max_rows, attr_t attr,
                           const char *utf8);
/* Blank `cols` columns at (y, x). */
void lesc_tui_blank (WINDOW *w, int y, int x, int cols, attr_t attr);
/* An overlay's frame: h rows of w columns from (y, x) blanked and boxed. */
void lesc_tui_frame_box (int y, int x, int h, int w);
/* A list's cursor moved by a key (↑ ↓ PgUp PgDn Home End, or the characters k and j) among
 * n rows; FALSE: not such a key. */
gboolean lesc_tui_list_move (int *selected, int n, int key, gboolean is_char);

/* A character by the locale: `unicode` where UTF-8, else `ascii`. */
const char *lesc_tui_glyph (const char *unicode, const char *ascii);

/* The paper's short name of a measure with its direction: "Cheb↓", "Cosine↑". */
const char *lesc_tui_measure_name (guint measure);
/* A value as the tables show it: 4 decimals; NaN and ±Inf as every output writes them (format.h). */
char *lesc_tui_format_value (double v);

G_END_DECLS
