/* The built `lesc` program on data: `info` and `binarize`, exit statuses, one-line errors,
 * no partial output, and `lesc info` on every benchmark file against the README table. */
#include "core/data/binarize.h"
#include "core/data/csv.h"
#include "core/data/dataset.h"
#include "core/data/matfile.h"
#include "core/data/artificial.h"
#include "testfiles.h"
#include "testcli.h"
#include "testutil.h"

#include <sys/wait.h>

static char *tmp;


/* The value after `key` at the start of a line of `lesc info` text output. */
static char *
info_value (const char *text, const char *key)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l; l++)
    if (g_str_has_prefix (*l, key) && (*l)[strlen (key)] == ' ')
      return g_strstrip (g_strdup (*l + strlen (key)));
  g_error ("no '%s' line in: %s", key, text);
}

static void
test_info_benchmarks (void)
{
  const char *dir = lesc_test_datasets_dir ();
  if (dir == NULL)
    return;
  /* parse the table: | file | n × q × o | … */
  g_autofree char *readme_path = g_build_filename (dir, "README.md", NULL);
  g_autofree char *readme = NULL;
  if (!g_file_get_contents (readme_path, &readme, NULL, NULL))
    {
      g_test_skip ("needs the datasets README.md");
      return;
    }
  g_auto (GStrv) lines = g_strsplit (readme, "\n", -1);
  guint checked = 0;
  for (char **l = lines; *l; l++)
    {
      g_auto (GStrv) cells = g_strsplit (*l, "|", -1);
      if (g_strv_length (cells) < 4 || !g_str_has_suffix (g_strstrip (cells[1]), ".mat"))
        continue;
      gsize n, q, o;
      g_assert_cmpint (sscanf (cells[2], " %zu × %zu × %zu", &n, &q, &o), ==, 3);
      g_autofree char *path = g_build_filename (dir, cells[1], NULL);
      g_auto (Run) r = run ("info", path, NULL);
      g_test_message ("%s: %zu × %zu × %zu", cells[1], n, q, o);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_cmpstr (r.err, ==, "");
      g_autofree char *vn = info_value (r.out, "n (samples)");
      g_autofree char *vq = info_value (r.out, "q (features)");
      g_autofree char *vo = info_value (r.out, "o (labels)");
      g_assert_cmpuint (g_ascii_strtoull (vn, NULL, 10), ==, n);
      g_assert_cmpuint (g_ascii_strtoull (vq, NULL, 10), ==, q);
      g_assert_cmpuint (g_ascii_strtoull (vo, NULL, 10), ==, o);
      if (g_str_equal (cells[1], "movie.mat"))
        {
          /* README: 18 exact zeros in 17 rows, no duplicate feature rows */
          g_autofree char *zeros = info_value (r.out, "zeros in the truth");
          g_assert_cmpstr (zeros, ==, "18 entries in 17 rows");
          g_autofree char *dups = info_value (r.out, "duplicate feature rows");
          g_assert_cmpstr (dups, ==, "0 groups, 0 rows (7755 distinct rows)");
        }
      checked++;
    }
  g_assert_cmpuint (checked, ==, 14); /* 13 benchmarks + artificial */
}

