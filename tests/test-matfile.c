/* MATLAB files: variable names and storage types accepted, and every way a file can be
 * broken giving one clear error (never a crash, never wrong numbers). */
#include "core/data/dataset.h"
#include "core/data/validate.h"
#include "core/data/open.h"
#include "core/data/matfile.h"
#include "testfiles.h"
#include "testutil.h"

#include <zlib.h>
#include <sys/resource.h>

static char *tmp;

static void
test_names_and_types (void)
{
  /* single-precision features, 'labelDistribution', uint8 'logical_label' of class double,
   * compressed and not */
  g_autoptr (LescMatrix) x = lesc_test_features (5, 3);
  g_autoptr (LescMatrix) y = lesc_test_distributions (5, 3);
  g_autoptr (LescMatrix) l = lesc_matrix_new (5, 3);
  for (gsize i = 0; i < 5; i++)
    LESC_AT (l, i, i % 3) = 1.0;
  const LescTestVar vars[] = {
    { "logical_label", l, MAT_T_UINT8, MAT_C_DOUBLE },
    { "labelDistribution", y, 0, 0 },
    { "features", x, MAT_T_SINGLE, 0 },
  };
  for (int compress = 0; compress < 2; compress++)
    {
      g_autofree char *name = g_strdup_printf ("Types_%d.mat", compress);
      g_autofree char *path = lesc_test_write_mat (tmp, name, vars, 3, compress);
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
      g_assert_no_error (error);
      g_autofree char *expected_name = g_strdup_printf ("types-%d", compress);
      g_assert_cmpstr (ds->name, ==, expected_name);
      g_assert_true (ds->logical_from_file);
      g_assert_cmpfloat (lesc_matrix_max_abs_diff (ds->truth, y), ==, 0.0);
      g_assert_cmpfloat (lesc_matrix_max_abs_diff (ds->logical, l), ==, 0.0);
      /* features went through float: x_ij = i + j/10 rounded to single precision */
      g_assert_cmpfloat (LESC_AT (ds->features, 4, 1), ==, (double) (float) 4.1);
      g_assert_true (lesc_dataset_validate (ds, 0, NULL, &error));
    }
}

static void
expect_load_error (const char *path, int code, const char *expect1, const char *expect2)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_null (ds);
  lesc_test_assert_error (error, code, path, expect1, expect2, NULL);
  /* lesc_dataset_open gives the same error */
  g_autoptr (GError) error2 = NULL;
  g_autoptr (LescDataset) ds2 = lesc_dataset_open (path, NULL, &error2);
  g_assert_null (ds2);
  g_assert_cmpstr (error2->message, ==, error->message);
}

static void
test_truncated (void)
{
  g_autofree char *sjaffe = lesc_test_dataset_path ("sjaffe.mat");
  if (sjaffe == NULL)
    return;
  gsize size = 0;
  {
    g_autofree char *data = NULL;
    g_assert_true (g_file_get_contents (sjaffe, &data, &size, NULL));
  }
  /* the first half: the second variable ('features') is cut */
  g_autofree char *half = lesc_test_copy_bytes (sjaffe, tmp, "half.mat", size / 2, 0, 0);
  expect_load_error (half, LESC_ERROR_FORMAT, "variable 2 (at byte 9569) needs 91030 bytes",
                     "truncated file");
  /* cut inside the first tag, after the header only, inside the header */
  g_autofree char *tag = lesc_test_copy_bytes (sjaffe, tmp, "tag.mat", 132, 0, 0);
  expect_load_error (tag, LESC_ERROR_FORMAT, "ends inside the tag of variable 1", NULL);
  g_autofree char *header = lesc_test_copy_bytes (sjaffe, tmp, "header.mat", 128, 0, 0);
  expect_load_error (header, LESC_ERROR_FORMAT, "holds no variables", NULL);
  g_autofree char *short_header = lesc_test_copy_bytes (sjaffe, tmp, "short.mat", 100, 0, 0);
  expect_load_error (short_header, LESC_ERROR_FORMAT, "not a MATLAB .mat file", NULL);
  /* one byte short */
  g_autofree char *last = lesc_test_copy_bytes (sjaffe, tmp, "last.mat", size - 1, 0, 0);
  expect_load_error (last, LESC_ERROR_FORMAT, "truncated file", NULL);

  /* an uncompressed file cut in the middle of its data */
  g_autoptr (LescMatrix) x = lesc_test_features (50, 4);
  g_autoptr (LescMatrix) y = lesc_test_distributions (50, 3);
  const LescTestVar vars[] = { { "features", x }, { "labels", y } };
  g_autofree char *plain = lesc_test_write_mat (tmp, "plain.mat", vars, 2, FALSE);
  g_autofree char *cut = lesc_test_copy_bytes (plain, tmp, "plain-cut.mat", 128 + 1000, 0, 0);
  expect_load_error (cut, LESC_ERROR_FORMAT, "variable 1 (at byte 128)", "truncated file");
}

