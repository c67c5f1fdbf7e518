/* `lesc` on data without ground truth (features and 0/1 labels only), in .csv, .tsv, .mat,
 * .npy and .npz: every method recovers distributions, every output format reads back to
 * the same numbers, models predict, the commands that score refuse clearly, and every bad
 * input gives one line, a non-zero exit and no output file. */
#include "core/data/csv.h"
#include "core/data/npy.h"
#include "core/data/tablefile.h"
#include "core/experiments/experiment.h"
#include "core/experiments/store.h"
#include "testfiles.h"
#include "testcli.h"
#include "testutil.h"

#include <math.h>

static char *tmp;
static char *own_csv, *own_mat, *own_npy, *own_tsv, *full_csv, *full_y;

enum { N = 30, Q = 3, O = 3 };

/* features: a smooth cloud; labels: label i mod 3, and the next one on every fourth row */
static void
make_data (LescMatrix **x_out, LescMatrix **l_out)
{
  LescMatrix *x = lesc_matrix_new (N, Q), *l = lesc_matrix_new (N, O);
  for (gsize i = 0; i < N; i++)
    {
      for (gsize j = 0; j < Q; j++)
        LESC_AT (x, i, j) = sin (1.3 * (double) i + (double) j) + 0.1 * (double) (i % 7);
      LESC_AT (l, i, i % O) = 1.0;
      if (i % 4 == 0)
        LESC_AT (l, i, (i + 1) % O) = 1.0;
    }
  *x_out = x;
  *l_out = l;
}

