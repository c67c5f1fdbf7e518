/* NumPy .npy and .npz files: every dtype and byte order read to the right numbers, exact
 * round trips, and each malformed file refused with one clear error. The files are built
 * byte by byte here (and the archives with libzip), following numpy's format description. */
#include "core/data/npy.h"
#include "core/data/npz.h"
#include "core/data/open.h"
#include "testfiles.h"
#include "testutil.h"

#include <float.h>
#include <math.h>
#include <zip.h>

static char *tmp;

/* A .npy file's bytes: magic, version, header length, the dictionary padded to 64 bytes
 * (spaces and '\n'), then `data`. */
static GByteArray *
npy_bytes (guint major, const char *dict, const void *data, gsize nbytes)
{
  GByteArray *b = g_byte_array_new ();
  static const guint8 magic[6] = { 0x93, 'N', 'U', 'M', 'P', 'Y' };
  g_byte_array_append (b, magic, 6);
  guint8 version[2] = { (guint8) major, 0 };
  g_byte_array_append (b, version, 2);
  gsize prefix = major == 1 ? 10 : 12;
  gsize len = strlen (dict) + 1;
  len += (64 - (prefix + len) % 64) % 64;
  guint8 l[4] = { len & 0xff, (len >> 8) & 0xff, (len >> 16) & 0xff, (len >> 24) & 0xff };
  g_byte_array_append (b, l, major == 1 ? 2 : 4);
  g_autofree char *padded = g_strnfill (len, ' ');
  memcpy (padded, dict, strlen (dict));
  padded[len - 1] = '\n';
  g_byte_array_append (b, (const guint8 *) padded, (guint) len);
  if (nbytes > 0)
    g_byte_array_append (b, data, (guint) nbytes);
  return b;
}

static LescMatrix *
parse (GByteArray *b, GError **error)
{
  return lesc_npy_parse ("test.npy", b->data, b->len, error);
}

/* 2×3 values 0 … 5 (row-major) stored as each dtype, both byte orders */
static void
test_dtypes (void)
{
  static const struct { const char *code; guint size; gboolean is_float; gboolean is_bool; } t[] = {
    { "f8", 8, TRUE }, { "f4", 4, TRUE }, { "i1", 1 }, { "u1", 1 }, { "i2", 2 }, { "u2", 2 },
    { "i4", 4 }, { "u4", 4 }, { "i8", 8 }, { "u8", 8 }, { "b1", 1, FALSE, TRUE },
  };
  for (guint k = 0; k < G_N_ELEMENTS (t); k++)
    for (int big = 0; big < 2; big++)
      {
        guint8 data[48];
        for (guint e = 0; e < 6; e++)
          {
            guint8 le[8] = { 0 };
            double v = t[k].is_bool ? (double) (e % 2) : (double) e;
            if (t[k].is_float && t[k].size == 8)
              memcpy (le, &v, 8);
            else if (t[k].is_float)
              {
                float f = (float) v;
                memcpy (le, &f, 4);
              }
            else
              le[0] = (guint8) v; /* little-endian whole number */
            for (guint i = 0; i < t[k].size; i++)
              data[e * t[k].size + i] = big ? le[t[k].size - 1 - i] : le[i];
          }
        char order = t[k].size == 1 ? '|' : big ? '>' : '<';
        g_autofree char *dict = g_strdup_printf ("{'descr': '%c%s', 'fortran_order': False, "
                                                 "'shape': (2, 3), }", order, t[k].code);
        g_autoptr (GByteArray) b = npy_bytes (1, dict, data, 6 * t[k].size);
        g_autoptr (GError) error = NULL;
        g_autoptr (LescMatrix) m = parse (b, &error);
        g_assert_no_error (error);
        g_assert_cmpuint (m->rows, ==, 2);
        g_assert_cmpuint (m->cols, ==, 3);
        for (guint e = 0; e < 6; e++)
          g_assert_cmpfloat (LESC_AT (m, e / 3, e % 3), ==, t[k].is_bool ? e % 2 : e);
      }
}

