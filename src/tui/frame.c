/* The frame around the views: the tabs, the side panel beside the view, the progress line
 * and the status line, the overlays (keys, picker, prompt), and the figures' cache. */
#include "config.h"
#include "tui/help.h"
#include "tui/lesson.h"
#include "tui/panel.h"
#include "tui/picker.h"
#include "tui/inspector.h"
#include "tui/prompt.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "session/views.h"
#include "core/base/framelog.h"

#include <glib/gi18n.h>
#include <math.h>

/* Smaller than this, the frame says so instead of drawing. */
#define MIN_ROWS 16
#define MIN_COLS 60

static const LescTuiView *const views[LESC_TUI_N_VIEWS] = {
  &lesc_tui_view_distributions, &lesc_tui_view_measures, &lesc_tui_view_sensitivity,
  &lesc_tui_view_comparison, &lesc_tui_view_cv, &lesc_tui_view_correlations,
};

int
lesc_tui_view_index (LescTuiViewId id)
{
  return id == LESC_TUI_VIEW_CORRELATIONS ? lesc_view_find ("correlations") : (int) id;
}

int
lesc_tui_view_from_index (int index)
{
  for (int id = 0; id < LESC_TUI_N_VIEWS; id++)
    if (lesc_tui_view_index ((LescTuiViewId) id) == index)
      return id;
  return -1;
}

/* ---- figures --------------------------------------------------------------------------- */

LescTermFigure *
lesc_tui_figure_get (LescTuiFigureCache *c, LescTui *tui, int cols, int rows, LescPaintFunc paint,
                     gconstpointer model, guint version, LescTermOverlay overlay, gpointer overlay_data)
{
  if (c->figure != NULL && c->model == model && c->version == version && c->cols == cols && c->rows == rows)
    return c->figure;
  lesc_tui_figure_cache_clear (c);
  c->figure = lesc_term_figure_render (&tui->graphics, cols, rows, paint, model, overlay, overlay_data);
  c->model = model;
  c->version = version;
  c->cols = cols;
  c->rows = rows;
  return c->figure;
}

void
lesc_tui_figure_cache_clear (LescTuiFigureCache *c)
{
  g_clear_pointer (&c->figure, lesc_term_figure_free);
  c->model = NULL;
}

void
lesc_tui_show_figure (LescTui *tui, int y, int x, LescTermFigure *f)
{
  tui->want_figure = f;
  tui->want_y = y;
  tui->want_x = x;
}

/* ---- layout ------------------------------------------------------------------------------ */

void
lesc_tui_frame_layout (LescTui *tui, int rows, int cols)
{
  int panel = tui->panel_hidden ? 0 : cols >= 120 ? 30 : cols >= 100 ? 26 : 21;
  /* Row 0 the tabs; rows 1 … rows − 4 the panel and the view (its row 1 says where the keys
   * go); a line; the progress; the status. */
  tui->panel_area = (LescTuiRect) { 1, 0, rows - 4, panel };
  int x = panel > 0 ? panel + 2 : 1;
  tui->view_area = (LescTuiRect) { 2, x, rows - 5 - lesc_tui_lesson_rows (tui, cols - x - 1), cols - x - 1 };
}

static void
draw_tabs (LescTui *tui, int cols)
{
  attr_t tab = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TAB);
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  /* Full names when they fit, else the short ones. */
  int full = 0;
  for (int i = 0; i < LESC_TUI_N_VIEWS; i++)
    full += lesc_tui_text_width (_(views[i]->name)) + 4;
  gboolean shorter = full + 8 > cols;
  const char *brand = "LESC Explorer";
  int x = 0;
  if (full + lesc_tui_text_width (brand) + 10 <= cols)
    x = lesc_tui_draw (stdscr, 0, 1, cols, title, brand) + 3;
  for (int i = 0; i < LESC_TUI_N_VIEWS; i++)
    {
      g_autofree char *label = g_strdup_printf (" %d %s ", i + 1, shorter ? _(views[i]->short_name) : _(views[i]->name));
      int w = lesc_tui_draw (stdscr, 0, x, cols - x, i == (int) tui->view ? tab : A_NORMAL, label);
      tui->tabs[i] = (LescTuiRect) { 0, x, 1, w };
      x += w + 1;
    }
  const char *help = _("? keys");
  if (x + lesc_tui_text_width (help) + 1 < cols)
    lesc_tui_draw_right (stdscr, 0, 0, cols - 1, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM), help);
}

