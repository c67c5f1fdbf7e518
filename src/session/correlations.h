/* The correlation view's state, shared by the window and the terminal (docs/figures.md §7):
 * which run it shows (method, parameters, data set, the run cache it went through), the
 * selected sample, and the run's weights (core/methods/correlations.h) taken from the cache
 * on a worker (LescTask) — at once when the run's M is still there, else computed again.
 * Runs on the thread that made it (a GMainContext). */
#pragma once
#include "core/base/task.h"
#include "core/methods/correlations.h"
#include "plot/correlations.h"

G_BEGIN_DECLS

/* How many weights the figure shows. */
#define LESC_CORRELATION_STATE_TOP 20

typedef struct _LescCorrelationState LescCorrelationState;

/* Told when the weights arrive or fail. */
typedef void (*LescCorrelationStateChanged) (LescCorrelationState *v, gpointer data);

LescCorrelationState *lesc_correlation_state_new (LescCorrelationStateChanged changed, gpointer data);
/* Cancels the worker and waits for it. */
void lesc_correlation_state_free (LescCorrelationState *v);

/* Show the run of `m` with `p` on `ds` made through `cache` (NULL m: none). The same run
 * as before keeps what was computed; another one cancels the work for the old and starts
 * the new (the data set's numbers are copied: the view does not hold the caller's). A
 * method without weights (not GLLE, LESC or gLESC) shows nothing and says so. */
void lesc_correlation_state_set_run (LescCorrelationState *v, const LescMethod *m, const LescDataset *ds,
                                    const LescRunParams *p, LescRunCache *cache);
/* The weights, or NULL while they are computed (busy) or when there is no run or it
 * failed (the message). */
const LescCorrelations *lesc_correlation_state_get (LescCorrelationState *v);
gboolean lesc_correlation_state_busy (LescCorrelationState *v);
const char *lesc_correlation_state_message (LescCorrelationState *v);
const LescMethod *lesc_correlation_state_method (LescCorrelationState *v);

/* The selected sample (−1: none; out of range: none). */
void lesc_correlation_state_set_sample (LescCorrelationState *v, gssize sample);
gssize lesc_correlation_state_get_sample (LescCorrelationState *v);
/* Grows whenever the weights or the sample change. */
guint lesc_correlation_state_version (LescCorrelationState *v);

/* Show the run's matrix or one of gLESC's views (made on a worker the first time: the
 * tensor step again; the figure shows the run's matrix until they are in). FALSE when the
 * run is not gLESC's. */
gboolean lesc_correlation_state_set_matrix (LescCorrelationState *v, LescCorrelationsMatrix which);
/* The matrix shown: a view only once it is made. */
LescCorrelationsMatrix lesc_correlation_state_get_matrix (LescCorrelationState *v);

/* The figure at `pos` with `title`, or NULL without weights. */
LescCorrelationFigure *lesc_correlation_state_figure (LescCorrelationState *v, const LescPositions *pos,
                                                    const char *title);

/* For tests: wait (iterating the thread-default main context) until the weights are in
 * or failed; FALSE after `seconds`. */
gboolean lesc_correlation_state_wait (LescCorrelationState *v, double seconds);

G_END_DECLS
