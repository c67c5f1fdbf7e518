/* An experiment request and its run on a worker thread. */
#include "core/experiments/request.h"
#include "core/base/error.h"

#include <string.h>

static LescExperimentRequest *
request_new (LescExperimentKind kind, const LescMethodSetup *setups, guint n_setups)
{
  LescExperimentRequest *r = g_new0 (LescExperimentRequest, 1);
  r->kind = kind;
  r->n_setups = MIN (n_setups, LESC_EXPERIMENT_MAX_SETUPS);
  if (r->n_setups > 0) /* memcpy's source may not be NULL, even for no bytes */
    memcpy (r->setups, setups, r->n_setups * sizeof *setups);
  r->kl = LESC_KL_TRUTH_RECOVERED;
  return r;
}

LescExperimentRequest *
lesc_experiment_request_new_table (const char *const *datasets, const LescMethodSetup *setups,
                                   guint n_setups, gboolean store_only)
{
  LescExperimentRequest *r = request_new (LESC_EXPERIMENT_TABLE, setups, n_setups);
  r->datasets = g_strdupv ((char **) datasets);
  r->store_only = store_only;
  return r;
}

LescExperimentRequest *
lesc_experiment_request_new_cv (const char *dataset, const LescMethodSetup *setups,
                                guint n_setups, guint folds, guint32 fold_seed)
{
  LescExperimentRequest *r = request_new (LESC_EXPERIMENT_CV, setups, n_setups);
  const char *specs[] = { dataset, NULL };
  r->datasets = g_strdupv ((char **) specs);
  r->folds = folds;
  r->fold_seed = fold_seed;
  return r;
}

LescExperimentRequest *
lesc_experiment_request_new_grid (const char *dataset, const LescMethodSetup *setup,
                                  const double *lambda1, guint n1, const double *lambda2, guint n2)
{
  LescExperimentRequest *r = request_new (LESC_EXPERIMENT_GRID, setup, 1);
  const char *specs[] = { dataset, NULL };
  r->datasets = g_strdupv ((char **) specs);
  r->lambda1 = g_memdup2 (lambda1, n1 * sizeof (double));
  r->lambda2 = g_memdup2 (lambda2, n2 * sizeof (double));
  r->n1 = n1;
  r->n2 = n2;
  return r;
}

void
lesc_experiment_request_set_open (LescExperimentRequest *r, const LescOpenOptions *open)
{
  g_free (r->data_dir);
  r->data_dir = g_strdup (open->data_dir);
  r->label_columns = open->label_columns;
  r->open_flags = open->flags;
  r->logical_columns = open->logical_columns;
  r->logical = open->logical;
  r->csv = open->csv;
}

void
lesc_experiment_request_free (LescExperimentRequest *r)
{
  if (r == NULL)
    return;
  g_strfreev (r->datasets);
  g_free (r->data_dir);
  g_free (r->store_path);
  g_free (r->lambda1);
  g_free (r->lambda2);
  g_free (r);
}

GDestroyNotify
lesc_experiment_output_free_func (LescExperimentKind kind)
{
  switch (kind)
    {
    case LESC_EXPERIMENT_CV: return (GDestroyNotify) lesc_cv_result_free;
    case LESC_EXPERIMENT_GRID: return (GDestroyNotify) lesc_grid_free;
    default: return (GDestroyNotify) lesc_recovery_table_free;
    }
}

gpointer
lesc_experiment_request_run (gpointer request, LescProgress *progress, GError **error)
{
  LescExperimentRequest *r = request;
  if (r->datasets == NULL || r->datasets[0] == NULL || r->n_setups == 0)
    {
      g_set_error_literal (error, LESC_ERROR, LESC_ERROR_USAGE,
                           "an experiment needs at least one data set and one method");
      return NULL;
    }
  LescOpenOptions open = { r->data_dir, r->label_columns, r->open_flags, r->logical_columns,
                           r->logical, r->csv };
  LescExperimentOptions o = { 0 };
  o.store = lesc_store_open (r->store_path, error);
  if (o.store == NULL)
    return NULL;
  o.data_dir = r->data_dir;
  o.open = &open;
  o.kl = r->kl;
  o.store_only = r->store_only;
  o.progress = progress;
  o.cache = r->kind == LESC_EXPERIMENT_GRID ? r->cache : NULL;
  LescExperimentCounts counts = { 0 };
  gpointer out = NULL;
  switch (r->kind)
    {
    case LESC_EXPERIMENT_CV:
      out = lesc_cross_validate ((const char *const *) r->datasets, 1, r->setups, r->n_setups,
                                 r->folds, r->fold_seed, &o, &counts, error);
      break;
    case LESC_EXPERIMENT_GRID:
      out = lesc_grid_run (r->datasets[0], &r->setups[0], r->lambda1, r->n1, r->lambda2, r->n2,
                           &o, &counts, error);
      break;
    case LESC_EXPERIMENT_TABLE:
      {
        LescTuning tuning = { r->tuned, -1 };
        out = lesc_recovery_table ((const char *const *) r->datasets, g_strv_length (r->datasets),
                                   r->setups, r->n_setups, &tuning, &o, &counts, error);
      }
      break;
    }
  lesc_store_close (o.store);
  /* A CV or grid of which every run failed says why; a table shows what it has. */
  if (out != NULL && r->kind != LESC_EXPERIMENT_TABLE && counts.failures != NULL
      && counts.failures->len > 0 && counts.runs_computed + counts.runs_reused == 0)
    {
      g_set_error_literal (error, LESC_ERROR, LESC_ERROR_NUMERIC, g_ptr_array_index (counts.failures, 0));
      lesc_experiment_output_free_func (r->kind) (out);
      out = NULL;
    }
  lesc_experiment_counts_clear (&counts);
  return out;
}
