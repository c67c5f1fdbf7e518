/* The explorer's state and its work queue. */
#include "config.h"
#include "session/session-private.h"
#include "session/provisional.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

/* Pause between a change and the automatic run it causes: a held arrow key (25–30 a
 * second) still makes one run, and a typed value is not kept waiting. */
#define AUTO_RUN_DELAY_MS 50

static void
work_free (LescSessionWork *w)
{
  lesc_session_data_release (w->data);
  lesc_experiment_request_free (w->request);
  g_free (w->title);
  g_free (w->dataset);
  g_free (w->checksum);
  g_free (w);
}

/* Worker thread. */
static gpointer
work_func (gpointer input, LescProgress *progress, GError **error)
{
  LescSessionWork *w = input;
  if (w->kind != LESC_WORK_RUN)
    return lesc_experiment_request_run (w->request, progress, error);
  if (w->face == NULL)
    return lesc_run_outcome_compute (w->m, w->data->ds, &w->params, w->cache, progress, error);
  LescRunParams p = w->params;
  if (w->m->smoothness != NULL)
    p.trace_bytes = w->face->trace_bytes;
  LescRunOutcome *o = lesc_run_outcome_compute (w->m, w->data->ds, &p, w->cache, progress, error);
  if (o == NULL)
    return NULL;
  o->params = w->params;
  return w->face->wrap (o, w->data->owner, error);
}

/* Worker thread: the face's provisional object of a frame; without a face's objects a
 * provisional outcome (session/provisional.h). The final frame is not made into one: the
 * run's result follows it at once. */
static gpointer
work_frame (gpointer input, const LescProgressFrame *frame)
{
  LescSessionWork *w = input;
  if (w->face != NULL)
    return w->face->frame (w->m, &w->params, w->data->owner, frame);
  return frame->final ? NULL : lesc_provisional_outcome_new (w->m, &w->params, w->data->ds, frame);
}

void
lesc_session_notify (LescSession *s)
{
  if (s->changed != NULL)
    s->changed (s, s->changed_data);
}

void
lesc_session_set_message (LescSession *s, gboolean is_error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_free (s->message);
  s->message = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  s->message_error = is_error;
  lesc_session_notify (s);
}

const char *
lesc_session_message (LescSession *s, gboolean *is_error)
{
  if (is_error != NULL)
    *is_error = s->message_error;
  return s->message != NULL ? s->message : "";
}

static void queue_changed (LescQueue *q, LescTask *t, gpointer data);
static void kept_free (gpointer p);

LescSession *
lesc_session_new (const char *store_path, const LescOpenOptions *open, LescSessionChanged changed,
                  gpointer data)
{
  LescSession *s = g_new0 (LescSession, 1);
  s->store_path = g_strdup (store_path);
  if (open != NULL)
    s->open = *open;
  s->data_dir = g_strdup (s->open.data_dir);
  s->open.data_dir = s->data_dir;
  s->changed = changed;
  s->changed_data = data;
  s->seed = 5489;
  s->variant = LESC_VARIANT_REFERENCE;
  s->kl = LESC_KL_TRUTH_RECOVERED;
  s->auto_run = TRUE;
  s->auto_run_delay = AUTO_RUN_DELAY_MS;
  s->tasks = g_hash_table_new (g_direct_hash, g_direct_equal);
  s->last_grid = -1;
  s->cache = lesc_run_cache_new (0.0);   /* what runs share: λ₁ moves reuse it */
  s->queue = lesc_queue_new (queue_changed, s);
  s->kept = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) kept_free);
  g_queue_init (&s->kept_order);
  s->recent = g_ptr_array_new_with_free_func (g_free);
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  s->n_methods = MIN (n, LESC_SESSION_MAX_METHODS);
  for (guint i = 0; i < s->n_methods; i++)
    {
      s->methods[i].method = all[i];
      lesc_run_params_init (&s->methods[i].params, all[i]);
      s->methods[i].params.seed = s->seed;
      s->methods[i].params.variant = s->variant;
    }
  return s;
}

/* ---- results kept for reuse ------------------------------------------------------------ */

/* How many finished results are kept beside the current ones (going back to earlier
 * settings, or to a data set opened before, reuses them). */
