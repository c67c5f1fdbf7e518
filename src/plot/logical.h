/* The "Logical labels" panel of the Distributions figure (docs/figures.md §2): the 0/1
 * labels a method starts from, at the same positions and in the same layout as the
 * recovered distributions. One rule for the window and the terminal explorer. */
#pragma once
#include "plot/scatter.h"

G_BEGIN_DECLS

/* Append the panel named `name` showing `logical` (n×c, the model's label columns) to a
 * model built without it, so that it plays no part in the stretch or the colour scales:
 * RGB style paints each sample as its labels unstretched (label 1 red, 2 green, 3 blue:
 * a sample with labels 1 and 3 is magenta, one with none black); heatmap style paints 0
 * and 1 on each label's scale. */
void lesc_scatter_model_append_logical (LescScatterModel *m, const char *name,
                                        const LescMatrix *logical);
/* The Distributions figure with its Logical labels panel last: `tables` as in
 * lesc_scatter_model_new (n_panels may be 0: the logical labels alone, as for own data
 * before a run), then the panel of `logical` (NULL: none). */
LescScatterModel *lesc_scatter_model_new_with_logical (const LescMatrix *xy, gboolean grid,
                                                       const char *x_label, const char *y_label,
                                                       guint n_panels, const char *const *names,
                                                       const LescMatrix *const *tables,
                                                       const char *logical_name,
                                                       const LescMatrix *logical,
                                                       const LescScatterOptions *opt,
                                                       GError **error);
/* The colour of the 0/1 vector (l₁, l₂, l₃) in RGB style. */
void lesc_logical_rgb (double l1, double l2, double l3, double rgb[3]);

G_END_DECLS
