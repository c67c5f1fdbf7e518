/* The λ₁ × λ₂ sensitivity heatmap (docs/figures.md §4): discrete cells, values printed in
 * black or white by luminance, the best cell(s) outlined, a colour bar. */
#pragma once
#include "plot/palette.h"
#include "plot/text.h"
#include "core/experiments/experiment.h"

G_BEGIN_DECLS

typedef struct {
  guint rows, cols;
  double *lambda1;          /* rows: λ₁ values, top to bottom */
  double *lambda2;          /* cols: λ₂ values, left to right */
  double *values;           /* rows × cols, row-major (values[i·cols + j]); NaN = missing */
  char *measure;            /* "Cheb" */
  gboolean lower_is_better; /* distances: the lowest cell is best */
  LescPalette palette;
  gboolean reverse;
  gboolean fixed_scale;     /* use lo/hi below (shared or user-fixed scale) */
  double lo, hi;
  gboolean robust;          /* scale from the data but past the worst cells: the best
                               value to the 85th percentile (lower is better) or from the
                               15th (higher is better), or to three times the median's
                               distance from the best when that is nearer; cells beyond
                               take the end colour */
  char *title;              /* NULL: none */
  char *row_title;          /* NULL: "λ₁ (LE trade-off)" */
  char *col_title;          /* NULL: "λ₂ (low-rank)" */
} LescHeatmapModel;

/* Copies the arrays; palette viridis, scale from the data, no title. */
LescHeatmapModel *lesc_heatmap_model_new (guint rows, guint cols, const double *lambda1,
                                          const double *lambda2, const double *values,
                                          const char *measure, gboolean lower_is_better);
void lesc_heatmap_model_free (LescHeatmapModel *m);
/* The model of a λ grid for one measure as the explorers show it: rows λ₁, columns λ₂,
 * missing cells NaN, the robust scale (one bad row of λ₁ must not take the whole colour
 * scale), the axes named by the method's parameter labels. */
LescHeatmapModel *lesc_heatmap_model_new_from_grid (const LescGrid *g, LescMeasure measure,
                                                    const char *measure_name);

/* The colour scale: lo/hi when fixed, else from the finite cells (min and max, or the
 * robust ends). FALSE when no cell is finite. */
gboolean lesc_heatmap_scale (const LescHeatmapModel *m, double *lo, double *hi);
/* Mark the best finite cell(s) in `best` (rows × cols, row-major); ties all marked.
 * Returns how many. */
guint lesc_heatmap_best (const LescHeatmapModel *m, gboolean *best);

/* "10⁻⁴", "1", "10", "10³"; other values as %g. */
char *lesc_heatmap_format_lambda (double v);
/* 3 decimals, or 3 significant digits below 0.01; "–" for NaN. */
char *lesc_heatmap_format_value (double v);

typedef struct {
  guint rows, cols;
  LescRect *cells;       /* rows × cols, row-major */
  double (*colors)[3];   /* cell fill */
  gboolean *best;
  gboolean *black_text;  /* text (and outline) colour per cell */
  double value_font;     /* points; 0 when the values do not fit and are dropped */
  double lo, hi;
  LescRect colorbar;
  LescRect *row_labels;  /* rows */
  LescRect *col_labels;  /* cols */
} LescHeatmapLayout;

LescHeatmapLayout *lesc_heatmap_layout_new (cairo_t *cr, double width, double height,
                                            const LescHeatmapModel *m);
void lesc_heatmap_layout_free (LescHeatmapLayout *l);

/* The cell under (x, y) of the figure laid out at width × height on cr (NULL: a plain
 * measuring surface; the terminal passes one that lays text out on its cells). */
gboolean lesc_heatmap_cell_at (cairo_t *cr, double width, double height, const LescHeatmapModel *m,
                               double x, double y, guint *row, guint *col);

void lesc_plot_heatmap_paint (cairo_t *cr, double width, double height, const LescHeatmapModel *model);

/* The figure's table: settings as '#' lines, then lambda1,lambda2,value,best. */
char *lesc_heatmap_model_to_csv (const LescHeatmapModel *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescHeatmapModel, lesc_heatmap_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescHeatmapLayout, lesc_heatmap_layout_free)

G_END_DECLS
