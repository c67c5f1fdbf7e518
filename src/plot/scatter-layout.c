/* Where the Distributions figure's parts go: plots, names, measures, colour bars and the
 * caption, laid out from measured text (docs/figures.md §2). */
#include "config.h"
#include "plot/scatter.h"
#include "plot/scatter-private.h"
#include "core/base/format.h"
#include "core/base/error.h"
#include "plot/export.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void
lesc_scatter_layout_free (LescScatterLayout *l)
{
  if (l == NULL)
    return;
  g_free (l->plots);
  g_free (l->name_boxes);
  g_free (l->panel_boxes);
  g_free (l->label_bars);
  g_free (l);
}

/* The grid behind one coordinate: smallest positive spacing of its distinct values. */
static gboolean
grid_axis (const LescMatrix *xy, gsize col, double *min, double *step, guint *n)
{
  gsize rows = xy->rows;
  g_autofree double *v = g_new (double, rows);
  for (gsize i = 0; i < rows; i++)
    v[i] = LESC_AT (xy, i, col);
  qsort (v, rows, sizeof (double), lesc_scatter_cmp_double);
  double range = v[rows - 1] - v[0];
  *min = v[0];
  if (range == 0.0)
    {
      *step = 1.0;
      *n = 1;
      return TRUE;
    }
  double st = INFINITY;
  for (gsize i = 1; i < rows; i++)
    if (v[i] - v[i - 1] > range * 1e-9)
      st = MIN (st, v[i] - v[i - 1]);
  double cells = range / st;
  if (!(cells < MAX_GRID))
    return FALSE;
  *step = st;
  *n = (guint) llround (cells) + 1;
  return TRUE;
}

char *
lesc_scatter_measure_value (const LescScatterPanel *p, guint k)
{
  return lesc_format_value (p->measures[k], LESC_FORMAT_TEXT, "%.3f"); /* ∞: a KM KL */
}

static gboolean
any_measures (const LescScatterModel *m)
{
  for (guint p = 0; p < m->n_panels; p++)
    if (m->panels[p].has_measures)
      return TRUE;
  return FALSE;
}

/* Lines of the tallest subtitle (a subtitle's lines are separated by '\n'); 0: none */
guint
lesc_scatter_subtitle_lines (const LescScatterModel *m)
{
  guint most = 0;
  for (guint p = 0; p < m->n_panels; p++)
    {
      const char *s = m->panels[p].subtitle;
      if (s == NULL || s[0] == '\0')
        continue;
      guint lines = 1;
      for (; *s; s++)
        lines += *s == '\n';
      most = MAX (most, lines);
    }
  return most;
}

/* Widest measure name and widest value over all panels at `font`. */
static void
measure_widths (cairo_t *cr, const LescScatterModel *m, double font, double *key_w, double *value_w)
{
  *key_w = *value_w = 0.0;
  for (guint k = 0; k < LESC_N_MEASURES; k++)
    *key_w = MAX (*key_w, lesc_text_width (cr, _(lesc_scatter_measure_names[k]), font, FALSE));
  for (guint p = 0; p < m->n_panels; p++)
    if (m->panels[p].has_measures)
      for (guint k = 0; k < LESC_N_MEASURES; k++)
        {
          g_autofree char *s = lesc_scatter_measure_value (&m->panels[p], k);
          *value_w = MAX (*value_w, lesc_text_width (cr, s, font, FALSE));
        }
}

/* One measure column: "Key" left, value right-aligned. */
double
lesc_scatter_measure_width (cairo_t *cr, const LescScatterModel *m, double font)
{
  double kw, vw;
  measure_widths (cr, m, font, &kw, &vw);
  /* at least a space between key and value (a whole cell where text is laid out on cells) */
  return kw + MAX (0.4 * font, lesc_text_width (cr, " ", font, FALSE)) + vw;
}

typedef struct {
  double font;      /* measure font */
  guint per_line;   /* measures per line */
  guint lines;
  double col_w;     /* width of one measure column */
  double height;    /* of the whole text block under a panel */
  gboolean fits;    /* one column of measures fits the width at the smallest font */
} TextBlock;

