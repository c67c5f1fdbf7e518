/* The side panel of the terminal explorer. */
#include "config.h"
#include "tui/panel.h"
#include "tui/picker.h"
#include "tui/text.h"

#include <glib/gi18n.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

typedef enum {
  ITEM_DATA,
  ITEM_METHOD,
  ITEM_PARAM,
  ITEM_SEED,
  ITEM_VARIANT,
  ITEM_KL,
  ITEM_AUTO_RUN,
} ItemKind;

typedef struct {
  ItemKind kind;
  int method;
  int param;
  int row;        /* where it was drawn (screen row), −1 when not shown */
} Item;

struct _LescTuiPanel {
  Item focus;
  int expanded;   /* the method whose parameters are listed */
  int scroll;     /* first line shown */
  GArray *items;  /* Item, as last drawn */
};

LescTuiPanel *
lesc_tui_panel_new (void)
{
  LescTuiPanel *p = g_new0 (LescTuiPanel, 1);
  p->focus = (Item) { ITEM_METHOD, 0, 0, -1 };
  p->expanded = 0;
  p->items = g_array_new (FALSE, FALSE, sizeof (Item));
  return p;
}

void
lesc_tui_panel_free (LescTuiPanel *p)
{
  if (p == NULL)
    return;
  g_array_unref (p->items);
  g_free (p);
}

static gboolean
same_item (const Item *a, const Item *b)
{
  if (a->kind != b->kind)
    return FALSE;
  if (a->kind == ITEM_METHOD)
    return a->method == b->method;
  if (a->kind == ITEM_PARAM)
    return a->method == b->method && a->param == b->param;
  return TRUE;
}

int
lesc_tui_panel_focused_method (LescTuiPanel *p)
{
  return p->focus.kind == ITEM_METHOD || p->focus.kind == ITEM_PARAM ? p->focus.method : -1;
}

void
lesc_tui_panel_focus_method (LescTuiPanel *p, int method)
{
  p->focus = (Item) { ITEM_METHOD, method, 0, -1 };
  p->expanded = method;
}

/* The focusable items in order. */
static void
list_items (LescTuiPanel *p, LescTui *tui)
{
  g_array_set_size (p->items, 0);
  Item it = { ITEM_DATA, -1, -1, -1 };
  g_array_append_val (p->items, it);
  for (guint i = 0; i < lesc_session_n_methods (tui->session); i++)
    {
      it = (Item) { ITEM_METHOD, (int) i, -1, -1 };
      g_array_append_val (p->items, it);
      if ((int) i == p->expanded)
        for (guint k = 0; k < lesc_session_method (tui->session, i)->method->n_params; k++)
          {
            it = (Item) { ITEM_PARAM, (int) i, (int) k, -1 };
            g_array_append_val (p->items, it);
          }
    }
  for (ItemKind k = ITEM_SEED; k <= ITEM_AUTO_RUN; k++)
    {
      it = (Item) { k, -1, -1, -1 };
      g_array_append_val (p->items, it);
    }
}

static int
focus_index (LescTuiPanel *p)
{
  for (guint i = 0; i < p->items->len; i++)
    if (same_item (&g_array_index (p->items, Item, i), &p->focus))
      return (int) i;
  return 0;
}

double
lesc_tui_param_step (const LescParamSpec *spec, double value, int direction)
{
  double v;
  if (spec->log_scale && value > 0)
    v = value * pow (10.0, direction);
  else if (spec->integer)
    v = floor (value) + direction;
  else
    {
      double step = pow (10.0, floor (log10 ((spec->max - spec->min) / 20.0)));
      v = (round (value / step) + direction) * step;
    }
  v = CLAMP (v, spec->min, spec->max);
  /* Decades and tenths as typed: 10 × 0.1 is 1, not 1.0000000000000002. */
  char text[32];
  g_snprintf (text, sizeof text, "%.12g", v);
  return g_ascii_strtod (text, NULL);
}

/* ---- drawing -------------------------------------------------------------------------- */

static const char *
variant_name (LescVariant v)
{
  return v == LESC_VARIANT_CONVERGED ? _("converged") : _("reference");
}

static const char *
kl_name (LescKlDirection kl)
{
  return kl == LESC_KL_RECOVERED_TRUTH ? lesc_tui_glyph ("rec. ‖ truth", "rec||truth")
                                       : lesc_tui_glyph ("truth ‖ rec.", "truth||rec");
}