#define KEPT_MAX 24

/* A result: the face's object when there is one (it holds the outcome), else the outcome. */
typedef struct {
  LescRunOutcome *outcome;
  gpointer view;
  GDestroyNotify view_free;
} Kept;

static void
result_free (GDestroyNotify view_free, LescRunOutcome *o, gpointer view)
{
  if (view != NULL)
    view_free (view);
  else
    lesc_run_outcome_free (o);
}

static void
kept_free (gpointer p)
{
  Kept *k = p;
  result_free (k->view_free, k->outcome, k->view);
  g_free (k);
}

/* Method m's current result and its provenance dropped. */
static void
clear_current (LescSession *s, LescSessionMethod *m)
{
  result_free (s->face.free, m->outcome, m->view);
  m->outcome = NULL;
  m->view = NULL;
  g_clear_pointer (&m->provenance, lesc_provenance_free);
}

/* The key of a run: the data, the method and everything the run depends on. */
static char *
run_key (const char *checksum, const LescMethod *m, const LescRunParams *p)
{
  GString *k = g_string_new (checksum);
  g_string_append_printf (k, "|%s", m->name);
  for (guint i = 0; i < m->n_params; i++)
    g_string_append_printf (k, "|%a", p->values[i]);
  g_string_append_printf (k, "|%u|%d|%d|%d|%d|%d", m->uses_seed ? p->seed : 0,
                          m->uses_variant ? (int) p->variant : 0, p->c_paper_orientation,
                          p->tensor_fft_views, p->odd_n_single_shrink, (int) p->flavour);
  return g_string_free (k, FALSE);
}

/* Keep `o` with its face object `view` and its provenance `pv` (all taken) for reuse. */
static void
keep (LescSession *s, LescRunOutcome *o, gpointer view, LescProvenance *pv)
{
  if (o == NULL || pv == NULL || pv->state != LESC_TASK_DONE)
    {
      if (o != NULL)
        result_free (s->face.free, o, view);
      lesc_provenance_free (pv);
      return;
    }
  char *key = run_key (pv->checksum, pv->method, &pv->params);
  lesc_provenance_free (pv);
  if (g_hash_table_contains (s->kept, key))
    {
      result_free (s->face.free, o, view);
      g_free (key);
      return;
    }
  Kept *k = g_new (Kept, 1);
  *k = (Kept) { o, view, s->face.free };
  g_hash_table_insert (s->kept, key, k);
  g_queue_push_tail (&s->kept_order, g_strdup (key));
  while (g_queue_get_length (&s->kept_order) > KEPT_MAX)
    {
      g_autofree char *oldest = g_queue_pop_head (&s->kept_order);
      g_hash_table_remove (s->kept, oldest);
    }
}

/* The kept result of method i's current settings on the open data, handed over; or NULL. */
static Kept *
take_kept (LescSession *s, guint i)
{
  LescSessionMethod *m = &s->methods[i];
  g_autofree char *key = run_key (s->data->ds->checksum, m->method, &m->params);
  gpointer orig_key = NULL, value = NULL;
  if (!g_hash_table_lookup_extended (s->kept, key, &orig_key, &value))
    return NULL;
  g_hash_table_steal (s->kept, key);
  g_free (orig_key);
  GList *l = g_queue_find_custom (&s->kept_order, key, (GCompareFunc) g_strcmp0);
  if (l != NULL)
    {
      g_free (l->data);
      g_queue_delete_link (&s->kept_order, l);
    }
  return value;
}

static void
clear_stale (LescSession *s, LescSessionMethod *m)
{
  if (m->stale != NULL)
    result_free (s->face.free, m->stale, m->stale_view);
  m->stale = NULL;
  m->stale_view = NULL;
  g_clear_pointer (&m->stale_provenance, lesc_provenance_free);
}

/* The stale result is replaced: kept for reuse. */
static void
retire_stale (LescSession *s, LescSessionMethod *m)
{
  if (m->stale != NULL)
    keep (s, g_steal_pointer (&m->stale), g_steal_pointer (&m->stale_view), g_steal_pointer (&m->stale_provenance));
  clear_stale (s, m);
}

