/* The Measures view: one row per method run on the current data set with the six
 * measures, their ranks among the rows and the average rank; sortable by every column,
 * the best value of each column in bold. */
#pragma once
#include <adwaita.h>
#include "app/results-view.h"

G_BEGIN_DECLS

#define LESC_TYPE_MEASURES_VIEW (lesc_measures_view_get_type ())
G_DECLARE_FINAL_TYPE (LescMeasuresView, lesc_measures_view, LESC, MEASURES_VIEW, LescResultsView)

/* Its results and KL direction: lesc_results_view_set_results, _set_kl. */

/* For the tests: the number of rows and the row of a method (by registry name). */
guint    lesc_measures_view_get_n_rows (LescMeasuresView *self);
/* The user's runs queued or under way: the empty state says so instead of "press Run". */
void     lesc_measures_view_set_runs_queued (LescMeasuresView *self, guint runs);
/* The empty state's title ("No Results Yet", "Runs Under Way"), for the tests. */
const char *lesc_measures_view_get_empty_title (LescMeasuresView *self);
gboolean lesc_measures_view_get_row (LescMeasuresView *self, const char *method,
                                     double values[LESC_N_MEASURES],
                                     double ranks[LESC_N_MEASURES], double *average_rank);

G_END_DECLS
