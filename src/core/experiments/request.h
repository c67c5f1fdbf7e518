/* An experiment asked for by a front end: the recovery table over data sets, the ten-fold
 * cross-validation or the λ₁ × λ₂ grid, with everything it needs copied in, so that it can
 * run on a worker thread (core/base/task.h). The run opens the results store itself (the
 * default one unless a path is given), so runs done once are reused by `lesc` and both
 * explorers alike. */
#pragma once
#include "core/experiments/experiment.h"

G_BEGIN_DECLS

typedef enum {
  LESC_EXPERIMENT_TABLE,   /* output LescRecoveryTable */
  LESC_EXPERIMENT_CV,      /* output LescCvResult */
  LESC_EXPERIMENT_GRID,    /* output LescGrid */
} LescExperimentKind;

#define LESC_EXPERIMENT_MAX_SETUPS 16

typedef struct {
  LescExperimentKind kind;
  GStrv datasets;                  /* specs; one for CV and the grid */
  char *data_dir;                  /* name lookups (may be NULL) */
  gsize label_columns;             /* how a single CSV file is read */
  guint open_flags;                /* LescValidateFlags */
  gsize logical_columns;           /* the rest of LescOpenOptions (open.h): a data set is */
  gboolean logical;                /* read again with the options it was opened with */
  LescCsvOptions csv;
  char *store_path;                /* NULL: the default store */
  LescMethodSetup setups[LESC_EXPERIMENT_MAX_SETUPS];
  guint n_setups;
  guint folds;                     /* CV */
  guint32 fold_seed;
  double *lambda1, *lambda2;       /* grid */
  guint n1, n2;
  LescKlDirection kl;
  gboolean store_only;             /* look up only, compute nothing (table, grid) */
  gboolean tuned;                  /* table: λ tuned per data set */
  LescRunCache *cache;             /* grid: what it shares with other runs (borrowed; the
                                    * caller keeps it alive; NULL: none) */
} LescExperimentRequest;

/* Read the data sets as `open` says (data_dir copied). */
void lesc_experiment_request_set_open (LescExperimentRequest *r, const LescOpenOptions *open);

/* `setups` beyond LESC_EXPERIMENT_MAX_SETUPS are left out. */
LescExperimentRequest *lesc_experiment_request_new_table (const char *const *datasets,
                                                          const LescMethodSetup *setups,
                                                          guint n_setups, gboolean store_only);
LescExperimentRequest *lesc_experiment_request_new_cv (const char *dataset,
                                                       const LescMethodSetup *setups,
                                                       guint n_setups, guint folds,
                                                       guint32 fold_seed);
LescExperimentRequest *lesc_experiment_request_new_grid (const char *dataset,
                                                         const LescMethodSetup *setup,
                                                         const double *lambda1, guint n1,
                                                         const double *lambda2, guint n2);
void lesc_experiment_request_free (LescExperimentRequest *r);

/* Run it (a LescTaskFunc): the output of its kind, or NULL with the error. Single runs that
 * fail do not stop an experiment; when every run failed the first failure is the error. */
gpointer lesc_experiment_request_run (gpointer request, LescProgress *progress, GError **error);
/* How to free the output of a request of `kind`. */
GDestroyNotify lesc_experiment_output_free_func (LescExperimentKind kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescExperimentRequest, lesc_experiment_request_free)

G_END_DECLS