static void
test_info_formats (void)
{
  g_auto (Run) t = run ("info", "artificial", NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_autofree char *sums = info_value (t.out, "label sums");
  g_assert_true (g_str_has_prefix (sums, "min 0.99999999"));
  g_autofree char *src = info_value (t.out, "source");
  g_assert_cmpstr (src, ==, "(built in)");

  g_auto (Run) j = run ("info", "--format", "json", "artificial", NULL);
  g_assert_cmpint (j.status, ==, 0);
  g_assert_true (g_str_has_prefix (j.out, "{\n  \"name\": \"artificial\""));
  g_assert_nonnull (strstr (j.out, "\"n\": 2601,\n  \"q\": 3,\n  \"o\": 3,"));
  g_assert_nonnull (strstr (j.out, "\"source\": null"));
  g_assert_nonnull (strstr (j.out, "\"not_distributions\": 0,"));
  g_assert_true (g_str_has_suffix (j.out, "\"logical_from_file\": false\n}\n"));

  /* label names from a CSV header, escaped in JSON */
  g_autofree char *csv = lesc_test_write_text (tmp, "named.csv",
                                               "f1,f2,\"say \"\"hi\"\"\",b\n1,2,0.25,0.75\n3,4,1,0\n");
  g_auto (Run) n = run ("info", "--format=json", "--label-columns", "2", csv, NULL);
  g_assert_cmpint (n.status, ==, 0);
  g_assert_nonnull (strstr (n.out, "\"label_names\": [\"say \\\"hi\\\"\", \"b\"]"));
  g_assert_nonnull (strstr (n.out, "\"n\": 2,\n  \"q\": 2,\n  \"o\": 2,"));
}

static void
test_usage_errors (void)
{
  g_auto (Run) a = run ("info", NULL);
  assert_fails (&a, 2, "lesc info: expected one DATA argument");
  g_auto (Run) b = run ("info", "artificial", "artificial", NULL);
  assert_fails (&b, 2, "expected one DATA argument");
  g_auto (Run) c = run ("info", "--format", "xml", "artificial", NULL);
  assert_fails (&c, 2, "--format xml: expected text or json");
  g_auto (Run) d = run ("info", "--no-such-option", "artificial", NULL);
  assert_fails (&d, 2, "no-such-option");
  g_auto (Run) e = run ("binarize", NULL);
  assert_fails (&e, 2, "lesc binarize: expected one DATA argument");
  g_auto (Run) f = run ("info", "--label-columns", "-2", "x.csv", NULL);
  assert_fails (&f, 2, "--label-columns -2");
  g_autofree char *one = lesc_test_write_text (tmp, "one.csv", "1,0.5,0.5\n");
  g_auto (Run) g = run ("info", one, NULL);
  assert_fails (&g, 2, "--label-columns N");

  for (const char *cmd = "info"; cmd; cmd = g_str_equal (cmd, "info") ? "binarize" : NULL)
    {
      g_auto (Run) h = run (cmd, "--help", NULL);
      g_assert_cmpint (h.status, ==, 0);
      g_assert_nonnull (strstr (h.out, "DATA is one of:"));
      g_assert_nonnull (strstr (h.out, "FEATURES,DISTRIBUTIONS"));
      g_assert_nonnull (strstr (h.out, "--logical-columns"));
      g_assert_nonnull (strstr (h.out, "--renormalize"));
      g_assert_nonnull (strstr (h.out, "Exit status: 0 success, 1 bad data or files, 2 bad usage."));
    }
}

typedef struct {
  const char *name, *text, *expect;
} BadCsv;

static void
test_bad_data (void)
{
  const BadCsv bad[] = {
    { "ragged.csv", "1,2,0.5,0.5\n3,4,0.5\n", "line 2 has 3 cells but line 1 has 4" },
    { "text.csv", "x,y,a,b\n1,2,0.5,0.5\n3,four,0.5,0.5\n", "line 3, column 2: 'four' is not a number" },
    { "empty.csv", "", "empty file" },
    { "nan.csv", "1,2,0.5,0.5\n3,nan,0.5,0.5\n", "features row 2, column 2 is NaN" },
    { "inf.csv", "1,2,0.5,0.5\n3,4,inf,0.5\n", "label distributions row 2, column 1 is +Inf" },
    { "negative.csv", "1,2,-0.5,1.5\n3,4,0.5,0.5\n", "row 1, column 1 is -0.5 (expected degrees >= 0)" },
    { "sums.csv", "1,2,0.5,0.6\n3,4,0.5,0.5\n", "1 row of the label distributions does not sum to 1" },
    { "zero.csv", "1,2,0,0\n3,4,0.5,0.5\n", "row 1 sums to 0" },
    { "n0.csv", "x,y,a,b\n", "no samples (n = 0" },
  };
  for (guint k = 0; k < G_N_ELEMENTS (bad); k++)
    {
      g_autofree char *path = lesc_test_write_text (tmp, bad[k].name, bad[k].text);
      g_autofree char *out = g_build_filename (tmp, "out.csv", NULL);
      g_auto (Run) i = run ("info", "--label-columns", "2", path, NULL);
      assert_fails (&i, 1, bad[k].expect);
      g_assert_true (g_str_has_prefix (i.err, "lesc: "));
      g_assert_nonnull (strstr (i.err, path));
      /* binarize -o writes nothing */
      g_auto (Run) b = run ("binarize", "--label-columns", "2", "-o", out, path, NULL);
      assert_fails (&b, 1, bad[k].expect);
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }

  /* o = 1 */
  g_autofree char *o1 = lesc_test_write_text (tmp, "o1.csv", "1,2,1\n3,4,1\n");
  g_auto (Run) r1 = run ("info", "--label-columns", "1", o1, NULL);
  assert_fails (&r1, 1, "o = 1");

  /* two files with different row counts */
  g_autofree char *f = lesc_test_write_text (tmp, "f.csv", "1,2\n3,4\n5,6\n");
  g_autofree char *d = lesc_test_write_text (tmp, "d.csv", "0.5,0.5\n1,0\n");
  g_autofree char *pair = g_strconcat (f, ",", d, NULL);
  g_auto (Run) r2 = run ("info", pair, NULL);
  assert_fails (&r2, 1, "has 3 rows of features but");

  /* missing files, missing names, a truncated .mat */
  g_autofree char *missing = g_build_filename (tmp, "missing.mat", NULL);
  g_auto (Run) r3 = run ("info", missing, NULL);
  assert_fails (&r3, 1, "missing.mat: no such file");
  g_auto (Run) r4 = run ("binarize", "--data-dir", tmp, "yeast-nothing", NULL);
  assert_fails (&r4, 1, "yeast-nothing: no such data set");
  g_autofree char *sjaffe = lesc_test_dataset_path ("sjaffe.mat");
  if (sjaffe == NULL)
    return;
  g_autofree char *half = lesc_test_copy_bytes (sjaffe, tmp, "half.mat", 50303, 0, 0);
  g_auto (Run) r5 = run ("info", half, NULL);
  assert_fails (&r5, 1, "truncated file");
}

static void
test_renormalize (void)
{
  g_autofree char *path = lesc_test_write_text (tmp, "renorm.csv",
                                                "x,a,b,c\n1,0.2,0.2,0.6\n2,1,2,1\n3,0.2,0.2,0.2\n");
  g_auto (Run) no = run ("info", "--label-columns", "3", path, NULL);
  assert_fails (&no, 1, "2 rows of the label distributions do not sum to 1 within 1e-05 (first: "
                        "row 2 sums to 4); --renormalize divides each row by its sum");
  g_auto (Run) yes = run ("info", "--label-columns", "3", "--renormalize", path, NULL);
  g_assert_cmpint (yes.status, ==, 0);
  g_autofree char *nd = info_value (yes.out, "not distributions");
  g_assert_cmpstr (nd, ==, "2 rows (first: row 2), renormalized");
  g_autofree char *sums = info_value (yes.out, "label sums");
  g_assert_cmpstr (sums, ==, "min 0.6000000000000001, max 4");
  g_autofree char *names = info_value (yes.out, "label names");
  g_assert_cmpstr (names, ==, "a, b, c");

  /* binarize works on the renormalized rows: (1,2,1)/4 → {b, then a}; (1/3,1/3,1/3) → {a, b} */
  g_autofree char *out = g_build_filename (tmp, "renorm-logical.csv", NULL);
  g_auto (Run) b = run ("binarize", "--label-columns=3", "--renormalize", "-o", out, path, NULL);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_cmpstr (b.out, ==, "");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (out, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "a,b,c\n0,0,1\n1,1,0\n1,1,0\n");
}

static void
test_binarize (void)
{
  /* built-in artificial: stdout equals lesc_binarize of its truth */
  g_auto (Run) r = run ("binarize", "artificial", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  g_autoptr (LescMatrix) expected = lesc_binarize (art->truth, LESC_BINARIZE_THRESHOLD);
  const char *const names[] = { "label1", "label2", "label3", NULL };
  g_autofree char *text = lesc_csv_format (expected, names, NULL);
  g_assert_cmpstr (r.out, ==, text);

  /* -o replaces an existing file only on success */
  g_autofree char *out = lesc_test_write_text (tmp, "keep.csv", "old contents\n");
  g_autofree char *bad = lesc_test_write_text (tmp, "bad.csv", "1,2,0.5,0.5\n3,4,0.5\n");
  g_auto (Run) f = run ("binarize", "--label-columns", "2", "-o", out, bad, NULL);
  assert_fails (&f, 1, "line 2 has 3 cells");
  g_autofree char *kept = NULL;
  g_assert_true (g_file_get_contents (out, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "old contents\n");

  /* an unwritable destination */
  g_autofree char *nodir = g_build_filename (tmp, "no-such-dir", "x.csv", NULL);
  g_auto (Run) w = run ("binarize", "-o", nodir, "artificial", NULL);
  assert_fails (&w, 1, "cannot write");

  /* sjaffe: the file written equals the official logical labels */
  g_autofree char *sjaffe = lesc_test_dataset_path ("sjaffe.mat");
  g_autofree char *official = lesc_test_dataset_path ("official-logical/sjaffe-binary.mat");
  if (sjaffe == NULL || official == NULL)
    return;
  g_autofree char *dest = g_build_filename (tmp, "sjaffe-logical.csv", NULL);
  g_auto (Run) s = run ("binarize", sjaffe, "-o", dest, NULL);
  g_assert_cmpint (s.status, ==, 0);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) header = NULL;
  g_autoptr (LescMatrix) mine = lesc_csv_read (dest, &header, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) theirs = lesc_mat_read_variable (official, lesc_mat_logical_names, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (mine, theirs), ==, 0.0);
  g_assert_cmpstr (header[0], ==, "label1");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  lesc_test_exe ();
  g_unsetenv ("LESC_DATA_DIR");
  g_unsetenv ("LESC_MAX_DATA_BYTES");
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/cli-data/info-benchmarks", test_info_benchmarks);
  g_test_add_func ("/cli-data/info-formats", test_info_formats);
  g_test_add_func ("/cli-data/usage-errors", test_usage_errors);
  g_test_add_func ("/cli-data/bad-data", test_bad_data);
  g_test_add_func ("/cli-data/renormalize", test_renormalize);
  g_test_add_func ("/cli-data/binarize", test_binarize);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