static void
test_corrupt (void)
{
  g_autofree char *sjaffe = lesc_test_dataset_path ("sjaffe.mat");
  if (sjaffe == NULL)
    return;
  /* a flipped bit inside each compressed variable: zlib's checksum catches it */
  g_autofree char *c1 = lesc_test_copy_bytes (sjaffe, tmp, "c1.mat", 0, 128 + 3000, 0x10);
  expect_load_error (c1, LESC_ERROR_FORMAT,
                     "variable 1 ('labels', at byte 128) has corrupt compressed data", NULL);
  g_autofree char *c2 = lesc_test_copy_bytes (sjaffe, tmp, "c2.mat", 0, 60000, 0x01);
  expect_load_error (c2, LESC_ERROR_FORMAT,
                     "variable 2 ('features', at byte 9569) has corrupt compressed data", NULL);
  /* a damaged tag: the element type */
  g_autofree char *c3 = lesc_test_copy_bytes (sjaffe, tmp, "c3.mat", 0, 128, 0xff);
  expect_load_error (c3, LESC_ERROR_FORMAT, "expected a matrix", NULL);
  /* a damaged byte-order mark */
  g_autofree char *c4 = lesc_test_copy_bytes (sjaffe, tmp, "c4.mat", 0, 126, 0x20);
  expect_load_error (c4, LESC_ERROR_FORMAT, "byte-order mark", NULL);
  /* not a MAT file at all; a v7.3 (HDF5) header */
  g_autofree char *text = lesc_test_write_text (tmp, "text.mat", "features,labels\n1,2\n");
  expect_load_error (text, LESC_ERROR_FORMAT, "not a MATLAB .mat file", NULL);
  g_autofree char *v73 = g_build_filename (tmp, "v73.mat", NULL);
  char head[200];
  memset (head, ' ', sizeof head);
  memcpy (head, "MATLAB 7.3 MAT-file", 19);
  g_assert_true (g_file_set_contents (v73, head, sizeof head, NULL));
  expect_load_error (v73, LESC_ERROR_FORMAT, "MAT v7.3 header without the HDF5 signature", NULL);
}

static void
test_missing_variables (void)
{
  g_autoptr (LescMatrix) x = lesc_test_features (4, 2);
  g_autoptr (LescMatrix) y = lesc_test_distributions (4, 3);
  g_autoptr (LescMatrix) y5 = lesc_test_distributions (5, 3);
  g_autoptr (LescMatrix) l2 = lesc_matrix_new (4, 2);

  const LescTestVar only_x[] = { { "features", x } };
  g_autofree char *a = lesc_test_write_mat (tmp, "no-labels.mat", only_x, 1, TRUE);
  expect_load_error (a, LESC_ERROR_FORMAT,
                     "no variable 'labels', 'labelDistribution' or 'label_distribution'", NULL);

  const LescTestVar only_y[] = { { "Labels", y }, { "X", x } };
  g_autofree char *b = lesc_test_write_mat (tmp, "no-features.mat", only_y, 2, TRUE);
  expect_load_error (b, LESC_ERROR_FORMAT, "no variable 'features'",
                     "the file holds 'Labels', 'X'");

  const LescTestVar rows[] = { { "features", x }, { "labels", y5 } };
  g_autofree char *c = lesc_test_write_mat (tmp, "rows.mat", rows, 2, FALSE);
  expect_load_error (c, LESC_ERROR_DATA, "'features' has 4 rows but 'labels' has 5", NULL);

  const LescTestVar cols[] = { { "features", x }, { "labels", y }, { "logicalLabel", l2 } };
  g_autofree char *d = lesc_test_write_mat (tmp, "cols.mat", cols, 3, FALSE);
  expect_load_error (d, LESC_ERROR_DATA, "'labels' has 3 columns but 'logicalLabel' has 2", NULL);

  /* text where the features belong */
  g_autofree char *e = g_build_filename (tmp, "char.mat", NULL);
  mat_t *mat = Mat_CreateVer (e, NULL, MAT_FT_MAT5);
  size_t dims[2] = { 1, 5 };
  matvar_t *v = Mat_VarCreate ("features", MAT_C_CHAR, MAT_T_UINT8, 2, dims, "hello", 0);
  Mat_VarWrite (mat, v, MAT_COMPRESSION_NONE);
  Mat_VarFree (v);
  Mat_Close (mat);
  expect_load_error (e, LESC_ERROR_FORMAT, "variable 'features' must be a real numeric 2-D matrix",
                     "text");
}

