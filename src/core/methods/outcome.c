/* A run with its measures: the work of an explorer's run request. */
#include "core/methods/outcome.h"
#include "core/methods/run.h"

#include <math.h>

LescRunOutcome *
lesc_run_outcome_compute (const LescMethod *m, const LescDataset *ds, const LescRunParams *params,
                          LescRunCache *cache, LescProgress *progress, GError **error)
{
  gint64 start = g_get_monotonic_time ();
  LescRunOutcome *o = g_new0 (LescRunOutcome, 1);
  o->method = m;
  o->params = *params;
  o->recovered = lesc_method_run_cached (m, ds, params, cache, progress, &o->report, error);
  if (o->recovered == NULL)
    {
      lesc_run_outcome_free (o);
      return NULL;
    }
  if (!lesc_measures_compute_both (ds->truth, o->recovered, o->measures, error))
    {
      lesc_run_outcome_free (o);
      return NULL;
    }
  o->seconds = lesc_seconds_since (start);
  return o;
}

void
lesc_run_outcome_free (LescRunOutcome *o)
{
  if (o == NULL)
    return;
  lesc_matrix_free (o->recovered);
  lesc_run_result_clear (&o->report);
  g_free (o);
}

const double *
lesc_run_outcome_measures (const LescRunOutcome *o, LescKlDirection kl)
{
  return o->measures[kl == LESC_KL_RECOVERED_TRUTH ? LESC_KL_RECOVERED_TRUTH : LESC_KL_TRUTH_RECOVERED];
}