static TextBlock
text_block (cairo_t *cr, const LescScatterModel *m, double avail)
{
  TextBlock b = { MEASURE_FONT, 0, 0, 0, 0, TRUE };
  b.height = lesc_text_line_height (cr, NAME_FONT) + 2.0;
  b.height += lesc_scatter_subtitle_lines (m) * lesc_text_line_height (cr, SUBTITLE_FONT);
  if (!any_measures (m))
    return b;
  for (double f = MEASURE_FONT; f >= MIN_MEASURE_FONT; f -= 0.5)
    {
      double w = lesc_scatter_measure_width (cr, m, f);
      double gap = 1.3 * f;
      for (guint per = 3; per >= 1; per--)
        if (per * w + (per - 1) * gap <= avail || (per == 1 && f <= MIN_MEASURE_FONT))
          {
            b.font = f;
            b.per_line = per;
            b.col_w = w + gap;
            b.lines = (LESC_N_MEASURES + per - 1) / per;
            b.height += 1.0 + b.lines * lesc_text_line_height (cr, f);
            b.fits = w <= avail;
            return b;
          }
    }
  return b;
}

/* The caption as laid out under the panels. */
PangoLayout *
lesc_scatter_caption_layout (cairo_t *cr, const LescScatterModel *m, const LescScatterLayout *l, double width)
{
  gboolean known = l->bins_w > 0;
  g_autofree char *cap = lesc_scatter_caption_binned (m, known ? l->bins_w : LESC_SCATTER_MAX_BINS, known ? l->bins_h : LESC_SCATTER_MAX_BINS);
  g_autofree char *kept = lesc_text_keep_equals (cap);
  PangoLayout *t = lesc_text_new (cr, kept, CAPTION_FONT, FALSE);
  pango_layout_set_width (t, (int) ((width - 2 * MARGIN) * PANGO_SCALE));
  pango_layout_set_wrap (t, PANGO_WRAP_WORD);
  pango_layout_set_alignment (t, PANGO_ALIGN_CENTER);
  return t;
}

double
lesc_scatter_caption_height (cairo_t *cr, const LescScatterModel *m, const LescScatterLayout *l, double width)
{
  PangoLayout *t = lesc_scatter_caption_layout (cr, m, l, width);
  double h;
  lesc_text_size (t, NULL, &h);
  g_object_unref (t);
  return h;
}

/* The plot rectangle inside a square slot: whole grid cells, snapped to device pixels on
 * raster targets. */
static LescRect
place_plot (cairo_t *cr, LescScatterLayout *l, double x, double y, double s)
{
  LescRect r = { x, y, s, s };
  if (l->nx == 0)
    return r;
  double cell = lesc_plot_snap_length (cr, s / MAX (l->nx, l->ny));
  r.width = l->nx * cell;
  r.height = l->ny * cell;
  r.x = x + (s - r.width) / 2;
  r.y = y + (s - r.height) / 2;
  lesc_plot_snap_point (cr, &r.x, &r.y);
  l->cell_w = l->cell_h = cell;
  return r;
}

gboolean
lesc_scatter_per_label_bars (const LescScatterModel *m)
{
  return m->options.style == LESC_SCATTER_HEATMAPS && m->panels[0].values->cols > 1
         && m->options.scale != LESC_SCATTER_SCALE_SHARED;
}

/* Small multiples in a grid (RGB, or a one-column table): a square per panel with its
 * text under it; a shared colour bar on the right for a one-column table. */
