/* Correlations: which samples a sample's recovery draws on (docs/figures.md §7) — GLLE's
 * graph neighbours, the row of LESC's or gLESC's C — on the scatter, beside the heatmap of
 * the run's matrix in PC 1 order (plot/correlations.h); the weights come from the run's
 * cache through the state both faces share (session/correlations.h). */
#include "config.h"
#include "tui/tui.h"
#include "tui/text.h"
#include "session/correlations.h"
#include "plot/positions.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <math.h>

typedef struct {
  LescCorrelationState *cv;
  int method;                  /* the session's method shown, or −1: the first with weights */
  LescTui *tui;
  char *positions_of;          /* checksum of the data set `positions` is of */
  LescPositions *positions;
  LescCorrelationFigure *figure;
  guint figure_version;        /* of cv, when `figure` was made */
  gconstpointer figure_of;     /* the positions it was made with */
  LescTuiFigureCache cache;
  LescTuiRect figure_area;     /* where the figure was drawn, for clicks */
} Correlations;

static void
changed (LescCorrelationState *cv, gpointer data)
{
  Correlations *c = data;
  if (c->tui != NULL)
    lesc_tui_queue_redraw (c->tui);
}

static gpointer
create (void)
{
  Correlations *c = g_new0 (Correlations, 1);
  c->cv = lesc_correlation_state_new (changed, c);
  c->method = -1;
  return c;
}

static void
destroy (gpointer self)
{
  Correlations *c = self;
  lesc_tui_figure_cache_clear (&c->cache);
  lesc_correlation_figure_free (c->figure);
  lesc_correlation_state_free (c->cv);
  lesc_positions_free (c->positions);
  g_free (c->positions_of);
  g_free (c);
}

static gboolean
has_weights (LescSessionMethod *m)
{
  return m->method->smoothness != NULL && m->outcome != NULL;
}

/* The method shown: the chosen one, else the last GLLE/LESC/gLESC with a result in the
 * registry's order (gLESC before LESC before GLLE: the sample correlations first). */
static int
shown_method (Correlations *c, LescTui *tui)
{
  guint n = lesc_session_n_methods (tui->session);
  if (c->method >= 0 && (guint) c->method < n && has_weights (lesc_session_method (tui->session, (guint) c->method)))
    return c->method;
  for (guint i = n; i-- > 0;)
    if (has_weights (lesc_session_method (tui->session, i)))
      return (int) i;
  return -1;
}

static void
paint (cairo_t *cr, double w, double h, const void *model)
{
  lesc_plot_correlations_paint (cr, w, h, model);
}

/* The top weights as text under the figure: "Sample 42 draws on 17 (+0.123), 98 (+0.101), …". */
static char *
weights_line (const LescCorrelationFigure *f)
{
  GString *s = g_string_new (NULL);
  /* TRANSLATORS: the terminal's line under the correlation figure */
  g_string_append_printf (s, _("Sample %zd draws on:"), f->sample + 1);
  for (gsize t = 0; t < f->top->count && t < 8; t++)
    g_string_append_printf (s, " %zu (%+.3g)", f->top->index[t] + 1, f->top->weight[t]);
  if (f->top->count > 8)
    g_string_append (s, " …");
  return g_string_free (s, FALSE);
}

