/* Decorrelation stretch (docs/figures.md §1–2): targets, decorrelation, degenerate bands, the
 * Artificial ground truth's expected values, Tol limits, the shared fit. */
#include "core/data/dataset.h"
#include "plot/dstretch.h"
#include "core/base/error.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/data/artificial.h"

#include <math.h>

static LescMatrix *
random_table (gsize p, gsize b, guint32 seed)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  LescMatrix *a = lesc_matrix_new (p, b);
  for (gsize k = 0; k < p; k++)
    for (gsize j = 0; j < b; j++)
      LESC_AT (a, k, j) = lesc_random_double (&r);
  /* correlate the bands so that the stretch has something to undo */
  for (gsize k = 0; k < p; k++)
    for (gsize j = 1; j < b; j++)
      LESC_AT (a, k, j) += 0.7 * LESC_AT (a, k, j - 1);
  return a;
}

static void
column_stats (const LescMatrix *a, gsize j, double *mean, double *sd)
{
  double s = 0.0, ss = 0.0;
  for (gsize k = 0; k < a->rows; k++)
    s += LESC_AT (a, k, j);
  *mean = s / (double) a->rows;
  for (gsize k = 0; k < a->rows; k++)
    ss += (LESC_AT (a, k, j) - *mean) * (LESC_AT (a, k, j) - *mean);
  *sd = sqrt (ss / (double) (a->rows - 1));
}

static double
correlation (const LescMatrix *a, gsize i, gsize j)
{
  double mi, si, mj, sj, s = 0.0;
  column_stats (a, i, &mi, &si);
  column_stats (a, j, &mj, &sj);
  for (gsize k = 0; k < a->rows; k++)
    s += (LESC_AT (a, k, i) - mi) * (LESC_AT (a, k, j) - mj);
  return s / (double) (a->rows - 1) / (si * sj);
}

static void
assert_targets (const LescMatrix *in, const LescMatrix *out, const double *tm, const double *ts)
{
  for (gsize j = 0; j < in->cols; j++)
    {
      double mi, si, mo, so;
      column_stats (in, j, &mi, &si);
      column_stats (out, j, &mo, &so);
      g_assert_cmpfloat_with_epsilon (mo, tm ? tm[j] : mi, 1e-12);
      g_assert_cmpfloat_with_epsilon (so, ts ? ts[j] : si, 1e-12);
    }
}

/* (TᵀCT) off-diagonal entries relative to the largest entry */
static double
tct_offdiag (const LescDstretch *d, const LescMatrix *a)
{
  gsize b = d->bands;
  g_autofree double *c = g_new0 (double, b * b);
  for (gsize i = 0; i < b; i++)
    for (gsize j = 0; j < b; j++)
      {
        double s = 0.0;
        for (gsize k = 0; k < a->rows; k++)
          s += (LESC_AT (a, k, i) - d->mean[i]) * (LESC_AT (a, k, j) - d->mean[j]);
        c[i + j * b] = s / (double) (a->rows - 1);
      }
  double mx = 0.0, off = 0.0;
  for (gsize p = 0; p < b; p++)
    for (gsize q = 0; q < b; q++)
      {
        double s = 0.0;
        for (gsize i = 0; i < b; i++)
          for (gsize k = 0; k < b; k++)
            s += d->t[i + p * b] * c[i + k * b] * d->t[k + q * b];
        mx = MAX (mx, fabs (s));
        if (p != q)
          off = MAX (off, fabs (s));
      }
  return off / mx;
}

