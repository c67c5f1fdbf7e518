/* The results store in SQLite (see store.h). */
#include "config.h"
#include "core/experiments/store.h"
#include "core/base/error.h"

#include <math.h>
#include <sqlite3.h>
#include <string.h>

struct _LescStore {
  sqlite3 *db;
  char *path;
};

/* Every column but id, in the order the statements bind and read them. */
#define COLUMNS                                                                      \
  "checksum, dataset, method, params, lambda1, lambda2, seed, variant, kl_direction, " \
  "fold, folds, fold_seed, cheb, clark, canber, kl, cosine, intersec, n_rows, "        \
  "stages, seconds, solver, version, created"

#define KEY_WHERE                                                                    \
  "checksum = ?1 AND method = ?2 AND params = ?3 AND ifnull(seed, -1) = ?4 AND "       \
  "variant = ?5 AND kl_direction = ?6 AND ifnull(fold, -1) = ?7 AND "                  \
  "ifnull(folds, 0) = ?8 AND ifnull(fold_seed, -1) = ?9"

static const char schema_sql[] =
  "CREATE TABLE runs ("
  "  id INTEGER PRIMARY KEY,"
  "  checksum TEXT NOT NULL,"
  "  dataset TEXT NOT NULL,"
  "  method TEXT NOT NULL,"
  "  params TEXT NOT NULL,"
  "  lambda1 REAL,"
  "  lambda2 REAL,"
  "  seed INTEGER,"
  "  variant TEXT NOT NULL,"
  "  kl_direction TEXT NOT NULL,"
  "  fold INTEGER,"
  "  folds INTEGER,"
  "  fold_seed INTEGER,"
  "  cheb REAL, clark REAL, canber REAL, kl REAL, cosine REAL, intersec REAL,"
  "  n_rows INTEGER NOT NULL,"
  "  stages TEXT NOT NULL,"
  "  seconds REAL NOT NULL,"
  "  solver TEXT NOT NULL,"
  "  version TEXT NOT NULL,"
  "  created TEXT NOT NULL);"
  "CREATE UNIQUE INDEX runs_key ON runs (checksum, method, params, ifnull(seed, -1), variant,"
  "  kl_direction, ifnull(fold, -1), ifnull(folds, 0), ifnull(fold_seed, -1));"
  "CREATE INDEX runs_dataset ON runs (dataset, method);";

/* ---- records ---------------------------------------------------------------------- */

void
lesc_run_record_clear (LescRunRecord *r)
{
  g_free (r->checksum);
  g_free (r->method);
  g_free (r->params);
  g_free (r->variant);
  g_free (r->dataset);
  g_free (r->stages);
  g_free (r->solver);
  g_free (r->version);
  g_free (r->created);
  memset (r, 0, sizeof *r);
}

void
lesc_run_record_copy (LescRunRecord *dst, const LescRunRecord *src)
{
  *dst = *src;
  dst->checksum = g_strdup (src->checksum);
  dst->method = g_strdup (src->method);
  dst->params = g_strdup (src->params);
  dst->variant = g_strdup (src->variant);
  dst->dataset = g_strdup (src->dataset);
  dst->stages = g_strdup (src->stages);
  dst->solver = g_strdup (src->solver);
  dst->version = g_strdup (src->version);
  dst->created = g_strdup (src->created);
}

void
lesc_run_record_free (LescRunRecord *r)
{
  if (r == NULL)
    return;
  lesc_run_record_clear (r);
  g_free (r);
}

/* ---- helpers ---------------------------------------------------------------------- */

static gboolean
fail (LescStore *s, const char *what, GError **error)
{
  g_set_error (error, LESC_ERROR, LESC_ERROR_STORE, "%s: %s: %s", s->path, what,
               sqlite3_errmsg (s->db));
  return FALSE;
}

static gboolean
exec (LescStore *s, const char *sql, GError **error)
{
  char *msg = NULL;
  if (sqlite3_exec (s->db, sql, NULL, NULL, &msg) != SQLITE_OK)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_STORE, "%s: %s", s->path,
                   msg ? msg : sqlite3_errmsg (s->db));
      sqlite3_free (msg);
      return FALSE;
    }
  return TRUE;
}

