/* The Optimizer view (teaching): the LE optimizer of one GLLE/LESC/gLESC run — the
 * objective and the six measures against the iteration, the reference's 300-iteration
 * cap and the converged optimum marked (the optimizer painter of src/plot) — and, beside
 * it, the distributions at the iteration the scrubber (or Play) shows. */
#pragma once
#include <adwaita.h>
#include "app/results-view.h"
#include "app/result.h"

G_BEGIN_DECLS

#define LESC_TYPE_OPTIMIZER_VIEW (lesc_optimizer_view_get_type ())
G_DECLARE_FINAL_TYPE (LescOptimizerView, lesc_optimizer_view, LESC, OPTIMIZER_VIEW, LescResultsView)

void lesc_optimizer_view_set_data (LescOptimizerView *self, LescDataObject *data);
/* Show the runs of `method` (GLLE, LESC or gLESC); FALSE for another method. */
gboolean lesc_optimizer_view_select_method (LescOptimizerView *self, const LescMethod *method);
/* The finished run shown (a result with a trace), or NULL. */
LescResult *lesc_optimizer_view_get_result (LescOptimizerView *self);
/* The curve drawn now: its points (iterations, objective; borrowed) and their number, 0
 * when nothing is drawn. */
guint lesc_optimizer_view_get_curve (LescOptimizerView *self, const double **iterations,
                                     const double **objective);
/* Show the snapshot at or before `iteration` (as the scrubber does). */
void lesc_optimizer_view_show_iteration (LescOptimizerView *self, guint iteration);
/* The result's optimum became known: draw its line. */
void lesc_optimizer_view_optimum_changed (LescOptimizerView *self);

/* Signal "optimum-requested" (LescResult *result): the converged optimum of `result`'s
 * settings is wanted (its line). */

G_END_DECLS
