/* The terminal explorer's state and its work queue. */
#include "config.h"
#include "session/session.h"
#include "core/experiments/request.h"

#include <glib/gi18n.h>
#include <stdarg.h>
#include <string.h>

/* Pause between a change and the automatic run it causes. */
#define AUTO_RUN_DELAY_MS 250

/* The data set shared with the workers: it lives while a run reads it. */
typedef struct {
  LescDataset *ds;
} DataRef;

static void
data_ref_clear (gpointer p)
{
  lesc_dataset_free (((DataRef *) p)->ds);
}

static DataRef *
data_ref_new (LescDataset *ds)
{
  DataRef *r = g_atomic_rc_box_new0 (DataRef);
  r->ds = ds;
  return r;
}

static void
data_ref_release (DataRef *r)
{
  if (r != NULL)
    g_atomic_rc_box_release_full (r, data_ref_clear);
}

/* The input of every task. */
typedef struct {
  LescWorkKind kind;
  guint method;                    /* RUN: the session's method index */
  const LescMethod *m;
  LescRunParams params;
  DataRef *data;                   /* RUN */
  LescRunCache *cache;             /* RUN; the session outlives its tasks */
  LescExperimentRequest *request;  /* experiments */
  char *title;
  gboolean user_cancelled;         /* Esc, not a parameter change */
} Work;

static void
work_free (Work *w)
{
  data_ref_release (w->data);
  lesc_experiment_request_free (w->request);
  g_free (w->title);
  g_free (w);
}

/* Worker thread. */
static gpointer
work_func (gpointer input, LescProgress *progress, GError **error)
{
  Work *w = input;
  if (w->kind == LESC_WORK_RUN)
    return lesc_run_outcome_compute (w->m, w->data->ds, &w->params, w->cache, progress, error);
  return lesc_experiment_request_run (w->request, progress, error);
}

struct _LescSession {
  DataRef *data;
  char *spec;
  char *data_dir;
  LescOpenOptions open;
  char *store_path;
  LescSessionMethod methods[LESC_SESSION_MAX_METHODS];
  guint n_methods;
  guint32 seed;
  LescVariant variant;
  LescKlDirection kl;
  gboolean auto_run;
  guint auto_run_id;
  LescRunCache *cache;

  GQueue waiting;             /* LescTask* */
  LescTask *running;

  LescGrid *grids[LESC_SESSION_MAX_METHODS];
  int last_grid;              /* method index of the newest grid, or −1 */
  LescCvResult *cv;
  LescRecoveryTable *table;
  gboolean table_requested;

  char *message;
  gboolean message_error;
  guint version;
  LescSessionChanged changed;
  gpointer changed_data;
};

static void
notify (LescSession *s)
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
  notify (s);
}

const char *
lesc_session_message (LescSession *s, gboolean *is_error)
{
  if (is_error != NULL)
    *is_error = s->message_error;
  return s->message != NULL ? s->message : "";
}

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
  s->last_grid = -1;
  s->cache = lesc_run_cache_new (0.0);   /* what runs share: λ₁ moves reuse it */
  g_queue_init (&s->waiting);
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

static void
clear_results (LescSession *s)
{
  for (guint i = 0; i < s->n_methods; i++)
    {
      g_clear_pointer (&s->methods[i].outcome, lesc_run_outcome_free);
      g_clear_pointer (&s->methods[i].failure, g_free);
    }
  for (guint i = 0; i < LESC_SESSION_MAX_METHODS; i++)
    g_clear_pointer (&s->grids[i], lesc_grid_free);
  s->last_grid = -1;
  g_clear_pointer (&s->cv, lesc_cv_result_free);
  s->version++;
}

static void
cancel_waiting (LescSession *s, gboolean by_user)
{
  for (LescTask *t; (t = g_queue_pop_head (&s->waiting)) != NULL;)
    {
      Work *w = lesc_task_get_input (t);
      w->user_cancelled = by_user;
      if (w->kind == LESC_WORK_RUN && s->methods[w->method].task == t)
        s->methods[w->method].task = NULL;
      lesc_task_cancel (t);
      lesc_task_unref (t);
    }
}

void
lesc_session_free (LescSession *s)
{
  if (s == NULL)
    return;
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  cancel_waiting (s, FALSE);
  if (s->running != NULL)
    {
      lesc_task_cancel (s->running);
      lesc_task_wait (s->running);
      g_clear_pointer (&s->running, lesc_task_unref);
    }
  for (guint i = 0; i < s->n_methods; i++)
    s->methods[i].task = NULL;
  clear_results (s);
  g_clear_pointer (&s->table, lesc_recovery_table_free);
  data_ref_release (s->data);
  lesc_run_cache_free (s->cache);
  g_free (s->spec);
  g_free (s->data_dir);
  g_free (s->store_path);
  g_free (s->message);
  g_free (s);
}

