/* Painting a figure onto a PNG, SVG or PDF file: the same painter the window uses. */
#pragma once
#include <cairo.h>
#include <glib.h>
#include "plot/text.h"

G_BEGIN_DECLS

/* Every figure's painter has this shape (the model is the figure's own struct). */
typedef void (*LescPaintFunc) (cairo_t *cr, double width, double height, const void *model);

typedef enum {
  LESC_PLOT_FORMAT_PNG,
  LESC_PLOT_FORMAT_SVG,
  LESC_PLOT_FORMAT_PDF,
} LescPlotFormat;

/* The format named by the file's extension (.png, .svg, .pdf, any case). */
gboolean lesc_plot_format_from_path (const char *path, LescPlotFormat *format, GError **error);

/* PNG pixel size of a width×height-point figure at `dpi`. */
void lesc_plot_png_size (double width, double height, double dpi, int *px_width, int *px_height);

/* Paint `model` with `paint` into `path` (width × height points; PNG at `dpi`), written
 * by lesc_output_write (atomically for a file: no partial file on error). */
gboolean lesc_plot_export (const char *path, double width, double height, double dpi,
                           LescPaintFunc paint, const void *model, GError **error);
/* The same in a given format, whatever the path's extension ("-": standard output). */
gboolean lesc_plot_export_as (const char *path, LescPlotFormat format, double width,
                              double height, double dpi, LescPaintFunc paint, const void *model,
                              GError **error);

/* lesc_plot_render_image in `style` (NULL: plain): a width × height-point image, whose
 * painter sees width/scale × height/scale points. */
cairo_surface_t *lesc_plot_render_image_style (double width, double height, double dpi,
                                               const LescPlotStyle *style, LescPaintFunc paint,
                                               const void *model);

/* The PNG as an image surface, for callers that inspect pixels (tests) or copy it. */
cairo_surface_t *lesc_plot_render_image (double width, double height, double dpi,
                                         LescPaintFunc paint, const void *model);
/* The same with the figure's text taken out into `capture` (plot/text.h) instead of
 * painted; NULL: painted. */
cairo_surface_t *lesc_plot_render_image_text (double width, double height, double dpi,
                                              LescPaintFunc paint, const void *model,
                                              LescTextCapture *capture);

G_END_DECLS
