/* Statistics for comparing k methods over N data sets (docs/statistics.md): ranks, the Friedman
 * and Iman–Davenport omnibus tests, Nemenyi and Bonferroni–Dunn critical differences,
 * pairwise Wilcoxon signed-rank tests with Holm's correction, cliques of methods with no
 * significant difference, and the paired t-test of the cross-validation.
 *
 * The building blocks are public so that tables and tests can use them alone;
 * lesc_stats_compare() puts them together for a critical-difference diagram.
 *
 * Note: the first call of a function that uses GSL integration or root finding turns
 * GSL's abort-on-error handler off (gsl_set_error_handler_off) for the whole process;
 * the core library reports failures through GError and return values, never aborts. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* ---- Ranks (§2) ------------------------------------------------------------------ */

typedef enum {
  LESC_RANK_TIES_MID, /* tied values share the mean of the ranks they span (statistics) */
  LESC_RANK_TIES_MIN, /* competition ranks 1, 1, 3: only to reproduce the paper's columns */
} LescRankTies;

/* Rank the k values v[0..k-1] (rank 1 = best: lowest when lower_is_better, else highest).
 * Values are compared exactly. */
void lesc_stats_rank (const double *v, gsize k, gboolean lower_is_better, LescRankTies ties,
                      double *ranks);

/* The N×k rank matrix of an N×k table (rows = data sets, columns = methods), every row
 * ranked on its own. Rows must be finite (lesc_stats_compare leaves out the others). */
LescMatrix *lesc_stats_rank_table (const LescMatrix *table, gboolean lower_is_better,
                                   LescRankTies ties);

/* Column means of a rank matrix: the k mean ranks. */
void lesc_stats_mean_ranks (const LescMatrix *ranks, double *mean_ranks);

/* ---- Omnibus tests (§3, §4) -------------------------------------------------------- */

typedef struct {
  gsize n, k;
  double chi2, chi2_p;       /* Friedman χ²_F (no tie correction), df k − 1 */
  double chi2_tc, chi2_tc_p; /* tie-corrected (scipy's friedmanchisquare) */
  double ff, ff_p;           /* Iman–Davenport F_F from the uncorrected χ²_F; +Inf, p = 0
                                when every data set ranks the methods identically */
  double ff_df1, ff_df2;     /* k − 1, (k − 1)(N − 1) */
} LescFriedman;

/* ---- Studentized range, Nemenyi, Bonferroni–Dunn (§5, §6) --------------------------- */

/* P(W ≤ w) for the range W of k independent standard normals (infinite df). */
double lesc_stats_ptukey_inf (double w, gsize k);
/* The w with P(W ≤ w) = p, to about 1e-11 (0 < p < 1, k ≥ 2). */
double lesc_stats_qtukey_inf (double p, gsize k);
/* Nemenyi's q_α = Q_{1−α}(k, ∞) / √2. */
double lesc_stats_nemenyi_q (double alpha, gsize k);
/* Bonferroni–Dunn's q_α = Φ⁻¹(1 − α / (2(k − 1))). */
double lesc_stats_bonferroni_dunn_q (double alpha, gsize k);
/* CD = q · sqrt(k(k + 1) / (6N)). */
double lesc_stats_critical_difference (double q, gsize k, gsize n);

/* ---- Wilcoxon signed-rank test (§7) ---------------------------------------------- */

typedef enum {
  LESC_WILCOXON_PRATT,  /* rank all |d| with the zeros, then drop the zeros (default) */
  LESC_WILCOXON_ZSPLIT, /* zeros keep their ranks, split evenly between R+ and R−; every
                           one of the N ranks is given a random sign under the null */
  LESC_WILCOXON_WILCOX, /* zeros dropped before ranking */
} LescWilcoxonZeros;

#define LESC_WILCOXON_EXACT_MAX 25 /* exact distribution up to this many signed ranks */

typedef struct {
  double r_plus, r_minus; /* rank sums; d > 0 means method a is better */
  double t;               /* min(R+, R−) */
  gsize n_nonzero;        /* n′: nonzero differences */
  gsize n_zeros;
  gsize n_signed;         /* ranks with a random sign under the null: n′, or N for zsplit */
  double z;               /* (R+ − mean) / sd, no continuity correction; 0 when identical */
  double p_exact;         /* exact two-sided p (NaN when n_signed > 25) */
  double p_normal;        /* normal-approximation two-sided p */
  double p;               /* the reported one: exact when n_signed ≤ 25, else normal */
  gboolean exact;         /* p is p_exact */
  gboolean identical;     /* n′ = 0: p = 1 */
} LescWilcoxon;

/* Paired two-sided test of a against b over n data sets: d_i = s·(a_i − b_i) with
 * s = −1 when lower_is_better (d > 0: a better). Values are compared exactly: round
 * first if ties at table precision are wanted. FALSE (LESC_ERROR_DATA) when n = 0 or a
 * value is not finite. */
gboolean lesc_stats_wilcoxon (const double *a, const double *b, gsize n, gboolean lower_is_better,
                              LescWilcoxonZeros zeros, LescWilcoxon *out, GError **error);

/* ---- Holm (§8) ----------------------------------------------------------------- */

/* Holm's step-down adjusted p-values, in input order: adjusted may alias p. */
void lesc_stats_holm (const double *p, gsize m, double *adjusted);

/* ---- Cliques (§9) -------------------------------------------------------------- */

typedef struct {
  gsize n_members;
  gsize *members; /* method indices, by ascending mean rank (then index) */
  double lo, hi;  /* the lowest and highest mean rank of the members */
} LescClique;