static sqlite3_stmt *
prepare (LescStore *s, const char *sql, GError **error)
{
  sqlite3_stmt *st = NULL;
  if (sqlite3_prepare_v2 (s->db, sql, -1, &st, NULL) != SQLITE_OK)
    {
      fail (s, "cannot prepare a statement", error);
      return NULL;
    }
  return st;
}

static void
rollback (LescStore *s)
{
  if (!sqlite3_get_autocommit (s->db))
    sqlite3_exec (s->db, "ROLLBACK", NULL, NULL, NULL);
}

static gint64
pragma_int (LescStore *s, const char *sql, gboolean *ok)
{
  sqlite3_stmt *st = NULL;
  gint64 v = 0;
  *ok = sqlite3_prepare_v2 (s->db, sql, -1, &st, NULL) == SQLITE_OK
        && sqlite3_step (st) == SQLITE_ROW;
  if (*ok)
    v = sqlite3_column_int64 (st, 0);
  sqlite3_finalize (st);
  return v;
}

static void
bind_text (sqlite3_stmt *st, int i, const char *v)
{
  sqlite3_bind_text (st, i, v ? v : "", -1, SQLITE_TRANSIENT);
}

static void
bind_real_or_null (sqlite3_stmt *st, int i, double v)
{
  if (isnan (v))
    sqlite3_bind_null (st, i);
  else
    sqlite3_bind_double (st, i, v);
}

static double
column_real (sqlite3_stmt *st, int i)
{
  return sqlite3_column_type (st, i) == SQLITE_NULL ? NAN : sqlite3_column_double (st, i);
}

static char *
column_text (sqlite3_stmt *st, int i)
{
  return g_strdup ((const char *) sqlite3_column_text (st, i));
}

static void
bind_key (sqlite3_stmt *st, const LescRunRecord *k)
{
  bind_text (st, 1, k->checksum);
  bind_text (st, 2, k->method);
  bind_text (st, 3, k->params);
  sqlite3_bind_int64 (st, 4, k->has_seed ? (gint64) k->seed : -1);
  bind_text (st, 5, k->variant);
  bind_text (st, 6, lesc_kl_direction_key (k->kl));
  sqlite3_bind_int64 (st, 7, k->fold >= 0 ? k->fold : -1);
  sqlite3_bind_int64 (st, 8, k->fold >= 0 ? k->folds : 0);
  sqlite3_bind_int64 (st, 9, k->fold >= 0 ? (gint64) k->fold_seed : -1);
}

/* Reads the columns of COLUMNS starting at `first` (id is column first − 1). */
static void
read_record (sqlite3_stmt *st, int first, LescRunRecord *r)
{
  int c = first;
  memset (r, 0, sizeof *r);
  r->id = sqlite3_column_int64 (st, first - 1);
  r->checksum = column_text (st, c++);
  r->dataset = column_text (st, c++);
  r->method = column_text (st, c++);
  r->params = column_text (st, c++);
  r->lambda1 = column_real (st, c++);
  r->lambda2 = column_real (st, c++);
  r->has_seed = sqlite3_column_type (st, c) != SQLITE_NULL;
  r->seed = (guint32) sqlite3_column_int64 (st, c++);
  r->variant = column_text (st, c++);
  const char *kl = (const char *) sqlite3_column_text (st, c++);
  LescKlDirection dir = LESC_KL_TRUTH_RECOVERED;
  if (kl != NULL)
    lesc_kl_direction_from_string (kl, &dir);
  r->kl = dir;
  gboolean has_fold = sqlite3_column_type (st, c) != SQLITE_NULL;
  r->fold = has_fold ? sqlite3_column_int (st, c) : -1;
  c++;
  r->folds = has_fold ? sqlite3_column_int (st, c) : 0;
  c++;
  r->fold_seed = has_fold ? (guint32) sqlite3_column_int64 (st, c) : 0;
  c++;
  for (int m = 0; m < LESC_N_MEASURES; m++)
    r->measures[m] = column_real (st, c++);
  r->n_rows = (guint) sqlite3_column_int64 (st, c++);
  r->stages = column_text (st, c++);
  r->seconds = sqlite3_column_double (st, c++);
  r->solver = column_text (st, c++);
  r->version = column_text (st, c++);
  r->created = column_text (st, c++);
}

