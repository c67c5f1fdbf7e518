/* Validation of data sets: every refusal with its position, renormalization, and the
 * report `lesc info` prints (hand-computed and on the benchmark files). */
#include "core/data/binarize.h"
#include "core/data/dataset.h"
#include "core/data/validate.h"
#include "core/data/open.h"
#include "testfiles.h"
#include "testutil.h"

#include <math.h>

/* 5 samples, 2 features (rows 0, 2 and 4 identical; rows 1 and 3 distinct), 3 labels. */
static LescDataset *
small_dataset (void)
{
  const double x[] = { 1, 2, 1, 3, 1,
                       0, 0, 0, 5, 0 };
  const double y[] = { 0.6, 0.0, 0.2, 0.5, 0.1,
                       0.4, 1.0, 0.3, 0.0, 0.2,
                       0.0, 0.0, 0.5, 0.5, 0.7 };
  LescDataset *ds = lesc_dataset_new ("small", lesc_matrix_new_from (5, 2, x),
                                      lesc_matrix_new_from (5, 3, y), NULL);
  ds->source = g_strdup ("small.csv");
  return ds;
}

static void
test_report (void)
{
  g_autoptr (LescDataset) ds = small_dataset ();
  LescValidateReport r;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_dataset_validate (ds, 0, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.n, ==, 5);
  g_assert_cmpuint (r.q, ==, 2);
  g_assert_cmpuint (r.o, ==, 3);
  g_assert_true (r.has_truth);
  g_assert_cmpfloat (r.bytes, ==, 8.0 * 5 * (2 + 2 * 3));
  /* row sums 1, 1, 1, 1, 1 in floating point: 0.2 + 0.3 + 0.5 is exactly 1 */
  g_assert_cmpfloat_with_epsilon (r.sum_min, 1.0, 1e-15);
  g_assert_cmpfloat_with_epsilon (r.sum_max, 1.0, 1e-15);
  g_assert_cmpuint (r.not_distributions, ==, 0);
  g_assert_cmpuint (r.renormalized, ==, 0);
  /* zeros: (0,2), (1,0), (1,2), (3,1) */
  g_assert_cmpuint (r.zero_entries, ==, 4);
  g_assert_cmpuint (r.zero_rows, ==, 3);
  g_assert_cmpuint (r.distinct_rows, ==, 3);
  g_assert_cmpuint (r.duplicate_groups, ==, 1);
  g_assert_cmpuint (r.duplicate_rows, ==, 3);
  /* binarization: {0}, {1}, {2,1}, {0,2}→0.5 not > 0.5 so {0,2}, {2} → 1+1+2+2+1 = 7 ones */
  g_assert_cmpfloat (r.label_cardinality, ==, 7.0 / 5.0);
}

static void
expect_invalid (LescDataset *ds, LescValidateFlags flags, int code, const char *e1, const char *e2)
{
  g_autoptr (GError) error = NULL;
  LescValidateReport r;
  g_assert_false (lesc_dataset_validate (ds, flags, &r, &error));
  lesc_test_assert_error (error, code, ds->source ? ds->source : ds->name, e1, e2, NULL);
}