static void
write_files (void)
{
  g_autoptr (LescMatrix) x = NULL, l = NULL;
  make_data (&x, &l);
  g_autoptr (LescMatrix) all = lesc_matrix_new (N, Q + O);
  memcpy (all->data, x->data, sizeof (double) * N * Q);
  memcpy (all->data + N * Q, l->data, sizeof (double) * N * O);
  const char *const names[] = { "f1", "f2", "f3", "sun", "rain", "snow", NULL };
  g_autofree char *text = lesc_csv_format (all, names, NULL);
  own_csv = lesc_test_write_text (tmp, "own.csv", text);
  g_autofree char *tsv = lesc_csv_format_with (all, names, '\t', NULL);
  /* the TSV as pandas writes it: an index column under an empty header cell */
  GString *indexed = g_string_new ("");
  g_auto (GStrv) lines = g_strsplit (tsv, "\n", -1);
  for (guint k = 0; lines[k] && *lines[k]; k++)
    {
      g_autofree char *index = k == 0 ? g_strdup ("") : g_strdup_printf ("%u", k - 1);
      g_string_append_printf (indexed, "%s\t%s\n", index, lines[k]);
    }
  own_tsv = lesc_test_write_text (tmp, "own.tsv", indexed->str);
  g_string_free (indexed, TRUE);
  gsize len;
  g_autofree guchar *npy = lesc_npy_format (all, &len);
  own_npy = g_build_filename (tmp, "own.npy", NULL);
  g_assert_true (g_file_set_contents (own_npy, (const char *) npy, (gssize) len, NULL));
  const LescTestVar vars[] = { { "features", x }, { "logicalLabel", l, MAT_T_UINT8, 0, TRUE } };
  own_mat = lesc_test_write_mat (tmp, "own.mat", vars, 2, TRUE);
  /* the same features with ground truth, for the CV comparison */
  g_autoptr (LescMatrix) y = lesc_test_distributions (N, O);
  full_csv = g_build_filename (tmp, "full.csv", NULL);
  full_y = g_build_filename (tmp, "full-y.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_csv_write (full_csv, x, NULL, &error));
  g_assert_true (lesc_csv_write (full_y, y, NULL, &error));
}

/* DATA and its options as argv pieces */
typedef struct {
  const char *path;
  const char *opt, *val;   /* "--logical-columns", "3" or NULL */
} Data;

static Data
data_of (int k)
{
  switch (k)
    {
    case 0: return (Data) { own_csv, "--logical-columns", "3" };
    case 1: return (Data) { own_mat, NULL, NULL };
    case 2: return (Data) { own_npy, "--logical-columns", "3" };
    default: return (Data) { own_tsv, "--logical-columns", "3" };
    }
}

/* lesc CMD… DATA [opts] with up to 8 more arguments */
static Run
run_on (const Data *d, const char *const *args)
{
  g_autoptr (GPtrArray) a = g_ptr_array_new ();
  for (guint k = 0; args[k]; k++)
    g_ptr_array_add (a, (gpointer) args[k]);
  g_ptr_array_add (a, (gpointer) d->path);
  if (d->opt)
    {
      g_ptr_array_add (a, (gpointer) d->opt);
      g_ptr_array_add (a, (gpointer) d->val);
    }
  g_ptr_array_add (a, NULL);
  Run r = { 0 };
  r.status = lesc_test_run_argv ((const char *const *) a->pdata, &r.out, &r.err);
  return r;
}

static void
check_distributions (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) header = NULL;
  const char *const names[] = { "labelDistribution", NULL };
  g_autoptr (LescMatrix) d = lesc_table_read (path, NULL, names, &header, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (d->rows, ==, N);
  g_assert_cmpuint (d->cols, ==, O);
  for (gsize i = 0; i < N; i++)
    {
      double s = 0;
      for (gsize j = 0; j < O; j++)
        {
          g_assert_cmpfloat (LESC_AT (d, i, j), >=, 0.0);
          s += LESC_AT (d, i, j);
        }
      g_assert_cmpfloat (fabs (s - 1.0), <, 1e-12);
    }
}

/* every method on every labels-only file: distributions written, nothing scored */
static void
test_recover_all_methods (void)
{
  guint n;
  const LescMethod *const *methods = lesc_methods (&n);
  for (int k = 0; k < 4; k++)
    {
      Data d = data_of (k);
      for (guint i = 0; i < n; i++)
        {
          const char *ext = k == 1 ? "mat" : k == 2 ? "npy" : "csv";
          g_autofree char *name = g_strdup_printf ("rec-%d-%s.%s", k, methods[i]->name, ext);
          g_autofree char *out = g_build_filename (tmp, name, NULL);
          const char *args[] = { "recover", "-m", methods[i]->name, "-o", out, NULL };
          g_auto (Run) r = run_on (&d, args);
          g_test_message ("%s on %s: %s", methods[i]->name, d.path, r.err);
          g_assert_cmpint (r.status, ==, 0);
          g_assert_nonnull (strstr (r.out, "scores: none ("));
          g_assert_nonnull (strstr (r.out, "has no label distributions: nothing to score against"));
          g_assert_null (strstr (r.out, "Chebyshev"));
          check_distributions (out);
        }
    }
  /* the CSV and JSON result rows leave the measures empty */
  Data d = data_of (0);
  const char *csv[] = { "recover", "-m", "glle", "-f", "csv", NULL };
  g_auto (Run) c = run_on (&d, csv);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_nonnull (strstr (c.out, ",reference,,,,,,,"));
  const char *json[] = { "recover", "-m", "glle", "-f", "json", NULL };
  g_auto (Run) j = run_on (&d, json);
  g_assert_nonnull (strstr (j.out, "\"measures\": null,"));
}

/* what `lesc info`, `binarize`, `plot` and the scoring commands do with such data */
static void
test_every_command (void)
{
  g_autofree char *store = g_build_filename (tmp, "runs.sqlite", NULL);
  for (int k = 0; k < 4; k++)
    {
      Data d = data_of (k);
      const char *info[] = { "info", NULL };
      g_auto (Run) i = run_on (&d, info);
      g_assert_cmpint (i.status, ==, 0);
      g_assert_nonnull (strstr (i.out, "label distributions      none"));
      g_assert_nonnull (strstr (i.out, "read from the file"));
      const char *json[] = { "info", "-f", "json", NULL };
      g_auto (Run) ij = run_on (&d, json);
      g_assert_nonnull (strstr (ij.out, "\"has_truth\": false"));
      const char *bin[] = { "binarize", NULL };
      g_auto (Run) b = run_on (&d, bin);
      g_assert_cmpint (b.status, ==, 0);
      g_assert_true (g_str_has_prefix (b.out, k == 1 || k == 2 ? "label1,label2,label3\n"  /* no names */
                                                  : "sun,rain,snow\n"));

      /* the scoring commands: exit 1, one line */
      const char *table[] = { "table", "-r", store, NULL };
      const char *cv[] = { "cv", "-r", store, NULL };
      const char *grid[] = { "grid", "-m", "lesc", "-r", store, NULL };
      const char *cd[] = { "cd", "-r", store, NULL };
      const char *heat[] = { "plot", "heatmap", "--method", "lesc", "--measure", "cheb", "-r", store, NULL };
      const char *const *refusing[] = { table, cv, grid, cd, heat };
      for (guint c = 0; c < G_N_ELEMENTS (refusing); c++)
        {
          g_auto (Run) r = run_on (&d, refusing[c]);
          const char *expect = "has no label distributions (only logical labels), so there is "
                               "nothing to score against";
          assert_fails (&r, 1, expect);
        }
      const char *eval[] = { "eval", "artificial", NULL };
      g_auto (Run) e = run_on (&d, eval);
      g_assert_cmpint (e.status, ==, 1);
      const char *scatter[] = { "plot", "scatter", NULL };
      g_auto (Run) s = run_on (&d, scatter);
      g_assert_cmpint (s.status, ==, 1);
      g_assert_nonnull (strstr (s.err, "give --methods to draw recovered ones"));
    }
  /* with --methods, the recovered panels alone */
  Data d = data_of (1);
  g_autofree char *png = g_build_filename (tmp, "scatter.png", NULL);
  const char *scatter[] = { "plot", "scatter", "--methods", "km,glle", "-o", png, NULL };
  g_auto (Run) s = run_on (&d, scatter);
  g_assert_cmpint (s.status, ==, 0);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
}

/* -o X.{csv,tsv,mat,npy,json}: the same numbers back, bit for bit */
static void
test_output_round_trips (void)
{
  Data d = data_of (0);
  const char *const exts[] = { "csv", "tsv", "mat", "npy", "json" };
  g_autoptr (LescMatrix) first = NULL;
  const char *const names[] = { "labelDistribution", NULL };
  for (guint k = 0; k < G_N_ELEMENTS (exts); k++)
    {
      g_autofree char *out = g_strdup_printf ("%s/trip.%s", tmp, exts[k]);
      const char *args[] = { "recover", "-m", "lesc", "-o", out, NULL };
      g_auto (Run) r = run_on (&d, args);
      g_assert_cmpint (r.status, ==, 0);
      g_autoptr (GError) error = NULL;
      g_auto (GStrv) header = NULL;
      g_autoptr (LescMatrix) m = lesc_table_read (out, NULL, names, &header, NULL, &error);
      g_assert_no_error (error);
      if (first == NULL)
        first = lesc_matrix_copy (m);
      g_assert_cmpmem (m->data, sizeof (double) * N * O, first->data, sizeof (double) * N * O);
      if (header != NULL)
        g_assert_cmpstr (header[2], ==, "snow");
      /* and `lesc eval` reads every format: zero distance to the CSV */
      g_autofree char *csv = g_strdup_printf ("%s/trip.csv", tmp);
      g_auto (Run) e = run ("eval", csv, out, "-f", "csv", NULL);
      g_assert_cmpint (e.status, ==, 0);
      g_assert_nonnull (strstr (e.out, "\n0,0,0,0,1,1,truth-recovered,30,30\n"));
    }
  /* -o -: the same CSV on standard output, the report on standard error */
  const char *args[] = { "recover", "-m", "lesc", "-o", "-", NULL };
  g_auto (Run) r = run_on (&d, args);
  g_assert_cmpint (r.status, ==, 0);
  g_autofree char *csv_path = g_strdup_printf ("%s/trip.csv", tmp);
  g_autofree char *csv = NULL;
  g_assert_true (g_file_get_contents (csv_path, &csv, NULL, NULL));
  g_assert_cmpstr (r.out, ==, csv);
  g_assert_nonnull (strstr (r.err, "nothing to score against"));
}

/* recover --save-model, then predict on new rows; and the model of a held-out fold
 * predicts exactly what `lesc cv` computes for those rows */
static void
test_models (void)
{
  g_autofree char *model = g_build_filename (tmp, "own.lescm", NULL);
  g_autofree char *pred = g_build_filename (tmp, "pred.npy", NULL);
  Data d = data_of (0);
  const char *save[] = { "recover", "-m", "glesc", "--save-model", model, NULL };
  g_auto (Run) s = run_on (&d, save);
  g_assert_cmpint (s.status, ==, 0);
  g_auto (Run) p = run ("predict", model, own_csv, "--logical-columns", "3", "-o", pred, NULL);
  g_assert_cmpint (p.status, ==, 0);
  check_distributions (pred);
  /* --save-model -: the same bytes on standard output, the report on standard error; not
   * together with -o - */
  const char *piped[] = { "recover", "-m", "glesc", "--save-model", "-", NULL };
  g_auto (Run) sp = run_on (&d, piped);
  g_assert_cmpint (sp.status, ==, 0);
  g_autofree char *bytes = NULL;
  gsize length = 0;
  g_assert_true (g_file_get_contents (model, &bytes, &length, NULL));
  g_assert_cmpmem (sp.out, length, bytes, length);
  g_assert_nonnull (strstr (sp.err, "nothing to score against"));
  const char *both[] = { "recover", "-m", "glesc", "--save-model", "-", "-o", "-", NULL };
  g_auto (Run) b = run_on (&d, both);
  assert_fails (&b, 2, "cannot both be standard output");
  /* no mapping: refused before any work */
  const char *km[] = { "recover", "-m", "km", "--save-model", model, NULL };
  g_auto (Run) k = run_on (&d, km);
  assert_fails (&k, 2, "KM has no mapping to new samples");

  /* a fold of `lesc cv`, by hand */
  g_autofree char *spec = g_strconcat (full_csv, ",", full_y, NULL);
  g_autofree char *store = g_build_filename (tmp, "cv.sqlite", NULL);
  g_auto (Run) cv = run ("cv", spec, "--methods", "glle,lesc", "-r", store, NULL);
  g_assert_cmpint (cv.status, ==, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) x = lesc_csv_read (full_csv, NULL, &error);
  g_autoptr (LescMatrix) y = lesc_csv_read (full_y, NULL, &error);
  gsize train[N], test[N], n_train, n_test;
  g_autoptr (LescStore) st = lesc_store_open (store, &error);
  g_assert_no_error (error);
  LescRunFilter filter = { .kl = -1, .kind = LESC_RUN_KIND_CV };
  g_autoptr (GPtrArray) runs = lesc_store_query (st, &filter, &error);
  g_assert_cmpuint (runs->len, ==, 20);
  const char *methods[] = { "glle", "lesc" };
  for (int m = 0; m < 2; m++)
    for (guint fold = 1; fold <= 10; fold += 4)
      {
        g_autofree char *fm = g_strdup_printf ("%s/fold%u-%s.lescm", tmp, fold, methods[m]);
        g_autofree char *k_text = g_strdup_printf ("%u", fold);
        g_auto (Run) r = run ("recover", spec, "-m", methods[m], "--hold-out-fold", k_text,
                              "--save-model", fm, NULL);
        g_assert_cmpint (r.status, ==, 0);
        g_assert_nonnull (strstr (r.out, "fitted on the 27 rows outside fold"));
        lesc_fold_rows (N, 10, 5489, fold - 1, train, &n_train, test, &n_test);
        g_autoptr (LescMatrix) x_test = lesc_matrix_select_rows (x, test, n_test);
        g_autoptr (LescMatrix) y_test = lesc_matrix_select_rows (y, test, n_test);
        g_autofree char *held = g_strdup_printf ("%s/held%u.csv", tmp, fold);
        g_assert_true (lesc_csv_write (held, x_test, NULL, &error));
        g_autofree char *out = g_strdup_printf ("%s/held%u-%s.npy", tmp, fold, methods[m]);
        g_auto (Run) pr = run ("predict", fm, held, "-o", out, NULL);
        g_assert_cmpint (pr.status, ==, 0);
        g_autoptr (LescMatrix) d_test = lesc_table_read (out, NULL, NULL, NULL, NULL, &error);
        g_assert_no_error (error);
        double v[LESC_N_MEASURES];
        g_assert_true (lesc_measures_compute (y_test, d_test, LESC_KL_TRUTH_RECOVERED, v, &error));
        const LescRunRecord *cell = NULL;
        for (guint i = 0; i < runs->len; i++)
          {
            const LescRunRecord *rec = g_ptr_array_index (runs, i);
            if (strcmp (rec->method, methods[m]) == 0 && rec->fold == (int) fold - 1)
              cell = rec;
          }
        g_assert_nonnull (cell);
        for (int j = 0; j < LESC_N_MEASURES; j++)
          g_assert_cmpfloat (v[j], ==, cell->measures[j]);
      }
}

static void
expect_bad (const char *what, const char *const *args, int status, const char *expect,
            const char *output)
{
  g_test_message ("bad input: %s", what);
  g_auto (Run) r = { 0 };
  r.status = lesc_test_run_argv (args, &r.out, &r.err);
  assert_fails (&r, status, expect);
  if (output != NULL)
    g_assert_false (g_file_test (output, G_FILE_TEST_EXISTS));
}

/* dir/name: a .npy header of `dict` (length right, padded to 64) and 32 zero bytes */
static char *
write_npy_header (const char *name, const char *dict)
{
  GString *b = g_string_new (NULL);
  g_string_append_len (b, "\x93NUMPY\x01\x00", 8);
  gsize len = strlen (dict) + 1;
  len += (64 - (10 + len) % 64) % 64;
  g_string_append_c (b, (char) (len & 0xff));
  g_string_append_c (b, (char) (len >> 8));
  g_string_append (b, dict);
  while (b->len < 10 + len - 1)
    g_string_append_c (b, ' ');
  g_string_append_c (b, '\n');
  for (int k = 0; k < 32; k++)
    g_string_append_c (b, '\0');
  char *path = g_build_filename (tmp, name, NULL);
  g_assert_true (g_file_set_contents (path, b->str, (gssize) b->len, NULL));
  g_string_free (b, TRUE);
  return path;
}

static void
test_bad_inputs (void)
{
  g_autofree char *out = g_build_filename (tmp, "never.csv", NULL);
  /* logical labels: a column of zeros, a value other than 0/1, a row with no 1 */
  g_autofree char *zero_col = lesc_test_write_text (tmp, "zerocol.csv", "x,a,b,c\n1,1,0,0\n2,0,1,0\n3,1,1,0\n");
  const char *a1[] = { "recover", zero_col, "--logical-columns", "3", "-m", "km", "-o", out, NULL };
  expect_bad ("all-zero column", a1, 1, "logical labels column 3 ('c') is all zeros", out);
  g_autofree char *two = lesc_test_write_text (tmp, "two.csv", "x,a,b\n1,1,0\n2,0,2\n");
  const char *a2[] = { "recover", two, "--logical-columns", "2", "-m", "km", "-o", out, NULL };
  expect_bad ("value 2", a2, 1, "logical labels row 2, column 2 is 2 (expected 0 or 1)", out);
  g_autofree char *norow = lesc_test_write_text (tmp, "norow.csv", "x,a,b\n1,1,0\n2,0,0\n3,0,1\n");
  const char *a3[] = { "recover", norow, "--logical-columns", "2", "-m", "km", "-o", out, NULL };
  expect_bad ("row without 1", a3, 1, "logical labels row 2 is all zeros", out);

  /* .npy: bad magic, unsupported dtype, object array, shapes that do not match */
  g_autofree char *magic = lesc_test_write_text (tmp, "magic.npy", "\x93NUMPX\x01\x00");
  const char *b1[] = { "recover", magic, "--logical-columns", "2", "-m", "km", "-o", out, NULL };
  expect_bad ("bad magic", b1, 1, "not a NumPy .npy file (bad magic", out);
  g_autofree char *cplx = write_npy_header ("complex.npy", "{'descr': '<c16', 'fortran_order': "
                                           "False, 'shape': (2, 1), }");
  const char *b2[] = { "info", cplx, "--logical-columns", "1", NULL };
  expect_bad ("complex dtype", b2, 1, "unsupported dtype '<c16'", NULL);
  g_autofree char *objp = write_npy_header ("object.npy", "{'descr': '|O', 'fortran_order': "
                                           "False, 'shape': (2, 2), }");
  const char *b3[] = { "info", objp, "--logical-columns", "1", NULL };
  expect_bad ("object array", b3, 1, "holds an object array", NULL);
  g_autoptr (LescMatrix) f5 = lesc_test_features (5, 2);
  g_autoptr (LescMatrix) l4 = lesc_matrix_new (4, 2);
  gsize len;
  g_autofree guchar *nf = lesc_npy_format (f5, &len);
  g_autofree char *fnpy = g_build_filename (tmp, "f5.npy", NULL);
  g_assert_true (g_file_set_contents (fnpy, (const char *) nf, (gssize) len, NULL));
  g_autofree guchar *nl = lesc_npy_format (l4, &len);
  g_autofree char *lnpy = g_build_filename (tmp, "l4.npy", NULL);
  g_assert_true (g_file_set_contents (lnpy, (const char *) nl, (gssize) len, NULL));
  g_autofree char *pair = g_strconcat (fnpy, ",", lnpy, NULL);
  const char *b4[] = { "recover", pair, "--logical", "-m", "km", "-o", out, NULL };
  expect_bad ("shape mismatch", b4, 1, "has 5 rows of features but", out);

  /* .npz without the labels */
  g_autofree char *npz_path = g_build_filename (tmp, "empty.npz", NULL);
  static const char empty_zip[22] = "PK\x05\x06";
  g_assert_true (g_file_set_contents (npz_path, empty_zip, sizeof empty_zip, NULL));
  const char *c1[] = { "recover", npz_path, "-m", "km", "-o", out, NULL };
  expect_bad ("npz missing arrays", c1, 1, "no array 'features' (the archive holds no arrays)", out);

  /* text tables: ragged TSV, mixed delimiters, an index that does not increase */
  g_autofree char *rag = lesc_test_write_text (tmp, "rag.tsv", "x\ta\tb\n1\t1\t0\n2\t0\n");
  const char *d1[] = { "recover", rag, "--logical-columns", "2", "-m", "km", "-o", out, NULL };
  expect_bad ("ragged TSV", d1, 1, "line 3 has 2 cells but line 1 has 3", out);
  g_autofree char *mix = lesc_test_write_text (tmp, "mix.csv", "x,a,b\n1,1,0\n2;0;1\n");
  const char *d2[] = { "recover", mix, "--logical-columns", "2", "-m", "km", "-o", out, NULL };
  expect_bad ("mixed delimiters", d2, 1, "mixed delimiters", out);
  g_autofree char *idx = lesc_test_write_text (tmp, "idx.csv", ",x,a,b\n2,1,1,0\n0,2,0,1\n");
  const char *d3[] = { "recover", idx, "--logical-columns", "2", "-m", "km", "-o", out, NULL };
  expect_bad ("index not monotone", d3, 1, "values do not increase", out);
  /* … which --index-column reads as an index */
  const char *d4[] = { "recover", idx, "--logical-columns", "2", "-m", "km", "--index-column", "-o", out, NULL };
  g_auto (Run) ok = { 0 };
  ok.status = lesc_test_run_argv (d4, &ok.out, &ok.err);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_true (g_file_test (out, G_FILE_TEST_EXISTS));
  g_remove (out);

  /* a model for another feature count */
  g_autofree char *model = g_build_filename (tmp, "m3.lescm", NULL);
  Data d = data_of (0);
  const char *save[] = { "recover", "-m", "glle", "--save-model", model, NULL };
  g_auto (Run) s = run_on (&d, save);
  g_assert_cmpint (s.status, ==, 0);
  g_autofree char *wide = lesc_test_write_text (tmp, "wide.csv", "1,2,3,4\n5,6,7,8\n");
  const char *e1[] = { "predict", model, wide, "-o", out, NULL };
  expect_bad ("model feature count", e1, 1, "has 4 feature columns but the model was trained on 3", out);

  /* outputs: a folder that does not exist, an unknown extension — before any work */
  g_autofree char *nodir = g_build_filename (tmp, "no-such-folder", "out.csv", NULL);
  const char *f1[] = { "recover", own_csv, "--logical-columns", "3", "-m", "km", "-o", nodir, NULL };
  expect_bad ("missing folder", f1, 1, "does not exist", nodir);
  g_autofree char *xlsx = g_build_filename (tmp, "out.xlsx", NULL);
  const char *f2[] = { "recover", own_csv, "--logical-columns", "3", "-m", "km", "-o", xlsx, NULL };
  expect_bad ("unknown extension", f2, 2, "cannot write '.xlsx' files", xlsx);
  const char *f3[] = { "predict", model, own_csv, "--logical-columns", "3", "-o", xlsx, NULL };
  expect_bad ("unknown extension (predict)", f3, 2, "cannot write '.xlsx' files", xlsx);
}

/* the fuzzer's CSV crash (issue 13), through every command that met it */
static void
test_quote_crash (void)
{
  g_autofree char *path = g_build_filename (tmp, "crash.csv", NULL);
  g_assert_true (g_file_set_contents (path, "6\",\",,,,,\"", 10, NULL));
  g_autofree char *pair = g_strconcat (path, ",", path, NULL);
  g_autofree char *out = g_build_filename (tmp, "crash-out.csv", NULL);
  const char *a[] = { "info", path, "--label-columns", "3", NULL };
  expect_bad ("crash info", a, 1, "has 2 columns, so 3 label columns", NULL);
  const char *b[] = { "binarize", path, "--label-columns", "3", NULL };
  expect_bad ("crash binarize", b, 1, "has 2 columns, so 3 label columns", NULL);
  const char *c[] = { "binarize", pair, NULL };
  expect_bad ("crash binarize pair", c, 1, "no samples", NULL);
  const char *d[] = { "recover", pair, "-m", "km", "-o", out, NULL };
  expect_bad ("crash recover pair", d, 1, "no samples", out);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  write_files ();
  g_test_add_func ("/cli-labels/recover-all-methods", test_recover_all_methods);
  g_test_add_func ("/cli-labels/every-command", test_every_command);
  g_test_add_func ("/cli-labels/output-round-trips", test_output_round_trips);
  g_test_add_func ("/cli-labels/models", test_models);
  g_test_add_func ("/cli-labels/bad-inputs", test_bad_inputs);
  g_test_add_func ("/cli-labels/quote-crash", test_quote_crash);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  g_free (own_csv);
  g_free (own_mat);
  g_free (own_npy);
  g_free (own_tsv);
  g_free (full_csv);
  g_free (full_y);
  return status;
}