/* What a method's row says on its right: done, waiting, running, failed. */
static char *
method_state (LescTui *tui, const LescSessionMethod *m)
{
  if (m->task != NULL && m->task == lesc_session_running (tui->session))
    return g_strdup_printf ("%s%3.0f%%", lesc_tui_glyph ("▶", ">"), 100 * lesc_task_get_fraction (m->task));
  if (m->task != NULL)
    return g_strdup (lesc_tui_glyph ("…", ".."));
  if (m->failure != NULL)
    return g_strdup (lesc_tui_glyph ("✗", "x"));
  if (m->outcome != NULL)
    return g_strdup (lesc_tui_glyph ("✓", "ok"));
  return g_strdup ("");
}

typedef struct {
  LescTui *tui;
  const LescTuiRect *area;
  int line;       /* next line (0-based within the panel's content) */
  LescTuiPanel *p;
  gboolean focused;
} Drawer;

static int
line_row (Drawer *d)
{
  int row = d->area->y + d->line - d->p->scroll;
  return row >= d->area->y && row < d->area->y + d->area->h ? row : -1;
}

static void
title_line (Drawer *d, const char *text)
{
  int row = line_row (d);
  if (row >= 0)
    lesc_tui_draw (stdscr, row, d->area->x + 1, d->area->w - 1,
                   lesc_screen_attr (d->tui->screen, LESC_TUI_ATTR_TITLE), text);
  d->line++;
}

static void
plain_line (Drawer *d, int indent, attr_t attr, const char *text)
{
  int row = line_row (d);
  if (row >= 0)
    lesc_tui_draw (stdscr, row, d->area->x + indent, d->area->w - indent, attr, text);
  d->line++;
}

/* A focusable line: `left` from the indent, `right` flush right. */
static void
item_line (Drawer *d, Item it, int indent, const char *left, const char *right)
{
  gboolean has_focus = same_item (&it, &d->p->focus);
  attr_t attr = has_focus ? lesc_screen_attr (d->tui->screen, d->focused ? LESC_TUI_ATTR_FOCUS : LESC_TUI_ATTR_DIM)
                          : A_NORMAL;
  int row = line_row (d);
  for (guint i = 0; i < d->p->items->len; i++)
    if (same_item (&g_array_index (d->p->items, Item, i), &it))
      g_array_index (d->p->items, Item, i).row = row;
  if (row >= 0)
    {
      int w = d->area->w;
      lesc_tui_blank (stdscr, row, d->area->x, w, attr);
      int rw = right != NULL ? MIN (lesc_tui_text_width (right), w / 2) : 0;
      lesc_tui_draw (stdscr, row, d->area->x + indent, w - indent - rw - (rw > 0 ? 2 : 0), attr, left);
      if (rw > 0)
        lesc_tui_draw_right (stdscr, row, d->area->x, w - 1, attr, right);
    }
  d->line++;
}

