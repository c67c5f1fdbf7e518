/* One piece of background work (a method run, a λ grid, a cross-validation) with its
 * state, progress and cancel. The work runs in a GTask worker thread; progress reaches the
 * main loop through at most one pending idle. */
#pragma once
#include <gio/gio.h>
#include "core/base/progress.h"
#include "core/base/task.h"

G_BEGIN_DECLS

typedef enum {
  LESC_JOB_QUEUED,
  LESC_JOB_RUNNING,
  LESC_JOB_DONE,
  LESC_JOB_FAILED,
  LESC_JOB_CANCELLED,
} LescJobState;

typedef enum {
  LESC_JOB_KIND_RUN,     /* one method on one data set */
  LESC_JOB_KIND_GRID,    /* the λ1 × λ2 sensitivity grid */
  LESC_JOB_KIND_CV,      /* ten-fold cross-validation */
  LESC_JOB_KIND_OTHER,
} LescJobKind;

/* Runs in the worker thread; returns the output (freed with the job's output_free) or
 * NULL with `error` set. Must return G_IO_ERROR_CANCELLED promptly when cancelled. */
typedef gpointer (*LescJobWork) (gpointer input, LescProgress *progress, GError **error);

/* Runs in the worker thread: a provisional output made from a solver's frame
 * (progress.h), freed with the job's output_free; NULL to skip the frame. */
typedef gpointer (*LescJobFrameFunc) (gpointer input, const LescProgressFrame *frame);

#define LESC_TYPE_JOB (lesc_job_get_type ())
G_DECLARE_FINAL_TYPE (LescJob, lesc_job, LESC, JOB, GObject)

LescJob *lesc_job_new (LescJobKind kind, const char *title, LescJobWork work, gpointer input,
                       GDestroyNotify input_free, GDestroyNotify output_free);

/* A job over a task someone else made and queues (the session's runs). */
LescJob *lesc_job_new_for_task (LescJobKind kind, const char *title, LescTask *task, gboolean background);

LescJobKind  lesc_job_get_kind (LescJob *self);
const char  *lesc_job_get_title (LescJob *self);
LescJobState lesc_job_get_state (LescJob *self);
gboolean     lesc_job_is_finished (LescJob *self);
/* TRUE once cancelled (a running job stays RUNNING until its worker returns). */
gboolean     lesc_job_is_cancelled (LescJob *self);
double       lesc_job_get_fraction (LescJob *self);
const char  *lesc_job_get_stage (LescJob *self);
/* The error message of a failed job. */
const char  *lesc_job_get_message (LescJob *self);
gpointer     lesc_job_get_input (LescJob *self);
/* The output of a finished job (owned by the job), NULL otherwise. */
gpointer     lesc_job_get_output (LescJob *self);
/* Seconds from start to end (or to now while running). */
double       lesc_job_get_seconds (LescJob *self);

/* Let the work's solvers publish provisional outputs (before the job starts). The latest
 * reaches the main loop as the "provisional" property — at most one pending at a time,
 * so a fast solver never floods the main loop. */
void     lesc_job_set_frame_func (LescJob *self, LescJobFrameFunc func);
/* The latest provisional output (owned by the job), NULL when none yet. */
gpointer lesc_job_get_provisional (LescJob *self);

/* Stop the job: a queued job is marked cancelled at once; a running one is told to stop
 * and is marked cancelled when its worker returns. */
void lesc_job_cancel (LescJob *self);

void     lesc_job_run_async (LescJob *self, GAsyncReadyCallback callback, gpointer user_data);
/* The job's output (borrowed) or NULL with the error. */
gpointer lesc_job_run_finish (LescJob *self, GAsyncResult *result, GError **error);

const char *lesc_job_state_to_string (LescJobState state);

/* Background work (a λ grid, a cross-validation, the comparison, the strip, the converged
 * optimum): it yields to the user's runs and says so. Grids, CVs and the other kinds are
 * background from the start; a run is when set so (before it is queued). */
void     lesc_job_set_background (LescJob *self, gboolean background);
gboolean lesc_job_is_background (LescJob *self);
/* The task the job wraps, and the callback that keeps the job in step with it (the job
 * queue starts the task: session/queue.h). */
LescTask *lesc_job_get_task (LescJob *self);
void      lesc_job_task_changed (LescTask *task, gpointer job);

G_END_DECLS
