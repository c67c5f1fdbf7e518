/* The six measures (docs/methods.md §3) on hand-computed vectors, the KL conventions in
 * both directions, directions and names, error paths, and truth against itself. */
#include "core/data/dataset.h"
#include "core/base/error.h"
#include "core/eval/measures.h"
#include "core/data/matfile.h"
#include "core/data/artificial.h"
#include "testutil.h"

#include <math.h>
#include <string.h>

#define TOL 1e-14

static LescMatrix *
from_rows (gsize rows, gsize cols, const double *row_major)
{
  LescMatrix *m = lesc_matrix_new (rows, cols);
  for (gsize i = 0; i < rows; i++)
    for (gsize j = 0; j < cols; j++)
      LESC_AT (m, i, j) = row_major[i * cols + j];
  return m;
}

static void
compute (const LescMatrix *t, const LescMatrix *p, LescKlDirection kl, double v[LESC_N_MEASURES],
         gsize *kl_rows)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_measures_compute_full (t, p, kl, v, kl_rows, &error));
  g_assert_no_error (error);
}

/* Two rows; the second truth row has a 0 where the recovery does not. */
static void
test_hand_vectors (void)
{
  const double t[] = { 0.5, 0.3, 0.2, 0.0, 0.6, 0.4 };
  const double p[] = { 0.4, 0.4, 0.2, 0.1, 0.5, 0.4 };
  g_autoptr (LescMatrix) truth = from_rows (2, 3, t);
  g_autoptr (LescMatrix) rec = from_rows (2, 3, p);
  double v[LESC_N_MEASURES];
  gsize kl_rows = 0;
  compute (truth, rec, LESC_KL_TRUTH_RECOVERED, v, &kl_rows);

  /* row 1: |d| = (0.1, 0.1, 0); row 2: |d| = (0.1, 0.1, 0) */
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_CHEB], 0.1, TOL);
  double clark1 = sqrt (pow (0.1 / 0.9, 2) + pow (0.1 / 0.7, 2));
  double clark2 = sqrt (1.0 + pow (0.1 / 1.1, 2));
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_CLARK], (clark1 + clark2) / 2, TOL);
  double canb1 = 0.1 / 0.9 + 0.1 / 0.7, canb2 = 1.0 + 0.1 / 1.1;
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_CANBER], (canb1 + canb2) / 2, TOL);
  /* KL(r‖p): row 2 has r = 0 → 0·ln(0/0.1) = 0 */
  double kl1 = 0.5 * log (0.5 / 0.4) + 0.3 * log (0.3 / 0.4);
  double kl2 = 0.6 * log (0.6 / 0.5);
  g_assert_cmpuint (kl_rows, ==, 2);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_KL], (kl1 + kl2) / 2, TOL);
  double cos1 = 0.36 / (sqrt (0.38) * sqrt (0.36));
  double cos2 = 0.46 / (sqrt (0.52) * sqrt (0.42));
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_COSINE], (cos1 + cos2) / 2, TOL);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_INTERSEC], 0.9, TOL);

  /* KL(p‖r): row 2 has p = 0.1 over r = 0 → +Inf, deleted; the mean is row 1 alone */
  double w[LESC_N_MEASURES];
  compute (truth, rec, LESC_KL_RECOVERED_TRUTH, w, &kl_rows);
  g_assert_cmpuint (kl_rows, ==, 1);
  g_assert_cmpfloat_with_epsilon (w[LESC_MEASURE_KL], 0.4 * log (0.4 / 0.5) + 0.4 * log (0.4 / 0.3), TOL);
  for (int m = 0; m < LESC_N_MEASURES; m++) /* the other five do not depend on the direction */
    if (m != LESC_MEASURE_KL)
      g_assert_cmpfloat (w[m], ==, v[m]);

  /* the two-argument form gives the same numbers */
  double u[LESC_N_MEASURES];
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_measures_compute (truth, rec, LESC_KL_TRUTH_RECOVERED, u, &error));
  for (int m = 0; m < LESC_N_MEASURES; m++)
    g_assert_cmpfloat (u[m], ==, v[m]);

  /* symmetric measures: swapping the arguments changes only KL */
  compute (rec, truth, LESC_KL_RECOVERED_TRUTH, u, NULL);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    if (m != LESC_MEASURE_KL)
      g_assert_cmpfloat_with_epsilon (u[m], v[m], TOL);
}

