/* curses and the terminal's state. Figures are written beside curses: after each
 * doupdate() their rows of escape sequences go to the terminal at their places, then the
 * cursor goes back to where curses believes it is. curses keeps blanks there and, as its
 * copy of the screen says blank too, never writes over them; when a figure goes away,
 * wredrawln() makes curses rewrite those rows. */
#include "tui/screen.h"
#include "tui/restore.h"
#include "core/base/error.h"
#include "core/base/framelog.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

typedef struct {
  LescTermFigure *figure;
  guint64 serial;
  int y, x, rows;         /* where it is (kept: the figure itself may be gone) */
  guint rows_hash;        /* what curses held on its rows when it was last written */
  gboolean pending;      /* to be written at the next flush */
} Slot;

struct _LescScreen {
  SCREEN *screen;
  gboolean open;
  gboolean colors;
  attr_t attrs[LESC_TUI_N_ATTRS];
  const LescTermGraphics *graphics;
  Slot slots[LESC_SCREEN_FIGURE_SLOTS];
};

/* ---- set up and tear down ------------------------------------------------------------- */

static void
init_attrs (LescScreen *s)
{
  s->attrs[LESC_TUI_ATTR_NORMAL] = A_NORMAL;
  s->attrs[LESC_TUI_ATTR_TITLE] = A_BOLD;
  s->attrs[LESC_TUI_ATTR_FOCUS] = A_REVERSE;
  s->attrs[LESC_TUI_ATTR_TAB] = A_REVERSE | A_BOLD;
  s->attrs[LESC_TUI_ATTR_DIM] = A_DIM;
  s->attrs[LESC_TUI_ATTR_GOOD] = A_BOLD;
  s->attrs[LESC_TUI_ATTR_BAD] = A_BOLD;
  s->attrs[LESC_TUI_ATTR_BAR] = A_REVERSE;
  s->attrs[LESC_TUI_ATTR_CURSOR] = A_REVERSE | A_UNDERLINE;
  if (!s->colors || !has_colors ())
    return;
  start_color ();
  use_default_colors ();
  init_pair (1, COLOR_CYAN, -1);
  init_pair (2, COLOR_BLACK, COLOR_CYAN);
  init_pair (3, COLOR_GREEN, -1);
  init_pair (4, COLOR_RED, -1);
  init_pair (5, COLOR_BLACK, COLOR_GREEN);
  init_pair (6, COLOR_BLACK, COLOR_YELLOW);
  s->attrs[LESC_TUI_ATTR_TITLE] = A_BOLD | COLOR_PAIR (1);
  s->attrs[LESC_TUI_ATTR_FOCUS] = COLOR_PAIR (2);
  s->attrs[LESC_TUI_ATTR_TAB] = COLOR_PAIR (2);
  s->attrs[LESC_TUI_ATTR_GOOD] = A_BOLD | COLOR_PAIR (3);
  s->attrs[LESC_TUI_ATTR_BAD] = A_BOLD | COLOR_PAIR (4);
  s->attrs[LESC_TUI_ATTR_BAR] = COLOR_PAIR (5);
  s->attrs[LESC_TUI_ATTR_CURSOR] = A_BOLD | COLOR_PAIR (6);
}

LescScreen *
lesc_screen_open (const LescTermGraphics *graphics, gboolean colors, GError **error)
{
  if (!isatty (STDIN_FILENO) || !isatty (STDOUT_FILENO))
    {
      g_set_error_literal (error, LESC_ERROR, LESC_ERROR_USAGE,
                           "standard input and output must be a terminal");
      return NULL;
    }
  LescScreen *s = g_new0 (LescScreen, 1);
  s->graphics = graphics;
  s->colors = colors;
  lesc_terminal_restore_save ();
  /* The escape key alone, not the start of a sequence, after 25 ms. */
  set_escdelay (25);
  s->screen = newterm (NULL, stdout, stdin);
  if (s->screen == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "cannot use the terminal TERM=%s",
                   g_getenv ("TERM") != NULL ? g_getenv ("TERM") : "");
      lesc_terminal_restore_forget ();
      g_free (s);
      return NULL;
    }
  set_term (s->screen);
  s->open = TRUE;
  cbreak ();             /* Ctrl-C still interrupts: it quits through SIGINT */
  noecho ();
  nonl ();
  /* No insert/delete-line or scrolling to move rows: that would move a figure's rows with
   * them (curses does not know they are there). */
  idlok (stdscr, FALSE);
  scrollok (stdscr, FALSE);
  keypad (stdscr, TRUE);
  nodelay (stdscr, TRUE);
  curs_set (0);
  mousemask (BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED, NULL);
  mouseinterval (0);
  init_attrs (s);
  lesc_terminal_restore_arm ();
  return s;
}

void
lesc_screen_close (LescScreen *s)
{
  if (s == NULL || !s->open)
    return;
  if (s->graphics->pixels == LESC_TERM_PIXELS_KITTY)
    {
      const char del[] = "\033_Ga=d\033\\";   /* kitty: delete the images shown */
      ssize_t ignored = write (STDOUT_FILENO, del, sizeof del - 1);
      (void) ignored;
    }
  mousemask (0, NULL);
  curs_set (1);
  endwin ();
  delscreen (s->screen);
  s->open = FALSE;
  lesc_terminal_restore_disarm ();
  g_free (s);
}

