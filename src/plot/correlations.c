/* The correlation figure: a sample's weights on the scatter, and the heatmap of C. */
#include "config.h"
#include "plot/correlations.h"
#include "plot/palette.h"
#include "core/base/format.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 8.0
#define GAP 18.0
#define TITLE_FONT 11.0
#define LABEL_FONT 9.0
#define CAPTION_FONT 9.0
#define BAR_HEIGHT 8.0

void
lesc_correlation_figure_free (LescCorrelationFigure *f)
{
  if (f == NULL)
    return;
  lesc_matrix_free (f->xy);
  g_free (f->x_label);
  g_free (f->y_label);
  g_free (f->title);
  lesc_sample_weights_free (f->top);
  g_free (f->heat_order);
  lesc_matrix_free (f->heat);
  g_free (f->caption);
  g_free (f);
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* the heatmap's scale: the 98th percentile of |entries| off the diagonal (a few large
 * entries would otherwise wash the rest out) */
static double
heat_scale (const LescMatrix *h)
{
  gsize m = h->rows, count = 0;
  if (m < 2)
    return 1.0;
  g_autofree double *v = g_new (double, m * (m - 1));
  for (gsize b = 0; b < m; b++)
    for (gsize a = 0; a < m; a++)
      if (a != b)
        v[count++] = fabs (LESC_AT (h, a, b));
  qsort (v, count, sizeof (double), compare_double);
  double top = v[(gsize) floor (0.98 * (double) (count - 1))];
  return top > 0.0 ? top : v[count - 1] > 0.0 ? v[count - 1] : 1.0;
}

/* what the heatmap and the caption call the matrix */
static const char *
matrix_name (const LescCorrelationFigure *f)
{
  switch (f->which)
    {
    case LESC_CORRELATIONS_FEATURES:
      /* TRANSLATORS: gLESC's correlation matrix of the feature view */
      return _("Z₁ (features view)");
    case LESC_CORRELATIONS_LABELS:
      /* TRANSLATORS: gLESC's correlation matrix of the logical-label view */
      return _("Z₂ (labels view)");
    default:
      return f->graph ? _("graph weights A") : "C";
    }
}

static char *
make_caption (const LescCorrelationFigure *f, const LescCorrelations *c)
{
  GString *s = g_string_new (NULL);
  if (f->which != LESC_CORRELATIONS_RUN)
    /* TRANSLATORS: the caption's start for one of gLESC's views: its name */
    g_string_append_printf (s, _("gLESC's %s from the tensor step; the run used C = (Z₁ + Z₂)/2. "),
                            matrix_name (f));
  if (f->top != NULL)
    {
      const LescSampleWeights *w = f->top;
      if (f->graph)
        /* TRANSLATORS: the correlation figure's caption for GLLE: sample number, how many
         * discs, how many neighbours in all, the sum of their weights */
        g_string_append_printf (s, _("Sample %zd draws on its %zu neighbours in the kNN graph (%zu shown), "
                                     "weights A_ij = exp(−d²/2σ²), Σ = %.3g. "),
                                f->sample + 1, w->nonzero, w->count, w->total);
      else
        /* TRANSLATORS: the correlation figure's caption for LESC/gLESC: sample number, the
         * number of discs, the nonzero weights in all, Σ|C_ij|, the row or column, C_ii */
        g_string_append_printf (s, _("Sample %zd is pulled towards Σ_j C_ij d_j: the %zu largest |C_ij| of its %zu "
                                     "nonzero weights (Σ|C_ij| = %.3g, %s of C; its own C_ii = %.3g). "),
                                f->sample + 1, w->count, w->nonzero, w->total,
                                c->paper ? _("column") : _("row"), w->self);
      g_string_append (s, f->graph ? _("Discs: area ∝ weight. ")
                                   : _("Discs: area ∝ |C_ij|, red positive, blue negative. "));
    }
  else
    g_string_append (s, _("Select a sample to see which samples its recovery draws on. "));
  if (f->heat_subsampled)
    /* TRANSLATORS: the heatmap of a large data set: samples shown, samples in all */
    g_string_append_printf (s, _("Heatmap: %zu of the %zu samples, evenly spaced in the order of their first "
                                 "principal component (C is not formed in full)"),
                            f->heat_n, f->n);
  else
    g_string_append_printf (s, _("Heatmap: the %zu samples in the order of their first principal component"),
                            f->heat_n);
  if (isfinite (c->pc1_explained))
    g_string_append_printf (s, _(" (%.0f %% of the variance)"), 100.0 * c->pc1_explained);
  if (f->graph)
    /* TRANSLATORS: the graph heatmap's scale: 0 to its end */
    g_string_append_printf (s, _("; colours from 0 to %.3g, the 98th percentile of the weights."), f->heat_max);
  else
    g_string_append_printf (s, _("; colours end at ±%.3g, the 98th percentile of |entries|."), f->heat_max);
  return g_string_free (s, FALSE);
}

