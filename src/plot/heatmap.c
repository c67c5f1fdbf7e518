/* Sensitivity heatmap: model, layout from measured text, painter, CSV. */
#include "config.h"
#include "plot/heatmap.h"
#include "core/base/format.h"
#include "plot/export.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 6.0
#define LABEL_FONT 10.0
#define TITLE_FONT 11.0
#define BAR_GAP 12.0
#define BAR_WIDTH 11.0
#define TICK 3.0
#define MIN_VALUE_FONT 6.0
#define MAX_VALUE_FONT 9.0

/* the axes when the model names none */
static const char *const row_title = N_("λ₁ (LE trade-off)");
static const char *const col_title = N_("λ₂ (low-rank)");

static const char *
axis_title (const char *given, const char *fallback)
{
  return given != NULL ? given : _(fallback);
}

LescHeatmapModel *
lesc_heatmap_model_new (guint rows, guint cols, const double *lambda1, const double *lambda2,
                        const double *values, const char *measure, gboolean lower_is_better)
{
  LescHeatmapModel *m = g_new0 (LescHeatmapModel, 1);
  m->rows = rows;
  m->cols = cols;
  m->lambda1 = g_memdup2 (lambda1, rows * sizeof (double));
  m->lambda2 = g_memdup2 (lambda2, cols * sizeof (double));
  m->values = g_memdup2 (values, (gsize) rows * cols * sizeof (double));
  m->measure = g_strdup (measure);
  m->lower_is_better = lower_is_better;
  m->palette = LESC_PALETTE_VIRIDIS;
  return m;
}

