/* The Comparison view: the critical-difference diagram of the methods across the data
 * sets of the results store (the CD painter of src/plot, statistics from src/core), with
 * the omnibus and post-hoc numbers beside it. */
#pragma once
#include <adwaita.h>
#include "app/job.h"

G_BEGIN_DECLS

#define LESC_TYPE_COMPARISON_VIEW (lesc_comparison_view_get_type ())
G_DECLARE_FINAL_TYPE (LescComparisonView, lesc_comparison_view, LESC, COMPARISON_VIEW, GtkWidget)

/* Show the output of a finished recovery-table job (a LescRecoveryTable). */
void lesc_comparison_view_set_job (LescComparisonView *self, LescJob *job);
/* TRUE once a table has been read. */
gboolean lesc_comparison_view_has_table (LescComparisonView *self);
/* Ask for the missing runs (as the button does), or to read the store again. */
void lesc_comparison_view_compute (LescComparisonView *self);
void lesc_comparison_view_refresh (LescComparisonView *self);
/* For the tests: data sets used and methods of the diagram (0 when none). */
guint lesc_comparison_view_get_n_datasets (LescComparisonView *self);

/* Signals: "refresh-requested" (read the store), "compute-requested" (compute what is
 * missing). */

G_END_DECLS
