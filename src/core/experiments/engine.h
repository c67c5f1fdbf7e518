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
  LescExperimentCounts *counts;
  GPtrArray *infos;       /* DataInfo* */
  GPtrArray *units;       /* Unit* */
  /* the data set being computed on */
  guint loaded_index;
  LescDataset *ds;
  LescMatrix *xz;         /* z-scored features, made on demand */
  LescRunCache *cache;    /* the options' cache or own_cache */
  LescRunCache *own_cache;
} Engine;

gboolean lesc_engine_check_options (const LescExperimentOptions *o, guint n_datasets, GError **error);
gboolean lesc_engine_check_setup (const LescMethodSetup *s, GError **error);
void lesc_engine_copy_names (Engine *e, char ***names, char ***checksums);
gboolean lesc_engine_add_datasets (Engine *e, const char *const *specs, guint n, GError **error);
Unit * lesc_engine_add_unit (Engine *e, UnitKind kind, guint data, const LescMethodSetup *s, int fold, guint folds, guint32 fold_seed);
void lesc_engine_clear (Engine *e);
gboolean lesc_engine_compute (Engine *e, GError **error);
void lesc_engine_count_missing (Engine *e);
void lesc_engine_init (Engine *e, const LescExperimentOptions *o, LescExperimentCounts *counts);
gboolean lesc_engine_lookup (Engine *e, GError **error);
void lesc_engine_free_names (char **datasets, char **checksums, guint n, const LescMethod **methods);
void lesc_engine_free_records (LescRunRecord *recs, gsize n);
gboolean lesc_engine_is_correlation_method (const LescMethod *m);
void lesc_engine_mark_missing (Engine *e);
void lesc_engine_set_param (const LescMethod *m, LescRunParams *p, const char *name, double v);
void lesc_engine_unit_add_run (Engine *e, Unit *u, LescRunRecord *rec, const LescRunParams *p);

G_END_DECLS
