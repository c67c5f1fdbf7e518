/* Small multiples of 3-label distributions as decorrelation-stretched RGB scatter plots
 * (docs/figures.md §2), or one heatmap per label (the colour-blind-safe alternative, any
 * number of labels, each label on a shared scale, its own range or as the deviation from
 * 1/c). Ground truth first, then each method. A table of one column (a value per sample,
 * such as the distance to the truth) is drawn as one heatmap per panel. */
#pragma once
#include "plot/dstretch.h"
#include "core/eval/measures.h"
#include "plot/palette.h"
#include "plot/text.h"
#include "plot/scatter-density.h"

G_BEGIN_DECLS

/* More samples than this: each plot is drawn binned (docs/figures.md §2, "Large data"): an
 * image with a bin per device pixel, coloured with the mean colour of the samples in it
 * (the mean of their RGB colours; in the heatmap style the palette's colour of their mean
 * degree) and as opaque as its count says — instead of a circle per sample. 20 000 circles
 * take about a tenth of a second per plot in cairo's image backend, and above that they
 * cover each other anyway (a 300-pixel plot has 90 000 pixels). The artificial set's grid
 * is never binned (its cells are drawn). */
#define LESC_SCATTER_BIN_THRESHOLD 20000

typedef enum {
  LESC_SCATTER_FIT_SHARED,    /* fit on the ground truth, apply to every panel (default) */
  LESC_SCATTER_FIT_PER_PANEL, /* fit every table on itself */
} LescScatterFit;

typedef enum {
  LESC_SCATTER_RGB,           /* stretched (d₁, d₂, d₃) → (R, G, B); needs 3 labels */
  LESC_SCATTER_HEATMAPS,      /* one heatmap per label (see LescScatterScale) */
} LescScatterStyle;

typedef enum {
  LESC_SCATTER_SCALE_SHARED,     /* one scale [0, max] for every label (default) */
  LESC_SCATTER_SCALE_PER_LABEL,  /* each label its own [min, max] */
  LESC_SCATTER_SCALE_DEVIATION,  /* each label: d − 1/c on a diverging scale ±max|d − 1/c| */
} LescScatterScale;

typedef struct {
  LescScatterFit fit;
  LescDstretchMode mode;
  gboolean use_tol;           /* default TRUE, Tol = 0.01 */
  double tol_low, tol_high;
  LescScatterStyle style;
  LescPalette palette;        /* heatmap style */
  LescScatterScale scale;     /* heatmap style */
  int reference_panel;        /* the panel whose values set the scales (default 0, the
                                 ground truth); −1: every panel */
  gboolean robust;            /* scales end at the 2nd and 98th percentiles, not the extremes */
} LescScatterOptions;

void lesc_scatter_options_init (LescScatterOptions *opt);

typedef struct {
  char *name;                 /* "Ground truth", "GLLE" */
  LescMatrix *values;         /* n×c distributions */
  LescMatrix *colors;         /* n×3 display colours in [0, 1] (RGB style), else NULL */
  gsize n_clamped;            /* values clamped to [0, 1] for display */
  guint8 *clamped;            /* n: how many of the sample's channels were clamped */
  gboolean has_measures;
  double measures[LESC_N_MEASURES];
  char *subtitle;             /* lines under the name, split at '\n' (the run's settings, notes), or NULL */
  gboolean dimmed;            /* drawn faded (an outdated result) */
} LescScatterPanel;

typedef struct {
  LescMatrix *xy;             /* n×2 positions */
  gboolean grid;              /* a regular grid (the artificial set): filled cells */
  char *x_label, *y_label;    /* "x₁", "x₂" or feature names */
  guint n_panels;
  LescScatterPanel *panels;
  LescScatterOptions options;
  char **label_names;         /* c names or NULL */
  double heat_max;            /* heatmap style: the shared scale's top */
  gboolean no_truth;          /* data without ground truth: every panel is recovered */
  double *lo, *hi;            /* heatmap style: the colour scale of each label (c each) */
  char *value_name;           /* what the colours show ("degree", "Chebyshev distance") */
  gssize highlight;           /* a sample ringed in every plot, or −1 */
} LescScatterModel;

/* Build the model: tables[0] is the ground truth (or, with no_truth set afterwards, the
 * first recovered table: the shared fit's), every table n×c with the rows of `xy`.
 * RGB style needs c = 3. Stretch and clamp happen here (per the options). */