static void
test_targets_random (void)
{
  g_autoptr (LescMatrix) a = random_table (300, 4, 7);
  for (int mode = 0; mode < 2; mode++)
    {
      LescDstretchOptions opt;
      lesc_dstretch_options_init (&opt);
      opt.mode = mode;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDstretch) d = lesc_dstretch_fit (a, &opt, &error);
      g_assert_no_error (error);
      g_autoptr (LescMatrix) out = lesc_dstretch_apply (d, a, &error);
      g_assert_no_error (error);
      assert_targets (a, out, NULL, NULL);
      g_assert_cmpfloat (tct_offdiag (d, a), <=, 1e-12);
      for (gsize i = 0; i < 4; i++)
        for (gsize j = i + 1; j < 4; j++)
          g_assert_cmpfloat (fabs (correlation (out, i, j)), <, 1e-12);

      /* explicit targets: a mean vector and a scalar sigma */
      const double tm[4] = { 0.5, 0.4, 0.3, 0.2 }, ts = 0.1;
      const double tsv[4] = { ts, ts, ts, ts };
      opt.target_mean = tm;
      opt.target_sigma = &ts;
      opt.n_target_sigma = 1;
      g_autoptr (LescMatrix) out2 = lesc_dstretch (a, &opt, &error);
      g_assert_no_error (error);
      assert_targets (a, out2, tm, tsv);
    }
}

static void
test_targets_simplex (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  for (int mode = 0; mode < 2; mode++)
    {
      LescDstretchOptions opt;
      lesc_dstretch_options_init (&opt);
      opt.mode = mode;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescMatrix) out = lesc_dstretch (ds->truth, &opt, &error);
      g_assert_no_error (error);
      assert_targets (ds->truth, out, NULL, NULL);
    }
}

static void
test_equal_variances (void)
{
  g_autoptr (LescMatrix) raw = random_table (200, 3, 11);
  g_autoptr (LescMatrix) a = lesc_zscore (raw); /* every band σ = 1 */
  LescDstretchOptions opt;
  lesc_dstretch_options_init (&opt);
  g_autoptr (LescDstretch) corr = lesc_dstretch_fit (a, &opt, NULL);
  opt.mode = LESC_DSTRETCH_COVARIANCE;
  g_autoptr (LescDstretch) cov = lesc_dstretch_fit (a, &opt, NULL);
  for (gsize i = 0; i < 9; i++)
    g_assert_cmpfloat_with_epsilon (corr->t[i], cov->t[i], 1e-12);
  for (gsize j = 0; j < 3; j++)
    g_assert_cmpfloat_with_epsilon (corr->offset[j], cov->offset[j], 1e-12);
}

static void
test_constant_bands (void)
{
  g_autoptr (LescMatrix) a = random_table (100, 3, 3);
  for (gsize k = 0; k < a->rows; k++)
    LESC_AT (a, k, 1) = 0.25;
  for (int mode = 0; mode < 2; mode++)
    {
      LescDstretchOptions opt;
      lesc_dstretch_options_init (&opt);
      opt.mode = mode;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescMatrix) out = lesc_dstretch (a, &opt, &error);
      g_assert_no_error (error);
      g_assert_true (lesc_matrix_all_finite (out, NULL, NULL));
      for (gsize k = 0; k < a->rows; k++)
        g_assert_cmpfloat (LESC_AT (out, k, 1), ==, 0.25);
      assert_targets (a, out, NULL, NULL);
    }

  /* all bands constant: every output row is the target mean */
  g_autoptr (LescMatrix) flat = lesc_matrix_new (50, 3);
  for (gsize k = 0; k < 50; k++)
    for (gsize j = 0; j < 3; j++)
      LESC_AT (flat, k, j) = 0.1 * (double) (j + 1);
  const double tm[3] = { 0.5, 0.6, 0.7 };
  LescDstretchOptions opt;
  lesc_dstretch_options_init (&opt);
  opt.target_mean = tm;
  g_autoptr (LescMatrix) out = lesc_dstretch (flat, &opt, NULL);
  for (gsize k = 0; k < 50; k++)
    for (gsize j = 0; j < 3; j++)
      g_assert_cmpfloat_with_epsilon (LESC_AT (out, k, j), tm[j], 1e-15);

  /* one sample row: C = 0, so the output is the target mean */
  const gsize one = 4;
  opt.sample_rows = &one;
  opt.n_sample_rows = 1;
  g_autoptr (LescMatrix) out1 = lesc_dstretch (a, &opt, NULL);
  for (gsize k = 0; k < a->rows; k++)
    for (gsize j = 0; j < 3; j++)
      g_assert_cmpfloat_with_epsilon (LESC_AT (out1, k, j), tm[j], 1e-15);
}