static void
test_open_validates (void)
{
  /* n = 0 and o = 1 pass the loader (shapes agree) and are refused by validation */
  g_autoptr (LescMatrix) x0 = lesc_matrix_new (0, 3);
  g_autoptr (LescMatrix) y0 = lesc_matrix_new (0, 2);
  const LescTestVar empty[] = { { "features", x0 }, { "labels", y0 } };
  g_autofree char *a = lesc_test_write_mat (tmp, "empty.mat", empty, 2, TRUE);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_dataset_open (a, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_DATA, a, "no samples (n = 0", NULL);
  g_clear_error (&error);

  g_autoptr (LescMatrix) x = lesc_test_features (4, 2);
  g_autoptr (LescMatrix) y1 = lesc_matrix_new (4, 1);
  for (gsize i = 0; i < 4; i++)
    LESC_AT (y1, i, 0) = 1.0;
  const LescTestVar one[] = { { "features", x }, { "labels", y1 } };
  g_autofree char *b = lesc_test_write_mat (tmp, "one.mat", one, 2, TRUE);
  g_assert_null (lesc_dataset_open (b, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_DATA, b, "o = 1", "at least 2 labels", NULL);
  g_clear_error (&error);

  /* missing file; a name not found in the folder */
  g_autofree char *missing = g_build_filename (tmp, "nothing.mat", NULL);
  g_assert_null (lesc_dataset_open (missing, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_IO, missing, "no such file", NULL);
  g_clear_error (&error);
  g_assert_null (lesc_dataset_open ("no-such-set", tmp, &error));
  lesc_test_assert_error (error, LESC_ERROR_IO, "no-such-set: no such data set", tmp, NULL);
  g_clear_error (&error);

  /* a name found case-insensitively in the folder */
  g_autoptr (LescMatrix) y = lesc_test_distributions (4, 3);
  const LescTestVar good[] = { { "features", x }, { "labels", y } };
  g_autofree char *c = lesc_test_write_mat (tmp, "Good_Set.mat", good, 2, TRUE);
  g_autoptr (LescDataset) ds = lesc_dataset_open ("good-set", tmp, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (ds->source, ==, c);
}

static void
test_size_limit (void)
{
  g_autoptr (LescMatrix) x = lesc_test_features (40, 30);
  g_autoptr (LescMatrix) y = lesc_test_distributions (40, 3);
  const LescTestVar vars[] = { { "features", x }, { "labels", y } };
  g_autofree char *path = lesc_test_write_mat (tmp, "sized.mat", vars, 2, TRUE);
  g_autoptr (GError) error = NULL;
  g_setenv ("LESC_MAX_DATA_BYTES", "5000", TRUE);
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_unsetenv ("LESC_MAX_DATA_BYTES");
  g_assert_null (ds);
  /* refused from the shape alone, before the 9.6 kB of features are read: matio's copy and
   * ours, 2 × 9.6 kB */
  lesc_test_assert_error (error, LESC_ERROR_MEMORY, path, "variable 'features' (40×30) needs 19.2 kB",
                          "limit of 5.0 kB", NULL);
}

static gboolean
bitwise_equal (const LescMatrix *a, const LescMatrix *b)
{
  return a != NULL && b != NULL && a->rows == b->rows && a->cols == b->cols
         && memcmp (a->data, b->data, a->rows * a->cols * sizeof (double)) == 0;
}

/* n×c logical labels: row i has label i mod c and, every third row, label (i+1) mod c */
static LescMatrix *
test_logical (gsize n, gsize c)
{
  LescMatrix *l = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (l, i, i % c) = 1.0;
      if (i % 3 == 0)
        LESC_AT (l, i, (i + 1) % c) = 1.0;
    }
  return l;
}

/* A MAT v7.3 (HDF5) file written by matio loads to the same numbers as its v5 twin, with
 * and without ground truth. */
static void
test_v73_twin (void)
{
  g_autoptr (LescMatrix) x = lesc_test_features (7, 4);
  LESC_AT (x, 3, 2) = 1.0 / 3.0; /* a value that is not short in decimal */
  g_autoptr (LescMatrix) y = lesc_test_distributions (7, 3);
  g_autoptr (LescMatrix) l = test_logical (7, 3);
  const LescTestVar full[] = {
    { "features", x }, { "labelDistribution", y }, { "logicalLabel", l, MAT_T_UINT8, 0, TRUE },
  };
  const LescTestVar labels_only[] = { { "features", x, MAT_T_SINGLE }, { "logical_label", l } };
  struct { const LescTestVar *vars; guint n; gboolean truth; } sets[] = {
    { full, 3, TRUE }, { labels_only, 2, FALSE },
  };
  for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
    {
      g_autofree char *n5 = g_strdup_printf ("twin%u-v5.mat", k);
      g_autofree char *n73 = g_strdup_printf ("twin%u-v73.mat", k);
      g_autofree char *p5 = lesc_test_write_mat_version (tmp, n5, sets[k].vars, sets[k].n, TRUE,
                                                         MAT_FT_MAT5);
      g_autofree char *p73 = lesc_test_write_mat_version (tmp, n73, sets[k].vars, sets[k].n,
                                                          FALSE, MAT_FT_MAT73);
      g_autofree char *head = NULL;
      g_assert_true (g_file_get_contents (p73, &head, NULL, NULL));
      g_assert_true (g_str_has_prefix (head, "MATLAB 7.3"));
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) a = lesc_dataset_load_mat (p5, &error);
      g_assert_no_error (error);
      g_autoptr (LescDataset) b = lesc_dataset_load_mat (p73, &error);
      g_assert_no_error (error);
      g_assert_true (bitwise_equal (a->features, b->features));
      g_assert_true (bitwise_equal (a->logical, b->logical));
      g_assert_true (bitwise_equal (a->logical, l));
      g_assert_true (a->logical_from_file && b->logical_from_file);
      if (sets[k].truth)
        {
          g_assert_true (bitwise_equal (a->truth, b->truth));
          g_assert_true (bitwise_equal (a->truth, y));
          g_assert_true (bitwise_equal (a->features, x));
        }
      else
        g_assert_true (a->truth == NULL && b->truth == NULL);
      g_assert_cmpstr (a->checksum, ==, b->checksum);
      g_assert_true (lesc_dataset_validate (b, 0, NULL, &error));
      g_assert_no_error (error);
    }

  /* a damaged v7.3 file: one line from HDF5's refusal, nothing printed by HDF5 */
  g_autofree char *p73 = g_build_filename (tmp, "twin0-v73.mat", NULL);
  g_autofree char *cut = lesc_test_copy_bytes (p73, tmp, "cut-v73.mat", 1500, 0, 0);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_dataset_load_mat (cut, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, cut, NULL);
}

/* features and logical labels in every numeric storage class, v5 and v7.3 */
static void
test_storage_classes (void)
{
  g_autoptr (LescMatrix) x = lesc_test_features (6, 2);
  for (gsize k = 0; k < 12; k++)
    x->data[k] = (double) (k * 7 % 11); /* small whole numbers every class holds */
  g_autoptr (LescMatrix) l = test_logical (6, 3);
  const enum matio_types types[] = {
    MAT_T_DOUBLE, MAT_T_SINGLE, MAT_T_INT8, MAT_T_UINT8, MAT_T_INT16, MAT_T_UINT16,
    MAT_T_INT32, MAT_T_UINT32, MAT_T_INT64, MAT_T_UINT64,
  };
  for (guint v = 0; v < 2; v++)
    for (guint k = 0; k < G_N_ELEMENTS (types); k++)
      {
        const LescTestVar vars[] = {
          { "features", x, types[k] }, { "logicalLabel", l, types[k], 0, types[k] == MAT_T_UINT8 },
        };
        g_autofree char *name = g_strdup_printf ("class%u-%u.mat", v, k);
        g_autofree char *path = lesc_test_write_mat_version (tmp, name, vars, 2, v == 0,
                                                             v == 0 ? MAT_FT_MAT5 : MAT_FT_MAT73);
        g_autoptr (GError) error = NULL;
        g_autoptr (LescDataset) ds = lesc_dataset_open (path, NULL, &error);
        g_assert_no_error (error);
        g_assert_true (bitwise_equal (ds->features, x));
        g_assert_true (bitwise_equal (ds->logical, l));
        g_assert_null (ds->truth);
      }
}

/* lesc_mat_write: the numbers come back bit for bit, the settings as text */
static void
test_write_round_trip (void)
{
  g_autoptr (LescMatrix) d = lesc_test_distributions (9, 4);
  LESC_AT (d, 2, 1) = 0.1 + 0.2;
  LESC_AT (d, 5, 3) = 5e-324;
  g_autofree char *path = g_build_filename (tmp, "out.mat", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_mat_write (path, "labelDistribution", d, "settings",
                                 "method=LESC lambda1=0.001", &error));
  g_assert_no_error (error);
  const char *const names[] = { "labelDistribution", NULL };
  g_autoptr (LescMatrix) back = lesc_mat_read_variable (path, names, &error);
  g_assert_no_error (error);
  g_assert_true (bitwise_equal (back, d));
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  g_assert_nonnull (mat);
  matvar_t *v = Mat_VarRead (mat, "settings");
  g_assert_nonnull (v);
  g_assert_cmpint (v->class_type, ==, MAT_C_CHAR);
  g_assert_cmpuint (v->dims[1], ==, strlen ("method=LESC lambda1=0.001"));
  Mat_VarFree (v);
  Mat_Close (mat);

  /* into a folder that does not exist: refused, nothing left in the temporary folder */
  g_autofree char *bad = g_build_filename (tmp, "no-such-folder", "out.mat", NULL);
  g_assert_false (lesc_mat_write (bad, "labelDistribution", d, NULL, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_IO, bad, "cannot write", NULL);
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
}

static void
test_v4 (void)
{
  /* MAT v4 (no header; one 20-byte header per variable), written by matio, is read */
  g_autoptr (LescMatrix) x = lesc_test_features (6, 2);
  g_autoptr (LescMatrix) y = lesc_test_distributions (6, 3);
  g_autofree char *path = g_build_filename (tmp, "v4.mat", NULL);
  mat_t *mat = Mat_CreateVer (path, NULL, MAT_FT_MAT4);
  g_assert_nonnull (mat);
  const LescMatrix *ms[2] = { x, y };
  const char *names[2] = { "features", "labels" };
  for (guint k = 0; k < 2; k++)
    {
      size_t dims[2] = { ms[k]->rows, ms[k]->cols };
      matvar_t *v = Mat_VarCreate (names[k], MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, ms[k]->data, 0);
      g_assert_cmpint (Mat_VarWrite (mat, v, MAT_COMPRESSION_NONE), ==, 0);
      Mat_VarFree (v);
    }
  Mat_Close (mat);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (ds->features, x), ==, 0.0);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (ds->truth, y), ==, 0.0);
  g_assert_null (ds->notes);

  /* cut inside the data of its second variable; a header stating -1 rows */
  gsize size = 0;
  {
    g_autofree char *bytes = NULL;
    g_assert_true (g_file_get_contents (path, &bytes, &size, NULL));
  }
  g_autofree char *cut = lesc_test_copy_bytes (path, tmp, "v4-cut.mat", size - 10, 0, 0);
  expect_load_error (cut, LESC_ERROR_FORMAT, "MAT v4 file: variable 2 ('labels', at byte",
                     "more than the");
  g_autofree char *bytes = NULL;
  g_assert_true (g_file_get_contents (path, &bytes, &size, NULL));
  memset (bytes + 4, 0xff, 4); /* the first variable's rows */
  g_autofree char *neg = g_build_filename (tmp, "v4-neg.mat", NULL);
  g_assert_true (g_file_set_contents (neg, bytes, (gssize) size, NULL));
  expect_load_error (neg, LESC_ERROR_FORMAT, "MAT v4 file: variable 1 (at byte 0) has -1 rows",
                     NULL);
}