static void
draw_progress (LescTui *tui, int y, int cols)
{
  LescTask *t = lesc_session_running (tui->session);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  if (t == NULL)
    {
      guint ticked = 0;
      for (guint i = 0; i < lesc_session_n_methods (tui->session); i++)
        ticked += lesc_session_method (tui->session, i)->ticked;
      lesc_tui_draw (stdscr, y, 1, cols - 2, dim,
                     ticked == 0 ? _("Idle: tick a method in the side panel (Space) to run it.")
                                 : lesc_session_auto_run (tui->session) ? _("Idle: changes run automatically.")
                                                                        : _("Idle: r runs the ticked methods."));
      return;
    }
  int bar = MIN (20, cols / 5);
  double fraction = CLAMP (lesc_task_get_fraction (t), 0.0, 1.0);
  int filled = (int) lround (fraction * bar);
  const char *full = lesc_tui_glyph ("█", "#"), *empty = lesc_tui_glyph ("░", ".");
  GString *s = g_string_new (NULL);
  for (int i = 0; i < bar; i++)
    g_string_append (s, i < filled ? full : empty);
  lesc_tui_draw (stdscr, y, 1, bar, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_BAR), s->str);
  g_string_free (s, TRUE);
  const char *stage = lesc_task_get_stage (t);
  /* Background work says so; beside a run of the user's it waits for it. */
  LescTask *bg = lesc_session_running_in (tui->session, LESC_PRIORITY_BACKGROUND);
  g_autofree char *title = lesc_session_task_is_background (t)
    /* TRANSLATORS: the progress line: work the user did not start as a run */
    ? g_strdup_printf (_("background: %s"), lesc_session_task_title (t)) : g_strdup (lesc_session_task_title (t));
  g_autofree char *beside = bg != NULL && bg != t
    /* TRANSLATORS: the progress line: background work that waits for the user's run */
    ? g_strdup_printf (_(" · background paused: %s"), lesc_session_task_title (bg)) : g_strdup ("");
  guint n_waiting = lesc_session_n_waiting (tui->session) - (bg != NULL && bg != t ? 1 : 0);
  g_autofree char *waiting = n_waiting > 0
    /* TRANSLATORS: the progress line: how many tasks wait after the running one */
    ? g_strdup_printf (_(" · %u waiting"), n_waiting) : g_strdup ("");
  g_autofree char *text = g_strdup_printf (
      /* TRANSLATORS: the progress line: percent, task, stage, seconds, waiting tasks */
      _(" %3.0f%%  %s: %s · %.1f s%s · Esc cancels"), 100 * fraction, title,
      lesc_task_is_cancelled (t) ? _("cancelling…") : stage[0] != '\0' ? _(stage) : _("starting"),
      lesc_task_get_seconds (t) - lesc_task_get_paused_seconds (t), waiting);
  g_autofree char *all = g_strconcat (text, beside, NULL);
  lesc_tui_draw (stdscr, y, 1 + bar, cols - bar - 2, A_NORMAL, all);
}

/* On the line above the progress: what the focused method's result was computed from
 * (session/provenance.h) — dimmed and marked when it is stale, red with its warning. */
static void
draw_provenance (LescTui *tui, int y, int cols)
{
  int i = lesc_tui_focused_method (tui);
  if (i < 0)
    return;
  g_autofree char *caption = lesc_session_caption (tui->session, (guint) i);
  if (caption == NULL)
    return;
  LescShown shown;
  const LescProvenance *p = NULL;
  lesc_session_shown (tui->session, (guint) i, &shown, &p);
  attr_t a = shown == LESC_SHOWN_STALE ? lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM)
             : p != NULL && p->warning != NULL ? lesc_screen_attr (tui->screen, LESC_TUI_ATTR_BAD) : A_NORMAL;
  g_autofree char *text = g_strdup_printf (" %s ", caption);
  lesc_tui_draw (stdscr, y, 2, cols - 4, a, text);
}