void
lesc_screen_size (LescScreen *s, int *rows, int *cols)
{
  getmaxyx (stdscr, *rows, *cols);
}

void
lesc_screen_update_size (LescScreen *s)
{
  struct winsize ws;
  if (ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
    resizeterm (ws.ws_row, ws.ws_col);
  lesc_screen_invalidate_all (s);
}

attr_t
lesc_screen_attr (LescScreen *s, LescTuiAttr a)
{
  return s->attrs[a];
}

/* Rows [y, y + n) of the terminal to be rewritten by curses (they held a figure). */
static void
forget_rows (int y, int n)
{
  int rows = getmaxy (stdscr);
  if (y < 0 || y >= rows)
    return;
  n = MIN (n, rows - y);
  wredrawln (stdscr, y, n);
}

void
lesc_screen_set_figure (LescScreen *s, guint slot, int y, int x, LescTermFigure *f)
{
  g_return_if_fail (slot < LESC_SCREEN_FIGURE_SLOTS);
  Slot *sl = &s->slots[slot];
  guint64 serial = f != NULL ? f->serial : 0;
  if (sl->serial == serial && sl->y == y && sl->x == x)
    {
      sl->figure = f;
      return;
    }
  if (sl->serial != 0)
    forget_rows (sl->y, sl->rows);
  if (f != NULL)
    forget_rows (y, f->rows);
  sl->figure = f;
  sl->serial = serial;
  sl->rows = f != NULL ? f->rows : 0;
  sl->y = y;
  sl->x = x;
  sl->pending = f != NULL;
}

void
lesc_screen_invalidate_figures (LescScreen *s)
{
  for (guint i = 0; i < LESC_SCREEN_FIGURE_SLOTS; i++)
    if (s->slots[i].figure != NULL)
      {
        forget_rows (s->slots[i].y, s->slots[i].figure->rows);
        s->slots[i].pending = TRUE;
      }
}

void
lesc_screen_invalidate_all (LescScreen *s)
{
  clearok (curscr, TRUE);
  for (guint i = 0; i < LESC_SCREEN_FIGURE_SLOTS; i++)
    s->slots[i].pending = s->slots[i].figure != NULL;
}

static void
write_all (GString *out)
{
  gsize done = 0;
  while (done < out->len)
    {
      ssize_t n = write (STDOUT_FILENO, out->str + done, out->len - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return;
      done += (gsize) n;
    }
}

/* What curses is to show on rows [y, y + n): when it changes, curses rewrites parts of
 * those rows and may wipe the figure beside them (a panel line growing or shrinking). */
static guint
rows_hash (int y, int n)
{
  int rows = getmaxy (stdscr), cols = getmaxx (stdscr);
  guint h = 5381;
  g_autofree chtype *line = g_new (chtype, cols + 1);
  for (int r = MAX (y, 0); r < MIN (y + n, rows); r++)
    {
      int got = mvwinchnstr (stdscr, r, 0, line, cols);
      for (int i = 0; i < got; i++)
        h = h * 33 + (guint) line[i];
    }
  return h;
}

void
lesc_screen_flush (LescScreen *s)
{
  for (guint i = 0; i < LESC_SCREEN_FIGURE_SLOTS; i++)
    {
      Slot *sl = &s->slots[i];
      if (sl->figure == NULL)
        continue;
      guint h = rows_hash (sl->y, sl->figure->rows);
      if (h != sl->rows_hash)
        {
          forget_rows (sl->y, sl->figure->rows);
          sl->pending = TRUE;
        }
      sl->rows_hash = h;
    }
  wnoutrefresh (stdscr);
  doupdate ();
  gboolean any = FALSE;
  for (guint i = 0; i < LESC_SCREEN_FIGURE_SLOTS; i++)
    any |= s->slots[i].pending;
  if (!any)
    return;
  fflush (stdout);
  g_autoptr (GString) out = g_string_new (NULL);
  if (s->graphics->pixels == LESC_TERM_PIXELS_KITTY)
    g_string_append (out, "\033_Ga=d\033\\");
  for (guint i = 0; i < LESC_SCREEN_FIGURE_SLOTS; i++)
    {
      Slot *sl = &s->slots[i];
      if (!sl->pending && s->graphics->pixels != LESC_TERM_PIXELS_KITTY)
        continue;
      sl->pending = FALSE;
      if (sl->figure == NULL)
        continue;
      for (guint r = 0; r < sl->figure->lines->len; r++)
        g_string_append_printf (out, "\033[%d;%dH%s", sl->y + (int) r + 1, sl->x + 1,
                                (const char *) g_ptr_array_index (sl->figure->lines, r));
    }
  /* Back to where curses left the cursor, in its normal attributes. */
  g_string_append_printf (out, "\033[0m\033[%d;%dH", getcury (curscr) + 1, getcurx (curscr) + 1);
  write_all (out);
  for (guint i = 0; i < LESC_SCREEN_FIGURE_SLOTS; i++)   /* after it is on its way */
    if (s->slots[i].figure != NULL && s->slots[i].figure->log_tag != NULL)
      {
        lesc_frame_log ("tui", s->slots[i].figure->log_tag);
        g_clear_pointer (&s->slots[i].figure->log_tag, g_free);
      }
}
