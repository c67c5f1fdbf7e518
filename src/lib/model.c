/* Models through the public API: what GLLE, LESC and gLESC learn, applied to new rows. */
#include "lib/arrays.h"
#include "core/experiments/model.h"
#include "core/methods/run.h"
#include "core/numeric/preprocess.h"


struct _LescMapping {
  const LescMethod *method;
  gsize q, c;
  double *mean, *sd;     /* the training features' z-scoring (sd 1 for a constant column) */
  LescLeModel *le;
};

void
lesc_mapping_free (LescMapping *model)
{
  if (model == NULL)
    return;
  g_free (model->mean);
  g_free (model->sd);
  lesc_le_model_free (model->le);
  g_free (model);
}

LescMapping *
lesc_mapping_fit (const LescParams *params, gsize n, gsize q, gsize c, const double *features,
                const double *logical, double *distributions, LescProgressFunc progress,
                gpointer user_data, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (params != NULL, NULL);
  const LescMethod *m = params->method;
  if (!m->has_mapping)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no mapping to new samples (GLLE, LESC and gLESC have one)",
                   m->display_name);
      return NULL;
    }
  if (!lesc_lib_check_shapes (n, q, c, features, logical, error)
      || !lesc_run_params_check (&params->run, m, error))
    return NULL;
  g_autoptr (LescMatrix) x = lesc_lib_matrix_in ("features", n, q, features, error);
  if (x == NULL)
    return NULL;
  g_autoptr (LescMatrix) l = lesc_lib_matrix_in ("logical labels", n, c, logical, error);
  if (l == NULL || !lesc_lib_check_logical (l, error)
      || !lesc_method_memory_check (m, "the arrays", n, q, c, &params->run, NULL, error))
    return NULL;
  LescProgress p;
  lesc_progress_init (&p, progress, user_data, cancellable);
  g_autoptr (LescMatrix) z = lesc_zscore (x);
  LescProblem problem = { z, l };
  LescRunResult result = { 0 };
  g_autoptr (LescMatrix) d = m->recover (&problem, &params->run, TRUE, &p, &result, error);
  if (d == NULL)
    {
      lesc_run_result_clear (&result);
      return NULL;
    }
  LescMapping *model = g_new0 (LescMapping, 1);
  model->method = m;
  model->q = q;
  model->c = c;
  model->mean = g_new (double, q);
  model->sd = g_new (double, q);
  lesc_zscore_stats (x, model->mean, model->sd);
  model->le = g_steal_pointer (&result.model);
  lesc_run_result_clear (&result);
  if (distributions != NULL)
    lesc_lib_matrix_out (d, distributions);
  return model;
}

const LescMethod *
lesc_mapping_get_method (const LescMapping *model)
{
  g_return_val_if_fail (model != NULL, NULL);
  return model->method;
}

gsize
lesc_mapping_get_n_features (const LescMapping *model)
{
  g_return_val_if_fail (model != NULL, 0);
  return model->q;
}

gsize
lesc_mapping_get_n_labels (const LescMapping *model)
{
  g_return_val_if_fail (model != NULL, 0);
  return model->c;
}

GBytes *
lesc_mapping_to_bytes (const LescMapping *model)
{
  g_return_val_if_fail (model != NULL, NULL);
  /* a view of the mapping as the core's saved model (nothing of it is owned here) */
  LescModel view = { .method = model->method, .q = model->q, .c = model->c,
                     .mean = model->mean, .sd = model->sd, .le = model->le };
  gsize length;
  guchar *bytes = lesc_model_format (&view, &length);
  return g_bytes_new_take (bytes, length);
}

LescMapping *
lesc_mapping_new_from_bytes (GBytes *bytes, GError **error)
{
  g_return_val_if_fail (bytes != NULL, NULL);
  gsize length;
  const guchar *data = g_bytes_get_data (bytes, &length);
  g_autoptr (LescModel) saved = lesc_model_parse (data, length, "model bytes", error);
  if (saved == NULL)
    return NULL;
  LescMapping *model = g_new0 (LescMapping, 1);
  model->method = saved->method;
  model->q = saved->q;
  model->c = saved->c;
  model->mean = g_steal_pointer (&saved->mean);
  model->sd = g_steal_pointer (&saved->sd);
  model->le = g_steal_pointer (&saved->le);
  return model;
}

gboolean
lesc_predict (const LescMapping *model, gsize n, gsize q, const double *features,
              double *distributions, GError **error)
{
  g_return_val_if_fail (model != NULL && (distributions != NULL || n == 0), FALSE);
  if (q != model->q)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "features: %zu columns, but the model was fitted on %zu features", q,
                   model->q);
      return FALSE;
    }
  g_autoptr (LescMatrix) x = lesc_lib_matrix_in ("features", n, q, features, error);
  if (x == NULL)
    return FALSE;
  g_autoptr (LescMatrix) z = lesc_zscore_apply (x, model->mean, model->sd);
  g_autoptr (LescMatrix) d = lesc_le_predict (model->le, z);
  lesc_lib_matrix_out (d, distributions);
  return TRUE;
}
