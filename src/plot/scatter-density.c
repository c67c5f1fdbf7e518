/* Dense scatters as binned images (scatter-density.h; docs/figures.md §2, "Large data"). */
#include "config.h"
#include "plot/scatter-density.h"
#include "plot/scatter-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

gboolean
lesc_scatter_is_binned (const LescScatterModel *m)
{
  return m != NULL && m->xy->rows > LESC_SCATTER_BIN_THRESHOLD && !m->grid;
}

void
lesc_scatter_bins_free (LescScatterBins *b)
{
  if (b == NULL)
    return;
  g_free (b->count);
  g_free (b->mean);
  g_free (b);
}

/* The bin of a data value on an axis of `bins` bins over [lo, hi]; the layout leaves a
 * margin around the data, the clamp only catches rounding at the ends. */
static guint
bin_of (double v, double lo, double hi, guint bins)
{
  double f = (v - lo) / (hi - lo) * bins;
  if (!(f >= 0.0))
    return 0;
  return f >= bins ? bins - 1 : (guint) f;
}

LescScatterBins *
lesc_scatter_bins_new (const LescScatterModel *m, const LescScatterLayout *l, guint panel, int label,
                       guint w, guint h)
{
  g_return_val_if_fail (panel < m->n_panels && w > 0 && h > 0, NULL);
  const LescScatterPanel *p = &m->panels[panel];
  LescScatterBins *b = g_new0 (LescScatterBins, 1);
  b->w = w;
  b->h = h;
  b->label = label;
  b->k = label < 0 ? 3 : 1;
  b->count = g_new0 (guint32, (gsize) w * h);
  b->mean = g_new0 (double, (gsize) w * h * b->k);
  gsize n = m->xy->rows;
  for (gsize i = 0; i < n; i++)
    {
      guint x = bin_of (LESC_AT (m->xy, i, 0), l->x_lo, l->x_hi, w);
      /* y up in the data, down in the image */
      guint y = h - 1 - bin_of (LESC_AT (m->xy, i, 1), l->y_lo, l->y_hi, h);
      gsize at = (gsize) y * w + x;
      b->count[at]++;
      if (label < 0)
        for (guint j = 0; j < 3; j++)
          b->mean[at * 3 + j] += LESC_AT (p->colors, i, j);
      else
        b->mean[at] += LESC_AT (p->values, i, label);
    }
  for (gsize at = 0; at < (gsize) w * h; at++)
    {
      b->max_count = MAX (b->max_count, b->count[at]);
      if (b->count[at] > 0)
        for (guint j = 0; j < b->k; j++)
          b->mean[at * b->k + j] /= b->count[at];
    }
  b->n_samples = n;
  return b;
}

double
lesc_scatter_bins_alpha (guint32 count, guint32 max_count)
{
  if (count == 0)
    return 0.0;
  /* a lone sample stays visible, the densest bins opaque; log: densities span decades */
  return max_count <= 1 ? 1.0 : 0.3 + 0.7 * log1p ((double) count) / log1p ((double) max_count);
}

gboolean
lesc_scatter_bins_color (const LescScatterBins *b, const LescScatterModel *m, guint x, guint y, double rgb[3],
                         double *alpha)
{
  g_return_val_if_fail (x < b->w && y < b->h, FALSE);
  gsize at = (gsize) y * b->w + x;
  *alpha = lesc_scatter_bins_alpha (b->count[at], b->max_count);
  if (b->count[at] == 0)
    {
      rgb[0] = rgb[1] = rgb[2] = 0.0;
      return FALSE;
    }
  if (b->label < 0)
    for (guint j = 0; j < 3; j++)
      rgb[j] = b->mean[at * 3 + j];
  else
    lesc_scatter_model_value_color (m, b->label, b->mean[at], rgb);
  return TRUE;
}

cairo_surface_t *
lesc_scatter_bins_image (const LescScatterBins *b, const LescScatterModel *m)
{
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) b->w, (int) b->h);
  guint32 *px = (guint32 *) cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img) / 4;
  for (guint y = 0; y < b->h; y++)
    for (guint x = 0; x < b->w; x++)
      {
        double rgb[3], a;
        guint32 v = 0;
        if (lesc_scatter_bins_color (b, m, x, y, rgb, &a))
          {
            /* premultiplied: each channel times the opacity */
            guint32 ch[4];
            ch[0] = (guint32) lround (a * 255);
            for (int j = 0; j < 3; j++)
              ch[j + 1] = (guint32) lround (CLAMP (rgb[j], 0.0, 1.0) * a * 255);
            v = ch[0] << 24 | ch[1] << 16 | ch[2] << 8 | ch[3];
          }
        px[(gsize) y * stride + x] = v;
      }
  cairo_surface_mark_dirty (img);
  return img;
}

void
lesc_scatter_bins_size (cairo_t *cr, const LescRect *plot, guint *w, guint *h)
{
  double dx = plot->width, dy = plot->height;
  cairo_user_to_device_distance (cr, &dx, &dy);
  *w = (guint) CLAMP (ceil (fabs (dx) - 1e-6), 1.0, (double) LESC_SCATTER_MAX_BINS);
  *h = (guint) CLAMP (ceil (fabs (dy) - 1e-6), 1.0, (double) LESC_SCATTER_MAX_BINS);
}

void
lesc_scatter_paint_binned (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel,
                           int label, guint plot)
{
  const LescRect *r = &l->plots[plot];
  guint w, h;
  lesc_scatter_bins_size (cr, r, &w, &h);
  g_autoptr (LescScatterBins) b = lesc_scatter_bins_new (m, l, panel, label, w, h);
  cairo_surface_t *img = lesc_scatter_bins_image (b, m);
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

char *
lesc_scatter_binned_words (const LescScatterModel *m, guint w, guint h)
{
  gboolean rgb = m->options.style == LESC_SCATTER_RGB;
  const char *what = rgb ? _("the mean colour of its samples") : _("the colour of its samples' mean degree");
  if (w == 0)
    /* TRANSLATORS: caption of a dense scatter drawn as an image: the number of samples, then
     * what a bin's colour is */
    return g_strdup_printf (_(" Binned: %zu samples, a bin per pixel, each bin %s, more opaque the more samples it holds."),
                            m->xy->rows, what);
  /* TRANSLATORS: caption of a dense scatter drawn as an image: the number of samples, the
   * bins across and down, then what a bin's colour is */
  return g_strdup_printf (_(" Binned: %zu samples in %u×%u bins, each bin %s, more opaque the more samples it holds."),
                          m->xy->rows, w, h, what);
}
