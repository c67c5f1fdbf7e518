#include "config.h"
#include "app/exportable.h"
#include "core/base/output.h"

#include <glib/gi18n.h>
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

static void
paint_exportable (cairo_t *cr, double width, double height, const void *self)
{
  lesc_exportable_paint_figure ((LescExportable *) self, cr, width, height);
}

/* The figure as `lesc plot` writes one (plot/export.h): drawn into memory, then written
 * whole (no partial file). */
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
  LescPlotFormat format;
  if (!lesc_plot_format_from_path (path, &format, NULL))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   _("%s: the file name must end in .png, .svg or .pdf."), path);
      return FALSE;
    }
  double w, h;
  lesc_exportable_get_figure_size (self, &w, &h);
  return lesc_plot_export_as (path, format, w, h, 72.0 * scale, paint_exportable, self, error);
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
  return lesc_figure_texture_new (lesc_plot_render_image (w, h, 72.0 * scale, paint_exportable, self));
}
