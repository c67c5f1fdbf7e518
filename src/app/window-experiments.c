/* The window's experiments: the λ grid, cross-validation and the Comparison (which data
 * sets, which parameter set, how long it would take). */
#include "config.h"
#include "app/window-private.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/data-folder.h"
#include "app/experiment-jobs.h"
#include "core/experiments/estimate.h"

#define ESTIMATE_DELAY_MS 300

static void
setup_of (LescWindow *self, const LescMethod *m, LescMethodSetup *setup)
{
  setup->method = m;
  lesc_method_panel_get_params (self->method_panel, m, &setup->params);
}

/* ---- the λ grid ------------------------------------------------------------------------- */

#define GRID_LOOKUP_INTERVAL_US 1500000

typedef struct {
  LescWindow *self;
  LescJob *grid;
} GridLookup;

static void
grid_lookup_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  GridLookup *l = data;
  LescJob *lookup = LESC_JOB (source);
  g_autoptr (GError) error = NULL;
  if (lesc_job_run_finish (lookup, result, &error) != NULL && !lesc_job_is_finished (l->grid)
      && !gtk_widget_in_destruction (GTK_WIDGET (l->self)))
    lesc_sensitivity_view_show_partial (l->self->sensitivity_view, lookup);
  l->self->grid_lookup_running = FALSE;
  g_object_unref (l->grid);
  g_object_unref (l->self);
  g_free (l);
}

/* While a grid runs, its finished cells (each stored as it ends) are read back from the
 * results store now and then and painted. */
static void
grid_progress_cb (LescWindow *self, GParamSpec *pspec, LescJob *grid)
{
  gint64 now = g_get_monotonic_time ();
  if (self->grid_lookup_running || now - self->grid_lookup_us < GRID_LOOKUP_INTERVAL_US
      || lesc_job_get_state (grid) != LESC_JOB_RUNNING || lesc_job_is_cancelled (grid))
    return;
  LescDataObject *data = lesc_experiment_job_get_data (grid);
  guint n;
  const LescMethodSetup *setup = lesc_experiment_job_get_setups (grid, &n);
  guint n1, n2;
  const double *lambda1 = lesc_experiment_job_get_lambdas (grid, 1, &n1);
  const double *lambda2 = lesc_experiment_job_get_lambdas (grid, 2, &n2);
  g_autoptr (LescJob) lookup = lesc_grid_job_new (data, setup, lambda1, n1, lambda2, n2,
                                                  lesc_experiment_job_get_kl (grid), TRUE);
  GridLookup *l = g_new0 (GridLookup, 1);
  l->self = g_object_ref (self);
  l->grid = g_object_ref (grid);
  self->grid_lookup_running = TRUE;
  self->grid_lookup_us = now;
  lesc_job_run_async (lookup, grid_lookup_done_cb, l);
}

static void
grid_requested_cb (LescWindow *self, gpointer method)
{
  LescMethodSetup setup;
  setup_of (self, method, &setup);
  guint n1, n2;
  const double *lambda1 = lesc_sensitivity_view_get_lambda1 (self->sensitivity_view, &n1);
  const double *lambda2 = lesc_sensitivity_view_get_lambda2 (self->sensitivity_view, &n2);
  g_autoptr (LescJob) job = lesc_grid_job_new (self->data, &setup, lambda1, n1, lambda2, n2,
                                               lesc_method_panel_get_kl (self->method_panel), FALSE);
  g_signal_connect_object (job, "notify::fraction", G_CALLBACK (grid_progress_cb), self, G_CONNECT_SWAPPED);
  lesc_job_queue_add (self->queue, job);
}

/* A cell of the sensitivity grid: that run, with its distributions. */
static void
cell_activated_cb (LescWindow *self, gpointer method, double lambda1, double lambda2)
{
  lesc_method_panel_set_param (self->method_panel, method, "lambda1", lambda1);
  lesc_method_panel_set_param (self->method_panel, method, "lambda2", lambda2);
  lesc_method_panel_set_selected (self->method_panel, method, TRUE);
  lesc_window_show_view (self, "distributions");
  lesc_window_run (self);
}

