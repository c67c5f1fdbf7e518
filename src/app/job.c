#include "config.h"
#include "app/job.h"

#include <glib/gi18n.h>

struct _LescJob
{
  GObject parent_instance;

  LescJobKind kind;
  char *title;
  LescJobWork work;
  gpointer input;
  GDestroyNotify input_free;
  gpointer output;
  GDestroyNotify output_free;

  LescJobState state;
  double fraction;
  char *stage;
  char *message;
  GCancellable *cancellable;
  gint64 start_us, end_us;

  /* Written by the worker, read by the idle. */
  GMutex lock;
  double pending_fraction;
  char pending_stage[96];
  gint idle_pending;
  GMainContext *context;
  LescJobFrameFunc frame_func;
  gpointer pending_provisional;  /* the worker's latest, not yet published */
  gint frame_idle_pending;
  gpointer provisional;          /* the main loop's */
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
  if (self->output != NULL && self->output_free != NULL)
    self->output_free (self->output);
  if (self->output_free != NULL)
    {
      if (self->provisional != NULL)
        self->output_free (self->provisional);
      if (self->pending_provisional != NULL)
        self->output_free (self->pending_provisional);
    }
  if (self->input != NULL && self->input_free != NULL)
    self->input_free (self->input);
  g_free (self->title);
  g_free (self->stage);
  g_free (self->message);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_mutex_clear (&self->lock);
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
    case PROP_PROVISIONAL: g_value_set_pointer (value, self->provisional); break;
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
  g_mutex_init (&self->lock);
  self->cancellable = g_cancellable_new ();
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
  self->work = work;
  self->input = input;
  self->input_free = input_free;
  self->output_free = output_free;
  return self;
}

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
gpointer     lesc_job_get_input (LescJob *self) { return self->input; }
gpointer     lesc_job_get_output (LescJob *self) { return self->output; }

gboolean
lesc_job_is_finished (LescJob *self)
{
  return self->state >= LESC_JOB_DONE;
}

gboolean
lesc_job_is_cancelled (LescJob *self)
{
  return g_cancellable_is_cancelled (self->cancellable);
}

double
lesc_job_get_seconds (LescJob *self)
{
  if (self->start_us == 0)
    return 0.0;
  gint64 end = self->end_us != 0 ? self->end_us : g_get_monotonic_time ();
  return (double) (end - self->start_us) / 1e6;
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
  g_cancellable_cancel (self->cancellable);
  if (self->state == LESC_JOB_QUEUED)
    {
      set_stage (self, _("Cancelled"));
      set_state (self, LESC_JOB_CANCELLED);
    }
  else
    set_stage (self, _("Cancelling…"));
}

/* Main loop: publish the latest progress the worker left. */
static gboolean
progress_idle (gpointer data)
{
  LescJob *self = data;
  g_mutex_lock (&self->lock);
  double fraction = self->pending_fraction;
  char stage[sizeof self->pending_stage];
  g_strlcpy (stage, self->pending_stage, sizeof stage);
  g_atomic_int_set (&self->idle_pending, 0);
  g_mutex_unlock (&self->lock);
  if (self->state == LESC_JOB_RUNNING && !g_cancellable_is_cancelled (self->cancellable))
    {
      set_fraction (self, fraction);
      if (stage[0] != '\0')
        set_stage (self, _(stage));   /* the solvers' stage names are in the catalogue */
    }
  return G_SOURCE_REMOVE;
}