LescCorrelationFigure *
lesc_correlation_figure_new (const LescCorrelations *c, LescCorrelationsMatrix which, const LescPositions *pos,
                             gssize sample, gsize top, const char *title)
{
  g_return_val_if_fail (pos->xy->rows == c->n, NULL);
  if (which != LESC_CORRELATIONS_RUN && c->views[0] == NULL)
    which = LESC_CORRELATIONS_RUN;
  LescCorrelationFigure *f = g_new0 (LescCorrelationFigure, 1);
  f->xy = lesc_matrix_copy (pos->xy);
  f->grid = pos->grid;
  f->x_label = g_strdup (pos->x_label);
  f->y_label = g_strdup (pos->y_label);
  f->title = g_strdup (title);
  f->graph = c->graph;
  f->n = c->n;
  f->sample = sample >= 0 && (gsize) sample < c->n ? sample : -1;
  f->heat_n = c->heat_n;
  f->heat_order = g_memdup2 (c->heat_order, sizeof (gsize) * c->heat_n);
  f->which = which;
  f->heat = lesc_matrix_copy (which == LESC_CORRELATIONS_RUN ? c->heat
                              : c->view_heat[which == LESC_CORRELATIONS_FEATURES ? 0 : 1]);
  f->heat_subsampled = c->heat_subsampled;
  f->heat_max = heat_scale (f->heat);
  f->heat_row = -1;
  if (f->sample >= 0)
    {
      f->top = lesc_correlations_top_of (c, which, (gsize) f->sample, top);
      for (gsize t = 0; t < f->top->count; t++)
        f->weight_max = MAX (f->weight_max, fabs (f->top->weight[t]));
      for (gsize a = 0; a < f->heat_n; a++)
        if (f->heat_order[a] == (gsize) f->sample)
          f->heat_row = (gssize) a;
    }
  f->caption = make_caption (f, c);
  return f;
}

const char *
lesc_correlation_figure_caption (const LescCorrelationFigure *f)
{
  return f->caption;
}

/* ---- layout ------------------------------------------------------------------------ */

typedef struct {
  double title_h, caption_h;
  LescRect scatter, heat;
  double x_lo, x_hi, y_lo, y_hi;
  double disc;               /* the largest disc's radius */
} Layout;

static PangoLayout *
caption_layout (cairo_t *cr, const LescCorrelationFigure *f, double width)
{
  PangoLayout *l = lesc_text_new (cr, f->caption, CAPTION_FONT, FALSE);
  pango_layout_set_width (l, (int) (MAX (width, 10.0) * PANGO_SCALE));
  pango_layout_set_wrap (l, PANGO_WRAP_WORD_CHAR);
  return l;
}

