/* A figure on screen: a cairo painter of src/plot run in a worker thread into an image at
 * the widget's size, then shown as a texture. The main loop never paints a big figure
 * itself; while a new picture is being made the previous one stays (scaled). */
#pragma once
#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef void (*LescFigurePaint) (cairo_t *cr, double width, double height, const void *model);

#define LESC_TYPE_FIGURE (lesc_figure_get_type ())
G_DECLARE_FINAL_TYPE (LescFigure, lesc_figure, LESC, FIGURE, GtkWidget)

GtkWidget *lesc_figure_new (void);
/* Show `model` painted by `paint` (the figure owns the model from now on and frees it
 * with `free_model` once no worker uses it). NULL clears. The model must not change. */
void lesc_figure_set_model (LescFigure *self, LescFigurePaint paint, gpointer model,
                            GDestroyNotify free_model);
/* TRUE when the picture shown is the current model at the current size. */
gboolean lesc_figure_is_ready (LescFigure *self);

G_END_DECLS
