/* The Comparison view: the critical-difference diagram of the methods across the data
 * sets of the results store (the CD painter of src/plot, statistics from src/core), with
 * the omnibus and post-hoc numbers beside it. */
#pragma once
#include <adwaita.h>
#include "app/job.h"
#include "core/methods/method.h"

G_BEGIN_DECLS

#define LESC_TYPE_COMPARISON_VIEW (lesc_comparison_view_get_type ())
G_DECLARE_FINAL_TYPE (LescComparisonView, lesc_comparison_view, LESC, COMPARISON_VIEW, GtkWidget)

/* The data sets offered: the built-in one (not chosen) and `files` of the data folder
 * `folder` (paths; all chosen). */
void     lesc_comparison_view_set_folder (LescComparisonView *self, const char *folder, GPtrArray *files);
/* The chosen data sets (specs, in the list's order). */
GStrv    lesc_comparison_view_dup_chosen (LescComparisonView *self);
gboolean lesc_comparison_view_set_chosen (LescComparisonView *self, const char *spec, gboolean chosen);
/* The parameter set: each method's defaults (FALSE) or λ tuned per data set (TRUE). */
gboolean lesc_comparison_view_get_tuned (LescComparisonView *self);
void     lesc_comparison_view_set_tuned (LescComparisonView *self, gboolean tuned);
/* What will run, with what, and about how long it takes (the window writes it). */
void        lesc_comparison_view_set_setup_text (LescComparisonView *self, const char *text);
const char *lesc_comparison_view_get_setup_text (LescComparisonView *self);

/* Show the output of a finished recovery-table job (a LescRecoveryTable). */
void lesc_comparison_view_set_job (LescComparisonView *self, LescJob *job);
/* TRUE once a table has been read. */
gboolean lesc_comparison_view_has_table (LescComparisonView *self);
/* Ask for the missing runs (as the button does), or to read the store again. */
void lesc_comparison_view_compute (LescComparisonView *self);
void lesc_comparison_view_refresh (LescComparisonView *self);
/* The diagram and p-values are of other methods than the side bar's ticks: shown faded,
 * captioned "stale — recomputing" (figure.h) until the next table, or not. */
void     lesc_comparison_view_set_stale (LescComparisonView *self, gboolean stale);
gboolean lesc_comparison_view_get_stale (LescComparisonView *self);
/* The methods of the table shown (n 0 without one). */
const LescMethod *const *lesc_comparison_view_get_methods (LescComparisonView *self, guint *n);
/* For the tests: data sets used and methods of the diagram (0 when none). */
guint lesc_comparison_view_get_n_datasets (LescComparisonView *self);

/* Signals: "refresh-requested" (read the store), "compute-requested" (compute what is
 * missing), "setup-changed" (the chosen data sets or the parameter set changed). */

G_END_DECLS