/* ---- the queue ------------------------------------------------------------------------ */

static void start_next (LescSession *s);

static void
run_finished (LescSession *s, LescTask *t, Work *w)
{
  LescSessionMethod *m = &s->methods[w->method];
  gboolean current = m->task == t;
  if (current)
    m->task = NULL;
  switch (lesc_task_get_state (t))
    {
    case LESC_TASK_DONE:
      if (current)
        {
          LescRunOutcome *o = lesc_task_steal_output (t);   /* the method keeps it */
          g_clear_pointer (&m->outcome, lesc_run_outcome_free);
          m->outcome = o;
          s->version++;
          g_autofree char *warning = lesc_run_result_warning (&o->report);
          if (warning != NULL)
            lesc_session_set_message (s, TRUE, "%s: %s", w->title, warning);
          else
            /* TRANSLATORS: status line: "LESC on artificial: done in 2.1 s" */
            lesc_session_set_message (s, FALSE, _("%s: done in %.1f s"), w->title, o->seconds);
        }
      break;
    case LESC_TASK_FAILED:
      if (current)
        {
          g_free (m->failure);
          m->failure = g_strdup (lesc_task_get_message (t));
          lesc_session_set_message (s, TRUE, _("%s failed: %s"), w->title, m->failure);
        }
      break;
    default:
      break;
    }
}

static void
experiment_finished (LescSession *s, LescTask *t, Work *w)
{
  if (lesc_task_get_state (t) == LESC_TASK_FAILED)
    {
      lesc_session_set_message (s, TRUE, _("%s failed: %s"), w->title, lesc_task_get_message (t));
      return;
    }
  if (lesc_task_get_state (t) != LESC_TASK_DONE)
    return;
  gpointer out = lesc_task_steal_output (t);
  switch (w->kind)
    {
    case LESC_WORK_GRID:
      g_clear_pointer (&s->grids[w->method], lesc_grid_free);
      s->grids[w->method] = out;
      s->last_grid = (int) w->method;
      break;
    case LESC_WORK_CV:
      g_clear_pointer (&s->cv, lesc_cv_result_free);
      s->cv = out;
      break;
    default:
      g_clear_pointer (&s->table, lesc_recovery_table_free);
      s->table = out;
      break;
    }
  s->version++;
  lesc_session_set_message (s, FALSE, _("%s: done in %.1f s"), w->title, lesc_task_get_seconds (t));
}

static void
task_changed (LescTask *t, gpointer data)
{
  LescSession *s = data;
  if (!lesc_task_is_finished (t))
    {
      notify (s);   /* progress */
      return;
    }
  Work *w = lesc_task_get_input (t);
  if (lesc_task_get_state (t) == LESC_TASK_CANCELLED && w->user_cancelled)
    /* TRANSLATORS: status line: "Cancelled: gLESC on yeast-alpha (after 1.3 s)" */
    lesc_session_set_message (s, FALSE, _("Cancelled: %s (after %.1f s)"), w->title, lesc_task_get_seconds (t));
  if (w->kind == LESC_WORK_RUN)
    run_finished (s, t, w);
  else
    experiment_finished (s, t, w);
  if (t == s->running)
    g_clear_pointer (&s->running, lesc_task_unref);
  start_next (s);
  notify (s);
}

static void
start_next (LescSession *s)
{
  while (s->running == NULL)
    {
      LescTask *t = g_queue_pop_head (&s->waiting);
      if (t == NULL)
        return;
      if (lesc_task_is_cancelled (t))
        {
          lesc_task_unref (t);
          continue;
        }
      s->running = t;
      lesc_task_start (t, task_changed, s);
    }
}

static LescTask *
task_new (Work *w, GDestroyNotify output_free)
{
  return lesc_task_new (work_func, w, (GDestroyNotify) work_free, output_free);
}

/* Queue `t` (the session owns it) and start it when nothing runs. The caller has noted
 * the task where it belongs before: the listeners may change things at once. */
static void
enqueue (LescSession *s, LescTask *t)
{
  g_queue_push_tail (&s->waiting, t);
  start_next (s);
  notify (s);
}

LescTask *
lesc_session_running (LescSession *s)
{
  return s->running;
}

const char *
lesc_session_running_title (LescSession *s)
{
  return s->running != NULL ? ((Work *) lesc_task_get_input (s->running))->title : "";
}

guint
lesc_session_n_waiting (LescSession *s)
{
  return g_queue_get_length (&s->waiting);
}