static void
test_unused_variables (void)
{
  /* a variable of logical labels under another name is not read, and that is said */
  g_autoptr (LescMatrix) x = lesc_test_features (4, 2);
  g_autoptr (LescMatrix) y = lesc_test_distributions (4, 3);
  g_autoptr (LescMatrix) l = lesc_matrix_new (4, 3);
  for (gsize i = 0; i < 4; i++)
    LESC_AT (l, i, 2) = 1.0;
  const LescTestVar vars[] = { { "features", x }, { "labels", y }, { "labels_logical", l } };
  g_autofree char *path = lesc_test_write_mat (tmp, "unused.mat", vars, 3, TRUE);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_assert_false (ds->logical_from_file);
  g_assert_nonnull (ds->notes);
  g_assert_cmpuint (g_strv_length (ds->notes), ==, 1);
  const char *note = ds->notes[0];
  g_test_message ("%s", note);
  g_assert_true (g_str_has_prefix (note, path));
  g_assert_nonnull (strstr (note, "variable 'labels_logical' not used"));
  g_assert_nonnull (strstr (note, "read: 'features', 'labels'"));
  g_assert_nonnull (strstr (note, "binarized from the distributions"));
}

/* ---- hostile files, built here byte by byte (little-endian MAT v5) ---- */

