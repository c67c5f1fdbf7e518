/* The window's Correlations view (docs/figures.md §7): pick a GLLE, LESC or gLESC run and
 * a sample (a click on the scatter, the number, or the Distributions view's inspected
 * sample) and see which samples its recovery draws on, beside the heatmap of the run's
 * graph or C in PC 1 order. The state is session/correlations.h, shared with the terminal. */
#pragma once
#include "app/results-view.h"

G_BEGIN_DECLS

#define LESC_TYPE_CORRELATIONS_VIEW (lesc_correlations_view_get_type ())
G_DECLARE_FINAL_TYPE (LescCorrelationsView, lesc_correlations_view, LESC, CORRELATIONS_VIEW, LescResultsView)

/* Select a sample (−1: none). */
void lesc_correlations_view_select (LescCorrelationsView *self, gssize sample);
gssize lesc_correlations_view_get_selected (LescCorrelationsView *self);
/* Show the run of the method named `name` ("lesc"); FALSE when there is none yet (it is
 * shown when its run comes in). */
gboolean lesc_correlations_view_show_method (LescCorrelationsView *self, const char *name);

/* For the tests: TRUE once the run's weights are in and the figure shows them. */
gboolean lesc_correlations_view_is_ready (LescCorrelationsView *self);
/* The figure's model (NULL without one) and the figure widget. */
gconstpointer lesc_correlations_view_get_model (LescCorrelationsView *self);
GtkWidget *lesc_correlations_view_get_figure (LescCorrelationsView *self);
/* Where sample i is drawn, in the view's coordinates. */
gboolean lesc_correlations_view_sample_point (LescCorrelationsView *self, gsize i, double *x, double *y);

G_END_DECLS