gboolean
lesc_session_cancel (LescSession *s)
{
  gboolean any = s->running != NULL || !g_queue_is_empty (&s->waiting);
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  cancel_waiting (s, TRUE);
  if (s->running != NULL && !lesc_task_is_cancelled (s->running))
    {
      Work *w = lesc_task_get_input (s->running);
      w->user_cancelled = TRUE;
      lesc_task_cancel (s->running);
      if (w->kind == LESC_WORK_RUN && s->methods[w->method].task == s->running)
        s->methods[w->method].task = NULL;
      /* TRANSLATORS: status line while the worker stops */
      lesc_session_set_message (s, FALSE, _("Cancelling %s…"), w->title);
    }
  notify (s);
  return any;
}

/* ---- methods ---------------------------------------------------------------------------- */

/* The run of method i for its current settings is no longer wanted. */
static void
drop_stale (LescSession *s, guint i)
{
  LescSessionMethod *m = &s->methods[i];
  if (m->task != NULL)
    {
      if (g_queue_remove (&s->waiting, m->task))
        {
          lesc_task_cancel (m->task);
          lesc_task_unref (m->task);
        }
      else
        lesc_task_cancel (m->task);   /* running: it stops at its next check */
      m->task = NULL;
    }
  if (m->outcome != NULL)
    s->version++;
  g_clear_pointer (&m->outcome, lesc_run_outcome_free);
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

static void
schedule_auto_run (LescSession *s)
{
  if (!s->auto_run)
    return;
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  s->auto_run_id = g_timeout_add (AUTO_RUN_DELAY_MS, auto_run_cb, s);
}

guint lesc_session_n_methods (LescSession *s) { return s->n_methods; }
guint32 lesc_session_seed (LescSession *s) { return s->seed; }
LescVariant lesc_session_variant (LescSession *s) { return s->variant; }
gboolean lesc_session_auto_run (LescSession *s) { return s->auto_run; }
LescKlDirection lesc_session_kl (LescSession *s) { return s->kl; }
guint lesc_session_version (LescSession *s) { return s->version; }
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
    schedule_auto_run (s);
  notify (s);
}

void
lesc_session_set_ticked (LescSession *s, guint i, gboolean ticked)
{
  if (s->methods[i].ticked == ticked)
    return;
  s->methods[i].ticked = ticked;
  s->version++;
  if (ticked)
    schedule_auto_run (s);
  notify (s);
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
  schedule_auto_run (s);
  notify (s);
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
  schedule_auto_run (s);
  notify (s);
}

void
lesc_session_set_auto_run (LescSession *s, gboolean on)
{
  s->auto_run = on;
  if (on)
    schedule_auto_run (s);
  else
    g_clear_handle_id (&s->auto_run_id, g_source_remove);
  notify (s);
}

void
lesc_session_set_kl (LescSession *s, LescKlDirection kl)
{
  s->kl = kl;
  s->version++;
  notify (s);
}

guint
lesc_session_run (LescSession *s)
{
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  if (s->data == NULL)
    return 0;
  guint queued = 0;
  for (guint i = 0; i < s->n_methods; i++)
    {
      LescSessionMethod *m = &s->methods[i];
      if (!m->ticked || m->outcome != NULL || m->task != NULL || m->failure != NULL)
        continue;
      Work *w = g_new0 (Work, 1);
      w->kind = LESC_WORK_RUN;
      w->method = i;
      w->m = m->method;
      w->params = m->params;
      w->data = g_atomic_rc_box_acquire (s->data);
      w->cache = s->cache;
      /* TRANSLATORS: a run's title: "gLESC on yeast-alpha" */
      w->title = g_strdup_printf (_("%s on %s"), m->method->display_name, s->data->ds->name);
      m->task = task_new (w, (GDestroyNotify) lesc_run_outcome_free);
      enqueue (s, m->task);
      queued++;
    }
  return queued;
}

/* ---- data --------------------------------------------------------------------------------- */

gboolean
lesc_session_open (LescSession *s, const char *spec, GError **error)
{
  LescDataset *ds = lesc_dataset_open_with (spec, &s->open, NULL, error);
  if (ds == NULL)
    return FALSE;
  g_clear_handle_id (&s->auto_run_id, g_source_remove);
  cancel_waiting (s, FALSE);
  if (s->running != NULL)
    lesc_task_cancel (s->running);
  for (guint i = 0; i < s->n_methods; i++)
    s->methods[i].task = NULL;
  clear_results (s);
  g_clear_pointer (&s->table, lesc_recovery_table_free);
  s->table_requested = FALSE;
  data_ref_release (s->data);
  s->data = data_ref_new (ds);
  g_free (s->spec);
  s->spec = g_strdup (spec);
  schedule_auto_run (s);
  notify (s);
  return TRUE;
}