static void
layout_grid (cairo_t *cr, LescScatterLayout *l, const LescScatterModel *m, double avail_w, double avail_h,
             double bar_area)
{
  guint n = m->n_panels;
  avail_w -= bar_area;
  double best_s = -1.0;
  guint best_cols = 1;
  TextBlock best_tb = { 0 };
  for (guint cols = 1; cols <= n; cols++)
    {
      guint rows = (n + cols - 1) / cols;
      double sw = (avail_w - (cols - 1) * H_GAP) / cols;
      TextBlock tb = text_block (cr, m, sw);
      double sh = (avail_h - rows * tb.height - (rows - 1) * V_GAP) / rows;
      double s = MIN (sw, sh);
      if (s < sw) /* narrower panels: the text may need more lines */
        {
          tb = text_block (cr, m, s);
          sh = (avail_h - rows * tb.height - (rows - 1) * V_GAP) / rows;
          s = MIN (s, sh);
        }
      /* measures that would run into the neighbour's: not this many columns */
      if (!tb.fits && cols > 1)
        continue;
      if (s > best_s + 1e-9)
        {
          best_s = s;
          best_cols = cols;
          best_tb = tb;
        }
    }
  double s = MAX (best_s, 4.0);
  guint cols = best_cols, rows = (n + cols - 1) / cols;
  double block_w = cols * s + (cols - 1) * H_GAP;
  double block_h = rows * (s + best_tb.height) + (rows - 1) * V_GAP;
  double x0 = MARGIN + (avail_w - block_w) / 2, y0 = MARGIN + MAX (0.0, (avail_h - block_h) / 2);
  l->font = best_tb.font;
  for (guint p = 0; p < n; p++)
    {
      guint col = p % cols, row = p / cols;
      double x = x0 + col * (s + H_GAP), y = y0 + row * (s + best_tb.height + V_GAP);
      l->plots[p] = place_plot (cr, l, x, y, s);
      l->name_boxes[p] = (LescRect) { x, y + s + 2.0, s, best_tb.height };
      l->panel_boxes[p] = (LescRect) { x, y, s, s + 2.0 + best_tb.height };
    }
  if (bar_area > 0)
    l->colorbar = (LescRect) { x0 + block_w + H_GAP, y0, BAR_WIDTH, MIN (block_h, rows * s + (rows - 1) * V_GAP) };
}

/* A binned figure's bins (every plot is of one size): a bin per device pixel. */
static void
set_bins (cairo_t *cr, LescScatterLayout *l, const LescScatterModel *m)
{
  if (lesc_scatter_is_binned (m) && l->nx == 0 && l->n_plots > 0)
    lesc_scatter_bins_size (cr, &l->plots[0], &l->bins_w, &l->bins_h);
}

