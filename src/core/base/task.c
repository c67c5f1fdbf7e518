/* Background work on a thread; progress and the end are handed to the starting thread's
 * main context through idle sources (one pending progress report at most). */
#include "core/base/task.h"

#include <string.h>
#include <time.h>

struct _LescTask {
  gint ref_count;
  LescTaskFunc func;
  gpointer input;
  GDestroyNotify input_free;
  GDestroyNotify output_free;
  GCancellable *cancellable;
  GThread *thread;
  GMainContext *context;
  LescTaskCallback callback;
  gpointer user_data;

  /* the starting thread's view */
  LescTaskState state;
  double fraction;
  char stage[96];
  gpointer output;
  char *message;
  gint64 start_us, end_us;

  /* written by the worker, read by the idles */
  GMutex lock;
  double pending_fraction;
  char pending_stage[96];
  gint progress_pending;
  gpointer result;
  GError *error;
  double cpu_seconds;
  LescGate *gate;
  double gate_waited0, paused_seconds;   /* the gate's waits at the start; at the end */

  LescTaskFrameFunc frame_func;
  gpointer pending_provisional;  /* the worker's latest, not yet published (under lock) */
  gint frame_pending;
  gpointer provisional;          /* the starting thread's */
  guint provisional_serial;
};

LescTask *
lesc_task_new (LescTaskFunc func, gpointer input, GDestroyNotify input_free,
               GDestroyNotify output_free)
{
  g_return_val_if_fail (func != NULL, NULL);
  LescTask *t = g_new0 (LescTask, 1);
  t->ref_count = 1;
  t->func = func;
  t->input = input;
  t->input_free = input_free;
  t->output_free = output_free;
  t->cancellable = g_cancellable_new ();
  g_mutex_init (&t->lock);
  return t;
}

LescTask *
lesc_task_ref (LescTask *t)
{
  g_atomic_int_inc (&t->ref_count);
  return t;
}

void
lesc_task_unref (LescTask *t)
{
  if (t == NULL || !g_atomic_int_dec_and_test (&t->ref_count))
    return;
  /* The worker holds a reference while it runs: it has returned, or this is its own last
   * reference (the caller and the idles let go first), which it cannot join. */
  if (t->thread != NULL && t->thread == g_thread_self ())
    g_thread_unref (t->thread);
  else if (t->thread != NULL)
    g_thread_join (t->thread);
  if (t->output != NULL && t->output_free != NULL)
    t->output_free (t->output);
  if (t->result != NULL && t->output_free != NULL)
    t->output_free (t->result);
  if (t->output_free != NULL)
    {
      if (t->provisional != NULL)
        t->output_free (t->provisional);
      if (t->pending_provisional != NULL)
        t->output_free (t->pending_provisional);
    }
  if (t->input != NULL && t->input_free != NULL)
    t->input_free (t->input);
  g_clear_error (&t->error);
  g_clear_pointer (&t->gate, lesc_gate_unref);
  g_free (t->message);
  g_clear_object (&t->cancellable);
  g_clear_pointer (&t->context, g_main_context_unref);
  g_mutex_clear (&t->lock);
  g_free (t);
}

LescTaskState lesc_task_get_state (LescTask *t) { return t->state; }
double        lesc_task_get_fraction (LescTask *t) { return t->fraction; }
const char   *lesc_task_get_stage (LescTask *t) { return t->stage; }
gpointer      lesc_task_get_input (LescTask *t) { return t->input; }
gpointer      lesc_task_get_output (LescTask *t) { return t->output; }
const char   *lesc_task_get_message (LescTask *t) { return t->message; }

gpointer
lesc_task_steal_output (LescTask *t)
{
  return g_steal_pointer (&t->output);
}

gboolean
lesc_task_is_finished (LescTask *t)
{
  return t->state >= LESC_TASK_DONE;
}

gboolean
lesc_task_is_cancelled (LescTask *t)
{
  return g_cancellable_is_cancelled (t->cancellable);
}

double
lesc_task_get_seconds (LescTask *t)
{
  if (t->start_us == 0)
    return 0.0;
  gint64 end = t->end_us != 0 ? t->end_us : g_get_monotonic_time ();
  return (double) (end - t->start_us) / 1e6;
}

