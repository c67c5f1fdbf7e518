/* Ten-fold cross-validation (experiment.h). */
#include "core/experiments/engine.h"
#include "core/base/error.h"

#include <math.h>
#include <string.h>

/* ---- cross-validation -------------------------------------------------------------- */

LescCvResult *
lesc_cross_validate (const char *const *datasets, guint n_datasets,
                     const LescMethodSetup *methods, guint n_methods, guint folds,
                     guint32 fold_seed, const LescExperimentOptions *o,
                     LescExperimentCounts *counts, GError **error)
{
  if (!lesc_engine_check (o, n_datasets, methods, n_methods, error))
    return NULL;
  if (folds < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--folds: expected at least 2, got %u", folds);
      return NULL;
    }
  for (guint j = 0; j < n_methods; j++)
    if (!methods[j].method->has_mapping)
      {
        g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                     "%s has no mapping to new samples: cross-validation needs methods that "
                     "learn one (GLLE, LESC, gLESC)", methods[j].method->display_name);
        return NULL;
      }
  Engine e;
  lesc_engine_init (&e, o, counts);
  LescCvResult *r = NULL;
  gsize n_cells = (gsize) n_datasets * n_methods * folds;
  LescRunRecord *cells = g_new0 (LescRunRecord, n_cells);
  if (!lesc_engine_add_datasets (&e, datasets, n_datasets, error))
    goto out;
  for (guint d = 0; d < n_datasets; d++)
    {
      DataInfo *info = g_ptr_array_index (e.infos, d);
      if (info->checksum != NULL && info->n < folds)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "%s: %u folds for %zu samples (expected folds ≤ n)", info->name, folds,
                       info->n);
          goto out;
        }
      for (guint j = 0; j < n_methods; j++)
        for (guint f = 0; f < folds; f++)
          {
            Unit *u = lesc_engine_add_unit (&e, UNIT_FOLD, d, &methods[j], (int) f, folds, fold_seed);
            lesc_engine_unit_add_run (&e, u, &cells[((gsize) d * n_methods + j) * folds + f], &methods[j].params);
          }
    }
  if (!lesc_engine_run (&e, error))
    goto out;
  r = g_new0 (LescCvResult, 1);
  r->n_datasets = n_datasets;
  r->n_methods = n_methods;
  r->folds = folds;
  r->fold_seed = fold_seed;
  lesc_engine_copy_names (&e, &r->datasets, &r->checksums);
  r->methods = lesc_engine_methods (methods, n_methods);
  r->cells = cells;
  cells = NULL;
out:
  lesc_engine_free_records (cells, n_cells);
  lesc_engine_clear (&e);
  return r;
}

void
lesc_cv_result_free (LescCvResult *r)
{
  if (r == NULL)
    return;
  lesc_engine_free_names (r->datasets, r->checksums, r->n_datasets, r->methods);
  lesc_engine_free_records (r->cells, (gsize) r->n_datasets * r->n_methods * r->folds);
  g_free (r);
}

void
lesc_cv_fold_values (const LescCvResult *r, guint dataset, guint method, LescMeasure m,
                     double *out)
{
  for (guint f = 0; f < r->folds; f++)
    {
      const LescRunRecord *c = &r->cells[((gsize) dataset * r->n_methods + method) * r->folds + f];
      out[f] = c->id != 0 ? c->measures[m] : NAN;
    }
}

void
lesc_cv_summary (const LescCvResult *r, guint dataset, guint method, LescMeasure m,
                 double *mean, double *std)
{
  g_autofree double *v = g_new (double, r->folds);
  lesc_cv_fold_values (r, dataset, method, m, v);
  double s = 0, ss = 0;
  for (guint f = 0; f < r->folds; f++)
    s += v[f];
  double mu = s / r->folds;
  for (guint f = 0; f < r->folds; f++)
    ss += (v[f] - mu) * (v[f] - mu);
  *mean = mu;
  *std = sqrt (ss / (r->folds - 1));
}