static void
put32 (GByteArray *b, guint32 v)
{
  v = GUINT32_TO_LE (v);
  g_byte_array_append (b, (const guint8 *) &v, 4);
}

static void
pad8 (GByteArray *b)
{
  static const guint8 zeros[8] = { 0 };
  if (b->len % 8)
    g_byte_array_append (b, zeros, 8 - b->len % 8);
}

static GByteArray *
mat_header (void)
{
  GByteArray *b = g_byte_array_new ();
  guint8 h[128];
  memset (h, ' ', 116);
  memcpy (h, "MATLAB 5.0 MAT-file, built by test-matfile", 42);
  memset (h + 116, 0, 8);
  h[124] = 0x00;
  h[125] = 0x01;
  h[126] = 'I';
  h[127] = 'M';
  g_byte_array_append (b, h, 128);
  return b;
}

/* The sub-elements of a double matrix `name` of rows × cols values 0.5; a claim of 0 is
 * the true size. */
static GByteArray *
matrix_body (const char *name, guint32 name_claim, gint32 rows, gint32 cols, guint32 data_claim)
{
  GByteArray *b = g_byte_array_new ();
  put32 (b, MAT_T_UINT32);
  put32 (b, 8);
  put32 (b, MAT_C_DOUBLE);
  put32 (b, 0);
  put32 (b, MAT_T_INT32);
  put32 (b, 8);
  put32 (b, (guint32) rows);
  put32 (b, (guint32) cols);
  put32 (b, MAT_T_INT8);
  put32 (b, name_claim ? name_claim : (guint32) strlen (name));
  g_byte_array_append (b, (const guint8 *) name, strlen (name));
  pad8 (b);
  gsize values = rows > 0 && cols > 0 ? (gsize) rows * (gsize) cols : 0;
  put32 (b, MAT_T_DOUBLE);
  put32 (b, data_claim ? data_claim : (guint32) (values * 8));
  for (gsize k = 0; k < values; k++)
    {
      double v = 0.5;
      g_byte_array_append (b, (const guint8 *) &v, 8);
    }
  return b;
}