static void
test_not_finite (void)
{
  struct { int table; gsize i, j; double v; const char *expect; } cases[] = {
    { 0, 1, 1, NAN, "features row 2, column 2 is NaN (expected finite numbers)" },
    { 0, 4, 0, INFINITY, "features row 5, column 1 is +Inf" },
    { 1, 2, 2, -INFINITY, "label distributions row 3, column 3 is -Inf" },
    { 2, 0, 1, NAN, "logical labels row 1, column 2 is NaN" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (LescDataset) ds = small_dataset ();
      LescMatrix *m = cases[k].table == 0 ? ds->features : cases[k].table == 1 ? ds->truth
                                                                                : ds->logical;
      LESC_AT (m, cases[k].i, cases[k].j) = cases[k].v;
      expect_invalid (ds, 0, LESC_ERROR_DATA, cases[k].expect, NULL);
      /* renormalization does not rescue them */
      expect_invalid (ds, LESC_VALIDATE_RENORMALIZE, LESC_ERROR_DATA, cases[k].expect, NULL);
    }
}

static void
test_negative (void)
{
  g_autoptr (LescDataset) ds = small_dataset ();
  LESC_AT (ds->truth, 3, 0) = -0.25;
  LESC_AT (ds->truth, 3, 2) = 1.25; /* the row still sums to 1 */
  expect_invalid (ds, 0, LESC_ERROR_DATA, "label distributions row 4, column 1 is -0.25",
                  "expected degrees >= 0");
  expect_invalid (ds, LESC_VALIDATE_RENORMALIZE, LESC_ERROR_DATA, "row 4, column 1 is -0.25", NULL);
}

static void
test_sums_and_renormalize (void)
{
  g_autoptr (LescDataset) ds = small_dataset ();
  /* row 2 (0-based 1) sums to 2; row 5 to 0.5; row 4 within tolerance (1 + 5e-6) */
  LESC_AT (ds->truth, 1, 1) = 2.0;
  LESC_AT (ds->truth, 4, 0) = 0.05, LESC_AT (ds->truth, 4, 1) = 0.1, LESC_AT (ds->truth, 4, 2) = 0.35;
  LESC_AT (ds->truth, 3, 0) += 5e-6;
  lesc_matrix_free (ds->logical); /* binarized from the raw rows, as a loader would */
  ds->logical = lesc_binarize (ds->truth, LESC_BINARIZE_THRESHOLD);
  expect_invalid (ds, 0, LESC_ERROR_DATA, "2 rows of the label distributions do not sum to 1 "
                  "within 1e-05 (first: row 2 sums to 2)", "--renormalize");

  g_autofree char *before = g_strdup (ds->checksum);
  g_autoptr (LescMatrix) logical_before = lesc_matrix_copy (ds->logical);
  LescValidateReport r;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_dataset_validate (ds, LESC_VALIDATE_RENORMALIZE, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r.not_distributions, ==, 2);
  g_assert_cmpuint (r.first_not_distribution, ==, 1);
  g_assert_cmpuint (r.renormalized, ==, 2);
  g_assert_cmpfloat (r.sum_min, ==, 0.5);
  g_assert_cmpfloat (r.sum_max, ==, 2.0);
  /* renormalized rows are divided by their sums; the row within tolerance is untouched */
  g_assert_cmpfloat (LESC_AT (ds->truth, 1, 1), ==, 1.0);
  g_assert_cmpfloat (LESC_AT (ds->truth, 1, 0), ==, 0.0);
  g_assert_cmpfloat (LESC_AT (ds->truth, 4, 0), ==, 0.1);
  g_assert_cmpfloat (LESC_AT (ds->truth, 4, 1), ==, 0.2);
  g_assert_cmpfloat (LESC_AT (ds->truth, 4, 2), ==, 0.7);
  g_assert_cmpfloat (LESC_AT (ds->truth, 3, 0), ==, 0.5 + 5e-6);
  /* the binarized labels follow the renormalized truth; row 5 was {1,2} on raw sums */
  g_assert_cmpfloat (LESC_AT (logical_before, 4, 1), ==, 1.0);
  g_autoptr (LescMatrix) expected = lesc_binarize (ds->truth, 0.5);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (ds->logical, expected), ==, 0.0);
  g_assert_cmpfloat (LESC_AT (ds->logical, 4, 1), ==, 0.0);
  g_assert_cmpstr (ds->checksum, !=, before);

  /* a row of zeros cannot be renormalized */
  g_autoptr (LescDataset) z = small_dataset ();
  for (gsize j = 0; j < 3; j++)
    LESC_AT (z->truth, 2, j) = 0.0;
  expect_invalid (z, 0, LESC_ERROR_DATA, "1 row of the label distributions does not sum to 1",
                  "row 3 sums to 0");
  expect_invalid (z, LESC_VALIDATE_RENORMALIZE, LESC_ERROR_DATA,
                  "label distributions row 3 is all zeros", NULL);
}

static void
test_logical (void)
{
  /* logical labels from a file: a zero row, a 0.5 */
  g_autoptr (LescMatrix) x = lesc_test_features (3, 2);
  g_autoptr (LescMatrix) y = lesc_test_distributions (3, 3);
  g_autoptr (LescMatrix) l = lesc_binarize (y, 0.5);
  LescMatrix *zero_row = lesc_matrix_copy (l);
  for (gsize j = 0; j < 3; j++)
    LESC_AT (zero_row, 1, j) = 0.0;
  g_autoptr (LescDataset) a = lesc_dataset_new ("a", lesc_matrix_copy (x), lesc_matrix_copy (y),
                                                zero_row);
  expect_invalid (a, 0, LESC_ERROR_DATA, "logical labels row 2 is all zeros",
                  "expected at least one relevant label");
  LescMatrix *half = lesc_matrix_copy (l);
  LESC_AT (half, 2, 0) = 0.5;
  g_autoptr (LescDataset) b = lesc_dataset_new ("b", lesc_matrix_copy (x), lesc_matrix_copy (y),
                                                half);
  expect_invalid (b, 0, LESC_ERROR_DATA, "logical labels row 3, column 1 is 0.5",
                  "expected 0 or 1");
  /* logical labels alone (no truth) are accepted; the report says so */
  g_autoptr (LescDataset) c = lesc_dataset_new ("c", lesc_matrix_copy (x), NULL, lesc_matrix_copy (l));
  LescValidateReport r;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_dataset_validate (c, 0, &r, &error));
  g_assert_false (r.has_truth);
  g_assert_cmpfloat (r.label_cardinality, ==, 1.0);
}

