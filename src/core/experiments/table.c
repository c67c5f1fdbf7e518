/* The recovery table (experiment.h). */
#include "core/experiments/engine.h"
#include "core/base/error.h"

#include <math.h>
#include <string.h>

/* ---- the recovery table ------------------------------------------------------------ */

/* The tuning points of a method: λ₁ × λ₂ (shared per λ₂ when possible), GLLE's λ, or
 * only its own parameters. */
static void
table_points (const LescMethod *m, const LescTuning *t, guint *n1, guint *n2, const double **g1,
              const double **g2, const char **name1)
{
  *n1 = *n2 = 1;
  *g1 = *g2 = NULL;
  *name1 = NULL;
  if (t == NULL || !t->enabled)
    return;
  if (lesc_method_param_index (m, "lambda1") >= 0 && lesc_method_param_index (m, "lambda2") >= 0)
    {
      *n1 = *n2 = G_N_ELEMENTS (lesc_tune_lambda12);
      *g1 = *g2 = lesc_tune_lambda12;
      *name1 = "lambda1";
    }
  else if (lesc_method_param_index (m, "lambda1") >= 0 || lesc_method_param_index (m, "lambda") >= 0)
    {
      /* one LE trade-off λ: GLLE */
      *n1 = G_N_ELEMENTS (lesc_tune_lambda_glle);
      *g1 = lesc_tune_lambda_glle;
      *name1 = lesc_method_param_index (m, "lambda1") >= 0 ? "lambda1" : "lambda";
    }
}

LescRecoveryTable *
lesc_recovery_table (const char *const *datasets, guint n_datasets,
                     const LescMethodSetup *methods, guint n_methods, const LescTuning *tuning,
                     const LescExperimentOptions *o, LescExperimentCounts *counts, GError **error)
{
  if (!lesc_engine_check (o, n_datasets, methods, n_methods, error))
    return NULL;

  Engine e;
  lesc_engine_init (&e, o, counts);
  LescRecoveryTable *t = NULL;
  LescRunRecord *cand = NULL;
  gsize n_cand = 0;
  g_autofree gsize *offset = g_new (gsize, (gsize) n_datasets * n_methods + 1);
  if (!lesc_engine_add_datasets (&e, datasets, n_datasets, error))
    goto out;

  /* candidates: per data set and method, the tuning points (one without tuning) */
  for (guint d = 0; d < n_datasets; d++)
    for (guint j = 0; j < n_methods; j++)
      {
        guint n1, n2;
        const double *g1, *g2;
        const char *name1;
        table_points (methods[j].method, tuning, &n1, &n2, &g1, &g2, &name1);
        offset[d * n_methods + j] = n_cand;
        n_cand += (gsize) n1 * n2;
      }
  offset[(gsize) n_datasets * n_methods] = n_cand;
  cand = g_new0 (LescRunRecord, n_cand);
  for (guint d = 0; d < n_datasets; d++)
    for (guint j = 0; j < n_methods; j++)
      {
        const LescMethodSetup *s = &methods[j];
        guint n1, n2;
        const double *g1, *g2;
        const char *name1;
        table_points (s->method, tuning, &n1, &n2, &g1, &g2, &name1);
        gboolean shared = n2 > 1 && lesc_engine_is_correlation_method (s->method);
        LescRunRecord *rec = cand + offset[d * n_methods + j];
        for (guint b = 0; b < n2; b++)
          {
            Unit *u = NULL;
            for (guint a = 0; a < n1; a++)
              {
                LescRunParams p = s->params;
                if (g1 != NULL)
                  lesc_run_params_set (&p, s->method, name1, g1[a]);
                if (g2 != NULL)
                  lesc_run_params_set (&p, s->method, "lambda2", g2[b]);
                if (u == NULL || !shared)
                  u = lesc_engine_add_unit (&e, shared ? UNIT_SHARED : UNIT_RECOVER, d, s, -1, 0, 0);
                lesc_engine_unit_add_run (&e, u, rec++, &p);
              }
          }
      }
  if (!lesc_engine_run (&e, error))
    goto out;

  t = g_new0 (LescRecoveryTable, 1);
  t->n_datasets = n_datasets;
  t->n_methods = n_methods;
  lesc_engine_copy_names (&e, &t->datasets, &t->checksums);
  t->methods = lesc_engine_methods (methods, n_methods);
  if (tuning != NULL)
    t->tuning = *tuning;
  t->cells = g_new0 (LescRunRecord, (gsize) n_datasets * n_methods);
  for (gsize c = 0; c < (gsize) n_datasets * n_methods; c++)
    {
      gsize lo = offset[c], n = offset[c + 1] - lo;
      gboolean complete = TRUE;
      g_autofree const LescRunRecord **ptrs = g_new (const LescRunRecord *, n);
      for (gsize i = 0; i < n; i++)
        {
          ptrs[i] = &cand[lo + i];
          complete = complete && cand[lo + i].id != 0;
        }
      if (complete)
        lesc_run_record_copy (&t->cells[c], ptrs[lesc_select_best (ptrs, (guint) n,
                                                                   t->tuning.select_by)]);
      else
        {
          /* a tuned cell needs every point: keep the key of the first, no results */
          lesc_run_record_copy (&t->cells[c], &cand[lo]);
          t->cells[c].id = 0;
          for (int m = 0; m < LESC_N_MEASURES; m++)
            t->cells[c].measures[m] = NAN;
        }
    }

out:
  lesc_engine_free_records (cand, n_cand);
  lesc_engine_clear (&e);
  return t;
}

/* What a table and a CV result own besides their cells. */

void
lesc_recovery_table_free (LescRecoveryTable *t)
{
  if (t == NULL)
    return;
  lesc_engine_free_names (t->datasets, t->checksums, t->n_datasets, t->methods);
  lesc_engine_free_records (t->cells, (gsize) t->n_datasets * t->n_methods);
  g_free (t);
}

LescMatrix *
lesc_recovery_table_values (const LescRecoveryTable *t, LescMeasure m)
{
  LescMatrix *v = lesc_matrix_new (t->n_datasets, t->n_methods);
  for (guint d = 0; d < t->n_datasets; d++)
    for (guint j = 0; j < t->n_methods; j++)
      {
        const LescRunRecord *r = &t->cells[d * t->n_methods + j];
        LESC_AT (v, d, j) = r->id != 0 ? r->measures[m] : NAN;
      }
  return v;
}
