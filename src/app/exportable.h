/* What a view offers to the export menu: a figure (painted by the same cairo painter as
 * on screen) and/or a table. */
#pragma once
#include <gtk/gtk.h>
#include "app/figure.h"
#include "app/table.h"

G_BEGIN_DECLS

#define LESC_TYPE_EXPORTABLE (lesc_exportable_get_type ())
G_DECLARE_INTERFACE (LescExportable, lesc_exportable, LESC, EXPORTABLE, GObject)

struct _LescExportableInterface
{
  GTypeInterface parent_iface;

  /* The figure on screen when it has something to export now, else NULL: its painter
   * draws the export, its model gives the figure data (CSV). */
  LescFigure *(*get_figure) (LescExportable *self);
  /* The table behind the view, NULL when there is none. */
  LescTable *(*get_table) (LescExportable *self);
  /* A file name without extension: "measures-artificial". */
  char *(*get_basename) (LescExportable *self);
};

gboolean   lesc_exportable_has_figure (LescExportable *self);
/* The figure's natural size in points (1/72 in). */
void       lesc_exportable_get_figure_size (LescExportable *self, double *width, double *height);
void       lesc_exportable_paint_figure (LescExportable *self, cairo_t *cr, double width, double height);
LescTable *lesc_exportable_get_table (LescExportable *self);
char      *lesc_exportable_get_basename (LescExportable *self);
/* The data behind the figure as CSV (the painters' own format), NULL when none. */
char      *lesc_exportable_get_figure_data (LescExportable *self);

/* Write the figure to `path`; the type follows the extension (.png at `scale` pixels per
 * point, .svg, .pdf). */
gboolean lesc_export_figure (LescExportable *self, const char *path, double scale, GError **error);
gboolean lesc_export_table (LescExportable *self, const char *path, LescTableFormat format,
                            GError **error);
/* Write the figure's data (CSV) to `path`. */
gboolean lesc_export_figure_data (LescExportable *self, const char *path, GError **error);
/* The figure as a texture (for the clipboard and the tests). */
GdkTexture *lesc_export_figure_texture (LescExportable *self, double scale);

G_END_DECLS