LescScatterLayout *
lesc_scatter_layout_new (cairo_t *cr, double width, double height, const LescScatterModel *m)
{
  LescScatterLayout *l = g_new0 (LescScatterLayout, 1);
  gboolean heat = m->options.style == LESC_SCATTER_HEATMAPS;
  guint c = (guint) m->panels[0].values->cols;
  guint n = m->n_panels;
  l->n_panels = n;
  l->n_plots = heat ? n * c : n;
  l->plots = g_new0 (LescRect, l->n_plots);
  l->name_boxes = g_new0 (LescRect, n);
  l->panel_boxes = g_new0 (LescRect, n);
  l->label_bars = g_new0 (LescRect, c);

  if (m->grid && grid_axis (m->xy, 0, &l->x_min, &l->x_step, &l->nx)
      && grid_axis (m->xy, 1, &l->y_min, &l->y_step, &l->ny) && (gsize) l->nx * l->ny <= 4000000)
    ;
  else
    {
      l->nx = l->ny = 0;
      double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };
      for (gsize i = 0; i < m->xy->rows; i++)
        for (int d = 0; d < 2; d++)
          {
            lo[d] = MIN (lo[d], LESC_AT (m->xy, i, d));
            hi[d] = MAX (hi[d], LESC_AT (m->xy, i, d));
          }
      for (int d = 0; d < 2; d++)
        {
          double r = hi[d] - lo[d];
          if (r == 0.0)
            r = 2.0;
          lo[d] -= 0.04 * r;
          hi[d] += 0.04 * r;
        }
      l->x_lo = lo[0];
      l->x_hi = hi[0];
      l->y_lo = lo[1];
      l->y_hi = hi[1];
    }

  double cap_h = lesc_scatter_caption_height (cr, m, l, width);
  double avail_h = height - 2 * MARGIN - cap_h - 6.0;
  double avail_w = width - 2 * MARGIN;
  double name_h = lesc_text_line_height (cr, NAME_FONT);
  double tick_w = lesc_text_width (cr, "0.000", MEASURE_FONT, FALSE);
  double bar_area = H_GAP + BAR_WIDTH + 6.0 + tick_w;

  if (!heat || c == 1)
    {
      layout_grid (cr, l, m, avail_w, avail_h, heat ? bar_area : 0.0);
      set_bins (cr, l, m);
      return l;
    }

  /* heatmaps: one row per panel, one column per label; the colour scale on the right
   * (shared) or under each column (per label) */
  gboolean under = lesc_scatter_per_label_bars (m);
  TextBlock tb = text_block (cr, m, 200.0);
  tb.per_line = MIN (tb.per_line, 2u);
  double left_w = 0.0;
  for (guint p = 0; p < n; p++)
    {
      left_w = MAX (left_w, lesc_text_width (cr, m->panels[p].name, NAME_FONT, TRUE));
      if (m->panels[p].subtitle != NULL)
        {
          g_auto (GStrv) lines = g_strsplit (m->panels[p].subtitle, "\n", -1);
          for (guint i = 0; lines[i] != NULL; i++)
            left_w = MAX (left_w, MIN (220.0, lesc_text_width (cr, lines[i], SUBTITLE_FONT, FALSE)));
        }
    }
  if (any_measures (m))
    left_w = MAX (left_w, 2 * lesc_scatter_measure_width (cr, m, tb.font) + 1.3 * tb.font);
  left_w += 8.0;
  double header_h = name_h + 3.0;
  double under_h = under ? 6.0 + BAR_WIDTH + 2.0 + lesc_text_line_height (cr, MEASURE_FONT) : 0.0;
  double right = under ? 0.0 : bar_area;
  double s_w = (avail_w - left_w - right - (c - 1) * 4.0) / c;
  double s_h = (avail_h - header_h - under_h - (n - 1) * V_GAP) / n;
  double s = MAX (4.0, MIN (s_w, s_h));
  double block_w = left_w + c * s + (c - 1) * 4.0 + right;
  double x0 = MARGIN + MAX (0.0, (avail_w - block_w) / 2);
  double y0 = MARGIN + header_h;
  l->font = tb.font;
  for (guint p = 0; p < n; p++)
    {
      double y = y0 + p * (s + V_GAP);
      l->name_boxes[p] = (LescRect) { x0, y, left_w - 8.0, s };
      for (guint k = 0; k < c; k++)
        l->plots[p * c + k] = place_plot (cr, l, x0 + left_w + k * (s + 4.0), y, s);
      l->panel_boxes[p] = (LescRect) { x0, y, left_w + c * s + (c - 1) * 4.0, s };
    }
  double gx1 = x0 + left_w + c * s + (c - 1) * 4.0;
  double rows_h = n * s + (n - 1) * V_GAP;
  l->colorbar = (LescRect) { gx1 + H_GAP, y0, BAR_WIDTH, rows_h };
  if (under)
    for (guint k = 0; k < c; k++)
      l->label_bars[k] = (LescRect) { x0 + left_w + k * (s + 4.0), y0 + rows_h + 6.0, s, BAR_WIDTH };
  set_bins (cr, l, m);
  return l;
}

void
lesc_scatter_layout_point (const LescScatterLayout *l, const LescScatterModel *m, guint plot,
                           gsize i, double *x, double *y)
{
  const LescRect *r = &l->plots[plot];
  double vx = LESC_AT (m->xy, i, 0), vy = LESC_AT (m->xy, i, 1);
  if (l->nx > 0)
    {
      double ix = l->nx > 1 ? round ((vx - l->x_min) / l->x_step) : 0;
      double iy = l->ny > 1 ? round ((vy - l->y_min) / l->y_step) : 0;
      *x = r->x + (ix + 0.5) * l->cell_w;
      *y = r->y + (l->ny - 1 - iy + 0.5) * l->cell_h;
      return;
    }
  *x = r->x + (vx - l->x_lo) / (l->x_hi - l->x_lo) * r->width;
  *y = r->y + r->height - (vy - l->y_lo) / (l->y_hi - l->y_lo) * r->height;
}
