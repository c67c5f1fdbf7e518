/* Background tasks (core/base/task.h): the output of a finished work, progress reaching the
 * starting thread's main context in order, cancel of a running and of a not-started task
 * (the output made for stale settings is dropped), failures with their message, the
 * shutdown wait, the gate that pauses background work, and provisional frames. */
#include "core/base/task.h"
#include "core/base/error.h"

#include <stdio.h>

typedef struct {
  int steps;          /* report this many steps */
  gboolean fail;      /* end with an error */
  gboolean ignore_cancel; /* finish even when cancelled (a worker past its last check) */
  GMutex lock;
  GCond cond;
  gboolean started;
  gboolean release;   /* the test lets the worker go on */
} Work;

static void
work_free (Work *w)
{
  g_mutex_clear (&w->lock);
  g_cond_clear (&w->cond);
  g_free (w);
}

static Work *
work_new (int steps)
{
  Work *w = g_new0 (Work, 1);
  w->steps = steps;
  g_mutex_init (&w->lock);
  g_cond_init (&w->cond);
  return w;
}

/* Waits until the test releases it, then reports `steps` stages; checks the cancel. */
static gpointer
work_func (gpointer input, LescProgress *progress, GError **error)
{
  Work *w = input;
  g_mutex_lock (&w->lock);
  w->started = TRUE;
  g_cond_broadcast (&w->cond);
  while (!w->release)
    g_cond_wait (&w->cond, &w->lock);
  g_mutex_unlock (&w->lock);
  for (int i = 0; i < w->steps; i++)
    {
      if (!w->ignore_cancel && lesc_progress_cancelled (progress, error))
        return NULL;
      char stage[32];
      g_snprintf (stage, sizeof stage, "step %d", i + 1);
      lesc_progress_report (progress, (double) (i + 1) / w->steps, stage);  /* a new stage: always sent */
    }
  if (w->fail)
    {
      g_set_error_literal (error, LESC_ERROR, LESC_ERROR_NUMERIC, "the solver diverged");
      return NULL;
    }
  int *out = g_new (int, 1);
  *out = 42;
  return out;
}

static void
release (Work *w)
{
  g_mutex_lock (&w->lock);
  w->release = TRUE;
  g_cond_broadcast (&w->cond);
  g_mutex_unlock (&w->lock);
}

static void
wait_started (Work *w)
{
  g_mutex_lock (&w->lock);
  while (!w->started)
    g_cond_wait (&w->cond, &w->lock);
  g_mutex_unlock (&w->lock);
}

typedef struct {
  GPtrArray *stages;   /* seen by the callback, in order */
  GArray *fractions;
  int ends;
  GThread *thread;     /* where the callback ran */
} Seen;

static void
callback (LescTask *t, gpointer data)
{
  Seen *s = data;
  g_assert_true (g_thread_self () == s->thread);
  if (lesc_task_is_finished (t))
    s->ends++;
  else
    {
      g_ptr_array_add (s->stages, g_strdup (lesc_task_get_stage (t)));
      double f = lesc_task_get_fraction (t);
      g_array_append_val (s->fractions, f);
    }
}

static void
seen_init (Seen *s)
{
  s->stages = g_ptr_array_new_with_free_func (g_free);
  s->fractions = g_array_new (FALSE, FALSE, sizeof (double));
  s->ends = 0;
  s->thread = g_thread_self ();
}

static void
seen_clear (Seen *s)
{
  g_ptr_array_unref (s->stages);
  g_array_unref (s->fractions);
}

static void
iterate_until_finished (LescTask *t)
{
  while (!lesc_task_is_finished (t))
    g_main_context_iteration (NULL, TRUE);
}

static void
test_done (void)
{
  Work *w = work_new (3);
  g_autoptr (LescTask) t = lesc_task_new (work_func, w, (GDestroyNotify) work_free, g_free);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_READY);
  g_assert_null (lesc_task_get_output (t));
  Seen seen;
  seen_init (&seen);
  lesc_task_start (t, callback, &seen);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_RUNNING);
  release (w);
  iterate_until_finished (t);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_DONE);
  g_assert_cmpstr (lesc_task_state_key (lesc_task_get_state (t)), ==, "done");
  g_assert_cmpint (*(int *) lesc_task_get_output (t), ==, 42);
  g_assert_null (lesc_task_get_message (t));
  g_assert_cmpfloat (lesc_task_get_fraction (t), ==, 1.0);
  g_assert_cmpint (seen.ends, ==, 1);
  /* Reports may be merged (one pending at a time), but what arrives is in order and the
   * fractions belong to their stages. */
  g_assert_cmpuint (seen.stages->len, >=, 1);
  for (guint i = 0; i < seen.stages->len; i++)
    {
      int step = 0;
      g_assert_cmpint (sscanf (g_ptr_array_index (seen.stages, i), "step %d", &step), ==, 1);
      g_assert_cmpfloat_with_epsilon (g_array_index (seen.fractions, double, i), step / 3.0, 1e-12);
      if (i > 0)
        g_assert_cmpfloat (g_array_index (seen.fractions, double, i), >, g_array_index (seen.fractions, double, i - 1));
    }
  g_assert_cmpstr (lesc_task_get_stage (t), ==, g_ptr_array_index (seen.stages, seen.stages->len - 1));
  g_assert_cmpfloat (lesc_task_get_seconds (t), >=, 0.0);
  /* The output handed over: the task frees nothing more. */
  int *out = lesc_task_steal_output (t);
  g_assert_cmpint (*out, ==, 42);
  g_assert_null (lesc_task_get_output (t));
  g_free (out);
  seen_clear (&seen);
}

