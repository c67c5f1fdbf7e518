/* Provisional results: a frame of a run under way (the LE optimizer's iterate,
 * core/base/progress.h) as a LescRunOutcome with its measures, so that a face shows it as
 * it shows a result, marked provisional (session/provenance.h). The session makes one per
 * frame for a face without objects of its own (the terminal); the window's LescResult
 * holds one too. See docs/speed.md, "End-to-end latency". */
#pragma once
#include "core/data/dataset.h"
#include "core/methods/outcome.h"

G_BEGIN_DECLS

/* Worker thread: the outcome of `frame` for `method` with `params` on `ds` (its
 * distributions, both KL directions' measures, the iteration in report.le.iterations); NULL
 * when the measures cannot be computed. */
LescRunOutcome *lesc_provisional_outcome_new (const LescMethod *method, const LescRunParams *params,
                                              const LescDataset *ds, const LescProgressFrame *frame);

G_END_DECLS
