/* The results store: keys, reuse, replace, queries, merge, schema checks, and a writer
 * killed with SIGKILL in the middle of its loop. */
#include "core/base/error.h"
#include "core/experiments/store.h"
#include "testfiles.h"
#include "testutil.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

static char *tmpdir;
static const char *self_path;

static char *
tmp_path (const char *name)
{
  char *p = g_build_filename (tmpdir, name, NULL);
  g_unlink (p);
  char *wal = g_strconcat (p, "-wal", NULL), *shm = g_strconcat (p, "-shm", NULL);
  g_unlink (wal);
  g_unlink (shm);
  g_free (wal);
  g_free (shm);
  return p;
}

/* Run i of a synthetic sweep: measures are a function of i, so a row can be checked. */
static void
make_run (LescRunRecord *r, int i, int fold)
{
  memset (r, 0, sizeof *r);
  r->checksum = g_strdup_printf ("%064x", i % 3);
  r->dataset = g_strdup_printf ("set%d", i % 3);
  r->method = g_strdup (i % 2 ? "lesc" : "glle");
  r->params = g_strdup_printf ("lambda1=%d lambda2=0.1", i);
  r->lambda1 = i;
  r->lambda2 = 0.1;
  r->has_seed = TRUE;
  r->seed = 5489;
  r->variant = g_strdup ("reference");
  r->kl = LESC_KL_TRUTH_RECOVERED;
  r->fold = fold;
  r->folds = fold >= 0 ? 10 : 0;
  r->fold_seed = fold >= 0 ? 7 : 0;
  for (int m = 0; m < LESC_N_MEASURES; m++)
    r->measures[m] = i + m / 10.0;
  r->n_rows = 100 + i;
  r->stages = g_strdup_printf ("le=%d.5", i);
  r->seconds = i + 0.5;
  r->solver = g_strdup_printf ("le_iterations=%d", i);
}

static gint64
count (LescStore *s)
{
  g_autoptr (GError) error = NULL;
  gint64 n = lesc_store_count (s, &error);
  g_assert_no_error (error);
  return n;
}