/* ---- opening ---------------------------------------------------------------------- */

char *
lesc_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "lesc-explorer", "results.sqlite", NULL);
}

/* 0: no schema yet (an empty database); 1: the current schema; −1: something else (the
 * error says what). */
static int
schema_state (LescStore *s, GError **error)
{
  gboolean ok;
  gint64 version = pragma_int (s, "PRAGMA user_version", &ok);
  if (!ok)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_STORE, "%s: not a results store (%s)",
                   s->path, sqlite3_errmsg (s->db));
      return -1;
    }
  if (version > LESC_STORE_SCHEMA_VERSION)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_STORE,
                   "%s: schema version %" G_GINT64_FORMAT " is newer than this program's (%d); "
                   "use a newer lesc", s->path, version, LESC_STORE_SCHEMA_VERSION);
      return -1;
    }
  gint64 tables = pragma_int (s, "SELECT count(*) FROM sqlite_master", &ok);
  gint64 runs = pragma_int (s, "SELECT count(*) FROM sqlite_master WHERE name = 'runs'", &ok);
  if (version == LESC_STORE_SCHEMA_VERSION && runs == 1)
    return 1;
  if (version == 0 && tables == 0)
    return 0;
  g_set_error (error, LESC_ERROR, LESC_ERROR_STORE,
               "%s: an SQLite file that is not a LESC results store (no 'runs' table at "
               "schema version %d)", s->path, LESC_STORE_SCHEMA_VERSION);
  return -1;
}

/* Creates the schema when the database is empty (`create`), under the write lock: two
 * programs opening a new store at once create it once. Only the answer "the schema is
 * there" is taken without the lock: the unlocked reads of user_version and of the table
 * list can straddle another program's creation of the schema. */
static gboolean
ensure_schema (LescStore *s, gboolean create, GError **error)
{
  if (schema_state (s, NULL) == 1)
    return TRUE;
  if (!exec (s, "BEGIN IMMEDIATE", error))
    return FALSE;
  int state = schema_state (s, error);
  if (state == 0 && !create)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_STORE, "%s: an empty file, not a results store",
                   s->path);
      state = -1;
    }
  else if (state == 0)
    {
      g_autofree char *sql = g_strdup_printf ("%s PRAGMA user_version = %d;", schema_sql,
                                              LESC_STORE_SCHEMA_VERSION);
      if (!exec (s, sql, error))
        state = -1;
    }
  if (state < 0 || !exec (s, "COMMIT", error))
    {
      rollback (s);
      return FALSE;
    }
  return TRUE;
}

/* A connection that trusts nothing in the file: no schema code (views, triggers,
 * generated columns) runs functions with side effects, the schema cannot be written by
 * SQL, and a URI given to ATTACH is understood (lesc_store_merge). */
static LescStore *
connect (const char *path, int flags, GError **error)
{
  LescStore *s = g_new0 (LescStore, 1);
  s->path = g_strdup (path);
  /* a plain path is never read as a URI: only ATTACH is given one */
  g_autofree char *name = g_str_has_prefix (path, "file:") ? g_strconcat ("./", path, NULL)
                                                           : g_strdup (path);
  if (sqlite3_open_v2 (name, &s->db, flags | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_URI, NULL)
      != SQLITE_OK)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot open the results store: %s",
                   path, s->db ? sqlite3_errmsg (s->db) : "out of memory");
      lesc_store_close (s);
      return NULL;
    }
  sqlite3_busy_timeout (s->db, 10000);
  sqlite3_extended_result_codes (s->db, 1);
  sqlite3_db_config (s->db, SQLITE_DBCONFIG_DEFENSIVE, 1, NULL);
  sqlite3_db_config (s->db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, NULL);
  return s;
}

