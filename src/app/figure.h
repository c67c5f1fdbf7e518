/* A figure on screen: a cairo painter of src/plot run in a worker thread into an image at
 * the widget's size, then shown as a texture. The main loop never paints a big figure
 * itself; while a new picture is being made the previous one stays (scaled). */
#pragma once
#include <gtk/gtk.h>
#include "plot/export.h"

G_BEGIN_DECLS

typedef LescPaintFunc LescFigurePaint;   /* the painters' shape (plot/export.h) */
typedef char *(*LescFigureData) (const void *model);

/* One kind of figure: the painter of src/plot, the model's data as CSV, how the model is
 * freed, and the size (points) an export takes when the figure is not on screen. */
typedef struct {
  LescFigurePaint paint;
  LescFigureData to_csv;
  GDestroyNotify free_model;
  double width, height;
} LescPainter;

#define LESC_TYPE_FIGURE (lesc_figure_get_type ())
G_DECLARE_FINAL_TYPE (LescFigure, lesc_figure, LESC, FIGURE, GtkWidget)

GtkWidget *lesc_figure_new (void);
/* Show `model` painted by `painter` (the figure owns the model from now on and frees it
 * once no worker uses it). NULL clears. The model must not change. */
void lesc_figure_set_model (LescFigure *self, const LescPainter *painter, gpointer model);
/* With LESC_FRAME_LOG (core/base/framelog.h): what the frame log says when the current
 * model's picture is first painted. */
void lesc_figure_set_log_tag (LescFigure *self, const char *tag);
/* What the figure shows is of `subject` (a data set's checksum; NULL: no subject). A
 * picture made for another subject, kept while the new one is painted, is drawn faded
 * with "stale — recomputing" over it, never as current. */
void lesc_figure_set_subject (LescFigure *self, const char *subject);
/* The model no longer matches its inputs (a Comparison of other methods): drawn faded with
 * the same words until a new model comes with set_stale (FALSE). */
void lesc_figure_set_stale (LescFigure *self, gboolean stale);
/* TRUE when the picture on screen is drawn as stale (either reason). */
gboolean lesc_figure_is_stale (LescFigure *self);
/* TRUE when the picture shown is the current model at the current size. */
gboolean lesc_figure_is_ready (LescFigure *self);

/* For the exports (exportable.h): the size on screen (the painter's when not shown), the
 * model painted on white at any size, and its data as CSV (NULL without a model). */
void  lesc_figure_get_export_size (LescFigure *self, double *width, double *height);
void  lesc_figure_paint (LescFigure *self, cairo_t *cr, double width, double height);
char *lesc_figure_dup_data (LescFigure *self);

/* A texture of an image painted by lesc_plot_render_image (which it takes: the pixels are
 * not copied), `scale` device pixels per point. */
GdkTexture *lesc_figure_texture_new (cairo_surface_t *image);

G_END_DECLS