/* Another data set: nothing of the old one is shown (the results are kept for reuse). */
static void
clear_results (LescSession *s)
{
  for (guint i = 0; i < s->n_methods; i++)
    {
      LescSessionMethod *m = &s->methods[i];
      if (m->outcome != NULL)
        keep (s, g_steal_pointer (&m->outcome), g_steal_pointer (&m->view), g_steal_pointer (&m->provenance));
      retire_stale (s, m);
      g_clear_pointer (&m->failure, g_free);
    }
  for (guint i = 0; i < LESC_SESSION_MAX_METHODS; i++)
    g_clear_pointer (&s->grids[i], lesc_grid_free);
  s->last_grid = -1;
  g_clear_pointer (&s->cv, lesc_cv_result_free);
  s->version++;
}

static void
mark_cancelled (gpointer task, gpointer data)
{
  LescSession *s = data;
  LescSessionWork *w = lesc_task_get_input (task);
  w->user_cancelled = s->cancel_by_user;
  if (w->kind == LESC_WORK_RUN && s->methods[w->method].task == task)
    s->methods[w->method].task = NULL;
}

static gboolean
is_own (LescTask *t, gpointer data)
{
  LescSession *s = data;
  return g_hash_table_contains (s->tasks, t);
}

/* The session's own tasks only: a face's work in the queue is the face's. */
static guint
cancel_all (LescSession *s, int priority, gboolean by_user)
{
  s->cancel_by_user = by_user;
  return lesc_queue_cancel_matching (s->queue, priority, is_own, mark_cancelled, s);
}

/* A change waits for its run: the background work pauses from now on, not only once
 * the run is queued. */
static void
hold (LescSession *s, gboolean on)
{
  if (s->held != on)
    lesc_queue_hold (s->queue, on);
  s->held = on;
}

/* No automatic run is pending (any more). */
static void
stop_auto_run (LescSession *s)
{
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  hold (s, FALSE);
}

/* The open data set is about to be replaced: no automatic run pending, the session's tasks
 * cancelled, the results set aside for reuse. */
void
lesc_session_stop_work (LescSession *s)
{
  stop_auto_run (s);
  cancel_all (s, -1, FALSE);
  clear_results (s);
}

void
lesc_session_free (LescSession *s)
{
  if (s == NULL)
    return;
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  /* the workers stop and are waited for before their data goes */
  lesc_queue_free (s->queue);
  g_hash_table_unref (s->tasks);
  for (guint i = 0; i < s->n_methods; i++)
    s->methods[i].task = NULL;
  for (guint i = 0; i < s->n_methods; i++)
    {
      LescSessionMethod *m = &s->methods[i];
      clear_current (s, m);
      clear_stale (s, m);
      g_clear_pointer (&m->failure, g_free);
    }
  for (guint i = 0; i < LESC_SESSION_MAX_METHODS; i++)
    g_clear_pointer (&s->grids[i], lesc_grid_free);
  g_clear_pointer (&s->cv, lesc_cv_result_free);
  g_clear_pointer (&s->table, lesc_recovery_table_free);
  g_hash_table_unref (s->kept);
  g_queue_clear_full (&s->kept_order, g_free);
  g_ptr_array_unref (s->recent);
  lesc_session_data_release (s->data);
  lesc_run_cache_free (s->cache);
  g_free (s->spec);
  g_free (s->data_dir);
  g_free (s->store_path);
  g_free (s->message);
  g_free (s);
}

/* ---- the queue ------------------------------------------------------------------------ */

