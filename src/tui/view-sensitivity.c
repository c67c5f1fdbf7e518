/* Sensitivity: the λ₁ × λ₂ grid of LESC or gLESC for one measure, painted by the heatmap
 * painter, with a cell cursor (the arrow keys once the view has the keyboard; a click);
 * Enter (or a click) sets that cell's λ₁ and λ₂ in the side panel and runs them. */
#include "config.h"
#include "tui/panel.h"
#include "tui/text.h"
#include "tui/tui.h"
#include "plot/heatmap.h"

#include <glib/gi18n.h>
#include <math.h>

typedef struct {
  LescMeasure measure;
  guint row, col;              /* the cursor: λ₁ row, λ₂ column */
  LescHeatmapModel *model;
  gconstpointer grid;          /* what the model shows */
  guint session_version;
  LescMeasure model_measure;
  guint figure_version;        /* grows with the model and the cursor */
  LescTuiFigureCache figure;
  LescTuiRect figure_area;     /* where the figure is, in cells */
} Sensitivity;

static gpointer
create (void)
{
  return g_new0 (Sensitivity, 1);
}

static void
destroy (gpointer self)
{
  Sensitivity *v = self;
  lesc_tui_figure_cache_clear (&v->figure);
  lesc_heatmap_model_free (v->model);
  g_free (v);
}

static void
paint (cairo_t *cr, double w, double h, const void *model)
{
  lesc_plot_heatmap_paint (cr, w, h, model);
}

/* The cursor over the painted heatmap: its cell lightened and framed thickly in orange,
 * which stays visible after the cells become character blocks (viridis has no orange). */
static void
paint_cursor (cairo_t *cr, double w, double h, gpointer data)
{
  Sensitivity *v = data;
  g_autoptr (LescHeatmapLayout) l = lesc_heatmap_layout_new (cr, w, h, v->model);
  const LescRect *r = &l->cells[(gsize) v->row * l->cols + v->col];
  double lw = CLAMP (MIN (r->width, r->height) / 6, 2.0, 6.0);
  cairo_save (cr);
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.35);
  cairo_fill (cr);
  cairo_set_line_width (cr, lw);
  cairo_set_source_rgb (cr, 1.0, 0.45, 0.0);
  cairo_rectangle (cr, r->x + lw / 2, r->y + lw / 2, r->width - lw, r->height - lw);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
rebuild (Sensitivity *v, LescTui *tui, const LescGrid *g)
{
  g_clear_pointer (&v->model, lesc_heatmap_model_free);
  v->grid = g;
  v->session_version = lesc_session_version (tui->session);
  v->model_measure = v->measure;
  v->figure_version++;
  if (g == NULL)
    return;
  /* the window's model: its robust colour scale, its axis names */
  v->model = lesc_heatmap_model_new_from_grid (g, v->measure, lesc_measure_title (v->measure));
  v->row = MIN (v->row, g->n1 - 1);
  v->col = MIN (v->col, g->n2 - 1);
}

