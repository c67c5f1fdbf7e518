/* One piece of background work on its own thread: a function with its input, progress
 * and cancel. What the front ends share (the terminal explorer uses it directly; the
 * window's jobs are the same idea wrapped in a GObject).
 *
 * The task is started from a thread that runs a GMainContext (the thread-default one at
 * lesc_task_start); progress and the end reach that context, at most one pending report
 * at a time, and the callback runs there. Everything but the work itself happens on
 * that thread. */
#pragma once
#include "core/base/progress.h"

G_BEGIN_DECLS

typedef enum {
  LESC_TASK_READY,      /* made, not started */
  LESC_TASK_RUNNING,
  LESC_TASK_DONE,
  LESC_TASK_FAILED,
  LESC_TASK_CANCELLED,
} LescTaskState;

typedef struct _LescTask LescTask;

/* Runs on the worker thread: the output, or NULL with `error` set. Must return
 * G_IO_ERROR_CANCELLED promptly once lesc_progress_cancelled() says so. */
typedef gpointer (*LescTaskFunc) (gpointer input, LescProgress *progress, GError **error);
/* Runs on the starting thread: after progress reports and once at the end. */
typedef void (*LescTaskCallback) (LescTask *task, gpointer user_data);

/* The task owns `input` (freed with `input_free`) and its output (`output_free`). */
LescTask *lesc_task_new (LescTaskFunc func, gpointer input, GDestroyNotify input_free,
                         GDestroyNotify output_free);
LescTask *lesc_task_ref (LescTask *t);
void      lesc_task_unref (LescTask *t);

/* Runs on the worker thread: a provisional output made from a solver's frame
 * (progress.h), freed with the task's output_free; NULL to skip the frame. */
typedef gpointer (*LescTaskFrameFunc) (gpointer input, const LescProgressFrame *frame);
/* Let the work's solvers publish provisional outputs (before the start). The latest
 * reaches the starting thread with at most one pending report, and the callback hears of
 * it (lesc_task_get_provisional_serial grows). */
void lesc_task_set_frame_func (LescTask *t, LescTaskFrameFunc func);
/* The latest provisional output (owned by the task), NULL when none yet. */
gpointer lesc_task_get_provisional (LescTask *t);
guint    lesc_task_get_provisional_serial (LescTask *t);

/* Background work: it waits at `gate` while the gate is closed (progress.h); call before
 * lesc_task_start. The task holds a reference. */
void lesc_task_set_gate (LescTask *t, LescGate *gate);
/* TRUE while a running task with a gate finds it closed (its work waits or soon will). */
gboolean lesc_task_is_paused (LescTask *t);

/* Start the worker thread. `callback` (may be NULL) hears of progress and of the end. */
void lesc_task_start (LescTask *t, LescTaskCallback callback, gpointer user_data);
/* Ask the work to stop. A task not started yet is cancelled at once; a running one is
 * CANCELLED when its worker has returned (output from a worker that finished after the
 * cancel is dropped: it was made for stale settings). */
void lesc_task_cancel (LescTask *t);
/* Wait for the worker thread to return (after lesc_task_cancel at shutdown, so that no
 * work outlives its caller); the callback is not called any more. */
void lesc_task_wait (LescTask *t);

LescTaskState lesc_task_get_state (LescTask *t);
gboolean      lesc_task_is_finished (LescTask *t);      /* DONE, FAILED or CANCELLED */
gboolean      lesc_task_is_cancelled (LescTask *t);     /* cancel asked (maybe still running) */
double        lesc_task_get_fraction (LescTask *t);
/* The latest stage the work reported ("" before the first), in the core's English. */
const char   *lesc_task_get_stage (LescTask *t);
gpointer      lesc_task_get_input (LescTask *t);
/* The output of a DONE task (owned by the task), else NULL. */
gpointer      lesc_task_get_output (LescTask *t);
/* The output of a DONE task handed to the caller (free it with the task's output_free);
 * the task keeps nothing. NULL when there is none. */
gpointer      lesc_task_steal_output (LescTask *t);
/* The error message of a FAILED task, else NULL. */
const char   *lesc_task_get_message (LescTask *t);
/* Seconds from start to end (to now while running; 0 before the start). */
double        lesc_task_get_seconds (LescTask *t);

/* CPU seconds of the worker thread from start to end (BLAS threads not counted; 0 until
 * the task has finished). */
double        lesc_task_get_cpu_seconds (LescTask *t);
/* Seconds the work waited at its gate. */
double        lesc_task_get_paused_seconds (LescTask *t);

const char *lesc_task_state_key (LescTaskState s);   /* "ready", "running", "done", … */

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescTask, lesc_task_unref)

G_END_DECLS