void
lesc_heatmap_model_free (LescHeatmapModel *m)
{
  if (m == NULL)
    return;
  g_free (m->lambda1);
  g_free (m->lambda2);
  g_free (m->values);
  g_free (m->measure);
  g_free (m->title);
  g_free (m->row_title);
  g_free (m->col_title);
  g_free (m);
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

gboolean
lesc_heatmap_scale (const LescHeatmapModel *m, double *lo, double *hi)
{
  if (m->fixed_scale)
    {
      *lo = m->lo;
      *hi = m->hi;
      return TRUE;
    }
  *lo = INFINITY;
  *hi = -INFINITY;
  gsize n = (gsize) m->rows * m->cols, k = 0;
  g_autofree double *v = g_new (double, MAX (n, 1));
  for (gsize i = 0; i < n; i++)
    if (isfinite (m->values[i]))
      {
        *lo = MIN (*lo, m->values[i]);
        *hi = MAX (*hi, m->values[i]);
        v[k++] = m->values[i];
      }
  if (m->robust && k >= 4)
    {
      qsort (v, k, sizeof (double), cmp_double);
      double at = (m->lower_is_better ? 0.85 : 0.15) * (double) (k - 1);
      gsize i = (gsize) floor (at);
      double q = i + 1 < k ? v[i] + (at - (double) i) * (v[i + 1] - v[i]) : v[k - 1];
      /* More than 15 % of bad cells (artificial LESC: the two λ₁ rows of 10², 10³ at
       * 0.654, the rest 0.042–0.059) would put the percentile among them; the end then
       * comes no farther from the best cell than three times the median's distance. */
      double best = m->lower_is_better ? v[0] : v[k - 1];
      double median = 0.5 * (v[(k - 1) / 2] + v[k / 2]);
      double near = best + 3.0 * (median - best);
      if (median != best && (m->lower_is_better ? near < q : near > q))
        q = near;
      if (m->lower_is_better)
        *hi = q > *lo ? q : *hi;
      else
        *lo = q < *hi ? q : *lo;
    }
  return isfinite (*lo);
}

guint
lesc_heatmap_best (const LescHeatmapModel *m, gboolean *best)
{
  gsize n = (gsize) m->rows * m->cols;
  double target = m->lower_is_better ? INFINITY : -INFINITY;
  for (gsize i = 0; i < n; i++)
    if (isfinite (m->values[i]))
      target = m->lower_is_better ? MIN (target, m->values[i]) : MAX (target, m->values[i]);
  guint count = 0;
  for (gsize i = 0; i < n; i++)
    {
      best[i] = isfinite (m->values[i]) && m->values[i] == target;
      count += best[i];
    }
  return count;
}

char *
lesc_heatmap_format_lambda (double v)
{
  static const char *const sup[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  if (v > 0 && isfinite (v))
    {
      double k = log10 (v);
      double kr = round (k);
      if (fabs (k - kr) < 1e-9 && fabs (kr) < 100)
        {
          int e = (int) kr;
          if (e == 0)
            return g_strdup ("1");
          if (e == 1)
            return g_strdup ("10");
          GString *s = g_string_new ("10");
          if (e < 0)
            g_string_append (s, "⁻");
          int a = ABS (e);
          if (a >= 10)
            g_string_append (s, sup[a / 10]);
          g_string_append (s, sup[a % 10]);
          return g_string_free (s, FALSE);
        }
    }
  return g_strdup_printf ("%g", v);
}

char *
lesc_heatmap_format_value (double v)
{
  if (!isfinite (v))
    return g_strdup ("–");
  if (v != 0.0 && fabs (v) < 0.01)
    return g_strdup_printf ("%.3g", v);
  return g_strdup_printf ("%.3f", v);
}

void
lesc_heatmap_layout_free (LescHeatmapLayout *l)
{
  if (l == NULL)
    return;
  g_free (l->cells);
  g_free (l->colors);
  g_free (l->best);
  g_free (l->black_text);
  g_free (l->row_labels);
  g_free (l->col_labels);
  g_free (l);
}

static double
value_position (double x, double lo, double hi)
{
  if (!(hi > lo))
    return 0.5;
  return CLAMP ((x - lo) / (hi - lo), 0.0, 1.0);
}

/* Tick labels of the colour bar: 5 ticks, lo … hi. */
static guint
bar_ticks (double lo, double hi, double *ticks)
{
  if (!(hi > lo))
    {
      ticks[0] = lo;
      return 1;
    }
  for (guint i = 0; i < 5; i++)
    ticks[i] = lo + (hi - lo) * i / 4.0;
  return 5;
}

static char *
bar_title (const LescHeatmapModel *m)
{
  return g_strdup_printf ("%s %s", m->measure ? m->measure : _("value"), m->lower_is_better ? "↓" : "↑");
}

LescHeatmapLayout *
lesc_heatmap_layout_new (cairo_t *cr, double width, double height, const LescHeatmapModel *m)
{
  LescHeatmapLayout *l = g_new0 (LescHeatmapLayout, 1);
  guint rows = m->rows, cols = m->cols;
  gsize n = (gsize) rows * cols;
  l->rows = rows;
  l->cols = cols;
  l->cells = g_new0 (LescRect, n);
  l->colors = g_malloc0_n (n, sizeof (double[3]));
  l->best = g_new0 (gboolean, n);
  l->black_text = g_new0 (gboolean, n);
  l->row_labels = g_new0 (LescRect, rows);
  l->col_labels = g_new0 (LescRect, cols);
  if (!lesc_heatmap_scale (m, &l->lo, &l->hi))
    l->lo = l->hi = NAN;
  lesc_heatmap_best (m, l->best);

  /* measured margins */
  double line = lesc_text_line_height (cr, LABEL_FONT);
  double title_line = lesc_text_line_height (cr, TITLE_FONT);
  double row_w = 0.0, tick_w = 0.0;
  for (guint i = 0; i < rows; i++)
    {
      g_autofree char *s = lesc_heatmap_format_lambda (m->lambda1[i]);
      row_w = MAX (row_w, lesc_text_width (cr, s, LABEL_FONT, FALSE));
    }
  double ticks[5];
  guint nt = isfinite (l->lo) ? bar_ticks (l->lo, l->hi, ticks) : 0;
  for (guint t = 0; t < nt; t++)
    {
      g_autofree char *v = lesc_heatmap_format_value (ticks[t]);
      g_autofree char *s = g_strdup_printf ("≥ %s", v);   /* room for a robust scale's mark */
      tick_w = MAX (tick_w, lesc_text_width (cr, s, LABEL_FONT, FALSE));
    }
  g_autofree char *bt = bar_title (m);
  double bar_title_w = lesc_text_width (cr, bt, LABEL_FONT, FALSE);
  double right = BAR_GAP + MAX (BAR_WIDTH + TICK + 3.0 + tick_w, bar_title_w / 2 + BAR_WIDTH / 2);
  double left = title_line + 6.0 + row_w + 4.0;
  double top = MARGIN + (m->title ? title_line + 6.0 : 0.0) + line + 4.0;
  double bottom = 3.0 + line + 4.0 + title_line + MARGIN;
  double aw = width - 2 * MARGIN - left - right, ah = height - top - bottom;
  double cell = lesc_plot_snap_length (cr, MAX (1.0, MIN (aw / MAX (cols, 1u), ah / MAX (rows, 1u))));
  double gw = cell * cols, gh = cell * rows;
  double gx = MARGIN + left + MAX (0.0, (aw - gw) / 2), gy = top + MAX (0.0, (ah - gh) / 2);
  lesc_plot_snap_point (cr, &gx, &gy); /* whole device pixels: equal cells, no seams */

  for (guint i = 0; i < rows; i++)
    for (guint j = 0; j < cols; j++)
      {
        gsize k = (gsize) i * cols + j;
        LescRect r = { gx + j * cell, gy + i * cell, cell, cell };
        l->cells[k] = r;
        double x = m->values[k];
        if (isfinite (x))
          lesc_palette_color (m->palette, value_position (x, l->lo, l->hi), m->reverse, l->colors[k]);
        else
          l->colors[k][0] = l->colors[k][1] = l->colors[k][2] = 0.85;
        l->black_text[k] = lesc_text_black_on (l->colors[k]);
      }

  /* one value font for all cells: the largest ≤ 9 pt that fits, else none */
  double widest = 0.0;
  g_autofree char *widest_text = g_strdup ("");
  for (gsize k = 0; k < n; k++)
    {
      g_autofree char *s = lesc_heatmap_format_value (m->values[k]);
      double w = lesc_text_width (cr, s, 1.0, FALSE);
      if (w > widest)
        {
          widest = w;
          g_free (widest_text);
          widest_text = g_steal_pointer (&s);
        }
    }
  l->value_font = 0.0;
  /* measured at each size: a terminal lays text out on whole cells (plot/text.h) */
  for (double f = MIN (MAX_VALUE_FONT, floor (cell * 0.32 * 2) / 2); f >= MIN_VALUE_FONT; f -= 0.5)
    if (lesc_text_width (cr, widest_text, f, FALSE) <= cell - 3.0 && lesc_text_line_height (cr, f) <= cell - 2.0)
      {
        l->value_font = f;
        break;
      }

  for (guint i = 0; i < rows; i++)
    {
      g_autofree char *s = lesc_heatmap_format_lambda (m->lambda1[i]);
      PangoLayout *t = lesc_text_new (cr, s, LABEL_FONT, FALSE);
      lesc_text_box (t, gx - 4.0, gy + (i + 0.5) * cell, 1.0, 0.5, &l->row_labels[i]);
      g_object_unref (t);
    }
  for (guint j = 0; j < cols; j++)
    {
      g_autofree char *s = lesc_heatmap_format_lambda (m->lambda2[j]);
      PangoLayout *t = lesc_text_new (cr, s, LABEL_FONT, FALSE);
      lesc_text_box (t, gx + (j + 0.5) * cell, gy + gh + 3.0, 0.5, 0.0, &l->col_labels[j]);
      g_object_unref (t);
    }
  l->colorbar = (LescRect) { gx + gw + BAR_GAP, gy, BAR_WIDTH, gh };
  return l;
}

static void
set_rgb (cairo_t *cr, const double *rgb)
{
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
}

static void
paint_colorbar (cairo_t *cr, const LescHeatmapModel *m, const LescHeatmapLayout *l)
{
  const LescRect *b = &l->colorbar;
  lesc_palette_paint_bar (cr, m->palette, m->reverse, b->x, b->y, b->width, b->height);
  if (isfinite (l->lo))
    {
      /* a robust scale says where cells lie beyond it: "≥" at the top or "≤" at the bottom */
      gboolean above = FALSE, below = FALSE;
      for (gsize k = 0; k < (gsize) m->rows * m->cols; k++)
        if (isfinite (m->values[k]))
          {
            above = above || m->values[k] > l->hi;
            below = below || m->values[k] < l->lo;
          }
      double ticks[5];
      guint nt = bar_ticks (l->lo, l->hi, ticks);
      for (guint t = 0; t < nt; t++)
        {
          double v = value_position (ticks[t], l->lo, l->hi);
          double y = b->y + b->height * (1.0 - v);
          cairo_move_to (cr, b->x + b->width, y);
          cairo_line_to (cr, b->x + b->width + TICK, y);
          cairo_stroke (cr);
          g_autofree char *value = lesc_heatmap_format_value (ticks[t]);
          g_autofree char *s = g_strdup_printf ("%s%s", t == nt - 1 && above ? "≥ " : t == 0 && below ? "≤ " : "",
                                                value);
          PangoLayout *t_l = lesc_text_new (cr, s, LABEL_FONT, FALSE);
          lesc_text_show (cr, t_l, b->x + b->width + TICK + 3.0, y, 0.0, 0.5, NULL);
          g_object_unref (t_l);
        }
    }
  g_autofree char *bt = bar_title (m);
  PangoLayout *t = lesc_text_new (cr, bt, LABEL_FONT, FALSE);
  lesc_text_show (cr, t, b->x + b->width / 2, b->y - 4.0, 0.5, 1.0, NULL);
  g_object_unref (t);
}

void
lesc_plot_heatmap_paint (cairo_t *cr, double width, double height, const LescHeatmapModel *m)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (m == NULL || m->rows == 0 || m->cols == 0)
    {
      cairo_restore (cr);
      return;
    }
  g_autoptr (LescHeatmapLayout) l = lesc_heatmap_layout_new (cr, width, height, m);
  gsize n = (gsize) m->rows * m->cols;
  const LescRect *first = &l->cells[0], *last = &l->cells[n - 1];
  double gx = first->x, gy = first->y, gx1 = last->x + last->width, gy1 = last->y + last->height;

  /* cells, with antialiasing off on raster targets so snapped edges stay seamless */
  cairo_save (cr);
  if (lesc_plot_target_is_raster (cr))
    cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (gsize k = 0; k < n; k++)
    {
      const LescRect *r = &l->cells[k];
      set_rgb (cr, l->colors[k]);
      cairo_rectangle (cr, r->x, r->y, r->width, r->height);
      cairo_fill (cr);
    }
  cairo_restore (cr);

  for (gsize k = 0; k < n; k++)
    {
      const LescRect *r = &l->cells[k];
      double ink = l->black_text[k] ? 0.0 : 1.0;
      if (!isfinite (m->values[k]))
        ink = 0.35;
      if (l->best[k])
        {
          cairo_set_source_rgb (cr, ink, ink, ink);
          cairo_set_line_width (cr, 2.0);
          cairo_rectangle (cr, r->x + 1.0, r->y + 1.0, r->width - 2.0, r->height - 2.0);
          cairo_stroke (cr);
        }
      double font = l->value_font > 0 ? l->value_font : (!isfinite (m->values[k]) ? MIN_VALUE_FONT : 0);
      if (font > 0)
        {
          g_autofree char *s = lesc_heatmap_format_value (m->values[k]);
          PangoLayout *t = lesc_text_new (cr, s, font, l->best[k]);
          cairo_set_source_rgb (cr, ink, ink, ink);
          lesc_text_show (cr, t, r->x + r->width / 2, r->y + r->height / 2, 0.5, 0.5, NULL);
          g_object_unref (t);
        }
    }
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 0.6);
  cairo_rectangle (cr, gx, gy, gx1 - gx, gy1 - gy);
  cairo_stroke (cr);

  /* row and column labels, axis titles */
  cairo_set_source_rgb (cr, 0, 0, 0);
  double row_left = gx;
  for (guint i = 0; i < m->rows; i++)
    {
      g_autofree char *s = lesc_heatmap_format_lambda (m->lambda1[i]);
      PangoLayout *t = lesc_text_new (cr, s, LABEL_FONT, FALSE);
      lesc_text_show (cr, t, l->row_labels[i].x, l->row_labels[i].y, 0, 0, NULL);
      row_left = MIN (row_left, l->row_labels[i].x);
      g_object_unref (t);
    }
  double col_bottom = gy1;
  for (guint j = 0; j < m->cols; j++)
    {
      g_autofree char *s = lesc_heatmap_format_lambda (m->lambda2[j]);
      PangoLayout *t = lesc_text_new (cr, s, LABEL_FONT, FALSE);
      lesc_text_show (cr, t, l->col_labels[j].x, l->col_labels[j].y, 0, 0, NULL);
      col_bottom = MAX (col_bottom, l->col_labels[j].y + l->col_labels[j].height);
      g_object_unref (t);
    }
  PangoLayout *ct = lesc_text_new (cr, axis_title (m->col_title, col_title), TITLE_FONT, FALSE);
  lesc_text_show (cr, ct, (gx + gx1) / 2, col_bottom + 4.0, 0.5, 0.0, NULL);
  g_object_unref (ct);
  PangoLayout *rt = lesc_text_new (cr, axis_title (m->row_title, row_title), TITLE_FONT, FALSE);
  cairo_save (cr);
  cairo_translate (cr, row_left - 6.0, (gy + gy1) / 2);
  cairo_rotate (cr, -G_PI / 2);
  lesc_text_show (cr, rt, 0, 0, 0.5, 1.0, NULL);
  cairo_restore (cr);
  g_object_unref (rt);
  if (m->title)
    {
      PangoLayout *tt = lesc_text_new (cr, m->title, TITLE_FONT, TRUE);
      lesc_text_show (cr, tt, width / 2, MARGIN, 0.5, 0.0, NULL);
      g_object_unref (tt);
    }
  paint_colorbar (cr, m, l);
  cairo_restore (cr);
}