static void
draw (gpointer self, LescTui *tui, const LescTuiRect *a)
{
  Correlations *c = self;
  c->tui = tui;
  const LescDataset *ds = lesc_session_dataset (tui->session);
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  int k = ds != NULL ? shown_method (c, tui) : -1;
  LescSessionMethod *m = k >= 0 ? lesc_session_method (tui->session, (guint) k) : NULL;
  if (m != NULL)
    lesc_correlation_state_set_run (c->cv, m->method, ds, &m->params, lesc_session_run_cache (tui->session));
  else
    lesc_correlation_state_set_run (c->cv, NULL, NULL, NULL, NULL);
  /* TRANSLATORS: the Correlations view's title: method, data set */
  g_autofree char *head = m != NULL ? g_strdup_printf (_("Sample correlations of %s on %s"), m->method->display_name, ds->name)
                                    : g_strdup (_("Sample correlations"));
  lesc_tui_draw (stdscr, a->y, a->x, a->w, title, head);
  const char *problem = NULL;
  if (ds == NULL)
    problem = _("No data set: press o to open one.");
  else if (m == NULL)
    problem = _("Run GLLE, LESC or gLESC (tick it with Space, then r): this view shows the graph or the "
                "correlation matrix its run used.");
  else if (lesc_correlation_state_busy (c->cv) && lesc_correlation_state_get (c->cv) == NULL)
    problem = _("Taking the run’s weights from its cache…");
  else if (lesc_correlation_state_get (c->cv) == NULL)
    problem = lesc_correlation_state_message (c->cv);
  if (problem != NULL)
    {
      lesc_tui_draw (stdscr, a->y + 2, a->x, a->w, A_NORMAL, problem);
      lesc_tui_show_figure (tui, 0, 0, NULL);
      return;
    }
  if (g_strcmp0 (c->positions_of, ds->checksum) != 0)
    {
      lesc_positions_free (c->positions);
      /* the principal components when they are quick (as the Distributions view computes
       * them at once), else the first two features: the axes say which */
      gsize n = lesc_dataset_n (ds), q = lesc_dataset_q (ds);
      c->positions = (double) n * q * MIN (n, q) <= 2e8 || lesc_positions_is_grid (ds) || q < 2
                       ? lesc_positions_default (ds, NULL, NULL) : lesc_positions_features (ds, 0, 1);
      g_free (c->positions_of);
      c->positions_of = g_strdup (ds->checksum);
    }
  guint version = lesc_correlation_state_version (c->cv);
  if (c->figure == NULL || c->figure_version != version || c->figure_of != c->positions)
    {
      lesc_correlation_figure_free (c->figure);
      g_autofree char *caption = lesc_session_caption (tui->session, (guint) k);
      c->figure = lesc_correlation_state_figure (c->cv, c->positions, caption);
      c->figure_version = version;
      c->figure_of = c->positions;
    }
  int rows = a->h - 3;
  if (c->figure == NULL || rows < 3)
    {
      lesc_tui_show_figure (tui, 0, 0, NULL);
      return;
    }
  LescTermFigure *f = lesc_tui_figure_get (&c->cache, tui, a->w, rows, paint, c->figure, version, NULL, NULL);
  lesc_tui_show_figure (tui, a->y + 1, a->x, f);
  c->figure_area = (LescTuiRect) { a->y + 1, a->x, rows, a->w };
  g_autofree char *line = c->figure->top != NULL
                            ? weights_line (c->figure)
                            : g_strdup (_("[ ] choose a sample (g types its number); m the next method"));
  lesc_tui_draw (stdscr, a->y + a->h - 2, a->x, a->w, A_NORMAL, line);
  lesc_tui_draw (stdscr, a->y + a->h - 1, a->x, a->w, dim, lesc_correlation_figure_caption (c->figure));
}

static gboolean
sample_typed (LescTui *tui, const char *text, gpointer data, GError **error)
{
  Correlations *c = data;
  const LescCorrelations *w = lesc_correlation_state_get (c->cv);
  gsize n = w != NULL ? w->n : 0;
  char *end = NULL;
  errno = 0;
  guint64 v = g_ascii_strtoull (text, &end, 10);
  if (end == text || *g_strchug (end) != '\0' || errno != 0 || v < 1 || v > n || text[0] == '-')
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("“%s”: expected a sample number from 1 to %zu"),
                   text, n);
      return FALSE;
    }
  lesc_correlation_state_set_sample (c->cv, (gssize) v - 1);
  return TRUE;
}

