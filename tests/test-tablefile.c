/* Result tables in every output format: what is written reads back to the same doubles
 * (binary formats bit for bit, text with up to 17 significant digits, which also gives
 * every bit), names and settings included; unknown extensions and missing folders are
 * refused before anything is written. */
#include "core/data/tablefile.h"
#include "core/data/jsontable.h"
#include "core/data/matfile.h"
#include "testfiles.h"
#include "testutil.h"

#include <float.h>
#include <math.h>

static char *tmp;

static gboolean
bitwise_equal (const LescMatrix *a, const LescMatrix *b)
{
  return a->rows == b->rows && a->cols == b->cols
         && memcmp (a->data, b->data, a->rows * a->cols * sizeof (double)) == 0;
}

/* Distributions with values a short decimal would not reproduce */
static LescMatrix *
tricky (void)
{
  const double v[] = { 0.1, 1.0 / 3.0, 5e-324, DBL_MIN, 0.30000000000000004, 1.0 - DBL_EPSILON,
                       2.0 / 3.0, 0.7, 1e-300, DBL_MAX, G_PI / 4, 0.0 };
  return lesc_matrix_new_from (4, 3, v);
}

static void
test_round_trips (void)
{
  g_autoptr (LescMatrix) m = tricky ();
  const char *const names[] = { "sun", "rain, \"heavy\"", "snow\tfall", NULL };
  const char *const settings[] = { "method", "LESC", "lambda1", "0.001", NULL };
  LescTableMeta meta = { names, "labelDistribution", settings };
  const char *const exts[] = { ".csv", ".tsv", ".mat", ".npy", ".json", ".CSV", ".Mat" };
  const char *const read_names[] = { "labelDistribution", NULL };
  for (guint k = 0; k < G_N_ELEMENTS (exts); k++)
    {
      g_autofree char *path = g_strconcat (tmp, "/out", exts[k], NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_table_write (path, m, &meta, &error));
      g_assert_no_error (error);
      g_auto (GStrv) header = NULL;
      g_autoptr (LescMatrix) back = lesc_table_read (path, NULL, read_names, &header, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (bitwise_equal (m, back));
      gboolean named = g_ascii_strcasecmp (exts[k], ".mat") != 0 && strcmp (exts[k], ".npy") != 0;
      if (named)
        for (int j = 0; j < 3; j++)
          g_assert_cmpstr (header[j], ==, names[j]);
    }
  /* the settings travel with .json and .mat */
  g_autofree char *json = NULL;
  g_autofree char *jpath = g_build_filename (tmp, "out.json", NULL);
  g_assert_true (g_file_get_contents (jpath, &json, NULL, NULL));
  g_assert_nonnull (strstr (json, "\"settings\": {\"method\": \"LESC\", \"lambda1\": \"0.001\"}"));
  g_assert_nonnull (strstr (json, "\"format\": \"lesc-table\""));
  g_autofree char *mpath = g_build_filename (tmp, "out.mat", NULL);
  mat_t *mat = Mat_Open (mpath, MAT_ACC_RDONLY);
  matvar_t *v = Mat_VarRead (mat, "settings");
  g_assert_nonnull (v);
  g_assert_cmpuint (v->dims[1], ==, strlen ("method=LESC\nlambda1=0.001"));
  g_assert_true (memcmp (v->data, "method=LESC\nlambda1=0.001", v->dims[1]) == 0);
  Mat_VarFree (v);
  Mat_Close (mat);
  /* a TSV file is tab-separated */
  g_autofree char *tsv = NULL;
  g_autofree char *tpath = g_build_filename (tmp, "out.tsv", NULL);
  g_assert_true (g_file_get_contents (tpath, &tsv, NULL, NULL));
  g_assert_true (g_str_has_prefix (tsv, "sun\t\"rain, \"\"heavy\"\"\"\t\"snow\tfall\"\n0.1\t"));
}

static void
test_refused_outputs (void)
{
  g_autoptr (LescMatrix) m = tricky ();
  /* .txt and .dat are written (tab-separated) since issue 30; .npz is read only */
  const char *const bad[] = { "out.xlsx", "out", "out.npz" };
  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autofree char *path = g_build_filename (tmp, bad[k], NULL);
      g_autoptr (GError) error = NULL;
      g_assert_false (lesc_table_check_output (path, &error));
      lesc_test_assert_error (error, LESC_ERROR_USAGE, path, "cannot write", ".csv, .tsv, .txt, "
                              ".dat, .mat, .npy or .json", NULL);
      g_clear_error (&error);
      g_assert_false (lesc_table_write (path, m, NULL, &error));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  const char *const formats[] = { "a.csv", "a.mat", "a.npy", "a.json", "a.txt" };
  for (guint k = 0; k < G_N_ELEMENTS (formats); k++)
    {
      g_autofree char *path = g_build_filename (tmp, "no-such-folder", formats[k], NULL);
      g_autoptr (GError) error = NULL;
      g_assert_false (lesc_table_check_output (path, &error));
      lesc_test_assert_error (error, LESC_ERROR_IO, path, "does not exist", NULL);
      g_clear_error (&error);
      g_assert_false (lesc_table_write (path, m, NULL, &error));
      lesc_test_assert_error (error, LESC_ERROR_IO, path, NULL);
    }
}

static void
test_json_errors (void)
{
  static const struct { const char *text, *expect; } cases[] = {
    { "{\"data\": [[1, 2], [3]]}", "data row 2 has 1 numbers but row 1 has 2" },
    { "{\"data\": [[1, \"x\"]]}", "data row 1, column 2 is not a number" },
    { "{\"data\": [[1, null]]}", "data row 1, column 2 is not a number" },
    { "{\"rows\": 2}", "no \"data\" array" },
    { "[[1, 2]]", "expected a JSON object" },
    { "{\"data\": [[1, 2]", "not valid JSON" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autofree char *name = g_strdup_printf ("bad%u.json", k);
      g_autofree char *path = lesc_test_write_text (tmp, name, cases[k].text);
      g_autoptr (GError) error = NULL;
      g_assert_null (lesc_json_table_read (path, NULL, &error));
      lesc_test_assert_error (error, LESC_ERROR_FORMAT, path, cases[k].expect, NULL);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/tablefile/round-trips", test_round_trips);
  g_test_add_func ("/tablefile/refused-outputs", test_refused_outputs);
  g_test_add_func ("/tablefile/json-errors", test_json_errors);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
