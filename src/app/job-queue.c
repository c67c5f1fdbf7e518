#include "config.h"
#include "app/job-queue.h"

#define MAX_HISTORY 200

struct _LescJobQueue
{
  GObject parent_instance;
  GListStore *jobs;      /* all jobs of the session */
  GQueue waiting;        /* LescJob*, refs */
  LescJob *current;      /* the job whose worker runs (even while it is cancelling) */
};

enum { PROP_0, PROP_BUSY, PROP_CURRENT, N_PROPS };
enum { SIGNAL_JOB_FINISHED, N_SIGNALS };

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescJobQueue, lesc_job_queue, G_TYPE_OBJECT)

static void start_next (LescJobQueue *self);

static void
lesc_job_queue_dispose (GObject *object)
{
  LescJobQueue *self = LESC_JOB_QUEUE (object);
  lesc_job_queue_cancel_all (self);
  g_queue_clear_full (&self->waiting, g_object_unref);
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

static void
lesc_job_queue_init (LescJobQueue *self)
{
  self->jobs = g_list_store_new (LESC_TYPE_JOB);
  g_queue_init (&self->waiting);
}

LescJobQueue *
lesc_job_queue_new (void)
{
  return g_object_new (LESC_TYPE_JOB_QUEUE, NULL);
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

gboolean
lesc_job_queue_get_busy (LescJobQueue *self)
{
  return self->current != NULL || !g_queue_is_empty (&self->waiting);
}

guint
lesc_job_queue_get_pending (LescJobQueue *self)
{
  return (self->current != NULL) + g_queue_get_length (&self->waiting);
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

static void
job_finished_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (LescJobQueue) self = data;
  LescJob *job = LESC_JOB (source);
  g_autoptr (GError) error = NULL;
  lesc_job_run_finish (job, result, &error);
  if (self->current == job)
    g_clear_object (&self->current);
  g_signal_emit (self, signals[SIGNAL_JOB_FINISHED], 0, job);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
  start_next (self);
}

static void
start_next (LescJobQueue *self)
{
  if (self->current == NULL)
    {
      LescJob *job;
      while ((job = g_queue_pop_head (&self->waiting)) != NULL)
        {
          if (lesc_job_get_state (job) == LESC_JOB_QUEUED)
            {
              self->current = job;  /* takes the queue's ref */
              g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
              lesc_job_run_async (job, job_finished_cb, g_object_ref (self));
              break;
            }
          g_object_unref (job);
        }
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

void
lesc_job_queue_add (LescJobQueue *self, LescJob *job)
{
  g_return_if_fail (LESC_IS_JOB_QUEUE (self));
  g_return_if_fail (LESC_IS_JOB (job));
  g_list_store_append (self->jobs, job);
  g_queue_push_tail (&self->waiting, g_object_ref (job));
  trim_history (self);
  start_next (self);
}

void
lesc_job_queue_cancel_matching (LescJobQueue *self, gboolean (*match) (LescJob *, gpointer),
                                gpointer data)
{
  g_return_if_fail (LESC_IS_JOB_QUEUE (self));
  gboolean any = FALSE;
  for (GList *l = self->waiting.head; l != NULL;)
    {
      GList *next = l->next;
      LescJob *job = l->data;
      if (match == NULL || match (job, data))
        {
          lesc_job_cancel (job);
          g_signal_emit (self, signals[SIGNAL_JOB_FINISHED], 0, job);
          g_queue_delete_link (&self->waiting, l);
          g_object_unref (job);
          any = TRUE;
        }
      l = next;
    }
  if (self->current != NULL && (match == NULL || match (self->current, data)))
    lesc_job_cancel (self->current);
  if (any)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
}

void
lesc_job_queue_cancel_all (LescJobQueue *self)
{
  lesc_job_queue_cancel_matching (self, NULL, NULL);
}