static void
move_sample (Correlations *c, gssize step)
{
  const LescCorrelations *w = lesc_correlation_state_get (c->cv);
  if (w == NULL || w->n == 0)
    return;
  gssize n = (gssize) w->n, i = lesc_correlation_state_get_sample (c->cv);
  i = i < 0 ? (step > 0 ? 0 : n - 1) : ((i + step) % n + n) % n;
  lesc_correlation_state_set_sample (c->cv, i);
}

static gboolean
key (gpointer self, LescTui *tui, int k, gboolean focused)
{
  Correlations *c = self;
  switch (k)
    {
    case ']':
      move_sample (c, 1);
      return TRUE;
    case '[':
      move_sample (c, -1);
      return TRUE;
    case 'g':
      if (lesc_correlation_state_get (c->cv) != NULL)
        lesc_tui_prompt_start (tui, _("Sample number"), "", sample_typed, c);
      return TRUE;
    case 'v':
      {
        /* gLESC: C, then its features view, then its labels view */
        LescCorrelationsMatrix next = (lesc_correlation_state_get_matrix (c->cv) + 1) % 3;
        if (!lesc_correlation_state_set_matrix (c->cv, next))
          lesc_tui_message (tui, FALSE, "%s", _("Only gLESC has views: its C is the mean of the features view Z₁ and the labels view Z₂."));
        return TRUE;
      }
    case 'm':
      {
        /* the next GLLE, LESC or gLESC with a result */
        guint n = lesc_session_n_methods (tui->session);
        int from = shown_method (c, tui);
        for (guint s = 1; s <= n; s++)
          {
            guint i = (guint) ((from + (int) s + (int) n) % (int) n);
            if (has_weights (lesc_session_method (tui->session, i)))
              {
                c->method = (int) i;
                break;
              }
          }
        return TRUE;
      }
    default:
      break;
    }
  if (!focused)
    return FALSE;
  switch (k)
    {
    case KEY_RIGHT: case 'l': move_sample (c, 1); return TRUE;
    case KEY_LEFT: case 'h': move_sample (c, -1); return TRUE;
    case KEY_DOWN: case 'j': move_sample (c, 10); return TRUE;
    case KEY_UP: case 'k': move_sample (c, -10); return TRUE;
    default: return FALSE;
    }
}

/* A click on the scatter selects the sample under it (laid out as the terminal lays the
 * figure out: text on the cells). */
static gboolean
click (gpointer self, LescTui *tui, int y, int x)
{
  Correlations *c = self;
  if (c->figure == NULL || c->cache.figure == NULL || !lesc_tui_rect_contains (&c->figure_area, y, x))
    return FALSE;
  double width, height;
  cairo_t *cr = lesc_term_figure_context (&tui->graphics, c->cache.cols, c->cache.rows, &width, &height);
  double cw = width / c->cache.cols, ch = height / c->cache.rows;
  double px = (x - c->figure_area.x + 0.5) * cw, py = (y - c->figure_area.y + 0.5) * ch;
  gssize i = lesc_correlation_figure_hit_in (cr, c->figure, width, height, px, py, MAX (cw, ch));
  cairo_destroy (cr);
  if (i < 0)
    return FALSE;
  lesc_correlation_state_set_sample (c->cv, i);
  return TRUE;
}

static const char *const keys[] = {
  "] [", N_("next or previous sample: its weights on the scatter"),
  "g", N_("go to a sample by its number (also a click on it)"),
  "m", N_("the next method with a graph or correlation matrix (GLLE, LESC, gLESC)"),
  "v", N_("gLESC: C, its features view Z₁ or its labels view Z₂"),
  "Tab", N_("the arrows move the sample (←→ by one, ↑↓ by ten)"),
  NULL
};

const LescTuiView lesc_tui_view_correlations = {
  N_("Correlations"), N_("Corr."), create, destroy, draw, key, click, TRUE, keys,
};
