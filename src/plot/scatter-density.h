/* Dense scatters as images (docs/figures.md §2, "Large data"): points binned on a w × h grid
 * over a data range, each bin holding its count and the mean of the points' colours (three
 * channels) or of one value, painted as one image with the density as opacity. The
 * Distributions figure draws itself so above LESC_SCATTER_BIN_THRESHOLD samples
 * (scatter.h); this file knows points and numbers, not the figure. */
#pragma once
#include "core/numeric/matrix.h"
#include "plot/text.h"
#include <cairo.h>

G_BEGIN_DECLS

/* Bins a side at most (a plot wider than this many pixels gets bins of several). */
#define LESC_SCATTER_MAX_BINS 4096u

/* The bins of one plot: w × h, row 0 at the top (as on screen). */
typedef struct {
  guint w, h;
  guint32 *count;             /* w·h points per bin */
  double *mean;               /* w·h·k: the mean of each bin's colours (k = 3) or values (k = 1) */
  guint k;
  guint32 max_count;
  gsize n_points;
} LescScatterBins;

/* The points `xy` (n×2) binned over [x_lo, x_hi] × [y_lo, y_hi] (range[0..3]) on a w × h
 * grid: bin (x, y) holds the points with ⌊(v₁ − x_lo)/(x_hi − x_lo)·w⌋ = x and, counted
 * from the top, h − 1 − ⌊(v₂ − y_lo)/(y_hi − y_lo)·h⌋ = y (points on the far edges go to
 * the last bin); the mean of `values`' columns 0–2 (column −1) or of one column. */
LescScatterBins *lesc_scatter_bins_new (const LescMatrix *xy, const double range[4], const LescMatrix *values,
                                        int column, guint w, guint h);
void lesc_scatter_bins_free (LescScatterBins *b);

/* The colour of a one-value bin's mean (k = 1); three-channel bins are their own colour. */
typedef void (*LescScatterBinColor) (double mean, gconstpointer data, double rgb[3]);

/* Bin (x, y): its colour (RGB in [0, 1]) and opacity; FALSE when empty. */
gboolean lesc_scatter_bins_color (const LescScatterBins *b, LescScatterBinColor color, gconstpointer data,
                                  guint x, guint y, double rgb[3], double *alpha);
/* The opacity of a bin of `count` points when the fullest holds `max_count`:
 * 0.3 + 0.7·ln(1 + count)/ln(1 + max_count), 0 for an empty bin. */
double lesc_scatter_bins_alpha (guint32 count, guint32 max_count);
/* The bins as an ARGB32 image of w × h pixels (premultiplied, as cairo keeps it). */
cairo_surface_t *lesc_scatter_bins_image (const LescScatterBins *b, LescScatterBinColor color, gconstpointer data);
/* The image painted over `rect` (nearest-neighbour: each bin stays a sharp rectangle). */
void lesc_scatter_bins_paint (cairo_t *cr, const LescScatterBins *b, LescScatterBinColor color, gconstpointer data,
                              const LescRect *rect);
/* The bins a plot gets on `cr`: one per device pixel (one per point on vector targets), at
 * most LESC_SCATTER_MAX_BINS a side. */
void lesc_scatter_bins_size (cairo_t *cr, const LescRect *plot, guint *w, guint *h);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescScatterBins, lesc_scatter_bins_free)

G_END_DECLS
