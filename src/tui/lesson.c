/* The lesson box of the terminal explorer (lesson.h). */
#include "config.h"
#include "tui/lesson.h"
#include "tui/text.h"
#include "session/lesson-player.h"
#include "session/views.h"

#include <glib/gi18n.h>

/* a rule, the heading, the text (at most MAX_TEXT_ROWS lines), the keys */
#define MAX_TEXT_ROWS 7

const char *const lesc_tui_lesson_keys[] = {
  "n", N_("the lesson’s next step"),
  "b", N_("the lesson’s step before"),
  "x", N_("leave the lesson (the session as before it)"),
  NULL
};

/* The step's view, when the terminal has it. */
static void
show_step (LescTui *tui, GError *error)
{
  int view = lesc_tui_view_from_index (lesc_lesson_player_view (tui->lesson));
  if (view >= 0)
    {
      tui->view = (LescTuiViewId) view;
      tui->view_focus = FALSE;
    }
  if (error != NULL)
    lesc_tui_message (tui, TRUE, "%s", error->message);
  else
    {
      g_autofree char *heading = lesc_lesson_player_heading (tui->lesson);
      lesc_tui_message (tui, FALSE, "%s", heading);
    }
}

gboolean
lesc_tui_lesson_start (LescTui *tui, const char *path, GError **error)
{
  g_autofree char *file = lesc_lesson_find (path, error);
  if (file == NULL)
    return FALSE;
  LescLesson *lesson = lesc_lesson_load (file, error);
  if (lesson == NULL)
    return FALSE;
  g_autoptr (GError) step_error = NULL;
  tui->lesson = lesc_lesson_player_enter (tui->session, lesson, lesc_tui_view_index (tui->view), &step_error);
  show_step (tui, step_error);
  return TRUE;
}

void
lesc_tui_lesson_leave (LescTui *tui)
{
  if (tui->lesson == NULL)
    return;
  int view = lesc_tui_view_from_index (lesc_lesson_player_leave (tui->lesson));
  tui->lesson = NULL;
  if (view >= 0)
    tui->view = (LescTuiViewId) view;
  lesc_tui_message (tui, FALSE, "%s", _("Left the lesson: the session is as it was before."));
}

/* The step's text, then what to look at: a control, or a view only the window has. */
static char *
step_text (LescTui *tui)
{
  const LescLessonStep *st = lesc_lesson_player_step (tui->lesson);
  GString *text = g_string_new (st->text);
  g_autofree char *look = lesc_lesson_control_describe (st->highlight);
  if (look != NULL)
    g_string_append_printf (text, " %s %s", lesc_tui_glyph ("▸", ">"), look);
  int view = lesc_lesson_player_view (tui->lesson);
  if (view >= 0 && lesc_tui_view_from_index (view) < 0)
    g_string_append_printf (text, " (%s: %s)", _(lesc_views ()[view].title),
                            _("a view of the window, lesc-explorer"));
  return g_string_free (text, FALSE);
}

/* Lines of `text` broken at spaces into `cols` columns (as lesc_tui_draw_wrapped does). */
static int
wrapped_lines (const char *text, int cols)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  int lines = 1, used = 0;
  for (char **w = words; *w != NULL; w++)
    {
      int ww = lesc_tui_text_width (*w);
      if (used > 0 && used + 1 + ww > cols)
        {
          lines++;
          used = ww;
        }
      else
        used += (used > 0 ? 1 : 0) + ww;
    }
  return lines;
}

int
lesc_tui_lesson_rows (LescTui *tui, int cols)
{
  if (tui->lesson == NULL)
    return 0;
  g_autofree char *text = step_text (tui);
  return 3 + MIN (wrapped_lines (text, MAX (cols, 10)), MAX_TEXT_ROWS);
}

void
lesc_tui_lesson_draw (LescTui *tui)
{
  if (tui->lesson == NULL)
    return;
  const LescTuiRect *a = &tui->view_area;
  int y = a->y + a->h, x = a->x, w = a->w;
  int rows = lesc_tui_lesson_rows (tui, w);
  mvwhline (stdscr, y, x, ACS_HLINE, w);
  g_autofree char *heading = lesc_lesson_player_heading (tui->lesson);
  lesc_tui_draw (stdscr, y + 1, x, w, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE), heading);
  g_autofree char *text = step_text (tui);
  lesc_tui_draw_wrapped (stdscr, y + 2, x, w, rows - 3, A_NORMAL, text);
  guint i = lesc_lesson_player_current (tui->lesson), n = lesc_lesson_n_steps (lesc_lesson_player_lesson (tui->lesson));
  g_autofree char *keys = g_strdup_printf ("%s%s%s", i + 1 < n ? _("n next · ") : "", i > 0 ? _("b back · ") : "",
                                           _("x leave the lesson"));
  lesc_tui_draw_right (stdscr, y + rows - 1, x, w, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM), keys);
}

gboolean
lesc_tui_lesson_key (LescTui *tui, int key, gboolean is_char)
{
  if (tui->lesson == NULL || !is_char)
    return FALSE;
  g_autoptr (GError) error = NULL;
  switch (key)
    {
    case 'n':
      if (lesc_lesson_player_next (tui->lesson, &error))
        show_step (tui, error);
      else
        lesc_tui_message (tui, FALSE, "%s", _("This is the lesson’s last step (x leaves it)."));
      return TRUE;
    case 'b':
      if (lesc_lesson_player_previous (tui->lesson, &error))
        show_step (tui, error);
      else
        lesc_tui_message (tui, FALSE, "%s", _("This is the lesson’s first step."));
      return TRUE;
    case 'x':
      lesc_tui_lesson_leave (tui);
      return TRUE;
    default:
      return FALSE;
    }
}