/* Worker thread: store the numbers, and schedule an idle unless one is pending. */
static void
progress_func (double fraction, const char *stage, gpointer data)
{
  LescJob *self = data;
  g_mutex_lock (&self->lock);
  self->pending_fraction = fraction;
  g_strlcpy (self->pending_stage, stage != NULL ? stage : "", sizeof self->pending_stage);
  g_mutex_unlock (&self->lock);
  if (g_atomic_int_compare_and_exchange (&self->idle_pending, 0, 1))
    {
      GSource *source = g_idle_source_new ();
      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, progress_idle, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[lesc] job progress");
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

void
lesc_job_set_frame_func (LescJob *self, LescJobFrameFunc func)
{
  g_return_if_fail (LESC_IS_JOB (self) && self->state == LESC_JOB_QUEUED);
  self->frame_func = func;
}

gpointer
lesc_job_get_provisional (LescJob *self)
{
  return self->provisional;
}

/* Main loop: publish the worker's latest provisional output (a stale job's is dropped). */
static gboolean
frame_idle (gpointer data)
{
  LescJob *self = data;
  g_mutex_lock (&self->lock);
  gpointer latest = g_steal_pointer (&self->pending_provisional);
  g_atomic_int_set (&self->frame_idle_pending, 0);
  g_mutex_unlock (&self->lock);
  if (latest == NULL)
    return G_SOURCE_REMOVE;
  if (self->state != LESC_JOB_RUNNING || g_cancellable_is_cancelled (self->cancellable))
    {
      self->output_free (latest);
      return G_SOURCE_REMOVE;
    }
  if (self->provisional != NULL)
    self->output_free (self->provisional);
  self->provisional = latest;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROVISIONAL]);
  return G_SOURCE_REMOVE;
}

/* Worker thread: the frame made into a provisional output replaces any not yet shown. */
static void
frame_func (const LescProgressFrame *frame, gpointer data)
{
  LescJob *self = data;
  if (g_cancellable_is_cancelled (self->cancellable))
    return;
  gpointer made = self->frame_func (self->input, frame);
  if (made == NULL)
    return;
  g_mutex_lock (&self->lock);
  gpointer old = self->pending_provisional;
  self->pending_provisional = made;
  g_mutex_unlock (&self->lock);
  if (old != NULL)
    self->output_free (old);
  if (g_atomic_int_compare_and_exchange (&self->frame_idle_pending, 0, 1))
    {
      GSource *source = g_idle_source_new ();
      g_source_set_priority (source, G_PRIORITY_DEFAULT);
      g_source_set_callback (source, frame_idle, g_object_ref (self), g_object_unref);
      g_source_set_static_name (source, "[lesc] job frame");
      g_source_attach (source, self->context);
      g_source_unref (source);
    }
}

static void
job_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  LescJob *self = source;
  LescProgress progress;
  lesc_progress_init (&progress, progress_func, self, cancellable);
  if (self->frame_func != NULL && self->output_free != NULL)
    lesc_progress_set_frames (&progress, frame_func, self);
  GError *error = NULL;
  if (lesc_progress_cancelled (&progress, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  gpointer output = self->work (self->input, &progress, &error);
  if (output == NULL)
    {
      if (error == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The work returned nothing."));
      g_task_return_error (task, error);
      return;
    }
  /* A run cancelled after its last check still counts as cancelled: its settings are stale. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      if (self->output_free != NULL)
        self->output_free (output);
      g_task_return_error_if_cancelled (task);
      return;
    }
  g_task_return_pointer (task, output, NULL);
}

static void
job_done (GObject *source, GAsyncResult *result, gpointer data)
{
  LescJob *self = LESC_JOB (source);
  GTask *outer = data;
  GError *error = NULL;
  gpointer output = g_task_propagate_pointer (G_TASK (result), &error);
  self->end_us = g_get_monotonic_time ();
  if (output != NULL)
    {
      self->output = output;
      set_fraction (self, 1.0);
      set_stage (self, _("Done"));
      set_state (self, LESC_JOB_DONE);
      g_task_return_pointer (outer, output, NULL);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      set_stage (self, _("Cancelled"));
      set_state (self, LESC_JOB_CANCELLED);
      g_task_return_error (outer, error);
    }
  else
    {
      g_free (self->message);
      self->message = g_strdup (error->message);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MESSAGE]);
      set_stage (self, _("Failed"));
      set_state (self, LESC_JOB_FAILED);
      g_task_return_error (outer, error);
    }
  g_object_unref (outer);
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
  self->context = g_main_context_ref_thread_default ();
  self->start_us = g_get_monotonic_time ();
  set_stage (self, _("Starting"));
  set_state (self, LESC_JOB_RUNNING);
  /* The inner task's callback runs on this thread's main context when the worker has
   * returned; the worker is never abandoned (it must not outlive its input). */
  g_autoptr (GTask) inner = g_task_new (self, self->cancellable, job_done, outer);
  g_task_set_check_cancellable (inner, FALSE);
  g_task_run_in_thread (inner, job_thread);
}

gpointer
lesc_job_run_finish (LescJob *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