static void
test_failed (void)
{
  Work *w = work_new (1);
  w->fail = TRUE;
  g_autoptr (LescTask) t = lesc_task_new (work_func, w, (GDestroyNotify) work_free, g_free);
  Seen seen;
  seen_init (&seen);
  lesc_task_start (t, callback, &seen);
  release (w);
  iterate_until_finished (t);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_FAILED);
  g_assert_cmpstr (lesc_task_get_message (t), ==, "the solver diverged");
  g_assert_null (lesc_task_get_output (t));
  g_assert_cmpint (seen.ends, ==, 1);
  seen_clear (&seen);
}

/* Cancelled while running: the work sees the cancel at its next check. */
static void
test_cancel_running (void)
{
  Work *w = work_new (5);
  g_autoptr (LescTask) t = lesc_task_new (work_func, w, (GDestroyNotify) work_free, g_free);
  Seen seen;
  seen_init (&seen);
  lesc_task_start (t, callback, &seen);
  wait_started (w);
  lesc_task_cancel (t);
  g_assert_true (lesc_task_is_cancelled (t));
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_RUNNING);  /* until the worker returns */
  release (w);
  iterate_until_finished (t);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_CANCELLED);
  g_assert_null (lesc_task_get_output (t));
  g_assert_null (lesc_task_get_message (t));
  g_assert_cmpuint (seen.stages->len, ==, 0);   /* no progress after the cancel */
  g_assert_cmpint (seen.ends, ==, 1);
  seen_clear (&seen);
}

/* A worker that finishes after the cancel anyway: its output is for stale settings. */
static void
test_cancel_output_dropped (void)
{
  Work *w = work_new (2);
  w->ignore_cancel = TRUE;
  g_autoptr (LescTask) t = lesc_task_new (work_func, w, (GDestroyNotify) work_free, g_free);
  lesc_task_start (t, NULL, NULL);
  wait_started (w);
  lesc_task_cancel (t);
  release (w);
  iterate_until_finished (t);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_CANCELLED);
  g_assert_null (lesc_task_get_output (t));
}

static void
test_cancel_before_start (void)
{
  Work *w = work_new (1);
  w->release = TRUE;
  g_autoptr (LescTask) t = lesc_task_new (work_func, w, (GDestroyNotify) work_free, g_free);
  lesc_task_cancel (t);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_CANCELLED);
  lesc_task_start (t, NULL, NULL);      /* nothing runs */
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_CANCELLED);
  g_assert_false (w->started);
  g_assert_cmpfloat (lesc_task_get_seconds (t), ==, 0.0);
}

/* Shutdown: cancel, wait; the callback is not called afterwards and the task can go. */
static void
test_wait (void)
{
  Work *w = work_new (3);
  LescTask *t = lesc_task_new (work_func, w, (GDestroyNotify) work_free, g_free);
  Seen seen;
  seen_init (&seen);
  lesc_task_start (t, callback, &seen);
  wait_started (w);
  lesc_task_cancel (t);
  release (w);
  lesc_task_wait (t);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpint (seen.ends, ==, 0);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_CANCELLED);
  lesc_task_unref (t);
  seen_clear (&seen);
}

/* The caller drops its reference while the work runs: the task lives until the end. */
static void
test_unref_while_running (void)
{
  Work *w = work_new (2);
  LescTask *t = lesc_task_new (work_func, w, (GDestroyNotify) work_free, g_free);
  LescTask *watch = lesc_task_ref (t);
  lesc_task_start (t, NULL, NULL);
  lesc_task_unref (t);
  release (w);
  iterate_until_finished (watch);
  g_assert_cmpint (*(int *) lesc_task_get_output (watch), ==, 42);
  lesc_task_unref (watch);
}

/* ---- the gate: background work waits while it is closed ------------------------------------ */

typedef struct {
  gint checks;          /* cancel checks passed */
  gint stop;            /* the test ends the work */
} Loop;

