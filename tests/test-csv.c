/* CSV tables and data sets: parsing rules, strict errors, exact round trips. */
#include "core/data/csv.h"
#include "core/data/dataset.h"
#include "core/data/matfile.h"
#include "testfiles.h"
#include "testutil.h"

#include <float.h>
#include <math.h>
#include <unistd.h>

static char *tmp;

static gboolean
bitwise_equal (const LescMatrix *a, const LescMatrix *b)
{
  return a->rows == b->rows && a->cols == b->cols
         && memcmp (a->data, b->data, a->rows * a->cols * sizeof (double)) == 0;
}

static void
test_read_rules (void)
{
  /* BOM, CRLF, spaces around cells, blank lines, a quoted header cell with a comma */
  g_autofree char *path = lesc_test_write_text (
    tmp, "rules.csv",
    "\xEF\xBB\xBF" "x, \"a, b\" ,c\r\n\r\n1, 2.5 ,-3e-2\r\n  \n4,nan,inf\r\n\n");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) header = NULL;
  g_autoptr (LescMatrix) m = lesc_csv_read (path, &header, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (m->rows, ==, 2);
  g_assert_cmpuint (m->cols, ==, 3);
  g_assert_cmpuint (g_strv_length (header), ==, 3);
  g_assert_cmpstr (header[0], ==, "x");
  g_assert_cmpstr (header[1], ==, "a, b");
  g_assert_cmpstr (header[2], ==, "c");
  g_assert_cmpfloat (LESC_AT (m, 0, 0), ==, 1.0);
  g_assert_cmpfloat (LESC_AT (m, 0, 1), ==, 2.5);
  g_assert_cmpfloat (LESC_AT (m, 0, 2), ==, -3e-2);
  g_assert_cmpfloat (LESC_AT (m, 1, 0), ==, 4.0);
  g_assert_true (isnan (LESC_AT (m, 1, 1)));
  g_assert_true (isinf (LESC_AT (m, 1, 2)));

  /* no header: every line is data */
  g_autofree char *plain = lesc_test_write_text (tmp, "plain.csv", "1,2\n3,4");
  g_auto (GStrv) none = NULL;
  g_autoptr (LescMatrix) p = lesc_csv_read (plain, &none, &error);
  g_assert_no_error (error);
  g_assert_null (none);
  g_assert_cmpuint (p->rows, ==, 2);
  g_assert_cmpfloat (LESC_AT (p, 1, 0), ==, 3.0);

  /* a header holding one non-numeric cell is a header; a quoted number is text */
  g_autofree char *mixed = lesc_test_write_text (tmp, "mixed.csv", "\"1\",2\n3,4\n");
  g_auto (GStrv) h2 = NULL;
  g_autoptr (LescMatrix) q = lesc_csv_read (mixed, &h2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (q->rows, ==, 1);
  g_assert_cmpstr (h2[0], ==, "1");
  g_assert_cmpstr (h2[1], ==, "2");

  /* only a header: zero rows */
  g_autofree char *head = lesc_test_write_text (tmp, "head.csv", "a,b,c\n");
  g_autoptr (LescMatrix) e = lesc_csv_read (head, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (e->rows, ==, 0);
  g_assert_cmpuint (e->cols, ==, 3);
}

typedef struct {
  const char *text;
  int code;
  const char *expect1, *expect2;
} BadCase;

static void
test_read_errors (void)
{
  const BadCase cases[] = {
    { "", LESC_ERROR_FORMAT, "empty file", NULL },
    { "\n  \n\r\n", LESC_ERROR_FORMAT, "empty file", NULL },
    { "a,b\n1,2\n3\n", LESC_ERROR_FORMAT, "line 3 has 1 cell but line 1 has 2", NULL },
    { "1,2\n3,4,5\n", LESC_ERROR_FORMAT, "line 2 has 3 cells but line 1 has 2", NULL },
    { "a,b\n1,2\n3,abc\n", LESC_ERROR_FORMAT, "line 3, column 2: 'abc' is not a number", NULL },
    { "1,2\n3,4x\n", LESC_ERROR_FORMAT, "line 2, column 2: '4x' is not a number", NULL },
    { "1,2\n,4\n", LESC_ERROR_FORMAT, "line 2, column 1 is empty", NULL },
    { "1,2\n3,\"4\"\n", LESC_ERROR_FORMAT, "line 2, column 2: '4' is not a number", NULL },
    { "a,\"b\n1,2\n", LESC_ERROR_FORMAT, "line 1, column 2: unterminated quoted cell", NULL },
    { "a,\"b\"c\n1,2\n", LESC_ERROR_FORMAT, "text after the closing quote", NULL },
    { "1,2\n3,4\0,5\n", LESC_ERROR_FORMAT, "binary data", NULL },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *name = g_strdup_printf ("bad%u.csv", k);
      g_autofree char *path = g_build_filename (tmp, name, NULL);
      gsize len = strlen (cases[k].text);
      if (k == G_N_ELEMENTS (cases) - 1)
        len = 11; /* includes the NUL byte */
      g_assert_true (g_file_set_contents (path, cases[k].text, (gssize) len, NULL));
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) header = NULL;
      g_autoptr (LescMatrix) m = lesc_csv_read (path, &header, &error);
      g_assert_null (m);
      g_assert_null (header);
      lesc_test_assert_error (error, cases[k].code, path, cases[k].expect1, cases[k].expect2);
    }
}

static void
test_missing_and_unreadable (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *missing = g_build_filename (tmp, "missing.csv", NULL);
  g_assert_null (lesc_csv_read (missing, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_IO, missing, "cannot read", NULL);
  g_clear_error (&error);

  g_assert_null (lesc_csv_read (tmp, NULL, &error)); /* a folder */
  lesc_test_assert_error (error, LESC_ERROR_IO, tmp, "cannot read", NULL);
  g_clear_error (&error);

  g_autofree char *locked = lesc_test_write_text (tmp, "locked.csv", "1,2\n");
  g_chmod (locked, 0);
  if (access (locked, R_OK) == 0)
    {
      g_test_message ("running as a user who reads mode-000 files (root): skipping that case");
      return;
    }
  g_assert_null (lesc_csv_read (locked, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_IO, locked, "cannot read", NULL);
}

static LescDataset *
tricky_dataset (void)
{
  /* values that a short decimal format would not reproduce */
  const double x[] = { 0.1, 1.0 / 3.0, -DBL_MAX, 5e-324, DBL_MIN, -0.0, 1e300, 2.0 / 3.0,
                       G_PI, -G_E, 123456789.123456789, 0.30000000000000004 };
  const double y[] = { 0.7, 1.0 / 3.0, 0.25, 1e-17,
                       0.3, 2.0 / 3.0, 0.75, 1.0 - 1e-17 };
  LescDataset *ds = lesc_dataset_new ("tricky", lesc_matrix_new_from (4, 3, x),
                                      lesc_matrix_new_from (4, 2, y), NULL);
  ds->label_names = g_strsplit ("happy|\"sad\", really", "|", -1);
  return ds;
}

static void
check_same (const LescDataset *a, const LescDataset *b)
{
  g_assert_true (bitwise_equal (a->features, b->features));
  g_assert_true (bitwise_equal (a->truth, b->truth));
  g_assert_true (bitwise_equal (a->logical, b->logical));
  g_assert_cmpstr (a->checksum, ==, b->checksum);
  g_assert_nonnull (b->label_names);
  g_assert_cmpuint (g_strv_length (b->label_names), ==, g_strv_length (a->label_names));
  for (guint k = 0; a->label_names[k]; k++)
    g_assert_cmpstr (a->label_names[k], ==, b->label_names[k]);
}

static void
test_round_trip (void)
{
  g_autoptr (LescDataset) ds = tricky_dataset ();
  g_autoptr (GError) error = NULL;
  g_autofree char *f = g_build_filename (tmp, "trip-features.csv", NULL);
  g_autofree char *d = g_build_filename (tmp, "trip-labels.csv", NULL);
  g_assert_true (lesc_dataset_save_csv (ds, f, d, &error));
  g_assert_no_error (error);
  g_autoptr (LescDataset) two = lesc_dataset_load_csv (f, d, &error);
  g_assert_no_error (error);
  check_same (ds, two);
  g_assert_cmpstr (two->name, ==, "trip-features");

  g_autofree char *one = g_build_filename (tmp, "Trip_One.csv", NULL);
  g_assert_true (lesc_dataset_save_csv_single (ds, one, &error));
  g_autoptr (LescDataset) single = lesc_dataset_load_csv_single (one, 2, &error);
  g_assert_no_error (error);
  check_same (ds, single);
  g_assert_cmpstr (single->name, ==, "trip-one");
  g_assert_cmpstr (single->source, ==, one);
}

static void
test_round_trip_benchmark (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_autofree char *one = g_build_filename (tmp, "sjaffe.csv", NULL);
  g_assert_true (lesc_dataset_save_csv_single (ds, one, &error));
  g_autoptr (LescDataset) back = lesc_dataset_load_csv_single (one, 6, &error);
  g_assert_no_error (error);
  g_assert_true (bitwise_equal (ds->features, back->features));
  g_assert_true (bitwise_equal (ds->truth, back->truth));
  g_assert_cmpstr (ds->checksum, ==, back->checksum);
  /* header label1…label6 (the .mat has no names) */
  g_assert_cmpstr (back->label_names[0], ==, "label1");
  g_assert_cmpstr (back->label_names[5], ==, "label6");
}

static void
test_dataset_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *f = lesc_test_write_text (tmp, "f3.csv", "1,2\n3,4\n5,6\n");
  g_autofree char *d = lesc_test_write_text (tmp, "d2.csv", "a,b\n0.5,0.5\n1,0\n");
  g_assert_null (lesc_dataset_load_csv (f, d, &error));
  lesc_test_assert_error (error, LESC_ERROR_DATA, f, "3 rows of features", d, NULL);
  g_clear_error (&error);

  g_assert_null (lesc_dataset_load_csv_single (f, 0, &error));
  lesc_test_assert_error (error, LESC_ERROR_USAGE, f, "--label-columns", NULL);
  g_clear_error (&error);

  g_assert_null (lesc_dataset_load_csv_single (f, 2, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, f, "has 2 columns, so 2 label columns leave no "
                          "feature column", NULL);
  g_clear_error (&error);

  /* the second file's error names the second file */
  g_autofree char *ragged = lesc_test_write_text (tmp, "ragged.csv", "0.5,0.5\n1\n0,1\n");
  g_assert_null (lesc_dataset_load_csv (f, ragged, &error));
  lesc_test_assert_error (error, LESC_ERROR_FORMAT, ragged, "line 2 has 1 cell", NULL);
}

static void
test_write_atomic (void)
{
  /* a failed write leaves the old file untouched and no temporary file behind */
  g_autofree char *sub = g_build_filename (tmp, "sub", NULL);
  g_autofree char *target = g_build_filename (sub, "m.csv", NULL);
  g_autoptr (LescMatrix) m = lesc_test_features (3, 2);
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_csv_write (target, m, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_IO, target, "cannot write", NULL);
  g_assert_false (g_file_test (target, G_FILE_TEST_EXISTS));

  g_autofree char *ok = g_build_filename (tmp, "m.csv", NULL);
  const char *const header[] = { "u", "v", NULL };
  g_assert_true (lesc_csv_write (ok, m, header, &error));
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (ok, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "u,v\n0,0.1\n1,1.1\n2,2.1\n");
}
/* Tables whose cells stay text: results files (names beside numbers) and grids. */
static void
test_read_text (void)
{
  g_autofree char *path = lesc_test_write_text (
    tmp, "text.csv",
    "# measure: Chebyshev\r\n dataset , method,cheb\n\"SJAFFE, 2\",\"g\"\"LESC\"\"\",0.25\n\n"
    "yeast,GLLE, \n  # a comment\n");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) header = NULL;
  g_autoptr (GPtrArray) rows = lesc_csv_read_text (path, &header, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (header), ==, 3);
  g_assert_cmpstr (header[0], ==, "dataset");
  g_assert_cmpstr (header[1], ==, "method");
  g_assert_cmpuint (rows->len, ==, 2);
  char **r0 = rows->pdata[0], **r1 = rows->pdata[1];
  g_assert_cmpstr (r0[0], ==, "SJAFFE, 2");
  g_assert_cmpstr (r0[1], ==, "g\"LESC\"");
  g_assert_cmpstr (r0[2], ==, "0.25");
  g_assert_cmpstr (r1[1], ==, "GLLE");
  g_assert_cmpstr (r1[2], ==, "");
  g_assert_null (r1[3]);

  const BadCase cases[] = {
    { "# only a comment\n", LESC_ERROR_FORMAT, "empty file", NULL },
    { "a,b\nx,y\n# c\nz\n", LESC_ERROR_FORMAT, "line 4 has 1 cell but the header (line 1) has 2", NULL },
    { "a,\"b\n", LESC_ERROR_FORMAT, "line 1, column 2: unterminated quoted cell", NULL },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *name = g_strdup_printf ("badtext%u.csv", k);
      g_autofree char *bad = lesc_test_write_text (tmp, name, cases[k].text);
      g_auto (GStrv) h = NULL;
      g_autoptr (GError) e = NULL;
      g_assert_null (lesc_csv_read_text (bad, &h, &e));
      g_assert_null (h);
      lesc_test_assert_error (e, cases[k].code, bad, cases[k].expect1, cases[k].expect2);
    }
  g_autofree char *missing = g_build_filename (tmp, "no-such.csv", NULL);
  g_auto (GStrv) h = NULL;
  g_assert_null (lesc_csv_read_text (missing, &h, &error));
  lesc_test_assert_error (error, LESC_ERROR_IO, missing, NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/csv/read-rules", test_read_rules);
  g_test_add_func ("/csv/read-errors", test_read_errors);
  g_test_add_func ("/csv/missing-unreadable", test_missing_and_unreadable);
  g_test_add_func ("/csv/read-text", test_read_text);
  g_test_add_func ("/csv/round-trip", test_round_trip);
  g_test_add_func ("/csv/round-trip-benchmark", test_round_trip_benchmark);
  g_test_add_func ("/csv/dataset-errors", test_dataset_errors);
  g_test_add_func ("/csv/write-atomic", test_write_atomic);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