const char *
lesc_task_state_key (LescTaskState s)
{
  static const char *const keys[] = { "ready", "running", "done", "failed", "cancelled" };
  return s <= LESC_TASK_CANCELLED ? keys[s] : "";
}

static void
notify (LescTask *t)
{
  if (t->callback != NULL)
    t->callback (t, t->user_data);
}

static void
attach_idle (LescTask *t, GSourceFunc func, const char *name)
{
  GSource *source = g_idle_source_new ();
  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, func, lesc_task_ref (t), (GDestroyNotify) lesc_task_unref);
  g_source_set_static_name (source, name);
  g_source_attach (source, t->context);
  g_source_unref (source);
}

/* Starting thread: publish the latest progress the worker left. */
static gboolean
progress_idle (gpointer data)
{
  LescTask *t = data;
  g_mutex_lock (&t->lock);
  double fraction = t->pending_fraction;
  char stage[sizeof t->pending_stage];
  g_strlcpy (stage, t->pending_stage, sizeof stage);
  g_atomic_int_set (&t->progress_pending, 0);
  g_mutex_unlock (&t->lock);
  if (t->state == LESC_TASK_RUNNING && !lesc_task_is_cancelled (t))
    {
      t->fraction = fraction;
      if (stage[0] != '\0')
        g_strlcpy (t->stage, stage, sizeof t->stage);
      notify (t);
    }
  return G_SOURCE_REMOVE;
}

/* Worker thread: keep the numbers, schedule an idle unless one is pending. */
static void
progress_func (double fraction, const char *stage, gpointer data)
{
  LescTask *t = data;
  g_mutex_lock (&t->lock);
  t->pending_fraction = fraction;
  g_strlcpy (t->pending_stage, stage != NULL ? stage : "", sizeof t->pending_stage);
  g_mutex_unlock (&t->lock);
  if (g_atomic_int_compare_and_exchange (&t->progress_pending, 0, 1))
    attach_idle (t, progress_idle, "[lesc] task progress");
}

void
lesc_task_set_frame_func (LescTask *t, LescTaskFrameFunc func)
{
  g_return_if_fail (t->state == LESC_TASK_READY);
  t->frame_func = func;
}

gpointer lesc_task_get_provisional (LescTask *t) { return t->provisional; }
guint    lesc_task_get_provisional_serial (LescTask *t) { return t->provisional_serial; }

/* Starting thread: publish the worker's latest provisional output (a cancelled task's is
 * dropped). */
static gboolean
frame_idle (gpointer data)
{
  LescTask *t = data;
  g_mutex_lock (&t->lock);
  gpointer latest = g_steal_pointer (&t->pending_provisional);
  g_atomic_int_set (&t->frame_pending, 0);
  g_mutex_unlock (&t->lock);
  if (latest == NULL)
    return G_SOURCE_REMOVE;
  if (t->state != LESC_TASK_RUNNING || lesc_task_is_cancelled (t))
    {
      t->output_free (latest);
      return G_SOURCE_REMOVE;
    }
  if (t->provisional != NULL)
    t->output_free (t->provisional);
  t->provisional = latest;
  t->provisional_serial++;
  notify (t);
  return G_SOURCE_REMOVE;
}

/* Worker thread: the frame made into a provisional output replaces any not yet shown. */
static void
frame_func (const LescProgressFrame *frame, gpointer data)
{
  LescTask *t = data;
  if (lesc_task_is_cancelled (t))
    return;
  gpointer made = t->frame_func (t->input, frame);
  if (made == NULL)
    return;
  g_mutex_lock (&t->lock);
  gpointer old = t->pending_provisional;
  t->pending_provisional = made;
  g_mutex_unlock (&t->lock);
  if (old != NULL)
    t->output_free (old);
  if (g_atomic_int_compare_and_exchange (&t->frame_pending, 0, 1))
    attach_idle (t, frame_idle, "[lesc] task frame");
}