static void
layout (cairo_t *cr, double w, double h, const LescCorrelationFigure *f, Layout *l)
{
  memset (l, 0, sizeof *l);
  l->title_h = lesc_text_line_height (cr, TITLE_FONT) + 4.0;
  g_autoptr (PangoLayout) cap = caption_layout (cr, f, w - 2 * MARGIN);
  double cw;
  lesc_text_size (cap, &cw, &l->caption_h);
  double label_h = lesc_text_line_height (cr, LABEL_FONT);
  double top = MARGIN + l->title_h + label_h + 2.0;
  double body_h = MAX (h - top - l->caption_h - 2 * MARGIN - label_h - BAR_HEIGHT - 8.0, 20.0);
  double body_w = MAX (w - 2 * MARGIN - GAP, 40.0);
  double side = MIN (body_h, body_w / 2.0);
  double heat_side = MIN (side, MAX (body_w - side, 20.0));
  l->scatter = (LescRect) { MARGIN, top, side, side };
  l->heat = (LescRect) { MARGIN + side + GAP, top, heat_side, heat_side };
  l->x_lo = l->y_lo = G_MAXDOUBLE;
  l->x_hi = l->y_hi = -G_MAXDOUBLE;
  for (gsize i = 0; i < f->xy->rows; i++)
    {
      l->x_lo = MIN (l->x_lo, LESC_AT (f->xy, i, 0));
      l->x_hi = MAX (l->x_hi, LESC_AT (f->xy, i, 0));
      l->y_lo = MIN (l->y_lo, LESC_AT (f->xy, i, 1));
      l->y_hi = MAX (l->y_hi, LESC_AT (f->xy, i, 1));
    }
  double px = 0.04 * MAX (l->x_hi - l->x_lo, 1e-12), py = 0.04 * MAX (l->y_hi - l->y_lo, 1e-12);
  l->x_lo -= px, l->x_hi += px, l->y_lo -= py, l->y_hi += py;
  l->disc = CLAMP (side / 28.0, 3.0, 11.0);
}

static void
place (const Layout *l, const LescCorrelationFigure *f, gsize i, double *x, double *y)
{
  *x = l->scatter.x + (LESC_AT (f->xy, i, 0) - l->x_lo) / (l->x_hi - l->x_lo) * l->scatter.width;
  *y = l->scatter.y + l->scatter.height
       - (LESC_AT (f->xy, i, 1) - l->y_lo) / (l->y_hi - l->y_lo) * l->scatter.height;
}

static void
measure (double w, double h, const LescCorrelationFigure *f, Layout *l)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (s);
  layout (cr, w, h, f, l);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

gboolean
lesc_correlation_figure_point (const LescCorrelationFigure *f, double width, double height, gsize i,
                               double *x, double *y)
{
  if (i >= f->xy->rows)
    return FALSE;
  Layout l;
  measure (width, height, f, &l);
  place (&l, f, i, x, y);
  return TRUE;
}

static gssize
hit (const Layout *l, const LescCorrelationFigure *f, double x, double y, double reach)
{
  gssize best = -1;
  double best_d = reach * reach;
  for (gsize i = 0; i < f->xy->rows; i++)
    {
      double px, py;
      place (l, f, i, &px, &py);
      double d = (px - x) * (px - x) + (py - y) * (py - y);
      if (d <= best_d)
        best_d = d, best = (gssize) i;
    }
  return best;
}

gssize
lesc_correlation_figure_hit (const LescCorrelationFigure *f, double width, double height, double x,
                             double y, double reach)
{
  Layout l;
  measure (width, height, f, &l);
  return hit (&l, f, x, y, reach);
}

gssize
lesc_correlation_figure_hit_in (cairo_t *cr, const LescCorrelationFigure *f, double width, double height,
                                double x, double y, double reach)
{
  Layout l;
  layout (cr, width, height, f, &l);
  return hit (&l, f, x, y, reach);
}

/* ---- painting ------------------------------------------------------------------------ */

/* A weight's colour: the diverging scale for C (blue negative, red positive), the
 * sequential one for the graph. */
static void
weight_color (gboolean graph, double v, double max, double rgb[3])
{
  double t = max > 0.0 ? v / max : 0.0;
  if (graph && v == 0.0)
    {
      /* no edge: the background, so that the sparse graph stands out */
      rgb[0] = rgb[1] = rgb[2] = 0.97;
      return;
    }
  if (graph)
    lesc_palette_color (LESC_PALETTE_VIRIDIS, CLAMP (1.0 - 0.85 * t, 0.0, 1.0), FALSE, rgb);
  else
    lesc_palette_color (LESC_PALETTE_DIVERGING, CLAMP (0.5 + 0.5 * t, 0.0, 1.0), FALSE, rgb);
}