static void
test_layouts (void)
{
  const double v[6] = { 1, 2, 3, 4, 5, 6 };
  /* Fortran order: column-major, v[0..1] is the first column */
  g_autoptr (GByteArray) f = npy_bytes (1, "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }",
                                        v, sizeof v);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) m = parse (f, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (LESC_AT (m, 1, 0), ==, 2.0);
  g_assert_cmpfloat (LESC_AT (m, 0, 1), ==, 3.0);
  /* one dimension: a column; version 2.0's 4-byte header length; keys in another order */
  g_autoptr (GByteArray) c = npy_bytes (2, "{'shape': (6,), 'fortran_order': False, \"descr\": '<f8'}",
                                        v, sizeof v);
  g_autoptr (LescMatrix) col = parse (c, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (col->rows, ==, 6);
  g_assert_cmpuint (col->cols, ==, 1);
  g_assert_cmpfloat (LESC_AT (col, 5, 0), ==, 6.0);
  /* an empty table */
  g_autoptr (GByteArray) e = npy_bytes (1, "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 4), }",
                                        NULL, 0);
  g_autoptr (LescMatrix) empty = parse (e, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (empty->rows, ==, 0);
  g_assert_cmpuint (empty->cols, ==, 4);
}

static void
expect_bad (guint major, const char *dict, gsize nbytes, const char *expect)
{
  guint8 data[64] = { 0 };
  g_autoptr (GByteArray) b = npy_bytes (major, dict, data, nbytes);
  g_autoptr (GError) error = NULL;
  g_assert_null (parse (b, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, "test.npy", expect, NULL);
}

static void
test_bad_files (void)
{
  const char *ok = "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }";
  expect_bad (1, "{'descr': '|O', 'fortran_order': False, 'shape': (2, 2), }", 32,
              "holds an object array");
  expect_bad (1, "{'descr': '<c16', 'fortran_order': False, 'shape': (2, 2), }", 64,
              "unsupported dtype '<c16'");
  expect_bad (1, "{'descr': '<f2', 'fortran_order': False, 'shape': (2, 2), }", 8,
              "unsupported dtype '<f2'");
  expect_bad (1, "{'descr': '<U3', 'fortran_order': False, 'shape': (2, 2), }", 48,
              "unsupported dtype '<U3'");
  expect_bad (1, "{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,), }", 16,
              "structured array");
  expect_bad (1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2, 2), }", 64,
              "3-dimensional array");
  expect_bad (1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 8,
              "0-dimensional array");
  expect_bad (1, ok, 24, "the shape (2, 2) of 8-byte values needs 32 data bytes but the file "
              "holds 24 (truncated file)");
  expect_bad (1, ok, 40, "holds 40 (trailing bytes)");
  expect_bad (1, "{'descr': '<f8', 'shape': (2, 2), }", 32, "bad header: no 'fortran_order'");
  expect_bad (1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), 'x': 1}", 32,
              "unexpected or repeated key 'x'");
  expect_bad (1, "{'descr': '<f8', 'fortran_order': 0, 'shape': (2, 2), }", 32,
              "'fortran_order' is not True or False");
  expect_bad (1, "{'descr': '<f8', 'fortran_order': False, 'shape': (2, a), }", 32,
              "not a whole number");
  expect_bad (1, "[1, 2]", 0, "expected a dictionary");
  expect_bad (3, "{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999, 2), }", 0,
              "too large");
  expect_bad (4, ok, 32, ".npy format version 4.0");

  /* bad magic; a header longer than the file */
  g_autoptr (GError) error = NULL;
  const guint8 text[] = "features,labels\n1,2\n";
  g_assert_null (lesc_npy_parse ("test.npy", text, sizeof text, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, "not a NumPy .npy file (bad magic", NULL);
  g_clear_error (&error);
  g_autoptr (GByteArray) b = npy_bytes (1, ok, NULL, 0);
  g_assert_null (lesc_npy_parse ("test.npy", b->data, 40, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, "truncated file (the header claims", NULL);
  g_clear_error (&error);
  /* the memory limit before allocating */
  g_setenv ("LESC_MAX_DATA_BYTES", "1000", TRUE);
  g_autoptr (GByteArray) big = npy_bytes (1, "{'descr': '<f8', 'fortran_order': False, "
                                             "'shape': (1000, 1000), }", NULL, 0);
  g_assert_null (parse (big, &error));
  g_unsetenv ("LESC_MAX_DATA_BYTES");
  lesc_test_assert_error (error, LESC_ERROR_MEMORY, "an array of 1000×1000", NULL);
}

static gboolean
bitwise_equal (const LescMatrix *a, const LescMatrix *b)
{
  return a->rows == b->rows && a->cols == b->cols
         && memcmp (a->data, b->data, a->rows * a->cols * sizeof (double)) == 0;
}

static void
test_round_trip (void)
{
  const double v[] = { 0.1, 1.0 / 3.0, -DBL_MAX, 5e-324, DBL_MIN, -0.0, 1e300, NAN, INFINITY,
                       0.30000000000000004, G_PI, -G_E };
  g_autoptr (LescMatrix) m = lesc_matrix_new_from (4, 3, v);
  gsize len;
  g_autofree guchar *bytes = lesc_npy_format (m, &len);
  g_assert_cmpuint ((10 + (bytes[8] | bytes[9] << 8)) % 64, ==, 0);
  g_assert_cmpuint (len, ==, 10 + (bytes[8] | bytes[9] << 8) + 12 * 8);
  const char *dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (4, 3), }";
  g_assert_true (memcmp (bytes + 10, dict, strlen (dict)) == 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) back = lesc_npy_parse ("trip.npy", bytes, len, &error);
  g_assert_no_error (error);
  g_assert_true (bitwise_equal (m, back));
}

