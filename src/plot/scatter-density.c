/* Points binned into a mean-colour image (scatter-density.h; docs/figures.md §2, "Large
 * data"). */
#include "config.h"
#include "plot/scatter-density.h"

#include <math.h>
#include <string.h>

void
lesc_scatter_bins_free (LescScatterBins *b)
{
  if (b == NULL)
    return;
  g_free (b->count);
  g_free (b->mean);
  g_free (b);
}

/* The bin of value v on an axis of `bins` bins over [lo, hi]; the clamp catches the far
 * edge and rounding (the figure leaves a margin around its data). */
static guint
bin_of (double v, double lo, double hi, guint bins)
{
  double f = (v - lo) / (hi - lo) * bins;
  if (!(f >= 0.0))
    return 0;
  return f >= bins ? bins - 1 : (guint) f;
}

LescScatterBins *
lesc_scatter_bins_new (const LescMatrix *xy, const double range[4], const LescMatrix *values, int column,
                       guint w, guint h)
{
  g_return_val_if_fail (w > 0 && h > 0 && values->rows == xy->rows, NULL);
  g_return_val_if_fail (column < 0 ? values->cols >= 3 : (gsize) column < values->cols, NULL);
  LescScatterBins *b = g_new0 (LescScatterBins, 1);
  b->w = w;
  b->h = h;
  b->k = column < 0 ? 3 : 1;
  b->count = g_new0 (guint32, (gsize) w * h);
  b->mean = g_new0 (double, (gsize) w * h * b->k);
  gsize n = xy->rows;
  for (gsize i = 0; i < n; i++)
    {
      guint x = bin_of (LESC_AT (xy, i, 0), range[0], range[1], w);
      guint y = h - 1 - bin_of (LESC_AT (xy, i, 1), range[2], range[3], h);   /* y up in the data */
      gsize at = (gsize) y * w + x;
      b->count[at]++;
      for (guint j = 0; j < b->k; j++)
        b->mean[at * b->k + j] += LESC_AT (values, i, column < 0 ? (gsize) j : (gsize) column);
    }
  for (gsize at = 0; at < (gsize) w * h; at++)
    {
      b->max_count = MAX (b->max_count, b->count[at]);
      if (b->count[at] > 0)
        for (guint j = 0; j < b->k; j++)
          b->mean[at * b->k + j] /= b->count[at];
    }
  b->n_points = n;
  return b;
}

double
lesc_scatter_bins_alpha (guint32 count, guint32 max_count)
{
  if (count == 0)
    return 0.0;
  /* a lone point stays visible, the densest bins opaque; log: densities span decades */
  return max_count <= 1 ? 1.0 : 0.3 + 0.7 * log1p ((double) count) / log1p ((double) max_count);
}

gboolean
lesc_scatter_bins_color (const LescScatterBins *b, LescScatterBinColor color, gconstpointer data, guint x,
                         guint y, double rgb[3], double *alpha)
{
  g_return_val_if_fail (x < b->w && y < b->h, FALSE);
  gsize at = (gsize) y * b->w + x;
  *alpha = lesc_scatter_bins_alpha (b->count[at], b->max_count);
  if (b->count[at] == 0)
    {
      rgb[0] = rgb[1] = rgb[2] = 0.0;
      return FALSE;
    }
  if (b->k == 3)
    memcpy (rgb, b->mean + at * 3, 3 * sizeof (double));
  else
    color (b->mean[at], data, rgb);
  return TRUE;
}

cairo_surface_t *
lesc_scatter_bins_image (const LescScatterBins *b, LescScatterBinColor color, gconstpointer data)
{
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) b->w, (int) b->h);
  guint32 *px = (guint32 *) cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img) / 4;
  for (guint y = 0; y < b->h; y++)
    for (guint x = 0; x < b->w; x++)
      {
        double rgb[3], a;
        guint32 v = 0;
        if (lesc_scatter_bins_color (b, color, data, x, y, rgb, &a))
          {
            /* premultiplied: each channel times the opacity */
            v = (guint32) lround (a * 255) << 24;
            for (int j = 0; j < 3; j++)
              v |= (guint32) lround (CLAMP (rgb[j], 0.0, 1.0) * a * 255) << (16 - 8 * j);
          }
        px[(gsize) y * stride + x] = v;
      }
  cairo_surface_mark_dirty (img);
  return img;
}

void
lesc_scatter_bins_paint (cairo_t *cr, const LescScatterBins *b, LescScatterBinColor color, gconstpointer data,
                         const LescRect *r)
{
  cairo_surface_t *img = lesc_scatter_bins_image (b, color, data);
  cairo_save (cr);
  cairo_translate (cr, r->x, r->y);
  cairo_scale (cr, r->width / b->w, r->height / b->h);
  cairo_set_source_surface (cr, img, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, b->w, b->h);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (img);
}

void
lesc_scatter_bins_size (cairo_t *cr, const LescRect *plot, guint *w, guint *h)
{
  double dx = plot->width, dy = plot->height;
  cairo_user_to_device_distance (cr, &dx, &dy);
  *w = (guint) CLAMP (ceil (fabs (dx) - 1e-6), 1.0, (double) LESC_SCATTER_MAX_BINS);
  *h = (guint) CLAMP (ceil (fabs (dy) - 1e-6), 1.0, (double) LESC_SCATTER_MAX_BINS);
}
