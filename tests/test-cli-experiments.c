/* The experiment commands of the built `lesc`: table on Artificial + SJAFFE with all
 * seven methods and cd over those runs; reuse on a second run; the output formats
 * (csv, json, LaTeX structure); runs; shards + merge; cv with t-tests; Ctrl-C during a
 * grid (exit 130, a consistent store, resume); usage errors. */
#include "core/data/csv.h"
#include "core/data/dataset.h"
#include "core/eval/stats.h"
#include "core/experiments/store.h"
#include "core/data/artificial.h"
#include "testcli.h"
#include "testutil.h"

#include <gio/gio.h>

#include <glib/gstdio.h>
#include <math.h>
#include <signal.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

static char *tmp;

static char *
tmp_file (const char *name)
{
  char *p = g_build_filename (tmp, name, NULL);
  g_unlink (p);
  return p;
}

static gint64
sql_count (const char *path, const char *sql)
{
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  sqlite3_stmt *st;
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &st, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  gint64 n = sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return n;
}

static double
sql_double (const char *path, const char *sql)
{
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  sqlite3_stmt *st;
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &st, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  double v = sqlite3_column_double (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return v;
}

/* TRUE when the benchmark files are there (else the test is marked skipped). */
static gboolean
have_data (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  return path != NULL;
}

static gint64
duplicate_keys (const char *path)
{
  return sql_count (path, "SELECT count(*) - (SELECT count(*) FROM (SELECT DISTINCT checksum, "
                          "method, params, seed, variant, kl_direction, fold, folds, fold_seed "
                          "FROM runs)) FROM runs");
}

static guint
count_substr (const char *s, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr (s, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* The LaTeX of `lesc table --format latex`: a booktabs tabular whose every row has as
 * many cells as the column spec, balanced braces, no unescaped special characters. */
static void
check_latex (const char *tex, guint methods, guint datasets)
{
  g_assert_nonnull (strstr (tex, "\\begin{table}"));
  g_assert_nonnull (strstr (tex, "\\end{table}"));
  const char *spec = strstr (tex, "\\begin{tabular}{");
  g_assert_nonnull (spec);
  spec += strlen ("\\begin{tabular}{");
  guint cols = 0;
  for (const char *c = spec; *c != '}'; c++)
    cols += (*c == 'l' || *c == 'c' || *c == 'r');
  g_assert_cmpuint (cols, ==, methods + 2);
  g_assert_cmpuint (count_substr (tex, "\\toprule"), ==, 1);
  g_assert_cmpuint (count_substr (tex, "\\midrule"), ==, LESC_N_MEASURES);
  g_assert_cmpuint (count_substr (tex, "\\bottomrule"), ==, 1);
  /* every row between \toprule and \bottomrule: cols − 1 unescaped '&', ends with \\ */
  const char *body = strstr (tex, "\\toprule\n") + strlen ("\\toprule\n");
  const char *end = strstr (tex, "\\bottomrule");
  g_autofree char *rows_text = g_strndup (body, end - body);
  g_auto (GStrv) lines = g_strsplit (rows_text, "\n", -1);
  guint rows = 0;
  for (char **l = lines; *l; l++)
    {
      if (**l == '\0' || g_str_has_prefix (*l, "\\midrule"))
        continue;
      guint amps = 0;
      for (const char *c = *l; *c; c++)
        if (*c == '&' && (c == *l || c[-1] != '\\'))
          amps++;
      g_assert_cmpuint (amps, ==, cols - 1);
      g_assert_true (g_str_has_suffix (*l, " \\\\"));
      rows++;
    }
  g_assert_cmpuint (rows, ==, 1 + LESC_N_MEASURES * (datasets + 1));
  int depth = 0;
  for (const char *c = tex; *c; c++)
    {
      if ((*c == '{' || *c == '}') && c > tex && c[-1] == '\\')
        continue;
      depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
      g_assert_cmpint (depth, >=, 0);
      if (*c == '_' || *c == '#' || (*c == '%' && c != tex && c[-1] != '\n' && c[-1] != '\\'))
        g_assert_true (c[-1] == '\\');
    }
  g_assert_cmpint (depth, ==, 0);
}

/* ---- the table and cd on Artificial + SJAFFE, all seven methods ------------------------- */

static void
test_table_cd (void)
{
  if (!have_data ())
    return;
  g_autofree char *store = tmp_file ("table.sqlite");
  /* --variant converged: the exact LE optimum, quicker than the capped optimizer on
   * Artificial (n = 2601); every method still runs in full */
  g_auto (Run) first = run ("table", "artificial", "sjaffe", "--results", store, "--variant",
                            "converged", "--format", "json", NULL);
  g_test_message ("%s", first.err);
  g_assert_cmpint (first.status, ==, 0);
  g_assert_nonnull (strstr (first.err, "14 run(s) computed, 0 reused"));
  g_assert_nonnull (strstr (first.out, "\"methods\": [\"fcm\", \"km\", \"lp\", \"ml\", \"glle\", \"lesc\", \"glesc\"]"));
  g_assert_cmpuint (count_substr (first.out, "{\"value\": "), ==, LESC_N_MEASURES * 2 * 7);
  g_assert_null (strstr (first.out, "\"value\": null"));
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs"), ==, 14);

  /* the same work again: nothing computed, no new rows */
  g_auto (Run) again = run ("table", "artificial", "sjaffe", "--results", store, "--variant",
                            "converged", "--format", "csv", NULL);
  g_assert_cmpint (again.status, ==, 0);
  g_assert_nonnull (strstr (again.err, "0 run(s) computed, 14 reused"));
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs"), ==, 14);
  g_assert_cmpint (duplicate_keys (store), ==, 0);

  /* csv: a row per data set × method with each measure's value and rank; per data set
   * and measure the ranks sum to 1 + … + 7 = 28 */
  g_auto (GStrv) lines = g_strsplit (again.out, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "dataset,method,cheb,cheb_rank,clark,clark_rank,canber,canber_rank,"
                                 "kl,kl_rank,cosine,cosine_rank,intersec,intersec_rank,params,seed,"
                                 "variant,kl_direction,checksum,run,version");
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 14 + 1);
  double cheb_mean_rank[7] = { 0 };
  double sums[2][LESC_N_MEASURES] = { { 0 } };
  for (int r = 0; r < 14; r++)
    {
      g_auto (GStrv) f = g_strsplit (lines[1 + r], ",", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 21);
      g_assert_cmpstr (f[0], ==, r < 7 ? "artificial" : "sjaffe");
      for (int m = 0; m < LESC_N_MEASURES; m++)
        {
          double v = g_ascii_strtod (f[2 + 2 * m], NULL), rank = g_ascii_strtod (f[3 + 2 * m], NULL);
          /* KM's published degrees are exactly 0 on irrelevant labels: KL(truth‖recovered)
           * is ∞ ("inf" in CSV), ranked last */
          if (r % 7 == 1 && m == LESC_MEASURE_KL)
            {
              g_assert_cmpstr (f[2 + 2 * m], ==, "inf");
              g_assert_cmpfloat (rank, ==, 7);
            }
          else
            g_assert_true (isfinite (v) && v >= 0);
          g_assert_cmpfloat (rank, >=, 1);
          g_assert_cmpfloat (rank, <=, 7);
          sums[r / 7][m] += rank;
        }
      cheb_mean_rank[r % 7] += g_ascii_strtod (f[3], NULL) / 2;
      g_assert_cmpstr (f[16], ==, r % 7 == 1 || r % 7 == 2 ? "flavour=published"
                                  : r % 7 < 4 ? "" : "converged");
      g_assert_cmpstr (f[17], ==, "truth-recovered");
    }
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      g_assert_cmpfloat (sums[0][m], ==, 28);
      g_assert_cmpfloat (sums[1][m], ==, 28);
    }

  /* LaTeX */
  g_auto (Run) tex = run ("table", "artificial", "sjaffe", "--results", store, "--variant",
                          "converged", "--format", "latex", NULL);
  g_assert_cmpint (tex.status, ==, 0);
  check_latex (tex.out, 7, 2);

  /* runs */
  g_auto (Run) runs = run ("runs", "--results", store, "--format", "csv", "--method", "glesc", NULL);
  g_assert_cmpint (runs.status, ==, 0);
  g_auto (GStrv) run_lines = g_strsplit (runs.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (run_lines), ==, 1 + 2 + 1);
  g_assert_true (g_str_has_prefix (run_lines[0], "id,dataset,method,params,seed,variant,kl_direction,fold"));
  g_assert_nonnull (strstr (run_lines[1], ",glesc,lambda1=10 lambda2=10,5489,converged,truth-recovered,"));

  /* cd over those runs (the same selection options) */
  g_auto (Run) cd = run ("cd", "--results", store, "--variant", "converged", "--format", "csv",
                         "--measure", "cheb", NULL);
  g_test_message ("%s", cd.err);
  g_assert_cmpint (cd.status, ==, 0);
  g_assert_nonnull (strstr (cd.err, "14 stored run(s) used"));
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs"), ==, 14);
  const char *names[] = { "FCM", "KM", "LP", "ML", "GLLE", "LESC", "gLESC" };
  for (int j = 0; j < 7; j++)
    {
      g_autofree char *prefix = g_strdup_printf ("\ncheb,mean_rank,%s,,", names[j]);
      const char *at = strstr (cd.out, prefix);
      g_assert_nonnull (at);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (at + strlen (prefix), NULL), cheb_mean_rank[j], 1e-12);
    }
  const char *cd_at = strstr (cd.out, "cheb,nemenyi_cd,,,");
  g_assert_nonnull (cd_at);
  double expected_cd = 2.948320 * sqrt (7.0 * 8.0 / (6.0 * 2.0)); /* q(k = 7), N = 2 */
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cd_at + strlen ("cheb,nemenyi_cd,,,"), NULL), expected_cd, 1e-5);
  g_assert_nonnull (strstr (cd.out, "cheb,friedman_chi2,,,"));
  g_assert_nonnull (strstr (cd.out, "cheb,holm_p,FCM,KM,"));
  g_assert_nonnull (strstr (cd.out, "cheb,clique,"));

  /* the CD figure from the same stored runs draws the same mean ranks */
  g_autofree char *fig = g_build_filename (tmp, "cd-stored.svg", NULL);
  g_autofree char *fig_csv = g_build_filename (tmp, "cd-stored.csv", NULL);
  g_auto (Run) plot = run ("plot", "cd", "--results", store, "--variant", "converged", "--measure", "cheb",
                           "-o", fig, "--data", fig_csv, NULL);
  g_test_message ("%s", plot.err);
  g_assert_cmpint (plot.status, ==, 0);
  g_assert_true (g_file_test (fig, G_FILE_TEST_IS_REGULAR));
  g_autofree char *fig_text = NULL;
  g_assert_true (g_file_get_contents (fig_csv, &fig_text, NULL, NULL));
  for (int j = 0; j < 7; j++)
    {
      g_autofree char *prefix = g_strdup_printf ("\n%s,", names[j]);
      const char *at = strstr (fig_text, prefix);
      g_assert_nonnull (at);
      g_assert_cmpfloat_with_epsilon (g_ascii_strtod (at + strlen (prefix), NULL), cheb_mean_rank[j], 1e-12);
    }
  g_assert_nonnull (strstr (fig_text, "N = 2 data sets"));

  g_auto (Run) cd_text = run ("cd", "--results", store, "--variant", "converged", "--test", "nemenyi", NULL);
  g_assert_cmpint (cd_text.status, ==, 0);
  g_assert_cmpuint (count_substr (cd_text.out, "Iman–Davenport F_F"), ==, LESC_N_MEASURES);
  g_assert_cmpuint (count_substr (cd_text.out, "nemenyi, α = 0.05"), ==, LESC_N_MEASURES);
  /* the KL block says its direction; KM's ∞ ranks last instead of dropping the data sets */
  g_assert_nonnull (strstr (cd_text.out, "Kullback-Leibler KL(truth‖recovered) (lower is better): "
                                         "2 data sets, 7 methods"));

  /* the text table says the direction too, prints KM's KL as ∞ and ranks it last; with
   * --against, a 'published' and a 'difference' row under each data set, but no KL
   * differences (the published KL is the other direction) */
  g_auto (Run) text = run ("table", "artificial", "sjaffe", "--results", store, "--variant",
                           "converged", "--against", "published", NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "\nKullback-Leibler KL(truth‖recovered) (lower is better)\n"));
  g_assert_cmpuint (count_substr (text.out, "∞(7)"), ==, 2);
  g_assert_nonnull (strstr (text.out, "No KL differences: this table's KL is the other direction"));
  g_assert_cmpuint (count_substr (text.out, "\n  published "), ==, 2 * LESC_N_MEASURES);
  g_assert_cmpuint (count_substr (text.out, "\n  difference "), ==, 2 * LESC_N_MEASURES);

  /* other selection options find no runs: each data set is dropped, and cd says why */
  g_auto (Run) missing = run ("cd", "--results", store, "--measure", "cheb", NULL);
  g_test_message ("%s", missing.err);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "missing"));
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs"), ==, 14);
}

