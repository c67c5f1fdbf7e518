/* The four baselines FCM, KM, LP and ML (docs/methods.md §8): hand-checkable cases, the
 * label-manifold QP against brute force, error paths, SJAFFE against an independent
 * numpy computation, and the `published` LP and KM against the published rows. */
#include "core/methods/baseline.h"
#include "core/data/dataset.h"
#include "core/base/error.h"
#include "core/methods/fcm.h"
#include "core/methods/lp.h"
#include "core/methods/ml.h"
#include "core/methods/run.h"
#include "core/eval/published.h"
#include "core/solvers/neighbours.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/data/matfile.h"
#include "testutil.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

static LescMatrix *
recover (const LescMethod *m, const LescMatrix *x, const LescMatrix *l, const LescRunParams *p,
         LescRunResult *result, GError **error)
{
  LescProblem problem = { x, l };
  LescRunResult local;
  memset (&local, 0, sizeof local);
  return m->recover (&problem, p, FALSE, NULL, result ? result : &local, error);
}

static void
softmax_rows (double *v, gsize n, gsize c)
{
  LescMatrix m = { n, c, v };
  lesc_matrix_row_softmax (&m);
}

static void
assert_rows_sum_to_one (const LescMatrix *d)
{
  for (gsize i = 0; i < d->rows; i++)
    {
      double s = 0.0;
      for (gsize j = 0; j < d->cols; j++)
        {
          g_assert_cmpfloat (LESC_AT (d, i, j), >, 0.0);
          s += LESC_AT (d, i, j);
        }
      g_assert_cmpfloat (fabs (s - 1.0), <, 1e-14);
    }
}

/* ---- registry entries ---- */

static void
test_registry (void)
{
  const LescMethod *all[] = { &lesc_method_fcm, &lesc_method_km, &lesc_method_lp, &lesc_method_ml };
  const char *names[] = { "fcm", "km", "lp", "ml" };
  for (guint k = 0; k < 4; k++)
    {
      g_assert_cmpstr (all[k]->name, ==, names[k]);
      g_assert_false (all[k]->has_mapping);
      g_assert_false (all[k]->uses_variant);
      g_assert_cmpint (all[k]->uses_seed, ==, k == 0);
      g_assert_nonnull (all[k]->recover);
    }
  g_assert_cmpuint (lesc_method_fcm.n_params, ==, 2);
  g_assert_cmpstr (lesc_method_fcm.params[0].name, ==, "clusters");
  g_assert_cmpfloat (lesc_method_fcm.params[0].default_value, ==, 50);
  g_assert_true (lesc_method_fcm.params[0].integer);
  g_assert_cmpstr (lesc_method_fcm.params[1].name, ==, "beta");
  g_assert_cmpfloat (lesc_method_fcm.params[1].default_value, ==, 2);
  g_assert_cmpstr (lesc_method_km.params[0].name, ==, "eta");
  g_assert_cmpfloat (lesc_method_km.params[0].default_value, ==, 1e-7);
  g_assert_cmpstr (lesc_method_lp.params[0].name, ==, "alpha");
  g_assert_cmpfloat (lesc_method_lp.params[0].default_value, ==, 0.5);
  g_assert_cmpstr (lesc_method_ml.params[0].name, ==, "neighbours");
  g_assert_cmpfloat (lesc_method_ml.params[0].default_value, ==, 0);
}

/* ---- LP ---- */

/* Equilateral triangle of side 60: every affinity exp(−1800) underflows without the guard;
 * with it P = (J − I)/2 exactly and (I − P/2)⁻¹ = 0.8 I + 0.4 J, so for α = 0.5
 * D̃ = 0.5 (0.8 L + 0.4 J L). */
