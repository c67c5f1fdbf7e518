#include "plot/palette.h"

#include <math.h>
#include <string.h>

static const char *const keys[] = { "viridis", "cividis", "gray", "diverging" };

/* ColorBrewer RdBu (5 classes), blue at 0 to red at 1. */
static const double diverging[5][3] = {
  { 0x21 / 255.0, 0x66 / 255.0, 0xac / 255.0 },
  { 0x92 / 255.0, 0xc5 / 255.0, 0xde / 255.0 },
  { 0xf7 / 255.0, 0xf7 / 255.0, 0xf7 / 255.0 },
  { 0xf4 / 255.0, 0xa5 / 255.0, 0x82 / 255.0 },
  { 0xb2 / 255.0, 0x18 / 255.0, 0x2b / 255.0 },
};

const char *
lesc_palette_key (LescPalette p)
{
  return (guint) p < G_N_ELEMENTS (keys) ? keys[p] : "viridis";
}

gboolean
lesc_palette_from_string (const char *s, LescPalette *out)
{
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (g_ascii_strcasecmp (s, keys[i]) == 0)
      {
        *out = (LescPalette) i;
        return TRUE;
      }
  if (g_ascii_strcasecmp (s, "grey") == 0 || g_ascii_strcasecmp (s, "grayscale") == 0)
    {
      *out = LESC_PALETTE_GRAY;
      return TRUE;
    }
  return FALSE;
}

guint
lesc_palette_index (double v)
{
  if (!(v > 0.0))
    return 0;
  if (v >= 1.0)
    return 255;
  return MIN (255u, (guint) floor (v * 256.0));
}

void
lesc_palette_color (LescPalette p, double v, gboolean reverse, double rgb[3])
{
  v = isnan (v) ? 0.0 : CLAMP (v, 0.0, 1.0);
  if (reverse)
    v = 1.0 - v;
  if (p == LESC_PALETTE_GRAY)
    {
      rgb[0] = rgb[1] = rgb[2] = v;
      return;
    }
  if (p == LESC_PALETTE_DIVERGING)
    {
      double x = v * 4.0;
      int k = MIN (3, (int) floor (x));
      double f = x - k;
      for (int c = 0; c < 3; c++)
        rgb[c] = (1.0 - f) * diverging[k][c] + f * diverging[k + 1][c];
      return;
    }
  const double (*table)[3] = p == LESC_PALETTE_CIVIDIS ? lesc_palette_cividis : lesc_palette_viridis;
  memcpy (rgb, table[lesc_palette_index (v)], 3 * sizeof (double));
}

static double
linearise (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

double
lesc_relative_luminance (const double rgb[3])
{
  return 0.2126 * linearise (rgb[0]) + 0.7152 * linearise (rgb[1]) + 0.0722 * linearise (rgb[2]);
}

gboolean
lesc_text_black_on (const double rgb[3])
{
  return lesc_relative_luminance (rgb) > 0.179;
}

void
lesc_palette_paint_bar (cairo_t *cr, LescPalette p, gboolean reverse, double x, double y,
                        double w, double h)
{
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 256);
  guint32 *px = (guint32 *) cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img) / 4;
  for (int e = 0; e < 256; e++)
    {
      double rgb[3];
      lesc_palette_color (p, (e + 0.5) / 256.0, reverse, rgb);
      guint32 r = (guint32) lround (rgb[0] * 255), g = (guint32) lround (rgb[1] * 255),
              b = (guint32) lround (rgb[2] * 255);
      px[(255 - e) * stride] = 0xff000000u | r << 16 | g << 8 | b;
    }
  cairo_surface_mark_dirty (img);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, w, h / 256.0);
  cairo_set_source_surface (cr, img, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, 1, 256);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (img);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 0.6);
  cairo_rectangle (cr, x, y, w, h);
  cairo_stroke (cr);
}