/* An uncompressed element holding `body`, its size as stated. */
static void
put_plain (GByteArray *file, GByteArray *body)
{
  put32 (file, MAT_T_MATRIX);
  put32 (file, body->len);
  g_byte_array_append (file, body->data, body->len);
  g_byte_array_unref (body);
}

/* Deflate `n` bytes of `in` into `to`, ending with `flush` (a full flush or the end). */
static void
deflate_part (z_stream *z, const guint8 *in, gsize n, int flush, GByteArray *to)
{
  guint8 out[1 << 16];
  z->next_in = (guint8 *) in;
  z->avail_in = (uInt) n;
  do
    {
      z->next_out = out;
      z->avail_out = sizeof out;
      int rc = deflate (z, flush);
      g_assert_true (rc == Z_OK || rc == Z_STREAM_END || rc == Z_BUF_ERROR);
      g_byte_array_append (to, out, sizeof out - z->avail_out);
    }
  while (z->avail_out == 0);
}

/* A compressed element: the matrix tag (stating `claim`, 0: the body's size), the body,
 * then `extra` zero bytes in the same stream. The stream is deflated piecewise with full
 * flushes, so gigabytes of zeros cost one compressed megabyte-block repeated. */
static void
put_compressed (GByteArray *file, GByteArray *body, guint32 claim, guint64 extra)
{
  z_stream z = { 0 };
  g_assert_cmpint (deflateInit2 (&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY), ==, Z_OK);
  g_autoptr (GByteArray) raw = g_byte_array_new ();
  uLong adler = adler32 (0, NULL, 0);
  g_autoptr (GByteArray) head = g_byte_array_new ();
  put32 (head, MAT_T_MATRIX);
  put32 (head, claim ? claim : body->len);
  g_byte_array_append (head, body->data, body->len);
  adler = adler32 (adler, head->data, head->len);
  deflate_part (&z, head->data, head->len, Z_FULL_FLUSH, raw);
  if (extra > 0)
    {
      gsize chunk = 1 << 20;
      g_autofree guint8 *zeros = g_malloc0 (chunk);
      g_autoptr (GByteArray) piece = g_byte_array_new ();
      deflate_part (&z, zeros, chunk, Z_FULL_FLUSH, piece);
      uLong zeros_adler = adler32 (adler32 (0, NULL, 0), zeros, chunk);
      for (guint64 done = 0; done + chunk <= extra; done += chunk)
        {
          g_byte_array_append (raw, piece->data, piece->len);
          adler = adler32_combine (adler, zeros_adler, (z_off_t) chunk);
        }
    }
  deflate_part (&z, NULL, 0, Z_FINISH, raw);
  deflateEnd (&z);
  put32 (file, MAT_T_COMPRESSED);
  put32 (file, raw->len + 6);
  const guint8 zhead[2] = { 0x78, 0xda };
  g_byte_array_append (file, zhead, 2);
  g_byte_array_append (file, raw->data, raw->len);
  guint8 trailer[4] = { adler >> 24, adler >> 16, adler >> 8, adler };
  g_byte_array_append (file, trailer, 4);
  g_byte_array_unref (body);
}

