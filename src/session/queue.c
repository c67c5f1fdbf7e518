/* Two lanes and a gate between them. */
#include "session/queue.h"

struct _LescQueue {
  GQueue waiting[LESC_N_PRIORITIES];    /* LescTask* */
  LescTask *running[LESC_N_PRIORITIES];
  LescGate *gate;                       /* closed while foreground work waits or runs */
  gboolean gate_closed;
  gboolean held;                        /* lesc_queue_hold */
  LescQueueChanged changed;
  gpointer data;
  GHashTable *watchers;                 /* LescTask* → Watcher* (lesc_queue_push_full) */
};

typedef struct {
  LescTaskCallback callback;
  gpointer data;
} Watcher;

/* The task's own listener first. */
static void
tell_watcher (LescQueue *q, LescTask *t)
{
  Watcher *w = g_hash_table_lookup (q->watchers, t);
  if (w != NULL)
    w->callback (t, w->data);
}

LescQueue *
lesc_queue_new (LescQueueChanged changed, gpointer data)
{
  LescQueue *q = g_new0 (LescQueue, 1);
  for (int i = 0; i < LESC_N_PRIORITIES; i++)
    g_queue_init (&q->waiting[i]);
  q->gate = lesc_gate_new ();
  q->watchers = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  q->changed = changed;
  q->data = data;
  return q;
}

/* The gate follows the foreground lane: closed while it has work. */
static void
update_gate (LescQueue *q)
{
  gboolean busy = q->held || q->running[LESC_PRIORITY_FOREGROUND] != NULL
                  || !g_queue_is_empty (&q->waiting[LESC_PRIORITY_FOREGROUND]);
  if (busy && !q->gate_closed)
    lesc_gate_close (q->gate);
  else if (!busy && q->gate_closed)
    lesc_gate_open (q->gate);
  q->gate_closed = busy;
}

static void start_next (LescQueue *q);

static void
task_changed (LescTask *t, gpointer data)
{
  LescQueue *q = data;
  tell_watcher (q, t);
  if (lesc_task_is_finished (t))
    for (int i = 0; i < LESC_N_PRIORITIES; i++)
      if (q->running[i] == t)
        {
          q->running[i] = NULL;
          g_hash_table_remove (q->watchers, t);
          start_next (q);
          if (q->changed != NULL)
            q->changed (q, t, q->data);
          lesc_task_unref (t);
          return;
        }
  if (q->changed != NULL)
    q->changed (q, t, q->data);
}

static void
start_next (LescQueue *q)
{
  /* the foreground first: the gate closes before background work could go on */
  for (int i = 0; i < LESC_N_PRIORITIES; i++)
    while (q->running[i] == NULL)
      {
        LescTask *t = g_queue_pop_head (&q->waiting[i]);
        if (t == NULL)
          break;
        if (lesc_task_is_cancelled (t))
          {
            g_hash_table_remove (q->watchers, t);
            lesc_task_unref (t);
            continue;
          }
        q->running[i] = t;
        update_gate (q);
        lesc_task_start (t, task_changed, q);
        tell_watcher (q, t);   /* started */
      }
  update_gate (q);
}

void
lesc_queue_push_full (LescQueue *q, LescTask *t, LescPriority priority, LescTaskCallback callback,
                      gpointer data)
{
  if (callback != NULL)
    {
      Watcher *w = g_new (Watcher, 1);
      *w = (Watcher) { callback, data };
      g_hash_table_replace (q->watchers, t, w);
    }
  lesc_queue_push (q, t, priority);
}

void
lesc_queue_push (LescQueue *q, LescTask *t, LescPriority priority)
{
  g_return_if_fail (priority < LESC_N_PRIORITIES);
  if (priority == LESC_PRIORITY_BACKGROUND)
    lesc_task_set_gate (t, q->gate);
  g_queue_push_tail (&q->waiting[priority], t);
  start_next (q);
  if (q->changed != NULL)
    q->changed (q, NULL, q->data);
}

