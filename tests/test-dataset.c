/* Loading the benchmark files, the built-in artificial set, binarization, z-score and
 * duplicate rows. */
#include "core/data/binarize.h"
#include "core/data/dataset.h"
#include "core/numeric/preprocess.h"
#include "core/data/matfile.h"
#include "core/data/artificial.h"
#include "testutil.h"

#include <math.h>

static void
test_artificial_matches_file (void)
{
  g_autofree char *path = lesc_test_dataset_path ("artificial.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) file = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_autoptr (LescDataset) built = lesc_dataset_new_artificial ();
  g_assert_cmpuint (lesc_dataset_n (built), ==, 2601);
  g_assert_cmpuint (lesc_dataset_q (built), ==, 3);
  g_assert_cmpuint (lesc_dataset_o (built), ==, 3);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (built->features, file->features), <, 1e-9);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (built->truth, file->truth), <, 1e-9);
  /* row 51a + b holds x1 = g_a, x2 = g_b */
  g_assert_cmpfloat (LESC_AT (built->features, 51 * 3 + 7, 0), ==, (3.0 - 25.0) / 25.0);
  g_assert_cmpfloat (LESC_AT (built->features, 51 * 3 + 7, 1), ==, (7.0 - 25.0) / 25.0);
}

static const char *const official[] = {
  "artificial", "movie", "sbu-3dfe", "sjaffe", "yeast-alpha", "yeast-cdc", "yeast-cold",
  "yeast-diau", "yeast-dtt", "yeast-elu", "yeast-heat", "yeast-spo", "yeast-spo5", "yeast-spoem",
};

static void
test_binarize_official (void)
{
  if (lesc_test_datasets_dir () == NULL)
    return;
  for (guint k = 0; k < G_N_ELEMENTS (official); k++)
    {
      g_autofree char *truth_name = g_strconcat (official[k], ".mat", NULL);
      g_autofree char *bin_name = g_strconcat ("official-logical/", official[k], "-binary.mat", NULL);
      g_autofree char *truth_path = lesc_test_dataset_path (truth_name);
      g_autofree char *bin_path = lesc_test_dataset_path (bin_name);
      if (truth_path == NULL || bin_path == NULL)
        return;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_dataset_load_mat (truth_path, &error);
      g_assert_no_error (error);
      g_assert_false (ds->logical_from_file);
      /* the artificial binary file holds only logicalLabel: read it through the loader */
      g_autoptr (LescMatrix) official_l = lesc_mat_read_variable (bin_path, lesc_mat_logical_names, &error);
      g_assert_no_error (error);
      g_autoptr (LescMatrix) mine = lesc_binarize (ds->truth, LESC_BINARIZE_THRESHOLD);
      gsize bad_rows = 0;
      g_assert_cmpuint (mine->rows, ==, official_l->rows);
      g_assert_cmpuint (mine->cols, ==, official_l->cols);
      for (gsize i = 0; i < mine->rows; i++)
        for (gsize j = 0; j < mine->cols; j++)
          if (LESC_AT (mine, i, j) != LESC_AT (official_l, i, j))
            {
              bad_rows++;
              break;
            }
      if (bad_rows != 0)
        g_test_message ("%s: %zu mismatching rows", official[k], bad_rows);
      g_assert_cmpuint (bad_rows, ==, 0);
    }
}

static void
test_binarize_rules (void)
{
  /* columns: ties keep label order; the sum must exceed 0.5 strictly */
  const double y[] = { 0.5, 0.2, 0.25,   /* label 1 per row */
                       0.3, 0.3, 0.25,
                       0.2, 0.5, 0.5 };
  g_autoptr (LescMatrix) m = lesc_matrix_new_from (3, 3, y);
  g_autoptr (LescMatrix) l = lesc_binarize (m, 0.5);
  /* row 0: (0.5, 0.3, 0.2): 0.5 is not > 0.5, so the top two */
  g_assert_cmpfloat (LESC_AT (l, 0, 0), ==, 1); g_assert_cmpfloat (LESC_AT (l, 0, 1), ==, 1);
  g_assert_cmpfloat (LESC_AT (l, 0, 2), ==, 0);
  /* row 1: (0.2, 0.3, 0.5): tie-free; 0.5 then 0.3 */
  g_assert_cmpfloat (LESC_AT (l, 1, 0), ==, 0); g_assert_cmpfloat (LESC_AT (l, 1, 1), ==, 1);
  g_assert_cmpfloat (LESC_AT (l, 1, 2), ==, 1);
  /* row 2: (0.25, 0.25, 0.5): 0.5 first, then the tie goes to the lower label (0) */
  g_assert_cmpfloat (LESC_AT (l, 2, 0), ==, 1); g_assert_cmpfloat (LESC_AT (l, 2, 1), ==, 0);
  g_assert_cmpfloat (LESC_AT (l, 2, 2), ==, 1);
}

