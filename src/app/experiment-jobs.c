#include "config.h"
#include "app/experiment-jobs.h"
#include "app/result.h"

#include "core/experiments/request.h"

#include <glib/gi18n.h>
#include <string.h>

/* The core's request (core/experiments/request.h) and the data set in the window when
 * it was asked (CV, grid). */
typedef struct {
  LescExperimentRequest *request;
  LescDataObject *data;
} ExperimentInput;

static void
experiment_input_free (ExperimentInput *in)
{
  lesc_experiment_request_free (in->request);
  g_clear_object (&in->data);
  g_free (in);
}

static gpointer
experiment_work (gpointer input, LescProgress *progress, GError **error)
{
  return lesc_experiment_request_run (((ExperimentInput *) input)->request, progress, error);
}

/* The request reads the window's data set as its file was read. */
static ExperimentInput *
input_new (LescExperimentRequest *r, LescDataObject *data, LescKlDirection kl)
{
  ExperimentInput *in = g_new0 (ExperimentInput, 1);
  in->request = r;
  r->kl = kl;
  if (data != NULL)
    {
      in->data = g_object_ref (data);
      LescOpenOptions open;
      lesc_data_object_get_open_options (data, &open);
      lesc_experiment_request_set_open (r, &open);
    }
  return in;
}

LescJob *
lesc_cv_job_new (LescDataObject *data, const LescMethodSetup *setups, guint n_setups, guint folds,
                 guint32 fold_seed, LescKlDirection kl)
{
  ExperimentInput *in = input_new (lesc_experiment_request_new_cv (lesc_data_object_get_spec (data), setups,
                                                                   n_setups, folds, fold_seed),
                                   data, kl);
  /* TRANSLATORS: a job title: "10-fold cross-validation on sjaffe" */
  g_autofree char *title = g_strdup_printf (_("%u-fold cross-validation on %s"), folds,
                                            lesc_data_object_get_name (data));
  return lesc_job_new (LESC_JOB_KIND_CV, title, experiment_work, in,
                       (GDestroyNotify) experiment_input_free, (GDestroyNotify) lesc_cv_result_free);
}

LescJob *
lesc_grid_job_new (LescDataObject *data, const LescMethodSetup *setup, const double *lambda1,
                   guint n1, const double *lambda2, guint n2, LescKlDirection kl, gboolean store_only)
{
  LescExperimentRequest *r = lesc_experiment_request_new_grid (lesc_data_object_get_spec (data), setup, lambda1,
                                                               n1, lambda2, n2);
  r->store_only = store_only;
  r->cache = lesc_app_run_cache ();   /* the grid shares the explorer's cache with its runs */
  ExperimentInput *in = input_new (r, data, kl);
  /* TRANSLATORS: a job title: "λ grid of gLESC on sjaffe" */
  g_autofree char *title = g_strdup_printf (_("λ grid of %s on %s"), setup->method->display_name,
                                            lesc_data_object_get_name (data));
  return lesc_job_new (LESC_JOB_KIND_GRID, title, experiment_work, in,
                       (GDestroyNotify) experiment_input_free, (GDestroyNotify) lesc_grid_free);
}

LescJob *
lesc_table_job_new (const char *const *datasets, const char *data_dir, const LescMethodSetup *setups,
                    guint n_setups, gboolean tuned, LescKlDirection kl, gboolean store_only)
{
  LescExperimentRequest *r = lesc_experiment_request_new_table (datasets, setups, n_setups, store_only);
  r->data_dir = data_dir != NULL && data_dir[0] != '\0' ? g_strdup (data_dir) : NULL;
  r->tuned = tuned;
  ExperimentInput *in = input_new (r, NULL, kl);
  guint n = g_strv_length ((char **) datasets);
  g_autofree char *title = store_only
    ? g_strdup (_("Reading the results store"))
    : tuned
    /* TRANSLATORS: a job title */
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Recovery on %u data set, λ tuned",
                                    "Recovery on %u data sets, λ tuned", n), n)
    /* TRANSLATORS: a job title */
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Recovery on %u data set, defaults",
                                    "Recovery on %u data sets, defaults", n), n);
  return lesc_job_new (LESC_JOB_KIND_OTHER, title, experiment_work, in,
                       (GDestroyNotify) experiment_input_free,
                       (GDestroyNotify) lesc_recovery_table_free);
}

LescDataObject *
lesc_experiment_job_get_data (LescJob *job)
{
  if (lesc_job_get_kind (job) == LESC_JOB_KIND_RUN)
    return NULL;
  ExperimentInput *in = lesc_job_get_input (job);
  return in->data;
}

const LescMethodSetup *
lesc_experiment_job_get_setups (LescJob *job, guint *n)
{
  LescExperimentRequest *r = ((ExperimentInput *) lesc_job_get_input (job))->request;
  *n = r->n_setups;
  return r->setups;
}

const double *
lesc_experiment_job_get_lambdas (LescJob *job, guint which, guint *n)
{
  LescExperimentRequest *r = ((ExperimentInput *) lesc_job_get_input (job))->request;
  *n = which == 1 ? r->n1 : r->n2;
  return which == 1 ? r->lambda1 : r->lambda2;
}

LescKlDirection
lesc_experiment_job_get_kl (LescJob *job)
{
  return ((ExperimentInput *) lesc_job_get_input (job))->request->kl;
}
