/* The terminal's sample inspector (inspector.h). */
#include "config.h"
#include "tui/inspector.h"
#include "tui/prompt.h"
#include "tui/text.h"
#include "session/sample-search.h"
#include "core/methods/outcome.h"

#include <glib/gi18n.h>
#include <string.h>

struct _LescTuiInspector {
  char *checksum;        /* the data set searched */
  char *query;
  GArray *found;         /* guint32 sample indices */
  int selected, scroll;
  LescTuiPrompt *prompt; /* the search being typed, or NULL */
};

void
lesc_tui_inspector_free (LescTuiInspector *p)
{
  if (p == NULL)
    return;
  g_free (p->checksum);
  g_free (p->query);
  g_clear_pointer (&p->found, g_array_unref);
  lesc_tui_prompt_free (p->prompt);
  g_free (p);
}

/* The table the conditions read: the ground truth, else the logical labels. */
static const LescMatrix *
searched (const LescDataset *ds)
{
  return ds->truth != NULL ? ds->truth : ds->logical;
}

static gboolean
run_search (LescTui *tui, const char *text, gpointer data, GError **error)
{
  LescTuiInspector *p = data;
  const LescDataset *ds = lesc_session_dataset (tui->session);
  if (ds == NULL)
    return TRUE;
  GArray *found = lesc_sample_search (text, searched (ds), (const char *const *) ds->label_names, NULL, error);
  if (found == NULL)
    return FALSE;
  g_clear_pointer (&p->found, g_array_unref);
  p->found = found;
  g_free (p->query);
  p->query = g_strdup (text);
  g_free (p->checksum);
  p->checksum = g_strdup (ds->checksum);
  p->selected = p->scroll = 0;
  return TRUE;
}

static void
start_prompt (LescTuiInspector *p)
{
  /* TRANSLATORS: the terminal inspector's search prompt */
  p->prompt = lesc_tui_prompt_new (_("Find: "), p->query, run_search, p);
}

void
lesc_tui_open_inspector (LescTui *tui, gboolean search)
{
  if (lesc_session_dataset (tui->session) == NULL)
    return;
  LescTuiInspector *p = tui->inspector;
  if (p == NULL)
    {
      p = g_new0 (LescTuiInspector, 1);
      tui->inspector = p;
    }
  /* another data set since: every sample again */
  if (p->found == NULL || g_strcmp0 (p->checksum, lesc_session_dataset (tui->session)->checksum) != 0)
    run_search (tui, "", p, NULL);
  if (search && p->prompt == NULL)
    start_prompt (p);
}

static char *
label_name (const LescDataset *ds, gsize j)
{
  /* TRANSLATORS: a label without a name in the data file */
  return ds->label_names != NULL ? g_strdup (ds->label_names[j]) : g_strdup_printf (_("label %zu"), j + 1);
}

#define CELL 8   /* a label's column: " 0.123" and room for "label 1" */

/* One row of degrees: the name in `name_w` cells, then each label's value. */
static void
draw_degrees (int y, int x, int w, int name_w, attr_t a, const char *name, const LescMatrix *m, gsize i)
{
  lesc_tui_draw (stdscr, y, x, name_w, a, name);
  for (gsize j = 0; j < m->cols && name_w + (int) (j + 1) * CELL <= w; j++)
    lesc_tui_drawf (stdscr, y, x + name_w + (int) j * CELL, CELL, a, "%*.3f", CELL - 1, LESC_AT (m, i, j));
}

/* The chosen sample: its number, logical labels, and the degrees of the truth and of every
 * method's result shown. */
static void
draw_sample (LescTui *tui, const LescDataset *ds, gsize i, int y, int x, int w, int bottom)
{
  gsize o = lesc_dataset_o (ds);
  GString *logical = g_string_new (NULL);
  for (gsize j = 0; j < o; j++)
    if (LESC_AT (ds->logical, i, j) != 0)
      {
        g_autofree char *name = label_name (ds, j);
        g_string_append_printf (logical, "%s%s", logical->len > 0 ? ", " : "", name);
      }
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  /* TRANSLATORS: the terminal inspector: sample, samples, its logical labels */
  lesc_tui_drawf (stdscr, y++, x, w, title, _("Sample %zu of %zu · logical labels: %s"), i + 1, lesc_dataset_n (ds),
                  logical->len > 0 ? logical->str : "–");
  g_string_free (logical, TRUE);
  int name_w = 16;
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  for (gsize j = 0; j < o && name_w + (int) (j + 1) * CELL <= w; j++)
    {
      g_autofree char *name = label_name (ds, j);
      lesc_tui_draw_right (stdscr, y, x + name_w + (int) j * CELL, CELL - 1, dim, name);
    }
  y++;
  if (ds->truth != NULL && y < bottom)
    draw_degrees (y++, x, w, name_w, A_NORMAL, _("Ground truth"), ds->truth, i);
  for (guint k = 0; k < lesc_session_n_methods (tui->session) && y < bottom; k++)
    {
      const LescRunOutcome *shown = lesc_session_shown (tui->session, k, NULL, NULL);
      if (shown != NULL && shown->recovered != NULL && shown->recovered->rows == lesc_dataset_n (ds))
        draw_degrees (y++, x, w, name_w, A_NORMAL, lesc_session_method (tui->session, k)->method->display_name,
                      shown->recovered, i);
    }
}

