/* Label names in .mat files (core/data/matnames.h) through lesc_dataset_load_mat, checked
 * by matcheck before matio reads them: a cell array of strings, a blank-padded char
 * matrix, none, a wrong count, and a cell that is not a string; the same in MAT v7.3 (HDF5)
 * files, where matio's description of the variable is checked instead. */
#include "core/data/matfile.h"
#include "core/data/matnames.h"

#include "testfiles.h"

static char *tmpdir;

/* features (4×2) and labels (4×3), plus `extra` when not NULL, as MAT `version`. */
static char *
write_file_version (const char *name, matvar_t *extra, enum mat_ft version)
{
  g_autoptr (LescMatrix) x = lesc_test_features (4, 2);
  g_autoptr (LescMatrix) y = lesc_test_distributions (4, 3);
  LescTestVar vars[] = { { "features", x, 0, 0 }, { "labels", y, 0, 0 } };
  char *path = lesc_test_write_mat_version (tmpdir, name, vars, 2, version == MAT_FT_MAT5,
                                            version);
  if (extra != NULL)
    {
      mat_t *mat = Mat_Open (path, MAT_ACC_RDWR);
      g_assert_nonnull (mat);
      g_assert_cmpint (Mat_VarWrite (mat, extra, MAT_COMPRESSION_NONE), ==, 0);
      Mat_Close (mat);
      Mat_VarFree (extra);
    }
  return path;
}

static char *
write_file (const char *name, matvar_t *extra)
{
  return write_file_version (name, extra, MAT_FT_MAT5);
}

static matvar_t *
cell_of (const char *var, const char *const *strings, gsize n)
{
  matvar_t **cells = g_new0 (matvar_t *, n + 1);
  for (gsize i = 0; i < n; i++)
    {
      size_t dims[2] = { 1, strlen (strings[i]) };
      cells[i] = Mat_VarCreate (NULL, MAT_C_CHAR, MAT_T_UINT8, 2, dims, (void *) strings[i], 0);
    }
  size_t dims[2] = { 1, n };
  matvar_t *v = Mat_VarCreate (var, MAT_C_CELL, MAT_T_CELL, 2, dims, cells, 0);
  g_free (cells);   /* matio took the cells */
  return v;
}

static LescDataset *
load (const char *path, GError **error)
{
  return lesc_dataset_load_mat (path, error);
}

static void
test_cell_array (void)
{
  const char *names[] = { "happy", "sad", "surprised" };
  g_autofree char *path = write_file ("cell.mat", cell_of ("labelNames", names, 3));
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (ds->label_names);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (ds->label_names[i], ==, names[i]);
  g_assert_null (ds->label_names[3]);
}

static void
test_char_matrix (void)
{
  /* 3 rows × 5 columns, column-major, blank-padded: "joy  ", "anger", "fear " */
  const char *rows[] = { "joy  ", "anger", "fear " };
  char data[15];
  for (gsize i = 0; i < 3; i++)
    for (gsize j = 0; j < 5; j++)
      data[i + j * 3] = rows[i][j];
  size_t dims[2] = { 3, 5 };
  matvar_t *v = Mat_VarCreate ("label_names", MAT_C_CHAR, MAT_T_UINT8, 2, dims, data, 0);
  g_autofree char *path = write_file ("chars.mat", v);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ds->label_names[0], ==, "joy");
  g_assert_cmpstr (ds->label_names[1], ==, "anger");
  g_assert_cmpstr (ds->label_names[2], ==, "fear");
}

static void
test_none (void)
{
  g_autofree char *path = write_file ("none.mat", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = load (path, &error);
  g_assert_no_error (error);
  g_assert_null (ds->label_names);
}

static void
test_wrong_count (void)
{
  const char *names[] = { "happy", "sad" };
  g_autofree char *path = write_file ("two.mat", cell_of ("labelNames", names, 2));
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = load (path, &error);
  g_assert_null (ds);
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "labelNames"));
  g_assert_nonnull (strstr (error->message, path));
}

static void
test_not_text (void)
{
  matvar_t **cells = g_new0 (matvar_t *, 3);
  const char *a = "happy";
  size_t d1[2] = { 1, 5 };
  cells[0] = Mat_VarCreate (NULL, MAT_C_CHAR, MAT_T_UINT8, 2, d1, (void *) a, 0);
  double x[1] = { 3.0 };
  size_t d2[2] = { 1, 1 };
  cells[1] = Mat_VarCreate (NULL, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, d2, x, 0);
  cells[2] = Mat_VarCreate (NULL, MAT_C_CHAR, MAT_T_UINT8, 2, d1, (void *) a, 0);
  size_t dims[2] = { 1, 3 };
  matvar_t *v = Mat_VarCreate ("labelNames", MAT_C_CELL, MAT_T_CELL, 2, dims, cells, 0);
  g_free (cells);
  g_autofree char *path = write_file ("number.mat", v);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = load (path, &error);
  g_assert_null (ds);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "not a string"));
}

/* v7.3: a cell array and a char matrix read as in v5; a cell holding a number, and more
 * characters than label names may have, refused naming the variable */
static void
test_v73 (void)
{
  const char *names[] = { "happy", "sad", "surprised" };
  g_autofree char *cell = write_file_version ("cell73.mat", cell_of ("labelNames", names, 3),
                                              MAT_FT_MAT73);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) a = load (cell, &error);
  g_assert_no_error (error);
  g_assert_nonnull (a->label_names);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpstr (a->label_names[i], ==, names[i]);
  g_assert_null (a->label_names[3]);

  const char *rows[] = { "joy  ", "anger", "fear " };
  char data[15];
  for (gsize i = 0; i < 3; i++)
    for (gsize j = 0; j < 5; j++)
      data[i + j * 3] = rows[i][j];
  size_t dims[2] = { 3, 5 };
  matvar_t *v = Mat_VarCreate ("label_names", MAT_C_CHAR, MAT_T_UINT8, 2, dims, data, 0);
  g_autofree char *chars = write_file_version ("chars73.mat", v, MAT_FT_MAT73);
  g_autoptr (LescDataset) b = load (chars, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (b->label_names[0], ==, "joy");
  g_assert_cmpstr (b->label_names[2], ==, "fear");

  double x[3] = { 1, 2, 3 };
  size_t d3[2] = { 1, 3 };
  matvar_t *num = Mat_VarCreate ("labelNames", MAT_C_DOUBLE, MAT_T_DOUBLE, 2, d3, x, 0);
  g_autofree char *numeric = write_file_version ("numeric73.mat", num, MAT_FT_MAT73);
  g_assert_null (load (numeric, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, numeric, "'labelNames' must be text", NULL);
  g_clear_error (&error);

  /* three names of 30000 characters each: 90000 characters, over the 65536 allowed */
  g_autofree char *longname = g_strnfill (30000, 'a');
  const char *huge[] = { longname, longname, longname };
  g_autofree char *big = write_file_version ("big73.mat", cell_of ("labelNames", huge, 3),
                                             MAT_FT_MAT73);
  g_assert_null (load (big, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, big, "holds 90000 characters", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = lesc_test_tmpdir ();
  g_test_add_func ("/matnames/cell-array", test_cell_array);
  g_test_add_func ("/matnames/char-matrix", test_char_matrix);
  g_test_add_func ("/matnames/none", test_none);
  g_test_add_func ("/matnames/wrong-count", test_wrong_count);
  g_test_add_func ("/matnames/not-text", test_not_text);
  g_test_add_func ("/matnames/v73", test_v73);
  int status = g_test_run ();
  lesc_test_rmdir (tmpdir);
  g_free (tmpdir);
  return status;
}
