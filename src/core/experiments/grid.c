/* The λ₁ × λ₂ sensitivity grid (experiment.h). */
#include "core/experiments/engine.h"
#include "core/base/error.h"

#include <math.h>
#include <string.h>

/* ---- the grid ---------------------------------------------------------------------- */

LescGrid *
lesc_grid_run (const char *dataset, const LescMethodSetup *method, const double *lambda1,
               guint n1, const double *lambda2, guint n2, const LescExperimentOptions *o,
               LescExperimentCounts *counts, GError **error)
{
  if (!lesc_engine_check (o, dataset ? 1 : 0, method, 1, error))
    return NULL;
  const LescMethod *m = method->method;
  if (lesc_method_param_index (m, "lambda1") < 0 || lesc_method_param_index (m, "lambda2") < 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s has no lambda1 and lambda2: the grid is for LESC and gLESC", m->display_name);
      return NULL;
    }
  if (n1 == 0 || n2 == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "the grid needs at least one λ₁ and one λ₂");
      return NULL;
    }
  for (guint i = 0; i < n1 + n2; i++)
    {
      double v = i < n1 ? lambda1[i] : lambda2[i - n1];
      if (!(v > 0) || !isfinite (v))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--%s: every value must be a positive number, got %g",
                       i < n1 ? "lambda1" : "lambda2", v);
          return NULL;
        }
    }
  Engine e;
  lesc_engine_init (&e, o, counts);
  LescGrid *g = NULL;
  gsize n_cells = (gsize) n1 * n2;
  LescRunRecord *cells = g_new0 (LescRunRecord, n_cells);
  gboolean shared = lesc_engine_is_correlation_method (m);
  if (!lesc_engine_add_datasets (&e, &dataset, 1, error))
    goto out;
  for (guint b = 0; b < n2; b++)
    {
      Unit *u = NULL;
      for (guint a = 0; a < n1; a++)
        {
          LescRunParams p = method->params;
          lesc_run_params_set (&p, m, "lambda1", lambda1[a]);
          lesc_run_params_set (&p, m, "lambda2", lambda2[b]);
          if (u == NULL || !shared)
            u = lesc_engine_add_unit (&e, shared ? UNIT_SHARED : UNIT_RECOVER, 0, method, -1, 0, 0);
          lesc_engine_unit_add_run (&e, u, &cells[(gsize) b * n1 + a], &p);
        }
    }
  if (!lesc_engine_run (&e, error))
    goto out;
  g = g_new0 (LescGrid, 1);
  DataInfo *info = g_ptr_array_index (e.infos, 0);
  g->dataset = g_strdup (info->name);
  g->checksum = g_strdup (info->checksum);
  g->method = m;
  g->n1 = n1;
  g->n2 = n2;
  g->lambda1 = g_memdup2 (lambda1, n1 * sizeof (double));
  g->lambda2 = g_memdup2 (lambda2, n2 * sizeof (double));
  g->cells = cells;
  cells = NULL;
out:
  lesc_engine_free_records (cells, n_cells);
  lesc_engine_clear (&e);
  return g;
}

void
lesc_grid_free (LescGrid *g)
{
  if (g == NULL)
    return;
  g_free (g->dataset);
  g_free (g->checksum);
  g_free (g->lambda1);
  g_free (g->lambda2);
  lesc_engine_free_records (g->cells, (gsize) g->n1 * g->n2);
  g_free (g);
}

void
lesc_grid_nearest_first (const double *values, guint n, double current, guint *order)
{
  double c = log10 (current);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  /* insertion sort: a strip has a handful of cells */
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0; j--)
      {
        double da = fabs (log10 (values[order[j - 1]]) - c), db = fabs (log10 (values[order[j]]) - c);
        gboolean swap = db < da || (db == da && values[order[j]] < values[order[j - 1]]);
        if (!swap)
          break;
        guint t = order[j - 1];
        order[j - 1] = order[j];
        order[j] = t;
      }
}