static void
paint_scatter (cairo_t *cr, const Layout *l, const LescCorrelationFigure *f)
{
  const LescRect *r = &l->scatter;
  cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_stroke (cr);
  /* every sample, small and grey */
  double dot = f->xy->rows > 2000 ? 0.8 : 1.6;
  cairo_set_source_rgb (cr, 0.72, 0.72, 0.72);
  for (gsize i = 0; i < f->xy->rows; i++)
    {
      double x, y;
      place (l, f, i, &x, &y);
      cairo_rectangle (cr, x - dot, y - dot, 2 * dot, 2 * dot);
    }
  cairo_fill (cr);
  if (f->sample < 0 || f->top == NULL)
    return;
  double sx, sy;
  place (l, f, (gsize) f->sample, &sx, &sy);
  /* lines first, the weakest first, so that strong ones lie on top */
  for (gsize t = f->top->count; t-- > 0;)
    {
      double x, y, rgb[3];
      place (l, f, f->top->index[t], &x, &y);
      double a = f->weight_max > 0.0 ? fabs (f->top->weight[t]) / f->weight_max : 0.0;
      weight_color (f->graph, f->top->weight[t], f->weight_max, rgb);
      cairo_set_source_rgba (cr, rgb[0] * 0.8, rgb[1] * 0.8, rgb[2] * 0.8, 0.25 + 0.6 * a);
      cairo_set_line_width (cr, 0.6 + 1.6 * a);
      cairo_move_to (cr, sx, sy);
      cairo_line_to (cr, x, y);
      cairo_stroke (cr);
    }
  for (gsize t = f->top->count; t-- > 0;)
    {
      double x, y, rgb[3];
      place (l, f, f->top->index[t], &x, &y);
      double a = f->weight_max > 0.0 ? fabs (f->top->weight[t]) / f->weight_max : 0.0;
      double radius = MAX (l->disc * sqrt (a), 1.5);
      weight_color (f->graph, f->top->weight[t], f->weight_max, rgb);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_set_line_width (cr, 0.7);
      cairo_stroke (cr);
    }
  /* the selected sample: a black ring with a white halo */
  cairo_arc (cr, sx, sy, l->disc + 2.5, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_width (cr, 4.0);
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, 2.0);
  cairo_stroke (cr);
}