static void
test_roundtrip (void)
{
  g_autofree char *path = tmp_path ("roundtrip.sqlite");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) s = lesc_store_open (path, &error);
  g_assert_no_error (error);

  LescRunRecord r;
  make_run (&r, 4, -1);
  r.measures[LESC_MEASURE_KL] = INFINITY; /* +Inf is kept, NaN becomes NULL and back */
  r.measures[LESC_MEASURE_COSINE] = NAN;
  g_assert_true (lesc_store_put (s, &r, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (r.id, >, 0);
  g_assert_nonnull (r.created);
  g_assert_cmpint (count (s), ==, 1);

  LescRunRecord got = { 0 };
  g_assert_true (lesc_store_lookup (s, &r, &got, &error));
  g_assert_no_error (error);
  g_assert_cmpint (got.id, ==, r.id);
  g_assert_cmpstr (got.params, ==, "lambda1=4 lambda2=0.1");
  g_assert_cmpstr (got.dataset, ==, "set1");
  g_assert_cmpfloat (got.measures[LESC_MEASURE_CHEB], ==, 4.0);
  g_assert_true (isinf (got.measures[LESC_MEASURE_KL]) && got.measures[LESC_MEASURE_KL] > 0);
  g_assert_true (isnan (got.measures[LESC_MEASURE_COSINE]));
  g_assert_cmpint (got.fold, ==, -1);
  g_assert_true (got.has_seed);
  g_assert_cmpuint (got.seed, ==, 5489);
  g_assert_cmpuint (got.n_rows, ==, 104);
  g_assert_cmpstr (got.stages, ==, "le=4.5");
  g_assert_cmpstr (got.solver, ==, "le_iterations=4");
  g_assert_cmpstr (got.version, ==, r.version);
  lesc_run_record_clear (&got);

  /* the same key again is not a second row; replace overwrites */
  r.measures[LESC_MEASURE_CHEB] = 99;
  g_autofree char *created = g_strdup (r.created);
  g_assert_true (lesc_store_put (s, &r, FALSE, &error));
  g_assert_cmpint (count (s), ==, 1);
  g_assert_true (lesc_store_lookup (s, &r, &got, &error));
  g_assert_cmpfloat (got.measures[LESC_MEASURE_CHEB], ==, 4.0);
  lesc_run_record_clear (&got);
  g_assert_true (lesc_store_put (s, &r, TRUE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count (s), ==, 1);
  g_assert_true (lesc_store_lookup (s, &r, &got, &error));
  g_assert_cmpfloat (got.measures[LESC_MEASURE_CHEB], ==, 99.0);
  lesc_run_record_clear (&got);

  /* every key field distinguishes runs: fold 0 vs none, no seed vs seed 0, other KL,
   * other variant, other fold seed */
  LescRunRecord v;
  make_run (&v, 4, 0);
  g_assert_false (lesc_store_lookup (s, &v, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (lesc_store_put (s, &v, FALSE, &error));
  v.fold_seed = 8;
  g_assert_true (lesc_store_put (s, &v, FALSE, &error));
  lesc_run_record_clear (&v);
  make_run (&v, 4, -1);
  v.has_seed = FALSE;
  v.seed = 0;
  g_assert_true (lesc_store_put (s, &v, FALSE, &error));
  v.has_seed = TRUE;
  g_assert_true (lesc_store_put (s, &v, FALSE, &error));
  v.kl = LESC_KL_RECOVERED_TRUTH;
  g_assert_true (lesc_store_put (s, &v, FALSE, &error));
  g_free (v.variant);
  v.variant = g_strdup ("converged");
  g_assert_true (lesc_store_put (s, &v, FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (count (s), ==, 7);
  /* a record without seed reads back without seed */
  v.has_seed = FALSE;
  v.kl = LESC_KL_TRUTH_RECOVERED;
  g_free (v.variant);
  v.variant = g_strdup ("reference");
  g_assert_true (lesc_store_lookup (s, &v, &got, &error));
  g_assert_false (got.has_seed);
  lesc_run_record_clear (&got);
  lesc_run_record_clear (&v);

  /* the schema version is recorded */
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_stmt *st;
  sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &st, NULL);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (st, 0), ==, LESC_STORE_SCHEMA_VERSION);
  sqlite3_finalize (st);
  sqlite3_prepare_v2 (db, "PRAGMA journal_mode", -1, &st, NULL);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *) sqlite3_column_text (st, 0), ==, "wal");
  sqlite3_finalize (st);
  sqlite3_close (db);
  lesc_run_record_clear (&r);
}

static void
test_query (void)
{
  g_autofree char *path = tmp_path ("query.sqlite");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) s = lesc_store_open (path, &error);
  g_assert_no_error (error);
  for (int i = 0; i < 6; i++)
    {
      LescRunRecord r;
      make_run (&r, i, i < 4 ? -1 : i - 4);
      g_assert_true (lesc_store_put (s, &r, FALSE, &error));
      lesc_run_record_clear (&r);
    }
  LescRunFilter f = { .kl = -1 };
  g_autoptr (GPtrArray) all = lesc_store_query (s, &f, &error);
  g_assert_cmpuint (all->len, ==, 6);
  f.kind = LESC_RUN_KIND_CV;
  g_autoptr (GPtrArray) cv = lesc_store_query (s, &f, &error);
  g_assert_cmpuint (cv->len, ==, 2);
  g_assert_cmpint (((LescRunRecord *) cv->pdata[1])->fold, ==, 1);
  g_assert_cmpint (((LescRunRecord *) cv->pdata[1])->folds, ==, 10);
  g_assert_cmpuint (((LescRunRecord *) cv->pdata[1])->fold_seed, ==, 7);
  f.kind = LESC_RUN_KIND_RECOVERY;
  f.method = "LESC";     /* case-insensitive */
  g_autoptr (GPtrArray) lesc = lesc_store_query (s, &f, &error);
  g_assert_cmpuint (lesc->len, ==, 2); /* runs 1 and 3 */
  f.method = NULL;
  f.kind = LESC_RUN_KIND_ALL;
  f.dataset = "SET0";   /* runs 0 and 3 */
  g_autoptr (GPtrArray) set0 = lesc_store_query (s, &f, &error);
  g_assert_cmpuint (set0->len, ==, 2);
  f.dataset = "0000";   /* checksum prefix: every run */
  g_autoptr (GPtrArray) prefix = lesc_store_query (s, &f, &error);
  g_assert_cmpuint (prefix->len, ==, 6);
  f.dataset = NULL;
  f.kl = LESC_KL_RECOVERED_TRUTH;
  g_autoptr (GPtrArray) none = lesc_store_query (s, &f, &error);
  g_assert_cmpuint (none->len, ==, 0);
  g_assert_no_error (error);

  g_autofree char *sum = lesc_store_find_checksum (s, "Set2", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (sum, ==, "0000000000000000000000000000000000000000000000000000000000000002");
  g_autofree char *nothing = lesc_store_find_checksum (s, "absent", &error);
  g_assert_no_error (error);
  g_assert_null (nothing);
}

static void
fill (const char *path, int from, int to)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) s = lesc_store_open (path, &error);
  g_assert_no_error (error);
  for (int i = from; i < to; i++)
    {
      LescRunRecord r;
      make_run (&r, i, -1);
      g_assert_true (lesc_store_put (s, &r, FALSE, &error));
      lesc_run_record_clear (&r);
    }
}

