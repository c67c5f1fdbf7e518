/* Measures: the six measures of every current result with their ranks among the rows,
 * the average rank and the seconds; sortable by any column (s / S, or a click on the
 * column's title); the best value of each column in bold. */
#include "config.h"
#include "tui/tui.h"
#include "tui/text.h"

#include <glib/gi18n.h>
#include <math.h>

/* Columns: the method, the six measures, the average rank, the seconds. */
enum { COL_METHOD = -1, COL_AVERAGE = LESC_N_MEASURES, COL_SECONDS, N_SORT = COL_SECONDS + 2 };

typedef struct {
  int sort;                  /* a column above; COL_METHOD: the registry's order */
  gboolean reverse;
  int header_row;            /* where the titles were drawn, for clicks */
  int col_x[LESC_N_MEASURES + 3];
  int col_w[LESC_N_MEASURES + 3];
} Measures;

typedef struct {
  LescSessionMethod *m;
  double values[LESC_N_MEASURES];
  double ranks[LESC_N_MEASURES];
  double average;
} Row;

static gpointer
create (void)
{
  Measures *v = g_new0 (Measures, 1);
  v->sort = COL_METHOD;
  return v;
}

static void
destroy (gpointer self)
{
  g_free (self);
}

static double
sort_value (const Row *r, int col)
{
  if (col >= 0 && col < LESC_N_MEASURES)
    return r->values[col];
  if (col == COL_AVERAGE)
    return r->average;
  return r->m->outcome != NULL ? r->m->outcome->seconds : NAN;
}

static int sort_column;
static gboolean sort_reverse;

/* Best first (the measure's direction), missing values last; ties by the registry. */
static int
compare_rows (gconstpointer pa, gconstpointer pb)
{
  const Row *a = pa, *b = pb;
  if (a->m == b->m)
    return 0;
  if (sort_column != COL_METHOD)
    {
      double x = sort_value (a, sort_column), y = sort_value (b, sort_column);
      gboolean higher = sort_column >= 0 && sort_column < LESC_N_MEASURES
                        && !lesc_measure_lower_is_better (sort_column);
      if (isfinite (x) != isfinite (y))
        return isfinite (x) ? -1 : 1;
      if (isfinite (x) && x != y)
        return ((x < y) != higher) != sort_reverse ? -1 : 1;
    }
  return (a->m < b->m) != (sort_column == COL_METHOD && sort_reverse) ? -1 : 1;
}

static const char *
column_title (int col)
{
  if (col == COL_METHOD)
    return _("Method");
  if (col == COL_AVERAGE)
    /* TRANSLATORS: column: the average rank over the six measures (short) */
    return _("Rank");
  if (col == COL_SECONDS)
    /* TRANSLATORS: column: seconds (short) */
    return _("s");
  return lesc_tui_measure_name ((guint) col);
}

static char *
format_rank (double r)
{
  if (isnan (r))
    return g_strdup ("");
  return r == floor (r) ? g_strdup_printf ("(%.0f)", r) : g_strdup_printf ("(%.1f)", r);
}

