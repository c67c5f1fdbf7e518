/* The correlation figure (docs/figures.md §7): on the left the samples at their
 * Distributions positions, the selected one ringed and the samples its recovery draws on
 * as discs — area ∝ |weight|, colour its sign and size (blue – white – red for C, one hue
 * for the graph's weights) — joined to it by lines; on the right the heatmap of C (or of
 * the graph's A) with the samples in the order of their first principal component, the
 * selected sample's row marked. */
#pragma once
#include "core/methods/correlations.h"
#include "plot/positions.h"
#include "plot/text.h"

G_BEGIN_DECLS

typedef struct {
  LescMatrix *xy;            /* n×2 */
  gboolean grid;
  char *x_label, *y_label;
  char *title;               /* the method and its settings */
  gboolean graph;            /* weights ≥ 0 (GLLE) */
  LescCorrelationsMatrix which;   /* the run's matrix or one of gLESC's views */
  gssize sample;             /* the selected sample, or −1 */
  LescSampleWeights *top;    /* its largest weights, or NULL */
  double weight_max;         /* the colour scale's end: max |weight| of the sample */
  gsize heat_n, n;
  gsize *heat_order;
  LescMatrix *heat;
  gboolean heat_subsampled;
  double heat_max;           /* the heatmap's scale: the 98th percentile of |entries| off the diagonal */
  gssize heat_row;           /* the selected sample's place in heat_order, or −1 */
  char *caption;
} LescCorrelationFigure;

/* The figure of `c`'s matrix `which` (a view: once made) at `pos`, sample `sample` (−1:
 * none) with its `top` largest weights; `title` names the run ("LESC on artificial · λ₂ =
 * 0.1"). */
LescCorrelationFigure *lesc_correlation_figure_new (const LescCorrelations *c, LescCorrelationsMatrix which,
                                                   const LescPositions *pos, gssize sample, gsize top,
                                                   const char *title);
void lesc_correlation_figure_free (LescCorrelationFigure *f);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCorrelationFigure, lesc_correlation_figure_free)

/* The caption's text (also the figure's accessible description). */
const char *lesc_correlation_figure_caption (const LescCorrelationFigure *f);

/* Where sample i is drawn in a figure painted at width × height (for clicks); FALSE when
 * it is not in the scatter. */
gboolean lesc_correlation_figure_point (const LescCorrelationFigure *f, double width, double height,
                                        gsize i, double *x, double *y);
/* The sample nearest to (x, y) within `reach` user units, or −1. */
gssize lesc_correlation_figure_hit (const LescCorrelationFigure *f, double width, double height,
                                    double x, double y, double reach);

/* The same where text is laid out by `cr` (the terminal's cells: lesc_term_figure_context). */
gssize lesc_correlation_figure_hit_in (cairo_t *cr, const LescCorrelationFigure *f, double width,
                                       double height, double x, double y, double reach);

void lesc_plot_correlations_paint (cairo_t *cr, double width, double height,
                                   const LescCorrelationFigure *f);

/* The figure's table: sample,weight for the selected sample's listed weights. */
char *lesc_correlation_figure_to_csv (const LescCorrelationFigure *f);

G_END_DECLS