static void
test_shapes (void)
{
  g_autoptr (LescDataset) n0 = lesc_dataset_new ("n0", lesc_matrix_new (0, 2), lesc_matrix_new (0, 3), NULL);
  expect_invalid (n0, 0, LESC_ERROR_DATA, "no samples (n = 0", NULL);
  g_autoptr (LescDataset) q0 = lesc_dataset_new ("q0", lesc_matrix_new (3, 0),
                                                 lesc_test_distributions (3, 3), NULL);
  expect_invalid (q0, 0, LESC_ERROR_DATA, "no features (q = 0", NULL);
  LescMatrix *y1 = lesc_matrix_new (3, 1);
  for (gsize i = 0; i < 3; i++)
    LESC_AT (y1, i, 0) = 1.0;
  g_autoptr (LescDataset) o1 = lesc_dataset_new ("o1", lesc_test_features (3, 2), y1, NULL);
  expect_invalid (o1, 0, LESC_ERROR_DATA, "1 label (o = 1; label enhancement needs at least 2",
                  NULL);
  g_autoptr (LescDataset) rows = lesc_dataset_new ("rows", lesc_test_features (4, 2),
                                                   lesc_test_distributions (3, 3), NULL);
  expect_invalid (rows, 0, LESC_ERROR_DATA, "the features have 4 rows but the label distributions "
                  "have 3", NULL);
}

static void
test_size (void)
{
  g_autoptr (GError) error = NULL;
  /* a billion samples of a million features: 8 PB */
  g_assert_false (lesc_dataset_check_size ("huge.csv", 1e9, 1e6, 10, &error));
  lesc_test_assert_error (error, LESC_ERROR_MEMORY, "huge.csv: a data set of 1000000000 samples, "
                          "1000000 features and 10 labels needs", "more than the limit", NULL);
  g_clear_error (&error);
  g_assert_true (lesc_dataset_check_size ("small", 100, 10, 3, &error));
  g_assert_cmpfloat (lesc_dataset_estimate_bytes (100, 10, 3), ==, 8.0 * 100 * 16);

  g_setenv ("LESC_MAX_DATA_BYTES", "1000", TRUE);
  g_assert_cmpfloat (lesc_dataset_max_bytes (), ==, 1000.0);
  g_autoptr (LescDataset) ds = small_dataset (); /* 320 bytes */
  g_assert_true (lesc_dataset_validate (ds, 0, NULL, &error));
  g_setenv ("LESC_MAX_DATA_BYTES", "300", TRUE);
  expect_invalid (ds, 0, LESC_ERROR_MEMORY, "needs 320 bytes", "limit of 300 bytes");
  g_unsetenv ("LESC_MAX_DATA_BYTES");
}

typedef struct {
  const char *file;
  gsize zero_entries, zero_rows, groups, dup_rows, distinct;
} Expected;

static void
test_benchmark_reports (void)
{
  /* zeros and duplicate feature rows: docs/methods.md §1 */
  const Expected expected[] = {
    { "sjaffe.mat", 0, 0, 1, 2, 212 },
    { "yeast-alpha.mat", 1, 1, 28, 58, 2435 },
    { "yeast-spoem.mat", 1, 1, 28, 58, 2435 },
  };
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      g_autofree char *path = lesc_test_dataset_path (expected[k].file);
      if (path == NULL)
        return;
      g_autoptr (GError) error = NULL;
      LescValidateReport r;
      g_autoptr (LescDataset) ds = lesc_dataset_open_with (path, NULL, &r, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (r.zero_entries, ==, expected[k].zero_entries);
      g_assert_cmpuint (r.zero_rows, ==, expected[k].zero_rows);
      g_assert_cmpuint (r.duplicate_groups, ==, expected[k].groups);
      g_assert_cmpuint (r.duplicate_rows, ==, expected[k].dup_rows);
      g_assert_cmpuint (r.distinct_rows, ==, expected[k].distinct);
      g_assert_cmpuint (r.not_distributions, ==, 0);
      g_assert_cmpfloat (fabs (r.sum_min - 1.0), <, 7e-16 + 1e-16);
      g_assert_cmpfloat (fabs (r.sum_max - 1.0), <, 7e-16 + 1e-16);
      if (k == 1) /* yeast-alpha's zero: row 933, label 9 */
        g_assert_cmpfloat (LESC_AT (ds->truth, 932, 8), ==, 0.0);
      if (k == 2) /* yeast-spoem row 1924 is [0 1] */
        {
          g_assert_cmpfloat (LESC_AT (ds->truth, 1923, 0), ==, 0.0);
          g_assert_cmpfloat (LESC_AT (ds->truth, 1923, 1), ==, 1.0);
        }
      /* label cardinality = ones in the binarization / n */
      double ones = 0;
      for (gsize e = 0; e < ds->logical->rows * ds->logical->cols; e++)
        ones += ds->logical->data[e];
      g_assert_cmpfloat (r.label_cardinality, ==, ones / (double) r.n);
      g_assert_cmpfloat (r.label_cardinality, >=, 1.0);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/validate/report", test_report);
  g_test_add_func ("/validate/not-finite", test_not_finite);
  g_test_add_func ("/validate/negative", test_negative);
  g_test_add_func ("/validate/sums-renormalize", test_sums_and_renormalize);
  g_test_add_func ("/validate/logical", test_logical);
  g_test_add_func ("/validate/shapes", test_shapes);
  g_test_add_func ("/validate/size", test_size);
  g_test_add_func ("/validate/benchmark-reports", test_benchmark_reports);
  return g_test_run ();
}