/* Cross-validation uses the ticked methods that learn a mapping, or all of those. */
static guint
cv_setups (LescWindow *self, LescMethodSetup *setups, guint max)
{
  guint n = 0, k = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (int pass = 0; pass < 2 && k == 0; pass++)
    for (guint i = 0; i < n && k < max; i++)
      if (methods[i]->has_mapping && (pass == 1 || lesc_method_panel_is_selected (self->method_panel, methods[i])))
        setup_of (self, methods[i], &setups[k++]);
  return k;
}

void
_lesc_window_update_cv_methods (LescWindow *self)
{
  LescMethodSetup setups[16];
  guint k = cv_setups (self, setups, G_N_ELEMENTS (setups));
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < k; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", setups[i].method->display_name);
  lesc_cv_view_set_methods_text (self->cv_view, s->str);
  g_string_free (s, TRUE);
}

static void
cv_requested_cb (LescWindow *self)
{
  LescMethodSetup setups[16];
  guint k = cv_setups (self, setups, G_N_ELEMENTS (setups));
  if (k == 0)
    {
      lesc_window_toast (self, _("No method learns a mapping to new samples."));
      return;
    }
  g_autoptr (LescJob) job = lesc_cv_job_new (self->data, setups, k, lesc_cv_view_get_folds (self->cv_view),
                                             lesc_cv_view_get_seed (self->cv_view),
                                             lesc_method_panel_get_kl (self->method_panel));
  lesc_job_queue_add (self->queue, job);
}

/* ---- the Comparison ---------------------------------------------------------------------- */

/* The ticked methods (all when fewer than two are ticked), each with its defaults and the
 * default seed of the preferences: never the side bar's values. */
static guint
comparison_setups (LescWindow *self, LescMethodSetup *setups, guint max)
{
  guint n_all = 0, n = 0;
  const LescMethod *const *methods = lesc_methods (&n_all);
  for (int pass = 0; pass < 2 && n < 2; pass++)
    {
      n = 0;
      for (guint i = 0; i < n_all && n < max; i++)
        if (pass == 1 || lesc_method_panel_is_selected (self->method_panel, methods[i]))
          {
            setups[n].method = methods[i];
            lesc_run_params_init (&setups[n].params, methods[i]);
            setups[n].params.seed = g_settings_get_uint (self->settings, "default-seed");
            n++;
          }
    }
  return n;
}

static char *
describe_duration (double seconds)
{
  if (seconds < 60)
    return g_strdup (_("under a minute"));
  if (seconds < 3600)
    /* TRANSLATORS: an estimated duration */
    return g_strdup_printf (_("about %.0f min"), ceil (seconds / 60));
  /* TRANSLATORS: an estimated duration */
  return g_strdup_printf (_("about %.1f h"), seconds / 3600);
}

/* What the Comparison will run with: methods and parameter set, then the estimate. */
static char *
describe_setup (LescWindow *self, const LescEstimate *e, guint n_datasets)
{
  LescMethodSetup setups[16];
  guint n = comparison_setups (self, setups, G_N_ELEMENTS (setups));
  GString *names = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", setups[i].method->display_name);
  guint seed = g_settings_get_uint (self->settings, "default-seed");
  g_autofree char *params = lesc_comparison_view_get_tuned (self->comparison_view)
    /* TRANSLATORS: the Comparison's parameter set */
    ? g_strdup_printf (_("λ tuned per data set on the paper's grid, seed %u"), seed)
    /* TRANSLATORS: the Comparison's parameter set */
    : g_strdup_printf (_("each method's defaults, seed %u"), seed);
  g_autofree char *head = g_strdup_printf ("%s (%s)", names->str, params);
  g_string_free (names, TRUE);
  if (n_datasets == 0)
    return g_strdup_printf (_("%s. Choose the data sets to compare."), head);
  if (e == NULL)
    return g_strdup_printf (_("%s. Estimating the time…"), head);
  if (e->runs_to_compute == 0)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s. All %u run is in the results store.",
                                         "%s. All %u runs are in the results store.", e->runs_stored),
                            head, e->runs_stored);
  g_autofree char *duration = describe_duration (e->seconds);
  /* TRANSLATORS: "<methods (parameters)>. Computing the missing runs takes <about 3 min>: 12
   * runs to compute, 4 in the results store." */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s. Computing the missing runs takes %s on one core: %u run to compute, %u in the results store.",
                                       "%s. Computing the missing runs takes %s on one core: %u runs to compute, %u in the results store.",
                                       e->runs_to_compute),
                          head, duration, e->runs_to_compute, e->runs_stored);
}