static void
run_finished (LescSession *s, LescTask *t, LescSessionWork *w)
{
  LescSessionMethod *m = &s->methods[w->method];
  /* Only the run for the current settings on the open data lands; a run made stale by a
   * change (or another data set) is dropped even when it finished. */
  gboolean current = m->task == t && s->data != NULL && g_strcmp0 (w->checksum, s->data->ds->checksum) == 0
                     && lesc_run_params_equal (m->method, &w->params, &m->params);
  if (m->task == t)
    m->task = NULL;
  if (!current)
    return;
  LescTaskState state = lesc_task_get_state (t);
  if (state == LESC_TASK_DONE)
    {
      /* the method keeps it (a face's object is shared with its task's output) */
      gpointer out = w->face != NULL ? w->face->ref (lesc_task_get_output (t)) : lesc_task_steal_output (t);
      clear_current (s, m);
      m->view = w->face != NULL ? out : NULL;
      m->outcome = w->face != NULL ? (LescRunOutcome *) w->face->outcome (out) : out;
      LescRunOutcome *o = m->outcome;
      m->provenance = lesc_provenance_new (w->dataset, w->checksum, m->method, &w->params, t, o, w->background);
      retire_stale (s, m);
      s->version++;
      g_autofree char *warning = lesc_provenance_short_warning (m->provenance);
      if (warning != NULL)
        lesc_session_set_message (s, TRUE, "%s: %s", w->title, warning);
      else
        /* TRANSLATORS: status line: "LESC on artificial: done in 2.1 s" (the run's own time) */
        lesc_session_set_message (s, FALSE, _("%s: done in %.1f s"), w->title, m->provenance->wall_seconds);
    }
  else if (state == LESC_TASK_FAILED)
    {
      g_free (m->failure);
      m->failure = g_strdup (lesc_task_get_message (t));
      s->version++;
      lesc_session_set_message (s, TRUE, _("%s failed: %s"), w->title, m->failure);
    }
}


/* A new provisional frame of method i's current run: what lesc_session_shown gives moved. */
static void
note_frame (LescSession *s, LescTask *t)
{
  if (t == NULL || !g_hash_table_contains (s->tasks, t))
    return;
  LescSessionWork *w = lesc_task_get_input (t);
  guint serial = lesc_task_get_provisional_serial (t);
  if (w->kind != LESC_WORK_RUN || serial == w->frames_seen)
    return;
  w->frames_seen = serial;
  if (s->methods[w->method].task == t && lesc_task_get_provisional (t) != NULL)
    s->frames++;
}

static void
queue_changed (LescQueue *q, LescTask *t, gpointer data)
{
  LescSession *s = data;
  if (t == NULL || !lesc_task_is_finished (t) || !g_hash_table_remove (s->tasks, t))
    {
      note_frame (s, t);
      lesc_session_notify (s);   /* progress, a frame, or the queue moved (or a face's own work ended) */
      return;
    }
  LescSessionWork *w = lesc_task_get_input (t);
  if (lesc_task_get_state (t) == LESC_TASK_CANCELLED && w->user_cancelled)
    /* TRANSLATORS: status line: "Cancelled: gLESC on yeast-alpha (after 1.3 s)" */
    lesc_session_set_message (s, FALSE, _("Cancelled: %s (after %.1f s)"), w->title, lesc_task_get_seconds (t));
  if (w->kind == LESC_WORK_RUN)
    run_finished (s, t, w);
  else
    lesc_session_experiment_finished (s, t, w);
  lesc_session_notify (s);
}

static LescTask *
task_new (LescSessionWork *w, GDestroyNotify output_free)
{
  return lesc_task_new (work_func, w, (GDestroyNotify) work_free, output_free);
}

/* Queue `t` (the session owns it). The caller has noted the task where it belongs before:
 * the listeners may change things at once. */
static void
enqueue (LescSession *s, LescTask *t)
{
  LescSessionWork *w = lesc_task_get_input (t);
  g_hash_table_add (s->tasks, t);
  LescTaskCallback watch = NULL;
  gpointer watch_data = NULL;
  if (s->has_face && s->face.queued != NULL)
    watch = s->face.queued (s, t, s->face.data, &watch_data);
  lesc_queue_push_full (s->queue, t, w->background ? LESC_PRIORITY_BACKGROUND : LESC_PRIORITY_FOREGROUND,
                        watch, watch_data);
  lesc_session_notify (s);
}

void
lesc_session_enqueue_work (LescSession *s, LescSessionWork *w, GDestroyNotify output_free)
{
  enqueue (s, task_new (w, output_free));
}

/* The session's own tasks only (a face's work in the queue is not the session's). */
LescTask *
lesc_session_running_in (LescSession *s, LescPriority priority)
{
  LescTask *t = lesc_queue_running (s->queue, priority);
  return t != NULL && g_hash_table_contains (s->tasks, t) ? t : NULL;
}

