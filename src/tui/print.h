/* A figure printed straight into the terminal (`lesc plot … --terminal`): as wide as the
 * terminal, as tall as the figure's shape asks, through the same path as the explorer's
 * figures (figure.h). */
#pragma once
#include "plot/export.h"

G_BEGIN_DECLS

/* Print `model` painted by `paint` (a `width` × `height`-point figure) to standard output.
 * `graphics` and `colors` as for lesc_term_graphics_init (NULL: detect). Refuses a dumb
 * terminal (TERM=dumb). */
gboolean lesc_term_print_figure (double width, double height, LescPaintFunc paint,
                                 const void *model, const char *graphics, const char *colors,
                                 GError **error);

G_END_DECLS