/* The maximal cliques (≥ 2 members) of the graph on k methods whose edges are the
 * pairs with connected[i·k + j] TRUE (symmetric), Bron–Kerbosch with pivoting, sorted by
 * lo then hi. `interval_closure` widens each to every method whose mean rank lies in
 * [lo, hi] and drops the groups that are then not maximal (critdd's behaviour).
 * Returns a GPtrArray of LescClique* (freed with the array). */
GPtrArray *lesc_stats_cliques (const gboolean *connected, gsize k, const double *mean_ranks,
                               gboolean interval_closure);

/* ---- The comparison behind a critical-difference diagram ------------------------ */

typedef enum {
  LESC_POSTHOC_WILCOXON_HOLM,  /* the paper's (default) */
  LESC_POSTHOC_NEMENYI,
  LESC_POSTHOC_BONFERRONI_DUNN, /* all against one control */
} LescPosthoc;

typedef enum {
  LESC_OMNIBUS_IMAN_DAVENPORT, /* Demšar's recommendation (default) */
  LESC_OMNIBUS_FRIEDMAN,
  LESC_OMNIBUS_FRIEDMAN_TIES,  /* tie-corrected χ²_F (the paper's tool) */
} LescOmnibus;

typedef struct {
  LescPosthoc posthoc;
  LescOmnibus omnibus;
  double alpha;                 /* 0.05 */
  LescWilcoxonZeros zeros;      /* PRATT */
  gboolean interval_closure;    /* FALSE */
  gssize control;               /* Bonferroni–Dunn control; −1: the best mean rank */
  int round_decimals;           /* round values to this many decimals before ranking and
                                   testing; −1 (default): compare exactly */
} LescStatsOptions;

void lesc_stats_options_init (LescStatsOptions *options);

const char *lesc_posthoc_key (LescPosthoc p);  /* "wilcoxon-holm", "nemenyi", "bonferroni-dunn" */
gboolean    lesc_posthoc_from_string (const char *s, LescPosthoc *out);
const char *lesc_omnibus_key (LescOmnibus o);  /* "iman-davenport", "friedman", "friedman-ties" */
gboolean    lesc_omnibus_from_string (const char *s, LescOmnibus *out);

/* Pairs i < j in the order (0,1), (0,2), …, (0,k−1), (1,2), …: index of pair (i, j). */
static inline gsize
lesc_stats_pair_index (gsize i, gsize j, gsize k)
{
  return i * k - i * (i + 1) / 2 + (j - i - 1);
}

typedef struct {
  LescStatsOptions options;
  gsize n, k;              /* complete data sets used, methods */
  char **names;            /* k method names (NULL-terminated) */
  GArray *dropped;         /* guint row indices of the table left out (incomplete) */
  LescMatrix *ranks;       /* N×k mid-ranks of the data sets used */
  double *mean_ranks;      /* k */

  LescFriedman friedman;
  double omnibus_p;        /* the gate's p-value */
  gboolean omnibus_not_significant; /* omnibus_p > α: no pairwise claims */

  double nemenyi_q, nemenyi_cd;   /* at α */
  double bd_q, bd_cd;             /* Bonferroni–Dunn at α */
  gsize control;                  /* Bonferroni–Dunn control */
  LescMatrix *nemenyi_p;          /* k×k pairwise p (diagonal 1) */

  LescWilcoxon *wilcoxon;         /* k(k−1)/2 pairs, a = i, b = j (i < j) */
  LescMatrix *wilcoxon_p;         /* k×k raw two-sided p (diagonal 1) */
  LescMatrix *holm_p;             /* k×k Holm-adjusted over the k(k−1)/2 pairs */

  gboolean *significant;          /* k×k, the chosen post-hoc at α (Bonferroni–Dunn: only
                                     pairs with the control can be TRUE) */
  GPtrArray *posthoc_cliques;     /* LescClique*: the post-hoc's groups (empty for
                                     Bonferroni–Dunn, drawn as R_control ± CD); exploratory
                                     when the omnibus test is not significant */
  GPtrArray *cliques;             /* what to draw: posthoc_cliques, or one group of all k
                                     when omnibus_not_significant */
} LescStatsResult;

/* Compare k methods over N data sets (N×k `table`, rows = data sets, columns = methods;
 * `names` k method names). Incomplete rows are dropped and listed; N ≥ 2 and k ≥ 2 are
 * required after that (LESC_ERROR_DATA), 0 < α < 1 and a valid control (LESC_ERROR_USAGE).
 * `options` may be NULL for the defaults. */
LescStatsResult *lesc_stats_compare (const LescMatrix *table, const char *const *names,
                                     gboolean lower_is_better, const LescStatsOptions *options,
                                     GError **error);
void lesc_stats_result_free (LescStatsResult *r);

/* ---- Paired t-test of the cross-validation (§10) ---------------------------------- */

typedef struct {
  gsize folds;
  double t, df, p;          /* two-sided; t > 0: B is better */
  double mean_diff, sd_diff;
  double mean_a, sd_a, mean_b, sd_b; /* divisor F − 1 */
} LescTTest;

/* A and B over the same F ≥ 2 folds: d_f = s·(a_f − b_f), s = +1 when lower_is_better,
 * −1 otherwise. s_d = 0: t = 0, p = 1 when d̄ = 0, else t = ±Inf, p = 0. */
gboolean lesc_stats_paired_ttest (const double *a, const double *b, gsize folds,
                                  gboolean lower_is_better, LescTTest *out, GError **error);
/* 2·P(T_df ≥ |t|). */
double lesc_stats_t_two_sided_p (double t, double df);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescStatsResult, lesc_stats_result_free)

G_END_DECLS
