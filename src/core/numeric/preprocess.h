/* Input preparation shared by every method: z-scoring and duplicate feature rows. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* (x − mean) / std per column, std with divisor n − 1; a constant column becomes zeros
 * (docs/methods.md §1.2). Returns a new matrix. */
LescMatrix *lesc_zscore (const LescMatrix *x);
/* Its two halves, for applying a data set's scaling to new samples: the column means and
 * standard deviations (1 for a constant column; caller allocates x->cols each), and
 * (x − mean) / sd per column. lesc_zscore (x) is exactly apply (x, stats (x)). */
void lesc_zscore_stats (const LescMatrix *x, double *mean, double *sd);
LescMatrix *lesc_zscore_apply (const LescMatrix *x, const double *mean, const double *sd);

/* Groups of identical rows (exact equality). group[i] = index of row i's group, groups
 * numbered 0..m−1 in order of first occurrence; returns m (the number of distinct rows).
 * `first` (may be NULL) receives, per group, its first row (caller allocates n). */
gsize lesc_distinct_rows (const LescMatrix *x, gsize *group, gsize *first);

G_END_DECLS