/* Starting thread: the worker has returned. */
static gboolean
done_idle (gpointer data)
{
  LescTask *t = data;
  g_mutex_lock (&t->lock);
  gpointer result = g_steal_pointer (&t->result);
  GError *error = g_steal_pointer (&t->error);
  g_mutex_unlock (&t->lock);
  t->end_us = g_get_monotonic_time ();
  if (t->gate != NULL)
    t->paused_seconds = lesc_gate_waited_seconds (t->gate) - t->gate_waited0;
  if (result != NULL && !lesc_task_is_cancelled (t))
    {
      t->output = result;
      t->fraction = 1.0;
      t->state = LESC_TASK_DONE;
    }
  else
    {
      if (result != NULL && t->output_free != NULL)
        t->output_free (result);
      if (lesc_task_is_cancelled (t) || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        t->state = LESC_TASK_CANCELLED;
      else
        {
          t->state = LESC_TASK_FAILED;
          t->message = g_strdup (error != NULL ? error->message : "the work returned nothing");
        }
    }
  g_clear_error (&error);
  notify (t);
  return G_SOURCE_REMOVE;
}

static double
thread_cpu_seconds (void)
{
  struct timespec ts;
  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return 0.0;
  return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

static gpointer
worker (gpointer data)
{
  LescTask *t = data;
  double cpu0 = thread_cpu_seconds ();
  LescProgress progress;
  lesc_progress_init (&progress, progress_func, t, t->cancellable);
  lesc_progress_set_gate (&progress, t->gate);
  if (t->frame_func != NULL && t->output_free != NULL)
    lesc_progress_set_frames (&progress, frame_func, t);
  GError *error = NULL;
  gpointer result = NULL;
  if (!lesc_progress_cancelled (&progress, &error))
    result = t->func (t->input, &progress, &error);
  g_mutex_lock (&t->lock);
  t->result = result;
  t->error = error;
  t->cpu_seconds = thread_cpu_seconds () - cpu0;
  g_mutex_unlock (&t->lock);
  attach_idle (t, done_idle, "[lesc] task done");
  lesc_task_unref (t);
  return NULL;
}

void
lesc_task_start (LescTask *t, LescTaskCallback callback, gpointer user_data)
{
  if (t->state == LESC_TASK_CANCELLED && t->start_us == 0)
    return;   /* cancelled before it started: nothing to run */
  g_return_if_fail (t->state == LESC_TASK_READY);
  t->callback = callback;
  t->user_data = user_data;
  t->context = g_main_context_ref_thread_default ();
  t->start_us = g_get_monotonic_time ();
  if (t->gate != NULL)
    t->gate_waited0 = lesc_gate_waited_seconds (t->gate);
  t->state = LESC_TASK_RUNNING;
  t->thread = g_thread_new ("lesc-task", worker, lesc_task_ref (t));
}

void
lesc_task_set_gate (LescTask *t, LescGate *gate)
{
  g_return_if_fail (t->state == LESC_TASK_READY);
  g_clear_pointer (&t->gate, lesc_gate_unref);
  t->gate = gate != NULL ? lesc_gate_ref (gate) : NULL;
}

gboolean
lesc_task_is_paused (LescTask *t)
{
  return t->state == LESC_TASK_RUNNING && t->gate != NULL && lesc_gate_is_closed (t->gate);
}

double
lesc_task_get_cpu_seconds (LescTask *t)
{
  if (!lesc_task_is_finished (t))
    return 0.0;
  g_mutex_lock (&t->lock);
  double s = t->cpu_seconds;
  g_mutex_unlock (&t->lock);
  return s;
}

double
lesc_task_get_paused_seconds (LescTask *t)
{
  if (t->gate == NULL || t->start_us == 0)
    return 0.0;
  /* one background task runs at a time on a gate: its waits are the gate's since its start */
  return lesc_task_is_finished (t) ? t->paused_seconds : lesc_gate_waited_seconds (t->gate) - t->gate_waited0;
}

void
lesc_task_cancel (LescTask *t)
{
  if (lesc_task_is_finished (t))
    return;
  g_cancellable_cancel (t->cancellable);
  if (t->state == LESC_TASK_READY)
    t->state = LESC_TASK_CANCELLED;
}

void
lesc_task_wait (LescTask *t)
{
  t->callback = NULL;
  if (t->thread != NULL)
    {
      g_thread_join (t->thread);
      t->thread = NULL;
    }
}