static void
draw (gpointer self, LescTui *tui, const LescTuiRect *a)
{
  Sensitivity *v = self;
  const LescGrid *g = lesc_session_grid (tui->session);
  if (g != v->grid || v->session_version != lesc_session_version (tui->session) || v->model_measure != v->measure)
    rebuild (v, tui, g);
  attr_t title = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_TITLE);
  attr_t dim = lesc_screen_attr (tui->screen, LESC_TUI_ATTR_DIM);
  if (g == NULL)
    {
      lesc_tui_show_figure (tui, 0, 0, NULL);
      lesc_tui_draw (stdscr, a->y, a->x, a->w, title, _("λ₁ × λ₂ sensitivity"));
      int m = lesc_tui_focused_method (tui);
      const char *name = m >= 0 && lesc_method_has_lambda_grid (lesc_session_method (tui->session, (guint) m)->method)
                         ? lesc_session_method (tui->session, (guint) m)->method->display_name : "LESC";
      g_autofree char *text = g_strdup_printf (
          _("No grid yet. Press g to compute the grid of %s over λ₁, λ₂ ∈ {10⁻⁴ … 10³} (64 runs, kept in the "
            "results store: `lesc grid` and the window reuse them)."), name);
      lesc_tui_draw_wrapped (stdscr, a->y + 2, a->x, a->w, a->h - 2, A_NORMAL, text);
      return;
    }
  /* TRANSLATORS: the Sensitivity view's title: method, data set, measure */
  g_autofree char *head = g_strdup_printf (_("λ grid of %s on %s: %s"), g->method->display_name, g->dataset,
                                           lesc_tui_measure_name (v->measure));
  lesc_tui_draw (stdscr, a->y, a->x, a->w, title, head);
  int rows = a->h - 3;
  v->figure_area = (LescTuiRect) { a->y + 1, a->x, rows, a->w };
  if (rows >= 4)
    {
      LescTermFigure *f = lesc_tui_figure_get (&v->figure, tui, a->w, rows, paint, v->model, v->figure_version,
                                               paint_cursor, v);
      lesc_tui_show_figure (tui, a->y + 1, a->x, f);
    }
  else
    lesc_tui_show_figure (tui, 0, 0, NULL);
  /* The cell under the cursor and the best one, as numbers. */
  const LescRunRecord *c = &g->cells[(gsize) v->col * g->n1 + v->row];
  g_autofree char *l1 = lesc_heatmap_format_lambda (g->lambda1[v->row]);
  g_autofree char *l2 = lesc_heatmap_format_lambda (g->lambda2[v->col]);
  g_autofree char *val = lesc_tui_format_value (c->id != 0 ? c->measures[v->measure] : NAN);
  g_autofree gboolean *best = g_new0 (gboolean, (gsize) g->n1 * g->n2);
  GString *line = g_string_new (NULL);
  g_string_printf (line, "λ₁ = %s, λ₂ = %s: %s %s", l1, l2, lesc_tui_measure_name (v->measure), val);
  if (lesc_heatmap_best (v->model, best) > 0)
    for (guint k = 0; k < (guint) (g->n1 * g->n2); k++)
      if (best[k])
        {
          guint i1 = k / g->n2, i2 = k % g->n2;
          g_autofree char *b1 = lesc_heatmap_format_lambda (g->lambda1[i1]);
          g_autofree char *b2 = lesc_heatmap_format_lambda (g->lambda2[i2]);
          g_autofree char *bv = lesc_tui_format_value (v->model->values[k]);
          /* TRANSLATORS: the best cell of the grid */
          g_string_append_printf (line, _(" · best %s at λ₁ = %s, λ₂ = %s"), bv, b1, b2);
          break;
        }
  lesc_tui_draw (stdscr, a->y + a->h - 2, a->x, a->w, A_NORMAL, line->str);
  g_string_free (line, TRUE);
  lesc_tui_draw (stdscr, a->y + a->h - 1, a->x, a->w, dim,
                 tui->view_focus ? _("Arrows move the cell, Enter runs it · m measure · g compute · Tab panel")
                                 : _("Tab: the arrows move the cell · m measure · g compute"));
}

/* Set the cursor cell's λ₁ and λ₂ for the grid's method, tick it and show its run. */
static void
apply_cell (Sensitivity *v, LescTui *tui)
{
  const LescGrid *g = lesc_session_grid (tui->session);
  if (g == NULL)
    return;
  int mi = lesc_session_find_method (tui->session, g->method->name);
  if (mi < 0)
    return;
  LescSessionMethod *m = lesc_session_method (tui->session, (guint) mi);
  int k1 = lesc_method_param_index (m->method, "lambda1"), k2 = lesc_method_param_index (m->method, "lambda2");
  lesc_session_set_value (tui->session, (guint) mi, (guint) k1, g->lambda1[v->row]);
  lesc_session_set_value (tui->session, (guint) mi, (guint) k2, g->lambda2[v->col]);
  lesc_session_set_ticked (tui->session, (guint) mi, TRUE);
  lesc_tui_panel_focus_method (tui->panel, mi);
  lesc_session_run (tui->session);
  tui->view = LESC_TUI_VIEW_DISTRIBUTIONS;
  tui->view_focus = FALSE;
}