typedef enum { NAME_CLAIM, NAME_CLAIM_COMPRESSED, DATA_TAG_CLAIM, DATA_SHAPE_MISMATCH,
               BOMB_BEYOND_DIMS, BOMB_INNER_CLAIM, IMPOSSIBLE_RATIO, HONEST_HUGE,
               NEGATIVE_DIMS } Hostile;

typedef struct {
  const char *path;
  Hostile kind;
  int code;
  const char *expect1, *expect2;
} HostileCase;

static const HostileCase hostile_cases[] = {
  /* a 1.5 KB file whose array name claims 4 GB */
  { "/matfile/hostile/name-claim", NAME_CLAIM, LESC_ERROR_FORMAT,
    "claims 4026531840 bytes of name but only", "remain in the variable" },
  { "/matfile/hostile/name-claim-compressed", NAME_CLAIM_COMPRESSED, LESC_ERROR_FORMAT,
    "claims 4026531840 bytes of name", NULL },
  /* a data tag claiming 2 GB in a small file */
  { "/matfile/hostile/data-tag-claim", DATA_TAG_CLAIM, LESC_ERROR_FORMAT,
    "('features', at byte 128) claims 2147483648 bytes of real data but only", NULL },
  { "/matfile/hostile/data-shape-mismatch", DATA_SHAPE_MISMATCH, LESC_ERROR_FORMAT,
    "claims 16 bytes of real data but its 2×2 shape of type 9 needs 32", NULL },
  /* 3.1 MB compressed that inflate to 3.2 GB beyond what the 2×2 features need */
  { "/matfile/hostile/bomb-beyond-dims", BOMB_BEYOND_DIMS, LESC_ERROR_FORMAT,
    "inflates to more than the", "bytes it declares" },
  { "/matfile/hostile/bomb-inner-claim", BOMB_INNER_CLAIM, LESC_ERROR_FORMAT,
    "bytes after its data", NULL },
  { "/matfile/hostile/impossible-ratio", IMPOSSIBLE_RATIO, LESC_ERROR_FORMAT,
    "once inflated, more than its", "compressed bytes can hold" },
  /* dimensions of 3.2 GB of doubles, stated honestly, over the memory limit: refused
   * before a byte is inflated */
  { "/matfile/hostile/honest-huge", HONEST_HUGE, LESC_ERROR_MEMORY,
    "variable 'features' (20000×20000) needs 6.4 GB", "limit of 1.0 GB" },
  { "/matfile/hostile/negative-dims", NEGATIVE_DIMS, LESC_ERROR_FORMAT,
    "has dimension 1 of size -1", NULL },
};

