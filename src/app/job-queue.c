/* The window's job queue: the jobs as GObjects over the tasks of the session's queue
 * (session/queue.h), and their history for the Runs list. The user's runs go first;
 * background jobs (λ grid, cross-validation, comparison, strip, converged optimum) run
 * beside them and pause while a run is under way. */
#include "config.h"
#include "app/job-queue.h"

#define MAX_HISTORY 200

struct _LescJobQueue
{
  GObject parent_instance;
  GListStore *jobs;      /* all jobs of the session */
  LescQueue *queue;      /* the session's (not owned) */
  GHashTable *pending;   /* LescTask* → LescJob* (a ref) while it waits or runs */
  LescJob *current;      /* the job whose worker runs (even while it is cancelling) */
};

enum { PROP_0, PROP_BUSY, PROP_CURRENT, N_PROPS };
enum { SIGNAL_JOB_FINISHED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescJobQueue, lesc_job_queue, G_TYPE_OBJECT)

static void
lesc_job_queue_dispose (GObject *object)
{
  LescJobQueue *self = LESC_JOB_QUEUE (object);
  g_clear_pointer (&self->pending, g_hash_table_unref);
  g_clear_object (&self->current);
  g_clear_object (&self->jobs);
  G_OBJECT_CLASS (lesc_job_queue_parent_class)->dispose (object);
}

static void
lesc_job_queue_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LescJobQueue *self = LESC_JOB_QUEUE (object);
  switch (prop_id)
    {
    case PROP_BUSY: g_value_set_boolean (value, lesc_job_queue_get_busy (self)); break;
    case PROP_CURRENT: g_value_set_object (value, self->current); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lesc_job_queue_class_init (LescJobQueueClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = lesc_job_queue_dispose;
  object_class->get_property = lesc_job_queue_get_property;
  properties[PROP_BUSY] = g_param_spec_boolean ("busy", NULL, NULL, FALSE,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT] = g_param_spec_object ("current", NULL, NULL, LESC_TYPE_JOB,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[SIGNAL_JOB_FINISHED] = g_signal_new ("job-finished", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 1, LESC_TYPE_JOB);
}

/* The running job to show: the user's run, else the background one (a task that just
 * ended is still in its lane while its end is told). */
static void
update_current (LescJobQueue *self)
{
  LescJob *job = NULL;
  for (int i = 0; i < LESC_N_PRIORITIES && job == NULL; i++)
    {
      LescTask *t = lesc_queue_running (self->queue, i);
      if (t != NULL && !lesc_task_is_finished (t))
        job = g_hash_table_lookup (self->pending, t);
    }
  if (job != self->current)
    {
      g_set_object (&self->current, job);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
    }
}

#define QUEUE_KEY "lesc-job-queue"

/* The queue's watcher of a job's task: the job hears first, then the job queue (the
 * window frees the session's queue before its job queue, so this one is there). */
static void
task_changed (LescTask *t, gpointer data)
{
  LescJob *job = data;
  LescJobQueue *self = g_object_get_data (G_OBJECT (job), QUEUE_KEY);
  lesc_job_task_changed (t, job);
  if (lesc_task_is_finished (t))
    {
      LescJob *held = NULL;
      if (g_hash_table_steal_extended (self->pending, t, NULL, (gpointer *) &held))
        {
          update_current (self);
          g_signal_emit (self, signals[SIGNAL_JOB_FINISHED], 0, held);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
          g_object_unref (held);
        }
      return;
    }
  update_current (self);
}

static void
lesc_job_queue_init (LescJobQueue *self)
{
  self->jobs = g_list_store_new (LESC_TYPE_JOB);
  self->pending = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_object_unref);
}

LescJobQueue *
lesc_job_queue_new (LescQueue *queue)
{
  LescJobQueue *self = g_object_new (LESC_TYPE_JOB_QUEUE, NULL);
  self->queue = queue;
  return self;
}

GListModel *
lesc_job_queue_get_jobs (LescJobQueue *self)
{
  return G_LIST_MODEL (self->jobs);
}

LescJob *
lesc_job_queue_get_current (LescJobQueue *self)
{
  return self->current;
}

LescJob *
lesc_job_queue_find (LescJobQueue *self, LescTask *task)
{
  return task != NULL ? g_hash_table_lookup (self->pending, task) : NULL;
}

gboolean
lesc_job_queue_get_busy (LescJobQueue *self)
{
  return g_hash_table_size (self->pending) > 0;
}

guint
lesc_job_queue_get_pending (LescJobQueue *self)
{
  return g_hash_table_size (self->pending);
}

static void
trim_history (LescJobQueue *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->jobs));
  for (guint i = 0; n > MAX_HISTORY && i < n;)
    {
      g_autoptr (LescJob) job = g_list_model_get_item (G_LIST_MODEL (self->jobs), i);
      if (lesc_job_is_finished (job))
        {
          g_list_store_remove (self->jobs, i);
          n--;
        }
      else
        i++;
    }
}

LescTaskCallback
lesc_job_queue_track (LescJobQueue *self, LescJob *job, gpointer *watch_data)
{
  g_list_store_append (self->jobs, job);
  trim_history (self);
  g_hash_table_insert (self->pending, lesc_job_get_task (job), g_object_ref (job));
  g_object_set_data (G_OBJECT (job), QUEUE_KEY, self);
  *watch_data = job;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  return task_changed;
}

void
lesc_job_queue_add (LescJobQueue *self, LescJob *job)
{
  g_return_if_fail (LESC_IS_JOB_QUEUE (self));
  g_return_if_fail (LESC_IS_JOB (job));
  if (lesc_job_get_state (job) != LESC_JOB_QUEUED)
    {
      g_list_store_append (self->jobs, job);
      return;
    }
  gpointer watch = NULL;
  LescTaskCallback callback = lesc_job_queue_track (self, job, &watch);
  lesc_queue_push_full (self->queue, lesc_task_ref (lesc_job_get_task (job)),
                        lesc_job_is_background (job) ? LESC_PRIORITY_BACKGROUND : LESC_PRIORITY_FOREGROUND,
                        callback, watch);
}

void
lesc_job_queue_cancel_matching (LescJobQueue *self, gboolean (*match) (LescJob *, gpointer),
                                gpointer data)
{
  g_return_if_fail (LESC_IS_JOB_QUEUE (self));
  g_autoptr (GPtrArray) jobs = g_ptr_array_new_with_free_func (g_object_unref);
  GHashTableIter it;
  gpointer value;
  g_hash_table_iter_init (&it, self->pending);
  while (g_hash_table_iter_next (&it, NULL, &value))
    g_ptr_array_add (jobs, g_object_ref (value));
  for (guint i = 0; i < jobs->len; i++)
    {
      LescJob *job = g_ptr_array_index (jobs, i);
      if (match != NULL && !match (job, data))
        continue;
      /* a waiting one ends at once (its watcher hears it), a running one at its next check */
      lesc_job_cancel (job);
      lesc_queue_cancel (self->queue, lesc_job_get_task (job));
    }
}

void
lesc_job_queue_cancel_all (LescJobQueue *self)
{
  lesc_job_queue_cancel_matching (self, NULL, NULL);
}
