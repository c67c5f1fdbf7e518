/* Nothing silent: what the program chooses about the user's data is said once on stderr
 * ("lesc: note: FILE: …") and, where it changes numbers, recorded with the run; every
 * error names the file it is about. */
#include "testcli.h"
#include "testfiles.h"

#include <sqlite3.h>

static char *tmp;

/* The lines of `err` that hold `needle`. */
static guint
count_lines_with (const char *err, const char *needle)
{
  g_auto (GStrv) lines = g_strsplit (err, "\n", -1);
  guint n = 0;
  for (guint k = 0; lines[k] != NULL; k++)
    n += strstr (lines[k], needle) != NULL;
  return n;
}

/* 6 samples, 2 features, 3 labels; rows 1, 2 and 4 of the truth hold a zero. */
static const char kl_data[] =
  "x,y,a,b,c\n"
  "0,0,0.7,0.3,0\n"
  "1,0,0,0.5,0.5\n"
  "0,1,0.2,0.3,0.5\n"
  "1,1,0.6,0,0.4\n"
  "2,1,0.1,0.6,0.3\n"
  "1,2,0.3,0.3,0.4\n";

static void
test_unused_variables (void)
{
  g_autoptr (LescMatrix) x = lesc_test_features (4, 2);
  g_autoptr (LescMatrix) y = lesc_test_distributions (4, 3);
  g_autoptr (LescMatrix) l = lesc_matrix_new (4, 3);
  for (gsize i = 0; i < 4; i++)
    LESC_AT (l, i, 2) = 1.0;
  const LescTestVar vars[] = { { "features", x }, { "labels", y }, { "labels_logical", l } };
  g_autofree char *path = lesc_test_write_mat (tmp, "unused.mat", vars, 3, TRUE);
  g_auto (Run) r = run ("info", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpuint (count_lines_with (r.err, "lesc: note: "), ==, 1);
  g_assert_nonnull (strstr (r.err, path));
  g_assert_nonnull (strstr (r.err, "'labels_logical' not used"));
}

static void
test_renormalized (void)
{
  g_autofree char *path = lesc_test_write_text (tmp, "renorm.csv",
                                                "x,a,b,c\n1,0.2,0.2,0.6\n2,1,2,1\n3,0.2,0.2,0.2\n");
  g_auto (Run) r = run ("info", "--label-columns", "3", "--renormalize", path, NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpuint (count_lines_with (r.err, "lesc: note: "), ==, 1);
  g_assert_nonnull (strstr (r.err, "2 rows of the label distributions divided by their sums"));
  g_assert_nonnull (strstr (r.err, path));
}

static void
test_kl_rows (void)
{
  g_autofree char *path = lesc_test_write_text (tmp, "zeros.csv", kl_data);
  g_auto (Run) r = run ("recover", path, "--label-columns", "3", "--method", "lp", "--kl",
                        "recovered-truth", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_test_message ("stderr: %s", r.err);
  /* LP's recovery is positive everywhere: the three rows with a zero in the truth go */
  g_assert_cmpuint (count_lines_with (r.err, "lesc: note: "), ==, 1);
  g_assert_nonnull (strstr (r.err, "leaves out 3 of the 6 rows"));
  g_assert_nonnull (strstr (r.out, "(recovered‖truth, over 3 of 6 rows)"));
  g_auto (Run) j = run ("recover", path, "--label-columns", "3", "--method", "lp", "--kl",
                        "recovered-truth", "--format", "json", NULL);
  g_assert_nonnull (strstr (j.out, "\"kl_rows\": 3,"));
  /* the default direction leaves nothing out, and says nothing */
  g_auto (Run) d = run ("recover", path, "--label-columns", "3", "--method", "lp", NULL);
  g_assert_cmpstr (d.err, ==, "");

  /* a stored run records it, and the table says it once */
  g_autofree char *store = g_build_filename (tmp, "runs.sqlite", NULL);
  g_auto (Run) t = run ("table", path, "--label-columns", "3", "--methods", "lp,km", "--kl",
                        "recovered-truth", "--results", store, NULL);
  g_assert_cmpint (t.status, ==, 0);
  g_test_message ("stderr: %s", t.err);
  g_assert_cmpuint (count_lines_with (t.err, "KL(recovered‖truth) leaves out"), ==, 1);
  g_assert_nonnull (strstr (t.err, "up to 3 of the 6 rows"));
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (store, &db), ==, SQLITE_OK);
  sqlite3_stmt *st = NULL;
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT solver FROM runs ORDER BY method", -1, &st,
                                       NULL), ==, SQLITE_OK);
  guint rows = 0;
  while (sqlite3_step (st) == SQLITE_ROW)
    {
      const char *solver = (const char *) sqlite3_column_text (st, 0);
      g_test_message ("solver: %s", solver);
      g_assert_nonnull (strstr (solver, "kl_rows=3"));
      rows++;
    }
  g_assert_cmpuint (rows, ==, 2);
  sqlite3_finalize (st);
  sqlite3_close (db);
}

static void
test_errors_name_the_file (void)
{
  /* one sample: said as such (not as a mismatch of rows) */
  g_autofree char *one = lesc_test_write_text (tmp, "one.csv", "x,y,a,b\n1,2,0.5,0.5\n");
  g_auto (Run) r1 = run ("recover", one, "--label-columns", "2", "--method", "lp", NULL);
  assert_fails (&r1, 1, "1 sample (n = 1); the methods need at least 2 samples");
  g_assert_true (g_str_has_prefix (r1.err, "lesc: "));
  g_assert_nonnull (strstr (r1.err, one));

  /* a solver's complaint carries the file */
  g_autofree char *same = lesc_test_write_text (tmp, "same.csv",
                                                "x,y,a,b\n1,2,0.5,0.5\n1,2,0.25,0.75\n1,2,1,0\n");
  const char *methods[] = { "km", "glle" };
  const char *expect[] = { "km: all 3 feature rows are identical",
                           "LE step: all 3 feature rows are identical" };
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    {
      g_auto (Run) r = run ("recover", same, "--label-columns", "2", "--method", methods[k],
                            k ? "--k" : NULL, "2", NULL);
      assert_fails (&r, 1, expect[k]);
      g_autofree char *prefix = g_strdup_printf ("lesc: %s: ", same);
      g_assert_true (g_str_has_prefix (r.err, prefix));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = lesc_test_tmpdir ();
  g_test_add_func ("/cli-notes/unused-variables", test_unused_variables);
  g_test_add_func ("/cli-notes/renormalized", test_renormalized);
  g_test_add_func ("/cli-notes/kl-rows", test_kl_rows);
  g_test_add_func ("/cli-notes/errors-name-the-file", test_errors_name_the_file);
  int status = g_test_run ();
  lesc_test_rmdir (tmp);
  g_free (tmp);
  return status;
}
