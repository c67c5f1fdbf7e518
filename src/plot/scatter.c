/* Painting the Distributions figure: grid cells or dots in each plot, the panels' text, the
 * colour bars and the caption, at the places scatter-layout.c found. */
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

static guint32
pack_rgb (const double rgb[3])
{
  guint32 r = (guint32) lround (CLAMP (rgb[0], 0, 1) * 255), g = (guint32) lround (CLAMP (rgb[1], 0, 1) * 255),
          b = (guint32) lround (CLAMP (rgb[2], 0, 1) * 255);
  return 0xff000000u | r << 16 | g << 8 | b;
}

/* Grid cells as one image (nearest-neighbour scaling: no seams between cells in any
 * viewer); vector targets get it upsampled so that viewers that smooth stay crisp. */
static void
paint_cells (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel, int label,
             const LescRect *r)
{
  guint f = lesc_plot_target_is_raster (cr) ? 1 : MAX (1u, MIN (16u, 480u / MAX (l->nx, l->ny)));
  int w = (int) (l->nx * f), h = (int) (l->ny * f);
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  guint32 *px = (guint32 *) cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img) / 4;
  memset (px, 0, (gsize) stride * h * 4);
  for (gsize i = 0; i < m->xy->rows; i++)
    {
      long ix = l->nx > 1 ? lround ((LESC_AT (m->xy, i, 0) - l->x_min) / l->x_step) : 0;
      long iy = l->ny > 1 ? lround ((LESC_AT (m->xy, i, 1) - l->y_min) / l->y_step) : 0;
      if (ix < 0 || iy < 0 || ix >= (long) l->nx || iy >= (long) l->ny)
        continue;
      double rgb[3];
      lesc_scatter_model_sample_color (m, panel, label, i, rgb);
      guint32 v = pack_rgb (rgb);
      long row0 = ((long) l->ny - 1 - iy) * f, col0 = ix * f;
      for (guint a = 0; a < f; a++)
        for (guint b = 0; b < f; b++)
          px[(row0 + a) * stride + col0 + b] = v;
    }
  cairo_surface_mark_dirty (img);
  cairo_save (cr);
  cairo_translate (cr, r->x, r->y);
  cairo_scale (cr, r->width / w, r->height / h);
  cairo_set_source_surface (cr, img, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (img);
}

/* ---- binned (docs/figures.md §2, "Large data") ---- */

typedef struct {
  const LescScatterModel *m;
  int label;
} HeatColor;

static void
heat_color (double mean, gconstpointer data, double rgb[3])
{
  const HeatColor *h = data;
  lesc_scatter_model_value_color (h->m, h->label, mean, rgb);
}

LescScatterBins *
lesc_scatter_model_bins (const LescScatterModel *m, const LescScatterLayout *l, guint panel, int label, guint w,
                         guint h)
{
  g_return_val_if_fail (panel < m->n_panels, NULL);
  const LescScatterPanel *p = &m->panels[panel];
  const double range[4] = { l->x_lo, l->x_hi, l->y_lo, l->y_hi };
  return lesc_scatter_bins_new (m->xy, range, label < 0 ? p->colors : p->values, label, w, h);
}

gboolean
lesc_scatter_model_bin_color (const LescScatterModel *m, int label, const LescScatterBins *b, guint x, guint y,
                              double rgb[3], double *alpha)
{
  HeatColor h = { m, label };
  return lesc_scatter_bins_color (b, heat_color, &h, x, y, rgb, alpha);
}

cairo_surface_t *
lesc_scatter_model_bins_image (const LescScatterModel *m, int label, const LescScatterBins *b)
{
  HeatColor h = { m, label };
  return lesc_scatter_bins_image (b, heat_color, &h);
}

void
lesc_scatter_paint_binned (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel,
                           int label, guint plot)
{
  const LescRect *r = &l->plots[plot];
  guint w, h;
  lesc_scatter_bins_size (cr, r, &w, &h);
  g_autoptr (LescScatterBins) b = lesc_scatter_model_bins (m, l, panel, label, w, h);
  HeatColor hc = { m, label };
  lesc_scatter_bins_paint (cr, b, heat_color, &hc, r);
}

static double
dot_radius (const LescScatterModel *m, const LescRect *r)
{
  return CLAMP (0.3 * r->width / sqrt ((double) m->xy->rows), 0.6, 2.5);
}

