/* The correlation view's state: the run shown, the sample, the weights on a worker. */
#include "config.h"
#include "session/correlations.h"
#include "core/methods/run.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct {
  const LescMethod *m;
  LescDataset *ds;        /* the numbers the worker reads: a copy */
  LescRunParams p;
  LescRunCache *cache;    /* outlives the view's tasks (the caller's) */
} Input;

static void
input_free (Input *in)
{
  lesc_dataset_free (in->ds);
  g_free (in);
}

struct _LescCorrelationState {
  LescCorrelationStateChanged changed;
  gpointer data;
  const LescMethod *m;
  char *key;                  /* what the weights are of */
  LescTask *task;             /* computing them, or NULL */
  LescTask *views_task;       /* making gLESC's views, or NULL */
  LescDataset *ds;            /* the numbers of the run shown (a copy), for the views */
  LescRunParams params;
  LescCorrelationsMatrix which, want;
  LescCorrelations *result;
  char *message;
  gssize sample;
  guint version;
};

static gpointer
work (gpointer input, LescProgress *progress, GError **error)
{
  Input *in = input;
  return lesc_correlations_new (in->m, in->ds, &in->p, in->cache, progress, error);
}

LescCorrelationState *
lesc_correlation_state_new (LescCorrelationStateChanged changed, gpointer data)
{
  LescCorrelationState *v = g_new0 (LescCorrelationState, 1);
  v->changed = changed;
  v->data = data;
  v->sample = -1;
  return v;
}

static void
stop_task (LescTask **t)
{
  if (*t == NULL)
    return;
  lesc_task_cancel (*t);
  lesc_task_wait (*t);
  g_clear_pointer (t, lesc_task_unref);
}

static void
stop (LescCorrelationState *v)
{
  stop_task (&v->views_task);
  stop_task (&v->task);
}

void
lesc_correlation_state_free (LescCorrelationState *v)
{
  if (v == NULL)
    return;
  stop (v);
  lesc_correlations_free (v->result);
  lesc_dataset_free (v->ds);
  g_free (v->key);
  g_free (v->message);
  g_free (v);
}

static void
done (LescTask *t, gpointer data)
{
  LescCorrelationState *v = data;
  if (t != v->task || !lesc_task_is_finished (t))
    return;
  if (lesc_task_get_state (t) == LESC_TASK_DONE)
    v->result = lesc_task_steal_output (t);
  else if (lesc_task_get_state (t) == LESC_TASK_FAILED)
    v->message = g_strdup (lesc_task_get_message (t));
  g_clear_pointer (&v->task, lesc_task_unref);
  if (v->result != NULL && v->sample >= (gssize) v->result->n)
    v->sample = -1;
  v->version++;
  if (v->changed != NULL)
    v->changed (v, v->data);
}

/* Everything the weights depend on (the run cache's key and the orientation). */
static char *
run_key (const LescMethod *m, const LescDataset *ds, const LescRunParams *p)
{
  GString *s = g_string_new (NULL);
  g_string_printf (s, "%s|%s", ds->checksum, m->name);
  for (guint i = 0; i < m->n_params; i++)
    if (strcmp (m->params[i].name, "lambda1") != 0)
      g_string_append_printf (s, "|%.17g", p->values[i]);
  g_string_append_printf (s, "|%d%d%d%d%d%d", p->c_paper_orientation, p->tensor_fft_views,
                          p->odd_n_single_shrink, (int) p->flavour, (int) p->scale, (int) p->knn);
  return g_string_free (s, FALSE);
}

void
lesc_correlation_state_set_run (LescCorrelationState *v, const LescMethod *m, const LescDataset *ds,
                               const LescRunParams *p, LescRunCache *cache)
{
  g_autofree char *key = m != NULL && ds != NULL ? run_key (m, ds, p) : NULL;
  if (g_strcmp0 (key, v->key) == 0)
    return;
  stop (v);
  g_clear_pointer (&v->result, lesc_correlations_free);
  g_clear_pointer (&v->message, g_free);
  g_clear_pointer (&v->ds, lesc_dataset_free);
  g_free (v->key);
  v->key = g_steal_pointer (&key);
  v->m = m;
  v->which = v->want = LESC_CORRELATIONS_RUN;
  v->version++;
  if (m == NULL || ds == NULL)
    return;
  if (m->smoothness == NULL)
    {
      /* TRANSLATORS: the correlation view for KM, LP, ML, FCM */
      v->message = g_strdup_printf (_("%s recovers each sample without a sample graph or correlation matrix: "
                                      "choose GLLE, LESC or gLESC."), m->display_name);
      return;
    }
  Input *in = g_new0 (Input, 1);
  in->m = m;
  in->p = *p;
  in->cache = cache;
  in->ds = g_new0 (LescDataset, 1);
  in->ds->name = g_strdup (ds->name);
  in->ds->checksum = g_strdup (ds->checksum);
  in->ds->features = lesc_matrix_copy (ds->features);
  in->ds->logical = lesc_matrix_copy (ds->logical);
  v->ds = g_new0 (LescDataset, 1);
  v->ds->name = g_strdup (ds->name);
  v->ds->checksum = g_strdup (ds->checksum);
  v->ds->features = lesc_matrix_copy (ds->features);
  v->ds->logical = lesc_matrix_copy (ds->logical);
  v->params = *p;
  v->task = lesc_task_new (work, in, (GDestroyNotify) input_free, (GDestroyNotify) lesc_correlations_free);
  lesc_task_start (v->task, done, v);
}

