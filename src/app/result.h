/* The outcome of one method run: the recovered distributions, the six measures (both KL
 * directions) and everything that made it (method, parameters, seed, data set). */
#pragma once
#include <glib-object.h>
#include "core/eval/measures.h"
#include "core/methods/outcome.h"
#include "core/methods/runcache.h"
#include "app/data-object.h"
#include "app/job.h"

G_BEGIN_DECLS

#define LESC_TYPE_RESULT (lesc_result_get_type ())
G_DECLARE_FINAL_TYPE (LescResult, lesc_result, LESC, RESULT, GObject)

const LescMethod    *lesc_result_get_method (LescResult *self);
const LescRunParams *lesc_result_get_params (LescResult *self);
LescDataObject      *lesc_result_get_data (LescResult *self);
const LescMatrix    *lesc_result_get_recovered (LescResult *self);
const double        *lesc_result_get_measures (LescResult *self, LescKlDirection kl);
const LescRunResult *lesc_result_get_report (LescResult *self);
double               lesc_result_get_seconds (LescResult *self);
/* A provisional result: a frame of the LE optimizer while the run goes on. */
gboolean             lesc_result_is_provisional (LescResult *self);
guint                lesc_result_get_iteration (LescResult *self);
/* The method's name, for a provisional result with "— iteration 120 of at most 300". */
char                *lesc_result_dup_title (LescResult *self);
/* The LE optimizer's record (GLLE, LESC, gLESC; NULL otherwise) and the six measures of
 * its snapshots (snapshots × LESC_N_MEASURES, NULL without a ground truth). */
const LescLeTrace   *lesc_result_get_trace (LescResult *self);
const double        *lesc_result_get_trace_measures (LescResult *self, LescKlDirection kl);
/* The objective at the exact optimum (the converged variant), NaN until known. */
double               lesc_result_get_optimum (LescResult *self);
void                 lesc_result_set_optimum (LescResult *self, double f);
/* "λ1 = 0.01, λ2 = 0.001, seed 0": the settings in one line. */
char                *lesc_result_describe_params (LescResult *self);
/* An outdated result: the side bar's settings for its method changed. It stays (shown
 * faded) until `replacement` (a run with the new settings, may be NULL) replaces it. */
gboolean             lesc_result_get_outdated (LescResult *self);
LescJob             *lesc_result_get_replacement (LescResult *self);
void                 lesc_result_set_outdated (LescResult *self, gboolean outdated, LescJob *replacement);

/* A parameter's symbol: "λ₁", "K", "σ", "t". */
char *lesc_param_symbol (const LescParamSpec *spec);
/* The settings as a title: "λ₁ = 10, λ₂ = 0.1" (then the seed for seeded methods and the
 * LE step when not the reference one). */
char *lesc_run_params_title (const LescMethod *m, const LescRunParams *p);
/* The same with `separator` before the seed and the LE step (", " in the title; "\n" puts
 * them on a line of their own). */
char *lesc_run_params_title_split (const LescMethod *m, const LescRunParams *p, const char *separator);

/* The settings in one line, as above. */
char *lesc_run_params_describe (const LescMethod *method, const LescRunParams *p);


/* Worker thread: the result of the run `o` (taken) on `data`, with the measures of the
 * optimizer's snapshots; NULL with the error. */
LescResult *lesc_result_new (LescRunOutcome *o, LescDataObject *data, GError **error);
/* Worker thread: a provisional result from a solver's frame (NULL when it cannot be scored). */
LescResult *lesc_result_new_frame (const LescMethod *method, const LescRunParams *params,
                                   LescDataObject *data, const LescProgressFrame *frame);
/* The run it holds (the session's, session/session.h). */
const LescRunOutcome *lesc_result_get_outcome (LescResult *self);
/* The same data read again (the same checksum): the result is shown for it. */
void lesc_result_set_data (LescResult *self, LescDataObject *data);

/* The explorer's cache of what runs share (runcache.h), for run and grid jobs. */
LescRunCache *lesc_app_run_cache (void);

/* A job that runs `method` on `data` with `params` outside the session (the converged
 * optimum); its output is a LescResult. */
LescJob *lesc_run_job_new (const LescMethod *method, const LescRunParams *params,
                           LescDataObject *data);

G_END_DECLS
