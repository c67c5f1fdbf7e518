/* The λ strip view (teaching): the recovered distributions of one LE method for λ₁ ∈
 * {10⁻⁴ … 10³} side by side (and λ₂ in a second row when asked), in the Distributions
 * figure's colours (the strip painter of src/plot). Cells are filled in the background,
 * nearest to the current value first, by strip jobs the window queues when nothing else
 * runs; clicking a cell sets that value. */
#pragma once
#include <adwaita.h>
#include "app/data-object.h"
#include "app/job.h"
#include "app/method-panel.h"
#include "plot/strip.h"

G_BEGIN_DECLS

#define LESC_TYPE_STRIP_VIEW (lesc_strip_view_get_type ())
G_DECLARE_FINAL_TYPE (LescStripView, lesc_strip_view, LESC, STRIP_VIEW, GtkWidget)

/* The panel whose settings the strip follows. */
void lesc_strip_view_set_panel (LescStripView *self, LescMethodPanel *panel);
void lesc_strip_view_set_data (LescStripView *self, LescDataObject *data);
const LescMethod *lesc_strip_view_get_method (LescStripView *self);
gboolean lesc_strip_view_select_method (LescStripView *self, const LescMethod *method);
/* Ask for the λ₂ row too. */
void lesc_strip_view_set_lambda2_row (LescStripView *self, gboolean on);

/* A job computing the cells not computed yet (nearest to the current value first), or
 * NULL when every cell is there. */
LescJob *lesc_strip_view_new_fill_job (LescStripView *self);
/* Take the cells a strip job computed (its provisional or final output). */
void lesc_strip_view_add_cells (LescStripView *self, LescJob *job);
/* Cells of the current setting still missing. */
guint lesc_strip_view_get_n_missing (LescStripView *self);
/* The distributions of a cell (row 0: λ₁, row 1: λ₂), NULL when not computed. */
const LescMatrix *lesc_strip_view_get_cell (LescStripView *self, guint row, guint col);
/* The value of a cell. */
double lesc_strip_view_get_value (LescStripView *self, guint col);
/* Other than three labels: the cells show label j (FALSE: no such label). */
gboolean lesc_strip_view_select_label (LescStripView *self, guint j);
/* The strip as drawn (title, cells' colours), NULL when empty. */
const LescStripModel *lesc_strip_view_get_model (LescStripView *self);
/* For the tests: activate a cell as a click would. */
gboolean lesc_strip_view_activate_cell (LescStripView *self, guint row, guint col);

/* Signals:
 * "cell-activated" (gpointer method, gchararray param, double value): show that run.
 * "fill-requested": cells are missing (the settings or the rows changed). */

G_END_DECLS