/* A store to read only (lesc_store_merge's other store): nothing is written to it. */
static LescStore *
store_open_readonly (const char *path, GError **error)
{
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: no such file", path);
      return NULL;
    }
  LescStore *s = connect (path, SQLITE_OPEN_READONLY, error);
  if (s != NULL && !ensure_schema (s, FALSE, error))
    g_clear_pointer (&s, lesc_store_close);
  return s;
}

static LescStore *
store_open (const char *path, gboolean create, GError **error)
{
  g_autofree char *def = path == NULL ? lesc_store_default_path () : NULL;
  if (path == NULL)
    path = def;
  if (!create && !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO,
                   "%s: no results store there (run 'lesc table' first, or give --results FILE)",
                   path);
      return NULL;
    }
  if (create)
    {
      g_autofree char *dir = g_path_get_dirname (path);
      if (g_mkdir_with_parents (dir, 0755) != 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot create the folder %s",
                       path, dir);
          return NULL;
        }
    }
  LescStore *s = connect (path, SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0), error);
  if (s == NULL)
    return NULL;
  if (!ensure_schema (s, create, error))
    {
      lesc_store_close (s);
      return NULL;
    }
  /* WAL: readers never block the writer, a killed writer leaves the file consistent.
   * synchronous = NORMAL is durable across a process kill (not a power loss, which
   * may lose the last transactions but never corrupts). */
  if (!exec (s, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", error))
    {
      lesc_store_close (s);
      return NULL;
    }
  return s;
}

LescStore *
lesc_store_open (const char *path, GError **error)
{
  return store_open (path, TRUE, error);
}

LescStore *
lesc_store_open_existing (const char *path, GError **error)
{
  return store_open (path, FALSE, error);
}

void
lesc_store_close (LescStore *s)
{
  if (s == NULL)
    return;
  if (s->db != NULL)
    sqlite3_close_v2 (s->db);
  g_free (s->path);
  g_free (s);
}

const char *
lesc_store_path (const LescStore *s)
{
  return s->path;
}

/* ---- reading and writing ---------------------------------------------------------- */

gboolean
lesc_store_lookup (LescStore *s, const LescRunRecord *key, LescRunRecord *out, GError **error)
{
  sqlite3_stmt *st = prepare (s, "SELECT id, " COLUMNS " FROM runs WHERE " KEY_WHERE, error);
  if (st == NULL)
    return FALSE;
  bind_key (st, key);
  int rc = sqlite3_step (st);
  gboolean found = rc == SQLITE_ROW;
  if (found && out != NULL)
    read_record (st, 1, out);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    fail (s, "cannot read a run", error);
  sqlite3_finalize (st);
  return found;
}

static char *
now_iso8601 (void)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  return g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

gboolean
lesc_store_put (LescStore *s, LescRunRecord *r, gboolean replace, GError **error)
{
  if (r->checksum == NULL || r->method == NULL || r->dataset == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: a run needs a data set checksum, name and method", s->path);
      return FALSE;
    }
  if (r->created == NULL)
    r->created = now_iso8601 ();
  if (r->version == NULL)
    r->version = g_strdup (LESC_VERSION);

  g_autofree char *sql = g_strdup_printf ("INSERT OR %s INTO runs (" COLUMNS ") VALUES (?1, ?11, "
                                          "?2, ?3, ?12, ?13, ?4, ?5, ?6, ?7, ?8, ?9, ?14, ?15, ?16, "
                                          "?17, ?18, ?19, ?20, ?21, ?22, ?25, ?23, ?24)",
                                          replace ? "REPLACE" : "IGNORE");
  /* the key takes ?1..?9 (as in KEY_WHERE), the other columns ?11..?25 */
  sqlite3_stmt *st = prepare (s, sql, error);
  if (st == NULL)
    return FALSE;
  bind_key (st, r);
  bind_text (st, 11, r->dataset);
  bind_real_or_null (st, 12, r->lambda1);
  bind_real_or_null (st, 13, r->lambda2);
  /* the key binds "-1" for absent seed/fold values; the columns want NULL there */
  if (!r->has_seed)
    sqlite3_bind_null (st, 4);
  if (r->fold < 0)
    {
      sqlite3_bind_null (st, 7);
      sqlite3_bind_null (st, 8);
      sqlite3_bind_null (st, 9);
    }
  for (int m = 0; m < LESC_N_MEASURES; m++)
    bind_real_or_null (st, 14 + m, r->measures[m]);
  sqlite3_bind_int64 (st, 20, r->n_rows);
  bind_text (st, 21, r->stages);
  sqlite3_bind_double (st, 22, r->seconds);
  bind_text (st, 23, r->version);
  bind_text (st, 24, r->created);
  bind_text (st, 25, r->solver);

  gboolean ok = exec (s, "BEGIN IMMEDIATE", error);
  if (ok && sqlite3_step (st) != SQLITE_DONE)
    ok = fail (s, "cannot store a run", error);
  sqlite3_finalize (st);
  if (ok)
    {
      if (sqlite3_changes (s->db) > 0)
        r->id = sqlite3_last_insert_rowid (s->db);
      else
        {
          LescRunRecord existing = { 0 };
          if (lesc_store_lookup (s, r, &existing, NULL))
            r->id = existing.id;
          lesc_run_record_clear (&existing);
        }
      ok = exec (s, "COMMIT", error);
    }
  if (!ok)
    rollback (s);
  return ok;
}

GPtrArray *
lesc_store_query (LescStore *s, const LescRunFilter *f, GError **error)
{
  GString *sql = g_string_new ("SELECT id, " COLUMNS " FROM runs WHERE 1");
  if (f != NULL && f->dataset != NULL)
    g_string_append (sql, " AND (dataset = ?1 COLLATE NOCASE OR checksum LIKE ?1 || '%')");
  if (f != NULL && f->method != NULL)
    g_string_append (sql, " AND method = ?2 COLLATE NOCASE");
  if (f != NULL && f->params != NULL)
    g_string_append (sql, " AND params = ?3");
  if (f != NULL && f->variant != NULL)
    g_string_append (sql, " AND variant = ?4");
  if (f != NULL && f->kl >= 0)
    g_string_append (sql, " AND kl_direction = ?5");
  if (f != NULL && f->kind == LESC_RUN_KIND_RECOVERY)
    g_string_append (sql, " AND fold IS NULL");
  if (f != NULL && f->kind == LESC_RUN_KIND_CV)
    g_string_append (sql, " AND fold IS NOT NULL");
  g_string_append (sql, " ORDER BY id");
  sqlite3_stmt *st = prepare (s, sql->str, error);
  g_string_free (sql, TRUE);
  if (st == NULL)
    return NULL;
  if (f != NULL)
    {
      if (f->dataset != NULL)
        bind_text (st, 1, f->dataset);
      if (f->method != NULL)
        bind_text (st, 2, f->method);
      if (f->params != NULL)
        bind_text (st, 3, f->params);
      if (f->variant != NULL)
        bind_text (st, 4, f->variant);
      if (f->kl >= 0)
        bind_text (st, 5, lesc_kl_direction_key ((LescKlDirection) f->kl));
    }
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) lesc_run_record_free);
  int rc;
  while ((rc = sqlite3_step (st)) == SQLITE_ROW)
    {
      LescRunRecord *r = g_new0 (LescRunRecord, 1);
      read_record (st, 1, r);
      g_ptr_array_add (out, r);
    }
  if (rc != SQLITE_DONE)
    {
      fail (s, "cannot list the runs", error);
      g_ptr_array_unref (out);
      out = NULL;
    }
  sqlite3_finalize (st);
  return out;
}