LescTask *
lesc_session_running (LescSession *s)
{
  LescTask *t = lesc_session_running_in (s, LESC_PRIORITY_FOREGROUND);
  return t != NULL ? t : lesc_session_running_in (s, LESC_PRIORITY_BACKGROUND);
}

LescWorkKind
lesc_session_task_kind (LescTask *t)
{
  return ((LescSessionWork *) lesc_task_get_input (t))->kind;
}

int
lesc_session_task_method (LescTask *t)
{
  LescSessionWork *w = lesc_task_get_input (t);
  return w->kind == LESC_WORK_RUN ? (int) w->method : -1;
}

const LescRunParams *
lesc_session_task_params (LescTask *t)
{
  LescSessionWork *w = lesc_task_get_input (t);
  return w->kind == LESC_WORK_RUN ? &w->params : NULL;
}

gboolean
lesc_session_task_is_current (LescSession *s, LescTask *t)
{
  if (!g_hash_table_contains (s->tasks, t) || lesc_session_task_kind (t) != LESC_WORK_RUN)
    return FALSE;
  return s->methods[lesc_session_task_method (t)].task == t;
}

const char *
lesc_session_task_title (LescTask *t)
{
  return t != NULL ? ((LescSessionWork *) lesc_task_get_input (t))->title : "";
}

gboolean
lesc_session_task_is_background (LescTask *t)
{
  return t != NULL && ((LescSessionWork *) lesc_task_get_input (t))->background;
}

const char *
lesc_session_running_title (LescSession *s)
{
  return lesc_session_task_title (lesc_session_running (s));
}

guint
lesc_session_n_waiting (LescSession *s)
{
  guint n = lesc_queue_n_waiting (s->queue, LESC_PRIORITY_FOREGROUND) + lesc_queue_n_waiting (s->queue, LESC_PRIORITY_BACKGROUND);
  /* the background task that runs beside a foreground one counts as waiting for it */
  if (lesc_queue_running (s->queue, LESC_PRIORITY_FOREGROUND) != NULL && lesc_queue_running (s->queue, LESC_PRIORITY_BACKGROUND) != NULL)
    n++;
  return n;
}

gboolean
lesc_session_cancel (LescSession *s)
{
  LescTask *running = lesc_session_running (s);
  gboolean any = g_hash_table_size (s->tasks) > 0;
  stop_auto_run (s);
  gboolean was_cancelled = running != NULL && lesc_task_is_cancelled (running);
  cancel_all (s, -1, TRUE);
  if (running != NULL && !was_cancelled)
    /* TRANSLATORS: status line while the worker stops */
    lesc_session_set_message (s, FALSE, _("Cancelling %s…"), lesc_session_task_title (running));
  lesc_session_notify (s);
  return any;
}

/* ---- methods ---------------------------------------------------------------------------- */

/* The run of method i for its current settings is no longer wanted: its result moves aside
 * as stale (shown dimmed until replaced). */
static void
drop_stale (LescSession *s, guint i)
{
  LescSessionMethod *m = &s->methods[i];
  if (m->task != NULL)
    {
      lesc_queue_cancel (s->queue, m->task);
      m->task = NULL;
    }
  if (m->outcome != NULL)
    {
      retire_stale (s, m);
      m->stale = g_steal_pointer (&m->outcome);
      m->stale_view = g_steal_pointer (&m->view);
      m->stale_provenance = g_steal_pointer (&m->provenance);
      s->version++;
    }
  g_clear_pointer (&m->failure, g_free);
}

static gboolean
auto_run_cb (gpointer data)
{
  LescSession *s = data;
  s->auto_run_id = 0;
  lesc_session_run (s);
  return G_SOURCE_REMOVE;
}

/* A change queues its run after a pause; another change in the pause moves it on, so a
 * drag computes its last value. The background work waits from the change on. */
void
lesc_session_schedule_auto_run (LescSession *s)
{
  if (!s->auto_run)
    return;
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  hold (s, TRUE);
  s->auto_run_id = g_timeout_add (s->auto_run_delay, auto_run_cb, s);
}

void
lesc_session_set_auto_run_delay (LescSession *s, guint ms)
{
  s->auto_run_delay = ms;
}

void
lesc_session_set_face (LescSession *s, const LescSessionFace *face)
{
  s->face = *face;
  s->has_face = TRUE;
}

