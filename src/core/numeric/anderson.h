/* Anderson acceleration of a fixed-point iteration x ← g(x) (type II, as Walker & Ni
 * 2011 write it): the next point is g(x_k) − ΔG γ, with γ the least-squares fit of the
 * residual f_k = g(x_k) − x_k by the last `memory` residual differences ΔF. Used by FCM
 * (docs/methods.md §8.1, docs/speed.md). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct _LescAnderson LescAnderson;

/* An accelerator for vectors of `size` entries that keeps up to `memory` differences
 * (at most `size`). */
LescAnderson *lesc_anderson_new (gsize size, guint memory);
void lesc_anderson_free (LescAnderson *a);
/* Forget the differences: the next step is the plain one, x ← g. */
void lesc_anderson_reset (LescAnderson *a);
/* Given x_k and g(x_k), writes x_{k+1} into `next` (which may be x). Returns FALSE
 * when it took the plain step g(x_k) (no differences yet, or the fit failed). */
gboolean lesc_anderson_step (LescAnderson *a, const double *x, const double *g, double *next);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescAnderson, lesc_anderson_free)

G_END_DECLS