static void
draw (gpointer self, LescTui *tui, const LescTuiRect *a)
{
  Measures *v = self;
  lesc_tui_show_figure (tui, 0, 0, NULL);
  LescSession *s = tui->session;
  const LescDataset *ds = lesc_session_dataset (s);
  LescKlDirection kl = lesc_session_kl (s);
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  attr_t good = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_GOOD);
  attr_t bad = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_BAD);

  /* Rows: every method with a result, a run or a failure, or ticked. */
  g_autoptr (GArray) rows = g_array_new (FALSE, TRUE, sizeof (Row));
  for (guint i = 0; i < lesc_session_n_methods (s); i++)
    {
      LescSessionMethod *m = lesc_session_method (s, i);
      if (m->outcome == NULL && m->task == NULL && m->failure == NULL && !m->ticked)
        continue;
      Row r = { m };
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        r.values[j] = m->outcome != NULL ? lesc_run_outcome_measures (m->outcome, kl)[j] : NAN;
      g_array_append_val (rows, r);
    }
  {
    g_autofree double *values = g_new (double, MAX (rows->len, 1) * LESC_N_MEASURES);
    g_autofree double *ranks = g_new (double, MAX (rows->len, 1) * LESC_N_MEASURES);
    g_autofree double *average = g_new (double, MAX (rows->len, 1));
    for (guint i = 0; i < rows->len; i++)
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        values[i * LESC_N_MEASURES + j] = g_array_index (rows, Row, i).values[j];
    lesc_measures_rank (values, rows->len, ranks, average);
    for (guint i = 0; i < rows->len; i++)
      {
        Row *r = &g_array_index (rows, Row, i);
        for (guint j = 0; j < LESC_N_MEASURES; j++)
          r->ranks[j] = ranks[i * LESC_N_MEASURES + j];
        r->average = average[i];
      }
  }
  sort_column = v->sort;
  sort_reverse = v->reverse;
  g_array_sort (rows, compare_rows);

  /* TRANSLATORS: the Measures view's title: data set, its size */
  g_autofree char *head = ds != NULL ? g_strdup_printf (_("Recovery on %s (%zu samples, %zu labels)"), ds->name,
                                                        lesc_dataset_n (ds), lesc_dataset_o (ds))
                                     : g_strdup (_("No data set"));
  lesc_tui_draw (stdscr, a->y, a->x, a->w, title, head);
  if (rows->len == 0)
    {
      lesc_tui_draw_wrapped (stdscr, a->y + 2, a->x, a->w, a->h - 2, A_NORMAL,
                             _("No results yet: tick a method in the side panel (Space) and it runs."));
      return;
    }

  /* Column widths from what they hold: the ranks beside the values when there is room,
   * else below them; what is left over spreads the measures apart. */
  int mw = lesc_tui_text_width (column_title (COL_METHOD));
  int val_w[LESC_N_MEASURES], rank_w[LESC_N_MEASURES];
  for (int c = 0; c < LESC_N_MEASURES; c++)
    val_w[c] = rank_w[c] = 0;
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *r = &g_array_index (rows, Row, i);
      mw = MAX (mw, lesc_tui_text_width (r->m->method->display_name) + 1);
      if (r->m->outcome == NULL)
        continue;
      for (int c = 0; c < LESC_N_MEASURES; c++)
        {
          g_autofree char *val = lesc_tui_format_value (r->values[c]);
          g_autofree char *rk = format_rank (r->ranks[c]);
          val_w[c] = MAX (val_w[c], lesc_tui_text_width (val));
          rank_w[c] = MAX (rank_w[c], lesc_tui_text_width (rk));
        }
    }
  int widths[LESC_N_MEASURES + 3];
  widths[0] = mw + 1;
  int total = widths[0];
  for (int c = 0; c < LESC_N_MEASURES; c++)
    total += widths[c + 1] = MAX (MAX (lesc_tui_text_width (column_title (c)), 6), MAX (val_w[c], rank_w[c])) + 1;
  total += widths[LESC_N_MEASURES + 1] = MAX (lesc_tui_text_width (column_title (COL_AVERAGE)), 4) + 1;
  if (total > a->w)
    /* narrow: the columns as wide as their numbers, the long titles shortened */
    for (int c = 0; c < LESC_N_MEASURES; c++)
      {
        int w = MAX (MAX (val_w[c], rank_w[c]), 6) + 1;
        total -= widths[c + 1] - w;
        widths[c + 1] = w;
      }
  widths[LESC_N_MEASURES + 2] = MAX (lesc_tui_text_width (column_title (COL_SECONDS)), 5) + 1;
  gboolean seconds = total + widths[LESC_N_MEASURES + 2] <= a->w;
  if (seconds)
    total += widths[LESC_N_MEASURES + 2];
  int inline_extra = 0;
  for (int c = 0; c < LESC_N_MEASURES; c++)
    inline_extra += MAX (0, MAX (lesc_tui_text_width (column_title (c)), val_w[c] + 1 + rank_w[c]) + 1 - widths[c + 1]);
  gboolean inline_ranks = total + inline_extra <= a->w;
  if (inline_ranks)
    for (int c = 0; c < LESC_N_MEASURES; c++)
      {
        int need = MAX (lesc_tui_text_width (column_title (c)), val_w[c] + 1 + rank_w[c]) + 1;
        total += MAX (0, need - widths[c + 1]);
        widths[c + 1] = MAX (widths[c + 1], need);
      }
  int spare = MIN (a->w - total, 2 * LESC_N_MEASURES);
  for (int c = 0; spare > 0 && c < LESC_N_MEASURES; c++, spare -= 2)
    widths[c + 1] += MIN (2, spare);

  int y = a->y + 2, x = a->x;
  v->header_row = y;
  for (int c = COL_METHOD; c <= COL_SECONDS; c++)
    {
      int k = c + 1;
      v->col_x[k] = x;
      v->col_w[k] = c == COL_SECONDS && !seconds ? 0 : widths[k];
      if (v->col_w[k] == 0)
        continue;
      attr_t at = title | (c == v->sort ? A_UNDERLINE : 0);
      if (c == COL_METHOD)
        lesc_tui_draw (stdscr, y, x, widths[k], at, column_title (c));
      else
        lesc_tui_draw_right (stdscr, y, x, widths[k] - 1, at, column_title (c));
      x += widths[k];
    }
  y++;
  for (guint i = 0; i < rows->len && y < a->y + a->h - 1; i++)
    {
      const Row *r = &g_array_index (rows, Row, i);
      g_autofree char *name = g_strdup_printf ("%s%s", r->m->method->display_name, r->m->method->reconstructed ? "*" : "");
      lesc_tui_draw (stdscr, y, v->col_x[0], widths[0], A_NORMAL, name);
      if (r->m->outcome == NULL)
        {
          g_autofree char *state = NULL;
          attr_t at = dim;
          if (r->m->failure != NULL)
            {
              state = g_strdup_printf (_("failed: %s"), r->m->failure);
              at = bad;
            }
          else if (r->m->task != NULL && r->m->task == lesc_session_running (s))
            state = g_strdup_printf (_("running: %s, %.0f%%"), _(lesc_task_get_stage (r->m->task)),
                                     100 * lesc_task_get_fraction (r->m->task));
          else if (r->m->task != NULL)
            state = g_strdup (_("waiting"));
          else
            state = g_strdup (lesc_session_auto_run (s) ? _("queued") : _("not run: press r"));
          lesc_tui_draw (stdscr, y, v->col_x[1], a->w - widths[0], at, state);
          y += inline_ranks ? 1 : 2;
          continue;
        }
      for (int c = 0; c < LESC_N_MEASURES; c++)
        {
          g_autofree char *val = lesc_tui_format_value (r->values[c]);
          g_autofree char *rk = format_rank (r->ranks[c]);
          attr_t at = r->ranks[c] == 1.0 ? good : A_NORMAL;
          int k = c + 1;
          if (inline_ranks)
            {
              g_autofree char *both = g_strdup_printf ("%s %-*s", val, rank_w[c], rk);
              lesc_tui_draw_right (stdscr, y, v->col_x[k], widths[k] - 1, at, both);
            }
          else
            {
              lesc_tui_draw_right (stdscr, y, v->col_x[k], widths[k] - 1, at, val);
              lesc_tui_draw_right (stdscr, y + 1, v->col_x[k], widths[k] - 1, dim, rk);
            }
        }
      int ka = LESC_N_MEASURES + 1;
      g_autofree char *avg = isnan (r->average) ? g_strdup (lesc_tui_glyph ("–", "-")) : g_strdup_printf ("%.2f", r->average);
      lesc_tui_draw_right (stdscr, y, v->col_x[ka], widths[ka] - 1, A_NORMAL, avg);
      if (seconds)
        {
          g_autofree char *secs = g_strdup_printf ("%.1f", r->m->outcome->seconds);
          lesc_tui_draw_right (stdscr, y, v->col_x[ka + 1], widths[ka + 1] - 1, dim, secs);
        }
      y += inline_ranks ? 1 : 2;
    }
  g_autofree char *foot = g_strdup_printf (
      /* TRANSLATORS: under the measures table; %s is the KL direction */
      _("Rank among the rows in parentheses, best in bold; KL is %s; * reconstructed (no official code). s/S: sort"),
      kl == LESC_KL_TRUTH_RECOVERED ? lesc_tui_glyph ("KL(truth ‖ recovered)", "KL(truth||recovered)")
                                    : lesc_tui_glyph ("KL(recovered ‖ truth)", "KL(recovered||truth)"));
  lesc_tui_draw (stdscr, a->y + a->h - 1, a->x, a->w, dim, foot);
}

