/* The method registry and what every run shares: parameters, z-score, memory check,
 * stage timing. Each method lives in its own file (fcm.c … glesc.c). */
#include "core/method.h"
#include "core/corrcache.h"
#include "core/error.h"
#include "core/preprocess.h"
#include "core/random.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

extern const LescMethod lesc_method_fcm, lesc_method_km, lesc_method_lp, lesc_method_ml,
  lesc_method_glle, lesc_method_lesc, lesc_method_glesc;

static const LescMethod *const methods[] = {
  &lesc_method_fcm, &lesc_method_km, &lesc_method_lp, &lesc_method_ml,
  &lesc_method_glle, &lesc_method_lesc, &lesc_method_glesc,
};

const LescMethod *const *
lesc_methods (guint *n)
{
  if (n != NULL)
    *n = G_N_ELEMENTS (methods);
  return methods;
}

const LescMethod *
lesc_method_find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
    if (g_ascii_strcasecmp (name, methods[i]->name) == 0)
      return methods[i];
  return NULL;
}

int
lesc_method_param_index (const LescMethod *m, const char *name)
{
  for (guint i = 0; i < m->n_params; i++)
    if (g_ascii_strcasecmp (name, m->params[i].name) == 0)
      return (int) i;
  return -1;
}

void
lesc_run_params_init (LescRunParams *p, const LescMethod *m)
{
  memset (p, 0, sizeof *p);
  for (guint i = 0; i < m->n_params && i < LESC_MAX_PARAMS; i++)
    p->values[i] = m->params[i].default_value;
  p->seed = LESC_DEFAULT_SEED;
  p->variant = LESC_VARIANT_REFERENCE;
}

double
lesc_run_params_get (const LescRunParams *p, const LescMethod *m, const char *name, double fallback)
{
  int i = lesc_method_param_index (m, name);
  return i < 0 ? fallback : p->values[i];
}

gboolean
lesc_run_params_check (const LescRunParams *p, const LescMethod *m, GError **error)
{
  for (guint i = 0; i < m->n_params && i < LESC_MAX_PARAMS; i++)
    {
      const LescParamSpec *s = &m->params[i];
      double v = p->values[i];
      if (!isfinite (v) || v < s->min || v > s->max)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "%s: %s = %g is out of range; expected %g ≤ %s ≤ %g", m->display_name,
                       s->name, v, s->min, s->name, s->max);
          return FALSE;
        }
      if (s->integer && v != floor (v))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "%s: %s = %g; expected a whole number", m->display_name, s->name, v);
          return FALSE;
        }
    }
  if (p->memory_limit < 0.0 || !isfinite (p->memory_limit))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "memory limit %g bytes; expected a positive number (0 = 80%% of physical memory)",
                   p->memory_limit);
      return FALSE;
    }
  return TRUE;
}

void
lesc_run_result_clear (LescRunResult *r)
{
  lesc_le_model_free (r->model);
  memset (r, 0, sizeof *r);
}

void
lesc_run_result_add_stage (LescRunResult *r, const char *name, double seconds)
{
  if (r == NULL || r->n_stages >= LESC_MAX_STAGES)
    return;
  r->stage_names[r->n_stages] = name;
  r->stage_seconds[r->n_stages] = seconds;
  r->n_stages++;
}

double
lesc_seconds_since (gint64 start_us)
{
  return (double) (g_get_monotonic_time () - start_us) / 1e6;
}

LescMatrix *
lesc_method_le_stage (const LescProblem *problem, const LescRunParams *params,
                      const LescSmoothness *m, double lambda, gboolean want_model,
                      LescProgress *progress, LescRunResult *result, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  LescMatrix *numerical = NULL;
  if (!lesc_le_fit (problem->x, problem->l, m, lambda, params->variant, params->seed, progress,
                    &result->le, want_model ? &result->model : NULL, &numerical, error))
    return NULL;
  lesc_matrix_row_softmax (numerical);
  lesc_run_result_add_stage (result, "le", lesc_seconds_since (t0));
  return numerical;
}

double
lesc_memory_default_limit (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), size = sysconf (_SC_PAGE_SIZE);
  if (pages <= 0 || size <= 0)
    return 8e9;
  return 0.8 * (double) pages * (double) size;
}

gboolean
lesc_memory_check (double bytes, double limit, const char *what, GError **error)
{
  if (limit <= 0.0)
    limit = lesc_memory_default_limit ();
  if (bytes <= limit)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
               "%s needs about %.2f GB of memory, more than the limit of %.2f GB "
               "(raise it with --memory-limit)", what, bytes / 1e9, limit / 1e9);
  return FALSE;
}

LescMatrix *
lesc_method_run (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                 LescProgress *progress, LescRunResult *result, GError **error)
{
  return lesc_method_run_cached (m, ds, p, NULL, progress, result, error);
}

LescMatrix *
lesc_method_run_cached (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                        LescCorrelationCache *cache, LescProgress *progress,
                        LescRunResult *result, GError **error)
{
  LescRunResult local;
  if (result == NULL)
    result = &local;
  memset (result, 0, sizeof *result);
  if (!lesc_run_params_check (p, m, error))
    return NULL;
  gsize n = ds->features->rows, q = ds->features->cols, c = ds->logical->cols;
  if (ds->logical->rows != n || n < 2 || c == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: features are %zu×%zu and logical labels %zu×%zu; expected the same "
                   "number (≥ 2) of rows and at least one label", ds->name, n, q,
                   ds->logical->rows, c);
      return NULL;
    }
  double bytes = 8.0 * (double) n * (double) (q + 2 * c);
  if (m->memory_estimate != NULL)
    bytes += m->memory_estimate (n, q, c, p);
  result->memory_estimate = bytes;
  g_autofree char *what = g_strdup_printf ("%s on %s (n = %zu)", m->display_name, ds->name, n);
  if (!lesc_memory_check (bytes, p->memory_limit, what, error))
    return NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  lesc_run_result_add_stage (result, "z-score", lesc_seconds_since (t0));
  LescProblem problem = { x, ds->logical };
  LescMatrix *d = cache != NULL && m->correlation != NULL
    ? lesc_method_cached_recover (m, ds, &problem, p, cache, progress, result, error)
    : m->recover (&problem, p, FALSE, progress, result, error);
  if (result == &local)
    lesc_run_result_clear (&local);
  return d;
}
