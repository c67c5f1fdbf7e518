/* Cairo contexts for the plot tests. */
#pragma once
#include <cairo.h>

#include "plot/export.h"

/* A context like the PNG export's: an image surface of the PNG size, scaled dpi/72. */
static inline cairo_t *
lesc_test_png_context (double width, double height, double dpi)
{
  int pw, ph;
  lesc_plot_png_size (width, height, dpi, &pw, &ph);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_t *cr = cairo_create (s);
  cairo_surface_destroy (s);
  cairo_scale (cr, dpi / 72.0, dpi / 72.0);
  return cr;
}