/* The per-sample values of the same two rows: the terms the means above are made of. */
static void
test_per_sample (void)
{
  const double t[] = { 0.5, 0.3, 0.2, 0.0, 0.6, 0.4 };
  const double p[] = { 0.4, 0.4, 0.2, 0.1, 0.5, 0.4 };
  g_autoptr (LescMatrix) truth = from_rows (2, 3, t);
  g_autoptr (LescMatrix) rec = from_rows (2, 3, p);
  double v[2];
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_measures_per_sample (truth, rec, LESC_KL_TRUTH_RECOVERED, LESC_MEASURE_CLARK, v, &error));
  g_assert_cmpfloat_with_epsilon (v[0], sqrt (pow (0.1 / 0.9, 2) + pow (0.1 / 0.7, 2)), TOL);
  g_assert_cmpfloat_with_epsilon (v[1], sqrt (1.0 + pow (0.1 / 1.1, 2)), TOL);
  g_assert_true (lesc_measures_per_sample (truth, rec, LESC_KL_TRUTH_RECOVERED, LESC_MEASURE_KL, v, NULL));
  g_assert_cmpfloat_with_epsilon (v[1], 0.6 * log (0.6 / 0.5), TOL);
  /* recovered-truth: row 2 is +Inf (the mean deletes it; the row keeps it) */
  g_assert_true (lesc_measures_per_sample (truth, rec, LESC_KL_RECOVERED_TRUTH, LESC_MEASURE_KL, v, NULL));
  g_assert_cmpfloat (v[1], ==, INFINITY);
  /* every measure's mean over the rows is the table's value */
  double all[LESC_N_MEASURES];
  compute (truth, rec, LESC_KL_TRUTH_RECOVERED, all, NULL);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      g_assert_true (lesc_measures_per_sample (truth, rec, LESC_KL_TRUTH_RECOVERED, m, v, NULL));
      g_assert_cmpfloat_with_epsilon ((v[0] + v[1]) / 2, all[m], TOL);
    }
  g_assert_false (lesc_measures_per_sample (truth, rec, LESC_KL_TRUTH_RECOVERED, LESC_N_MEASURES, v, &error));
  g_assert_nonnull (error);
}

/* r_j = p_j = 0: Clark and Canberra terms 0; the KL term 0 in both directions. */
static void
test_zero_over_zero (void)
{
  const double t[] = { 0.0, 0.5, 0.5 };
  const double p[] = { 0.0, 0.25, 0.75 };
  g_autoptr (LescMatrix) truth = from_rows (1, 3, t);
  g_autoptr (LescMatrix) rec = from_rows (1, 3, p);
  double v[LESC_N_MEASURES];
  gsize kl_rows = 0;
  compute (truth, rec, LESC_KL_TRUTH_RECOVERED, v, &kl_rows);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_CHEB], 0.25, TOL);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_CLARK], sqrt (pow (0.25 / 0.75, 2) + pow (0.25 / 1.25, 2)), TOL);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_CANBER], 0.25 / 0.75 + 0.25 / 1.25, TOL);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_KL], 0.5 * log (2.0) + 0.5 * log (0.5 / 0.75), TOL);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_COSINE], 0.5 / (sqrt (0.5) * sqrt (0.625)), TOL);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_INTERSEC], 0.75, TOL);
  g_assert_cmpuint (kl_rows, ==, 1);

  /* 0·ln(0/0) = 0 here too (MATLAB, and so the official demos, would give NaN) */
  compute (truth, rec, LESC_KL_RECOVERED_TRUTH, v, &kl_rows);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_KL], 0.25 * log (0.5) + 0.75 * log (1.5), TOL);
  g_assert_cmpuint (kl_rows, ==, 1);
  g_assert_false (isnan (v[LESC_MEASURE_CLARK]));
  g_assert_false (isnan (v[LESC_MEASURE_CANBER]));
}

