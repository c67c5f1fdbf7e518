/* The key help over the screen, and the same keys as text (`lesc explore --keys`, the man
 * page). */
#include "config.h"
#include "tui/help.h"
#include "tui/lesson.h"
#include "tui/text.h"

#include <glib/gi18n.h>

/* Pairs: key, what it does (N_: translated when drawn). */
static const char *const global_keys[] = {
  "1 … 6", N_("show a view (also a click on its tab)"),
  "?", N_("these keys (any key closes)"),
  "q", N_("quit (also Ctrl-C)"),
  "Tab", N_("keys to the side panel or to the view’s cursor"),
  "r", N_("run the ticked methods now"),
  "Esc", N_("cancel the running work"),
  "o", N_("open a data set"),
  "i", N_("inspect samples: a list, each one's degrees"),
  "/", N_("find samples: 123, label 2 > 0.5, a label's name"),
  "p", N_("hide or show the side panel"),
  "Ctrl-L", N_("redraw the screen"),
  NULL
};

static const char *const panel_keys[] = {
  "↑ ↓", N_("move in the side panel"),
  "← →", N_("change the value one step (λ: a decade)"),
  "Enter", N_("type a value · tick a method · choose the data"),
  "Space", N_("tick or untick a method"),
  NULL
};

static int
draw_keys (LescTui *tui, const char *const *keys, int y, int x, int w, int bottom)
{
  for (guint i = 0; keys[i] != NULL && y < bottom; i += 2, y++)
    {
      lesc_tui_draw (stdscr, y, x, 10, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE), keys[i]);
      lesc_tui_draw (stdscr, y, x + 10, w - 10, A_NORMAL, _(keys[i + 1]));
    }
  return y;
}

void
lesc_tui_help_draw (LescTui *tui, int rows, int cols)
{
  static const LescTuiView *const views[] = {
    &lesc_tui_view_distributions, &lesc_tui_view_measures, &lesc_tui_view_sensitivity,
    &lesc_tui_view_comparison, &lesc_tui_view_cv,
  };
  const LescTuiView *v = views[tui->view];
  int w = MIN (cols - 2, 72), h = rows - 2;
  int y0 = 1, x0 = (cols - w) / 2;
  lesc_tui_frame_box (y0, x0, h, w);
  lesc_tui_draw (stdscr, y0, x0 + 2, w - 4, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE), _(" Keys "));
  int bottom = y0 + h - 1, x = x0 + 2, iw = w - 4;
  int y = draw_keys (tui, global_keys, y0 + 1, x, iw, bottom);
  y = draw_keys (tui, panel_keys, y, x, iw, bottom);
  if (tui->lesson != NULL)
    y = draw_keys (tui, lesc_tui_lesson_keys, y, x, iw, bottom);
  if (v->keys != NULL && y < bottom)
    {
      lesc_tui_draw (stdscr, y++, x, iw, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM), _(v->name));
      draw_keys (tui, v->keys, y, x, iw, bottom);
    }
}

static void
print_keys (FILE *out, const char *const *keys)
{
  for (guint i = 0; keys[i] != NULL; i += 2)
    fprintf (out, "  %s%*s  %s\n", keys[i], (int) MAX (0, 10 - g_utf8_strlen (keys[i], -1)), "",
             _(keys[i + 1]));
}

void
lesc_tui_help_print (FILE *out)
{
  fprintf (out, "%s\n", _("Everywhere"));
  print_keys (out, global_keys);
  fprintf (out, "%s\n", _("Side panel"));
  print_keys (out, panel_keys);
  fprintf (out, "%s\n", _("In a lesson (--lesson FILE)"));
  print_keys (out, lesc_tui_lesson_keys);
  fprintf (out, "%s\n", _("Views"));
  for (int id = 0; id < LESC_TUI_N_VIEWS; id++)
    fprintf (out, "  %-10d %s\n", id + 1, _(lesc_tui_view (id)->name));
  for (int id = 0; id < LESC_TUI_N_VIEWS; id++)
    if (lesc_tui_view (id)->keys != NULL)
      {
        fprintf (out, "%s\n", _(lesc_tui_view (id)->name));
        print_keys (out, lesc_tui_view (id)->keys);
      }
}
