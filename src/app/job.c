/* The window's jobs: a GObject with properties over a LescTask (core/base/task.h), which
 * runs the work on its thread and brings progress, frames and the end to the main loop. */
#include "config.h"
#include "app/job.h"
#include "core/base/task.h"

#include <glib/gi18n.h>

struct _LescJob
{
  GObject parent_instance;

  LescJobKind kind;
  char *title;
  LescTask *task;

  LescJobState state;
  double fraction;
  char *stage;
  char *message;
  guint provisional_serial;
  gboolean background;
  GTask *outer;              /* lesc_job_run_async's, while the task runs */
};

enum {
  PROP_0,
  PROP_TITLE,
  PROP_STATE,
  PROP_FRACTION,
  PROP_STAGE,
  PROP_MESSAGE,
  PROP_PROVISIONAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (LescJob, lesc_job, G_TYPE_OBJECT)

static void
lesc_job_finalize (GObject *object)
{
  LescJob *self = LESC_JOB (object);
  /* a running task holds itself until its worker returns: its input outlives the work */
  lesc_task_unref (self->task);
  g_free (self->title);
  g_free (self->stage);
  g_free (self->message);
  G_OBJECT_CLASS (lesc_job_parent_class)->finalize (object);
}

static void
lesc_job_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  LescJob *self = LESC_JOB (object);
  switch (prop_id)
    {
    case PROP_TITLE: g_value_set_string (value, self->title); break;
    case PROP_STATE: g_value_set_int (value, self->state); break;
    case PROP_FRACTION: g_value_set_double (value, self->fraction); break;
    case PROP_STAGE: g_value_set_string (value, self->stage); break;
    case PROP_MESSAGE: g_value_set_string (value, self->message); break;
    case PROP_PROVISIONAL: g_value_set_pointer (value, lesc_task_get_provisional (self->task)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
lesc_job_class_init (LescJobClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = lesc_job_finalize;
  object_class->get_property = lesc_job_get_property;
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STATE] = g_param_spec_int ("state", NULL, NULL, LESC_JOB_QUEUED,
                                             LESC_JOB_CANCELLED, LESC_JOB_QUEUED,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] = g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_STAGE] = g_param_spec_string ("stage", NULL, NULL, NULL,
                                                G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MESSAGE] = g_param_spec_string ("message", NULL, NULL, NULL,
                                                  G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PROVISIONAL] = g_param_spec_pointer ("provisional", NULL, NULL,
                                                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
lesc_job_init (LescJob *self)
{
  self->stage = g_strdup (_("Waiting"));
}

LescJob *
lesc_job_new (LescJobKind kind, const char *title, LescJobWork work, gpointer input,
              GDestroyNotify input_free, GDestroyNotify output_free)
{
  g_return_val_if_fail (work != NULL, NULL);
  LescJob *self = g_object_new (LESC_TYPE_JOB, NULL);
  self->kind = kind;
  self->title = g_strdup (title);
  self->task = lesc_task_new (work, input, input_free, output_free);
  self->background = kind != LESC_JOB_KIND_RUN;
  return self;
}

LescJob *
lesc_job_new_for_task (LescJobKind kind, const char *title, LescTask *task, gboolean background)
{
  LescJob *self = g_object_new (LESC_TYPE_JOB, NULL);
  self->kind = kind;
  self->title = g_strdup (title);
  self->task = lesc_task_ref (task);
  self->background = background;
  return self;
}

void     lesc_job_set_background (LescJob *self, gboolean background) { self->background = background; }
gboolean lesc_job_is_background (LescJob *self) { return self->background; }
LescTask *lesc_job_get_task (LescJob *self) { return self->task; }

static void
set_state (LescJob *self, LescJobState state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
set_stage (LescJob *self, const char *stage)
{
  if (g_strcmp0 (self->stage, stage) == 0)
    return;
  g_free (self->stage);
  self->stage = g_strdup (stage);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STAGE]);
}

static void
set_fraction (LescJob *self, double fraction)
{
  if (self->fraction == fraction)
    return;
  self->fraction = fraction;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
}

LescJobKind  lesc_job_get_kind (LescJob *self) { return self->kind; }
const char  *lesc_job_get_title (LescJob *self) { return self->title; }
LescJobState lesc_job_get_state (LescJob *self) { return self->state; }
double       lesc_job_get_fraction (LescJob *self) { return self->fraction; }
const char  *lesc_job_get_stage (LescJob *self) { return self->stage; }
const char  *lesc_job_get_message (LescJob *self) { return self->message; }
gpointer     lesc_job_get_input (LescJob *self) { return lesc_task_get_input (self->task); }
gpointer     lesc_job_get_output (LescJob *self) { return lesc_task_get_output (self->task); }

gboolean
lesc_job_is_finished (LescJob *self)
{
  return self->state >= LESC_JOB_DONE;
}

gboolean
lesc_job_is_cancelled (LescJob *self)
{
  return lesc_task_is_cancelled (self->task);
}

double
lesc_job_get_seconds (LescJob *self)
{
  return lesc_task_get_seconds (self->task);
}

const char *
lesc_job_state_to_string (LescJobState state)
{
  switch (state)
    {
    case LESC_JOB_QUEUED: return _("Queued");
    case LESC_JOB_RUNNING: return _("Running");
    case LESC_JOB_DONE: return _("Done");
    case LESC_JOB_FAILED: return _("Failed");
    case LESC_JOB_CANCELLED: return _("Cancelled");
    }
  return "";
}

void
lesc_job_cancel (LescJob *self)
{
  g_return_if_fail (LESC_IS_JOB (self));
  if (lesc_job_is_finished (self))
    return;
  lesc_task_cancel (self->task);
  if (self->state == LESC_JOB_QUEUED)
    {
      set_stage (self, _("Cancelled"));
      set_state (self, LESC_JOB_CANCELLED);
    }
  else
    set_stage (self, _("Cancelling…"));
}

void
lesc_job_set_frame_func (LescJob *self, LescJobFrameFunc func)
{
  g_return_if_fail (LESC_IS_JOB (self) && self->state == LESC_JOB_QUEUED);
  lesc_task_set_frame_func (self->task, func);
}

gpointer
lesc_job_get_provisional (LescJob *self)
{
  return lesc_task_get_provisional (self->task);
}

/* Main loop: the task's start, progress, frames and end. */
void
lesc_job_task_changed (LescTask *task, gpointer data)
{
  LescJob *self = data;
  if (self->state == LESC_JOB_QUEUED && lesc_task_get_state (task) == LESC_TASK_RUNNING)
    {
      set_stage (self, _("Starting"));
      set_state (self, LESC_JOB_RUNNING);
    }
  if (!lesc_task_is_finished (task))
    {
      if (self->state == LESC_JOB_RUNNING && !lesc_task_is_cancelled (task))
        {
          set_fraction (self, lesc_task_get_fraction (task));
          const char *stage = lesc_task_get_stage (task);
          if (stage[0] != '\0')
            set_stage (self, _(stage));   /* the solvers' stage names are in the catalogue */
        }
      if (lesc_task_get_provisional_serial (task) != self->provisional_serial)
        {
          self->provisional_serial = lesc_task_get_provisional_serial (task);
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROVISIONAL]);
        }
      return;
    }
  if (lesc_job_is_finished (self))
    return;
  g_object_ref (self);   /* the listeners may drop the last reference */
  switch (lesc_task_get_state (task))
    {
    case LESC_TASK_DONE:
      set_fraction (self, 1.0);
      set_stage (self, _("Done"));
      set_state (self, LESC_JOB_DONE);
      break;
    case LESC_TASK_FAILED:
      g_free (self->message);
      self->message = g_strdup (lesc_task_get_message (task));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
      set_stage (self, _("Failed"));
      set_state (self, LESC_JOB_FAILED);
      break;
    default:
      set_stage (self, _("Cancelled"));
      set_state (self, LESC_JOB_CANCELLED);
      break;
    }
  GTask *outer = g_steal_pointer (&self->outer);
  if (outer != NULL)
    {
      if (self->state == LESC_JOB_DONE)
        g_task_return_pointer (outer, lesc_task_get_output (task), NULL);
      else if (self->state == LESC_JOB_FAILED)
        g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", self->message);
      else
        g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("Cancelled"));
      g_object_unref (outer);
      g_object_unref (self);   /* held while the task ran (lesc_job_run_async) */
    }
  g_object_unref (self);
}

void
lesc_job_run_async (LescJob *self, GAsyncReadyCallback callback, gpointer user_data)
{
  g_return_if_fail (LESC_IS_JOB (self));
  GTask *outer = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (outer, lesc_job_run_async);
  if (self->state != LESC_JOB_QUEUED)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                               _("The job was cancelled before it started."));
      g_object_unref (outer);
      return;
    }
  self->outer = outer;
  set_stage (self, _("Starting"));
  set_state (self, LESC_JOB_RUNNING);
  lesc_task_start (self->task, lesc_job_task_changed, g_object_ref (self));
}

gpointer
lesc_job_run_finish (LescJob *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