gint64
lesc_store_count (LescStore *s, GError **error)
{
  gboolean ok;
  gint64 n = pragma_int (s, "SELECT count(*) FROM runs", &ok);
  if (!ok)
    {
      fail (s, "cannot count the runs", error);
      return -1;
    }
  return n;
}

/* A row of another store that is a run: the types and sizes the schema means (a hostile
 * or damaged file may hold anything; SQLite's column types are only affinities). */
#define VALID_RUN                                                                          \
  "typeof(checksum) = 'text' AND length(checksum) BETWEEN 1 AND 256 AND "                  \
  "typeof(dataset) = 'text' AND length(dataset) BETWEEN 1 AND 4096 AND "                   \
  "typeof(method) = 'text' AND length(method) BETWEEN 1 AND 256 AND "                      \
  "typeof(params) = 'text' AND length(params) <= 4096 AND "                                \
  "typeof(variant) = 'text' AND length(variant) <= 256 AND "                               \
  "kl_direction IN ('truth-recovered', 'recovered-truth') AND "                            \
  "typeof(lambda1) IN ('real', 'integer', 'null') AND "                                    \
  "typeof(lambda2) IN ('real', 'integer', 'null') AND "                                    \
  "(seed IS NULL OR (typeof(seed) = 'integer' AND seed BETWEEN 0 AND 4294967295)) AND "    \
  "(fold IS NULL OR (typeof(fold) = 'integer' AND typeof(folds) = 'integer' AND "          \
  "  typeof(fold_seed) = 'integer' AND fold >= 0 AND fold < folds AND folds <= 1000000 "   \
  "  AND fold_seed BETWEEN 0 AND 4294967295)) AND "                                        \
  "typeof(cheb) IN ('real', 'integer', 'null') AND "                                       \
  "typeof(clark) IN ('real', 'integer', 'null') AND "                                      \
  "typeof(canber) IN ('real', 'integer', 'null') AND "                                     \
  "typeof(kl) IN ('real', 'integer', 'null') AND "                                         \
  "typeof(cosine) IN ('real', 'integer', 'null') AND "                                     \
  "typeof(intersec) IN ('real', 'integer', 'null') AND "                                   \
  "typeof(n_rows) = 'integer' AND n_rows BETWEEN 0 AND 4294967295 AND "                    \
  "typeof(seconds) IN ('real', 'integer') AND "                                            \
  "typeof(stages) = 'text' AND length(stages) <= 4096 AND "                                \
  "typeof(solver) = 'text' AND length(solver) <= 4096 AND "                                \
  "typeof(version) = 'text' AND length(version) <= 256 AND "                               \
  "typeof(created) = 'text' AND length(created) <= 256"