static void
next_sort (Measures *v, int delta)
{
  /* COL_METHOD, the measures, the average rank, the seconds */
  int n = N_SORT, i = v->sort + 1;
  i = ((i + delta) % n + n) % n;
  v->sort = i - 1;
}

static gboolean
key (gpointer self, LescTui *tui, int k, gboolean focused)
{
  Measures *v = self;
  switch (k)
    {
    case 's':
      next_sort (v, 1);
      return TRUE;
    case 'S':
      v->reverse = !v->reverse;
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
click (gpointer self, LescTui *tui, int y, int x)
{
  Measures *v = self;
  if (y != v->header_row)
    return FALSE;
  for (int k = 0; k < LESC_N_MEASURES + 3; k++)
    if (v->col_w[k] > 0 && x >= v->col_x[k] && x < v->col_x[k] + v->col_w[k])
      {
        int col = k - 1;
        if (v->sort == col)
          v->reverse = !v->reverse;
        else
          {
            v->sort = col;
            v->reverse = FALSE;
          }
        return TRUE;
      }
  return FALSE;
}

static const char *const keys[] = {
  "s", N_("sort by the next column"),
  "S", N_("reverse the order"),
  "", N_("a click on a column’s title sorts by it"),
  NULL
};

const LescTuiView lesc_tui_view_measures = {
  N_("Measures"), N_("Meas."), create, destroy, draw, key, click, FALSE, keys,
};
