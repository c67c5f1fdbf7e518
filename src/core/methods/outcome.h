/* The outcome of one method run as the explorers show it: the recovered distributions,
 * the six measures in both KL directions and the run's report, with the method and the
 * settings that made it. Computing one is what a front end's run request does on its
 * worker thread. */
#pragma once
#include "core/eval/measures.h"
#include "core/methods/runcache.h"

G_BEGIN_DECLS

typedef struct {
  const LescMethod *method;
  LescRunParams params;
  LescMatrix *recovered;                       /* n×c */
  double measures[2][LESC_N_MEASURES];         /* [LescKlDirection]; NaN without a truth */
  LescRunResult report;
  double seconds;                              /* the whole run, measures included */
} LescRunOutcome;

/* Run `m` on `ds` (reusing `cache` when not NULL, see runcache.h) and score it against the
 * ground truth in both KL directions. NULL with the error (G_IO_ERROR_CANCELLED when
 * cancelled). */
LescRunOutcome *lesc_run_outcome_compute (const LescMethod *m, const LescDataset *ds,
                                          const LescRunParams *params,
                                          LescRunCache *cache, LescProgress *progress,
                                          GError **error);
void lesc_run_outcome_free (LescRunOutcome *o);
const double *lesc_run_outcome_measures (const LescRunOutcome *o, LescKlDirection kl);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescRunOutcome, lesc_run_outcome_free)

G_END_DECLS
