/* A solver's frame as an outcome (session/provisional.h). */
#include "config.h"
#include "session/provisional.h"

LescRunOutcome *
lesc_provisional_outcome_new (const LescMethod *method, const LescRunParams *params, const LescDataset *ds,
                              const LescProgressFrame *frame)
{
  LescRunOutcome *o = g_new0 (LescRunOutcome, 1);
  o->method = method;
  o->params = *params;
  o->recovered = lesc_matrix_new_from (frame->rows, frame->cols, frame->values);
  o->report.le.objective = frame->objective;
  o->report.le.iterations = frame->iteration;
  if (!lesc_measures_compute_both (ds->truth, o->recovered, o->measures, NULL))
    g_clear_pointer (&o, lesc_run_outcome_free);
  return o;
}