static gpointer
loop_func (gpointer input, LescProgress *progress, GError **error)
{
  Loop *l = input;
  while (!g_atomic_int_get (&l->stop))
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      g_atomic_int_inc (&l->checks);
      g_usleep (1000);
    }
  return g_new0 (int, 1);
}

static void
test_gate (void)
{
  Loop *l = g_new0 (Loop, 1);
  g_autoptr (LescGate) gate = lesc_gate_new ();
  LescTask *t = lesc_task_new (loop_func, l, g_free, g_free);
  lesc_task_set_gate (t, gate);
  lesc_gate_close (gate);
  lesc_gate_close (gate);   /* nested */
  g_assert_true (lesc_gate_is_closed (gate));
  lesc_task_start (t, NULL, NULL);
  g_assert_true (lesc_task_is_paused (t));
  g_usleep (200000);
  g_assert_cmpint (g_atomic_int_get (&l->checks), ==, 0);   /* waits at its first check */
  g_assert_cmpfloat (lesc_task_get_paused_seconds (t), >=, 0.15);
  lesc_gate_open (gate);
  g_assert_true (lesc_gate_is_closed (gate));   /* one close left */
  g_usleep (50000);
  g_assert_cmpint (g_atomic_int_get (&l->checks), ==, 0);
  lesc_gate_open (gate);
  g_assert_false (lesc_task_is_paused (t));
  while (g_atomic_int_get (&l->checks) < 5)
    g_usleep (1000);
  /* closed again: the work stops at its next check; a cancel ends the wait */
  lesc_gate_close (gate);
  g_usleep (50000);
  gint held = g_atomic_int_get (&l->checks);
  g_usleep (100000);
  g_assert_cmpint (g_atomic_int_get (&l->checks), <=, held + 1);
  lesc_task_cancel (t);
  iterate_until_finished (t);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_CANCELLED);
  double paused = lesc_task_get_paused_seconds (t);
  g_assert_cmpfloat (paused, >=, 0.3);
  g_assert_cmpfloat (paused, <=, lesc_task_get_seconds (t));
  lesc_task_unref (t);
}

/* ---- provisional frames ------------------------------------------------------------------ */

static gpointer
frames_func (gpointer input, LescProgress *progress, GError **error)
{
  double values[2];
  for (guint i = 1; i <= 5; i++)
    {
      values[0] = i;
      values[1] = 10.0 * i;
      LescProgressFrame f = { i, 5, 1.0 / i, values, 1, 2, i == 5 };
      lesc_progress_frame (progress, &f);
      g_usleep (120000);   /* longer than the frame interval: every frame is due */
    }
  return g_new0 (int, 1);
}

static gpointer
make_frame (gpointer input, const LescProgressFrame *frame)
{
  int *copy = g_new (int, 1);
  *copy = (int) frame->values[1];
  return copy;
}

typedef struct {
  guint serial;
  GArray *seen;   /* the provisional values, in order */
} Frames;

static void
frames_cb (LescTask *t, gpointer data)
{
  Frames *f = data;
  if (lesc_task_get_provisional_serial (t) != f->serial)
    {
      f->serial = lesc_task_get_provisional_serial (t);
      int v = *(int *) lesc_task_get_provisional (t);
      g_array_append_val (f->seen, v);
    }
}

static void
test_frames (void)
{
  LescTask *t = lesc_task_new (frames_func, NULL, NULL, g_free);
  lesc_task_set_frame_func (t, make_frame);
  Frames f = { 0, g_array_new (FALSE, FALSE, sizeof (int)) };
  lesc_task_start (t, frames_cb, &f);
  iterate_until_finished (t);
  g_assert_cmpint (lesc_task_get_state (t), ==, LESC_TASK_DONE);
  /* in order, without repeats, the final one (50) among them */
  g_assert_cmpuint (f.seen->len, >=, 2);
  for (guint i = 1; i < f.seen->len; i++)
    g_assert_cmpint (g_array_index (f.seen, int, i), >, g_array_index (f.seen, int, i - 1));
  g_assert_cmpint (g_array_index (f.seen, int, f.seen->len - 1), ==, 50);
  g_assert_cmpint (*(int *) lesc_task_get_provisional (t), ==, 50);
  g_array_unref (f.seen);
  lesc_task_unref (t);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/task/done", test_done);
  g_test_add_func ("/task/failed", test_failed);
  g_test_add_func ("/task/cancel-running", test_cancel_running);
  g_test_add_func ("/task/cancel-output-dropped", test_cancel_output_dropped);
  g_test_add_func ("/task/cancel-before-start", test_cancel_before_start);
  g_test_add_func ("/task/wait", test_wait);
  g_test_add_func ("/task/unref-while-running", test_unref_while_running);
  g_test_add_func ("/task/gate", test_gate);
  g_test_add_func ("/task/frames", test_frames);
  return g_test_run ();
}
