/* Grouped horizontal bars: one group per label, one bar per series (the ground truth and
 * each method), for the sample inspector of the Distributions view. */
#pragma once
#include "plot/text.h"

G_BEGIN_DECLS

typedef struct {
  char *title;               /* "Sample 17" */
  char *subtitle;            /* a second line (positions, logical labels), or NULL */
  guint n_groups, n_series;
  char **group_names;        /* n_groups: the labels */
  char **series_names;       /* n_series */
  double *values;            /* values[s·n_groups + g] */
  gboolean first_is_reference; /* series 0 (the ground truth) drawn dark grey */
  gboolean *dimmed;          /* n_series: an outdated result, drawn faded */
} LescBarsModel;

/* Copies everything. */
LescBarsModel *lesc_bars_model_new (const char *title, guint n_groups, const char *const *group_names,
                                    guint n_series, const char *const *series_names,
                                    const double *values, gboolean first_is_reference);
void lesc_bars_model_free (LescBarsModel *m);

/* The colour of series s (Okabe–Ito's colour-blind-safe set after the reference). */
void lesc_bars_series_color (const LescBarsModel *m, guint s, double rgb[3]);

typedef struct {
  LescRect *bars;            /* [s·n_groups + g]: the bar as drawn (width ∝ value) */
  LescRect *group_labels;    /* n_groups */
  LescRect plot;             /* where 0 … max runs */
  double max;                /* the axis' top */
  double bar_height;
} LescBarsLayout;

LescBarsLayout *lesc_bars_layout_new (cairo_t *cr, double width, double height, const LescBarsModel *m);
void lesc_bars_layout_free (LescBarsLayout *l);
/* The height (points) at which the bars are comfortable at `width`. */
double lesc_bars_natural_height (cairo_t *cr, double width, const LescBarsModel *m);

void lesc_plot_bars_paint (cairo_t *cr, double width, double height, const LescBarsModel *m);
/* series,label,value rows after the title as a '#' line. */
char *lesc_bars_model_to_csv (const LescBarsModel *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescBarsModel, lesc_bars_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescBarsLayout, lesc_bars_layout_free)

G_END_DECLS