typedef struct {
  const char *file;
  gsize n, q, o, distinct;
} Shape;

static void
test_shapes_and_duplicates (void)
{
  /* distinct rows: docs/methods.md §1 */
  const Shape shapes[] = {
    { "sjaffe.mat", 213, 243, 6, 212 },
    { "sbu-3dfe.mat", 2500, 243, 6, 0 },
    { "yeast-alpha.mat", 2465, 24, 18, 2435 },
    { "yeast-spoem.mat", 2465, 24, 2, 2435 },
  };
  for (guint k = 0; k < G_N_ELEMENTS (shapes); k++)
    {
      g_autofree char *path = lesc_test_dataset_path (shapes[k].file);
      if (path == NULL)
        return;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (lesc_dataset_n (ds), ==, shapes[k].n);
      g_assert_cmpuint (lesc_dataset_q (ds), ==, shapes[k].q);
      g_assert_cmpuint (lesc_dataset_o (ds), ==, shapes[k].o);
      if (shapes[k].distinct > 0)
        {
          g_autofree gsize *group = g_new (gsize, shapes[k].n);
          g_assert_cmpuint (lesc_distinct_rows (ds->features, group, NULL), ==, shapes[k].distinct);
        }
    }
}

static void
test_zscore (void)
{
  const double x[] = { 1, 2, 3, 4, /* col 2 constant */ 5, 5, 5, 5 };
  g_autoptr (LescMatrix) m = lesc_matrix_new_from (4, 2, x);
  g_autoptr (LescMatrix) z = lesc_zscore (m);
  /* mean 2.5, std (n−1) = sqrt(5/3) */
  double sd = sqrt (5.0 / 3.0);
  g_assert_cmpfloat_with_epsilon (LESC_AT (z, 0, 0), -1.5 / sd, 1e-15);
  g_assert_cmpfloat_with_epsilon (LESC_AT (z, 3, 0), 1.5 / sd, 1e-15);
  for (int i = 0; i < 4; i++)
    g_assert_cmpfloat (LESC_AT (z, i, 1), ==, 0.0);
}

static void
test_distinct_rows (void)
{
  const double x[] = { 1, 2, 1, 3, 2,   /* col 0 */
                       0, 0, 0, 1, 0 }; /* col 1: rows 0=2, 1=4 */
  g_autoptr (LescMatrix) m = lesc_matrix_new_from (5, 2, x);
  gsize group[5], first[5];
  g_assert_cmpuint (lesc_distinct_rows (m, group, first), ==, 3);
  g_assert_cmpuint (group[0], ==, 0); g_assert_cmpuint (group[2], ==, 0);
  g_assert_cmpuint (group[1], ==, 1); g_assert_cmpuint (group[4], ==, 1);
  g_assert_cmpuint (group[3], ==, 2);
  g_assert_cmpuint (first[0], ==, 0); g_assert_cmpuint (first[1], ==, 1);
  g_assert_cmpuint (first[2], ==, 3);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dataset/artificial", test_artificial_matches_file);
  g_test_add_func ("/dataset/binarize/rules", test_binarize_rules);
  g_test_add_func ("/dataset/binarize/official", test_binarize_official);
  g_test_add_func ("/dataset/shapes", test_shapes_and_duplicates);
  g_test_add_func ("/dataset/zscore", test_zscore);
  g_test_add_func ("/dataset/distinct-rows", test_distinct_rows);
  return g_test_run ();
}