/* Zeros in the recovery: truth-recovered becomes +Inf (reported, not dropped);
 * recovered-truth takes 0·ln(0/r) = 0. */
static void
test_kl_zeros_in_recovery (void)
{
  const double t[] = { 0.5, 0.5, 0.2, 0.8 };
  const double p[] = { 0.0, 1.0, 0.2, 0.8 };
  g_autoptr (LescMatrix) truth = from_rows (2, 2, t);
  g_autoptr (LescMatrix) rec = from_rows (2, 2, p);
  double v[LESC_N_MEASURES];
  gsize kl_rows = 0;
  compute (truth, rec, LESC_KL_TRUTH_RECOVERED, v, &kl_rows);
  g_assert_true (isinf (v[LESC_MEASURE_KL]) && v[LESC_MEASURE_KL] > 0);
  g_assert_cmpuint (kl_rows, ==, 2);
  compute (truth, rec, LESC_KL_RECOVERED_TRUTH, v, &kl_rows);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_KL], log (2.0) / 2, TOL);
  g_assert_cmpuint (kl_rows, ==, 2);

  /* recovered-truth where every row is +Inf: nothing left, the mean is NaN */
  const double t2[] = { 0.0, 1.0 };
  const double p2[] = { 0.5, 0.5 };
  g_autoptr (LescMatrix) truth2 = from_rows (1, 2, t2);
  g_autoptr (LescMatrix) rec2 = from_rows (1, 2, p2);
  compute (truth2, rec2, LESC_KL_RECOVERED_TRUTH, v, &kl_rows);
  g_assert_cmpuint (kl_rows, ==, 0);
  g_assert_true (isnan (v[LESC_MEASURE_KL]));
  compute (truth2, rec2, LESC_KL_TRUTH_RECOVERED, v, &kl_rows);
  g_assert_cmpfloat_with_epsilon (v[LESC_MEASURE_KL], log (2.0), TOL);
}

static void
test_names_and_directions (void)
{
  static const char *const keys[] = { "cheb", "clark", "canber", "kl", "cosine", "intersec" };
  static const gboolean lower[] = { TRUE, TRUE, TRUE, TRUE, FALSE, FALSE };
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      g_assert_cmpstr (lesc_measure_key (m), ==, keys[m]);
      g_assert_cmpint (lesc_measure_lower_is_better (m), ==, lower[m]);
      LescMeasure back;
      g_assert_true (lesc_measure_from_string (keys[m], &back));
      g_assert_cmpint (back, ==, m);
      g_assert_true (lesc_measure_from_string (lesc_measure_title (m), &back));
      g_assert_cmpint (back, ==, m);
    }
  LescMeasure m;
  g_assert_true (lesc_measure_from_string ("CHEBYSHEV", &m));
  g_assert_cmpint (m, ==, LESC_MEASURE_CHEB);
  g_assert_true (lesc_measure_from_string ("Intersection", &m));
  g_assert_cmpint (m, ==, LESC_MEASURE_INTERSEC);
  g_assert_false (lesc_measure_from_string ("euclid", &m));
  g_assert_false (lesc_measure_from_string (NULL, &m));

  LescKlDirection d;
  g_assert_cmpstr (lesc_kl_direction_key (LESC_KL_TRUTH_RECOVERED), ==, "truth-recovered");
  g_assert_cmpstr (lesc_kl_direction_key (LESC_KL_RECOVERED_TRUTH), ==, "recovered-truth");
  g_assert_true (lesc_kl_direction_from_string ("recovered-truth", &d));
  g_assert_cmpint (d, ==, LESC_KL_RECOVERED_TRUTH);
  g_assert_true (lesc_kl_direction_from_string ("truth-recovered", &d));
  g_assert_cmpint (d, ==, LESC_KL_TRUTH_RECOVERED);
  g_assert_false (lesc_kl_direction_from_string ("both", &d));
}