/* ---- against the published numbers ------------------------------------------------------ */

/* The column of `name` in a CSV header line, or −1. */
static int
csv_column (char **header, const char *name)
{
  for (int c = 0; header[c] != NULL; c++)
    if (strcmp (header[c], name) == 0)
      return c;
  return -1;
}

/* `lesc table sjaffe --kl recovered-truth --against published`: beside each value the
 * published one and the difference; LP's published flavour reproduces the published row
 * within 0.0015 in every measure, KM's within 0.007 Chebyshev and 0.01 the others. */
static void
test_against_published (void)
{
  if (!have_data ())
    return;
  g_autofree char *store = tmp_file ("against.sqlite");
  g_auto (Run) csv = run ("table", "sjaffe", "--methods", "km,lp,ml", "--kl", "recovered-truth",
                          "--against", "published", "--results", store, "--format", "csv", NULL);
  g_test_message ("%s", csv.err);
  g_assert_cmpint (csv.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (csv.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 3 + 1);
  g_auto (GStrv) header = g_strsplit (lines[0], ",", -1);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      const char *key = lesc_measure_key ((LescMeasure) m);
      g_autofree char *pub = g_strdup_printf ("%s_published", key);
      g_autofree char *diff = g_strdup_printf ("%s_difference", key);
      int cv = csv_column (header, key), cp = csv_column (header, pub), cd = csv_column (header, diff);
      g_assert_cmpint (cp, ==, cv + 2); /* beside the value and its rank */
      g_assert_cmpint (cd, ==, cv + 3);
      for (int r = 1; r <= 3; r++)
        {
          g_auto (GStrv) f = g_strsplit (lines[r], ",", -1);
          double v = g_ascii_strtod (f[cv], NULL), p = g_ascii_strtod (f[cp], NULL);
          double d = g_ascii_strtod (f[cd], NULL);
          g_assert_cmpfloat_with_epsilon (d, v - p, 1e-12);
          if (strcmp (f[1], "lp") == 0)
            g_assert_cmpfloat (fabs (d), <=, 0.0015);
          else if (strcmp (f[1], "km") == 0)
            g_assert_cmpfloat (fabs (d), <=, m == LESC_MEASURE_CHEB ? 0.007 : 0.01);
          else /* ML's published row is reproduced by no public definition */
            g_assert_cmpfloat (fabs (d), >, m == LESC_MEASURE_CLARK ? 0.3 : 0.0);
        }
    }
  /* the published ML row on SJAFFE: Clark 1.519 */
  g_assert_nonnull (strstr (lines[3], ",1.519,"));

  g_auto (Run) text = run ("table", "sjaffe", "--methods", "km,lp,ml", "--kl", "recovered-truth",
                           "--against", "published", "--results", store, NULL);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.err, "0 run(s) computed, 3 reused"));
  g_assert_nonnull (strstr (text.out, "Against the published values: rows 'published' and "
                                      "'difference' (ours − published) from Zheng et al."));
  g_assert_null (strstr (text.out, "No KL differences"));
  g_assert_nonnull (strstr (text.out, "\nKullback-Leibler KL(recovered‖truth) (lower is better)\n"));
  /* SJAFFE's LP Chebyshev: ours 0.107, published 0.107, difference −0.0002 */
  g_assert_nonnull (strstr (text.out, "\n  published      0.214     0.107     0.186\n"));
  g_assert_nonnull (strstr (text.out, "\n  difference   -0.0028   -0.0002   -0.0045\n"));

  /* a data set the program has no published numbers for: no extra rows */
  g_auto (Run) art = run ("table", "sjaffe", "yeast-spo5", "--methods", "lp", "--kl", "recovered-truth",
                          "--against", "published", "--results", store, NULL);
  g_assert_cmpint (art.status, ==, 0);
  g_assert_cmpuint (count_substr (art.out, "\n  published "), ==, LESC_N_MEASURES);

  g_auto (Run) bad = run ("table", "sjaffe", "--against", "paper", "--results", store, NULL);
  assert_fails (&bad, 2, "--against: expected published, got 'paper'");
}