LescScatterModel *lesc_scatter_model_new (const LescMatrix *xy, gboolean grid,
                                          const char *x_label, const char *y_label,
                                          guint n_panels, const char *const *names,
                                          const LescMatrix *const *tables,
                                          const LescScatterOptions *opt, GError **error);
void lesc_scatter_model_set_measures (LescScatterModel *m, guint panel,
                                      const double measures[LESC_N_MEASURES]);
void lesc_scatter_model_set_subtitle (LescScatterModel *m, guint panel, const char *subtitle);
void lesc_scatter_model_free (LescScatterModel *m);
/* The colour sample i is painted in: its RGB colour (label −1, RGB style) or its degree of
 * `label` on that label's scale (heatmap style). */
void lesc_scatter_model_sample_color (const LescScatterModel *m, guint panel, int label, gsize i,
                                      double rgb[3]);

/* The colour of degree v of `label` on that label's scale (heatmap style). */
void lesc_scatter_model_value_color (const LescScatterModel *m, int label, double v, double rgb[3]);

/* Caption text: fit, mode, Tol, positions; for a binned figure (scatter-density.h) the
 * bins, `bins_w` × `bins_h` when the layout is known (0: not). */
char *lesc_scatter_caption (const LescScatterModel *m);
char *lesc_scatter_caption_binned (const LescScatterModel *m, guint bins_w, guint bins_h);

typedef struct {
  guint n_panels, n_plots;    /* plots = panels (RGB) or panels × labels (heatmaps) */
  LescRect *plots;            /* plot areas, panel-major (panel p, label c at p·c + c) */
  double cell_w, cell_h;      /* grid cells (user units) */
  double x_min, y_min;        /* data value at the first cell's centre (grid) or area edge */
  double x_step, y_step;      /* grid step in data units */
  guint nx, ny;               /* grid size */
  double x_lo, x_hi, y_lo, y_hi; /* dots: data range mapped onto the plot area */
  LescRect *name_boxes;       /* n_panels */
  LescRect *panel_boxes;      /* n_panels: the panel's plots and texts */
  LescRect colorbar;          /* heatmap style, shared scale: one bar on the right */
  LescRect *label_bars;       /* heatmap style, per-label scales: a bar under each column */
  double font;
  guint bins_w, bins_h;       /* binned figures (scatter-density.h): each plot's bins; else 0 */
} LescScatterLayout;

LescScatterLayout *lesc_scatter_layout_new (cairo_t *cr, double width, double height,
                                            const LescScatterModel *m);
void lesc_scatter_layout_free (LescScatterLayout *l);
/* Centre (user units) of sample i in plot `plot`. */
void lesc_scatter_layout_point (const LescScatterLayout *l, const LescScatterModel *m, guint plot,
                                gsize i, double *x, double *y);

void lesc_plot_scatter_paint (cairo_t *cr, double width, double height, const LescScatterModel *model);

/* Binned figures (more than LESC_SCATTER_BIN_THRESHOLD samples, not a grid). */
gboolean lesc_scatter_is_binned (const LescScatterModel *m);
/* The bins of panel `panel` (label −1: its RGB colours; else that label's degrees) on a
 * w × h grid over the layout's data range (the plot's area). */
LescScatterBins *lesc_scatter_model_bins (const LescScatterModel *m, const LescScatterLayout *l, guint panel,
                                          int label, guint w, guint h);
/* Bin (x, y) of bins made for `label`: its colour and opacity (FALSE: empty), and all bins
 * as an image. */
gboolean lesc_scatter_model_bin_color (const LescScatterModel *m, int label, const LescScatterBins *b, guint x,
                                       guint y, double rgb[3], double *alpha);
cairo_surface_t *lesc_scatter_model_bins_image (const LescScatterModel *m, int label, const LescScatterBins *b);
/* Plot `plot` of the layout (panel, label as above) painted binned, a bin per pixel. */
void lesc_scatter_paint_binned (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel,
                                int label, guint plot);

/* The figure's table: settings and clamped counts as '#' lines, then
 * panel,sample,x,y,d1..dc,r,g,b,clamped. */
char *lesc_scatter_model_to_csv (const LescScatterModel *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescScatterModel, lesc_scatter_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescScatterLayout, lesc_scatter_layout_free)

G_END_DECLS