/* ---- experiments ---------------------------------------------------------------------- */

static void
setup_of (LescSession *s, guint i, LescMethodSetup *setup)
{
  setup->method = s->methods[i].method;
  setup->params = s->methods[i].params;
}

static void
enqueue_experiment (LescSession *s, LescWorkKind kind, guint method, LescExperimentRequest *r,
                    char *title)
{
  r->data_dir = g_strdup (s->data_dir);
  r->label_columns = s->open.label_columns;
  r->open_flags = s->open.flags;
  r->store_path = g_strdup (s->store_path);
  r->kl = s->kl;
  Work *w = g_new0 (Work, 1);
  w->kind = kind;
  w->method = method;
  w->request = r;
  w->title = title;
  LescExperimentKind ek = kind == LESC_WORK_GRID ? LESC_EXPERIMENT_GRID
                          : kind == LESC_WORK_CV ? LESC_EXPERIMENT_CV : LESC_EXPERIMENT_TABLE;
  enqueue (s, task_new (w, lesc_experiment_output_free_func (ek)));
}

void
lesc_session_request_grid (LescSession *s, guint i)
{
  if (s->data == NULL || i >= s->n_methods)
    return;
  const LescMethod *m = s->methods[i].method;
  if (!lesc_method_has_lambda_grid (m))
    {
      lesc_session_set_message (s, TRUE, _("The λ grid is for LESC and gLESC; %s has no λ₁ × λ₂."),
                                m->display_name);
      return;
    }
  LescMethodSetup setup;
  setup_of (s, i, &setup);
  const guint n = G_N_ELEMENTS (lesc_grid_default);
  LescExperimentRequest *r = lesc_experiment_request_new_grid (s->spec, &setup, lesc_grid_default, n,
                                                               lesc_grid_default, n);
  /* TRANSLATORS: a job title: "λ grid of gLESC on sjaffe" */
  enqueue_experiment (s, LESC_WORK_GRID, i, r,
                      g_strdup_printf (_("λ grid of %s on %s"), m->display_name, s->data->ds->name));
}

void
lesc_session_request_cv (LescSession *s)
{
  if (s->data == NULL)
    return;
  LescMethodSetup setups[LESC_SESSION_MAX_METHODS];
  guint k = 0;
  for (int pass = 0; pass < 2 && k == 0; pass++)
    for (guint i = 0; i < s->n_methods; i++)
      if (s->methods[i].method->has_mapping && (pass == 1 || s->methods[i].ticked))
        setup_of (s, i, &setups[k++]);
  const guint folds = 10;
  LescExperimentRequest *r = lesc_experiment_request_new_cv (s->spec, setups, k, folds, s->seed);
  /* TRANSLATORS: a job title: "10-fold cross-validation on sjaffe" */
  enqueue_experiment (s, LESC_WORK_CV, 0, r,
                      g_strdup_printf (_("%u-fold cross-validation on %s"), folds, s->data->ds->name));
}

void
lesc_session_request_table (LescSession *s, gboolean store_only)
{
  LescMethodSetup setups[LESC_SESSION_MAX_METHODS];
  guint k = 0;
  for (guint i = 0; i < s->n_methods; i++)
    if (s->methods[i].ticked)
      setup_of (s, i, &setups[k++]);
  if (k < 2)   /* fewer than two ticked: compare them all */
    for (k = 0; k < s->n_methods; k++)
      setup_of (s, k, &setups[k]);
  g_autoptr (GPtrArray) sets = NULL;
  if (store_only)
    {
      sets = g_ptr_array_new ();
      for (guint i = 0; lesc_known_datasets[i] != NULL; i++)
        g_ptr_array_add (sets, (gpointer) lesc_known_datasets[i]);
    }
  else
    sets = lesc_default_datasets (s->data_dir);
  g_ptr_array_add (sets, NULL);
  LescExperimentRequest *r = lesc_experiment_request_new_table ((const char *const *) sets->pdata, setups, k,
                                                                store_only);
  s->table_requested = TRUE;
  char *title = store_only ? g_strdup (_("Reading the results store"))
                           : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Recovery on %u data set",
                                                           "Recovery on %u data sets", sets->len - 1),
                                              sets->len - 1);
  enqueue_experiment (s, LESC_WORK_TABLE, 0, r, title);
}

const LescGrid *
lesc_session_grid (LescSession *s)
{
  return s->last_grid >= 0 ? s->grids[s->last_grid] : NULL;
}

const LescCvResult *lesc_session_cv (LescSession *s) { return s->cv; }
const LescRecoveryTable *lesc_session_table (LescSession *s) { return s->table; }
gboolean lesc_session_table_requested (LescSession *s) { return s->table_requested; }
