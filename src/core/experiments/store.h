/* The results store: one SQLite row per run (recovery or one cross-validation fold).
 *
 * A run is identified by its key: data-set checksum, method, canonical parameter text,
 * seed, variant text, KL direction, and for a CV fold the fold, the number of folds and
 * the fold-assignment seed. A run already stored is reused instead of recomputed; the
 * program version is recorded but is not part of the key (use --recompute after a
 * change that alters results).
 *
 * Safety: WAL journal, every write is one transaction, 10 s busy timeout. Killing the
 * program loses at most the run in progress and never leaves a partial row or a
 * corrupt file. The schema is versioned with PRAGMA user_version. */
#pragma once
#include "core/eval/measures.h"

G_BEGIN_DECLS

#define LESC_STORE_SCHEMA_VERSION 1

typedef struct _LescStore LescStore;

typedef struct {
  /* key */
  char *checksum;        /* data set checksum (sha256 hex) */
  char *method;          /* registry key: "glesc" */
  char *params;          /* canonical text: "lambda1=10 lambda2=0.1" ("" when none) */
  gboolean has_seed;     /* FALSE: the method draws nothing (seed stored as NULL) */
  guint32 seed;
  char *variant;         /* canonical variant text: "reference", "paper", … ("" when none) */
  LescKlDirection kl;
  int fold;              /* 0-based CV fold; −1: a recovery run (fold columns NULL) */
  int folds;             /* number of folds of the CV (ignored when fold < 0) */
  guint32 fold_seed;     /* seed of the fold assignment (ignored when fold < 0) */
  /* description */
  char *dataset;         /* data set name */
  double lambda1;        /* the LE trade-off (λ₁, or GLLE's λ); NAN when not applicable */
  double lambda2;        /* the low-rank coefficient λ₂ (gLESC's β); NAN when not applicable */
  /* results */
  double measures[LESC_N_MEASURES];  /* indexed by LescMeasure */
  guint n_rows;          /* rows the measures are over (all, or the test fold) */
  char *stages;          /* seconds per stage: "correlation=1.234 le=5.678" */
  double seconds;        /* total */
  char *solver;          /* what the solvers report: "correlation_iterations=39
                            le_iterations=170 le_exit=-2 le_objective=12.872" ("" if none) */
  char *version;         /* LESC_VERSION of the program that computed it */
  char *created;         /* ISO 8601 UTC time stamp; set by lesc_store_put when NULL */
  gint64 id;             /* row id (0 before storing) */
} LescRunRecord;

void lesc_run_record_clear (LescRunRecord *r);  /* frees the strings, zeroes */
void lesc_run_record_copy (LescRunRecord *dst, const LescRunRecord *src);
void lesc_run_record_free (LescRunRecord *r);

/* g_get_user_data_dir()/lesc-explorer/results.sqlite */
char *lesc_store_default_path (void);

/* Opens (creating the file, its folder and the schema when missing). `path` NULL: the
 * default path. LESC_ERROR_STORE when the file is not a store or has a newer schema. */
LescStore *lesc_store_open (const char *path, GError **error);
/* The same, but LESC_ERROR_IO when the file does not exist (readers: runs, cd). */
LescStore *lesc_store_open_existing (const char *path, GError **error);
void lesc_store_close (LescStore *s);
const char *lesc_store_path (const LescStore *s);

/* Looks up the run with the key fields of `key`. TRUE and `out` filled (when not NULL;
 * clear it afterwards) when found; FALSE with no error when absent; FALSE with an error
 * when the store fails. */
gboolean lesc_store_lookup (LescStore *s, const LescRunRecord *key, LescRunRecord *out,
                            GError **error);
/* Stores one run in one transaction. An existing run with the same key is kept
 * (`replace` FALSE; returns TRUE) or replaced (`replace` TRUE). Sets r->id (and
 * r->created when NULL). */
gboolean lesc_store_put (LescStore *s, LescRunRecord *r, gboolean replace, GError **error);

typedef enum {
  LESC_RUN_KIND_ALL,
  LESC_RUN_KIND_RECOVERY,
  LESC_RUN_KIND_CV,
} LescRunKind;

/* Filters for lesc_store_query; NULL / negative fields match everything. */
typedef struct {
  const char *dataset;   /* name or checksum prefix */
  const char *method;
  const char *params;    /* exact canonical text */
  const char *variant;
  int kl;                /* LescKlDirection, or −1 */
  LescRunKind kind;
} LescRunFilter;

/* The matching runs (LescRunRecord*, owned by the array) in storage order. */
GPtrArray *lesc_store_query (LescStore *s, const LescRunFilter *filter, GError **error);
/* Number of rows. */
gint64 lesc_store_count (LescStore *s, GError **error);

/* Copies every run of the store at `other_path` that is not already here (same key),
 * in one transaction. The other file is opened read-only and trusted in nothing: its
 * `runs` must be a plain table of the schema's columns, and rows whose values do not
 * have the schema's types and sizes are not copied. `added`, `skipped` (already here)
 * and `invalid` (not runs) may be NULL. */
gboolean lesc_store_merge (LescStore *s, const char *other_path, guint *added, guint *skipped,
                           guint *invalid, GError **error);

/* The checksum of the most recent run of the data set named `name` (case-insensitive),
 * or NULL (no error) when the store has none: lets the readers work without the data. */
char *lesc_store_find_checksum (LescStore *s, const char *name, GError **error);

/* PRAGMA integrity_check; FALSE with the first problem in the error. */
gboolean lesc_store_check (LescStore *s, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescStore, lesc_store_close)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescRunRecord, lesc_run_record_free)

G_END_DECLS
