/* Jobs around the experiments of src/core (experiment.h): ten-fold cross-validation, the
 * λ₁ × λ₂ grid and the recovery table over data sets. Each worker opens the results store
 * (the default one, as `lesc` uses), so runs done once are reused by the terminal program
 * and the explorer alike. */
#pragma once
#include "core/experiments/experiment.h"
#include "app/data-object.h"
#include "app/job.h"

G_BEGIN_DECLS

/* Output: LescCvResult. */
LescJob *lesc_cv_job_new (LescDataObject *data, const LescMethodSetup *setups, guint n_setups,
                          guint folds, guint32 fold_seed, LescKlDirection kl);
/* Output: LescGrid; `store_only`: the cells the store has, computing none (missing
 * cells empty). */
LescJob *lesc_grid_job_new (LescDataObject *data, const LescMethodSetup *setup,
                            const double *lambda1, guint n1, const double *lambda2, guint n2,
                            LescKlDirection kl, gboolean store_only);
/* Output: LescRecoveryTable of `datasets` (specs) × the methods, λ tuned per data set
 * when `tuned`; `store_only`: look up, compute nothing. */
LescJob *lesc_table_job_new (const char *const *datasets, const char *data_dir,
                             const LescMethodSetup *setups, guint n_setups, gboolean tuned,
                             LescKlDirection kl, gboolean store_only);

/* What an experiment job was asked for (not for method runs). */
LescDataObject        *lesc_experiment_job_get_data (LescJob *job);   /* NULL for tables */
const LescMethodSetup *lesc_experiment_job_get_setups (LescJob *job, guint *n);
LescKlDirection        lesc_experiment_job_get_kl (LescJob *job);
/* A grid job's λ₁ (`which` 1) or λ₂ (2) values. */
const double          *lesc_experiment_job_get_lambdas (LescJob *job, guint which, guint *n);

G_END_DECLS
