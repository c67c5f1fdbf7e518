/* Dense scatters drawn binned (docs/figures.md §2, "Large data"): above
 * LESC_SCATTER_BIN_THRESHOLD samples a plot of the Distributions figure is one image with a
 * bin per device pixel, coloured with the mean colour of the samples in it (the mean of
 * their RGB colours; in the heatmap style the palette's colour of their mean degree) and
 * as opaque as its count says — instead of a circle per sample. One rule for the window,
 * the terminal explorer and `lesc plot scatter`. */
#pragma once
#include "plot/scatter.h"
#include <cairo.h>

G_BEGIN_DECLS

/* More samples than this: binned. 20 000 circles take about a tenth of a second per plot
 * in cairo's image backend on this kind of machine, and above it the dots cover each other
 * anyway (a 300-pixel plot has 90 000 pixels). */
#define LESC_SCATTER_BIN_THRESHOLD 20000
/* Bins a side at most (a plot wider than this many pixels gets bins of several). */
#define LESC_SCATTER_MAX_BINS 4096u

/* The bins of one plot: w × h, row 0 at the top (as on screen). */
typedef struct {
  guint w, h;
  guint32 *count;             /* w·h samples per bin */
  double *mean;               /* w·h·k: the mean of each bin's colours (k = 3, RGB style) or degrees (k = 1) */
  guint k;
  int label;                  /* −1: RGB colours; else the heatmap's label */
  guint32 max_count;
  gsize n_samples;            /* samples placed (all of the model's) */
} LescScatterBins;

/* Whether `m` is drawn binned: more than LESC_SCATTER_BIN_THRESHOLD samples, not on the
 * artificial set's grid (a grid is drawn as its cells). */
gboolean lesc_scatter_is_binned (const LescScatterModel *m);

/* The bins of panel `panel` (label −1: RGB, else that label's heatmap) on a w × h grid over
 * the layout's data range (the plot's area: bin (x, y) covers the pixels where
 * lesc_scatter_layout_point puts its samples when the plot is w × h pixels). */
LescScatterBins *lesc_scatter_bins_new (const LescScatterModel *m, const LescScatterLayout *l, guint panel,
                                        int label, guint w, guint h);
void lesc_scatter_bins_free (LescScatterBins *b);
/* Bin (x, y) of `b`'s grid: its mean colour (RGB in [0, 1]) and opacity; FALSE when empty. */
gboolean lesc_scatter_bins_color (const LescScatterBins *b, const LescScatterModel *m, guint x, guint y,
                                  double rgb[3], double *alpha);
/* The opacity of a bin of `count` samples when the fullest holds `max_count`:
 * 0.3 + 0.7·ln(1 + count)/ln(1 + max_count), 0 for an empty bin. */
double lesc_scatter_bins_alpha (guint32 count, guint32 max_count);
/* The bins as an ARGB32 image of w × h pixels (premultiplied, as cairo keeps it). */
cairo_surface_t *lesc_scatter_bins_image (const LescScatterBins *b, const LescScatterModel *m);

/* The bins a plot of the layout gets on `cr`: one per device pixel (one per point on vector
 * targets), at most 4096 a side. */
void lesc_scatter_bins_size (cairo_t *cr, const LescRect *plot, guint *w, guint *h);
/* Paint plot `plot` of the layout (panel, label as above) binned. */
void lesc_scatter_paint_binned (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel,
                                int label, guint plot);
/* The caption's words for a binned figure: "Binned: 100000 samples in 312×312 bins …"; with
 * w = 0 the size is not known (a caption made without a layout): "… a bin per pixel". */
char *lesc_scatter_binned_words (const LescScatterModel *m, guint w, guint h);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescScatterBins, lesc_scatter_bins_free)

G_END_DECLS