static void
request_grid (LescTui *tui)
{
  int m = lesc_tui_focused_method (tui);
  const LescGrid *g = lesc_session_grid (tui->session);
  if (m < 0 || !lesc_method_has_lambda_grid (lesc_session_method (tui->session, (guint) m)->method))
    m = lesc_session_find_method (tui->session, g != NULL ? g->method->name : "lesc");
  if (m >= 0)
    lesc_session_request_grid (tui->session, (guint) m);
}

static gboolean
key (gpointer self, LescTui *tui, int k, gboolean focused)
{
  Sensitivity *v = self;
  const LescGrid *g = lesc_session_grid (tui->session);
  switch (k)
    {
    case 'g':
      request_grid (tui);
      tui->view_focus = TRUE;   /* the arrows move the cell once the grid is there */
      return TRUE;
    case 'm':
      v->measure = (v->measure + 1) % LESC_N_MEASURES;
      return TRUE;
    case 'M':
      v->measure = (v->measure + LESC_N_MEASURES - 1) % LESC_N_MEASURES;
      return TRUE;
    default:
      break;
    }
  if (!focused || g == NULL)
    return FALSE;
  guint row = v->row, col = v->col;
  switch (k)
    {
    case KEY_UP: case 'k': row = row > 0 ? row - 1 : 0; break;
    case KEY_DOWN: case 'j': row = MIN (row + 1, g->n1 - 1); break;
    case KEY_LEFT: case 'h': col = col > 0 ? col - 1 : 0; break;
    case KEY_RIGHT: case 'l': col = MIN (col + 1, g->n2 - 1); break;
    case '\n': case '\r': case KEY_ENTER:
      apply_cell (v, tui);
      return TRUE;
    default:
      return FALSE;
    }
  if (row != v->row || col != v->col)
    {
      v->row = row;
      v->col = col;
      v->figure_version++;
    }
  return TRUE;
}

static gboolean
click (gpointer self, LescTui *tui, int y, int x)
{
  Sensitivity *v = self;
  if (v->model == NULL || !lesc_tui_rect_contains (&v->figure_area, y, x) || v->figure.figure == NULL)
    return FALSE;
  /* The cell's centre in the painter's units, then the heatmap cell holding it (laid out
   * as the terminal lays it out: text on the cells). */
  double width, height;
  cairo_t *cr = lesc_term_figure_context (&tui->graphics, v->figure.cols, v->figure.rows, &width, &height);
  double px = (x - v->figure_area.x + 0.5) * width / v->figure.cols;
  double py = (y - v->figure_area.y + 0.5) * height / v->figure.rows;
  guint i, j;
  gboolean hit = lesc_heatmap_cell_at (cr, width, height, v->model, px, py, &i, &j);
  cairo_destroy (cr);
  if (!hit)
    return FALSE;
  v->row = i;
  v->col = j;
  v->figure_version++;
  apply_cell (v, tui);
  return TRUE;
}

static const char *const keys[] = {
  "g", N_("compute the grid (of the method in focus: LESC or gLESC)"),
  "m M", N_("next or previous measure"),
  "Tab", N_("the arrows move the cell cursor (Tab again: the panel)"),
  "Enter", N_("set the cell’s λ₁ and λ₂ and run them (also a click)"),
  NULL
};

const LescTuiView lesc_tui_view_sensitivity = {
  N_("Sensitivity"), N_("Sens."), create, destroy, draw, key, click, TRUE, keys,
};
