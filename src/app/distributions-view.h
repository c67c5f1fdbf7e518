/* The Distributions view: the ground truth and each method's recovered distributions
 * side by side, painted by the scatter painter of src/plot: decorrelation-stretched RGB
 * for 3 labels, one heatmap per label (each label on its own colour scale, shown), or
 * each method's per-sample distance to the truth. Samples sit at the first two principal
 * components of the features (or two chosen features). Hovering a point describes its
 * sample; clicking opens the sample inspector. A data set without a ground truth shows
 * the methods alone. */
#pragma once
#include <adwaita.h>
#include "app/data-object.h"
#include "app/results-view.h"
#include "plot/bars.h"

G_BEGIN_DECLS

#define LESC_TYPE_DISTRIBUTIONS_VIEW (lesc_distributions_view_get_type ())
G_DECLARE_FINAL_TYPE (LescDistributionsView, lesc_distributions_view, LESC, DISTRIBUTIONS_VIEW,
                      LescResultsView)

/* The results (of that data set) and the KL direction: lesc_results_view_set_results,
 * _set_kl. */
void lesc_distributions_view_set_data (LescDistributionsView *self, LescDataObject *data);

/* Inspect sample `sample` (−1: close the inspector): its truth and every method's
 * distribution as bars, the sample ringed in every plot. A click on a point does it; ←
 * and → go to the previous and next sample, Esc closes. */
void   lesc_distributions_view_inspect (LescDistributionsView *self, gssize sample);
gssize lesc_distributions_view_get_inspected (LescDistributionsView *self);
/* Open the inspector's sample search (Ctrl+F in the view): a number, "label 3 > 0.5", a
 * label's name; a found sample activated is inspected. */
void   lesc_distributions_view_find_sample (LescDistributionsView *self);

/* For the tests: panels drawn (ground truth included), the tooltip text at the centre of
 * sample `i` in panel `panel` (NULL when there is none), the centre of sample i in plot
 * `label` of `panel` in the view's coordinates, the label columns drawn per panel, the
 * figure widget, the inspector's bars (NULL when closed), and the Show choice ("rgb",
 * "labels", "distance"; FALSE when this data set has none such). */
guint    lesc_distributions_view_get_n_panels (LescDistributionsView *self);
char    *lesc_distributions_view_describe_point (LescDistributionsView *self, guint panel, gsize i);
gboolean lesc_distributions_view_sample_point (LescDistributionsView *self, guint panel, guint label,
                                               gsize i, double *x, double *y);
guint    lesc_distributions_view_get_n_labels_shown (LescDistributionsView *self);
/* the subtitle under panel `panel` (its run's settings and notes), NULL when it has none */
const char *lesc_distributions_view_get_subtitle (LescDistributionsView *self, guint panel);
GtkWidget *lesc_distributions_view_get_figure (LescDistributionsView *self);
const LescBarsModel *lesc_distributions_view_get_inspector (LescDistributionsView *self);
gboolean lesc_distributions_view_set_show (LescDistributionsView *self, const char *what);

G_END_DECLS