static void
paint_heatmap (cairo_t *cr, const Layout *l, const LescCorrelationFigure *f)
{
  const LescRect *r = &l->heat;
  gsize m = f->heat_n;
  if (m == 0)
    return;
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) m, (int) m);
  cairo_surface_flush (img);
  guchar *px = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
  for (gsize a = 0; a < m; a++)
    for (gsize b = 0; b < m; b++)
      {
        double rgb[3];
        weight_color (f->graph, LESC_AT (f->heat, a, b), f->heat_max, rgb);
        guint32 *p = (guint32 *) (px + a * stride) + b;
        *p = (guint32) (rgb[0] * 255.0 + 0.5) << 16 | (guint32) (rgb[1] * 255.0 + 0.5) << 8
             | (guint32) (rgb[2] * 255.0 + 0.5);
      }
  cairo_surface_mark_dirty (img);
  cairo_save (cr);
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_clip (cr);
  cairo_translate (cr, r->x, r->y);
  cairo_scale (cr, r->width / (double) m, r->height / (double) m);
  cairo_set_source_surface (cr, img, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);
  cairo_surface_destroy (img);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_set_line_width (cr, 1.0);
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_stroke (cr);
  if (f->heat_row >= 0)
    {
      /* the selected sample's row, between two marks outside the map */
      double y0 = r->y + (double) f->heat_row * r->height / (double) m;
      double hh = MAX (r->height / (double) m, 1.0);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, 1.5);
      cairo_rectangle (cr, r->x - 1, y0 - 1, r->width + 2, hh + 2);
      cairo_stroke (cr);
      cairo_move_to (cr, r->x - 7, y0 + hh / 2 - 4);
      cairo_line_to (cr, r->x - 2, y0 + hh / 2);
      cairo_line_to (cr, r->x - 7, y0 + hh / 2 + 4);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  /* the scale under the map */
  double by = r->y + r->height + 6.0, bw = r->width * 0.6;
  for (int k = 0; k < 64; k++)
    {
      double rgb[3], v = f->graph ? (double) (k + 1) / 64.0 : -1.0 + 2.0 * (double) k / 63.0;
      weight_color (f->graph, v, 1.0, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_rectangle (cr, r->x + bw * k / 64.0, by, bw / 64.0 + 0.5, BAR_HEIGHT);
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  g_autofree char *lo = f->graph ? g_strdup ("0") : g_strdup_printf ("−%.2g", f->heat_max);
  g_autofree char *hi = g_strdup_printf ("%.2g", f->heat_max);
  g_autoptr (PangoLayout) tl = lesc_text_new (cr, lo, LABEL_FONT, FALSE);
  lesc_text_show (cr, tl, r->x, by + BAR_HEIGHT + 1, 0.0, 0.0, NULL);
  g_autoptr (PangoLayout) th = lesc_text_new (cr, hi, LABEL_FONT, FALSE);
  lesc_text_show (cr, th, r->x + bw, by + BAR_HEIGHT + 1, 1.0, 0.0, NULL);
}

void
lesc_plot_correlations_paint (cairo_t *cr, double width, double height, const LescCorrelationFigure *f)
{
  Layout l;
  layout (cr, width, height, f, &l);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  g_autofree char *title = lesc_text_ellipsize_middle (cr, f->title != NULL ? f->title : "", TITLE_FONT, TRUE,
                                                        width - 2 * MARGIN);
  g_autoptr (PangoLayout) tl = lesc_text_new (cr, title, TITLE_FONT, TRUE);
  lesc_text_show (cr, tl, MARGIN, MARGIN, 0.0, 0.0, NULL);
  /* what each side shows */
  g_autofree char *left = f->sample >= 0
                            /* TRANSLATORS: above the correlation figure's scatter */
                            ? g_strdup_printf (_("Sample %zd and the samples it draws on"), f->sample + 1)
                            : g_strdup (_("Samples (select one)"));
  g_autoptr (PangoLayout) ll = lesc_text_new (cr, left, LABEL_FONT, FALSE);
  lesc_text_show (cr, ll, l.scatter.x, l.scatter.y - 2.0, 0.0, 1.0, NULL);
  /* TRANSLATORS: above the correlation figure's heatmap: C or A, in PC 1 order */
  g_autofree char *right = g_strdup_printf (_("%s, samples in PC 1 order"), matrix_name (f));
  g_autoptr (PangoLayout) rl = lesc_text_new (cr, right, LABEL_FONT, FALSE);
  lesc_text_show (cr, rl, l.heat.x, l.heat.y - 2.0, 0.0, 1.0, NULL);
  g_autofree char *axes = g_strdup_printf ("(%s, %s)", f->x_label, f->y_label);
  g_autoptr (PangoLayout) al = lesc_text_new (cr, axes, LABEL_FONT, FALSE);
  lesc_text_show (cr, al, l.scatter.x, l.scatter.y + l.scatter.height + 2.0, 0.0, 0.0, NULL);
  paint_scatter (cr, &l, f);
  paint_heatmap (cr, &l, f);
  cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
  g_autoptr (PangoLayout) cap = caption_layout (cr, f, width - 2 * MARGIN);
  lesc_text_show (cr, cap, MARGIN, height - MARGIN - l.caption_h, 0.0, 0.0, NULL);
}

char *
lesc_correlation_figure_to_csv (const LescCorrelationFigure *f)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "# %s\n# %s\n", f->title != NULL ? f->title : "", f->caption);
  g_string_append (s, "sample,draws_on,weight\n");
  for (gsize t = 0; f->top != NULL && t < f->top->count; t++)
    {
      g_string_append_printf (s, "%zd,%zu,", f->sample + 1, f->top->index[t] + 1);
      lesc_format_append (s, f->top->weight[t], LESC_FORMAT_CSV, "%.17g");
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