static void
draw_status (LescTui *tui, int y, int cols)
{
  if (tui->prompt != NULL)
    {
      lesc_frame_log_status ("tui", "");   /* the prompt in its place */
      lesc_tui_prompt_draw (tui->prompt, tui, y, 1, cols - 2);
      gboolean error;
      const char *m = lesc_session_message (tui->session, &error);
      if (error && m[0] != '\0')   /* the reason a typed value was refused, above it */
        {
          lesc_tui_blank (stdscr, y - 1, 0, cols, A_NORMAL);
          lesc_tui_draw (stdscr, y - 1, 1, cols - 2, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_BAD), m);
        }
      return;
    }
  gboolean error;
  const char *m = lesc_session_message (tui->session, &error);
  lesc_frame_log_status ("tui", m);
  const char *hints = _("q quit · ? keys");
  int hw = lesc_tui_text_width (hints);
  lesc_tui_draw (stdscr, y, 1, cols - hw - 4,
                 error ? lesc_screen_attr (tui->screen, LESC_TUI_ATTR_BAD) : A_NORMAL, m);
  lesc_tui_draw_right (stdscr, y, 0, cols - 1, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM), hints);
}

void
lesc_tui_frame_draw (LescTui *tui)
{
  int rows, cols;
  lesc_screen_size (tui->screen, &rows, &cols);
  werase (stdscr);
  tui->want_figure = NULL;
  if (rows < MIN_ROWS || cols < MIN_COLS)
    {
      lesc_screen_set_figure (tui->screen, 0, 0, 0, NULL);
      g_autofree char *text = g_strdup_printf (_("The explorer needs at least %d × %d characters; this terminal has %d × %d."),
                                               MIN_COLS, MIN_ROWS, cols, rows);
      lesc_tui_draw_wrapped (stdscr, 0, 0, cols, rows, A_NORMAL, text);
      lesc_screen_flush (tui->screen);
      return;
    }
  lesc_tui_frame_layout (tui, rows, cols);
  draw_tabs (tui, cols);
  if (!tui->panel_hidden)
    {
      lesc_tui_panel_draw (tui->panel, tui, &tui->panel_area, !tui->view_focus);
      mvwvline (stdscr, 1, tui->panel_area.w, ACS_VLINE, rows - 4);
    }
  const LescTuiView *v = views[tui->view];
  v->draw (tui->view_state[tui->view], tui, &tui->view_area);
  if (tui->view_focus)
    {
      g_autofree char *where = g_strdup_printf ("%s %s", lesc_tui_glyph ("▸", ">"),
                                                _("the keys go to the view (Tab: to the panel)"));
      lesc_tui_draw (stdscr, 1, tui->view_area.x, tui->view_area.w, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM),
                     where);
    }
  lesc_tui_lesson_draw (tui);
  mvwhline (stdscr, rows - 3, 0, ACS_HLINE, cols);
  draw_provenance (tui, rows - 3, cols);
  draw_progress (tui, rows - 2, cols);
  draw_status (tui, rows - 1, cols);
  gboolean overlay = tui->help || tui->picker != NULL || tui->inspector != NULL;
  if (tui->inspector != NULL)
    lesc_tui_inspector_draw (tui->inspector, tui, rows, cols);
  if (tui->help)
    lesc_tui_help_draw (tui, rows, cols);
  if (tui->picker != NULL)
    lesc_tui_picker_draw (tui->picker, tui, rows, cols);
  /* Figures only where nothing is drawn over them. */
  if (overlay || tui->want_figure == NULL)
    lesc_screen_set_figure (tui->screen, 0, 0, 0, NULL);
  else
    lesc_screen_set_figure (tui->screen, 0, tui->want_y, tui->want_x, tui->want_figure);
  lesc_screen_flush (tui->screen);
}

const LescTuiView *
lesc_tui_view (LescTuiViewId id)
{
  return views[id];
}