const LescCorrelations *
lesc_correlation_state_get (LescCorrelationState *v)
{
  return v->result;
}

gboolean
lesc_correlation_state_busy (LescCorrelationState *v)
{
  return v->task != NULL || v->views_task != NULL;
}

const char *
lesc_correlation_state_message (LescCorrelationState *v)
{
  return v->message;
}

const LescMethod *
lesc_correlation_state_method (LescCorrelationState *v)
{
  return v->m;
}

void
lesc_correlation_state_set_sample (LescCorrelationState *v, gssize sample)
{
  if (sample < 0 || (v->result != NULL && (gsize) sample >= v->result->n))
    sample = -1;
  if (sample == v->sample)
    return;
  v->sample = sample;
  v->version++;
}

gssize
lesc_correlation_state_get_sample (LescCorrelationState *v)
{
  return v->sample;
}

guint
lesc_correlation_state_version (LescCorrelationState *v)
{
  return v->version;
}

LescCorrelationFigure *
lesc_correlation_state_figure (LescCorrelationState *v, const LescPositions *pos, const char *title)
{
  if (v->result == NULL || pos == NULL || pos->xy->rows != v->result->n)
    return NULL;
  return lesc_correlation_figure_new (v->result, v->which, pos, v->sample, LESC_CORRELATION_STATE_TOP, title);
}

gboolean
lesc_correlation_state_wait (LescCorrelationState *v, double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * 1e6);
  while ((v->task != NULL || v->views_task != NULL) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (2000), TRUE);
  return v->task == NULL && v->views_task == NULL;
}

/* ---- gLESC's views ----------------------------------------------------------------------- */

typedef struct {
  LescCorrelations *c;      /* the state's: the worker writes only its views */
  const LescDataset *ds;    /* the state's copy */
  LescRunParams p;
} ViewsInput;

static gpointer
views_work (gpointer input, LescProgress *progress, GError **error)
{
  ViewsInput *in = input;
  return lesc_correlations_add_views (in->c, in->ds, &in->p, progress, error) ? GINT_TO_POINTER (1) : NULL;
}

static void
views_done (LescTask *t, gpointer data)
{
  LescCorrelationState *v = data;
  if (t != v->views_task || !lesc_task_is_finished (t))
    return;
  if (lesc_task_get_state (t) == LESC_TASK_DONE)
    v->which = v->want;
  else if (lesc_task_get_state (t) == LESC_TASK_FAILED)
    {
      g_free (v->message);
      v->message = g_strdup (lesc_task_get_message (t));
    }
  g_clear_pointer (&v->views_task, lesc_task_unref);
  v->version++;
  if (v->changed != NULL)
    v->changed (v, v->data);
}

gboolean
lesc_correlation_state_set_matrix (LescCorrelationState *v, LescCorrelationsMatrix which)
{
  if (which == LESC_CORRELATIONS_RUN)
    {
      v->want = v->which = which;
      v->version++;
      return TRUE;
    }
  if (v->result == NULL || strcmp (v->result->method->name, "glesc") != 0)
    return FALSE;
  v->want = which;
  if (v->result->views[0] != NULL)
    {
      v->which = which;
      v->version++;
      return TRUE;
    }
  if (v->views_task == NULL)
    {
      ViewsInput *in = g_new0 (ViewsInput, 1);
      in->c = v->result;
      in->ds = v->ds;
      in->p = v->params;
      v->views_task = lesc_task_new (views_work, in, g_free, NULL);
      lesc_task_start (v->views_task, views_done, v);
    }
  return TRUE;
}

LescCorrelationsMatrix
lesc_correlation_state_get_matrix (LescCorrelationState *v)
{
  return v->which;
}