void
lesc_tui_inspector_draw (LescTuiInspector *p, LescTui *tui, int rows, int cols)
{
  const LescDataset *ds = lesc_session_dataset (tui->session);
  if (ds == NULL || p->found == NULL)
    return;
  int w = MIN (cols - 2, 96), h = rows - 2;
  int y0 = 1, x0 = (cols - w) / 2;
  lesc_tui_frame_box (y0, x0, h, w);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  lesc_tui_draw (stdscr, y0, x0 + 2, w - 4, lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE), _(" Samples "));
  int x = x0 + 2, iw = w - 4, y = y0 + 1;
  if (p->prompt != NULL)
    lesc_tui_prompt_draw (p->prompt, tui, y, x, iw);
  else
    /* TRANSLATORS: the terminal inspector's search line: what was searched */
    lesc_tui_drawf (stdscr, y, x, iw, A_NORMAL, _("Search: %s"), p->query != NULL && p->query[0] ? p->query : _("(every sample)"));
  y++;
  gsize n = lesc_dataset_n (ds);
  /* the window's words (sample-inspector.c) */
  lesc_tui_drawf (stdscr, y++, x, iw, dim,
                  ds->truth != NULL ? g_dngettext (NULL, "%u of %zu sample (degrees of the ground truth)",
                                                   "%u of %zu samples (degrees of the ground truth)", n)
                                    : g_dngettext (NULL, "%u of %zu sample (0/1 logical labels)",
                                                   "%u of %zu samples (0/1 logical labels)", n),
                  p->found->len, n);
  int bottom = y0 + h - 2;
  int detail_h = MIN (3 + (int) lesc_session_n_methods (tui->session), (bottom - y) / 2);
  int shown = MAX (1, bottom - y - detail_h - 1);
  if (p->selected < p->scroll)
    p->scroll = p->selected;
  if (p->selected >= p->scroll + shown)
    p->scroll = p->selected - shown + 1;
  /* only the rows on screen are made: 10⁵ matches cost nothing more */
  for (int r = 0; r < shown && p->scroll + r < (int) p->found->len; r++)
    {
      int k = p->scroll + r;
      gsize i = g_array_index (p->found, guint32, k);
      attr_t a = k == p->selected ? lesc_screen_attr (tui->screen, LESC_TUI_ATTR_FOCUS) : A_NORMAL;
      lesc_tui_blank (stdscr, y + r, x0 + 1, w - 2, a);
      g_autofree char *name = g_strdup_printf (_("Sample %zu"), i + 1);
      draw_degrees (y + r, x, iw, 16, a, name, searched (ds), i);
    }
  y += shown + 1;
  if (p->found->len > 0)
    draw_sample (tui, ds, g_array_index (p->found, guint32, p->selected), y, x, iw, bottom);
  lesc_tui_draw (stdscr, y0 + h - 2, x, iw, dim, _("/ search · ↑/↓ choose · Esc close"));
}

gboolean
lesc_tui_inspector_key (LescTuiInspector *p, LescTui *tui, int key, gboolean is_char)
{
  if (p->prompt != NULL)
    {
      LescTuiPromptResult r = lesc_tui_prompt_key (p->prompt, tui, key, is_char);
      if (r != LESC_TUI_PROMPT_EDITING)
        g_clear_pointer (&p->prompt, lesc_tui_prompt_free);
      if (r == LESC_TUI_PROMPT_ACCEPTED)
        lesc_session_set_message (tui->session, FALSE, "%s", "");
      return TRUE;
    }
  int n = p->found != NULL ? (int) p->found->len : 0;
  if (is_char)
    switch (key)
      {
      case 27: case 'q': case 'i':
        return FALSE;
      case '/':
        start_prompt (p);
        return TRUE;
      default:
        break;
      }
  lesc_tui_list_move (&p->selected, n, key, is_char);
  return TRUE;
}
