/* The session's experiments: the λ grid, the cross-validation and the recovery table,
 * queued in the background, and their results when they land. */
#include "config.h"
#include "session/session-private.h"

#include <glib/gi18n.h>

static void
setup_of (LescSession *s, guint i, LescMethodSetup *setup)
{
  setup->method = s->methods[i].method;
  setup->params = s->methods[i].params;
}

/* The grid and the cross-validation score against the ground truth: say so at once for
 * data without one (own data with logical labels only). */
static gboolean
has_truth (LescSession *s, const char *what)
{
  if (s->data->ds->truth != NULL)
    return TRUE;
  /* TRANSLATORS: "weather has only logical labels: the λ grid needs ground truth" */
  lesc_session_set_message (s, TRUE, _("%s has only logical labels: %s needs ground truth"),
                            s->data->ds->name, what);
  return FALSE;
}

static void
enqueue_experiment (LescSession *s, LescWorkKind kind, guint method, LescExperimentRequest *r,
                    char *title)
{
  lesc_experiment_request_set_open (r, &s->open);   /* the data is read as it was opened */
  r->store_path = g_strdup (s->store_path);
  r->kl = s->kl;
  LescSessionWork *w = g_new0 (LescSessionWork, 1);
  w->kind = kind;
  w->method = method;
  w->request = r;
  w->title = title;
  w->background = TRUE;   /* experiments yield to the user's runs */
  LescExperimentKind ek = kind == LESC_WORK_GRID ? LESC_EXPERIMENT_GRID
                          : kind == LESC_WORK_CV ? LESC_EXPERIMENT_CV : LESC_EXPERIMENT_TABLE;
  lesc_session_enqueue_work (s, w, lesc_experiment_output_free_func (ek));
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
  if (!has_truth (s, _("the λ grid")))
    return;
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
  if (s->data == NULL || !has_truth (s, _("the cross-validation")))
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

void
lesc_session_experiment_finished (LescSession *s, LescTask *t, LescSessionWork *w)
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
  lesc_session_set_message (s, FALSE, _("%s: done in %.1f s"), w->title,
                            lesc_task_get_seconds (t) - lesc_task_get_paused_seconds (t));
}
