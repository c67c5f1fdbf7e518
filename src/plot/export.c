#include "plot/export.h"
#include "core/base/error.h"
#include "core/base/output.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

gboolean
lesc_plot_format_from_path (const char *path, LescPlotFormat *format, GError **error)
{
  const char *dot = strrchr (path, '.');
  if (dot != NULL && g_ascii_strcasecmp (dot, ".png") == 0)
    *format = LESC_PLOT_FORMAT_PNG;
  else if (dot != NULL && g_ascii_strcasecmp (dot, ".svg") == 0)
    *format = LESC_PLOT_FORMAT_SVG;
  else if (dot != NULL && g_ascii_strcasecmp (dot, ".pdf") == 0)
    *format = LESC_PLOT_FORMAT_PDF;
  else
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: unknown figure type, expected a .png, .svg or .pdf file name", path);
      return FALSE;
    }
  return TRUE;
}

void
lesc_plot_png_size (double width, double height, double dpi, int *px_width, int *px_height)
{
  *px_width = MAX (1, (int) ceil (width * dpi / 72.0 - 1e-9));
  *px_height = MAX (1, (int) ceil (height * dpi / 72.0 - 1e-9));
}

/* The image of `paint` in `style` (NULL: plain) with its text into `capture` (NULL:
 * painted). */
static cairo_surface_t *
render_image (double width, double height, double dpi, const LescPlotStyle *style,
              LescPaintFunc paint, const void *model, LescTextCapture *capture)
{
  double s = style != NULL && style->scale > 0 ? style->scale : 1.0;
  int pw, ph;
  lesc_plot_png_size (width, height, dpi, &pw, &ph);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_t *cr = cairo_create (surface);
  cairo_scale (cr, s * dpi / 72.0, s * dpi / 72.0);
  if (style != NULL)
    lesc_plot_style_attach (cr, style);
  if (capture != NULL)
    lesc_text_capture_attach (cr, capture, FALSE);
  paint (cr, width / s, height / s, model);
  if (capture != NULL)
    lesc_text_capture_attach (cr, NULL, FALSE);
  cairo_status_t st = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (st != CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_destroy (surface);
      return cairo_image_surface_create (CAIRO_FORMAT_INVALID, 0, 0);
    }
  return surface;
}

cairo_surface_t *
lesc_plot_render_image_style (double width, double height, double dpi, const LescPlotStyle *style,
                              LescPaintFunc paint, const void *model)
{
  return render_image (width, height, dpi, style, paint, model, NULL);
}

cairo_surface_t *
lesc_plot_render_image (double width, double height, double dpi, LescPaintFunc paint,
                        const void *model)
{
  return render_image (width, height, dpi, NULL, paint, model, NULL);
}

cairo_surface_t *
lesc_plot_render_image_text (double width, double height, double dpi, LescPaintFunc paint,
                             const void *model, LescTextCapture *capture)
{
  return render_image (width, height, dpi, NULL, paint, model, capture);
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append ((GByteArray *) closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
check (cairo_status_t st, const char *path, GError **error)
{
  if (st == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: drawing failed: %s", path,
               cairo_status_to_string (st));
  return FALSE;
}

gboolean
lesc_plot_export (const char *path, double width, double height, double dpi, LescPaintFunc paint,
                  const void *model, GError **error)
{
  LescPlotFormat format;
  return lesc_plot_format_from_path (path, &format, error)
         && lesc_plot_export_as (path, format, width, height, dpi, paint, model, error);
}

gboolean
lesc_plot_export_as (const char *path, LescPlotFormat format, double width, double height,
                     double dpi, LescPaintFunc paint, const void *model, GError **error)
{
  if (!(width > 0 && height > 0 && width < 1e5 && height < 1e5))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: figure size %g × %g pt, expected positive and below 100000", path, width, height);
      return FALSE;
    }
  if (format == LESC_PLOT_FORMAT_PNG && !(dpi >= 10 && dpi <= 2400))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "%s: dpi %g, expected 10 to 2400", path, dpi);
      return FALSE;
    }
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  cairo_status_t st;
  if (format == LESC_PLOT_FORMAT_PNG)
    {
      cairo_surface_t *surface = lesc_plot_render_image (width, height, dpi, paint, model);
      st = cairo_surface_status (surface);
      if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
      cairo_surface_destroy (surface);
    }
  else
    {
      cairo_surface_t *surface
        = format == LESC_PLOT_FORMAT_SVG
            ? cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height)
            : cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
      if (format == LESC_PLOT_FORMAT_PDF)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "LESC Explorer");
      cairo_t *cr = cairo_create (surface);
      paint (cr, width, height, model);
      cairo_show_page (cr);
      st = cairo_status (cr);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status (surface);
      cairo_surface_destroy (surface);
    }
  if (!check (st, path, error))
    return FALSE;
  return lesc_output_write (path, bytes->data, bytes->len, error);
}