/* ---- shards and merge ------------------------------------------------------------------ */

static void
test_shards (void)
{
  if (!have_data ())
    return;
  g_autofree char *merged = tmp_file ("merged.sqlite");
  guint computed = 0;
  for (int i = 1; i <= 3; i++)
    {
      g_autofree char *name = g_strdup_printf ("shard%d.sqlite", i);
      g_autofree char *path = tmp_file (name);
      g_autofree char *shard = g_strdup_printf ("%d/3", i);
      g_auto (Run) r = run ("table", "sjaffe", "--methods", "fcm,km,lp,ml", "--shard", shard,
                            "--results", path, NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_cmpstr (r.out, ==, "");   /* a shard prints no table */
      g_autofree char *note = g_strdup_printf ("shard %d/3: %d of 4 work units", i, i == 1 ? 2 : 1);
      g_assert_nonnull (strstr (r.err, note));
      computed += (guint) sql_count (path, "SELECT count(*) FROM runs");
      g_auto (Run) m = run ("merge", "--results", merged, path, NULL);
      g_assert_cmpint (m.status, ==, 0);
      g_assert_nonnull (strstr (m.out, "run(s) added, 0 already present"));
    }
  g_assert_cmpuint (computed, ==, 4);
  g_assert_cmpint (sql_count (merged, "SELECT count(*) FROM runs"), ==, 4);
  g_assert_cmpint (duplicate_keys (merged), ==, 0);
  g_auto (Run) all = run ("table", "sjaffe", "--methods", "fcm,km,lp,ml", "--results", merged, NULL);
  g_assert_cmpint (all.status, ==, 0);
  g_assert_nonnull (strstr (all.err, "0 run(s) computed, 4 reused"));
  g_assert_nonnull (strstr (all.out, "average rank"));
}

/* --jobs 2: two work units at a time, each with BLAS on one thread. The test runs under
 * OPENBLAS_NUM_THREADS=1 (tests/meson.build), so the table must equal the one-at-a-time
 * table byte for byte; the data sets differ in size, so the two workers load different
 * data sets at once and finish in an order that is not the units' order. Then a CV of two
 * methods × 4 folds on 2 workers equals the serial CV too. */
static void
test_jobs (void)
{
  if (!have_data ())
    return;
  g_autofree char *one = tmp_file ("jobs-one.sqlite");
  g_autofree char *two = tmp_file ("jobs-two.sqlite");
  const char *methods = "km,lp,ml,glle,lesc";
  g_auto (Run) a = run ("table", "sjaffe", "yeast-spo5", "--methods", methods, "--results", one, NULL);
  g_auto (Run) b = run ("table", "sjaffe", "yeast-spo5", "--methods", methods, "--jobs", "2",
                        "--results", two, NULL);
  g_assert_cmpint (a.status, ==, 0);
  g_assert_cmpint (b.status, ==, 0);
  g_assert_nonnull (strstr (b.err, "10 run(s) computed, 0 reused"));
  g_assert_nonnull (strstr (a.out, "average rank"));
  g_assert_cmpstr (a.out, ==, b.out);
  g_assert_cmpint (sql_count (two, "SELECT count(*) FROM runs"), ==, 10);
  g_assert_cmpint (duplicate_keys (two), ==, 0);
  g_auto (Run) c = run ("cv", "sjaffe", "--methods", "glle,lesc", "--folds", "4", "--results", one, NULL);
  g_auto (Run) d = run ("cv", "sjaffe", "--methods", "glle,lesc", "--folds", "4", "--jobs", "2",
                        "--results", two, NULL);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_cmpint (d.status, ==, 0);
  g_assert_nonnull (strstr (d.err, "8 run(s) computed, 0 reused"));
  g_assert_cmpstr (c.out, ==, d.out);
}

/* ---- cross-validation ------------------------------------------------------------------ */

static void
test_cv (void)
{
  if (!have_data ())
    return;
  g_autofree char *store = tmp_file ("cv.sqlite");
  g_auto (Run) r = run ("cv", "sjaffe", "--folds", "3", "--methods", "glle,glesc", "--variant",
                        "converged", "--ttest", "--format", "csv", "--results", store, NULL);
  g_test_message ("%s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs WHERE folds = 3 AND fold_seed = 5489"), ==, 6);
  g_assert_cmpint (sql_count (store, "SELECT sum(n_rows) FROM runs WHERE method = 'glle'"), ==, 213);
  g_assert_cmpuint (count_substr (r.out, "\nsummary,sjaffe,"), ==, LESC_N_MEASURES * 2);
  g_assert_cmpuint (count_substr (r.out, "\nttest,sjaffe,"), ==, LESC_N_MEASURES);
  /* the t-test of Cosine, recomputed from the stored folds */
  double a[3], b[3];
  for (int f = 0; f < 3; f++)
    {
      g_autofree char *qa = g_strdup_printf ("SELECT cosine FROM runs WHERE method = 'glle' AND fold = %d", f);
      g_autofree char *qb = g_strdup_printf ("SELECT cosine FROM runs WHERE method = 'glesc' AND fold = %d", f);
      a[f] = sql_double (store, qa);
      b[f] = sql_double (store, qb);
    }
  LescTTest t;
  g_assert_true (lesc_stats_paired_ttest (a, b, 3, FALSE, &t, NULL));
  const char *at = strstr (r.out, "ttest,sjaffe,cosine,glle,glesc,,,,");
  g_assert_nonnull (at);
  g_auto (GStrv) f = g_strsplit (at, ",", 12);
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (f[8], NULL), t.t, 1e-6 * MAX (1, fabs (t.t)));
  g_assert_cmpstr (f[9], ==, "2");
  g_assert_cmpfloat_with_epsilon (g_ascii_strtod (f[10], NULL), t.p, 1e-6);

  /* reused the second time; a baseline is refused */
  g_auto (Run) again = run ("cv", "sjaffe", "--folds", "3", "--methods", "glle,glesc", "--variant",
                            "converged", "--results", store, NULL);
  g_assert_cmpint (again.status, ==, 0);
  g_assert_nonnull (strstr (again.err, "0 run(s) computed, 6 reused"));
  g_assert_nonnull (strstr (again.out, " ± "));
  g_auto (Run) km = run ("cv", "sjaffe", "--methods", "km", "--results", store, NULL);
  g_assert_cmpint (km.status, ==, 2);
}

