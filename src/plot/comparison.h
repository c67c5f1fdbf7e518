/* A comparison of methods over data sets as every face shows it (the window's and the
 * terminal's Comparison, `lesc plot cd`): the statistics of a recovery table for one
 * measure, post-hoc test and α; what the table holds of the data sets chosen (the empty
 * state); the methods in the order of their mean ranks; p-values in words. */
#pragma once
#include "core/eval/measures.h"
#include "core/eval/stats.h"
#include "core/experiments/experiment.h"

G_BEGIN_DECLS

/* lesc_stats_compare of the table's values of `measure`, methods named by their display
 * names; NULL with the reason when fewer than two data sets have every method. */
LescStatsResult *lesc_comparison_stats (const LescRecoveryTable *t, LescMeasure measure,
                                        LescPosthoc posthoc, double alpha, GError **error);

typedef struct {
  guint datasets;     /* the data sets counted: the chosen ones the table has */
  guint methods;
  guint stored;       /* runs the store holds of them */
  guint complete;     /* data sets with a run of every method */
} LescComparisonCoverage;

/* What `t` holds of the data sets in `chosen` (NULL: all of its own); a data set matches
 * by the name given or by its file's base name without the extension. */
void lesc_comparison_coverage (const LescRecoveryTable *t, const char *const *chosen,
                               LescComparisonCoverage *out);
/* "The results store has 3 of the 21 runs asked for (3 data sets × 7 methods); 0 of the 3
 * data sets have a result of every method, and a diagram needs at least two." */
char *lesc_comparison_coverage_text (const LescComparisonCoverage *c);

/* The indices 0 … k−1 ordered by rank, best (lowest) first; ties keep their order. */
guint *lesc_comparison_rank_order (const double *ranks, guint k);

/* "p = 0.012", "p = 3.1e-05", "p < 1e-300" (a p-value below what a double tells apart). */
char *lesc_format_p (double p);

G_END_DECLS