typedef struct {
  GStrv datasets;
  char *data_dir;
  LescMethodSetup setups[16];
  guint n_setups;
  LescTuning tuning;
  LescKlDirection kl;
  LescEstimate estimate;
} EstimateTask;

static void
estimate_task_free (EstimateTask *t)
{
  g_strfreev (t->datasets);
  g_free (t->data_dir);
  g_free (t);
}

static void
estimate_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  EstimateTask *t = data;
  GError *error = NULL;
  LescStore *store = lesc_store_open (NULL, &error);
  if (store == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  LescExperimentOptions o = { .store = store, .data_dir = t->data_dir, .kl = t->kl };
  gboolean ok = lesc_recovery_table_estimate ((const char *const *) t->datasets, g_strv_length (t->datasets),
                                              t->setups, t->n_setups, &t->tuning, &o, &t->estimate, &error);
  lesc_store_close (store);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
estimate_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (LescWindow) self = data;
  g_autoptr (GError) error = NULL;
  EstimateTask *t = g_task_get_task_data (G_TASK (result));
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        lesc_comparison_view_set_setup_text (self->comparison_view, error->message);
      return;
    }
  g_autofree char *text = describe_setup (self, &t->estimate, g_strv_length (t->datasets));
  lesc_comparison_view_set_setup_text (self->comparison_view, text);
}

static gboolean
estimate_cb (gpointer data)
{
  LescWindow *self = data;
  self->estimate_id = 0;
  if (self->estimate_cancellable != NULL)
    g_cancellable_cancel (self->estimate_cancellable);
  g_clear_object (&self->estimate_cancellable);
  EstimateTask *t = g_new0 (EstimateTask, 1);
  t->datasets = lesc_comparison_view_dup_chosen (self->comparison_view);
  t->data_dir = lesc_data_folder_get (self->settings, NULL);
  t->n_setups = comparison_setups (self, t->setups, G_N_ELEMENTS (t->setups));
  t->tuning = (LescTuning) { lesc_comparison_view_get_tuned (self->comparison_view), -1 };
  t->kl = lesc_method_panel_get_kl (self->method_panel);
  guint n = g_strv_length (t->datasets);
  g_autofree char *text = describe_setup (self, NULL, n);
  lesc_comparison_view_set_setup_text (self->comparison_view, text);
  if (n == 0)
    {
      estimate_task_free (t);
      return G_SOURCE_REMOVE;
    }
  self->estimate_cancellable = g_cancellable_new ();
  g_autoptr (GTask) task = g_task_new (NULL, self->estimate_cancellable, estimate_done_cb, g_object_ref (self));
  g_task_set_task_data (task, t, (GDestroyNotify) estimate_task_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, estimate_thread);
  return G_SOURCE_REMOVE;
}

/* The estimate again, a moment after the last change. */
void
_lesc_window_schedule_estimate (LescWindow *self)
{
  g_clear_handle_id (&self->estimate_id, g_source_remove);
  self->estimate_id = g_timeout_add (ESTIMATE_DELAY_MS, estimate_cb, self);
}

/* The chosen data sets with the chosen parameter set: what the store has (`store_only`),
 * or computing what is missing. */
static void
request_table (LescWindow *self, gboolean store_only)
{
  LescMethodSetup setups[16];
  guint n = comparison_setups (self, setups, G_N_ELEMENTS (setups));
  g_auto (GStrv) sets = lesc_comparison_view_dup_chosen (self->comparison_view);
  if (!store_only && g_strv_length (sets) < 2)
    {
      lesc_window_toast (self, _("Choose at least two data sets to compare (Data Sets)."));
      return;
    }
  g_autofree char *dir = lesc_data_folder_get (self->settings, NULL);
  g_autoptr (LescJob) job = lesc_table_job_new ((const char *const *) sets, dir, setups, n,
                                                lesc_comparison_view_get_tuned (self->comparison_view),
                                                lesc_method_panel_get_kl (self->method_panel), store_only);
  lesc_job_queue_add (self->queue, job);
}

