/* Statistics (docs/statistics.md): every test vector of §11, the q table, the paper subset of
 * the reference folder, and the edge cases. */
#include "core/base/error.h"
#include "core/eval/stats.h"
#include "testutil.h"

#include <math.h>
#include <string.h>

/* |x − expected| within one unit of the last printed decimal */
static void
assert_decimals (double x, double expected, int decimals)
{
  double tol = pow (10.0, -decimals);
  if (!(fabs (x - expected) <= tol))
    g_error ("%.12g differs from %.*f by more than %g", x, decimals, expected, tol);
}

static LescMatrix *
from_rows (gsize rows, gsize cols, const double *row_major)
{
  LescMatrix *m = lesc_matrix_new (rows, cols);
  for (gsize i = 0; i < rows; i++)
    for (gsize j = 0; j < cols; j++)
      LESC_AT (m, i, j) = row_major[i * cols + j];
  return m;
}

/* A clique given as a list of method indices, order irrelevant. */
static gboolean
clique_is (const LescClique *c, const gsize *members, gsize n)
{
  if (c->n_members != n)
    return FALSE;
  for (gsize i = 0; i < n; i++)
    {
      gboolean found = FALSE;
      for (gsize j = 0; j < n; j++)
        found |= c->members[j] == members[i];
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* ---- §11.1 Demšar ----------------------------------------------------------------- */

enum { C45, C45M, C45CF, C45MCF };
static const char *const demsar_names[] = { "C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf" };
static const double demsar[14 * 4] = {
  0.763, 0.768, 0.771, 0.798, 0.599, 0.591, 0.590, 0.569, 0.954, 0.971, 0.968, 0.967,
  0.628, 0.661, 0.654, 0.657, 0.882, 0.888, 0.886, 0.898, 0.936, 0.931, 0.916, 0.931,
  0.661, 0.668, 0.609, 0.685, 0.583, 0.583, 0.563, 0.625, 0.775, 0.838, 0.866, 0.875,
  1.000, 1.000, 1.000, 1.000, 0.940, 0.962, 0.965, 0.962, 0.619, 0.666, 0.614, 0.669,
  0.972, 0.981, 0.9751, 0.975, 0.957, 0.978, 0.946, 0.970,
};

/* The table ×10⁴ as integers (docs/statistics.md §11: exact differences for Wilcoxon). */
static LescMatrix *
demsar_table (void)
{
  LescMatrix *m = from_rows (14, 4, demsar);
  for (gsize i = 0; i < 14 * 4; i++)
    m->data[i] = round (m->data[i] * 1e4);
  return m;
}

static LescStatsResult *
demsar_compare (LescPosthoc posthoc, double alpha, gboolean closure)
{
  g_autoptr (LescMatrix) t = demsar_table ();
  LescStatsOptions o;
  lesc_stats_options_init (&o);
  o.posthoc = posthoc;
  o.alpha = alpha;
  o.interval_closure = closure;
  g_autoptr (GError) error = NULL;
  LescStatsResult *r = lesc_stats_compare (t, demsar_names, FALSE, &o, &error);
  g_assert_no_error (error);
  return r;
}

static void
test_demsar_omnibus (void)
{
  g_autoptr (LescStatsResult) r = demsar_compare (LESC_POSTHOC_NEMENYI, 0.05, FALSE);
  g_assert_cmpuint (r->n, ==, 14);
  g_assert_cmpuint (r->k, ==, 4);
  g_assert_cmpuint (r->dropped->len, ==, 0);
  g_assert_cmpfloat_with_epsilon (r->mean_ranks[C45], 22.0 / 7, 1e-12);
  g_assert_cmpfloat_with_epsilon (r->mean_ranks[C45M], 2.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (r->mean_ranks[C45CF], 81.0 / 28, 1e-12);
  g_assert_cmpfloat_with_epsilon (r->mean_ranks[C45MCF], 55.0 / 28, 1e-12);
  assert_decimals (r->friedman.chi2, 9.2785714, 7);
  assert_decimals (r->friedman.chi2_p, 0.0258075, 7);
  assert_decimals (r->friedman.chi2_tc, 10.2283465, 7);
  assert_decimals (r->friedman.chi2_tc_p, 0.0167216, 7);
  assert_decimals (r->friedman.ff, 3.6863130, 7);
  assert_decimals (r->friedman.ff_p, 0.0198230, 7);
  g_assert_cmpfloat (r->friedman.ff_df1, ==, 3);
  g_assert_cmpfloat (r->friedman.ff_df2, ==, 39);
  g_assert_cmpfloat (r->omnibus_p, ==, r->friedman.ff_p);
  g_assert_false (r->omnibus_not_significant);
  /* the same ranks from the decimal table (ranking does not need the ×10⁴) */
  g_autoptr (LescMatrix) dec = from_rows (14, 4, demsar);
  g_autoptr (LescMatrix) ranks = lesc_stats_rank_table (dec, FALSE, LESC_RANK_TIES_MID);
  double mr[4];
  lesc_stats_mean_ranks (ranks, mr);
  for (int j = 0; j < 4; j++)
    g_assert_cmpfloat_with_epsilon (mr[j], r->mean_ranks[j], 1e-12);
}

static void
test_demsar_nemenyi (void)
{
  g_autoptr (LescStatsResult) r05 = demsar_compare (LESC_POSTHOC_NEMENYI, 0.05, FALSE);
  g_autoptr (LescStatsResult) r10 = demsar_compare (LESC_POSTHOC_NEMENYI, 0.10, FALSE);
  assert_decimals (r05->nemenyi_cd, 1.253559, 6);
  assert_decimals (r10->nemenyi_cd, 1.118060, 6);
  assert_decimals (r05->bd_cd, 1.168143, 6);
  assert_decimals (r10->bd_cd, 1.038380, 6);
  const struct { int a, b; double p; } pairs[] = {
    { C45, C45M, 0.088673 }, { C45, C45CF, 0.956177 }, { C45, C45MCF, 0.074185 },
    { C45M, C45CF, 0.259228 }, { C45M, C45MCF, 0.999859 }, { C45CF, C45MCF, 0.226697 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      assert_decimals (LESC_AT (r05->nemenyi_p, pairs[i].a, pairs[i].b), pairs[i].p, 6);
      assert_decimals (LESC_AT (r05->nemenyi_p, pairs[i].b, pairs[i].a), pairs[i].p, 6);
    }
  /* α = 0.05: one group of all four */
  g_assert_cmpuint (r05->cliques->len, ==, 1);
  const gsize all[] = { 0, 1, 2, 3 };
  g_assert_true (clique_is (g_ptr_array_index (r05->cliques, 0), all, 4));
  /* α = 0.10: {C4.5+m+cf, C4.5+m, C4.5+cf}, {C4.5+cf, C4.5}, sorted by left end */
  g_assert_cmpuint (r10->cliques->len, ==, 2);
  const gsize g1[] = { C45MCF, C45M, C45CF }, g2[] = { C45CF, C45 };
  const LescClique *c0 = g_ptr_array_index (r10->cliques, 0), *c1 = g_ptr_array_index (r10->cliques, 1);
  g_assert_true (clique_is (c0, g1, 3));
  g_assert_true (clique_is (c1, g2, 2));
  g_assert_cmpuint (c0->members[0], ==, C45MCF); /* by ascending mean rank */
  g_assert_cmpfloat (c0->lo, ==, r10->mean_ranks[C45MCF]);
  g_assert_cmpfloat (c0->hi, ==, r10->mean_ranks[C45CF]);
  g_assert_true (r10->significant[C45 * 4 + C45M]);
  g_assert_true (r10->significant[C45M * 4 + C45]);
  g_assert_false (r10->significant[C45 * 4 + C45CF]);
}

static void
test_demsar_wilcoxon (void)
{
  g_autoptr (LescMatrix) t = demsar_table ();
  const struct {
    int a, b;
    double rp, rm;
    gsize n1;
    double p_exact, z, p_normal, holm;
  } rows[] = {
    { C45M, C45, 91.5, 10.5, 12, 0.0078125, 2.549364, 0.0107920, 0.046875 },
    { C45CF, C45, 55, 49, 13, 0.8659668, 0.188469, 0.8505092, 0.9003906 },
    { C45MCF, C45, 91, 13, 13, 0.0112305, 2.450094, 0.0142819, 0.0561523 },
    { C45CF, C45M, 21, 83, 13, 0.0529785, -1.948953, 0.0513010, 0.1589355 },
    { C45MCF, C45M, 62, 37, 11, 0.4501953, 0.790372, 0.4293106, 0.9003906 },
    { C45MCF, C45CF, 85.5, 18.5, 13, 0.0334473, 2.104568, 0.0353289, 0.1337891 },
  };
  g_autoptr (LescStatsResult) r = demsar_compare (LESC_POSTHOC_WILCOXON_HOLM, 0.05, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      LescWilcoxon w;
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_stats_wilcoxon (&LESC_AT (t, 0, rows[i].a), &LESC_AT (t, 0, rows[i].b), 14,
                                          FALSE, LESC_WILCOXON_PRATT, &w, &error));
      g_assert_cmpfloat (w.r_plus, ==, rows[i].rp);
      g_assert_cmpfloat (w.r_minus, ==, rows[i].rm);
      g_assert_cmpfloat (w.t, ==, MIN (rows[i].rp, rows[i].rm));
      g_assert_cmpuint (w.n_nonzero, ==, rows[i].n1);
      g_assert_cmpuint (w.n_zeros, ==, 14 - rows[i].n1);
      g_assert_true (w.exact);
      g_assert_false (w.identical);
      assert_decimals (w.p_exact, rows[i].p_exact, 7);
      g_assert_cmpfloat (w.p, ==, w.p_exact);
      assert_decimals (w.z, rows[i].z, 6);
      assert_decimals (w.p_normal, rows[i].p_normal, 7);
      /* the result's matrices: raw p and Holm p̃ */
      assert_decimals (LESC_AT (r->wilcoxon_p, rows[i].a, rows[i].b), rows[i].p_exact, 7);
      assert_decimals (LESC_AT (r->holm_p, rows[i].a, rows[i].b), rows[i].holm, 7);
      assert_decimals (LESC_AT (r->holm_p, rows[i].b, rows[i].a), rows[i].holm, 7);
      /* the result stores pair (i < j) with a = i: R+ and R− swapped when a > b here */
      gsize lo = MIN (rows[i].a, rows[i].b), hi = MAX (rows[i].a, rows[i].b);
      const LescWilcoxon *stored = &r->wilcoxon[lesc_stats_pair_index (lo, hi, 4)];
      g_assert_cmpfloat (stored->r_plus, ==, lo == (gsize) rows[i].a ? rows[i].rp : rows[i].rm);
      g_assert_cmpfloat_with_epsilon (stored->p, w.p, 1e-15);
    }
  /* only C4.5+m vs C4.5 is significant at 0.05 */
  for (gsize i = 0; i < 4; i++)
    for (gsize j = 0; j < 4; j++)
      g_assert_cmpint (r->significant[i * 4 + j], ==,
                       (i == C45 && j == C45M) || (i == C45M && j == C45));
  /* the non-contiguous cliques */
  g_assert_cmpuint (r->cliques->len, ==, 2);
  const gsize g1[] = { C45, C45CF, C45MCF }, g2[] = { C45M, C45CF, C45MCF };
  g_assert_true (clique_is (g_ptr_array_index (r->cliques, 0), g1, 3)
                 || clique_is (g_ptr_array_index (r->cliques, 1), g1, 3));
  g_assert_true (clique_is (g_ptr_array_index (r->cliques, 0), g2, 3)
                 || clique_is (g_ptr_array_index (r->cliques, 1), g2, 3));
  const LescClique *first = g_ptr_array_index (r->cliques, 0);
  g_assert_true (clique_is (first, g2, 3)); /* same left end 1.964; right end 2.893 < 3.143 */
  /* interval closure: one group of all four */
  g_autoptr (LescStatsResult) rc = demsar_compare (LESC_POSTHOC_WILCOXON_HOLM, 0.05, TRUE);
  g_assert_cmpuint (rc->cliques->len, ==, 1);
  const gsize all[] = { 0, 1, 2, 3 };
  g_assert_true (clique_is (g_ptr_array_index (rc->cliques, 0), all, 4));
}

static void
test_demsar_zero_options (void)
{
  g_autoptr (LescMatrix) t = demsar_table ();
  LescWilcoxon w;
  g_assert_true (lesc_stats_wilcoxon (&LESC_AT (t, 0, C45M), &LESC_AT (t, 0, C45), 14, FALSE,
                                      LESC_WILCOXON_ZSPLIT, &w, NULL));
  g_assert_cmpfloat (w.r_plus, ==, 93);
  g_assert_cmpfloat (w.r_minus, ==, 12);
  g_assert_cmpuint (w.n_signed, ==, 14);
  /* zsplit's normal statistic uses all N ranks: mean N(N+1)/4, variance with the zeros'
   * tie group (t = 2) and the nonzero ties */
  g_assert_true (lesc_stats_wilcoxon (&LESC_AT (t, 0, C45M), &LESC_AT (t, 0, C45), 14, FALSE,
                                      LESC_WILCOXON_WILCOX, &w, NULL));
  g_assert_cmpfloat (w.r_plus, ==, 71.5); /* ranks 1..12 over the nonzero differences */
  g_assert_cmpfloat (w.r_minus, ==, 6.5);
  g_assert_cmpuint (w.n_signed, ==, 12);
  /* Pratt's and wilcox's p differ: the ranks differ */
  LescWilcoxon pr;
  g_assert_true (lesc_stats_wilcoxon (&LESC_AT (t, 0, C45M), &LESC_AT (t, 0, C45), 14, FALSE,
                                      LESC_WILCOXON_PRATT, &pr, NULL));
  g_assert_cmpfloat (pr.p, !=, w.p);
}

/* ---- §11.2 Zar ---------------------------------------------------------------------- */

static void
test_zar (void)
{
  const double zar[] = { 7.0, 5.3, 4.9, 8.8, 9.9, 5.7, 7.6, 8.9, 8.5, 4.7, 5.5, 8.1,
                         5.1, 3.5, 2.8, 3.3, 10.3, 7.7, 8.4, 9.1 };
  g_autoptr (LescMatrix) t = from_rows (5, 4, zar);
  const double hi[] = { 1.2, 3.4, 3.4, 2.0 }, lo[] = { 3.8, 1.6, 1.6, 3.0 };
  for (int dir = 0; dir < 2; dir++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LescStatsResult) r = lesc_stats_compare (t, NULL, dir == 1, NULL, &error);
      g_assert_no_error (error);
      for (int j = 0; j < 4; j++)
        g_assert_cmpfloat_with_epsilon (r->mean_ranks[j], dir == 1 ? lo[j] : hi[j], 1e-12);
      g_assert_cmpfloat_with_epsilon (r->friedman.chi2, 10.68, 1e-12);
      g_assert_cmpfloat_with_epsilon (r->friedman.chi2_tc, 10.68, 1e-12);
      assert_decimals (r->friedman.chi2_p, 0.0135883, 7);
      g_assert_cmpfloat_with_epsilon (r->friedman.chi2_tc_p, r->friedman.chi2_p, 1e-15);
      assert_decimals (r->friedman.ff, 9.888889, 6);
      g_assert_cmpfloat (r->friedman.ff_df2, ==, 12);
      assert_decimals (r->friedman.ff_p, 0.00145188, 8);
      g_assert_cmpstr (r->names[3], ==, "4");
    }
}

/* ---- §5, §6 the q table ---------------------------------------------------------- */

static void
test_q_table (void)
{
  const double table[][4] = {
    { 1.959964, 1.644854, 1.959964, 1.644854 }, { 2.343701, 2.052293, 2.241403, 1.959964 },
    { 2.569032, 2.291341, 2.393980, 2.128045 }, { 2.727774, 2.459516, 2.497705, 2.241403 },
    { 2.849705, 2.588521, 2.575829, 2.326348 }, { 2.948320, 2.692732, 2.638257, 2.393980 },
    { 3.030878, 2.779884, 2.690110, 2.449998 }, { 3.101730, 2.854606, 2.734369, 2.497705 },
    { 3.163684, 2.919889, 2.772921, 2.539185 },
  };
  for (gsize k = 2; k <= 10; k++)
    {
      const double *row = table[k - 2];
      g_assert_cmpfloat_with_epsilon (lesc_stats_nemenyi_q (0.05, k), row[0], 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_stats_nemenyi_q (0.10, k), row[1], 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_stats_bonferroni_dunn_q (0.05, k), row[2], 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_stats_bonferroni_dunn_q (0.10, k), row[3], 1e-6);
    }
  const struct { gsize k; double q05, q10; } large[] = {
    { 11, 3.218654, 2.977768 }, { 12, 3.268004, 3.029694 }, { 15, 3.391230, 3.159199 },
    { 20, 3.543799, 3.319233 }, { 25, 3.657861, 3.438651 }, { 30, 3.748578, 3.533492 },
    { 50, 3.992343, 3.787750 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (large); i++)
    {
      g_assert_cmpfloat_with_epsilon (lesc_stats_nemenyi_q (0.05, large[i].k), large[i].q05, 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_stats_nemenyi_q (0.10, large[i].k), large[i].q10, 1e-6);
    }
  /* published tables: Demšar (3 decimals), Orange (6 decimals, k = 8) */
  g_assert_cmpfloat_with_epsilon (lesc_stats_nemenyi_q (0.05, 3), 2.343, 1e-3);
  g_assert_cmpfloat_with_epsilon (lesc_stats_nemenyi_q (0.05, 7), 2.949, 1e-3);
  g_assert_cmpfloat_with_epsilon (lesc_stats_nemenyi_q (0.05, 8), 3.030879, 2e-6);
  /* k = 2 in closed form: P(|Z1 − Z2| ≤ w) = 2Φ(w/√2) − 1 */
  g_assert_cmpfloat_with_epsilon (lesc_stats_ptukey_inf (1.0, 2), erf (0.5), 1e-13);
  g_assert_cmpfloat_with_epsilon (lesc_stats_ptukey_inf (3.0, 2), erf (1.5), 1e-13);
  g_assert_cmpfloat (lesc_stats_ptukey_inf (0.0, 5), ==, 0.0);
  /* the quantile inverts the distribution function */
  double w = lesc_stats_qtukey_inf (0.9, 6);
  g_assert_cmpfloat_with_epsilon (lesc_stats_ptukey_inf (w, 6), 0.9, 1e-12);
  /* outside Brent's default bracket [0.5, 10] */
  w = lesc_stats_qtukey_inf (0.1, 2);
  g_assert_cmpfloat_with_epsilon (erf (w / 2), 0.1, 1e-11);
  /* CD = q sqrt(k(k + 1)/(6N)) */
  g_assert_cmpfloat_with_epsilon (lesc_stats_critical_difference (2.0, 4, 14), 2.0 * sqrt (20.0 / 84), 1e-15);
}

/* ---- §8 Holm ---------------------------------------------------------------------- */

static void
test_holm (void)
{
  const double p[] = { 0.01, 0.04, 0.03, 0.005 };
  const double expect[] = { 0.03, 0.06, 0.06, 0.02 };
  double adj[4];
  lesc_stats_holm (p, 4, adj);
  for (int i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (adj[i], expect[i], 1e-15);
  /* in place, and the min(1, ·) cap */
  double q[] = { 0.5, 0.2, 0.9 };
  lesc_stats_holm (q, 3, q);
  g_assert_cmpfloat_with_epsilon (q[1], 0.6, 1e-15);
  g_assert_cmpfloat (q[0], ==, 1.0);
  g_assert_cmpfloat (q[2], ==, 1.0);
}

/* ---- §10 t-test ---------------------------------------------------------------------- */

static void
test_ttest (void)
{
  const double d[] = { 0.012, 0.020, -0.004, 0.031, 0.000, 0.018, 0.009, 0.027, -0.011, 0.015 };
  const double zero[10] = { 0 };
  LescTTest t;
  g_autoptr (GError) error = NULL;
  /* lower is better: d = a − b; t > 0 means b is better */
  g_assert_true (lesc_stats_paired_ttest (d, zero, 10, TRUE, &t, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (t.mean_diff, 0.0117, 1e-15);
  g_assert_cmpfloat_with_epsilon (t.sd_diff, 0.0134664191, 1e-10);
  assert_decimals (t.t, 2.7474749, 7);
  g_assert_cmpfloat (t.df, ==, 9);
  assert_decimals (t.p, 0.0225699, 7);
  g_assert_cmpfloat_with_epsilon (t.mean_a, 0.0117, 1e-15);
  g_assert_cmpfloat (t.sd_b, ==, 0);
  /* higher is better: the sign flips, p does not */
  LescTTest h;
  g_assert_true (lesc_stats_paired_ttest (d, zero, 10, FALSE, &h, NULL));
  g_assert_cmpfloat_with_epsilon (h.t, -t.t, 1e-12);
  g_assert_cmpfloat_with_epsilon (h.p, t.p, 1e-15);
  /* from the paper */
  assert_decimals (lesc_stats_t_two_sided_p (2.8896, 9), 0.0178959, 7);
  assert_decimals (lesc_stats_t_two_sided_p (0.0691, 9), 0.946421, 6);
  assert_decimals (lesc_stats_t_two_sided_p (-2.1394, 9), 0.061081, 6);
  /* s_d = 0 */
  const double c1[] = { 0.3, 0.3, 0.3 }, c2[] = { 0.1, 0.1, 0.1 };
  g_assert_true (lesc_stats_paired_ttest (c1, c1, 3, TRUE, &t, NULL));
  g_assert_cmpfloat (t.t, ==, 0);
  g_assert_cmpfloat (t.p, ==, 1);
  g_assert_true (lesc_stats_paired_ttest (c1, c2, 3, TRUE, &t, NULL));
  g_assert_true (isinf (t.t) && t.t > 0);
  g_assert_cmpfloat (t.p, ==, 0);
  /* errors */
  g_assert_false (lesc_stats_paired_ttest (c1, c2, 1, TRUE, &t, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);
  const double bad[] = { 0.1, NAN, 0.2 };
  g_assert_false (lesc_stats_paired_ttest (c1, bad, 3, TRUE, &t, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
}

/* ---- §2 ranks ---------------------------------------------------------------------- */

static void
test_ranks (void)
{
  const double v[] = { 0.2, 0.1, 0.2, 0.5, 0.1 };
  double r[5];
  lesc_stats_rank (v, 5, TRUE, LESC_RANK_TIES_MID, r);
  const double mid_low[] = { 3.5, 1.5, 3.5, 5, 1.5 };
  for (int i = 0; i < 5; i++)
    g_assert_cmpfloat (r[i], ==, mid_low[i]);
  lesc_stats_rank (v, 5, TRUE, LESC_RANK_TIES_MIN, r);
  const double min_low[] = { 3, 1, 3, 5, 1 };
  for (int i = 0; i < 5; i++)
    g_assert_cmpfloat (r[i], ==, min_low[i]);
  lesc_stats_rank (v, 5, FALSE, LESC_RANK_TIES_MID, r);
  const double mid_high[] = { 2.5, 4.5, 2.5, 1, 4.5 };
  for (int i = 0; i < 5; i++)
    g_assert_cmpfloat (r[i], ==, mid_high[i]);
  lesc_stats_rank (v, 5, FALSE, LESC_RANK_TIES_MIN, r);
  const double min_high[] = { 2, 4, 2, 1, 4 };
  for (int i = 0; i < 5; i++)
    g_assert_cmpfloat (r[i], ==, min_high[i]);
}

/* ---- §9 cliques on a hand graph -------------------------------------------------------- */

static void
test_cliques_graph (void)
{
  /* path A – B – C and an isolated D: {A, B}, {B, C}; D alone is not a group */
  const gboolean adj[16] = {
    0, 1, 0, 0,
    1, 0, 1, 0,
    0, 1, 0, 0,
    0, 0, 0, 0,
  };
  const double ranks[] = { 1.0, 2.0, 3.0, 4.0 };
  g_autoptr (GPtrArray) c = lesc_stats_cliques (adj, 4, ranks, FALSE);
  g_assert_cmpuint (c->len, ==, 2);
  const gsize ab[] = { 0, 1 }, bc[] = { 1, 2 };
  g_assert_true (clique_is (g_ptr_array_index (c, 0), ab, 2));
  g_assert_true (clique_is (g_ptr_array_index (c, 1), bc, 2));
  /* A ~ C with B (between them in rank) not adjacent to either: closure gives {A, B, C} */
  const gboolean adj2[16] = {
    0, 0, 1, 0,
    0, 0, 0, 0,
    1, 0, 0, 0,
    0, 0, 0, 0,
  };
  g_autoptr (GPtrArray) c2 = lesc_stats_cliques (adj2, 4, ranks, FALSE);
  const gsize ac[] = { 0, 2 }, abc[] = { 0, 1, 2 };
  g_assert_cmpuint (c2->len, ==, 1);
  g_assert_true (clique_is (g_ptr_array_index (c2, 0), ac, 2));
  g_autoptr (GPtrArray) c3 = lesc_stats_cliques (adj2, 4, ranks, TRUE);
  g_assert_cmpuint (c3->len, ==, 1);
  g_assert_true (clique_is (g_ptr_array_index (c3, 0), abc, 3));
  /* complete graph on 6: one clique */
  gboolean full[36];
  for (int i = 0; i < 36; i++)
    full[i] = i % 7 != 0;
  const double r6[] = { 6, 5, 4, 3, 2, 1 };
  g_autoptr (GPtrArray) c4 = lesc_stats_cliques (full, 6, r6, FALSE);
  g_assert_cmpuint (c4->len, ==, 1);
  const LescClique *all = g_ptr_array_index (c4, 0);
  g_assert_cmpuint (all->n_members, ==, 6);
  g_assert_cmpuint (all->members[0], ==, 5);
  g_assert_cmpfloat (all->lo, ==, 1);
  g_assert_cmpfloat (all->hi, ==, 6);
}

/* ---- Wilcoxon: the exact distribution against enumeration, the normal route ------------ */

static void
test_wilcoxon_exact_enumeration (void)
{
  /* ties and zeros: |d| = 0, 1, 1, 2, 3, 3, 3, 5, 8 with mixed signs */
  const double a[] = { 0, 1, -1, 2, 3, -3, 3, -5, 8 };
  const double b[9] = { 0 };
  LescWilcoxon w;
  g_assert_true (lesc_stats_wilcoxon (a, b, 9, FALSE, LESC_WILCOXON_PRATT, &w, NULL));
  g_assert_cmpuint (w.n_nonzero, ==, 8);
  /* ranks over all nine: 0 → 1; 1, 1 → 2.5; 2 → 4; 3, 3, 3 → 6; 5 → 8; 8 → 9 */
  const double r[] = { 2.5, 2.5, 4, 6, 6, 6, 8, 9 };
  const double sign[] = { 1, -1, 1, 1, -1, 1, -1, 1 };
  double rp = 0;
  for (int i = 0; i < 8; i++)
    rp += sign[i] > 0 ? r[i] : 0;
  g_assert_cmpfloat (w.r_plus, ==, rp);
  /* enumerate the 2⁸ sign patterns */
  int le = 0, ge = 0;
  for (int mask = 0; mask < 256; mask++)
    {
      double s = 0;
      for (int i = 0; i < 8; i++)
        if (mask & (1 << i))
          s += r[i];
      le += s <= rp;
      ge += s >= rp;
    }
  double p = MIN (1.0, 2.0 * MIN (le, ge) / 256.0);
  g_assert_cmpfloat_with_epsilon (w.p_exact, p, 1e-15);
  /* the normal variance of the spec, N = 9, n₀ = 1, tie groups of 2 and 3 */
  double var = 9 * 10 * 19 / 24.0 - 1 * 2 * 3 / 24.0 - (6 + 24) / 48.0;
  double mean = 9 * 10 / 4.0 - 1 * 2 / 4.0;
  g_assert_cmpfloat_with_epsilon (w.z, (rp - mean) / sqrt (var), 1e-14);

  /* lower is better flips the sign: R+ and R− swap */
  LescWilcoxon l;
  g_assert_true (lesc_stats_wilcoxon (a, b, 9, TRUE, LESC_WILCOXON_PRATT, &l, NULL));
  g_assert_cmpfloat (l.r_plus, ==, w.r_minus);
  g_assert_cmpfloat (l.r_minus, ==, w.r_plus);
  g_assert_cmpfloat_with_epsilon (l.p, w.p, 1e-15);
}

static void
test_wilcoxon_normal (void)
{
  /* N = 30 > 25: normal approximation; d_i = i, all positive */
  double a[30], b[30] = { 0 };
  for (int i = 0; i < 30; i++)
    a[i] = i + 1;
  LescWilcoxon w;
  g_assert_true (lesc_stats_wilcoxon (a, b, 30, FALSE, LESC_WILCOXON_PRATT, &w, NULL));
  g_assert_false (w.exact);
  g_assert_true (isnan (w.p_exact));
  g_assert_cmpfloat (w.r_plus, ==, 465);
  double z = (465 - 232.5) / sqrt (30.0 * 31 * 61 / 24);
  g_assert_cmpfloat_with_epsilon (w.z, z, 1e-13);
  g_assert_cmpfloat_with_epsilon (w.p, erfc (z / M_SQRT2), 1e-15);
  /* with 4 zeros and ties, the mean and variance of docs/statistics.md §7 */
  for (int i = 0; i < 4; i++)
    a[i] = 0;
  a[10] = a[11] = a[12] = -20; /* ties among the nonzero, and a tie with +20 (index 19) */
  g_assert_true (lesc_stats_wilcoxon (a, b, 30, FALSE, LESC_WILCOXON_PRATT, &w, NULL));
  g_assert_false (w.exact);
  g_assert_cmpuint (w.n_nonzero, ==, 26);
  /* |d| groups among the nonzero: 20 appears 4 times (−20 ×3, +20 ×1) */
  const double N = 30, n0 = 4;
  double mean = N * (N + 1) / 4 - n0 * (n0 + 1) / 4;
  double var = N * (N + 1) * (2 * N + 1) / 24 - n0 * (n0 + 1) * (2 * n0 + 1) / 24 - (64 - 4) / 48.0;
  g_assert_cmpfloat_with_epsilon (w.z, (w.r_plus - mean) / sqrt (var), 1e-13);
  g_assert_cmpfloat_with_epsilon (w.p, 2 * 0.5 * erfc (fabs (w.z) / M_SQRT2), 1e-15);
}

/* ---- §11.5 edge cases -------------------------------------------------------------------- */

static void
test_edge_k2 (void)
{
  const double v[] = { 1, 2, 1, 3, 2, 1, 5, 4 };
  g_autoptr (LescMatrix) t = from_rows (4, 2, v);
  g_autoptr (LescStatsResult) r = lesc_stats_compare (t, NULL, TRUE, NULL, NULL);
  g_assert_nonnull (r);
  g_assert_cmpfloat_with_epsilon (r->nemenyi_q, 1.959964, 1e-6);
  g_assert_cmpfloat_with_epsilon (r->nemenyi_cd, 1.959964 * sqrt (6.0 / 24), 1e-6);
  g_assert_cmpfloat_with_epsilon (r->bd_q, r->nemenyi_q, 1e-9);
  g_assert_cmpfloat_with_epsilon (r->mean_ranks[0] + r->mean_ranks[1], 3.0, 1e-15);
}

static void
test_edge_all_equal (void)
{
  double v[5 * 3];
  for (int i = 0; i < 15; i++)
    v[i] = 0.25 * (i / 3);
  g_autoptr (LescMatrix) t = from_rows (5, 3, v);
  for (int test = 0; test < 3; test++)
    {
      LescStatsOptions o;
      lesc_stats_options_init (&o);
      o.posthoc = (LescPosthoc) test;
      o.omnibus = LESC_OMNIBUS_FRIEDMAN_TIES;
      g_autoptr (LescStatsResult) r = lesc_stats_compare (t, NULL, TRUE, &o, NULL);
      g_assert_cmpfloat (r->friedman.chi2, ==, 0);
      g_assert_cmpfloat (r->friedman.chi2_p, ==, 1);
      g_assert_cmpfloat (r->friedman.chi2_tc_p, ==, 1);
      g_assert_cmpfloat (r->friedman.ff, ==, 0);
      g_assert_cmpfloat (r->friedman.ff_p, ==, 1);
      for (int j = 0; j < 3; j++)
        g_assert_cmpfloat (r->mean_ranks[j], ==, 2);
      g_assert_true (r->omnibus_not_significant);
      g_assert_cmpuint (r->cliques->len, ==, 1);
      g_assert_cmpuint (((LescClique *) g_ptr_array_index (r->cliques, 0))->n_members, ==, 3);
      g_assert_true (r->wilcoxon[0].identical);
      g_assert_cmpfloat (r->wilcoxon[0].p, ==, 1);
      g_assert_cmpfloat (LESC_AT (r->holm_p, 0, 2), ==, 1);
      if (test != LESC_POSTHOC_BONFERRONI_DUNN)
        g_assert_cmpuint (r->posthoc_cliques->len, ==, 1);
      else
        g_assert_cmpuint (r->posthoc_cliques->len, ==, 0);
    }
}

static void
test_edge_identical_rankings (void)
{
  /* N = 6 data sets, k = 4, always ordered 0 < 1 < 2 < 3 (lower is better) */
  double v[6 * 4];
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 4; j++)
      v[i * 4 + j] = 0.1 * (i + 1) + j;
  g_autoptr (LescMatrix) t = from_rows (6, 4, v);
  g_autoptr (LescStatsResult) r = lesc_stats_compare (t, NULL, TRUE, NULL, NULL);
  g_assert_cmpfloat (r->friedman.chi2, ==, 6.0 * 3);
  g_assert_true (isinf (r->friedman.ff) && r->friedman.ff > 0);
  g_assert_cmpfloat (r->friedman.ff_p, ==, 0);
  g_assert_false (r->omnibus_not_significant);
  g_assert_cmpuint (r->control, ==, 0);
  /* exact Wilcoxon on 6 pairs, all one sign: p = 2/64 */
  g_assert_cmpfloat_with_epsilon (r->wilcoxon[0].p, 2.0 / 64, 1e-15);
  g_assert_cmpfloat (r->wilcoxon[0].r_plus, ==, 21);
}

static void
test_edge_errors_and_dropped (void)
{
  g_autoptr (GError) error = NULL;
  const double one[] = { 0.1, 0.2, 0.3 };
  g_autoptr (LescMatrix) t1 = from_rows (1, 3, one);
  g_assert_null (lesc_stats_compare (t1, NULL, TRUE, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);

  /* a NaN and an Inf row dropped and listed; ties inside data sets keep Σ R = k(k+1)/2 */
  const double v[] = { 0.1, 0.1, 0.3, 0.2, 0.2, 0.2, NAN, 0.1, 0.2, 0.4, 0.3, 0.3,
                       0.5, INFINITY, 0.1, 0.3, 0.1, 0.2 };
  g_autoptr (LescMatrix) t = from_rows (6, 3, v);
  g_autoptr (LescStatsResult) r = lesc_stats_compare (t, NULL, TRUE, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->n, ==, 4);
  g_assert_cmpuint (r->dropped->len, ==, 2);
  g_assert_cmpuint (g_array_index (r->dropped, guint, 0), ==, 2);
  g_assert_cmpuint (g_array_index (r->dropped, guint, 1), ==, 4);
  g_assert_cmpfloat (LESC_AT (r->ranks, 0, 0), ==, 1.5);
  g_assert_cmpfloat (LESC_AT (r->ranks, 1, 2), ==, 2);
  g_assert_cmpfloat_with_epsilon (r->mean_ranks[0] + r->mean_ranks[1] + r->mean_ranks[2], 6.0, 1e-14);
  /* rows kept: (0.1,0.1,0.3) (0.2,0.2,0.2) (0.4,0.3,0.3) (0.3,0.1,0.2) */
  g_assert_cmpfloat_with_epsilon (r->mean_ranks[0], (1.5 + 2 + 3 + 3) / 4, 1e-15);

  /* with the NaN rows all but one data set is gone */
  const double w[] = { NAN, 1, 2, 1, 2, 3 };
  g_autoptr (LescMatrix) tw = from_rows (2, 3, w);
  g_assert_null (lesc_stats_compare (tw, NULL, TRUE, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);

  /* k = 1, bad alpha, bad control */
  g_autoptr (LescMatrix) k1 = lesc_matrix_new (5, 1);
  g_assert_null (lesc_stats_compare (k1, NULL, TRUE, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);
  LescStatsOptions o;
  lesc_stats_options_init (&o);
  o.alpha = 1.5;
  g_assert_null (lesc_stats_compare (t, NULL, TRUE, &o, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  lesc_stats_options_init (&o);
  o.control = 3;
  g_assert_null (lesc_stats_compare (t, NULL, TRUE, &o, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);

  /* Wilcoxon: identical columns, no data */
  LescWilcoxon wx;
  g_assert_true (lesc_stats_wilcoxon (one, one, 3, TRUE, LESC_WILCOXON_PRATT, &wx, NULL));
  g_assert_true (wx.identical);
  g_assert_cmpfloat (wx.p, ==, 1);
  g_assert_false (lesc_stats_wilcoxon (one, one, 0, TRUE, LESC_WILCOXON_PRATT, &wx, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
}

/* ---- the omnibus gate, rounding, Bonferroni–Dunn ------------------------------------------ */

static void
test_gate_and_options (void)
{
  g_autoptr (LescMatrix) t = demsar_table ();
  LescStatsOptions o;
  lesc_stats_options_init (&o);
  o.alpha = 0.02; /* F_F p 0.0198 and tie-corrected p 0.0167 pass; plain χ² p 0.0258 fails */
  g_autoptr (LescStatsResult) id = lesc_stats_compare (t, demsar_names, FALSE, &o, NULL);
  g_assert_false (id->omnibus_not_significant);
  o.omnibus = LESC_OMNIBUS_FRIEDMAN_TIES;
  g_autoptr (LescStatsResult) ft = lesc_stats_compare (t, demsar_names, FALSE, &o, NULL);
  g_assert_false (ft->omnibus_not_significant);
  g_assert_cmpfloat (ft->omnibus_p, ==, ft->friedman.chi2_tc_p);
  o.omnibus = LESC_OMNIBUS_FRIEDMAN;
  g_autoptr (LescStatsResult) fr = lesc_stats_compare (t, demsar_names, FALSE, &o, NULL);
  g_assert_true (fr->omnibus_not_significant);
  g_assert_cmpfloat (fr->omnibus_p, ==, fr->friedman.chi2_p);
  /* no pairwise claims: one group of all; the post-hoc groups are still there */
  g_assert_cmpuint (fr->cliques->len, ==, 1);
  g_assert_cmpuint (((LescClique *) g_ptr_array_index (fr->cliques, 0))->n_members, ==, 4);
  g_assert_cmpuint (fr->posthoc_cliques->len, ==, 1); /* at 0.02 no Holm p̃ ≤ α */
  g_assert_cmpstr (fr->names[1], ==, "C4.5+m");

  /* Bonferroni–Dunn against the best (C4.5+m+cf), α = 0.10, CD 1.038380:
   * C4.5 (3.143 − 1.964 = 1.179) differs, C4.5+cf (0.929) does not */
  lesc_stats_options_init (&o);
  o.posthoc = LESC_POSTHOC_BONFERRONI_DUNN;
  o.alpha = 0.10;
  g_autoptr (LescStatsResult) bd = lesc_stats_compare (t, demsar_names, FALSE, &o, NULL);
  g_assert_cmpuint (bd->control, ==, C45MCF);
  g_assert_true (bd->significant[C45MCF * 4 + C45]);
  g_assert_false (bd->significant[C45MCF * 4 + C45CF]);
  g_assert_false (bd->significant[C45 * 4 + C45M]); /* not a comparison with the control */
  g_assert_cmpuint (bd->posthoc_cliques->len, ==, 0);
  o.control = C45;
  g_autoptr (LescStatsResult) bd2 = lesc_stats_compare (t, demsar_names, FALSE, &o, NULL);
  g_assert_cmpuint (bd2->control, ==, C45);
  g_assert_true (bd2->significant[C45 * 4 + C45M]);

  /* rounding to 2 decimals creates ties: 0.768 and 0.771 both become 0.77 */
  g_autoptr (LescMatrix) dec = from_rows (14, 4, demsar);
  lesc_stats_options_init (&o);
  o.round_decimals = 2;
  g_autoptr (LescStatsResult) rd = lesc_stats_compare (dec, NULL, FALSE, &o, NULL);
  g_assert_cmpfloat (LESC_AT (rd->ranks, 0, 1), ==, 2.5); /* 0.76, 0.77, 0.77, 0.80 */
  g_assert_cmpfloat (LESC_AT (rd->ranks, 0, 2), ==, 2.5);
  g_assert_cmpfloat (LESC_AT (rd->ranks, 0, 0), ==, 4);
  g_autoptr (LescStatsResult) exact = lesc_stats_compare (dec, NULL, FALSE, NULL, NULL);
  g_assert_cmpfloat (LESC_AT (exact->ranks, 0, 1), ==, 3);

  /* keys */
  LescPosthoc ph;
  LescOmnibus om;
  g_assert_true (lesc_posthoc_from_string ("nemenyi", &ph));
  g_assert_cmpint (ph, ==, LESC_POSTHOC_NEMENYI);
  g_assert_cmpstr (lesc_posthoc_key (LESC_POSTHOC_WILCOXON_HOLM), ==, "wilcoxon-holm");
  g_assert_true (lesc_omnibus_from_string ("friedman-ties", &om));
  g_assert_cmpint (om, ==, LESC_OMNIBUS_FRIEDMAN_TIES);
  g_assert_false (lesc_omnibus_from_string ("anova", &om));
}

/* ---- reference: the paper's Table 3 subset ------------------------------------------------ */

static void
test_paper_subset (void)
{
  const char *dir = lesc_test_reference_dir ();
  g_autofree char *path = g_build_filename (dir, "paper-table3-subset.csv", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_auto (GStrv) header = g_strsplit (lines[0], ",", -1);
  static const char *const methods[] = { "FCM", "KM", "LP", "ML", "GLLE", "LESC", "gLESC" };
  static const char *const datasets[] = { "Artificial", "SJAFFE", "Yeast-alpha", "Yeast-cold" };
  static const struct {
    const char *col;
    gboolean lower;
    double ranks[7], chi2, chi2_p, ff; /* ff 0: +Inf */
  } expect[] = {
    { "cheb", TRUE, { 5, 7, 4, 6, 3, 2, 1 }, 24, 5.2e-4, 0 },
    { "canber", TRUE, { 4.5, 7, 4.5, 6, 3, 2, 1 }, 23.571429, 6.3e-4, 165 },
    { "clark", TRUE, { 4.5, 7, 4.5, 6, 3, 2, 1 }, 23.571429, 6.3e-4, 165 },
    { "kl", TRUE, { 4.75, 7, 4.25, 6, 3, 2, 1 }, 23.678571, 6.0e-4, 221 },
    { "cosine", FALSE, { 4.75, 7, 4.25, 6, 3, 1.75, 1.25 }, 23.357143, 6.9e-4, 109 },
    { "intersec", FALSE, { 4.5, 7, 4.5, 6, 3, 2, 1 }, 23.571429, 6.3e-4, 165 },
  };
  for (guint e = 0; e < G_N_ELEMENTS (expect); e++)
    {
      int col = -1;
      for (int c = 0; header[c] != NULL; c++)
        if (strcmp (g_strstrip (header[c]), expect[e].col) == 0)
          col = c;
      g_assert_cmpint (col, >=, 0);
      g_autoptr (LescMatrix) t = lesc_matrix_new (4, 7);
      for (int i = 0; i < 4 * 7; i++)
        LESC_AT (t, i, 0) = NAN;
      for (int l = 1; lines[l] != NULL; l++)
        {
          g_auto (GStrv) f = g_strsplit (lines[l], ",", -1);
          if (g_strv_length (f) < 8)
            continue;
          int ds = -1, me = -1;
          for (int i = 0; i < 4; i++)
            if (strcmp (f[0], datasets[i]) == 0)
              ds = i;
          for (int j = 0; j < 7; j++)
            if (strcmp (f[1], methods[j]) == 0)
              me = j;
          g_assert_cmpint (ds, >=, 0);
          g_assert_cmpint (me, >=, 0);
          LESC_AT (t, ds, me) = g_ascii_strtod (f[col], NULL);
        }
      g_autoptr (GError) error = NULL;
      g_autoptr (LescStatsResult) r = lesc_stats_compare (t, methods, expect[e].lower, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (r->n, ==, 4);
      for (int j = 0; j < 7; j++)
        g_assert_cmpfloat_with_epsilon (r->mean_ranks[j], expect[e].ranks[j], 1e-12);
      assert_decimals (r->friedman.chi2, expect[e].chi2, 6);
      g_assert_cmpfloat_with_epsilon (r->friedman.chi2_p, expect[e].chi2_p, 0.05e-4);
      if (expect[e].ff == 0)
        {
          g_assert_true (isinf (r->friedman.ff));
          g_assert_cmpfloat (r->friedman.ff_p, ==, 0);
        }
      else
        {
          g_assert_cmpfloat_with_epsilon (r->friedman.ff, expect[e].ff, 1e-9);
          g_assert_cmpfloat (r->friedman.ff_p, <, 1e-12);
        }
      assert_decimals (r->nemenyi_cd, 4.503633, 6);
      /* the omnibus test rejects, yet no Wilcoxon pair can be significant with N = 4 */
      g_assert_false (r->omnibus_not_significant);
      g_assert_cmpuint (r->cliques->len, ==, 1);
      g_assert_cmpuint (((LescClique *) g_ptr_array_index (r->cliques, 0))->n_members, ==, 7);
      for (gsize p = 0; p < 21; p++)
        g_assert_cmpfloat (r->wilcoxon[p].p, >=, 0.125);
    }
  assert_decimals (lesc_stats_critical_difference (lesc_stats_nemenyi_q (0.10, 7), 7, 4), 4.113216, 6);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/stats/demsar/omnibus", test_demsar_omnibus);
  g_test_add_func ("/stats/demsar/nemenyi", test_demsar_nemenyi);
  g_test_add_func ("/stats/demsar/wilcoxon-holm", test_demsar_wilcoxon);
  g_test_add_func ("/stats/demsar/zero-options", test_demsar_zero_options);
  g_test_add_func ("/stats/zar", test_zar);
  g_test_add_func ("/stats/q-table", test_q_table);
  g_test_add_func ("/stats/holm", test_holm);
  g_test_add_func ("/stats/ttest", test_ttest);
  g_test_add_func ("/stats/ranks", test_ranks);
  g_test_add_func ("/stats/cliques-graph", test_cliques_graph);
  g_test_add_func ("/stats/wilcoxon/exact-enumeration", test_wilcoxon_exact_enumeration);
  g_test_add_func ("/stats/wilcoxon/normal", test_wilcoxon_normal);
  g_test_add_func ("/stats/edge/k2", test_edge_k2);
  g_test_add_func ("/stats/edge/all-equal", test_edge_all_equal);
  g_test_add_func ("/stats/edge/identical-rankings", test_edge_identical_rankings);
  g_test_add_func ("/stats/edge/errors-and-dropped", test_edge_errors_and_dropped);
  g_test_add_func ("/stats/gate-and-options", test_gate_and_options);
  g_test_add_func ("/stats/paper-subset", test_paper_subset);
  return g_test_run ();
}