char *
lesc_heatmap_model_to_csv (const LescHeatmapModel *m)
{
  GString *s = g_string_new (NULL);
  double lo = NAN, hi = NAN;
  lesc_heatmap_scale (m, &lo, &hi);
  g_string_append_printf (s, "# measure: %s (%s is better)\n", m->measure ? m->measure : "value",
                          m->lower_is_better ? "lower" : "higher");
  g_string_append_printf (s, "# palette: %s%s\n", lesc_palette_key (m->palette), m->reverse ? " (reversed)" : "");
  g_string_append (s, "# scale: ");
  lesc_format_append (s, lo, LESC_FORMAT_TEXT, "%.15g");
  g_string_append (s, " to ");
  lesc_format_append (s, hi, LESC_FORMAT_TEXT, "%.15g");
  g_string_append_printf (s, " (%s)\n", m->fixed_scale ? "fixed" : m->robust ? "data, robust" : "data");
  g_string_append (s, "lambda1,lambda2,value,best\n");
  g_autofree gboolean *best = g_new0 (gboolean, (gsize) m->rows * m->cols);
  lesc_heatmap_best (m, best);
  for (guint i = 0; i < m->rows; i++)
    for (guint j = 0; j < m->cols; j++)
      {
        gsize k = (gsize) i * m->cols + j;
        lesc_format_append (s, m->lambda1[i], LESC_FORMAT_CSV, "%.15g");
        g_string_append_c (s, ',');
        lesc_format_append (s, m->lambda2[j], LESC_FORMAT_CSV, "%.15g");
        g_string_append_c (s, ',');
        lesc_format_append (s, m->values[k], LESC_FORMAT_CSV, "%.15g");
        g_string_append_printf (s, ",%d\n", best[k] ? 1 : 0);
      }
  return g_string_free (s, FALSE);
}