static void
test_lp_triangle_by_hand (void)
{
  const double xs[] = { 0, 60, 30, 0, 0, 30 * sqrt (3.0) };
  const double ls[] = { 1, 0, 1, 0, 1, 1 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (3, 2, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (3, 2, ls);
  g_autoptr (GError) error = NULL;
  gsize isolated = 99;
  g_autoptr (LescMatrix) p = lesc_lp_transition (x, FALSE, &isolated, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isolated, ==, 0);
  for (gsize i = 0; i < 3; i++)
    for (gsize j = 0; j < 3; j++)
      g_assert_cmpfloat_with_epsilon (LESC_AT (p, i, j), i == j ? 0.0 : 0.5, 1e-12);
  g_autoptr (LescMatrix) d = lesc_lp_propagate (x, l, 0.5, FALSE, NULL, NULL, &error);
  g_assert_no_error (error);
  for (gsize j = 0; j < 2; j++)
    {
      double col = LESC_AT (l, 0, j) + LESC_AT (l, 1, j) + LESC_AT (l, 2, j);
      for (gsize i = 0; i < 3; i++)
        g_assert_cmpfloat_with_epsilon (LESC_AT (d, i, j), 0.5 * (0.8 * LESC_AT (l, i, j) + 0.4 * col),
                                        1e-12);
    }
  /* pyldl keeps Q_ii: with the shift the diagonal is exp(900) times each affinity, so P ≈ I
   * and D̃ ≈ L (what PyLDL computes, where everything off the diagonal underflows) */
  g_autoptr (LescMatrix) dp = lesc_lp_propagate (x, l, 0.5, TRUE, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (dp, l), <, 1e-12);
}

/* 5 samples in 2-d: the fixed point F = αPF + (1 − α)L with P built here from the
 * definition, and 500 steps of the iteration from F = L as an oracle; both flavours. */
static void
test_lp_fixed_point (void)
{
  const double xs[] = { 0.0, 0.5, 1.4, 2.0, 0.3,   0.0, 0.2, -0.3, 1.1, 1.6 };
  const double ls[] = { 1, 1, 0, 0, 1,   0, 1, 1, 0, 0,   0, 0, 1, 1, 0 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (5, 2, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (5, 3, ls);
  const double alpha = 0.5;
  for (int pyldl = 0; pyldl < 2; pyldl++)
    {
      double q[5][5], s[5], p[5][5];
      for (int i = 0; i < 5; i++)
        {
          s[i] = 0.0;
          for (int j = 0; j < 5; j++)
            {
              double dx = xs[i] - xs[j], dy = xs[5 + i] - xs[5 + j];
              q[i][j] = (i == j && !pyldl) ? 0.0 : exp (-(dx * dx + dy * dy) / 2.0);
              s[i] += q[i][j];
            }
        }
      for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++)
          p[i][j] = q[i][j] / sqrt (s[i] * s[j]);
      g_autoptr (GError) error = NULL;
      g_autoptr (LescMatrix) d = lesc_lp_propagate (x, l, alpha, pyldl, NULL, NULL, &error);
      g_assert_no_error (error);
      double f[5][3], g[5][3];
      for (int i = 0; i < 5; i++)
        for (int j = 0; j < 3; j++)
          f[i][j] = ls[i + 5 * j];
      for (int step = 0; step < 500; step++)
        {
          for (int i = 0; i < 5; i++)
            for (int j = 0; j < 3; j++)
              {
                double acc = 0.0;
                for (int t = 0; t < 5; t++)
                  acc += p[i][t] * f[t][j];
                g[i][j] = alpha * acc + (1 - alpha) * ls[i + 5 * j];
              }
          memcpy (f, g, sizeof f);
        }
      for (int i = 0; i < 5; i++)
        for (int j = 0; j < 3; j++)
          {
            double acc = 0.0;
            for (int t = 0; t < 5; t++)
              acc += p[i][t] * LESC_AT (d, t, j);
            g_assert_cmpfloat_with_epsilon (LESC_AT (d, i, j),
                                            alpha * acc + (1 - alpha) * ls[i + 5 * j], 1e-14);
            g_assert_cmpfloat_with_epsilon (LESC_AT (d, i, j), f[i][j], 1e-14);
          }
    }
}

/* A sample 100 units from the others: every affinity of it underflows even after the shift,
 * so it is isolated and keeps (1 − α) l_i. */
static void
test_lp_isolated (void)
{
  const double xs[] = { 0.0, 1.0, 2.0, 100.0 };
  const double ls[] = { 1, 0, 1, 0,   0, 1, 1, 1 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (4, 1, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (4, 2, ls);
  g_autoptr (GError) error = NULL;
  gsize isolated = 0;
  g_autoptr (LescMatrix) d = lesc_lp_propagate (x, l, 0.5, FALSE, &isolated, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (isolated, ==, 1);
  g_assert_cmpfloat (LESC_AT (d, 3, 0), ==, 0.0);
  g_assert_cmpfloat (LESC_AT (d, 3, 1), ==, 0.5);
  for (gsize i = 0; i < 3; i++)
    g_assert_cmpfloat (LESC_AT (d, i, 0), >, 0.0);
}

/* 600 samples: the blocked Cholesky runs over several blocks; F = αPF + (1 − α)L holds with
 * the method's own P. */
static void
test_lp_fixed_point_blocked (void)
{
  const gsize n = 600, c = 3;
  g_autoptr (LescMatrix) x = lesc_matrix_new (n, 2);
  g_autoptr (LescMatrix) l = lesc_matrix_new (n, c);
  LescRandom rng;
  lesc_random_init (&rng, 11);
  for (gsize t = 0; t < n * 2; t++)
    x->data[t] = 3.0 * lesc_random_double (&rng);
  for (gsize t = 0; t < n * c; t++)
    l->data[t] = lesc_random_double (&rng) < 0.4;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) p = lesc_lp_transition (x, FALSE, NULL, &error);
  g_autoptr (LescMatrix) d = lesc_lp_propagate (x, l, 0.5, FALSE, NULL, NULL, &error);
  g_assert_no_error (error);
  double worst = 0.0;
  for (gsize j = 0; j < c; j++)
    for (gsize i = 0; i < n; i++)
      {
        double acc = 0.0;
        for (gsize t = 0; t < n; t++)
          acc += LESC_AT (p, i, t) * LESC_AT (d, t, j);
        worst = fmax (worst, fabs (LESC_AT (d, i, j) - 0.5 * acc - 0.5 * LESC_AT (l, i, j)));
      }
  g_assert_cmpfloat (worst, <, 1e-13);
}

/* LP published on two samples, by hand: P = [[0, 1], [1, 0]] whatever the distance, so
 * D̃ = (1 − α)(I − αP)⁻¹L = [[1, α], [α, 1]] L / (1 + α); with α = 1/2, l₁ = (1, 0) and
 * l₂ = (1, 1): d̃₁ = (1, 1/3), d̃₂ = (1, 2/3), divided by their sums (3/4, 1/4) and
 * (3/5, 2/5) — a softmax would give other numbers. */
static void
test_lp_published_two_samples (void)
{
  const double xs[] = { 0, 1 };
  const double ls[] = { 1, 1,   0, 1 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (2, 1, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (2, 2, ls);
  LescRunParams params;
  lesc_run_params_init (&params, &lesc_method_lp);
  g_assert_cmpint (params.flavour, ==, LESC_FLAVOUR_PUBLISHED);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) d = recover (&lesc_method_lp, x, l, &params, NULL, &error);
  g_assert_no_error (error);
  const double want[] = { 0.75, 0.6,   0.25, 0.4 };
  for (int t = 0; t < 4; t++)
    g_assert_cmpfloat_with_epsilon (d->data[t], want[t], 1e-15);
}

/* LP published reads the features as loaded: the method on (z-scored x, raw) equals the
 * definition on the raw features (P from Q_ij = exp(−‖x_i − x_j‖²/2), Q_ii = 0; 500
 * steps of F ← αPF + (1 − α)L; rows divided by their sums), and differs from it on the
 * z-scored ones. */
static void
test_lp_published_raw_features (void)
{
  const double raw[] = { 0.0, 0.5, 1.4, 2.0, 0.3,   0.0, 0.2, -0.3, 1.1, 1.6 };
  const double ls[] = { 1, 1, 0, 0, 1,   0, 1, 1, 0, 0,   0, 0, 1, 1, 0 };
  g_autoptr (LescMatrix) xr = lesc_matrix_new_from (5, 2, raw);
  g_autoptr (LescMatrix) xz = lesc_zscore (xr);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (5, 3, ls);
  double p[5][5], s[5], f[5][3], g[5][3];
  for (int i = 0; i < 5; i++)
    {
      s[i] = 0.0;
      for (int j = 0; j < 5; j++)
        {
          double dx = raw[i] - raw[j], dy = raw[5 + i] - raw[5 + j];
          p[i][j] = i == j ? 0.0 : exp (-(dx * dx + dy * dy) / 2.0);
          s[i] += p[i][j];
        }
    }
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 5; j++)
      p[i][j] /= sqrt (s[i] * s[j]);
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 3; j++)
      f[i][j] = ls[i + 5 * j];
  for (int step = 0; step < 500; step++)
    {
      for (int i = 0; i < 5; i++)
        for (int j = 0; j < 3; j++)
          {
            double acc = 0.0;
            for (int t = 0; t < 5; t++)
              acc += p[i][t] * f[t][j];
            g[i][j] = 0.5 * acc + 0.5 * ls[i + 5 * j];
          }
      memcpy (f, g, sizeof f);
    }
  LescRunParams params;
  lesc_run_params_init (&params, &lesc_method_lp);
  LescProblem problem = { xz, l, xr };
  LescRunResult result;
  memset (&result, 0, sizeof result);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) d = lesc_method_lp.recover (&problem, &params, FALSE, NULL, &result, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 5; i++)
    {
      double sum = f[i][0] + f[i][1] + f[i][2];
      for (int j = 0; j < 3; j++)
        g_assert_cmpfloat_with_epsilon (LESC_AT (d, i, j), f[i][j] / sum, 1e-14);
    }
  /* the z-scored features alone give another answer */
  g_autoptr (LescMatrix) dz = recover (&lesc_method_lp, xz, l, &params, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (d, dz), >, 1e-3);
}

/* ---- KM ---- */

/* x = 0, 1, 3, 4 (one feature): σ = mean pairwise distance = 14/6. Squared kernel
 * distances from their definition, per label, against the method. */
static void
test_km_by_hand (void)
{
  const double xs[] = { 0, 1, 3, 4 };
  const double ls[] = { 1, 1, 0, 0,   0, 1, 1, 0,   0, 0, 0, 0,   1, 1, 1, 1 };
  const gsize n = 4, c = 4;
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (n, 1, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (n, c, ls);
  const double sigma = 14.0 / 6.0, eta = 1e-7;
  for (int flavour = LESC_FLAVOUR_PUBLISHED; flavour <= LESC_FLAVOUR_PYLDL; flavour++)
    {
      /* PyLDL's membership (square root, radius over all samples) for pyldl and published */
      gboolean pyldl = flavour != LESC_FLAVOUR_PAPER;
      double want[16];
      for (gsize j = 0; j < c; j++)
        {
          double nj = 0.0, inner = 0.0, s2[4], r2 = 0.0;
          for (gsize p = 0; p < n; p++)
            {
              nj += ls[p + j * n];
              for (gsize t = 0; t < n; t++)
                if (ls[p + j * n] == 1 && ls[t + j * n] == 1)
                  inner += exp (-(xs[p] - xs[t]) * (xs[p] - xs[t]) / (2 * sigma * sigma));
            }
          for (gsize i = 0; i < n; i++)
            {
              double cross = 0.0;
              for (gsize p = 0; p < n; p++)
                if (ls[p + j * n] == 1)
                  cross += exp (-(xs[i] - xs[p]) * (xs[i] - xs[p]) / (2 * sigma * sigma));
              s2[i] = nj > 0 ? fmax (0.0, 1.0 - 2.0 * cross / nj + inner / (nj * nj)) : 0.0;
              if (pyldl || ls[i + j * n] == 1)
                r2 = fmax (r2, s2[i]);
            }
          for (gsize i = 0; i < n; i++)
            {
              double ratio = s2[i] / (r2 + eta);
              want[i + j * n] = ls[i + j * n] * (pyldl ? 1.0 - sqrt (ratio) : 1.0 - ratio);
            }
        }
      /* label 1 = {0, 1}: s² of both members is (1 − k(0, 1))/2, so both get degree
       * 1 − r²/(r² + η), about 0 */
      double k01 = exp (-1.0 / (2 * sigma * sigma));
      if (!pyldl)
        g_assert_cmpfloat_with_epsilon (want[0], 1.0 - 0.5 * (1 - k01) / (0.5 * (1 - k01) + eta),
                                        1e-15);
      if (flavour == LESC_FLAVOUR_PUBLISHED)
        for (gsize i = 0; i < n; i++) /* divided by the row sums: 0 stays 0 */
          {
            double sum = 0.0;
            for (gsize j = 0; j < c; j++)
              sum += want[i + j * n];
            for (gsize j = 0; j < c; j++)
              want[i + j * n] /= sum;
          }
      else
        softmax_rows (want, n, c);
      LescRunParams params;
      lesc_run_params_init (&params, &lesc_method_km);
      params.flavour = (LescFlavour) flavour;
      g_autoptr (GError) error = NULL;
      LescRunResult result;
      memset (&result, 0, sizeof result);
      g_autoptr (LescMatrix) d = recover (&lesc_method_km, x, l, &params, &result, &error);
      g_assert_no_error (error);
      for (gsize t = 0; t < n * c; t++)
        g_assert_cmpfloat_with_epsilon (d->data[t], want[t], 1e-13);
      g_assert_cmpuint (result.n_stages, ==, 2);
      g_assert_cmpstr (result.stage_names[0], ==, "kernel");
      /* published: exact zeros on the irrelevant labels (sample 0: labels 2 and 3) */
      if (flavour == LESC_FLAVOUR_PUBLISHED)
        {
          g_assert_cmpfloat (LESC_AT (d, 0, 1), ==, 0.0);
          g_assert_cmpfloat (LESC_AT (d, 0, 2), ==, 0.0);
        }
    }
}

/* KM published on two samples, one label each plus a shared one: every s² is
 * (1 − k)/2 with k = exp(−1/2) (two points one apart: the kernel width is 1), for the
 * one-member labels s² is 0 for the member. So sample 0 has membership 1 in its own label
 * and 1 − √(s²/(s² + η)) ≈ 0 in the shared one; sample 1 the same. */
static void
test_km_published_two_samples (void)
{
  const double xs[] = { 0, 1 };
  const double ls[] = { 1, 0,   0, 1,   1, 1 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (2, 1, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (2, 3, ls);
  LescRunParams params;
  lesc_run_params_init (&params, &lesc_method_km);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) d = recover (&lesc_method_km, x, l, &params, NULL, &error);
  g_assert_no_error (error);
  double s2 = 0.5 * (1.0 - exp (-0.5)), shared = 1.0 - sqrt (s2 / (s2 + 1e-7));
  /* own label: s² = 0 → 1; the other sample's label: s² = 2(1 − k) = r², but l = 0 */
  g_assert_cmpfloat_with_epsilon (LESC_AT (d, 0, 0), 1.0 / (1.0 + shared), 1e-15);
  g_assert_cmpfloat (LESC_AT (d, 0, 1), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (LESC_AT (d, 0, 2), shared / (1.0 + shared), 1e-15);
  g_assert_cmpfloat_with_epsilon (LESC_AT (d, 1, 1), 1.0 / (1.0 + shared), 1e-15);
  g_assert_cmpfloat (LESC_AT (d, 1, 0), ==, 0.0);
  g_assert_cmpfloat (shared, <, 1e-3);
}

/* Rows of degrees summing to 0 become uniform over the relevant labels (over all labels
 * when there is none); the others are divided by their sums. */
static void
test_normalise_rows (void)
{
  const double ds[] = { 2, 0, 0,   2, 0, 0,   0, 0, 0 };
  const double ls[] = { 1, 1, 0,   1, 1, 0,   0, 1, 0 };
  g_autoptr (LescMatrix) d = lesc_matrix_new_from (3, 3, ds);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (3, 3, ls);
  lesc_baseline_normalise_rows (d, l, "test");
  const double want[] = { 0.5, 1.0 / 3, 1.0 / 3,   0.5, 1.0 / 3, 1.0 / 3,   0, 1.0 / 3, 1.0 / 3 };
  for (int t = 0; t < 9; t++)
    g_assert_cmpfloat_with_epsilon (d->data[t], want[t], 1e-15);
}

/* ---- FCM ---- */

/* Two groups of three points, mirror images through (2.5, 1.5); at convergence the memberships sum to 1 per
 * sample and satisfy both fixed-point equations (centres from memberships, memberships from
 * centres), written with pow — for β = 2 (the sweep's squares) and β = 2.5 (its
 * exp (β log v)). */
static void
test_fcm_fixed_point (gconstpointer data)
{
  const double xs[] = { 0.0, 0.4, 0.1, 5.0, 4.6, 4.9,   0.0, 0.1, 0.5, 3.0, 2.9, 2.5 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (6, 2, xs);
  const double beta = *(const double *) data;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) v = NULL;
  LescFcmReport rep;
  g_autoptr (LescMatrix) u = lesc_fcm_cluster (x, 2, beta, 7, 10000, 1e-13, &v, &rep, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rep.iterations, <, 10000);
  g_assert_cmpfloat (rep.last_change, <, 1e-13);
  for (gsize i = 0; i < 6; i++)
    g_assert_cmpfloat_with_epsilon (LESC_AT (u, 0, i) + LESC_AT (u, 1, i), 1.0, 1e-15);
  for (gsize k = 0; k < 2; k++)
    {
      double den = 0.0, num[2] = { 0, 0 };
      for (gsize i = 0; i < 6; i++)
        {
          double w = pow (LESC_AT (u, k, i), beta);
          den += w;
          num[0] += w * xs[i];
          num[1] += w * xs[6 + i];
        }
      for (gsize f = 0; f < 2; f++)
        g_assert_cmpfloat_with_epsilon (LESC_AT (v, k, f), num[f] / den, 1e-10);
    }
  for (gsize i = 0; i < 6; i++)
    {
      double dist[2];
      for (gsize k = 0; k < 2; k++)
        dist[k] = hypot (xs[i] - LESC_AT (v, k, 0), xs[6 + i] - LESC_AT (v, k, 1));
      for (gsize k = 0; k < 2; k++)
        {
          double s = 0.0;
          for (gsize m = 0; m < 2; m++)
            s += pow (dist[k] / dist[m], 2.0 / (beta - 1.0));
          g_assert_cmpfloat_with_epsilon (LESC_AT (u, k, i), 1.0 / s, 1e-12);
        }
    }
  /* one cluster per group; the centres mirror each other through (2.5, 1.5) */
  gsize a = LESC_AT (u, 0, 0) > 0.5 ? 0 : 1;
  g_assert_cmpfloat (LESC_AT (u, a, 1), >, 0.9);
  g_assert_cmpfloat (LESC_AT (u, 1 - a, 4), >, 0.9);
  g_assert_cmpfloat_with_epsilon (LESC_AT (v, a, 0) + LESC_AT (v, 1 - a, 0), 5.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (LESC_AT (v, a, 1) + LESC_AT (v, 1 - a, 1), 3.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (LESC_AT (u, a, 0), LESC_AT (u, 1 - a, 3), 1e-10);
}

/* The accelerated loop on 600 points in three overlapping groups (7 clusters: thousands
 * of plain sweeps to 1e-7): its result satisfies the fixed-point equation to its own
 * tolerance (one more plain sweep moves it by less than 1e-11), lies within 1e-9 of the
 * plain loop run to 1e-12 (the same fixed point; the plain loop stopped at 1e-7 is
 * farther, about 1e-7/(1 − ρ)), and takes fewer steps than the plain loop needs for 1e-7. */
static void
test_fcm_accelerated (gconstpointer data)
{
  const double beta = *(const double *) data;
  gsize n = 600, t = 12;
  LescRandom r;
  lesc_random_init (&r, 11);
  g_autoptr (LescMatrix) x = lesc_matrix_new (n, 2);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (x, i, 0) = (double) (i % 3) + 1.5 * lesc_random_double (&r);
      LESC_AT (x, i, 1) = 0.5 * (double) (i % 3) + 1.5 * lesc_random_double (&r);
    }
  g_autoptr (GError) error = NULL;
  LescFcmReport fast, plain, tight;
  g_autoptr (LescMatrix) v = NULL;
  g_autoptr (LescMatrix) u = lesc_fcm_cluster_accelerated (x, t, beta, 3, 100000, 1e-11, &v,
                                                           &fast, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) u7 = lesc_fcm_cluster (x, t, beta, 3, 100000, 1e-7, NULL, &plain,
                                                NULL, &error);
  g_assert_no_error (error);
  /* 1e-12: with β ≠ 2 the plain loop's change stalls between 1e-13 and 1e-12 (rounding) */
  g_autoptr (LescMatrix) u13 = lesc_fcm_cluster (x, t, beta, 3, 100000, 1e-12, NULL, &tight,
                                                 NULL, &error);
  g_assert_no_error (error);
  g_test_message ("beta %g: accelerated %u steps (change %.3g), plain %u sweeps to 1e-7, "
                  "%u to 1e-12", beta, fast.iterations, fast.last_change, plain.iterations,
                  tight.iterations);
  g_assert_cmpfloat (fast.last_change, <, 1e-11);
  g_assert_cmpuint (tight.iterations, <, 100000);
  g_assert_cmpuint (plain.iterations, >, 200);
  g_assert_cmpuint (fast.iterations, <, plain.iterations);
  /* the distance to the plain loop's fixed point; below, the fixed-point equations
   * themselves (written with pow): u from the centres, the centres from u */
  double d_fast = 0.0, d_plain = 0.0;
  for (gsize m = 0; m < t * n; m++)
    {
      d_fast = fmax (d_fast, fabs (u->data[m] - u13->data[m]));
      d_plain = fmax (d_plain, fabs (u7->data[m] - u13->data[m]));
    }
  g_test_message ("max |U − U*|: accelerated %.3g, plain to 1e-7 %.3g", d_fast, d_plain);
  g_assert_cmpfloat (d_fast, <, 1e-9);
  g_assert_cmpfloat (d_fast, <, d_plain);
  for (gsize i = 0; i < n; i++)
    {
      double dist[12], s = 0.0;
      for (gsize k = 0; k < t; k++)
        dist[k] = hypot (LESC_AT (x, i, 0) - LESC_AT (v, k, 0), LESC_AT (x, i, 1) - LESC_AT (v, k, 1));
      for (gsize k = 0; k < t; k++)
        {
          s = 0.0;
          for (gsize m = 0; m < t; m++)
            s += pow (dist[k] / dist[m], 2.0 / (beta - 1.0));
          g_assert_cmpfloat_with_epsilon (LESC_AT (u, k, i), 1.0 / s, 1e-12);
        }
    }
  for (gsize k = 0; k < t; k++)
    {
      double den = 0.0, num[2] = { 0, 0 };
      for (gsize i = 0; i < n; i++)
        {
          double w = pow (LESC_AT (u, k, i), beta);
          den += w;
          num[0] += w * LESC_AT (x, i, 0);
          num[1] += w * LESC_AT (x, i, 1);
        }
      /* the centres u came from against those u makes: the fixed-point residual */
      for (gsize f = 0; f < 2; f++)
        g_assert_cmpfloat_with_epsilon (LESC_AT (v, k, f), num[f] / den, 1e-9);
    }
}

/* Q = Lᵀ Uᵀ, the paper's normalisation and the max-product composition by hand. */
static void
test_fcm_compose (void)
{
  /* u: 2 clusters × 3 samples; l: 3 samples × 2 labels */
  const double us[] = { 0.8, 0.2,   0.5, 0.5,   0.1, 0.9 };
  const double ls[] = { 1, 1, 0,   0, 1, 1 };
  g_autoptr (LescMatrix) u = lesc_matrix_new_from (2, 3, us);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (3, 2, ls);
  /* Q (labels × clusters) = [[1.3, 0.7], [0.6, 1.4]] */
  g_autoptr (LescMatrix) raw = lesc_fcm_compose (u, l, FALSE);
  g_assert_cmpfloat_with_epsilon (LESC_AT (raw, 0, 0), fmax (1.3 * 0.8, 0.7 * 0.2), 1e-15);
  g_assert_cmpfloat_with_epsilon (LESC_AT (raw, 2, 1), fmax (0.6 * 0.1, 1.4 * 0.9), 1e-15);
  /* columns to 1: [[1.3/1.9, 0.7/2.1], [0.6/1.9, 1.4/2.1]]; then rows to 1 */
  double q[2][2] = { { 1.3 / 1.9, 0.7 / 2.1 }, { 0.6 / 1.9, 1.4 / 2.1 } };
  for (int j = 0; j < 2; j++)
    {
      double s = q[j][0] + q[j][1];
      q[j][0] /= s;
      q[j][1] /= s;
    }
  g_autoptr (LescMatrix) nd = lesc_fcm_compose (u, l, TRUE);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      g_assert_cmpfloat_with_epsilon (LESC_AT (nd, i, j),
                                      fmax (q[j][0] * us[2 * i], q[j][1] * us[2 * i + 1]), 1e-15);
}

static void
test_fcm_seeded (void)
{
  const double xs[] = { 0.0, 0.4, 0.1, 5.0, 5.4, 5.1, 2.5,   0.0, 0.1, 0.5, 3.0, 3.1, 3.5, 1.0 };
  const double ls[] = { 1, 1, 1, 0, 0, 0, 1,   0, 0, 1, 1, 1, 1, 0 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (7, 2, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (7, 2, ls);
  LescRunParams params;
  lesc_run_params_init (&params, &lesc_method_fcm);
  lesc_run_params_set (&params, &lesc_method_fcm, "clusters", 3);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) a = recover (&lesc_method_fcm, x, l, &params, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) b = recover (&lesc_method_fcm, x, l, &params, NULL, &error);
  g_assert_no_error (error);
  assert_rows_sum_to_one (a);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (a, b), ==, 0.0);
}

/* ---- ML ---- */

static void
test_neighbours_order (void)
{
  /* x = 0, 1, 2, 4: sample 1 has two neighbours at distance 1 (0 before 2); sample 2 has
   * 0 and 3 at distance 2 behind 1 (0 wins the tie) */
  const double xs[] = { 0, 1, 2, 4 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (4, 1, xs);
  gsize idx[8];
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_nearest_neighbours (x, 2, FALSE, idx, NULL, &error));
  const gsize want[8] = { 1, 0, 1, 2,   2, 2, 0, 1 };
  for (int t = 0; t < 8; t++)
    g_assert_cmpuint (idx[t], ==, want[t]);
  /* with the sample itself: an identical row with a lower index comes first */
  const double ys[] = { 5, 5, 1 };
  g_autoptr (LescMatrix) y = lesc_matrix_new_from (3, 1, ys);
  gsize jdx[6];
  g_assert_true (lesc_nearest_neighbours (y, 2, TRUE, jdx, NULL, &error));
  const gsize want2[6] = { 0, 0, 2,   1, 1, 0 };
  for (int t = 0; t < 6; t++)
    g_assert_cmpuint (jdx[t], ==, want2[t]);
  g_assert_false (lesc_nearest_neighbours (y, 3, FALSE, jdx, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
}

static void
test_lle_weights_by_hand (void)
{
  /* sample 0 of x = 0, 1, 2, 4 with K = 2: neighbours 1, 2, Z = (1, 2), G = [[1, 2], [2, 4]],
   * r = 1e-3·5; w ∝ (G + rI)⁻¹1 = (4 + r − 2, 1 + r − 2)/det */
  const double xs[] = { 0, 1, 2, 4 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (4, 1, xs);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescLleWeights) w = lesc_lle_weights (x, 2, &(LescKnnSearch) { LESC_KNN_EXACT }, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  double r = 5e-3, a = 2.0 + r, b = r - 1.0;
  g_assert_cmpuint (w->index[0], ==, 1);
  g_assert_cmpuint (w->index[0 + 4], ==, 2);
  g_assert_cmpfloat_with_epsilon (w->weight[0], a / (a + b), 1e-12);
  g_assert_cmpfloat_with_epsilon (w->weight[0 + 4], b / (a + b), 1e-12);
  for (gsize i = 0; i < 4; i++)
    g_assert_cmpfloat_with_epsilon (w->weight[i] + w->weight[i + 4], 1.0, 1e-14);
  /* sample 1: neighbours 0 and 2 symmetric → weights 1/2, 1/2 */
  g_assert_cmpfloat_with_epsilon (w->weight[1], 0.5, 1e-14);
}

static LescMatrix *
dense_manifold (const LescLleWeights *w, double ridge)
{
  gsize n = w->n;
  LescMatrix *m = lesc_matrix_new (n, n);
  g_autofree double *e = g_new0 (double, n);
  for (gsize j = 0; j < n; j++)
    {
      e[j] = 1.0;
      lesc_manifold_apply (w, ridge, e, m->data + j * n);
      e[j] = 0.0;
    }
  return m;
}

/* Brute force: every one of the 2ⁿ active sets; the free part solves M_FF μ_F = −M_FA μ_A;
 * the best feasible point is the optimum (the problem is strictly convex). */
static void
brute_force_qp (const LescMatrix *m, const double *sign, double *best)
{
  gsize n = m->rows;
  double best_f = INFINITY;
  for (guint mask = 0; mask < (1u << n); mask++)
    {
      double mu[8], a[64], rhs[8];
      gsize free_idx[8], nf = 0;
      for (gsize i = 0; i < n; i++)
        {
          mu[i] = sign[i];
          if (mask & (1u << i))
            free_idx[nf++] = i;
        }
      for (gsize s = 0; s < nf; s++)
        {
          rhs[s] = 0.0;
          for (gsize i = 0; i < n; i++)
            if (!(mask & (1u << i)))
              rhs[s] -= LESC_AT (m, free_idx[s], i) * mu[i];
          for (gsize t = 0; t < nf; t++)
            a[s + t * nf] = LESC_AT (m, free_idx[s], free_idx[t]);
        }
      if (nf > 0)
        g_assert_cmpint (LAPACKE_dposv (LAPACK_COL_MAJOR, 'L', (int) nf, 1, a, (int) nf, rhs,
                                        (int) nf), ==, 0);
      gboolean feasible = TRUE;
      for (gsize s = 0; s < nf; s++)
        {
          mu[free_idx[s]] = rhs[s];
          feasible = feasible && sign[free_idx[s]] * rhs[s] >= 1.0;
        }
      if (!feasible)
        continue;
      double f = 0.0;
      for (gsize i = 0; i < n; i++)
        for (gsize j = 0; j < n; j++)
          f += mu[i] * LESC_AT (m, i, j) * mu[j];
      if (f < best_f)
        {
          best_f = f;
          memcpy (best, mu, n * sizeof (double));
        }
    }
}

static double
dense_kkt (const LescMatrix *m, const double *sign, const double *mu)
{
  gsize n = m->rows;
  double res = 0.0;
  for (gsize i = 0; i < n; i++)
    {
      double g = 0.0;
      for (gsize j = 0; j < n; j++)
        g += 2.0 * LESC_AT (m, i, j) * mu[j];
      g_assert_cmpfloat (sign[i] * mu[i], >=, 1.0); /* feasible */
      res = fmax (res, fabs (fmin (sign[i] * mu[i] - 1.0, sign[i] * g)));
    }
  return res;
}

static void
test_manifold_qp_brute_force (void)
{
  /* a 4-sample W with negative weights (not an M-matrix), and the LLE weights of 6 points */
  gsize index[8] = { 1, 2, 3, 0,   2, 3, 0, 1 };
  double weight[8] = { 1.4, 0.7, 0.5, 0.9,   -0.4, 0.3, 0.5, 0.1 };
  LescLleWeights w = { 4, 2, index, weight };
  const double signs[3][4] = { { 1, -1, 1, -1 }, { 1, 1, -1, -1 }, { -1, 1, 1, 1 } };
  g_autoptr (LescMatrix) m = dense_manifold (&w, LESC_ML_RIDGE);
  for (int s = 0; s < 3; s++)
    {
      double mu[4], want[4];
      LescQpReport rep;
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_manifold_qp (&w, LESC_ML_RIDGE, signs[s], 1e-10, mu, &rep, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpfloat (rep.kkt_residual, <=, 1e-10);
      g_assert_cmpfloat (dense_kkt (m, signs[s], mu), <=, 1e-10);
      brute_force_qp (m, signs[s], want);
      for (int i = 0; i < 4; i++)
        g_assert_cmpfloat_with_epsilon (mu[i], want[i], 1e-9);
    }
}

/* ML end to end on 6 samples and 2 labels (K = 3): μ from brute force on the dense M of
 * the method's own LLE weights, softmaxed. */
static void
test_ml_end_to_end (void)
{
  const double xs[] = { 0.0, 0.5, 1.4, 2.0, 0.3, 1.0,   0.0, 0.2, -0.3, 1.1, 1.6, 0.7 };
  const double ls[] = { 1, 1, 0, 0, 1, 0,   0, 1, 1, 1, 0, 0 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (6, 2, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (6, 2, ls);
  for (int pyldl = 0; pyldl < 2; pyldl++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LescLleWeights) w = lesc_lle_weights (x, pyldl ? 2 : 3, &(LescKnnSearch) { LESC_KNN_EXACT }, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_autoptr (LescMatrix) m = dense_manifold (w, LESC_ML_RIDGE);
      double want[12];
      for (int j = 0; j < 2; j++)
        {
          double sign[6];
          for (int i = 0; i < 6; i++)
            sign[i] = ls[i + 6 * j] == 1 ? 1.0 : -1.0;
          brute_force_qp (m, sign, want + 6 * j);
          g_assert_cmpfloat (dense_kkt (m, sign, want + 6 * j), <, 1e-9);
        }
      softmax_rows (want, 6, 2);
      LescRunParams params;
      lesc_run_params_init (&params, &lesc_method_ml);
      params.flavour = pyldl ? LESC_FLAVOUR_PYLDL : LESC_FLAVOUR_PAPER;
      g_autoptr (LescMatrix) d = recover (&lesc_method_ml, x, l, &params, NULL, &error);
      g_assert_no_error (error);
      for (int t = 0; t < 12; t++)
        g_assert_cmpfloat_with_epsilon (d->data[t], want[t], 1e-9);
    }
}

/* ---- errors, cancellation ---- */

static void
expect_error (const LescMethod *m, const LescMatrix *x, const LescMatrix *l,
              const LescRunParams *p, int code, const char *fragment)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) d = recover (m, x, l, p, NULL, &error);
  g_assert_null (d);
  g_assert_error (error, LESC_ERROR, code);
  if (fragment != NULL && strstr (error->message, fragment) == NULL)
    g_error ("message \"%s\" lacks \"%s\"", error->message, fragment);
}

static void
test_errors (void)
{
  const double xs[] = { 0, 1, 2, 4 };
  const double ls[] = { 1, 0, 1, 0,   0, 1, 1, 1 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (4, 1, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (4, 2, ls);
  LescRunParams p;

  lesc_run_params_init (&p, &lesc_method_fcm);
  lesc_run_params_set (&p, &lesc_method_fcm, "clusters", 1);
  expect_error (&lesc_method_fcm, x, l, &p, LESC_ERROR_USAGE, "clusters");
  lesc_run_params_set (&p, &lesc_method_fcm, "clusters", 2.5);
  expect_error (&lesc_method_fcm, x, l, &p, LESC_ERROR_USAGE, "whole number");
  lesc_run_params_set (&p, &lesc_method_fcm, "clusters", 2);
  lesc_run_params_set (&p, &lesc_method_fcm, "beta", 1.0);
  expect_error (&lesc_method_fcm, x, l, &p, LESC_ERROR_USAGE, "beta");

  lesc_run_params_init (&p, &lesc_method_km);
  lesc_run_params_set (&p, &lesc_method_km, "eta", 0.0);
  expect_error (&lesc_method_km, x, l, &p, LESC_ERROR_USAGE, "eta");
  lesc_run_params_set (&p, &lesc_method_km, "eta", NAN);
  expect_error (&lesc_method_km, x, l, &p, LESC_ERROR_USAGE, "eta");

  lesc_run_params_init (&p, &lesc_method_lp);
  lesc_run_params_set (&p, &lesc_method_lp, "alpha", 1.0);
  expect_error (&lesc_method_lp, x, l, &p, LESC_ERROR_USAGE, "alpha");
  lesc_run_params_set (&p, &lesc_method_lp, "alpha", -0.1);
  expect_error (&lesc_method_lp, x, l, &p, LESC_ERROR_USAGE, "alpha");

  lesc_run_params_init (&p, &lesc_method_ml);
  lesc_run_params_set (&p, &lesc_method_ml, "neighbours", 4); /* only 3 other samples */
  expect_error (&lesc_method_ml, x, l, &p, LESC_ERROR_USAGE, "neighbours");
  lesc_run_params_set (&p, &lesc_method_ml, "neighbours", 0); /* c + 1 = 3: fine; c + 1 > n − 1 with 3 labels */
  const double l3s[] = { 1, 0, 1, 0,   0, 1, 1, 1,   0, 0, 0, 1 };
  g_autoptr (LescMatrix) l3 = lesc_matrix_new_from (4, 3, l3s);
  {
    /* the automatic count (0) does not fit 3 other samples: fitted to them, and said */
    LescRunResult r;
    memset (&r, 0, sizeof r);
    g_autoptr (GError) error = NULL;
    g_autoptr (LescMatrix) d = recover (&lesc_method_ml, x, l3, &p, &r, &error);
    g_assert_no_error (error);
    g_assert_nonnull (d);
    g_assert_cmpstr (r.default_note, ==, "ml: neighbours = 3 (the default 4 is more than the 3 other "
                                 "samples)");
    lesc_run_result_clear (&r);
  }
  lesc_run_params_set (&p, &lesc_method_ml, "neighbours", -1);
  expect_error (&lesc_method_ml, x, l, &p, LESC_ERROR_USAGE, "neighbours");

  /* the problem itself, for every method */
  const LescMethod *all[] = { &lesc_method_fcm, &lesc_method_km, &lesc_method_lp, &lesc_method_ml };
  const double bad_ls[] = { 1, 0, 0.5, 0,   0, 1, 1, 1 };
  g_autoptr (LescMatrix) bad_l = lesc_matrix_new_from (4, 2, bad_ls);
  g_autoptr (LescMatrix) short_l = lesc_matrix_new_from (3, 2, ls);
  const double nan_xs[] = { 0, NAN, 2, 4 };
  g_autoptr (LescMatrix) nan_x = lesc_matrix_new_from (4, 1, nan_xs);
  g_autoptr (LescMatrix) one_x = lesc_matrix_new_from (1, 1, xs);
  g_autoptr (LescMatrix) one_l = lesc_matrix_new_from (1, 2, ls);
  for (guint k = 0; k < 4; k++)
    {
      lesc_run_params_init (&p, all[k]);
      expect_error (all[k], x, bad_l, &p, LESC_ERROR_DATA, "logical labels (3, 1)");
      expect_error (all[k], x, short_l, &p, LESC_ERROR_DATA, "logical labels");
      expect_error (all[k], nan_x, l, &p, LESC_ERROR_DATA, "features (2, 1)");
      expect_error (all[k], one_x, one_l, &p, LESC_ERROR_DATA, "at least 2 samples");
    }
}

static void
test_cancel (void)
{
  const double xs[] = { 0, 1, 2, 4, 7, 9 };
  const double ls[] = { 1, 0, 1, 0, 1, 1,   0, 1, 1, 1, 0, 0 };
  g_autoptr (LescMatrix) x = lesc_matrix_new_from (6, 1, xs);
  g_autoptr (LescMatrix) l = lesc_matrix_new_from (6, 2, ls);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, cancel);
  const LescMethod *all[] = { &lesc_method_fcm, &lesc_method_km, &lesc_method_lp, &lesc_method_ml };
  for (guint k = 0; k < 4; k++)
    {
      LescRunParams p;
      lesc_run_params_init (&p, all[k]);
      if (k == 0)
        lesc_run_params_set (&p, all[k], "clusters", 3);
      LescProblem problem = { x, l };
      LescRunResult result;
      memset (&result, 0, sizeof result);
      g_autoptr (GError) error = NULL;
      g_autoptr (LescMatrix) d = all[k]->recover (&problem, &p, FALSE, &progress, &result, &error);
      g_assert_null (d);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
    }
}

/* ---- SJAFFE against an independent numpy computation (seed 5489 for FCM) ---- */

static void
test_sjaffe (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  static const struct {
    const LescMethod *m;
    gboolean pyldl;
    double tol;
    double row0[6], row100[6];
  } cases[] = {
    { &lesc_method_fcm, TRUE, 1e-12,
      { 0.1657533541360266, 0.16809022105686458, 0.16562080449337274, 0.16628461447178658,
        0.16869643638920853, 0.165554569452741 },
      { 0.16575335420204523, 0.1680902210268199, 0.1656208045284174, 0.16628461446363596,
        0.1686964363606149, 0.16555456941846655 } },
    { &lesc_method_km, FALSE, 1e-12,
      { 0.21401012947076736, 0.18285857635756417, 0.1898654909988197, 0.1377552677242829,
        0.1377552677242829, 0.1377552677242829 },
      { 0.13922376904148293, 0.17539651681162355, 0.13922376904148293, 0.20525545257383035,
        0.20167672349009733, 0.13922376904148293 } },
    { &lesc_method_km, TRUE, 1e-12,
      { 0.18704861124432715, 0.18566290118411788, 0.19115502737126758, 0.1453778200667625,
        0.1453778200667625, 0.1453778200667625 },
      { 0.148900320856063, 0.1850851114805952, 0.148900320856063, 0.18513462682801243,
        0.18307929912320337, 0.148900320856063 } },
    { &lesc_method_lp, FALSE, 1e-12,
      { 0.18719257718949486, 0.2612482866095459, 0.18719257718949486, 0.09610787368491655,
        0.13412934266327395, 0.13412934266327395 },
      { 0.1258746569578312, 0.20753226676138564, 0.12581755124218463, 0.20750110660376342,
        0.2074380552972449, 0.1258363631375901 } },
    { &lesc_method_lp, TRUE, 1e-12,
      { 0.20122937914375774, 0.258383637404879, 0.20122937914375774, 0.09505402813635148,
        0.12205178808562703, 0.12205178808562703 },
      { 0.08964714045666505, 0.24368619287666832, 0.08964714045666505, 0.24368619287666832,
        0.24368619287666832, 0.08964714045666505 } },
    /* scipy lsq_linear (BVLS) on the same QP */
    { &lesc_method_ml, FALSE, 1e-9,
      { 0.29359902599262744, 0.29359902599262744, 0.29359902599262744, 0.03973430734070585,
        0.03973430734070585, 0.03973430734070585 },
      { 0.04037541432654854, 0.29833620147643536, 0.04037541432654854, 0.29833620147643536,
        0.29833620147643536, 0.02424056691759681 } },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      LescRunParams p;
      lesc_run_params_init (&p, cases[k].m);
      p.flavour = cases[k].pyldl ? LESC_FLAVOUR_PYLDL : LESC_FLAVOUR_PAPER;
      g_autoptr (LescMatrix) d = recover (cases[k].m, x, ds->logical, &p, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (d->rows, ==, 213);
      g_assert_cmpuint (d->cols, ==, 6);
      assert_rows_sum_to_one (d);
      for (gsize j = 0; j < 6; j++)
        {
          g_assert_cmpfloat_with_epsilon (LESC_AT (d, 0, j), cases[k].row0[j], cases[k].tol);
          g_assert_cmpfloat_with_epsilon (LESC_AT (d, 100, j), cases[k].row100[j], cases[k].tol);
        }
    }
}

/* ---- the published rows (the paper's Table 3, from the GLLE paper) ---- */

/* LP and KM `published` through the whole run (raw and z-scored features) on SJAFFE,
 * Yeast-alpha and Yeast-cold against the published rows, KL(recovered‖truth) as
 * published: LP within 0.0015 in every measure (observed: 5e-4), KM within 0.007
 * Chebyshev and 0.01 in the others (observed: 0.0064 and 0.009; the published rows have 3
 * decimals). */
static void
test_published_rows (void)
{
  static const char *const sets[] = { "sjaffe", "yeast-alpha", "yeast-cold" };
  const LescPublishedTable *table = lesc_published_recovery ();
  for (guint s = 0; s < G_N_ELEMENTS (sets); s++)
    {
      g_autofree char *file = g_strconcat (sets[s], ".mat", NULL);
      g_autofree char *path = lesc_test_dataset_path (file);
      if (path == NULL)
        return;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
      g_assert_no_error (error);
      const LescMethod *methods[] = { &lesc_method_lp, &lesc_method_km };
      for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
        {
          LescRunParams p;
          lesc_run_params_init (&p, methods[k]);
          g_autoptr (LescMatrix) d = lesc_method_run (methods[k], ds, &p, NULL, NULL, &error);
          g_assert_no_error (error);
          double v[LESC_N_MEASURES];
          g_assert_true (lesc_measures_compute (ds->truth, d, LESC_KL_RECOVERED_TRUTH, v, &error));
          const LescPublishedRow *row = lesc_published_find (table, sets[s], methods[k]->name);
          g_assert_nonnull (row);
          for (int m = 0; m < LESC_N_MEASURES; m++)
            {
              double tol = k == 0 ? 0.0015 : m == LESC_MEASURE_CHEB ? 0.007 : 0.01;
              g_test_message ("%s %s %s: %.4f, published %.3f", sets[s], methods[k]->name,
                              lesc_measure_key ((LescMeasure) m), v[m], row->measures[m]);
              g_assert_cmpfloat (fabs (v[m] - row->measures[m]), <=, tol);
            }
          /* KM's exact zeros on the irrelevant labels: KL(truth‖recovered) is +∞ */
          g_assert_true (lesc_measures_compute (ds->truth, d, LESC_KL_TRUTH_RECOVERED, v, &error));
          if (k == 1)
            g_assert_true (isinf (v[LESC_MEASURE_KL]) && v[LESC_MEASURE_KL] > 0);
          else
            g_assert_true (isfinite (v[LESC_MEASURE_KL]));
        }
    }
}

/* The published table: rows found by name or path, in the program's measure order. */
static void
test_published_table (void)
{
  const LescPublishedTable *t = lesc_published_find_table ("published");
  g_assert_true (t == lesc_published_recovery ());
  g_assert_null (lesc_published_find_table ("paper"));
  g_assert_cmpuint (t->n_rows, ==, 4 * 7);
  g_assert_cmpint (t->kl, ==, LESC_KL_RECOVERED_TRUTH);
  const LescPublishedRow *r = lesc_published_find (t, "/data/Yeast_alpha.mat", "LP");
  g_assert_nonnull (r);
  /* Table 3, Yeast-alpha, LP: Cheb 0.040, Canber 4.544, Clark 1.185, KL 0.121, Cos 0.911,
   * Int 0.774 */
  const double want[LESC_N_MEASURES] = { 0.040, 1.185, 4.544, 0.121, 0.911, 0.774 };
  for (int m = 0; m < LESC_N_MEASURES; m++)
    g_assert_cmpfloat (r->measures[m], ==, want[m]);
  g_assert_nonnull (lesc_published_find (t, "artificial", "glesc"));
  g_assert_null (lesc_published_find (t, "yeast-spo5", "lp"));
  g_assert_null (lesc_published_find (t, "sjaffe", "nope"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/baselines/registry", test_registry);
  g_test_add_func ("/baselines/lp/triangle-by-hand", test_lp_triangle_by_hand);
  g_test_add_func ("/baselines/lp/fixed-point", test_lp_fixed_point);
  g_test_add_func ("/baselines/lp/isolated", test_lp_isolated);
  g_test_add_func ("/baselines/lp/fixed-point-blocked", test_lp_fixed_point_blocked);
  g_test_add_func ("/baselines/lp/published-two-samples", test_lp_published_two_samples);
  g_test_add_func ("/baselines/lp/published-raw-features", test_lp_published_raw_features);
  g_test_add_func ("/baselines/km/by-hand", test_km_by_hand);
  g_test_add_func ("/baselines/km/published-two-samples", test_km_published_two_samples);
  g_test_add_func ("/baselines/normalise-rows", test_normalise_rows);
  static const double beta_two = 2.0, beta_other = 2.5;
  g_test_add_data_func ("/baselines/fcm/fixed-point", &beta_two, test_fcm_fixed_point);
  g_test_add_data_func ("/baselines/fcm/fixed-point-beta", &beta_other, test_fcm_fixed_point);
  g_test_add_data_func ("/baselines/fcm/accelerated", &beta_two, test_fcm_accelerated);
  g_test_add_data_func ("/baselines/fcm/accelerated-beta", &beta_other, test_fcm_accelerated);
  g_test_add_func ("/baselines/fcm/compose", test_fcm_compose);
  g_test_add_func ("/baselines/fcm/seeded", test_fcm_seeded);
  g_test_add_func ("/baselines/ml/neighbours", test_neighbours_order);
  g_test_add_func ("/baselines/ml/lle-weights", test_lle_weights_by_hand);
  g_test_add_func ("/baselines/ml/qp-brute-force", test_manifold_qp_brute_force);
  g_test_add_func ("/baselines/ml/end-to-end", test_ml_end_to_end);
  g_test_add_func ("/baselines/errors", test_errors);
  g_test_add_func ("/baselines/cancel", test_cancel);
  g_test_add_func ("/baselines/sjaffe", test_sjaffe);
  g_test_add_func ("/baselines/published-table", test_published_table);
  g_test_add_func ("/baselines/published-rows", test_published_rows);
  return g_test_run ();
}
