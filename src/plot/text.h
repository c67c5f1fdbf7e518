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

/* A copy of `text` with " = " held together by no-break spaces ("p = 0.02" never breaks). */
char *lesc_text_keep_equals (const char *text);

/* TRUE when cr paints into an image surface (PNG, the GTK drawing area): then cell
 * edges are snapped to device pixels. */
gboolean lesc_plot_target_is_raster (cairo_t *cr);
/* Round a point to the nearest device pixel corner (raster targets only). */
void lesc_plot_snap_point (cairo_t *cr, double *x, double *y);
/* A length shortened to whole device pixels, at least one (raster targets only). */
double lesc_plot_snap_length (cairo_t *cr, double length);

G_END_DECLS