static gint64
distinct_keys (const char *path)
{
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  sqlite3_stmt *st;
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM (SELECT DISTINCT checksum, method, params, "
                                       "seed, variant, kl_direction, fold, folds, fold_seed FROM runs)",
                                       -1, &st, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (st), ==, SQLITE_ROW);
  gint64 n = sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  sqlite3_close (db);
  return n;
}

static void
test_merge (void)
{
  g_autofree char *a = tmp_path ("a.sqlite");
  g_autofree char *b = tmp_path ("b.sqlite");
  fill (a, 0, 5);   /* runs 0..4 */
  fill (b, 3, 9);   /* runs 3..8: 3 and 4 in both */
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) s = lesc_store_open (a, &error);
  guint added = 0, skipped = 0;
  g_assert_true (lesc_store_merge (s, b, &added, &skipped, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (added, ==, 4);
  g_assert_cmpuint (skipped, ==, 2);
  g_assert_cmpint (count (s), ==, 9);
  /* again: nothing new */
  g_assert_true (lesc_store_merge (s, b, &added, &skipped, NULL, &error));
  g_assert_cmpuint (added, ==, 0);
  g_assert_cmpuint (skipped, ==, 6);
  g_assert_cmpint (count (s), ==, 9);
  g_assert_cmpint (distinct_keys (a), ==, 9);
  /* the merged rows carry their values */
  LescRunRecord r, got = { 0 };
  make_run (&r, 8, -1);
  g_assert_true (lesc_store_lookup (s, &r, &got, &error));
  g_assert_cmpfloat (got.measures[LESC_MEASURE_INTERSEC], ==, 8.5);
  g_assert_cmpstr (got.stages, ==, "le=8.5");
  lesc_run_record_clear (&r);
  lesc_run_record_clear (&got);
  g_assert_true (lesc_store_check (s, &error));

  /* a missing file is an error, and the store is unchanged */
  g_autofree char *missing = tmp_path ("missing.sqlite");
  g_assert_false (lesc_store_merge (s, missing, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_IO);
  g_assert_false (g_file_test (missing, G_FILE_TEST_EXISTS));
  g_assert_cmpint (count (s), ==, 9);
}

static void
test_bad_files (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = tmp_path ("text.sqlite");
  g_assert_true (g_file_set_contents (text, "this is not a database, just some text to read\n", -1, NULL));
  g_assert_null (lesc_store_open (text, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_STORE);
  g_assert_nonnull (strstr (error->message, text));
  g_clear_error (&error);

  /* another SQLite database */
  g_autofree char *other = tmp_path ("other.sqlite");
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (other, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE t (x)", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_null (lesc_store_open (other, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_STORE);
  g_assert_nonnull (strstr (error->message, "not a LESC results store"));
  g_clear_error (&error);

  /* a newer schema */
  g_autofree char *newer = tmp_path ("newer.sqlite");
  fill (newer, 0, 1);
  g_assert_cmpint (sqlite3_open (newer, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_assert_null (lesc_store_open (newer, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_STORE);
  g_assert_nonnull (strstr (error->message, "99"));
  g_clear_error (&error);

  /* readers do not create */
  g_autofree char *absent = tmp_path ("absent.sqlite");
  g_assert_null (lesc_store_open_existing (absent, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_IO);
  g_assert_false (g_file_test (absent, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  /* the folder is created */
  g_autofree char *nested = g_build_filename (tmpdir, "deep", "er", "results.sqlite", NULL);
  g_autoptr (LescStore) s = lesc_store_open (nested, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (nested, G_FILE_TEST_IS_REGULAR));

  g_autofree char *def = lesc_store_default_path ();
  g_assert_true (g_str_has_suffix (def, "lesc-explorer/results.sqlite"));
}

/* The child: write runs forever (one transaction each) until killed. */
static int
writer_main (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) s = lesc_store_open (path, &error);
  if (s == NULL)
    return 3;
  for (int i = 0;; i++)
    {
      LescRunRecord r;
      make_run (&r, i, -1);
      g_free (r.stages);
      /* a long text column: a torn write would show */
      r.stages = g_strnfill (2000 + i % 100, 'a' + i % 26);
      if (!lesc_store_put (s, &r, FALSE, &error))
        return 4;
      lesc_run_record_clear (&r);
    }
  return 0;
}

/* Another child: runs k·1000 … k·1000 + 49, then exit. */
static int
batch_writer_main (const char *path, int k)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) s = lesc_store_open (path, &error);
  if (s == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 3;
    }
  for (int i = 0; i < 50; i++)
    {
      LescRunRecord r;
      make_run (&r, k * 1000 + i, -1);
      gboolean ok = lesc_store_put (s, &r, FALSE, &error);
      lesc_run_record_clear (&r);
      if (!ok)
        {
          g_printerr ("%s\n", error->message);
          return 4;
        }
    }
  return 0;
}

/* Four programs create and fill one new store at the same time (GNU parallel on one
 * machine with a shared --results): the schema is made once, no write is lost. */
static void
test_concurrent_writers (void)
{
  g_autofree char *path = tmp_path ("shared.sqlite");
  GSubprocess *child[4];
  for (int k = 0; k < 4; k++)
    {
      g_autofree char *arg = g_strdup_printf ("%d", k);
      const char *argv[] = { self_path, "--batch-writer", path, arg, NULL };
      g_autoptr (GError) error = NULL;
      child[k] = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_NONE, &error);
      g_assert_no_error (error);
    }
  for (int k = 0; k < 4; k++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_true (g_subprocess_wait (child[k], NULL, &error));
      g_assert_true (g_subprocess_get_if_exited (child[k]));
      g_assert_cmpint (g_subprocess_get_exit_status (child[k]), ==, 0);
      g_object_unref (child[k]);
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStore) s = lesc_store_open_existing (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count (s), ==, 200);
  g_assert_cmpint (distinct_keys (path), ==, 200);
  g_assert_true (lesc_store_check (s, &error));

  /* a reader never turns an empty file into a store */
  g_autofree char *empty = tmp_path ("empty.sqlite");
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_assert_null (lesc_store_open_existing (empty, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_STORE);
  g_clear_error (&error);
  g_autoptr (LescStore) created = lesc_store_open (empty, &error);
  g_assert_no_error (error);
  g_assert_cmpint (count (created), ==, 0);
}

static void
test_killed_writer (void)
{
  g_autofree char *path = tmp_path ("killed.sqlite");
  g_autoptr (GError) error = NULL;
  const char *argv[] = { self_path, "--writer", path, NULL };
  g_autoptr (GSubprocess) child = g_subprocess_newv (argv, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  /* wait until it has written a good number of runs, then kill it mid-loop */
  gint64 n = 0;
  for (int tries = 0; tries < 2000 && n < 200; tries++)
    {
      g_usleep (5000);
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      g_autoptr (LescStore) s = lesc_store_open_existing (path, NULL);
      if (s != NULL)
        n = lesc_store_count (s, NULL);
    }
  g_assert_cmpint (n, >=, 200);
  g_subprocess_force_exit (child);  /* SIGKILL */
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  g_assert_false (g_subprocess_get_if_exited (child));
  g_assert_cmpint (g_subprocess_get_term_sig (child), ==, 9);

  g_autoptr (LescStore) s = lesc_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_true (lesc_store_check (s, &error));
  g_assert_no_error (error);
  LescRunFilter f = { .kl = -1 };
  g_autoptr (GPtrArray) runs = lesc_store_query (s, &f, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (runs->len, >=, 200);
  /* runs 0..N−1, each complete */
  for (guint k = 0; k < runs->len; k++)
    {
      LescRunRecord *r = runs->pdata[k];
      int i = (int) k;
      g_autofree char *params = g_strdup_printf ("lambda1=%d lambda2=0.1", i);
      g_assert_cmpstr (r->params, ==, params);
      for (int m = 0; m < LESC_N_MEASURES; m++)
        g_assert_cmpfloat (r->measures[m], ==, i + m / 10.0);
      g_assert_cmpuint (r->n_rows, ==, 100 + i);
      g_assert_cmpuint (strlen (r->stages), ==, 2000 + i % 100);
      g_assert_true (r->stages[0] == 'a' + i % 26 && r->stages[1999] == 'a' + i % 26);
      g_assert_nonnull (r->created);
      g_assert_nonnull (r->version);
    }
  g_assert_cmpint (distinct_keys (path), ==, runs->len);
  /* and it takes new runs */
  LescRunRecord r;
  make_run (&r, 100000, -1);
  g_assert_true (lesc_store_put (s, &r, FALSE, &error));
  g_assert_no_error (error);
  lesc_run_record_clear (&r);
}

/* Run `sql` on the SQLite file at `path` with the sqlite3 API (building hostile stores). */
static void
run_sql (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  char *msg = NULL;
  if (sqlite3_exec (db, sql, NULL, NULL, &msg) != SQLITE_OK)
    g_error ("%s: %s", sql, msg);
  sqlite3_close (db);
}

static char *
file_sha256 (const char *path)
{
  g_autofree char *data = NULL;
  gsize n = 0;
  g_assert_true (g_file_get_contents (path, &data, &n, NULL));
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, n);
}

static void
test_hostile_merge (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *a = tmp_path ("target.sqlite");
  fill (a, 0, 2);
  g_autoptr (LescStore) s = lesc_store_open (a, &error);
  g_assert_no_error (error);

  /* rows of the wrong types and sizes are counted and not copied; the good ones are */
  g_autofree char *b = tmp_path ("typed.sqlite");
  fill (b, 10, 13);
  run_sql (b, "PRAGMA journal_mode = DELETE;"
              "UPDATE runs SET cheb = 'text' WHERE lambda1 = 10;"
              "UPDATE runs SET checksum = zeroblob(32) WHERE lambda1 = 11;"
              "INSERT INTO runs (checksum, dataset, method, params, variant, kl_direction, "
              "  n_rows, stages, seconds, solver, version, created) VALUES ('ab', 'x', 'lesc', "
              "  '', '', 'truth-recovered', -5, '', 1, '', '', '');"
              "INSERT INTO runs (checksum, dataset, method, params, variant, kl_direction, "
              "  n_rows, stages, seconds, solver, version, created) VALUES ('cd', "
              "  hex(zeroblob(5000)), 'lesc', '', '', 'truth-recovered', 1, '', 1, '', '', '');");
  g_autofree char *before = file_sha256 (b);
  guint added = 0, skipped = 0, invalid = 0;
  g_assert_true (lesc_store_merge (s, b, &added, &skipped, &invalid, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (added, ==, 1);   /* lambda1 = 12 */
  g_assert_cmpuint (skipped, ==, 0);
  g_assert_cmpuint (invalid, ==, 4); /* text measure, blob checksum, n_rows < 0, long name */
  g_assert_cmpint (count (s), ==, 3);
  /* the merged file was opened read-only: not a byte changed, no journal mode switched */
  g_autofree char *after = file_sha256 (b);
  g_assert_cmpstr (before, ==, after);

  /* 'runs' as a view, as a table with a generated column, or lacking columns: refused */
  const char *const tables[] = {
    "CREATE TABLE t (id INTEGER); CREATE VIEW runs AS SELECT * FROM t;",
    "CREATE TABLE runs (id INTEGER PRIMARY KEY, checksum TEXT, dataset TEXT, method TEXT, "
    "params TEXT, lambda1 REAL, lambda2 REAL, seed INTEGER, variant TEXT, kl_direction TEXT, "
    "fold INTEGER, folds INTEGER, fold_seed INTEGER, cheb REAL, clark REAL, canber REAL, "
    "kl REAL, cosine REAL, intersec REAL, n_rows INTEGER, stages TEXT, seconds REAL, "
    "solver TEXT, version TEXT, created TEXT AS (hex(zeroblob(100000000))));",
    "CREATE TABLE runs (id INTEGER PRIMARY KEY, checksum TEXT);",
  };
  for (guint k = 0; k < G_N_ELEMENTS (tables); k++)
    {
      g_autofree char *name = g_strdup_printf ("hostile-%u.sqlite", k);
      g_autofree char *h = tmp_path (name);
      g_autofree char *sql = g_strdup_printf ("%s PRAGMA user_version = %d;", tables[k],
                                              LESC_STORE_SCHEMA_VERSION);
      run_sql (h, sql);
      g_assert_false (lesc_store_merge (s, h, NULL, NULL, NULL, &error));
      lesc_test_assert_error (error, LESC_ERROR_STORE, h, "not a results store",
                              "plain table", NULL);
      g_clear_error (&error);
      g_assert_cmpint (count (s), ==, 3);
    }

  /* a value larger than any run's is refused, not loaded */
  g_autofree char *big = tmp_path ("big.sqlite");
  fill (big, 20, 21);
  run_sql (big, "UPDATE runs SET solver = hex(zeroblob(2000000));");
  g_assert_false (lesc_store_merge (s, big, NULL, NULL, NULL, &error));
  lesc_test_assert_error (error, LESC_ERROR_STORE, a, "too big", NULL);
  g_clear_error (&error);
  g_assert_cmpint (count (s), ==, 3);
  g_assert_true (lesc_store_check (s, &error));
}

int
main (int argc, char **argv)
{
  if (argc == 3 && strcmp (argv[1], "--writer") == 0)
    return writer_main (argv[2]);
  if (argc == 4 && strcmp (argv[1], "--batch-writer") == 0)
    return batch_writer_main (argv[2], atoi (argv[3]));
  self_path = argv[0];
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lesc-store-XXXXXX", NULL);
  g_test_add_func ("/store/roundtrip", test_roundtrip);
  g_test_add_func ("/store/query", test_query);
  g_test_add_func ("/store/merge", test_merge);
  g_test_add_func ("/store/bad-files", test_bad_files);
  g_test_add_func ("/store/hostile-merge", test_hostile_merge);
  g_test_add_func ("/store/concurrent-writers", test_concurrent_writers);
  g_test_add_func ("/store/killed-writer", test_killed_writer);
  int status = g_test_run ();
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
  if (system (cmd) != 0)
    g_printerr ("could not remove %s\n", tmpdir);
  return status;
}