/* The other store's `runs` must be a plain table (not a view or virtual table) holding
 * every column as a stored one (no generated columns: they would run the file's code). */
static gboolean
check_other_table (LescStore *s, const char *other_path, GError **error)
{
  sqlite3_stmt *st = prepare (s, "SELECT sql FROM other.sqlite_master WHERE type = 'table' "
                                 "AND name = 'runs'", error);
  if (st == NULL)
    return FALSE;
  const char *sql = sqlite3_step (st) == SQLITE_ROW ? (const char *) sqlite3_column_text (st, 0) : NULL;
  gboolean plain = sql != NULL && g_ascii_strncasecmp (sql, "CREATE TABLE", 12) == 0;
  sqlite3_finalize (st);
  guint found = 0;
  if (plain && (st = prepare (s, "PRAGMA other.table_xinfo(runs)", error)) != NULL)
    {
      g_auto (GStrv) wanted = g_strsplit (COLUMNS, ", ", -1);
      while (sqlite3_step (st) == SQLITE_ROW)
        {
          const char *name = (const char *) sqlite3_column_text (st, 1);
          if (sqlite3_column_int (st, 6) != 0)
            plain = FALSE; /* hidden or generated */
          for (guint k = 0; name != NULL && wanted[k] != NULL; k++)
            found += g_ascii_strcasecmp (wanted[k], name) == 0;
        }
      sqlite3_finalize (st);
      plain = plain && found == g_strv_length (wanted);
    }
  else if (plain)
    return FALSE;
  if (!plain)
    g_set_error (error, LESC_ERROR, LESC_ERROR_STORE,
                 "%s: not a results store (its 'runs' is not a plain table with the columns of "
                 "schema version %d)", other_path, LESC_STORE_SCHEMA_VERSION);
  return plain;
}