static void
test_errors (void)
{
  double v[LESC_N_MEASURES];
  g_autoptr (LescMatrix) a = lesc_matrix_new (3, 2);
  g_autoptr (LescMatrix) b = lesc_matrix_new (2, 3);
  g_autoptr (LescMatrix) c = lesc_matrix_new (3, 3);
  g_autoptr (LescMatrix) empty = lesc_matrix_new (0, 3);
  g_autoptr (GError) error = NULL;

  g_assert_false (lesc_measures_compute (a, b, LESC_KL_TRUTH_RECOVERED, v, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_nonnull (strstr (error->message, "2×3"));
  g_clear_error (&error);
  g_assert_false (lesc_measures_compute (a, c, LESC_KL_TRUTH_RECOVERED, v, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);
  g_assert_false (lesc_measures_compute (empty, empty, LESC_KL_TRUTH_RECOVERED, v, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_clear_error (&error);

  g_autoptr (LescMatrix) nan = lesc_matrix_new (3, 3);
  LESC_AT (nan, 2, 1) = NAN;
  g_assert_false (lesc_measures_compute (c, nan, LESC_KL_TRUTH_RECOVERED, v, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_nonnull (strstr (error->message, "recovered"));
  g_assert_nonnull (strstr (error->message, "row 3"));
  g_clear_error (&error);
  g_assert_false (lesc_measures_compute (c, c, (LescKlDirection) 7, v, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
}

/* Truth against itself on real data: 0, 0, 0, 0, 1, 1. */
static void
test_truth_vs_truth (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  const double expect[LESC_N_MEASURES] = { 0, 0, 0, 0, 1, 1 };
  for (int d = LESC_KL_TRUTH_RECOVERED; d <= LESC_KL_RECOVERED_TRUTH; d++)
    {
      double v[LESC_N_MEASURES];
      gsize kl_rows;
      compute (ds->truth, ds->truth, d, v, &kl_rows);
      g_assert_cmpuint (kl_rows, ==, 213);
      for (int m = 0; m < LESC_N_MEASURES; m++)
        g_assert_cmpfloat_with_epsilon (v[m], expect[m], 1e-12);
    }

  /* the built-in artificial set too */
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  double v[LESC_N_MEASURES];
  compute (art->truth, art->truth, LESC_KL_TRUTH_RECOVERED, v, NULL);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    g_assert_cmpfloat_with_epsilon (v[m], expect[m], 1e-12);
}

/* Yeast-alpha's truth has one zero: against itself KL(r‖r) is 0 by 0·ln(0/0) = 0 in both
 * directions, over every row. */
static void
test_truth_vs_truth_with_zero (void)
{
  g_autofree char *path = lesc_test_dataset_path ("yeast-alpha.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  double v[LESC_N_MEASURES];
  gsize kl_rows;
  compute (ds->truth, ds->truth, LESC_KL_TRUTH_RECOVERED, v, &kl_rows);
  const double expect[LESC_N_MEASURES] = { 0, 0, 0, 0, 1, 1 };
  for (int m = 0; m < LESC_N_MEASURES; m++)
    g_assert_cmpfloat_with_epsilon (v[m], expect[m], 1e-12);
  compute (ds->truth, ds->truth, LESC_KL_RECOVERED_TRUTH, v, &kl_rows);
  g_assert_cmpfloat (v[LESC_MEASURE_KL], ==, 0.0);
  g_assert_cmpuint (kl_rows, ==, 2465);
}

/* Ranks of results per measure: lower is better for the distances, higher for Cosine
 * and Intersection; ties share the mean rank; NaN gets no rank and no average. */
static void
test_rank (void)
{
  /* Cheb, Clark, Canber, KL, Cosine, Intersec of three results */
  const double v[3 * LESC_N_MEASURES] = {
    0.10, 0.50, 0.9, 0.01, 0.95, 0.90,
    0.20, 0.40, 0.9, 0.02, 0.99, 0.80,
    0.05, NAN,  0.7, 0.03, 0.97, 0.85,
  };
  double r[3 * LESC_N_MEASURES], avg[3];
  lesc_measures_rank (v, 3, r, avg);
  const double want[3 * LESC_N_MEASURES] = {
    2, 2, 2.5, 1, 3, 1,
    3, 1, 2.5, 2, 1, 3,
    1, NAN, 1, 3, 2, 2,
  };
  for (guint k = 0; k < G_N_ELEMENTS (want); k++)
    if (isnan (want[k]))
      g_assert_true (isnan (r[k]));
    else
      g_assert_cmpfloat (r[k], ==, want[k]);
  g_assert_cmpfloat (avg[0], ==, 11.5 / 6);
  g_assert_cmpfloat (avg[1], ==, 12.5 / 6);
  g_assert_true (isnan (avg[2]));
  /* An infinite KL (a zero in the recovered distributions) ranks last, not missing. */
  const double inf_kl[2 * LESC_N_MEASURES] = {
    0.2, 0.5, 0.9, INFINITY, 0.9, 0.8,
    0.1, 0.4, 0.7, 0.05, 0.95, 0.85,
  };
  double ri[2 * LESC_N_MEASURES], avg_inf[2];
  lesc_measures_rank (inf_kl, 2, ri, avg_inf);
  g_assert_cmpfloat (ri[LESC_MEASURE_KL], ==, 2);
  g_assert_cmpfloat (ri[LESC_N_MEASURES + LESC_MEASURE_KL], ==, 1);
  g_assert_cmpfloat (avg_inf[0], ==, 2);
  g_assert_cmpfloat (avg_inf[1], ==, 1);
  /* One result: rank 1 everywhere it has a value. */
  lesc_measures_rank (v, 1, r, NULL);
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    g_assert_cmpfloat (r[j], ==, 1);
}

/* Both directions at once equal the two single calls; without a truth, NaN and no error. */
static void
test_both (void)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  g_autoptr (LescMatrix) r = lesc_matrix_copy (art->truth);
  for (gsize i = 0; i < r->rows; i++)   /* a recovery unlike the truth: half of it uniform */
    for (gsize j = 0; j < r->cols; j++)
      LESC_AT (r, i, j) = 0.5 * LESC_AT (r, i, j) + 0.5 / (double) r->cols;
  double both[2][LESC_N_MEASURES], one[LESC_N_MEASURES];
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_measures_compute_both (art->truth, r, both, &error));
  for (int k = 0; k < 2; k++)
    {
      g_assert_true (lesc_measures_compute (art->truth, r, (LescKlDirection) k, one, &error));
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        g_assert_cmpfloat (both[k][j], ==, one[j]);
    }
  g_assert_cmpfloat (both[LESC_KL_TRUTH_RECOVERED][LESC_MEASURE_KL], !=, both[LESC_KL_RECOVERED_TRUTH][LESC_MEASURE_KL]);
  g_assert_true (lesc_measures_compute_both (NULL, r, both, &error));
  g_assert_no_error (error);
  for (int k = 0; k < 2; k++)
    for (guint j = 0; j < LESC_N_MEASURES; j++)
      g_assert_true (isnan (both[k][j]));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/measures/rank", test_rank);
  g_test_add_func ("/measures/hand-vectors", test_hand_vectors);
  g_test_add_func ("/measures/per-sample", test_per_sample);
  g_test_add_func ("/measures/zero-over-zero", test_zero_over_zero);
  g_test_add_func ("/measures/kl-zeros-in-recovery", test_kl_zeros_in_recovery);
  g_test_add_func ("/measures/names-and-directions", test_names_and_directions);
  g_test_add_func ("/measures/errors", test_errors);
  g_test_add_func ("/measures/truth-vs-truth", test_truth_vs_truth);
  g_test_add_func ("/measures/truth-vs-truth-with-zero", test_truth_vs_truth_with_zero);
  g_test_add_func ("/measures/both", test_both);
  return g_test_run ();
}
