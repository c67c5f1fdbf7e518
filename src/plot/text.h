/* Text for the painters: Pango layouts measured and drawn in the painter's units
 * (points), with hinting off so that screen, PNG, SVG and PDF lay out alike. */
#pragma once
#include <cairo.h>
#include <pango/pangocairo.h>

G_BEGIN_DECLS

#define LESC_PLOT_FONT "Sans"

typedef struct {
  double x, y, width, height;
} LescRect;

gboolean lesc_rect_intersects (const LescRect *a, const LescRect *b);

/* A layout of plain `text` at `size` points (absolute size in user units). */
PangoLayout *lesc_text_new (cairo_t *cr, const char *text, double size, gboolean bold);
/* The same with Pango markup (<sub>, <i>, …). */
PangoLayout *lesc_text_new_markup (cairo_t *cr, const char *markup, double size, gboolean bold);
/* Logical width and height in user units. */
void lesc_text_size (PangoLayout *layout, double *width, double *height);
/* Draw with the anchor (ax, ay) ∈ [0, 1]² of the logical box at (x, y): (0, 0) top left,
 * (0.5, 0.5) centre, (1, 0) top right. Returns the box drawn into `box` (may be NULL). */
void lesc_text_show (cairo_t *cr, PangoLayout *layout, double x, double y, double ax, double ay,
                     LescRect *box);
/* Measure-only twin of lesc_text_show. */
void lesc_text_box (PangoLayout *layout, double x, double y, double ax, double ay, LescRect *box);

/* Width of `text` at `size`. */
double lesc_text_width (cairo_t *cr, const char *text, double size, gboolean bold);
/* Height of one line at `size`. */
double lesc_text_line_height (cairo_t *cr, double size);

/* `text` shortened in the middle with "…" until it is at most `max_width` wide at `size`
 * (at least one character either side is kept). A new string. */
char *lesc_text_ellipsize_middle (cairo_t *cr, const char *text, double size, gboolean bold,
                                  double max_width);

/* A copy of `text` with " = ", " < " and " ≥ " held together by no-break spaces
 * ("p = 0.02", "p < 1e-300" never break). */
char *lesc_text_keep_equals (const char *text);

/* TRUE when cr paints into an image surface (PNG, the GTK drawing area): then cell
 * edges are snapped to device pixels. */
gboolean lesc_plot_target_is_raster (cairo_t *cr);
/* Round a point to the nearest device pixel corner (raster targets only). */
void lesc_plot_snap_point (cairo_t *cr, double *x, double *y);
/* A length shortened to whole device pixels, at least one (raster targets only). */
double lesc_plot_snap_length (cairo_t *cr, double length);

/* How a figure is drawn for an audience (the window's presenter mode, docs/teaching.md,
 * "Presenter mode"): `scale` enlarges text, lines and marks alike — the painter lays the
 * figure out on width/scale × height/scale points and cairo draws it `scale` times larger,
 * so text is set anew at the larger size (never a stretched bitmap) and every painter
 * takes part without a parameter of its own; `high_contrast` draws all text black (white
 * on dark fills). */
typedef struct {
  double scale;            /* 1, 1.25, 1.5, 2 */
  gboolean high_contrast;
} LescPlotStyle;

#define LESC_PLOT_STYLE_PLAIN ((LescPlotStyle) { 1.0, FALSE })

/* `style` on cr for the text painted through it (lesc_text_show reads it); NULL: plain. */
void lesc_plot_style_attach (cairo_t *cr, const LescPlotStyle *style);
/* The style attached to cr, or NULL. */
const LescPlotStyle *lesc_plot_style_get (cairo_t *cr);
gboolean lesc_plot_style_equal (const LescPlotStyle *a, const LescPlotStyle *b);

/* ---- a figure's text for a face that draws text itself (the terminal) ---------------------
 * Every painter draws its text through lesc_text_show, so the text of any figure can be
 * taken out of it: while a capture is attached to the surface painted on, text is laid out
 * on a grid of character cells (a monospace face whose advance is one cell, lines one cell
 * high), recorded line by line, and not painted. The face paints the rest as pixels and
 * writes the lines as its own text (docs/figures.md §6). */

typedef struct {
  char *text;                 /* one line, plain (markup dropped) */
  double x, y, width, height; /* its box in device units (pixels of the surface) */
  double rgba[4];             /* its colour */
  gboolean bold;
  gboolean vertical;          /* turned by a quarter (an axis title beside a plot) */
} LescTextItem;

typedef struct _LescTextCapture LescTextCapture;

/* Cells of `cell_width` × `cell_height` in the painter's units (points). */
LescTextCapture *lesc_text_capture_new (double cell_width, double cell_height);
void lesc_text_capture_free (LescTextCapture *c);
/* Capture the text painted on cr's target from now on (NULL: paint it again). `owned`:
 * the target frees the capture when it goes; else the capture must outlive it. */
void lesc_text_capture_attach (cairo_t *cr, LescTextCapture *c, gboolean owned);
guint lesc_text_capture_n (const LescTextCapture *c);
const LescTextItem *lesc_text_capture_item (const LescTextCapture *c, guint i);
/* The lines joined with '\n' in the order painted (tests, the screen reader of a face). */
char *lesc_text_capture_text (const LescTextCapture *c);
/* Width of a line in cells: wide characters two, combining marks none. */
int lesc_text_cells (const char *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescTextCapture, lesc_text_capture_free)

G_END_DECLS
