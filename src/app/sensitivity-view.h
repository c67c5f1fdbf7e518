/* The Sensitivity view: the λ₁ × λ₂ heatmap of LESC or gLESC for one measure (the
 * heatmap painter of src/plot); clicking a cell asks for that run's distributions. */
#pragma once
#include <adwaita.h>
#include "app/job.h"
#include "core/method.h"

G_BEGIN_DECLS

#define LESC_TYPE_SENSITIVITY_VIEW (lesc_sensitivity_view_get_type ())
G_DECLARE_FINAL_TYPE (LescSensitivityView, lesc_sensitivity_view, LESC, SENSITIVITY_VIEW, GtkWidget)

/* The methods offered: those with parameters lambda1 and lambda2 (LESC, gLESC). */
const LescMethod *lesc_sensitivity_view_get_method (LescSensitivityView *self);
/* Keep the output of a finished grid job (a LescGrid) for its method. */
void lesc_sensitivity_view_add_grid (LescSensitivityView *self, LescJob *job);
/* Forget every grid (another data set). */
void lesc_sensitivity_view_clear (LescSensitivityView *self);
/* For the tests: activate cell (row i1 = λ₁, column i2 = λ₂) as a click would. */
gboolean lesc_sensitivity_view_activate_cell (LescSensitivityView *self, guint i1, guint i2);

/* Signals:
 * "compute-requested" (gpointer method): compute the grid of `method`.
 * "cell-activated" (gpointer method, double lambda1, double lambda2). */

G_END_DECLS