static void
paint_dots (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel, int label,
            guint plot)
{
  const LescRect *r = &l->plots[plot];
  double radius = dot_radius (m, r);
  for (gsize i = 0; i < m->xy->rows; i++)
    {
      double x, y, rgb[3];
      lesc_scatter_layout_point (l, m, plot, i, &x, &y);
      lesc_scatter_model_sample_color (m, panel, label, i, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* The chosen sample: a dark ring with a white halo, visible on any colour. */
static void
paint_highlight (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint plot)
{
  if (m->highlight < 0 || (gsize) m->highlight >= m->xy->rows)
    return;
  double x, y;
  lesc_scatter_layout_point (l, m, plot, (gsize) m->highlight, &x, &y);
  double r = MAX (4.0, 2.5 * (l->nx > 0 ? MAX (l->cell_w, 1.0) : dot_radius (m, &l->plots[plot])));
  cairo_set_line_width (cr, 2.5);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 1.2);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static void
paint_plot (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel, int label,
            guint plot)
{
  const LescRect *r = &l->plots[plot];
  if (l->nx > 0)
    paint_cells (cr, l, m, panel, label, r);
  else if (lesc_scatter_is_binned (m))
    lesc_scatter_paint_binned (cr, l, m, panel, label, plot);
  else
    paint_dots (cr, l, m, panel, label, plot);
  cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  cairo_set_line_width (cr, 0.5);
  cairo_rectangle (cr, r->x - 0.25, r->y - 0.25, r->width + 0.5, r->height + 0.5);
  cairo_stroke (cr);
  paint_highlight (cr, l, m, plot);
}

/* Name (bold), the settings under it, and the measures in columns, from (x, y); centred
 * in `w` when `centre`. */
static void
paint_panel_text (cairo_t *cr, const LescScatterModel *m, const LescScatterLayout *l, guint p,
                  double x, double y, double w, gboolean centre, guint per_line_max)
{
  const LescScatterPanel *panel = &m->panels[p];
  cairo_set_source_rgb (cr, 0, 0, 0);
  g_autofree char *name = lesc_text_ellipsize_middle (cr, panel->name, NAME_FONT, TRUE, w);
  PangoLayout *t = lesc_text_new (cr, name, NAME_FONT, TRUE);
  LescRect box;
  lesc_text_show (cr, t, centre ? x + w / 2 : x, y, centre ? 0.5 : 0.0, 0.0, &box);
  g_object_unref (t);
  double below = box.y + box.height;
  guint sub_lines = lesc_scatter_subtitle_lines (m);
  if (panel->subtitle != NULL && panel->subtitle[0] != '\0')
    {
      g_auto (GStrv) lines = g_strsplit (panel->subtitle, "\n", -1);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *sub = lesc_text_ellipsize_middle (cr, lines[i], SUBTITLE_FONT, FALSE, w);
          PangoLayout *st = lesc_text_new (cr, sub, SUBTITLE_FONT, FALSE);
          lesc_text_show (cr, st, centre ? x + w / 2 : x,
                          below + i * lesc_text_line_height (cr, SUBTITLE_FONT),
                          centre ? 0.5 : 0.0, 0.0, NULL);
          g_object_unref (st);
        }
    }
  below += sub_lines * lesc_text_line_height (cr, SUBTITLE_FONT);
  if (!panel->has_measures)
    return;
  double f = l->font, gap = 1.3 * f;
  double cw = lesc_scatter_measure_width (cr, m, f);
  guint per = 1;
  for (guint k = MIN (3u, per_line_max); k >= 1; k--)
    if (k * cw + (k - 1) * gap <= w || k == 1)
      {
        per = k;
        break;
      }
  double line = lesc_text_line_height (cr, f);
  double block = per * cw + (per - 1) * gap;
  double left = centre ? x + (w - block) / 2 : x;
  for (guint k = 0; k < LESC_N_MEASURES; k++)
    {
      double cx = left + (k % per) * (cw + gap), cy = below + 1.0 + (k / per) * line;
      PangoLayout *kt = lesc_text_new (cr, _(lesc_scatter_measure_names[k]), f, FALSE);
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      lesc_text_show (cr, kt, cx, cy, 0, 0, NULL);
      g_object_unref (kt);
      g_autofree char *s = lesc_scatter_measure_value (panel, k);
      PangoLayout *vt = lesc_text_new (cr, s, f, FALSE);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      lesc_text_show (cr, vt, cx + cw, cy, 1.0, 0.0, NULL);
      g_object_unref (vt);
    }
}

static void
show_tick (cairo_t *cr, double value, double x, double y, double ax, double ay)
{
  g_autofree char *s = g_strdup_printf ("%.3g", value);
  PangoLayout *tl = lesc_text_new (cr, s, MEASURE_FONT, FALSE);
  lesc_text_show (cr, tl, x, y, ax, ay, NULL);
  g_object_unref (tl);
}

/* The shared scale: a vertical bar on the right with five ticks. */
static void
paint_heat_bar (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m)
{
  const LescRect *b = &l->colorbar;
  lesc_palette_paint_bar (cr, lesc_scatter_heat_palette (m), FALSE, b->x, b->y, b->width, b->height);
  double lo = m->lo[0], hi = m->hi[0];
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint t = 0; t < 5; t++)
    {
      double v = lo + (hi - lo) * t / 4.0, y = b->y + b->height * (1.0 - t / 4.0);
      cairo_move_to (cr, b->x + b->width, y);
      cairo_line_to (cr, b->x + b->width + 3.0, y);
      cairo_stroke (cr);
      show_tick (cr, v, b->x + b->width + 5.0, y, 0.0, 0.5);
    }
}

/* A horizontal colour bar (the palette from left to right). */
static void
paint_horizontal_bar (cairo_t *cr, LescPalette palette, const LescRect *b)
{
  cairo_save (cr);
  cairo_translate (cr, b->x + b->width, b->y);
  cairo_rotate (cr, G_PI / 2);   /* the bar's bottom (the low end) to the left */
  lesc_palette_paint_bar (cr, palette, FALSE, 0, 0, b->height, b->width);
  cairo_restore (cr);
}

/* Per-label scales: a bar under each column with its two ends (and 1/c in the middle of a
 * deviation bar); where the two ends do not fit side by side (narrow plots) the upper end
 * goes on a second line. Returns the number of lines of ends. */
static guint
paint_label_bars (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m)
{
  gsize c = m->panels[0].values->cols;
  gboolean dev = m->options.scale == LESC_SCATTER_SCALE_DEVIATION;
  double centre = dev ? 1.0 / (double) c : 0.0;
  double line = lesc_text_line_height (cr, MEASURE_FONT);
  guint lines = 1;
  for (gsize k = 0; k < c; k++)
    {
      const LescRect *b = &l->label_bars[k];
      g_autofree char *lo = g_strdup_printf ("%.3g", m->lo[k] + centre);
      g_autofree char *hi = g_strdup_printf ("%.3g", m->hi[k] + centre);
      gboolean apart = lesc_text_width (cr, lo, MEASURE_FONT, FALSE) + lesc_text_width (cr, hi, MEASURE_FONT, FALSE)
                       + 4.0 <= b->width;
      lines = MAX (lines, apart ? 1u : 2u);
      paint_horizontal_bar (cr, lesc_scatter_heat_palette (m), b);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      show_tick (cr, m->lo[k] + centre, b->x, b->y + b->height + 1.0, 0.0, 0.0);
      show_tick (cr, m->hi[k] + centre, b->x + b->width, b->y + b->height + 1.0 + (apart ? 0.0 : line), 1.0, 0.0);
    }
  return lines;
}

void
lesc_plot_scatter_paint (cairo_t *cr, double width, double height, const LescScatterModel *m)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (m == NULL || m->n_panels == 0)
    {
      cairo_restore (cr);
      return;
    }
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, width, height, m);
  gboolean heat = m->options.style == LESC_SCATTER_HEATMAPS;
  guint c = (guint) m->panels[0].values->cols;
  gboolean rows_of_labels = heat && c > 1;
  double bottom = 0.0;
  for (guint p = 0; p < m->n_panels; p++)
    {
      const LescRect *nb = &l->name_boxes[p];
      if (!rows_of_labels)
        {
          paint_plot (cr, l, m, p, heat ? 0 : -1, p);
          paint_panel_text (cr, m, l, p, nb->x, nb->y, nb->width, TRUE, 3);
          bottom = MAX (bottom, nb->y + nb->height);
        }
      else
        {
          for (guint k = 0; k < c; k++)
            paint_plot (cr, l, m, p, (int) k, p * c + k);
          paint_panel_text (cr, m, l, p, nb->x, nb->y, nb->width, FALSE, 2);
          bottom = MAX (bottom, nb->y + nb->height);
        }
      if (m->panels[p].dimmed)
        {
          /* an outdated result: faded until its rerun replaces it */
          const LescRect *pb = &l->panel_boxes[p];
          cairo_set_source_rgba (cr, 1, 1, 1, 0.6);
          cairo_rectangle (cr, pb->x - 2, pb->y - 2, pb->width + 4, pb->height + 4);
          cairo_fill (cr);
        }
    }
  if (rows_of_labels)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      for (guint k = 0; k < c; k++)
        {
          const LescRect *r = &l->plots[k];
          g_autofree char *s = m->label_names ? g_strdup (m->label_names[k]) : g_strdup_printf (_("label %u"), k + 1);
          g_autofree char *fit = lesc_text_ellipsize_middle (cr, s, NAME_FONT, FALSE, r->width + 4.0);
          PangoLayout *t = lesc_text_new (cr, fit, NAME_FONT, FALSE);
          lesc_text_show (cr, t, r->x + r->width / 2, r->y - 3.0, 0.5, 1.0, NULL);
          g_object_unref (t);
        }
      if (lesc_scatter_per_label_bars (m))
        {
          guint lines = paint_label_bars (cr, l, m);
          bottom = MAX (bottom, l->label_bars[0].y + l->label_bars[0].height + lines * lesc_text_line_height (cr, MEASURE_FONT));
        }
      else
        {
          paint_heat_bar (cr, l, m);
          bottom = MAX (bottom, l->colorbar.y + l->colorbar.height);
        }
    }
  else if (heat)
    paint_heat_bar (cr, l, m);
  PangoLayout *t = lesc_scatter_caption_layout (cr, m, l, width);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  lesc_text_show (cr, t, MARGIN, MIN (bottom + 6.0, height - MARGIN - lesc_scatter_caption_height (cr, m, l, width)), 0, 0, NULL);
  g_object_unref (t);
  cairo_restore (cr);
}
