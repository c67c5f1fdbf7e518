#include "config.h"
#include "app/exportable.h"
#include "core/base/output.h"

#include <glib/gi18n.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <string.h>

G_DEFINE_INTERFACE (LescExportable, lesc_exportable, G_TYPE_OBJECT)

static void
lesc_exportable_default_init (LescExportableInterface *iface)
{
}

static LescFigure *
get_figure (LescExportable *self)
{
  LescExportableInterface *iface = LESC_EXPORTABLE_GET_IFACE (self);
  return iface->get_figure != NULL ? iface->get_figure (self) : NULL;
}

gboolean
lesc_exportable_has_figure (LescExportable *self)
{
  return get_figure (self) != NULL;
}

void
lesc_exportable_get_figure_size (LescExportable *self, double *width, double *height)
{
  *width = 800;
  *height = 600;
  LescFigure *figure = get_figure (self);
  if (figure != NULL)
    lesc_figure_get_export_size (figure, width, height);
}

void
lesc_exportable_paint_figure (LescExportable *self, cairo_t *cr, double width, double height)
{
  LescFigure *figure = get_figure (self);
  if (figure != NULL)
    lesc_figure_paint (figure, cr, width, height);
}

LescTable *
lesc_exportable_get_table (LescExportable *self)
{
  LescExportableInterface *iface = LESC_EXPORTABLE_GET_IFACE (self);
  return iface->get_table != NULL ? iface->get_table (self) : NULL;
}

char *
lesc_exportable_get_basename (LescExportable *self)
{
  LescExportableInterface *iface = LESC_EXPORTABLE_GET_IFACE (self);
  return iface->get_basename != NULL ? iface->get_basename (self) : g_strdup ("lesc");
}

char *
lesc_exportable_get_figure_data (LescExportable *self)
{
  LescFigure *figure = get_figure (self);
  return figure != NULL ? lesc_figure_dup_data (figure) : NULL;
}

gboolean
lesc_export_figure_data (LescExportable *self, const char *path, GError **error)
{
  g_autofree char *text = lesc_exportable_get_figure_data (self);
  if (text == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("This view has no figure data to export yet."));
      return FALSE;
    }
  return lesc_output_write (path, text, strlen (text), error);
}

static gboolean
check_surface (cairo_surface_t *surface, const char *path, GError **error)
{
  cairo_status_t status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"), path,
               cairo_status_to_string (status));
  return FALSE;
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append ((GByteArray *) closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* Drawn into memory, then written whole by lesc_output_write (no partial file). */
gboolean
lesc_export_figure (LescExportable *self, const char *path, double scale, GError **error)
{
  g_return_val_if_fail (LESC_IS_EXPORTABLE (self), FALSE);
  if (!lesc_exportable_has_figure (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("This view has no figure to export yet."));
      return FALSE;
    }
  double w, h;
  lesc_exportable_get_figure_size (self, &w, &h);
  g_autofree char *lower = g_ascii_strdown (path, -1);
  g_autoptr (GByteArray) bytes = g_byte_array_new ();
  gboolean png = g_str_has_suffix (lower, ".png");
  cairo_surface_t *surface;
  if (g_str_has_suffix (lower, ".svg"))
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, w, h);
  else if (g_str_has_suffix (lower, ".pdf"))
    surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, w, h);
  else if (png)
    {
      surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (w * scale + 0.5),
                                            (int) (h * scale + 0.5));
      cairo_surface_set_device_scale (surface, scale, scale);
    }
  else
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("%s: the file name must end in .png, .svg or .pdf."), path);
      return FALSE;
    }
  if (!check_surface (surface, path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  cairo_t *cr = cairo_create (surface);
  lesc_exportable_paint_figure (self, cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  gboolean ok = TRUE;
  if (png)
    {
      cairo_status_t status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
      if (status != CAIRO_STATUS_SUCCESS)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s: %s"), path,
                       cairo_status_to_string (status));
          ok = FALSE;
        }
    }
  cairo_surface_finish (surface);
  ok = ok && check_surface (surface, path, error);
  cairo_surface_destroy (surface);
  return ok && lesc_output_write (path, bytes->data, bytes->len, error);
}

gboolean
lesc_export_table (LescExportable *self, const char *path, LescTableFormat format, GError **error)
{
  g_autoptr (LescTable) table = lesc_exportable_get_table (self);
  if (table == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("This view has no table to export yet."));
      return FALSE;
    }
  g_autofree char *text = lesc_table_to_string (table, format);
  return lesc_output_write (path, text, strlen (text), error);
}

GdkTexture *
lesc_export_figure_texture (LescExportable *self, double scale)
{
  if (!lesc_exportable_has_figure (self))
    return NULL;
  double w, h;
  lesc_exportable_get_figure_size (self, &w, &h);
  int pw = (int) (w * scale + 0.5), ph = (int) (h * scale + 0.5);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pw, ph);
  cairo_surface_set_device_scale (surface, scale, scale);
  cairo_t *cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  lesc_exportable_paint_figure (self, cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_autoptr (GBytes) bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                                          (gsize) cairo_image_surface_get_stride (surface) * ph);
  GdkTexture *texture = gdk_memory_texture_new (pw, ph, GDK_MEMORY_DEFAULT, bytes,
                                                cairo_image_surface_get_stride (surface));
  cairo_surface_destroy (surface);
  return texture;
}