LescQueue *
lesc_session_queue (LescSession *s)
{
  return s->queue;
}

guint lesc_session_n_methods (LescSession *s) { return s->n_methods; }
guint32 lesc_session_seed (LescSession *s) { return s->seed; }
LescVariant lesc_session_variant (LescSession *s) { return s->variant; }
gboolean lesc_session_auto_run (LescSession *s) { return s->auto_run; }
LescKlDirection lesc_session_kl (LescSession *s) { return s->kl; }
guint lesc_session_version (LescSession *s) { return s->version; }
guint lesc_session_frames (LescSession *s) { return s->frames; }
const char *lesc_session_spec (LescSession *s) { return s->spec; }
const char *lesc_session_data_dir (LescSession *s) { return s->data_dir; }
const char *lesc_session_store_path (LescSession *s) { return s->store_path; }

LescSessionMethod *
lesc_session_method (LescSession *s, guint i)
{
  return i < s->n_methods ? &s->methods[i] : NULL;
}

int
lesc_session_find_method (LescSession *s, const char *name)
{
  for (guint i = 0; i < s->n_methods; i++)
    if (g_ascii_strcasecmp (s->methods[i].method->name, name) == 0)
      return (int) i;
  return -1;
}

const LescDataset *
lesc_session_dataset (LescSession *s)
{
  return s->data != NULL ? s->data->ds : NULL;
}

void
lesc_session_set_value (LescSession *s, guint i, guint param, double value)
{
  LescSessionMethod *m = &s->methods[i];
  if (param >= m->method->n_params || m->params.values[param] == value)
    return;
  drop_stale (s, i);
  m->params.values[param] = value;
  if (m->ticked)
    lesc_session_schedule_auto_run (s);
  lesc_session_notify (s);
}

void
lesc_session_set_params (LescSession *s, guint i, const LescRunParams *params)
{
  LescSessionMethod *m = &s->methods[i];
  if (lesc_run_params_equal (m->method, &m->params, params))
    {
      m->params = *params;   /* what the method does not use */
      return;
    }
  drop_stale (s, i);
  m->params = *params;
  if (m->ticked)
    lesc_session_schedule_auto_run (s);
  lesc_session_notify (s);
}

void
lesc_session_set_ticked (LescSession *s, guint i, gboolean ticked)
{
  LescSessionMethod *m = &s->methods[i];
  if (m->ticked == ticked)
    return;
  m->ticked = ticked;
  s->version++;
  if (ticked)
    lesc_session_schedule_auto_run (s);
  else if (m->task != NULL)
    {
      /* an unticked method's run is not wanted; its result stays for a tick back */
      lesc_queue_cancel (s->queue, m->task);
      m->task = NULL;
    }
  lesc_session_notify (s);
}

void
lesc_session_set_seed (LescSession *s, guint32 seed)
{
  if (s->seed == seed)
    return;
  s->seed = seed;
  for (guint i = 0; i < s->n_methods; i++)
    {
      LescRunParams p = s->methods[i].params;
      p.seed = seed;
      if (!lesc_run_params_equal (s->methods[i].method, &p, &s->methods[i].params))
        drop_stale (s, i);
      s->methods[i].params.seed = seed;
    }
  lesc_session_schedule_auto_run (s);
  lesc_session_notify (s);
}

void
lesc_session_set_variant (LescSession *s, LescVariant variant)
{
  if (s->variant == variant)
    return;
  s->variant = variant;
  for (guint i = 0; i < s->n_methods; i++)
    {
      if (s->methods[i].method->uses_variant)
        drop_stale (s, i);
      s->methods[i].params.variant = variant;
    }
  lesc_session_schedule_auto_run (s);
  lesc_session_notify (s);
}

void
lesc_session_set_auto_run (LescSession *s, gboolean on)
{
  s->auto_run = on;
  if (on)
    lesc_session_schedule_auto_run (s);
  else
    stop_auto_run (s);
  lesc_session_notify (s);
}

void
lesc_session_set_kl (LescSession *s, LescKlDirection kl)
{
  s->kl = kl;
  s->version++;
  lesc_session_notify (s);
}