static GByteArray *
make_hostile (Hostile kind)
{
  GByteArray *f = mat_header ();
  switch (kind)
    {
    case NAME_CLAIM:
      put_plain (f, matrix_body ("features", 0xF0000000u, 2, 2, 0));
      put_plain (f, matrix_body ("labels", 0, 2, 2, 0));
      while (f->len < 1500)
        put_plain (f, matrix_body ("padding", 0, 4, 4, 0));
      break;
    case NAME_CLAIM_COMPRESSED:
      put_compressed (f, matrix_body ("features", 0xF0000000u, 2, 2, 0), 0, 0);
      break;
    case DATA_TAG_CLAIM:
      put_plain (f, matrix_body ("features", 0, 2, 2, 0x80000000u));
      put_plain (f, matrix_body ("labels", 0, 2, 2, 0));
      break;
    case DATA_SHAPE_MISMATCH:
      put_plain (f, matrix_body ("features", 0, 2, 2, 16));
      put_plain (f, matrix_body ("labels", 0, 2, 2, 0));
      break;
    case BOMB_BEYOND_DIMS:
      put_compressed (f, matrix_body ("features", 0, 2, 2, 0), 0, (guint64) 3200 << 20);
      put_plain (f, matrix_body ("labels", 0, 2, 2, 0));
      break;
    case BOMB_INNER_CLAIM:
      put_compressed (f, matrix_body ("features", 0, 2, 2, 0), 3200000000u, (guint64) 3200 << 20);
      put_plain (f, matrix_body ("labels", 0, 2, 2, 0));
      break;
    case IMPOSSIBLE_RATIO:
      put_compressed (f, matrix_body ("features", 0, 2, 2, 0), 1u << 30, 0);
      put_plain (f, matrix_body ("labels", 0, 2, 2, 0));
      break;
    case HONEST_HUGE:
      {
        /* 20000×20000 features of zeros (3.2 GB) and 20000×3 labels, stated honestly; the
         * streams end early, which nothing may notice before the refusal */
        const guint32 cols[2] = { 20000, 3 };
        const char *names[2] = { "features", "labels" };
        for (guint k = 0; k < 2; k++)
          {
            GByteArray *body = matrix_body (names[k], 0, 1, 1, 0);
            guint32 dims[2] = { GUINT32_TO_LE (20000), GUINT32_TO_LE (cols[k]) };
            memcpy (body->data + 24, dims, 8);
            guint32 data_bytes = GUINT32_TO_LE (8u * 20000 * cols[k]);
            memcpy (body->data + body->len - 12, &data_bytes, 4);
            put_compressed (f, body, body->len - 8 + 8u * 20000 * cols[k],
                            k == 0 ? (guint64) 3200 << 20 : (guint64) 1 << 20);
          }
      }
      break;
    case NEGATIVE_DIMS:
      put_plain (f, matrix_body ("features", 0, -1, 2, 16));
      break;
    }
  return f;
}

/* Refused with the expected line, in under a second and under 100 MB more resident
 * memory, measured in a fresh process (g_test_trap_subprocess) around the load alone. */
static void
test_hostile (gconstpointer data)
{
  const HostileCase *c = data;
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  g_autoptr (GByteArray) bytes = make_hostile (c->kind);
  g_autofree char *path = g_build_filename (tmp, "hostile.mat", NULL);
  g_assert_true (g_file_set_contents (path, (const char *) bytes->data, bytes->len, NULL));
  if (c->kind == HONEST_HUGE)
    g_setenv ("LESC_MAX_DATA_BYTES", "1e9", TRUE);
  struct rusage r0, r1;
  getrusage (RUSAGE_SELF, &r0);
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  double seconds = (g_get_monotonic_time () - t0) / 1e6;
  getrusage (RUSAGE_SELF, &r1);
  long grown_kb = r1.ru_maxrss - r0.ru_maxrss;
  g_assert_null (ds);
  lesc_test_assert_error (error, c->code, path, c->expect1, c->expect2, NULL);
  g_printerr ("%s: %u-byte file refused in %.3f s, peak resident +%ld kB\n", c->path,
              bytes->len, seconds, grown_kb);
  g_assert_cmpfloat (seconds, <, 1.0);
  g_assert_cmpint (grown_kb, <, 100 * 1024);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/matfile/names-and-types", test_names_and_types);
  g_test_add_func ("/matfile/truncated", test_truncated);
  g_test_add_func ("/matfile/corrupt", test_corrupt);
  g_test_add_func ("/matfile/missing-variables", test_missing_variables);
  g_test_add_func ("/matfile/open-validates", test_open_validates);
  g_test_add_func ("/matfile/size-limit", test_size_limit);
  g_test_add_func ("/matfile/v73-twin", test_v73_twin);
  g_test_add_func ("/matfile/storage-classes", test_storage_classes);
  g_test_add_func ("/matfile/write-round-trip", test_write_round_trip);
  g_test_add_func ("/matfile/v4", test_v4);
  g_test_add_func ("/matfile/unused-variables", test_unused_variables);
  for (guint k = 0; k < G_N_ELEMENTS (hostile_cases); k++)
    g_test_add_data_func (hostile_cases[k].path, &hostile_cases[k], test_hostile);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