static void
test_artificial_expected (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  const LescMatrix *gt = ds->truth;
  g_autoptr (GError) error = NULL;
  LescDstretchOptions opt;
  lesc_dstretch_options_init (&opt);
  g_autoptr (LescDstretch) d = lesc_dstretch_fit (gt, &opt, &error);
  g_assert_no_error (error);

  g_assert_cmpfloat (fabs (d->eigenvalues[0]), <, 1e-14); /* 5.3e-16: weight 0 */
  g_assert_cmpfloat_with_epsilon (d->eigenvalues[1], 1.071360, 1e-6);
  g_assert_cmpfloat_with_epsilon (d->eigenvalues[2], 1.928640, 1e-6);
  const double t[3][3] = { { 0.51854500, -0.24221756, -0.19259757 },
                           { -0.47882541, 0.73669073, -0.31710442 },
                           { -0.48472564, -0.40371598, 0.78796885 } };
  for (gsize i = 0; i < 3; i++)
    for (gsize j = 0; j < 3; j++)
      g_assert_cmpfloat_with_epsilon (d->t[i + 3 * j], t[i][j], 1e-8);
  const double offset[3] = { 0.48170510, 0.30642646, 0.24223044 };
  const double mean[3] = { 0.30370675, 0.34358307, 0.35271019 };
  const double sd[3] = { 0.13137778, 0.10122603, 0.09133662 };
  for (gsize j = 0; j < 3; j++)
    {
      g_assert_cmpfloat_with_epsilon (d->offset[j], offset[j], 1e-8);
      g_assert_cmpfloat_with_epsilon (d->mean[j], mean[j], 1e-8);
      g_assert_cmpfloat_with_epsilon (d->sigma[j], sd[j], 1e-8);
    }

  g_autoptr (LescMatrix) out = lesc_dstretch_apply (d, gt, &error);
  g_assert_no_error (error);
  for (gsize j = 0; j < 3; j++)
    {
      double m, s;
      column_stats (out, j, &m, &s);
      g_assert_cmpfloat_with_epsilon (m, mean[j], 1e-8);
      g_assert_cmpfloat_with_epsilon (s, sd[j], 1e-8);
    }
  g_assert_cmpfloat_with_epsilon (correlation (out, 0, 1), -0.609599, 1e-6);
  g_assert_cmpfloat_with_epsilon (correlation (out, 0, 2), -0.530661, 1e-6);
  g_assert_cmpfloat_with_epsilon (correlation (out, 1, 2), -0.348398, 1e-6);
  double lo = INFINITY, hi = -INFINITY;
  for (gsize i = 0; i < out->rows * out->cols; i++)
    {
      lo = MIN (lo, out->data[i]);
      hi = MAX (hi, out->data[i]);
    }
  g_assert_cmpfloat_with_epsilon (lo, 0.094281, 1e-6);
  g_assert_cmpfloat_with_epsilon (hi, 0.663105, 1e-6);
  g_autoptr (LescMatrix) clamped = lesc_matrix_copy (out);
  g_assert_cmpuint (lesc_clamp_unit (clamped), ==, 0);
  /* rows no longer sum to 1 */
  g_assert_cmpfloat (fabs (LESC_AT (out, 0, 0) + LESC_AT (out, 0, 1) + LESC_AT (out, 0, 2) - 1.0), >, 1e-3);

  /* Tol = 0.01 limits */
  g_assert_true (lesc_dstretch_options_set_tol (&opt, 0.01, &error));
  g_autoptr (LescDstretch) dt = lesc_dstretch_fit (gt, &opt, &error);
  g_assert_no_error (error);
  g_assert_true (dt->has_limits);
  const double low[3] = { 0.10334936, 0.20802625, 0.17923247 };
  const double high[3] = { 0.62801556, 0.58513771, 0.55492485 };
  for (gsize j = 0; j < 3; j++)
    {
      g_assert_cmpfloat_with_epsilon (dt->low[j], low[j], 1e-8);
      g_assert_cmpfloat_with_epsilon (dt->high[j], high[j], 1e-8);
    }

  /* covariance mode: another offset, every correlation −0.5 */
  LescDstretchOptions cov;
  lesc_dstretch_options_init (&cov);
  cov.mode = LESC_DSTRETCH_COVARIANCE;
  g_autoptr (LescDstretch) dc = lesc_dstretch_fit (gt, &cov, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (dc->eigenvalues[0]), <, 1e-16); /* 3.3e-18 */
  const double coff[3] = { 0.33376702, 0.33895888, 0.33598406 };
  for (gsize j = 0; j < 3; j++)
    g_assert_cmpfloat_with_epsilon (dc->offset[j], coff[j], 1e-8);
  g_autoptr (LescMatrix) oc = lesc_dstretch_apply (dc, gt, &error);
  assert_targets (gt, oc, NULL, NULL);
  g_assert_cmpfloat_with_epsilon (correlation (oc, 0, 1), -0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (correlation (oc, 0, 2), -0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (correlation (oc, 1, 2), -0.5, 1e-9);
}

static void
test_tol (void)
{
  g_autoptr (LescMatrix) a = random_table (500, 3, 5);
  for (gsize i = 0; i < a->rows * a->cols; i++)
    a->data[i] *= 0.4; /* keep the stretched values mostly inside [0, 1] */
  LescDstretchOptions opt;
  lesc_dstretch_options_init (&opt);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) plain = lesc_dstretch (a, &opt, &error);
  g_assert_true (lesc_dstretch_options_set_tol (&opt, 0.0, &error));
  g_autoptr (LescDstretch) d = lesc_dstretch_fit (a, &opt, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) out = lesc_dstretch_apply (d, a, &error);
  for (gsize j = 0; j < 3; j++)
    {
      double lo = INFINITY, hi = -INFINITY;
      for (gsize k = 0; k < a->rows; k++)
        {
          lo = MIN (lo, LESC_AT (plain, k, j));
          hi = MAX (hi, LESC_AT (plain, k, j));
        }
      /* min–max of the (clamped) values, quantised to 1/65535 */
      double qlo = round (CLAMP (lo, 0, 1) * 65535) / 65535, qhi = round (CLAMP (hi, 0, 1) * 65535) / 65535;
      g_assert_cmpfloat (d->low[j], ==, qlo);
      g_assert_cmpfloat (d->high[j], ==, qhi);
      g_assert_cmpfloat (d->low[j], >=, 0.0);
      g_assert_cmpfloat (d->high[j], <=, 1.0);
      for (gsize k = 0; k < a->rows; k++)
        {
          double v = LESC_AT (out, k, j);
          g_assert_cmpfloat (v, >=, 0.0);
          g_assert_cmpfloat (v, <=, 1.0);
          double expect = CLAMP ((CLAMP (LESC_AT (plain, k, j), qlo, qhi) - qlo) / (qhi - qlo), 0, 1);
          g_assert_cmpfloat_with_epsilon (v, expect, 1e-12);
        }
    }

  /* rejected settings */
  g_assert_false (lesc_dstretch_options_set_tol (&opt, 0.5, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_false (lesc_dstretch_options_set_tol (&opt, -0.1, &error));
  g_clear_error (&error);
  g_assert_false (lesc_dstretch_options_set_tol_pair (&opt, 0.6, 0.6, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_false (lesc_dstretch_options_set_tol_pair (&opt, 0.7, 0.2, &error));
  g_clear_error (&error);
  opt.tol_low = 0.9; /* set by hand: the fit checks too */
  opt.tol_high = 0.1;
  g_assert_null (lesc_dstretch_fit (a, &opt, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
}

static void
test_stretchlim_rule (void)
{
  /* 100 values 0.00, 0.01, …, 0.99: Tol [0.05, 0.95] → bins of 0.05 and 0.94 */
  g_autoptr (LescMatrix) x = lesc_matrix_new (100, 1);
  for (gsize k = 0; k < 100; k++)
    x->data[k] = (double) k / 100.0;
  double lo, hi;
  lesc_stretchlim (x, 0, 0.05, 0.95, &lo, &hi);
  g_assert_cmpfloat (lo, ==, round (0.05 * 65535) / 65535);
  g_assert_cmpfloat (hi, ==, round (0.94 * 65535) / 65535);
  /* values outside [0, 1] land in the end bins; a constant column gives [0, 1] */
  x->data[0] = -3.0;
  x->data[99] = 7.0;
  lesc_stretchlim (x, 0, 0.0, 1.0, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat (hi, ==, 1.0);
  for (gsize k = 0; k < 100; k++)
    x->data[k] = 0.3;
  lesc_stretchlim (x, 0, 0.01, 0.99, &lo, &hi);
  g_assert_cmpfloat (lo, ==, 0.0);
  g_assert_cmpfloat (hi, ==, 1.0);
}

static void
test_shared_fit (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  LescDstretchOptions opt;
  lesc_dstretch_options_init (&opt);
  g_assert_true (lesc_dstretch_options_set_tol (&opt, 0.01, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDstretch) d = lesc_dstretch_fit (ds->truth, &opt, &error);
  g_autoptr (LescMatrix) own = lesc_dstretch (ds->truth, &opt, &error);
  g_autoptr (LescMatrix) applied = lesc_dstretch_apply (d, ds->truth, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (own, applied), ==, 0.0);
  g_autoptr (LescMatrix) copy = lesc_matrix_copy (ds->truth);
  g_autoptr (LescMatrix) same = lesc_dstretch_apply (d, copy, &error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (same, applied), ==, 0.0);
  /* a uniform table maps to one colour: the fitted map at (1/3, 1/3, 1/3) */
  g_autoptr (LescMatrix) uniform = lesc_matrix_new (4, 3);
  for (gsize i = 0; i < 12; i++)
    uniform->data[i] = 1.0 / 3.0;
  g_autoptr (LescMatrix) grey = lesc_dstretch_apply (d, uniform, &error);
  for (gsize j = 0; j < 3; j++)
    g_assert_cmpfloat (LESC_AT (grey, 0, j), ==, LESC_AT (grey, 3, j));
  /* wrong band count */
  g_autoptr (LescMatrix) two = lesc_matrix_new (4, 2);
  g_assert_null (lesc_dstretch_apply (d, two, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
}

static void
test_sample_rows (void)
{
  g_autoptr (LescMatrix) a = random_table (120, 3, 21);
  gsize rows[40];
  for (gsize i = 0; i < 40; i++)
    rows[i] = 3 * i + 1;
  g_autoptr (LescMatrix) sub = lesc_matrix_select_rows (a, rows, 40);
  LescDstretchOptions opt;
  lesc_dstretch_options_init (&opt);
  g_autoptr (LescDstretch) dsub = lesc_dstretch_fit (sub, &opt, NULL);
  opt.sample_rows = rows;
  opt.n_sample_rows = 40;
  g_autoptr (LescDstretch) dsam = lesc_dstretch_fit (a, &opt, NULL);
  for (gsize i = 0; i < 9; i++)
    g_assert_cmpfloat_with_epsilon (dsub->t[i], dsam->t[i], 1e-13);
  for (gsize j = 0; j < 3; j++)
    g_assert_cmpfloat_with_epsilon (dsub->offset[j], dsam->offset[j], 1e-13);
  gsize bad = 120;
  opt.sample_rows = &bad;
  opt.n_sample_rows = 1;
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_dstretch_fit (a, &opt, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  a->data[5] = NAN;
  g_assert_null (lesc_dstretch_fit (a, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dstretch/targets/random", test_targets_random);
  g_test_add_func ("/dstretch/targets/simplex", test_targets_simplex);
  g_test_add_func ("/dstretch/equal-variances", test_equal_variances);
  g_test_add_func ("/dstretch/constant-bands", test_constant_bands);
  g_test_add_func ("/dstretch/artificial", test_artificial_expected);
  g_test_add_func ("/dstretch/tol", test_tol);
  g_test_add_func ("/dstretch/stretchlim", test_stretchlim_rule);
  g_test_add_func ("/dstretch/shared-fit", test_shared_fit);
  g_test_add_func ("/dstretch/sample-rows", test_sample_rows);
  return g_test_run ();
}