void
lesc_tui_panel_draw (LescTuiPanel *p, LescTui *tui, const LescTuiRect *area, gboolean focused)
{
  list_items (p, tui);
  for (guint i = 0; i < p->items->len; i++)
    g_array_index (p->items, Item, i).row = -1;
  /* Keep the focus in sight: lines are the items plus the headers and the data line. */
  int focus_line = 0;
  {
    int idx = focus_index (p), line = 1;   /* "Data" */
    for (int i = 0; i <= idx; i++)
      {
        const Item *it = &g_array_index (p->items, Item, i);
        if (it->kind == ITEM_METHOD && it->method == 0)
          line += 2;                         /* the data set's size, "Methods" */
        if (it->kind == ITEM_SEED)
          line += 1;                         /* "Settings" */
        if (i == idx)
          focus_line = line;
        line++;
      }
  }
  if (focus_line < p->scroll)
    p->scroll = focus_line;
  if (focus_line >= p->scroll + area->h)
    p->scroll = focus_line - area->h + 1;
  p->scroll = MAX (p->scroll, 0);

  Drawer d = { tui, area, 0, p, focused };
  LescSession *s = tui->session;
  const LescDataset *ds = lesc_session_dataset (s);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  title_line (&d, _("Data"));
  item_line (&d, (Item) { ITEM_DATA, -1, -1, -1 }, 2, ds != NULL ? ds->name : _("(none)"), "Enter");
  if (ds != NULL)
    {
      g_autofree char *size = g_strdup_printf (_("%zu samples, %zu features, %zu labels%s"), lesc_dataset_n (ds),
                                               lesc_dataset_q (ds), lesc_dataset_o (ds),
                                               ds->truth == NULL ? _(", no truth") : "");
      plain_line (&d, 2, dim, size);
    }
  else
    plain_line (&d, 2, dim, "");
  title_line (&d, _("Methods"));
  for (guint i = 0; i < lesc_session_n_methods (s); i++)
    {
      LescSessionMethod *m = lesc_session_method (s, i);
      g_autofree char *left = g_strdup_printf ("%s %s%s", m->ticked ? "[x]" : "[ ]", m->method->display_name,
                                               m->method->reconstructed ? "*" : "");
      g_autofree char *state = method_state (tui, m);
      item_line (&d, (Item) { ITEM_METHOD, (int) i, -1, -1 }, 1, left, state);
      if ((int) i != p->expanded)
        continue;
      for (guint k = 0; k < m->method->n_params; k++)
        {
          const LescParamSpec *spec = &m->method->params[k];
          g_autofree char *value = g_strdup_printf ("%g", m->params.values[k]);
          /* The registry's labels are in the catalogue (the window shows them too). */
          item_line (&d, (Item) { ITEM_PARAM, (int) i, (int) k, -1 }, 5, _(spec->label), value);
        }
    }
  title_line (&d, _("Settings"));
  g_autofree char *seed = g_strdup_printf ("%u", lesc_session_seed (s));
  item_line (&d, (Item) { ITEM_SEED, -1, -1, -1 }, 2, _("Seed"), seed);
  item_line (&d, (Item) { ITEM_VARIANT, -1, -1, -1 }, 2, _("LE step"), variant_name (lesc_session_variant (s)));
  item_line (&d, (Item) { ITEM_KL, -1, -1, -1 }, 2, "KL", kl_name (lesc_session_kl (s)));
  item_line (&d, (Item) { ITEM_AUTO_RUN, -1, -1, -1 }, 2, _("Run automatically"),
             lesc_session_auto_run (s) ? _("on") : _("off"));
}

/* ---- keys ----------------------------------------------------------------------------- */

static gboolean
param_typed (LescTui *tui, const char *text, gpointer data, GError **error)
{
  int code = GPOINTER_TO_INT (data);
  guint i = (guint) code / LESC_MAX_PARAMS, k = (guint) code % LESC_MAX_PARAMS;
  LescSessionMethod *m = lesc_session_method (tui->session, i);
  const LescParamSpec *spec = &m->method->params[k];
  double v;
  if (!lesc_param_spec_parse (spec, text, &v, error))
    return FALSE;
  lesc_session_set_value (tui->session, i, k, v);
  /* a typed value is one change, not a held key: its run need not wait the pause */
  if (lesc_session_auto_run (tui->session))
    lesc_session_run (tui->session);
  return TRUE;
}

static gboolean
seed_typed (LescTui *tui, const char *text, gpointer data, GError **error)
{
  char *end = NULL;
  errno = 0;
  guint64 v = g_ascii_strtoull (text, &end, 10);
  if (end == text || *g_strchug (end) != '\0' || errno != 0 || v > G_MAXUINT32 || text[0] == '-')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("“%s”: expected a whole number from 0 to %u"),
                   text, G_MAXUINT32);
      return FALSE;
    }
  lesc_session_set_seed (tui->session, (guint32) v);
  return TRUE;
}

/* ←/→ on the focused item. */
static void
change (LescTuiPanel *p, LescTui *tui, int direction)
{
  LescSession *s = tui->session;
  switch (p->focus.kind)
    {
    case ITEM_PARAM:
      {
        LescSessionMethod *m = lesc_session_method (s, (guint) p->focus.method);
        const LescParamSpec *spec = &m->method->params[p->focus.param];
        double old = m->params.values[p->focus.param];
        double v = lesc_tui_param_step (spec, old, direction);
        if (v == old)
          lesc_tui_message (tui, TRUE, direction > 0 ? _("%s is at its largest value, %g") : _("%s is at its smallest value, %g"),
                            _(spec->label), old);
        lesc_session_set_value (s, (guint) p->focus.method, (guint) p->focus.param, v);
      }
      break;
    case ITEM_METHOD:
      lesc_session_set_ticked (s, (guint) p->focus.method, direction > 0);
      break;
    case ITEM_SEED:
      {
        guint32 seed = lesc_session_seed (s);
        if ((direction > 0 && seed < G_MAXUINT32) || (direction < 0 && seed > 0))
          lesc_session_set_seed (s, seed + (guint32) direction);
      }
      break;
    case ITEM_VARIANT:
      lesc_session_set_variant (s, lesc_session_variant (s) == LESC_VARIANT_REFERENCE ? LESC_VARIANT_CONVERGED
                                                                                     : LESC_VARIANT_REFERENCE);
      break;
    case ITEM_KL:
      lesc_session_set_kl (s, lesc_session_kl (s) == LESC_KL_TRUTH_RECOVERED ? LESC_KL_RECOVERED_TRUTH
                                                                             : LESC_KL_TRUTH_RECOVERED);
      break;
    case ITEM_AUTO_RUN:
      lesc_session_set_auto_run (s, !lesc_session_auto_run (s));
      break;
    default:
      break;
    }
}