/* Is the Comparison's table of the methods the ticks give now? */
static gboolean
comparison_current (LescWindow *self)
{
  LescMethodSetup setups[16];
  guint n = comparison_setups (self, setups, G_N_ELEMENTS (setups)), k = 0;
  const LescMethod *const *shown = lesc_comparison_view_get_methods (self->comparison_view, &k);
  if (k != n)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < k && !found; j++)
        found = shown[j] == setups[i].method;
      if (!found)
        return FALSE;
    }
  return TRUE;
}

/* The ticks changed: a diagram of other methods is marked stale and read again from the
 * store at once (the store holds the runs of every method compared before). */
void
_lesc_window_comparison_methods_changed (LescWindow *self)
{
  if (!lesc_comparison_view_has_table (self->comparison_view))
    return;
  gboolean current = comparison_current (self);
  lesc_comparison_view_set_stale (self->comparison_view, !current);
  if (!current)
    request_table (self, TRUE);
}

static void
comparison_refresh_cb (LescWindow *self)
{
  request_table (self, TRUE);
}

static void
comparison_compute_cb (LescWindow *self)
{
  request_table (self, FALSE);
}

static void
comparison_setup_changed_cb (LescWindow *self)
{
  _lesc_window_schedule_estimate (self);
}

static void
visible_view_cb (LescWindow *self)
{
  const char *name = adw_view_stack_get_visible_child_name (self->view_stack);
  if (g_strcmp0 (name, "comparison") == 0 && !lesc_comparison_view_has_table (self->comparison_view)
      && !self->comparison_requested)
    {
      self->comparison_requested = TRUE;
      request_table (self, TRUE);
    }
}

/* The data folder changed: its files are what the Comparison offers. */
void
_lesc_window_data_folder_changed (LescWindow *self, const char *folder)
{
  g_autoptr (GPtrArray) files = lesc_data_folder_list (folder);
  lesc_comparison_view_set_folder (self->comparison_view, folder, files);
}

void
_lesc_window_experiment_finished (LescWindow *self, LescJob *job)
{
  if (lesc_job_get_state (job) == LESC_JOB_FAILED)
    {
      g_autofree char *msg = g_strdup_printf (_("%s failed: %s"), lesc_job_get_title (job),
                                              lesc_job_get_message (job));
      lesc_window_toast (self, msg);
      return;
    }
  if (lesc_job_get_state (job) != LESC_JOB_DONE)
    return;
  LescDataObject *data = lesc_experiment_job_get_data (job);
  switch (lesc_job_get_kind (job))
    {
    case LESC_JOB_KIND_GRID:
      if (data == self->data)
        lesc_sensitivity_view_add_grid (self->sensitivity_view, job);
      break;
    case LESC_JOB_KIND_CV:
      if (data == self->data)
        lesc_cv_view_set_job (self->cv_view, job);
      break;
    default:
      lesc_comparison_view_set_job (self->comparison_view, job);
      /* a table asked for before the ticks changed again is still stale */
      lesc_comparison_view_set_stale (self->comparison_view, !comparison_current (self));
      _lesc_window_schedule_estimate (self);   /* the store has more runs now */
      break;
    }
}

void
_lesc_window_experiments_init (LescWindow *self)
{
  g_signal_connect_swapped (self->sensitivity_view, "compute-requested", G_CALLBACK (grid_requested_cb), self);
  g_signal_connect_swapped (self->sensitivity_view, "cell-activated", G_CALLBACK (cell_activated_cb), self);
  g_signal_connect_swapped (self->cv_view, "run-requested", G_CALLBACK (cv_requested_cb), self);
  g_signal_connect_swapped (self->comparison_view, "refresh-requested", G_CALLBACK (comparison_refresh_cb), self);
  g_signal_connect_swapped (self->comparison_view, "compute-requested", G_CALLBACK (comparison_compute_cb), self);
  g_signal_connect_swapped (self->comparison_view, "setup-changed", G_CALLBACK (comparison_setup_changed_cb), self);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child-name", G_CALLBACK (visible_view_cb), self);
  g_signal_connect_swapped (self->settings, "changed::default-seed", G_CALLBACK (comparison_setup_changed_cb), self);
  _lesc_window_update_cv_methods (self);
}

void
_lesc_window_experiments_dispose (LescWindow *self)
{
  g_clear_handle_id (&self->estimate_id, g_source_remove);
  if (self->estimate_cancellable != NULL)
    g_cancellable_cancel (self->estimate_cancellable);
  g_clear_object (&self->estimate_cancellable);
}