/* ---- Ctrl-C ------------------------------------------------------------------------------ */

static void
test_interrupt (void)
{
  if (!have_data ())
    return;
  g_autofree char *store = tmp_file ("interrupt.sqlite");
  /* 8 × 8 gLESC runs: far longer than the wait below */
  const char *argv[] = { lesc_test_exe (), "grid", "sjaffe", "--method", "glesc", "--results", store, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) child = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                     | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  gint64 n = 0;
  for (int tries = 0; tries < 6000 && n < 2; tries++)
    {
      g_usleep (20000);
      if (!g_file_test (store, G_FILE_TEST_EXISTS))
        continue;
      g_autoptr (LescStore) s = lesc_store_open_existing (store, NULL);
      if (s != NULL)
        n = lesc_store_count (s, NULL);
    }
  g_assert_cmpint (n, >=, 2);
  g_subprocess_send_signal (child, SIGINT);
  g_autofree char *out = NULL, *err = NULL;
  g_assert_true (g_subprocess_communicate_utf8 (child, NULL, NULL, &out, &err, &error));
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_true (g_subprocess_get_if_exited (child));
  g_assert_cmpint (g_subprocess_get_exit_status (child), ==, 130);
  g_assert_nonnull (strstr (err, "run the same command again to resume"));
  g_assert_cmpstr (out, ==, "");

  /* the store is consistent; every stored run is whole */
  g_autoptr (LescStore) s = lesc_store_open (store, &error);
  g_assert_no_error (error);
  g_assert_true (lesc_store_check (s, &error));
  gint64 stored = lesc_store_count (s, NULL);
  g_assert_cmpint (stored, >=, 2);
  g_assert_cmpint (stored, <, 64);
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs WHERE cheb IS NULL OR intersec IS NULL "
                                     "OR n_rows != 213 OR stages NOT LIKE '% le=%' "
                                     "OR (stages NOT LIKE '% tensor=%' "
                                     "AND stages NOT LIKE '% correlation_cached=%')"), ==, 0);
  g_clear_pointer (&s, lesc_store_close);
  /* resume: the first two runs (λ2 = 1e-4, λ1 = 1e-4 and 1e-3) are reused */
  g_auto (Run) resumed = run ("grid", "sjaffe", "--method", "glesc", "--lambda2", "1e-4",
                              "--lambda1", "1e-4,1e-3", "--results", store, "--format", "csv", NULL);
  g_assert_cmpint (resumed.status, ==, 0);
  g_assert_nonnull (strstr (resumed.err, "0 run(s) computed, 2 reused"));
  g_assert_true (g_str_has_prefix (resumed.out, "dataset,method,lambda1,lambda2,cheb,clark,canber,kl,cosine,intersec,params,variant,run\n"
                                                "sjaffe,glesc,0.0001,0.0001,"));
  g_auto (Run) matrix = run ("grid", "sjaffe", "--method", "glesc", "--lambda2", "1e-4", "--lambda1",
                             "1e-4,1e-3", "--results", store, "--format", "csv", "--measure", "kl", NULL);
  g_assert_cmpint (matrix.status, ==, 0);
  g_auto (GStrv) rows = g_strsplit (matrix.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (rows), ==, 4);
  g_assert_cmpstr (rows[0], ==, "lambda1\\lambda2,0.0001");
  g_assert_true (g_str_has_prefix (rows[1], "0.0001,0.0"));
  g_assert_true (g_str_has_prefix (rows[2], "0.001,0.0"));
}