/* ---- .npz ---------------------------------------------------------------------------- */

typedef struct {
  const char *name;          /* the member, "features.npy" */
  GByteArray *bytes;
} Member;

static char *
write_npz (const char *file, const Member *members, guint n, gboolean deflate)
{
  char *path = g_build_filename (tmp, file, NULL);
  int err = 0;
  zip_t *z = zip_open (path, ZIP_CREATE | ZIP_TRUNCATE, &err);
  g_assert_nonnull (z);
  for (guint k = 0; k < n; k++)
    {
      zip_source_t *src = zip_source_buffer (z, members[k].bytes->data, members[k].bytes->len, 0);
      zip_int64_t index = zip_file_add (z, members[k].name, src, ZIP_FL_OVERWRITE);
      g_assert_cmpint (index, >=, 0);
      zip_set_file_compression (z, (zip_uint64_t) index, deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0);
    }
  g_assert_cmpint (zip_close (z), ==, 0);
  return path;
}

static GByteArray *
npy_of (const LescMatrix *m)
{
  gsize len;
  guchar *bytes = lesc_npy_format (m, &len);
  GByteArray *b = g_byte_array_new_take (bytes, len);
  return b;
}

static void
test_npz (void)
{
  g_autoptr (LescMatrix) x = lesc_test_features (6, 2);
  g_autoptr (LescMatrix) y = lesc_test_distributions (6, 3);
  g_autoptr (LescMatrix) l = lesc_matrix_new (6, 3);
  for (gsize i = 0; i < 6; i++)
    LESC_AT (l, i, i % 3) = 1.0;
  g_autoptr (GByteArray) bx = npy_of (x);
  g_autoptr (GByteArray) by = npy_of (y);
  /* logical labels as numpy's bool array (np.savez of a bool matrix) */
  guint8 bools[18];
  for (gsize i = 0; i < 6; i++)
    for (gsize j = 0; j < 3; j++)
      bools[i * 3 + j] = LESC_AT (l, i, j) != 0;
  g_autoptr (GByteArray) bl = npy_bytes (1, "{'descr': '|b1', 'fortran_order': False, "
                                            "'shape': (6, 3), }", bools, sizeof bools);
  for (int deflate = 0; deflate < 2; deflate++)
    {
      const Member only_logical[] = { { "logical_label.npy", bl }, { "features.npy", bx } };
      g_autofree char *a = write_npz (deflate ? "own-z.npz" : "own.npz", only_logical, 2, deflate);
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_dataset_open (a, NULL, &error);
      g_assert_no_error (error);
      g_assert_null (ds->truth);
      g_assert_true (ds->logical_from_file);
      g_assert_true (bitwise_equal (ds->features, x));
      g_assert_true (bitwise_equal (ds->logical, l));

      const Member full[] = { { "features.npy", bx }, { "labelDistribution.npy", by } };
      g_autofree char *b = write_npz (deflate ? "full-z.npz" : "full.npz", full, 2, deflate);
      g_autoptr (LescDataset) fds = lesc_dataset_open (b, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (bitwise_equal (fds->truth, y));
      g_assert_false (fds->logical_from_file);
    }

  /* missing arrays: the message lists what the archive holds */
  const Member no_labels[] = { { "features.npy", bx }, { "extra.npy", by } };
  g_autofree char *c = write_npz ("nolabels.npz", no_labels, 2, TRUE);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_dataset_load_npz (c, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, c, "no array 'labels', 'labelDistribution'",
                          NULL);
  g_clear_error (&error);
  const Member no_features[] = { { "X.npy", bx }, { "labels.npy", by } };
  g_autofree char *d = write_npz ("nofeatures.npz", no_features, 2, FALSE);
  g_assert_null (lesc_dataset_load_npz (d, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, d, "no array 'features'",
                          "the archive holds 'X', 'labels'", NULL);
  g_clear_error (&error);

  /* a bad member names the archive and the array */
  g_autoptr (GByteArray) obj = npy_bytes (1, "{'descr': '|O', 'fortran_order': False, "
                                             "'shape': (6, 2), }", bools, 12);
  const Member bad[] = { { "features.npy", obj }, { "labels.npy", by } };
  g_autofree char *e = write_npz ("object.npz", bad, 2, TRUE);
  g_assert_null (lesc_dataset_load_npz (e, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, e, "array 'features'", "object array", NULL);
  g_clear_error (&error);

  /* damaged bytes inside a compressed member; a truncated archive; not an archive */
  g_autofree char *full = g_build_filename (tmp, "full-z.npz", NULL);
  g_autofree char *flipped = lesc_test_copy_bytes (full, tmp, "flipped.npz", 0, 80, 0x55);
  g_assert_null (lesc_dataset_load_npz (flipped, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, flipped, "array 'features'",
                          "damaged member", "CRC error", NULL);
  g_clear_error (&error);
  g_autofree char *cut = lesc_test_copy_bytes (full, tmp, "cut.npz", 200, 0, 0);
  g_assert_null (lesc_dataset_load_npz (cut, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, cut, "not a readable .npz (zip) archive", NULL);
  g_clear_error (&error);
  g_autofree char *text = lesc_test_write_text (tmp, "text.npz", "1,2\n");
  g_assert_null (lesc_dataset_load_npz (text, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, text, "not a readable .npz (zip) archive", NULL);
}

/* A .npy table as a data set: features then trailing label columns */
static void
test_npy_dataset (void)
{
  g_autoptr (LescMatrix) all = lesc_matrix_new (6, 4);
  for (gsize i = 0; i < 6; i++)
    {
      LESC_AT (all, i, 0) = (double) i;
      LESC_AT (all, i, 1) = (double) (i * i);
      LESC_AT (all, i, 2 + i % 2) = 1.0;
    }
  g_autoptr (GByteArray) b = npy_of (all);
  g_autofree char *path = g_build_filename (tmp, "table.npy", NULL);
  g_assert_true (g_file_set_contents (path, (const char *) b->data, b->len, NULL));
  LescOpenOptions o = { .logical_columns = 2 };
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_open_with (path, &o, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (ds->truth);
  g_assert_cmpuint (lesc_dataset_q (ds), ==, 2);
  g_assert_cmpuint (lesc_dataset_o (ds), ==, 2);
  g_assert_cmpfloat (LESC_AT (ds->logical, 3, 1), ==, 1.0);
  g_assert_cmpfloat (LESC_AT (ds->features, 3, 1), ==, 9.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/npy/dtypes", test_dtypes);
  g_test_add_func ("/npy/layouts", test_layouts);
  g_test_add_func ("/npy/bad-files", test_bad_files);
  g_test_add_func ("/npy/round-trip", test_round_trip);
  g_test_add_func ("/npy/npz", test_npz);
  g_test_add_func ("/npy/npy-dataset", test_npy_dataset);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