LescHeatmapModel *
lesc_heatmap_model_new_from_grid (const LescGrid *g, LescMeasure measure, const char *measure_name)
{
  /* the grid keeps cells[i2·n1 + i1] */
  g_autofree double *values = g_new (double, (gsize) g->n1 * g->n2);
  for (guint i1 = 0; i1 < g->n1; i1++)
    for (guint i2 = 0; i2 < g->n2; i2++)
      {
        const LescRunRecord *c = &g->cells[(gsize) i2 * g->n1 + i1];
        values[(gsize) i1 * g->n2 + i2] = c->id != 0 ? c->measures[measure] : NAN;
      }
  LescHeatmapModel *m = lesc_heatmap_model_new (g->n1, g->n2, g->lambda1, g->lambda2, values, measure_name,
                                                lesc_measure_lower_is_better (measure));
  m->robust = TRUE;
  int k1 = lesc_method_param_index (g->method, "lambda1"), k2 = lesc_method_param_index (g->method, "lambda2");
  if (k1 >= 0 && g->method->params[k1].label != NULL)
    m->row_title = g_strdup (_(g->method->params[k1].label));
  if (k2 >= 0 && g->method->params[k2].label != NULL)
    m->col_title = g_strdup (_(g->method->params[k2].label));
  return m;
}

gboolean
lesc_heatmap_cell_at (cairo_t *cr, double width, double height, const LescHeatmapModel *m, double x, double y,
                      guint *row, guint *col)
{
  cairo_surface_t *surface = NULL;
  if (cr == NULL)
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
      cr = cairo_create (surface);
    }
  else
    cairo_reference (cr);
  g_autoptr (LescHeatmapLayout) l = lesc_heatmap_layout_new (cr, width, height, m);
  cairo_destroy (cr);
  if (surface != NULL)
    cairo_surface_destroy (surface);
  for (guint i = 0; i < l->rows; i++)
    for (guint j = 0; j < l->cols; j++)
      {
        const LescRect *r = &l->cells[(gsize) i * l->cols + j];
        if (x >= r->x && x < r->x + r->width && y >= r->y && y < r->y + r->height)
          {
            *row = i;
            *col = j;
            return TRUE;
          }
      }
  return FALSE;
}
