/* Experiments over the results store: the recovery table (with λ tuning), ten-fold
 * cross-validation and the λ₁/λ₂ sensitivity grid (docs/methods.md §10).
 *
 * Each experiment is a fixed, ordered list of work units (a unit computes one or more
 * runs: one recovery run, one CV fold, or every λ₁ of one λ₂ for LESC/gLESC, which
 * share the correlation step). The list depends only on the options, so shard I of N
 * (units k with k mod N = I − 1) is the same on every machine. Runs already in the
 * store are reused; every computed run is stored at once in its own transaction, so an
 * interrupted experiment resumes where it stopped. */
#pragma once
#include "core/base/format.h"
#include "core/methods/runcache.h"
#include "core/eval/measures.h"
#include "core/experiments/store.h"
#include "core/data/open.h"

G_BEGIN_DECLS

/* ---- shards ------------------------------------------------------------------------ */

typedef struct {
  guint index;  /* 0-based */
  guint count;  /* 0 or 1: everything */
} LescShard;

/* "I/N" with 1 ≤ I ≤ N. */
gboolean lesc_shard_parse (const char *text, LescShard *out, GError **error);
gboolean lesc_shard_owns (const LescShard *s, guint unit);

/* ---- folds ------------------------------------------------------------------------- */

/* fold[i] ∈ 0..folds−1 for sample i: a seeded Fisher–Yates permutation (MT19937,
 * j = ⌊u·(i + 1)⌋ for i = n−1..1); the sample at permuted position q goes to fold
 * q mod folds. Fold sizes differ by at most one. 2 ≤ folds ≤ n. */
guint *lesc_fold_assign (gsize n, guint folds, guint32 seed);
/* The rows of fold `fold` (test) and the others (train), each in increasing order; the
 * caller allocates n of each. */
void lesc_fold_rows (gsize n, guint folds, guint32 seed, guint fold, gsize *train,
                     gsize *n_train, gsize *test, gsize *n_test);

/* ---- runs -------------------------------------------------------------------------- */

/* A method with everything a run of it depends on. */
typedef struct {
  const LescMethod *method;
  LescRunParams params;
} LescMethodSetup;

/* "lambda1=10 lambda2=0.1": every parameter in spec order, shortest round-trip values. */
char *lesc_run_params_text (const LescMethod *m, const LescRunParams *p);
/* The variant options that apply to the method, space-separated ("" when none):
 * "reference", "converged c-orientation=paper", "flavour=published", "flavour=pyldl", …
 * (the flavour `paper` writes nothing: see experiment.c) */
char *lesc_run_variant_text (const LescMethod *m, const LescRunParams *p);
/* What a result file records of the run that made it, as key, value, key, value, …, NULL
 * (free with g_strfreev): data set, data_checksum, method, every parameter, seed and
 * variant options where they apply, lesc_version. */
char **lesc_run_settings (const LescDataset *ds, const LescMethod *m, const LescRunParams *p);

/* "artificial" and the 13 benchmarks in the paper's table order; NULL-terminated. */
extern const char *const lesc_known_datasets[];
/* Default data sets: "artificial" and each of the 13 benchmarks found in `data_dir`
 * (then $LESC_DATA_DIR), in the paper's order. */
GPtrArray *lesc_default_datasets (const char *data_dir);
/* The default parameter grids of --tune (the paper's protocol) and of `lesc grid`. */
extern const double lesc_tune_lambda12[6];   /* 1e-4 … 10: LESC/gLESC λ₁ and λ₂ */
extern const double lesc_tune_lambda_glle[5];/* 0.01 … 100: GLLE λ */
extern const double lesc_grid_default[8];    /* 1e-4 … 1e3 */

/* ---- options and counts ------------------------------------------------------------ */

typedef struct {
  LescStore *store;          /* required */
  const char *data_dir;      /* name lookups (may be NULL) */
  const LescOpenOptions *open; /* how files are read (CSV label columns, renormalize);
                                  NULL: the defaults. Its data_dir, when set, wins. */
  LescKlDirection kl;
  gboolean recompute;        /* compute even when stored; replace the stored runs */
  gboolean store_only;       /* compute nothing: runs not in the store stay missing */
  LescShard shard;
  LescProgress *progress;    /* may be NULL */
  LescRunCache *cache;       /* what GLLE/LESC/gLESC runs share (runcache.h); NULL: the
                                experiment keeps its own while it runs */
  guint jobs;                /* > 1: that many units at once, each with BLAS on one thread
                                (and its own cache; `cache` is then not used). Results then
                                equal a one-unit run's under OPENBLAS_NUM_THREADS=1, which
                                GLLE/LESC/gLESC may differ from in the third decimal
                                (docs/speed.md, "Units in parallel"). 0, 1: one at a time */
} LescExperimentOptions;

