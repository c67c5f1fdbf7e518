/* A figure of src/plot in the terminal: the painter paints onto a cairo image surface and
 * chafa turns the pixels into character cells (symbols with colours) or into a sixel or
 * kitty image. The same painters as the window and the exported files; nothing of a
 * figure is drawn here. In symbol mode the figure's text (titles, ticks, numbers, captions)
 * is laid out on the cells and written as characters, not painted (plot/text.h). */
#pragma once
#include <cairo.h>
#include "plot/export.h"
#include "tui/graphics.h"

G_BEGIN_DECLS

/* Width of a character cell in the painter's units (points); its height follows the cell's
 * pixel shape, so that the figure is not stretched. */
#define LESC_TERM_CELL_POINTS 6.0
/* Pixels per cell painted for symbol output (chafa reads 8×8 per cell). */
#define LESC_TERM_SYMBOL_CELL_W 8
#define LESC_TERM_SYMBOL_CELL_H 16

typedef struct {
  double width, height;   /* the painter's size in points */
  double dpi;             /* its resolution: pixels = points · dpi / 72 */
  int px_width, px_height;
} LescTermFigureGeometry;

/* The painter's size and resolution for a figure of `cols` × `rows` cells. */
void lesc_term_figure_geometry (const LescTermGraphics *g, int cols, int rows,
                                LescTermFigureGeometry *out);

/* Drawn over the painted figure in the painter's units (a cursor cell, a highlight). */
typedef void (*LescTermOverlay) (cairo_t *cr, double width, double height, gpointer data);

typedef struct {
  int cols, rows;
  LescTermPixels pixels;
  LescTermColors colors;
  GPtrArray *lines;       /* symbols: `rows` strings of escape sequences and characters,
                             each ending with the attributes reset; images: one string */
  gpointer canvas;        /* the ChafaCanvas the output came from */
  guint64 serial;         /* a new number for every figure made */
  char *text;             /* symbols: the figure's text written as characters, one line
                             each ('\n'), or NULL (plot/text.h) */
  char *log_tag;          /* LESC_FRAME_LOG: said when first written to the terminal, or NULL */
} LescTermFigure;

/* Paint `model` with `paint` (plus `overlay`, may be NULL) at the size of `cols` × `rows`
 * cells and convert it for the terminal `g`. */
LescTermFigure *lesc_term_figure_render (const LescTermGraphics *g, int cols, int rows,
                                         LescPaintFunc paint, const void *model,
                                         LescTermOverlay overlay, gpointer overlay_data);
/* The same from an image already painted (ARGB32, any size: chafa scales it to the
 * cells). */
LescTermFigure *lesc_term_figure_from_image (const LescTermGraphics *g, int cols, int rows,
                                             cairo_surface_t *image);
void lesc_term_figure_free (LescTermFigure *f);
/* A context that lays a figure of `cols` × `rows` cells out as lesc_term_figure_render
 * does (its size in points in `width`, `height`): for finding what is under a cell.
 * cairo_destroy it. */
cairo_t *lesc_term_figure_context (const LescTermGraphics *g, int cols, int rows, double *width,
                                   double *height);

/* The character of a cell and its colours as 0xRRGGBB (what the colour mode shows: the
 * palette entry's colour for 256 and 16 colours); −1 where the mode has no colour. */
gunichar lesc_term_figure_cell (const LescTermFigure *f, int x, int y, int *fg, int *bg);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescTermFigure, lesc_term_figure_free)

G_END_DECLS
