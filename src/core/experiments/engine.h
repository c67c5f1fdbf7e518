/* The experiment engine, private to src/core/experiments: an experiment is a fixed list
 * of work units over data sets; the engine looks runs up in the store, computes the
 * missing ones (each stored at once) and hands the records back to table.c, cv.c and
 * grid.c. */
#pragma once
#include "core/experiments/experiment.h"

G_BEGIN_DECLS

typedef struct {
  char *spec;
  char *name;
  char *checksum;   /* NULL: unknown (store_only, data absent, store silent) */
  gsize n;
} DataInfo;

typedef struct {
  LescRunRecord *rec;     /* key and results; points into the caller's arrays */
  LescRunParams params;
  gboolean have;          /* found in the store or computed (and stored) */
  gsize kl_rows;          /* rows the KL mean is over, when fewer than all (else 0) */
} Run;

typedef enum {
  UNIT_RECOVER,  /* one recovery run through the registry */
  UNIT_SHARED,   /* LESC/gLESC: runs of one λ₂ (one correlation step through the cache) */
  UNIT_FOLD,     /* one CV fold */
} UnitKind;

typedef struct {
  UnitKind kind;
  guint data;
  const LescMethodSetup *setup;
  int fold;
  guint folds;
  guint32 fold_seed;
  GArray *runs;           /* Run */
  double cost;
} Unit;

typedef struct {
  const LescExperimentOptions *o;
  LescExperimentCounts *counts;   /* the caller's, or own_counts */
  LescExperimentCounts own_counts;
  GPtrArray *infos;       /* DataInfo* */
  GPtrArray *units;       /* Unit* */
  /* the data set being computed on */
  guint loaded_index;
  LescDataset *ds;
  LescMatrix *xz;         /* z-scored features, made on demand */
  LescRunCache *cache;    /* the options' cache or own_cache */
  LescRunCache *own_cache;
  GMutex *lock;           /* units in parallel (options.jobs > 1): guards the store, the
                             counts, the progress and data set loading; NULL: one at a time */
} Engine;

/* The options (a store, at least one data set) and every method setup. */
gboolean lesc_engine_check (const LescExperimentOptions *o, guint n_datasets,
                            const LescMethodSetup *methods, guint n_methods, GError **error);
/* `counts` NULL: the engine keeps its own. */
void lesc_engine_init (Engine *e, const LescExperimentOptions *o, LescExperimentCounts *counts);
void lesc_engine_clear (Engine *e);
gboolean lesc_engine_add_datasets (Engine *e, const char *const *specs, guint n, GError **error);
Unit * lesc_engine_add_unit (Engine *e, UnitKind kind, guint data, const LescMethodSetup *s, int fold, guint folds, guint32 fold_seed);
void lesc_engine_unit_add_run (Engine *e, Unit *u, LescRunRecord *rec, const LescRunParams *p);
/* Looks every run up, computes this shard's missing ones, counts and marks (id 0, NaN
 * measures) those still missing. */
gboolean lesc_engine_run (Engine *e, GError **error);
/* For the result: the data sets' names and checksums, the methods of the setups. */
void lesc_engine_copy_names (Engine *e, char ***names, char ***checksums);
const LescMethod **lesc_engine_methods (const LescMethodSetup *methods, guint n);
void lesc_engine_free_names (char **datasets, char **checksums, guint n, const LescMethod **methods);
void lesc_engine_free_records (LescRunRecord *recs, gsize n);
gboolean lesc_engine_is_correlation_method (const LescMethod *m);

G_END_DECLS