typedef struct {
  guint units;               /* all units of the experiment */
  guint units_in_shard;
  guint runs_computed;
  guint runs_reused;
  guint runs_missing;        /* not computed: other shards, store_only, failures */
  GPtrArray *failures;       /* messages of runs that failed (char*); the others went on */
  GPtrArray *notes;          /* choices about the data to say once (char*, naming the data) */
} LescExperimentCounts;

void lesc_experiment_counts_clear (LescExperimentCounts *c);

/* ---- the recovery table (Table 3) ------------------------------------------------- */

typedef struct {
  gboolean enabled;
  int select_by;             /* LescMeasure, or −1: best average rank over the six */
} LescTuning;

typedef struct {
  guint n_datasets, n_methods;
  char **datasets;           /* names (as given) */
  char **checksums;          /* NULL where the data set and the store were silent */
  const LescMethod **methods;
  LescRunRecord *cells;      /* [d·n_methods + m]; id == 0 when missing. Tuned: the
                                selected run (its params text says which) */
  LescTuning tuning;
} LescRecoveryTable;

/* datasets: specs (names or paths, "artificial"). When store_only, a data set that
 * cannot be opened is looked up by name in the store. Errors only for bad input,
 * unreadable data or the store; failed runs go to counts->failures. G_IO_ERROR_CANCELLED
 * when cancelled (the runs finished so far are stored). */
LescRecoveryTable *lesc_recovery_table (const char *const *datasets, guint n_datasets,
                                        const LescMethodSetup *methods, guint n_methods,
                                        const LescTuning *tuning,
                                        const LescExperimentOptions *options,
                                        LescExperimentCounts *counts, GError **error);
void lesc_recovery_table_free (LescRecoveryTable *t);
/* N×k (data sets × methods, column-major) values of one measure; NaN when missing. */
LescMatrix *lesc_recovery_table_values (const LescRecoveryTable *t, LescMeasure m);

/* Among `n` runs, the index of the best one: by one measure (`select_by` ≥ 0, the
 * measure's direction) or by the lowest mean of the six per-measure mid-ranks
 * (`select_by` −1). Ties: the first. Runs with a NaN measure are chosen last. */
guint lesc_select_best (const LescRunRecord *const *runs, guint n, int select_by);

/* ---- ten-fold cross-validation (Tables 4 and 5) ----------------------------------- */

typedef struct {
  guint n_datasets, n_methods, folds;
  guint32 fold_seed;
  char **datasets;
  char **checksums;
  const LescMethod **methods;
  LescRunRecord *cells;      /* [(d·n_methods + m)·folds + f]; id == 0 when missing */
} LescCvResult;

/* Methods must have a mapping (GLLE, LESC, gLESC). */
LescCvResult *lesc_cross_validate (const char *const *datasets, guint n_datasets,
                                   const LescMethodSetup *methods, guint n_methods,
                                   guint folds, guint32 fold_seed,
                                   const LescExperimentOptions *options,
                                   LescExperimentCounts *counts, GError **error);
void lesc_cv_result_free (LescCvResult *r);
/* The fold values of one data set, method and measure (folds entries; NaN missing). */
void lesc_cv_fold_values (const LescCvResult *r, guint dataset, guint method, LescMeasure m,
                          double *out);
/* Mean and standard deviation (divisor folds − 1) over the folds; NaN when a fold is
 * missing. */
void lesc_cv_summary (const LescCvResult *r, guint dataset, guint method, LescMeasure m,
                      double *mean, double *std);

/* ---- the λ₁ × λ₂ grid (sensitivity figures) -------------------------------------- */

typedef struct {
  char *dataset;
  char *checksum;
  const LescMethod *method;
  guint n1, n2;
  double *lambda1, *lambda2;
  LescRunRecord *cells;      /* [i2·n1 + i1]; id == 0 when missing */
} LescGrid;

/* A method with parameters lambda1 and lambda2 whose correlation step depends on λ₂
 * only (LESC, gLESC): |λ₂| correlation steps and |λ₁|·|λ₂| LE steps. One unit per λ₂. */
LescGrid *lesc_grid_run (const char *dataset, const LescMethodSetup *method,
                         const double *lambda1, guint n1, const double *lambda2, guint n2,
                         const LescExperimentOptions *options, LescExperimentCounts *counts,
                         GError **error);
void lesc_grid_free (LescGrid *g);
/* The order in which to fill a strip of λ values (positive) in the background: nearest to
 * `current` first on a log scale, ties to the smaller value. `order` receives n indices. */
void lesc_grid_nearest_first (const double *values, guint n, double current, guint *order);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescRecoveryTable, lesc_recovery_table_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescCvResult, lesc_cv_result_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescGrid, lesc_grid_free)

G_END_DECLS
