/* Principal components (core/numeric/pca.h) against two cases worked out by hand: one
 * through the q×q covariance, one with more features than samples through the Gram
 * matrix. */
#include "core/numeric/pca.h"

#include <math.h>

#define EPS 1e-12

static LescMatrix *
matrix_of (gsize rows, gsize cols, const double *row_major)
{
  LescMatrix *m = lesc_matrix_new (rows, cols);
  for (gsize i = 0; i < rows; i++)
    for (gsize j = 0; j < cols; j++)
      LESC_AT (m, i, j) = row_major[i * cols + j];
  return m;
}

/* a = (1, −1, 1, −1), b = (1, 1, −1, −1); features a, 3a + 5, 2b and a constant. After
 * z-scoring (sd 2/√3) every column is ±√3/2, so zᵀz = [[3 3 0] [3 3 0] [0 0 3]] plus a
 * zero row and column: eigenvalues 6 and 3 of 9 in total, loadings (1, 1, 0, 0)/√2 and
 * (0, 0, 1, 0); scores √2·z_a = ±√6/2 and z_b = ±√3/2. */
static void
test_covariance_case (void)
{
  const double x[] = {
    1, 8, 2, 7,
    -1, 2, 2, 7,
    1, 8, -2, 7,
    -1, 2, -2, 7,
  };
  g_autoptr (LescMatrix) m = matrix_of (4, 4, x);
  double explained[3];
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) s = lesc_pca (m, 3, explained, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (s->rows, ==, 4);
  g_assert_cmpuint (s->cols, ==, 3);
  const double a[] = { 1, -1, 1, -1 }, b[] = { 1, 1, -1, -1 };
  for (gsize i = 0; i < 4; i++)
    {
      g_assert_cmpfloat_with_epsilon (LESC_AT (s, i, 0), a[i] * sqrt (6.0) / 2, EPS);
      g_assert_cmpfloat_with_epsilon (LESC_AT (s, i, 1), b[i] * sqrt (3.0) / 2, EPS);
      g_assert_cmpfloat_with_epsilon (LESC_AT (s, i, 2), 0.0, EPS);   /* past the rank */
    }
  g_assert_cmpfloat_with_epsilon (explained[0], 2.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (explained[1], 1.0 / 3.0, EPS);
  g_assert_cmpfloat_with_epsilon (explained[2], 0.0, EPS);
}

/* 3 samples, 5 features a, a, a, b, b with a = (1, 0, −1) (sd 1), b = (1, −2, 1) (sd √3):
 * zᵀz has a block of 2s over a's columns and over b's: eigenvalues 6 and 4 of 10, scores
 * 3·a/√3 = √3·a and 2·b/(√3·√2) = √(2/3)·b. */
static void
test_gram_case (void)
{
  const double x[] = {
    1, 1, 1, 1, 1,
    0, 0, 0, -2, -2,
    -1, -1, -1, 1, 1,
  };
  g_autoptr (LescMatrix) m = matrix_of (3, 5, x);
  double explained[2];
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) s = lesc_pca (m, 2, explained, &error);
  g_assert_no_error (error);
  const double a[] = { 1, 0, -1 }, b[] = { 1, -2, 1 };
  for (gsize i = 0; i < 3; i++)
    {
      g_assert_cmpfloat_with_epsilon (LESC_AT (s, i, 0), sqrt (3.0) * a[i], EPS);
      g_assert_cmpfloat_with_epsilon (LESC_AT (s, i, 1), sqrt (2.0 / 3.0) * b[i], EPS);
    }
  g_assert_cmpfloat_with_epsilon (explained[0], 0.6, EPS);
  g_assert_cmpfloat_with_epsilon (explained[1], 0.4, EPS);
}

/* Scaling a feature by a unit changes nothing; flipping every sample's sign flips no
 * component (the sign follows the loadings). */
static void
test_invariance (void)
{
  gsize n = 30, q = 4;
  g_autoptr (LescMatrix) x = lesc_matrix_new (n, q);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < q; j++)
      LESC_AT (x, i, j) = sin (0.37 * (double) (i + 1) * (double) (j + 2)) + 0.2 * (double) j * cos ((double) i);
  g_autoptr (LescMatrix) y = lesc_matrix_copy (x);
  for (gsize i = 0; i < n; i++)
    LESC_AT (y, i, 2) = 1000.0 * LESC_AT (y, i, 2) - 4.0;
  g_autoptr (LescMatrix) sx = lesc_pca (x, 2, NULL, NULL);
  g_autoptr (LescMatrix) sy = lesc_pca (y, 2, NULL, NULL);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (sx, sy), <, 1e-9);
}

static void
test_bad_input (void)
{
  const double one[] = { 1, 2, 3 };
  g_autoptr (LescMatrix) m = matrix_of (1, 3, one);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_pca (m, 2, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_autoptr (LescMatrix) m2 = matrix_of (3, 1, one);
  g_assert_null (lesc_pca (m2, 2, NULL, &error));   /* k > q */
  g_assert_nonnull (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pca/covariance-case", test_covariance_case);
  g_test_add_func ("/pca/gram-case", test_gram_case);
  g_test_add_func ("/pca/invariance", test_invariance);
  g_test_add_func ("/pca/bad-input", test_bad_input);
  return g_test_run ();
}