/* ---- usage errors --------------------------------------------------------------------------- */

static void
test_usage (void)
{
  g_autofree char *store = tmp_file ("usage.sqlite");
  const char *const bad[][10] = {
    { "table", "artificial", "--shard", "4/3", "--results", store, NULL },
    { "table", "artificial", "--jobs", "-1", "--results", store, NULL },
    { "table", "artificial", "--jobs", "300", "--results", store, NULL },
    { "table", "artificial", "--methods", "nope", "--results", store, NULL },
    { "table", "artificial", "--param", "lambda9=1", "--results", store, NULL },
    { "table", "artificial", "--select-by", "speed", "--results", store, NULL },
    { "cd", "--format", "latex", "--results", store, NULL },
    { "grid", "artificial", "--method", "km", "--results", store, NULL },
    { "grid", "artificial", "--method", "lesc", "--lambda1", "0,1", "--results", store, NULL },
    { "cv", "artificial", "--folds", "1", "--results", store, NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_auto (Run) r = { 0 };
      r.status = lesc_test_run_argv (bad[i], &r.out, &r.err);
      assert_fails (&r, 2, "");
    }
  g_autofree char *absent = tmp_file ("absent.sqlite");
  g_auto (Run) r = run ("runs", "--results", absent, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_nonnull (strstr (r.err, "no results store"));
  g_assert_false (g_file_test (absent, G_FILE_TEST_EXISTS));
  g_auto (Run) c = run ("cd", "--results", absent, NULL);
  g_assert_cmpint (c.status, ==, 1);
}

/* `lesc plot heatmap DATA --method M`: the grid runs once (64 cells in the store), the
 * figure's table holds every cell, the outlined best is the minimum, and a second figure
 * of another measure computes nothing. */
static void
test_heatmap_of_data (void)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  gsize rows[20];
  for (gsize i = 0; i < 20; i++)
    rows[i] = 130 * i;
  g_autoptr (LescDataset) small = lesc_dataset_new ("small", lesc_matrix_select_rows (art->features, rows, 20),
                                                    lesc_matrix_select_rows (art->truth, rows, 20), NULL);
  g_autofree char *data = g_build_filename (tmp, "small.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_dataset_save_csv_single (small, data, &error));
  g_autofree char *store = g_build_filename (tmp, "heatmap.sqlite", NULL);
  g_autofree char *fig = g_build_filename (tmp, "heatmap.png", NULL);
  g_autofree char *fig_csv = g_build_filename (tmp, "heatmap.csv", NULL);
  g_auto (Run) r = run ("plot", "heatmap", data, "--label-columns", "3", "--method", "glesc", "--measure", "cheb",
                        "--variant", "converged", "--results", store, "-o", fig, "--data", fig_csv, NULL);
  g_test_message ("%s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs"), ==, 64);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (fig_csv, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint cells = 0;
  double best = INFINITY;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      if (lines[i][0] == '#' || lines[i][0] == '\0' || !g_ascii_isdigit (lines[i][0]))
        continue;
      g_auto (GStrv) f = g_strsplit (lines[i], ",", -1);
      g_assert_cmpuint (g_strv_length (f), >=, 3);
      best = fmin (best, g_ascii_strtod (f[2], NULL));
      cells++;
    }
  g_assert_cmpuint (cells, ==, 64);
  g_assert_true (isfinite (best));
  g_auto (Run) again = run ("plot", "heatmap", data, "--label-columns", "3", "--method", "glesc", "--measure",
                            "cosine", "--variant", "converged", "--results", store, "-o", fig, NULL);
  g_assert_cmpint (again.status, ==, 0);
  g_assert_cmpint (sql_count (store, "SELECT count(*) FROM runs"), ==, 64);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmp = g_dir_make_tmp ("lesc-cli-exp-XXXXXX", NULL);
  const char *data = g_getenv ("LESC_TEST_DATASETS");
  if (data != NULL)
    g_setenv ("LESC_DATA_DIR", data, TRUE);
  g_setenv ("LESC_NO_PROGRESS", "1", TRUE);
  g_test_add_func ("/cli-experiments/usage", test_usage);
  g_test_add_func ("/cli-experiments/shards", test_shards);
  g_test_add_func ("/cli-experiments/jobs", test_jobs);
  g_test_add_func ("/cli-experiments/cv", test_cv);
  g_test_add_func ("/cli-experiments/interrupt", test_interrupt);
  g_test_add_func ("/cli-experiments/table-cd", test_table_cd);
  g_test_add_func ("/cli-experiments/against-published", test_against_published);
  g_test_add_func ("/cli-experiments/heatmap-of-data", test_heatmap_of_data);
  int status = g_test_run ();
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmp);
  if (system (cmd) != 0)
    g_printerr ("could not remove %s\n", tmp);
  return status;
}