void
lesc_queue_hold (LescQueue *q, gboolean on)
{
  q->held = on;
  update_gate (q);
}

/* A waiting task leaves without running: its watcher and the queue's listener hear that
 * it ended. */
static void
drop_waiting (LescQueue *q, LescTask *t)
{
  lesc_task_cancel (t);
  tell_watcher (q, t);
  g_hash_table_remove (q->watchers, t);
  if (q->changed != NULL)
    q->changed (q, t, q->data);
  lesc_task_unref (t);
}

gboolean
lesc_queue_cancel (LescQueue *q, LescTask *t)
{
  for (int i = 0; i < LESC_N_PRIORITIES; i++)
    {
      if (g_queue_remove (&q->waiting[i], t))
        {
          drop_waiting (q, t);
          update_gate (q);
          return TRUE;
        }
      if (q->running[i] == t)
        {
          lesc_task_cancel (t);   /* it ends through task_changed */
          return TRUE;
        }
    }
  return FALSE;
}

guint
lesc_queue_cancel_matching (LescQueue *q, int priority, gboolean (*match) (LescTask *, gpointer),
                            GFunc each, gpointer data)
{
  guint n = 0;
  for (int i = 0; i < LESC_N_PRIORITIES; i++)
    {
      if (priority >= 0 && priority != i)
        continue;
      GQueue keep = G_QUEUE_INIT;
      for (LescTask *t; (t = g_queue_pop_head (&q->waiting[i])) != NULL;)
        {
          if (match != NULL && !match (t, data))
            {
              g_queue_push_tail (&keep, t);
              continue;
            }
          if (each != NULL)
            each (t, data);
          drop_waiting (q, t);
          n++;
        }
      q->waiting[i] = keep;
      LescTask *r = q->running[i];
      if (r != NULL && !lesc_task_is_cancelled (r) && (match == NULL || match (r, data)))
        {
          if (each != NULL)
            each (r, data);
          lesc_task_cancel (r);
          n++;
        }
    }
  update_gate (q);
  return n;
}

guint
lesc_queue_cancel_all (LescQueue *q, int priority, GFunc each, gpointer data)
{
  return lesc_queue_cancel_matching (q, priority, NULL, each, data);
}

void
lesc_queue_free (LescQueue *q)
{
  if (q == NULL)
    return;
  q->changed = NULL;
  g_hash_table_remove_all (q->watchers);   /* the faces are going */
  lesc_queue_cancel_all (q, -1, NULL, NULL);
  for (int i = 0; i < LESC_N_PRIORITIES; i++)
    if (q->running[i] != NULL)
      {
        lesc_task_wait (q->running[i]);
        g_clear_pointer (&q->running[i], lesc_task_unref);
      }
  if (q->gate_closed)
    lesc_gate_open (q->gate);
  lesc_gate_unref (q->gate);
  g_hash_table_unref (q->watchers);
  g_free (q);
}

LescTask *
lesc_queue_running (LescQueue *q, LescPriority priority)
{
  return q->running[priority];
}

guint
lesc_queue_n_waiting (LescQueue *q, LescPriority priority)
{
  return g_queue_get_length (&q->waiting[priority]);
}

LescPriority
lesc_queue_priority (LescQueue *q, LescTask *t)
{
  return q->running[LESC_PRIORITY_BACKGROUND] == t
             || g_queue_find (&q->waiting[LESC_PRIORITY_BACKGROUND], t) != NULL
           ? LESC_PRIORITY_BACKGROUND : LESC_PRIORITY_FOREGROUND;
}

gboolean
lesc_queue_is_idle (LescQueue *q)
{
  for (int i = 0; i < LESC_N_PRIORITIES; i++)
    if (q->running[i] != NULL || !g_queue_is_empty (&q->waiting[i]))
      return FALSE;
  return TRUE;
}
