#include "config.h"
#include "app/experiment-jobs.h"
#include "app/result.h"

#include "core/base/error.h"
#include "core/data/open.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  LescJobKind kind;
  GStrv datasets;
  char *data_dir;
  LescMethodSetup setups[16];
  guint n_setups;
  guint folds;
  guint32 fold_seed;
  double *lambda1, *lambda2;
  guint n1, n2;
  LescKlDirection kl;
  gboolean tuned;
  gboolean store_only;
  LescDataObject *data;     /* the data set in the window when asked (CV, grid) */
  LescOpenOptions open;     /* how its file was read */
} ExperimentInput;

static void
experiment_input_free (ExperimentInput *in)
{
  g_strfreev (in->datasets);
  g_free (in->data_dir);
  g_free (in->lambda1);
  g_free (in->lambda2);
  g_clear_object (&in->data);
  g_free (in);
}

static gboolean
init_options (ExperimentInput *in, LescExperimentOptions *o, LescProgress *progress, GError **error)
{
  memset (o, 0, sizeof *o);
  o->store = lesc_store_open (NULL, error);
  if (o->store == NULL)
    return FALSE;
  o->data_dir = in->data_dir;
  o->open = &in->open;
  o->kl = in->kl;
  o->store_only = in->store_only;
  o->progress = progress;
  /* a grid shares the explorer's cache with its runs (and the λ strip) */
  o->cache = in->lambda1 != NULL ? lesc_app_run_cache () : NULL;
  return TRUE;
}

/* Failures of single runs do not stop an experiment; they are reported with the output. */
static gboolean
check_counts (LescExperimentCounts *counts, GError **error)
{
  if (counts->failures != NULL && counts->failures->len > 0 && counts->runs_computed + counts->runs_reused == 0)
    {
      g_set_error_literal (error, LESC_ERROR, LESC_ERROR_NUMERIC, g_ptr_array_index (counts->failures, 0));
      return FALSE;
    }
  return TRUE;
}

static gpointer
experiment_work (gpointer input, LescProgress *progress, GError **error)
{
  ExperimentInput *in = input;
  LescExperimentOptions o;
  if (!init_options (in, &o, progress, error))
    return NULL;
  LescExperimentCounts counts = { 0 };
  gpointer out = NULL;
  switch (in->kind)
    {
    case LESC_JOB_KIND_CV:
      out = lesc_cross_validate ((const char *const *) in->datasets, 1, in->setups, in->n_setups,
                                 in->folds, in->fold_seed, &o, &counts, error);
      break;
    case LESC_JOB_KIND_GRID:
      out = lesc_grid_run (in->datasets[0], &in->setups[0], in->lambda1, in->n1, in->lambda2,
                           in->n2, &o, &counts, error);
      break;
    default:
      {
        LescTuning tuning = { in->tuned, -1 };
        out = lesc_recovery_table ((const char *const *) in->datasets, g_strv_length (in->datasets),
                                   in->setups, in->n_setups, &tuning, &o, &counts, error);
      }
      break;
    }
  lesc_store_close (o.store);
  if (out != NULL && in->kind != LESC_JOB_KIND_OTHER && !check_counts (&counts, error))
    {
      if (in->kind == LESC_JOB_KIND_CV)
        lesc_cv_result_free (out);
      else
        lesc_grid_free (out);
      out = NULL;
    }
  lesc_experiment_counts_clear (&counts);
  return out;
}

static ExperimentInput *
input_new (LescJobKind kind, const LescMethodSetup *setups, guint n_setups, LescKlDirection kl)
{
  ExperimentInput *in = g_new0 (ExperimentInput, 1);
  in->kind = kind;
  in->n_setups = MIN (n_setups, G_N_ELEMENTS (in->setups));
  for (guint i = 0; i < in->n_setups; i++)
    in->setups[i] = setups[i];
  in->kl = kl;
  return in;
}

LescJob *
lesc_cv_job_new (LescDataObject *data, const LescMethodSetup *setups, guint n_setups, guint folds,
                 guint32 fold_seed, LescKlDirection kl)
{
  ExperimentInput *in = input_new (LESC_JOB_KIND_CV, setups, n_setups, kl);
  in->data = g_object_ref (data);
  lesc_data_object_get_open_options (data, &in->open);
  const char *specs[] = { lesc_data_object_get_spec (data), NULL };
  in->datasets = g_strdupv ((char **) specs);
  in->folds = folds;
  in->fold_seed = fold_seed;
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
  ExperimentInput *in = input_new (LESC_JOB_KIND_GRID, setup, 1, kl);
  in->store_only = store_only;
  in->data = g_object_ref (data);
  lesc_data_object_get_open_options (data, &in->open);
  const char *specs[] = { lesc_data_object_get_spec (data), NULL };
  in->datasets = g_strdupv ((char **) specs);
  in->lambda1 = g_memdup2 (lambda1, n1 * sizeof (double));
  in->lambda2 = g_memdup2 (lambda2, n2 * sizeof (double));
  in->n1 = n1;
  in->n2 = n2;
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
  ExperimentInput *in = input_new (LESC_JOB_KIND_OTHER, setups, n_setups, kl);
  in->datasets = g_strdupv ((char **) datasets);
  in->data_dir = data_dir != NULL && data_dir[0] != '\0' ? g_strdup (data_dir) : NULL;
  in->tuned = tuned;
  in->store_only = store_only;
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
  ExperimentInput *in = lesc_job_get_input (job);
  *n = in->n_setups;
  return in->setups;
}

const double *
lesc_experiment_job_get_lambdas (LescJob *job, guint which, guint *n)
{
  ExperimentInput *in = lesc_job_get_input (job);
  *n = which == 1 ? in->n1 : in->n2;
  return which == 1 ? in->lambda1 : in->lambda2;
}

LescKlDirection
lesc_experiment_job_get_kl (LescJob *job)
{
  return ((ExperimentInput *) lesc_job_get_input (job))->kl;
}
