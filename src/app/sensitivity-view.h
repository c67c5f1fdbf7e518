/* The Sensitivity view: the λ₁ × λ₂ heatmap of LESC or gLESC for one measure (the
 * heatmap painter of src/plot); clicking a cell asks for that run's distributions. */
#pragma once
#include <adwaita.h>
#include "app/job.h"
#include "core/methods/method.h"

G_BEGIN_DECLS

#define LESC_TYPE_SENSITIVITY_VIEW (lesc_sensitivity_view_get_type ())
G_DECLARE_FINAL_TYPE (LescSensitivityView, lesc_sensitivity_view, LESC, SENSITIVITY_VIEW, GtkWidget)

/* The methods offered: those with parameters lambda1 and lambda2 (LESC, gLESC). */
const LescMethod *lesc_sensitivity_view_get_method (LescSensitivityView *self);
/* Keep the output of a finished grid job (a LescGrid) for its method. */
void lesc_sensitivity_view_add_grid (LescSensitivityView *self, LescJob *job);
/* Forget every grid (another data set). */
void lesc_sensitivity_view_clear (LescSensitivityView *self);
/* The cells of a grid being computed (a store lookup job whose output is a LescGrid with
 * the missing cells empty): painted until the finished grid replaces them. */
void lesc_sensitivity_view_show_partial (LescSensitivityView *self, LescJob *lookup);
/* The heatmap's title (for the tests), NULL without one. */
const char *lesc_sensitivity_view_get_title (LescSensitivityView *self);
/* The λ values of the next grid (default 10⁻⁴ … 10³ for both). */
void lesc_sensitivity_view_set_lambdas (LescSensitivityView *self, const double *lambda1, guint n1,
                                        const double *lambda2, guint n2);
const double *lesc_sensitivity_view_get_lambda1 (LescSensitivityView *self, guint *n);
const double *lesc_sensitivity_view_get_lambda2 (LescSensitivityView *self, guint *n);
/* Ask for the grid of the chosen method (as the Compute button does). */
void lesc_sensitivity_view_compute (LescSensitivityView *self);
/* Choose the method shown (by registry name); FALSE when it is not offered. */
gboolean lesc_sensitivity_view_select_method (LescSensitivityView *self, const char *name);
/* The values drawn now (rows λ₁, columns λ₂, row-major), or NULL. */
const double *lesc_sensitivity_view_get_values (LescSensitivityView *self, guint *rows, guint *cols);
/* For the tests: activate cell (row i1 = λ₁, column i2 = λ₂) as a click would. */
gboolean lesc_sensitivity_view_activate_cell (LescSensitivityView *self, guint i1, guint i2);

/* Signals:
 * "compute-requested" (gpointer method): compute the grid of `method`.
 * "cell-activated" (gpointer method, double lambda1, double lambda2). */

G_END_DECLS