static gint64
count_other (LescStore *s, const char *where, GError **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT count(*) FROM other.runs%s%s",
                                          where ? " WHERE " : "", where ? where : "");
  sqlite3_stmt *st = prepare (s, sql, error);
  if (st == NULL)
    return -1;
  gint64 n = sqlite3_step (st) == SQLITE_ROW ? sqlite3_column_int64 (st, 0) : -1;
  if (n < 0)
    fail (s, "cannot read the store to merge", error);
  sqlite3_finalize (st);
  return n;
}

gboolean
lesc_store_merge (LescStore *s, const char *other_path, guint *added, guint *skipped,
                  guint *invalid, GError **error)
{
  /* open it on its own first, read-only: checks that it is a store of a known schema */
  g_autoptr (LescStore) other = store_open_readonly (other_path, error);
  if (other == NULL)
    return FALSE;
  g_clear_pointer (&other, lesc_store_close);

  /* attached read-only: the file to merge is never written */
  g_autofree char *abs = g_canonicalize_filename (other_path, NULL);
  g_autofree char *escaped = g_uri_escape_string (abs, "/", FALSE);
  g_autofree char *uri = g_strdup_printf ("file:%s?mode=ro", escaped);
  sqlite3_stmt *st = prepare (s, "ATTACH DATABASE ?1 AS other", error);
  if (st == NULL)
    return FALSE;
  bind_text (st, 1, uri);
  int rc = sqlite3_step (st);
  sqlite3_finalize (st);
  if (rc != SQLITE_DONE)
    return fail (s, "cannot attach the store to merge", error);
  /* no value of a run comes near this; a larger one is refused, not loaded */
  int old_length = sqlite3_limit (s->db, SQLITE_LIMIT_LENGTH, 1 << 20);
  gint64 total = -1, valid = -1, n = 0;
  gboolean ok = check_other_table (s, other_path, error)
                && (total = count_other (s, NULL, error)) >= 0
                && (valid = count_other (s, VALID_RUN, error)) >= 0
                && exec (s, "BEGIN IMMEDIATE; INSERT OR IGNORE INTO main.runs (" COLUMNS ") "
                            "SELECT " COLUMNS " FROM other.runs WHERE " VALID_RUN " ORDER BY id",
                         error);
  if (ok)
    n = sqlite3_changes (s->db);
  if (ok)
    ok = exec (s, "COMMIT", error);
  if (!ok)
    rollback (s);
  sqlite3_limit (s->db, SQLITE_LIMIT_LENGTH, old_length);
  exec (s, "DETACH DATABASE other", NULL);
  if (ok)
    {
      if (added != NULL)
        *added = (guint) n;
      if (skipped != NULL)
        *skipped = (guint) (valid - n);
      if (invalid != NULL)
        *invalid = (guint) (total - valid);
    }
  return ok;
}

char *
lesc_store_find_checksum (LescStore *s, const char *name, GError **error)
{
  sqlite3_stmt *st = prepare (s, "SELECT checksum FROM runs WHERE dataset = ?1 COLLATE NOCASE "
                                 "ORDER BY id DESC LIMIT 1", error);
  if (st == NULL)
    return NULL;
  bind_text (st, 1, name);
  char *out = NULL;
  int rc = sqlite3_step (st);
  if (rc == SQLITE_ROW)
    out = column_text (st, 0);
  else if (rc != SQLITE_DONE)
    fail (s, "cannot read a run", error);
  sqlite3_finalize (st);
  return out;
}

gboolean
lesc_store_check (LescStore *s, GError **error)
{
  sqlite3_stmt *st = prepare (s, "PRAGMA integrity_check", error);
  if (st == NULL)
    return FALSE;
  gboolean ok = sqlite3_step (st) == SQLITE_ROW;
  if (!ok)
    fail (s, "integrity check failed to run", error);
  else if (g_strcmp0 ((const char *) sqlite3_column_text (st, 0), "ok") != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_STORE, "%s: integrity check: %s", s->path,
                   sqlite3_column_text (st, 0));
      ok = FALSE;
    }
  sqlite3_finalize (st);
  return ok;
}
