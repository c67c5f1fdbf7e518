/* Colour palettes of the heatmaps (docs/figures.md §4): matplotlib's viridis and cividis
 * tables and sRGB grey, and the luminance rule for text on a coloured cell. */
#pragma once
#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  LESC_PALETTE_VIRIDIS, /* default */
  LESC_PALETTE_CIVIDIS,
  LESC_PALETTE_GRAY,
  LESC_PALETTE_DIVERGING, /* blue – white – red (ColorBrewer's RdBu, 5 anchors) */
} LescPalette;

extern const double lesc_palette_viridis[256][3];
extern const double lesc_palette_cividis[256][3];

const char *lesc_palette_key (LescPalette p); /* "viridis", "cividis", "gray", "diverging" */
gboolean    lesc_palette_from_string (const char *s, LescPalette *out);

/* The table entry of v ∈ [0, 1] (clamped; NaN counts as 0): min(255, ⌊v·256⌋), as
 * matplotlib's ListedColormap does. */
guint lesc_palette_index (double v);

/* The colour of v ∈ [0, 1] (clamped): the table entry for viridis and cividis, (v, v, v)
 * for gray, linear between the anchors for diverging (white at 0.5); `reverse` reads the
 * palette from the other end (v → 1 − v). */
void lesc_palette_color (LescPalette p, double v, gboolean reverse, double rgb[3]);

/* Relative luminance of an sRGB colour (WCAG): linearised channels, 0.2126R + 0.7152G +
 * 0.0722B. */
double lesc_relative_luminance (const double rgb[3]);

/* TRUE when black text reads better than white on `rgb`: Y > 0.179. */
gboolean lesc_text_black_on (const double rgb[3]);

/* A colour bar: the 256 palette entries from bottom (v = 0) to top in the rectangle
 * (x, y, w, h), without smoothing between entries, framed by a thin dark line. */
void lesc_palette_paint_bar (cairo_t *cr, LescPalette p, gboolean reverse, double x, double y,
                             double w, double h);

G_END_DECLS
