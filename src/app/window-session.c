/* The window's face over the session (session/session.h, docs/HACKING.md "Layers"): the
 * session holds the data set, the settings and ticks, the runs, what is current and what
 * is stale, and runs the ticked methods after a change; the window shows it through
 * LescResult GObjects (one per run, made on the worker thread) and LescJobs (one per task). */
#include "config.h"
#include "app/window-private.h"
#include "app/data-folder.h"
#include "app/result.h"
#include "core/methods/tracetable.h"
#include "session/memory.h"
#include "session/provenance.h"

/* a parameter change waits this long for the next one before its run is queued (a drag
 * of a slider); a stale run is cancelled at once either way */
#define AUTO_RUN_DELAY_MS 50

static gpointer
face_wrap (LescRunOutcome *o, gpointer owner, GError **error)
{
  return lesc_result_new (o, owner, error);
}

static const LescRunOutcome *
face_outcome (gpointer view)
{
  return lesc_result_get_outcome (view);
}

static gpointer
face_frame (const LescMethod *m, const LescRunParams *p, gpointer owner, const LescProgressFrame *frame)
{
  return lesc_result_new_frame (m, p, owner, frame);
}

static void
face_rebind (gpointer view, gpointer owner)
{
  lesc_result_set_data (view, owner);
}

/* The Runs list and the status say what a run is: "GLLE on artificial · λ = 0.01 · …". */
static LescTaskCallback
face_queued (LescSession *s, LescTask *t, gpointer data, gpointer *watch_data)
{
  LescWindow *self = data;
  int i = lesc_session_task_method (t);
  g_autofree char *title = NULL;
  if (i >= 0)
    {
      const LescMethod *m = lesc_session_method (s, (guint) i)->method;
      g_autoptr (LescProvenance) p = lesc_provenance_new (lesc_data_object_get_name (self->data),
                                                          lesc_session_checksum (s), m,
                                                          lesc_session_task_params (t), NULL, NULL, FALSE);
      title = lesc_provenance_title (p);
      _lesc_window_stop_strip (self);   /* the runs asked for come first */
    }
  else
    title = g_strdup (lesc_session_task_title (t));
  g_autoptr (LescJob) job = lesc_job_new_for_task (i >= 0 ? LESC_JOB_KIND_RUN : LESC_JOB_KIND_OTHER, title, t,
                                                   lesc_session_task_is_background (t));
  return lesc_job_queue_track (self->queue, job, watch_data);
}

/* What method i shows: its current result, else a frame of its current run, else its
 * stale result (outdated, with the run that replaces it); NULL: nothing. */
static LescResult *
shown_result (LescWindow *self, LescSessionMethod *m, LescJob **replacement)
{
  *replacement = lesc_job_queue_find (self->queue, m->task);
  if (!m->ticked)
    return NULL;
  if (m->view != NULL)
    return m->view;
  LescResult *frame = *replacement != NULL ? lesc_job_get_provisional (*replacement) : NULL;
  return frame != NULL ? frame : m->stale_view;
}

/* The results list follows the session: one item per ticked method with something to
 * show, in the methods' order; an item is replaced only when it changed. */
static void
sync_results (LescWindow *self)
{
  GListModel *list = G_LIST_MODEL (self->results);
  guint pos = 0;
  for (guint i = 0; i < lesc_session_n_methods (self->session); i++)
    {
      LescSessionMethod *m = lesc_session_method (self->session, i);
      LescJob *replacement = NULL;
      LescResult *r = shown_result (self, m, &replacement);
      if (r == NULL)
        continue;
      gboolean outdated = r == m->stale_view;
      g_autoptr (LescResult) at = pos < g_list_model_get_n_items (list) ? g_list_model_get_item (list, pos) : NULL;
      gboolean same = at == r && lesc_result_get_outdated (r) == outdated
                      && (!outdated || lesc_result_get_replacement (r) == replacement);
      if (!same)
        {
          lesc_result_set_outdated (r, outdated, replacement);
          g_list_store_splice (self->results, pos, at != NULL, (gpointer *) &r, 1);
        }
      pos++;
    }
  guint n = g_list_model_get_n_items (list);
  if (n > pos)
    g_list_store_splice (self->results, pos, n - pos, NULL, 0);
}

static void
session_changed_cb (LescSession *s, gpointer data)
{
  sync_results (data);
}

/* The panel's settings of `only` (NULL: of every method) into the session. */
void
_lesc_window_push_params (LescWindow *self, const LescMethod *only)
{
  for (guint i = 0; i < lesc_session_n_methods (self->session); i++)
    {
      const LescMethod *m = lesc_session_method (self->session, i)->method;
      if (only != NULL && m != only)
        continue;
      LescRunParams p;
      lesc_method_panel_get_params (self->method_panel, m, &p);
      lesc_session_set_params (self->session, i, &p);
      /* the settings every run shares, as the session remembers them */
      if (p.seed != lesc_session_seed (self->session))
        lesc_session_set_seed (self->session, p.seed);
      if (p.variant != lesc_session_variant (self->session))
        lesc_session_set_variant (self->session, p.variant);
    }
}

/* The session's settings and ticks into the panel (start-up). */
static void
render_params (LescWindow *self)
{
  lesc_method_panel_set_seed (self->method_panel, lesc_session_seed (self->session));
  for (guint i = 0; i < lesc_session_n_methods (self->session); i++)
    {
      LescSessionMethod *m = lesc_session_method (self->session, i);
      for (guint k = 0; k < m->method->n_params; k++)
        lesc_method_panel_set_param (self->method_panel, m->method, m->method->params[k].name, m->params.values[k]);
      lesc_method_panel_set_selected (self->method_panel, m->method, m->ticked);
    }
}


void
_lesc_window_session_init (LescWindow *self)
{
  g_autofree char *folder = lesc_data_folder_get (self->settings, NULL);
  LescOpenOptions open = { .data_dir = folder };
  self->session = lesc_session_new (NULL, &open, session_changed_cb, self);
  LescSessionFace face = {
    .wrap = face_wrap, .outcome = face_outcome, .frame = face_frame,
    .ref = g_object_ref, .free = g_object_unref, .rebind = face_rebind,
    .trace_bytes = LESC_TRACE_INTERACTIVE_BYTES,   /* for the optimizer view */
    .cache = lesc_app_run_cache (),   /* bounded by the preference; the strip and grids share it */
    .queued = face_queued, .data = self,
  };
  lesc_session_set_face (self->session, &face);
  lesc_session_set_auto_run_delay (self->session, AUTO_RUN_DELAY_MS);
}

char *
_lesc_window_session_restore (LescWindow *self)
{
  g_autofree char *path = lesc_session_memory_default_path ();
  g_autoptr (GPtrArray) notes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  gboolean restored = lesc_session_memory_restore (self->session, path, FALSE, notes, &error);
  for (guint i = 0; i < notes->len; i++)
    g_printerr ("lesc: note: %s\n", (const char *) g_ptr_array_index (notes, i));
  if (error != NULL)
    g_printerr ("lesc: note: %s; starting with the artificial set\n", error->message);
  if (!restored)
    for (guint i = 0; i < lesc_session_n_methods (self->session); i++)
      lesc_session_set_ticked (self->session, i, (int) i == lesc_session_find_method (self->session, "lesc"));
  render_params (self);
  return restored ? lesc_session_memory_data (path) : NULL;
}