guint
lesc_session_run (LescSession *s)
{
  stop_auto_run (s);
  if (s->data == NULL)
    return 0;
  guint queued = 0;
  for (guint i = 0; i < s->n_methods; i++)
    {
      LescSessionMethod *m = &s->methods[i];
      if (!m->ticked || m->outcome != NULL || m->task != NULL || m->failure != NULL)
        continue;
      Kept *kept = take_kept (s, i);
      if (kept != NULL)
        {
          /* computed before for these settings on this data: shown again at once */
          m->outcome = kept->outcome;
          m->view = kept->view;
          g_free (kept);
          if (m->view != NULL && s->face.rebind != NULL)
            s->face.rebind (m->view, s->data->owner);
          m->provenance = lesc_provenance_new (s->data->ds->name, s->data->ds->checksum, m->method, &m->params,
                                               NULL, m->outcome, FALSE);
          retire_stale (s, m);
          s->version++;
          continue;
        }
      LescSessionWork *w = g_new0 (LescSessionWork, 1);
      w->kind = LESC_WORK_RUN;
      w->method = i;
      w->m = m->method;
      w->params = m->params;
      w->data = g_atomic_rc_box_acquire (s->data);
      w->cache = s->has_face && s->face.cache != NULL ? s->face.cache : s->cache;
      w->dataset = g_strdup (s->data->ds->name);
      w->checksum = g_strdup (s->data->ds->checksum);
      /* TRANSLATORS: a run's title: "gLESC on yeast-alpha" */
      w->title = g_strdup_printf (_("%s on %s"), m->method->display_name, s->data->ds->name);
      w->face = s->has_face && s->face.wrap != NULL ? &s->face : NULL;
      m->task = task_new (w, w->face != NULL ? w->face->free : (GDestroyNotify) lesc_run_outcome_free);
      /* the LE optimizer's iterates, shown while it runs */
      if ((w->face == NULL || w->face->frame != NULL) && m->method->smoothness != NULL)
        lesc_task_set_frame_func (m->task, work_frame);
      enqueue (s, m->task);
      queued++;
    }
  lesc_session_notify (s);   /* the runs are queued: the queue's own gate holds from here */
  return queued;
}

/* The latest provisional frame of method i's run for its current settings, or NULL. */
static const LescRunOutcome *
provisional (LescSession *s, LescSessionMethod *m)
{
  gpointer p = m->outcome == NULL && m->task != NULL ? lesc_task_get_provisional (m->task) : NULL;
  if (p == NULL)
    return NULL;
  LescSessionWork *w = lesc_task_get_input (m->task);
  return w->face != NULL ? w->face->outcome (p) : p;
}

const LescRunOutcome *
lesc_session_shown (LescSession *s, guint i, LescShown *shown, const LescProvenance **provenance)
{
  LescSessionMethod *m = lesc_session_method (s, i);
  if (m == NULL)
    return NULL;
  const LescRunOutcome *frame = provisional (s, m);
  gboolean current = m->outcome != NULL;
  if (shown != NULL)
    *shown = current ? LESC_SHOWN_FINAL : frame != NULL ? LESC_SHOWN_PROVISIONAL : LESC_SHOWN_STALE;
  if (provenance != NULL)
    *provenance = current ? m->provenance : frame != NULL ? NULL : m->stale_provenance;
  return current ? m->outcome : frame != NULL ? frame : m->stale;
}

char *
lesc_session_caption (LescSession *s, guint i)
{
  LescShown shown;
  const LescProvenance *p = NULL;
  const LescRunOutcome *o = lesc_session_shown (s, i, &shown, &p);
  if (o == NULL)
    return NULL;
  LescSessionMethod *m = &s->methods[i];
  if (shown == LESC_SHOWN_PROVISIONAL)
    {
      /* what the run under way computes, and how far it is */
      g_autoptr (LescProvenance) run = lesc_provenance_new (s->data->ds->name, s->data->ds->checksum, m->method,
                                                            &m->params, NULL, NULL, FALSE);
      return lesc_provenance_caption (run, shown, o->report.le.iterations, TRUE);
    }
  if (p == NULL)
    return NULL;
  return lesc_provenance_caption (p, shown, 0, m->task != NULL);
}

LescRunCache *
lesc_session_run_cache (LescSession *s)
{
  return s->cache;
}