/* Enter on the focused item. */
static void
activate (LescTuiPanel *p, LescTui *tui)
{
  LescSession *s = tui->session;
  switch (p->focus.kind)
    {
    case ITEM_DATA:
      lesc_tui_open_picker (tui);
      break;
    case ITEM_METHOD:
      {
        LescSessionMethod *m = lesc_session_method (s, (guint) p->focus.method);
        lesc_session_set_ticked (s, (guint) p->focus.method, !m->ticked);
      }
      break;
    case ITEM_PARAM:
      {
        LescSessionMethod *m = lesc_session_method (s, (guint) p->focus.method);
        const LescParamSpec *spec = &m->method->params[p->focus.param];
        g_autofree char *title = g_strdup_printf ("%s %s [%g … %g] = ", m->method->display_name, _(spec->label),
                                                  spec->min, spec->max);
        g_autofree char *initial = g_strdup_printf ("%g", m->params.values[p->focus.param]);
        lesc_tui_prompt_start (tui, title, initial, param_typed,
                               GINT_TO_POINTER (p->focus.method * LESC_MAX_PARAMS + p->focus.param));
      }
      break;
    case ITEM_SEED:
      {
        g_autofree char *initial = g_strdup_printf ("%u", lesc_session_seed (s));
        g_autofree char *title = g_strdup_printf ("%s = ", _("Seed"));
        lesc_tui_prompt_start (tui, title, initial, seed_typed, NULL);
      }
      break;
    default:
      change (p, tui, 1);
      break;
    }
}

static void
move_focus (LescTuiPanel *p, LescTui *tui, int delta)
{
  list_items (p, tui);
  int idx = CLAMP (focus_index (p) + delta, 0, (int) p->items->len - 1);
  p->focus = g_array_index (p->items, Item, idx);
  if (p->focus.kind == ITEM_METHOD)
    p->expanded = p->focus.method;
}

gboolean
lesc_tui_panel_key (LescTuiPanel *p, LescTui *tui, int key)
{
  switch (key)
    {
    case KEY_UP: case 'k':
      move_focus (p, tui, -1);
      return TRUE;
    case KEY_DOWN: case 'j':
      move_focus (p, tui, 1);
      return TRUE;
    case KEY_PPAGE:
      move_focus (p, tui, -5);
      return TRUE;
    case KEY_NPAGE:
      move_focus (p, tui, 5);
      return TRUE;
    case KEY_HOME:
      move_focus (p, tui, -1000);
      return TRUE;
    case KEY_END:
      move_focus (p, tui, 1000);
      return TRUE;
    case KEY_LEFT: case 'h': case '-':
      change (p, tui, -1);
      return TRUE;
    case KEY_RIGHT: case 'l': case '+':
      change (p, tui, 1);
      return TRUE;
    case '\n': case '\r': case KEY_ENTER:
      activate (p, tui);
      return TRUE;
    case ' ':
      if (p->focus.kind == ITEM_METHOD)
        activate (p, tui);
      else
        change (p, tui, 1);
      return TRUE;
    default:
      return FALSE;
    }
}

gboolean
lesc_tui_panel_click (LescTuiPanel *p, LescTui *tui, int y, int x)
{
  for (guint i = 0; i < p->items->len; i++)
    {
      Item it = g_array_index (p->items, Item, i);
      if (it.row != y)
        continue;
      gboolean again = same_item (&it, &p->focus);
      p->focus = it;
      if (it.kind == ITEM_METHOD)
        p->expanded = it.method;
      /* A click on the box ticks; a second click on a row acts as Enter. */
      if (it.kind == ITEM_METHOD && x - tui->panel_area.x <= 4)
        activate (p, tui);
      else if (again)
        activate (p, tui);
      return TRUE;
    }
  return FALSE;
}
