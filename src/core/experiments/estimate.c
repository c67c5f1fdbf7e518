/* Time estimates of a recovery table (estimate.h). */
#include "core/experiments/estimate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a, b of lesc_run_seconds_guess per method: least squares (relative error) over runs of
 * every method with its defaults on the four benchmark sets, one core, 2024. */
static const struct {
  const char *method;
  double a, b;
} coefficients[] = {
  { "fcm", 0.04, 0.054 },
  { "km", 0.15, 0.003 },
  { "lp", 0.13, 0.04 },
  { "ml", 0.2, 0.04 },
  { "glle", 1.7, 0.1 },
  { "lesc", 1.7, 5.0 },
  { "glesc", 1.8, 2.0 },
};

double
lesc_run_seconds_guess (const LescMethod *m, gsize n, gsize q, gsize o)
{
  double a = 1.0, b = 1.0;   /* a method the table does not know: as slow as the slowest */
  for (guint i = 0; i < G_N_ELEMENTS (coefficients); i++)
    if (g_ascii_strcasecmp (m->name, coefficients[i].method) == 0)
      {
        a = coefficients[i].a;
        b = coefficients[i].b;
      }
  double k = (double) n / 1000.0;
  return a * k * k * (1.0 + (double) q / 50.0) + b * k * (double) q * (double) o / 100.0;
}

guint
lesc_tuning_points (const LescMethod *m, const LescTuning *tuning)
{
  if (tuning == NULL || !tuning->enabled)
    return 1;
  gboolean l1 = lesc_method_param_index (m, "lambda1") >= 0, l2 = lesc_method_param_index (m, "lambda2") >= 0;
  if (l1 && l2)
    return G_N_ELEMENTS (lesc_tune_lambda12) * G_N_ELEMENTS (lesc_tune_lambda12);
  if (l1 || lesc_method_param_index (m, "lambda") >= 0)
    return G_N_ELEMENTS (lesc_tune_lambda_glle);
  return 1;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The median time of the stored recovery runs of `m` on the data set, or NaN. */
static double
stored_seconds (LescStore *store, const LescMethod *m, const char *checksum)
{
  if (checksum == NULL)
    return NAN;
  LescRunFilter filter = { .dataset = checksum, .method = m->name, .kl = -1,
                           .kind = LESC_RUN_KIND_RECOVERY };
  g_autoptr (GPtrArray) runs = lesc_store_query (store, &filter, NULL);
  if (runs == NULL || runs->len == 0)
    return NAN;
  g_autofree double *s = g_new (double, runs->len);
  guint k = 0;
  for (guint i = 0; i < runs->len; i++)
    {
      const LescRunRecord *r = g_ptr_array_index (runs, i);
      if (isfinite (r->seconds) && r->seconds >= 0)
        s[k++] = r->seconds;
    }
  if (k == 0)
    return NAN;
  qsort (s, k, sizeof (double), cmp_double);
  return k % 2 == 1 ? s[k / 2] : 0.5 * (s[k / 2 - 1] + s[k / 2]);
}

gboolean
lesc_recovery_table_estimate (const char *const *datasets, guint n_datasets,
                              const LescMethodSetup *methods, guint n_methods,
                              const LescTuning *tuning, const LescExperimentOptions *options,
                              LescEstimate *out, GError **error)
{
  memset (out, 0, sizeof *out);
  /* Which cells the store has: the table itself, computing nothing. */
  LescExperimentOptions look = *options;
  look.store_only = TRUE;
  look.recompute = FALSE;
  look.progress = NULL;
  LescExperimentCounts counts = { 0 };
  g_autoptr (LescRecoveryTable) t = lesc_recovery_table (datasets, n_datasets, methods, n_methods,
                                                         tuning, &look, &counts, error);
  lesc_experiment_counts_clear (&counts);
  if (t == NULL)
    return FALSE;
  LescOpenOptions open = { 0 };
  if (options->open != NULL)
    open = *options->open;
  if (open.data_dir == NULL)
    open.data_dir = options->data_dir;
  for (guint d = 0; d < n_datasets; d++)
    {
      g_autoptr (LescDataset) ds = NULL;
      for (guint j = 0; j < n_methods; j++)
        {
          const LescRunRecord *cell = &t->cells[(gsize) d * n_methods + j];
          if (cell->id != 0)
            {
              out->runs_stored++;
              continue;
            }
          if (ds == NULL && (ds = lesc_dataset_open_with (datasets[d], &open, NULL, error)) == NULL)
            return FALSE;
          guint points = lesc_tuning_points (methods[j].method, tuning);
          double each = stored_seconds (options->store, methods[j].method, t->checksums[d]);
          if (isnan (each))
            each = lesc_run_seconds_guess (methods[j].method, lesc_dataset_n (ds), lesc_dataset_q (ds),
                                           lesc_dataset_o (ds));
          else
            out->timed_from_store++;
          out->runs_to_compute += points;
          out->seconds += points * each;
        }
    }
  return TRUE;
}
