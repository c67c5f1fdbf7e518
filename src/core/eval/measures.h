/* The six LE measures (docs/methods.md §3): per row, then the mean over rows. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

typedef enum {
  LESC_MEASURE_CHEB,
  LESC_MEASURE_CLARK,
  LESC_MEASURE_CANBER,
  LESC_MEASURE_KL,
  LESC_MEASURE_COSINE,
  LESC_MEASURE_INTERSEC,
  LESC_N_MEASURES
} LescMeasure;

typedef enum {
  LESC_KL_TRUTH_RECOVERED,   /* KL(truth‖recovered), the paper's definition; default */
  LESC_KL_RECOVERED_TRUTH,   /* KL(recovered‖truth) with +Inf rows dropped (official demos) */
} LescKlDirection;

const char *lesc_measure_key (LescMeasure m);       /* "cheb", "clark", "canber", "kl", "cosine", "intersec" */
const char *lesc_measure_title (LescMeasure m);     /* "Chebyshev", … */
gboolean    lesc_measure_lower_is_better (LescMeasure m);
/* Parse a key (case-insensitive; also full names); FALSE when unknown. */
gboolean    lesc_measure_from_string (const char *s, LescMeasure *out);

const char *lesc_kl_direction_key (LescKlDirection d); /* "truth-recovered", "recovered-truth" */
const char *lesc_kl_direction_title (LescKlDirection d); /* "KL(truth‖recovered)", … */
gboolean    lesc_kl_direction_from_string (const char *s, LescKlDirection *out);

/* All six measures between `truth` and `recovered` (same shape, n ≥ 1, o ≥ 1, every
 * entry finite; LESC_ERROR_DATA otherwise), indexed by LescMeasure.
 * Clark and Canberra: a term with r_j = p_j = 0 contributes 0. KL: 0·ln(0/q) = 0 for
 * every q ≥ 0 in both directions; truth-recovered gives +Inf when r_j > 0 = p_j (the mean
 * is then +Inf: an output with exact zeros, such as the `published` KM, scores ∞);
 * recovered-truth deletes rows whose value is +Inf (truth 0 where the recovery is not), as
 * the official demos do (mean of no rows: NaN). A row of zeros makes Cosine NaN. */
gboolean lesc_measures_compute (const LescMatrix *truth, const LescMatrix *recovered,
                                LescKlDirection kl, double out[LESC_N_MEASURES], GError **error);
/* The same; `kl_rows` (may be NULL) receives the number of rows the KL mean is over
 * (n for truth-recovered; n minus the deleted +Inf rows for recovered-truth). */
gboolean lesc_measures_compute_full (const LescMatrix *truth, const LescMatrix *recovered,
                                     LescKlDirection kl, double out[LESC_N_MEASURES],
                                     gsize *kl_rows, GError **error);

/* Both KL directions at once, indexed by LescKlDirection; every value NaN when `truth` is
 * NULL (data without ground truth: nothing to score against), which is no error. */
gboolean lesc_measures_compute_both (const LescMatrix *truth, const LescMatrix *recovered,
                                     double out[2][LESC_N_MEASURES], GError **error);

/* Rows of `truth` holding a zero: the rows KL(recovered‖truth) may leave out. */
gsize lesc_kl_dropped_rows (const LescMatrix *truth);
/* The line that says KL(recovered‖truth) left rows out of its mean, naming `where` (the
 * data): exactly `n - kl_rows` of `n` (`exact`), or up to `n - kl_rows` (a data set's
 * rows holding a zero, before any recovery). */
char *lesc_kl_dropped_note (const char *where, gsize dropped, gsize n, gboolean exact);
/* One measure per sample (n values into `out`): the row values the means above are made
 * of, with the same conventions (KL may be +Inf). */
gboolean lesc_measures_per_sample (const LescMatrix *truth, const LescMatrix *recovered,
                                   LescKlDirection kl, LescMeasure measure, double *out,
                                   GError **error);

/* Ranks of `n` results on each measure. `values` and `ranks` are n × LESC_N_MEASURES,
 * row-major; rank 1 is the best in the measure's direction, tied values share their mean
 * rank, an infinite value ranks as such (a KL of ∞ last), and a missing one (NaN) gets no
 * rank. The window's and the terminal's Measures tables rank with it. `average` (n, may be NULL)
 * receives each result's mean rank over the six measures (NaN when one is missing). */
void lesc_measures_rank (const double *values, gsize n, double *ranks, double *average);

G_END_DECLS
