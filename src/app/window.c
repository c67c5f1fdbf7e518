#include "config.h"
#include "app/window-private.h"
#include "app/correlation-view.h"
#include "session/memory.h"

#include <glib/gi18n.h>

#include "app/data-folder.h"
#include "app/label-names.h"
#include "app/result.h"
#include "app/settings.h"
#include "core/base/error.h"
#include "core/base/framelog.h"
#include "core/data/tablefile.h"
#include "core/data/validate.h"

#include <string.h>
#include <sys/stat.h>


enum { SIGNAL_DATA_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescWindow, lesc_window, ADW_TYPE_APPLICATION_WINDOW)

/* ---- toasts ---------------------------------------------------------------------------- */

void
lesc_window_toast (LescWindow *self, const char *message)
{
  g_free (self->last_toast);
  self->last_toast = g_strdup (message);
  AdwToast *toast = adw_toast_new (message);
  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

const char *
lesc_window_get_last_toast (LescWindow *self)
{
  return self->last_toast;
}

static void update_progress (LescWindow *self);

void
lesc_window_run (LescWindow *self)
{
  g_return_if_fail (LESC_IS_WINDOW (self));
  if (lesc_session_run (self->session) == 0 && self->data != NULL)
    {
      gboolean any = FALSE;
      for (guint i = 0; i < lesc_session_n_methods (self->session); i++)
        any |= lesc_session_method (self->session, i)->ticked;
      lesc_window_toast (self, any ? _("The results are up to date.") : _("Tick a method to run."));
    }
}

static void
auto_run_changed_cb (LescWindow *self)
{
  lesc_session_set_auto_run (self->session, g_settings_get_boolean (self->settings, "auto-run"));
}

static void
params_changed_cb (LescWindow *self, gpointer method)
{
  _lesc_window_stop_strip (self);   /* its settings may be stale; it resumes after the runs */
  _lesc_window_stop_optimum (self);
  _lesc_window_push_params (self, method);
  _lesc_window_fill_strip (self);
}

static void
selection_changed_cb (LescWindow *self, gpointer method)
{
  _lesc_window_update_cv_methods (self);
  _lesc_window_schedule_estimate (self);
  _lesc_window_comparison_methods_changed (self);
  for (guint i = 0; i < lesc_session_n_methods (self->session); i++)
    if (lesc_session_method (self->session, i)->method == method)
      lesc_session_set_ticked (self->session, i, lesc_method_panel_is_selected (self->method_panel, method));
}

static void
kl_changed_cb (LescWindow *self)
{
  LescKlDirection kl = lesc_method_panel_get_kl (self->method_panel);
  lesc_results_view_set_kl (LESC_RESULTS_VIEW (self->measures_view), kl);
  lesc_results_view_set_kl (LESC_RESULTS_VIEW (self->distributions_view), kl);
  lesc_results_view_set_kl (LESC_RESULTS_VIEW (self->optimizer_view), kl);
}

static void
job_finished_cb (LescWindow *self, LescJob *job)
{
  update_progress (self);   /* one run fewer under way */
  if (_lesc_window_tuning_job_finished (self, job))
    return;
  if (lesc_job_get_kind (job) != LESC_JOB_KIND_RUN)
    {
      _lesc_window_experiment_finished (self, job);
      return;
    }
  LescTask *t = lesc_job_get_task (job);
  if (!lesc_session_task_is_current (self->session, t))
    return;
  const LescMethod *method = lesc_session_method (self->session, (guint) lesc_session_task_method (t))->method;
  if (lesc_job_get_state (job) == LESC_JOB_FAILED)
    {
      /* TRANSLATORS: "gLESC on yeast-alpha failed: <reason>" */
      g_autofree char *msg = g_strdup_printf (_("%s failed: %s"), lesc_job_get_title (job), lesc_job_get_message (job));
      lesc_window_toast (self, msg);
      return;
    }
  if (lesc_job_get_state (job) != LESC_JOB_DONE)
    return;
  if (method->smoothness != NULL)
    lesc_optimizer_view_select_method (self->optimizer_view, method);
  const LescRunResult *report = lesc_result_get_report (lesc_job_get_output (job));
  g_autofree char *warning = lesc_run_result_warning (report);
  if (warning == NULL)
    return;
  /* the two FCM cases as the core's warning tells them apart (method.c): memberships all
   * 1/t, or memberships that differ but too little to change the composed degrees */
  g_autofree char *msg = lesc_run_result_fcm_collapsed (report) && report->fcm_spread < LESC_FCM_COLLAPSED
    ? g_strdup_printf (
        /* TRANSLATORS: "FCM on sjaffe: …" */
        _("%s: the fuzzy c-means memberships collapsed to uniform, so every sample "
          "gets the same label degrees"), lesc_job_get_title (job))
    : lesc_run_result_fcm_collapsed (report)
    ? g_strdup_printf (
        /* TRANSLATORS: "FCM on sjaffe: …" */
        _("%s: the fuzzy c-means memberships differ too little to change the output, so every "
          "sample gets the same label degrees"), lesc_job_get_title (job))
    : g_strdup_printf (
        /* TRANSLATORS: "LESC on movie: …" */
        _("%s: the optimizer stopped in its first iterations, so the result is close to "
          "its random start — try the Converged LE step"), lesc_job_get_title (job));
  lesc_window_toast (self, msg);
}

/* ---- progress -------------------------------------------------------------------------- */

/* The user's runs queued or under way (not background work). */
static guint
count_runs_queued (LescWindow *self)
{
  GListModel *jobs = lesc_job_queue_get_jobs (self->queue);
  guint n = g_list_model_get_n_items (jobs), runs = 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LescJob) job = g_list_model_get_item (jobs, i);
      runs += lesc_job_get_kind (job) == LESC_JOB_KIND_RUN && !lesc_job_is_background (job)
              && !lesc_job_is_finished (job) && !lesc_job_is_cancelled (job);
    }
  return runs;
}

static void
update_progress (LescWindow *self)
{
  gboolean busy = lesc_job_queue_get_busy (self->queue);
  LescJob *job = self->watched;
  /* Idle, the strip keeps its place and says how the last job ended. */
  if (busy)
    gtk_widget_remove_css_class (self->progress_strip, "idle");
  else
    gtk_widget_add_css_class (self->progress_strip, "idle");
  if (job == NULL)
    {
      gtk_label_set_text (self->progress_title, _("No job running"));
      gtk_label_set_text (self->progress_stage, "");
      gtk_progress_bar_set_fraction (self->progress_bar, 0.0);
    }
  else
    {
      /* background work says so (the same words as the terminal's) */
      g_autofree char *title = lesc_job_is_background (job) ? g_strdup_printf (_("background: %s"), lesc_job_get_title (job))
                                                            : g_strdup (lesc_job_get_title (job));
      gtk_label_set_text (self->progress_title, title);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->progress_title), title);
      gtk_widget_remove_css_class (GTK_WIDGET (self->progress_stage), "warning");
      if (lesc_job_is_finished (job))
        {
          /* A run says its own time (its output's, measures included) and its warning. */
          LescResult *result = lesc_job_get_kind (job) == LESC_JOB_KIND_RUN && lesc_job_get_state (job) == LESC_JOB_DONE
                               ? lesc_job_get_output (job) : NULL;
          double seconds = result != NULL ? lesc_result_get_seconds (result) : lesc_job_get_seconds (job);
          g_autofree char *warning = result != NULL ? lesc_run_result_short_warning (lesc_result_get_report (result))
                                                    : NULL;
          /* TRANSLATORS: how the last job ended: "Done after 2.3 s", "Cancelled after 0.8 s" */
          g_autofree char *ended = g_strdup_printf (_("%s after %.1f s"), lesc_job_get_stage (job), seconds);
          g_autofree char *with = warning != NULL ? g_strdup_printf ("%s · %s", ended, warning) : g_strdup (ended);
          if (warning != NULL)
            gtk_widget_add_css_class (GTK_WIDGET (self->progress_stage), "warning");
          gtk_label_set_text (self->progress_stage, with);
        }
      else
        gtk_label_set_text (self->progress_stage, lesc_job_get_stage (job));
      gtk_progress_bar_set_fraction (self->progress_bar, lesc_job_get_fraction (job));
    }
  guint waiting = lesc_job_queue_get_pending (self->queue);
  waiting -= waiting > 0 && lesc_job_queue_get_current (self->queue) != NULL;
  g_autofree char *queued = waiting > 0
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more queued", "%u more queued", waiting), waiting)
    : g_strdup ("");
  gtk_label_set_text (self->progress_queue, queued);
  if (lesc_frame_log_enabled ())
    {
      g_autofree char *status = lesc_window_dup_status (self);
      lesc_frame_log_status ("gtk", status);
    }
  gboolean any = g_list_model_get_n_items (lesc_job_queue_get_jobs (self->queue)) > 0;
  gtk_stack_set_visible_child_name (self->runs_stack, any ? "list" : "empty");
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", busy);
  if (self->measures_view != NULL)
    lesc_measures_view_set_runs_queued (self->measures_view, count_runs_queued (self));
}

char *
lesc_window_dup_status (LescWindow *self)
{
  g_return_val_if_fail (LESC_IS_WINDOW (self), NULL);
  return g_strdup_printf ("%s — %s", gtk_label_get_text (self->progress_title), gtk_label_get_text (self->progress_stage));
}

static void
watched_notify_cb (LescWindow *self)
{
  update_progress (self);
}

static void
queue_current_cb (LescWindow *self)
{
  LescJob *current = lesc_job_queue_get_current (self->queue);
  /* Idle again after background work that followed a run of the user's: the strip says
   * how that run ended, not how the background work did. */
  if (current == NULL && self->watched != NULL && lesc_job_is_background (self->watched)
      && self->last_run != NULL && lesc_job_is_finished (self->last_run))
    current = self->last_run;
  if (current != NULL && !lesc_job_is_background (current))
    g_set_object (&self->last_run, current);
  if (current != NULL && current != self->watched)
    {
      if (self->watched != NULL)
        g_signal_handlers_disconnect_by_func (self->watched, watched_notify_cb, self);
      g_set_object (&self->watched, current);
      g_signal_connect_swapped (current, "notify", G_CALLBACK (watched_notify_cb), self);
    }
  update_progress (self);
}

void
lesc_window_cancel (LescWindow *self)
{
  lesc_session_cancel (self->session);
  lesc_job_queue_cancel_all (self->queue);   /* the window's own background work */
  update_progress (self);
}

/* ---- data ------------------------------------------------------------------------------ */

/* The ticked methods whose side-bar settings are not their defaults: "LESC λ₁ = 0.1, λ₂ = 1;
 * GLLE K = 10", or NULL. */
static char *
non_default_settings (LescWindow *self)
{
  GString *s = g_string_new (NULL);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    {
      const LescMethod *m = methods[i];
      if (!lesc_method_panel_is_selected (self->method_panel, m))
        continue;
      LescRunParams now, defaults;
      lesc_method_panel_get_params (self->method_panel, m, &now);
      lesc_run_params_init (&defaults, m);
      GString *changed = g_string_new (NULL);
      for (guint k = 0; k < m->n_params; k++)
        if (now.values[k] != defaults.values[k])
          {
            g_autofree char *symbol = lesc_param_symbol (&m->params[k]);
            g_string_append_printf (changed, "%s%s = %g", changed->len > 0 ? ", " : "", symbol, now.values[k]);
          }
      if (changed->len > 0)
        g_string_append_printf (s, "%s%s %s", s->len > 0 ? "; " : "", m->display_name, changed->str);
      g_string_free (changed, TRUE);
    }
  return g_string_free (s, s->len == 0);
}

static void
set_data (LescWindow *self, LescDataObject *data)
{
  gboolean had_data = self->data != NULL && self->data != data;
  g_set_object (&self->data, data);
  LescOpenOptions open;
  lesc_data_object_get_open_options (data, &open);
  /* the session stops the old set's runs, drops its results and runs the ticked methods */
  lesc_session_set_dataset (self->session, lesc_data_object_get_dataset (data), g_object_ref (data), g_object_unref,
                            lesc_data_object_get_spec (data), &open);
  /* settings carried over to another data set are said, with a way back */
  g_autofree char *kept = had_data ? non_default_settings (self) : NULL;
  if (kept != NULL)
    {
      /* TRANSLATORS: a toast when another data set is opened: the data set, then the
       * settings that differ from the defaults ("LESC λ₁ = 0.1; GLLE K = 10") */
      g_autofree char *msg = g_strdup_printf (_("The methods keep their settings on %s: %s"),
                                              lesc_data_object_get_name (data), kept);
      g_free (self->last_toast);
      self->last_toast = g_strdup (msg);
      AdwToast *toast = adw_toast_new (msg);
      adw_toast_set_timeout (toast, 10);
      adw_toast_set_button_label (toast, _("Use _Defaults"));
      adw_toast_set_action_name (toast, "win.use-defaults");
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
  lesc_label_names_restore (data, self->settings);
  lesc_data_summary_set_data (self->data_summary, data);
  lesc_distributions_view_set_data (self->distributions_view, data);
  _lesc_window_stop_strip (self);
  lesc_optimizer_view_set_data (self->optimizer_view, data);
  lesc_strip_view_set_data (self->strip_view, data);
  lesc_sensitivity_view_clear (self->sensitivity_view);
  lesc_cv_view_set_job (self->cv_view, NULL);
  adw_view_switcher_title_set_subtitle (self->switcher_title, lesc_data_object_get_name (data));
  g_signal_emit (self, signals[SIGNAL_DATA_CHANGED], 0);
}

/* No data set could be opened: the previous one stays (its entry selected again), or at
 * start the built-in one is opened (it is computed, not read). */
static void
open_failed (LescWindow *self)
{
  if (self->data != NULL)
    {
      lesc_data_summary_set_data (self->data_summary, self->data);
      return;
    }
  g_autoptr (LescDataObject) artificial = lesc_data_object_new_artificial ();
  set_data (self, artificial);
}

/* Start on the last session (session/memory.h, the same as `lesc explore`'s): the
 * settings and ticks, then its data set; without one, the artificial set with LESC. Only
 * the ticked methods run. */
static void
restore_session (LescWindow *self)
{
  g_autofree char *text = _lesc_window_session_restore (self);
  auto_run_changed_cb (self);   /* the preference decides */
  if (text != NULL && !g_str_equal (text, "artificial"))
    _lesc_window_open_text (self, text);
  if (self->open_cancellable == NULL)
    open_failed (self);
}

typedef struct {
  LescWindow *self;
  LescOpenRequest request;
} OpenContext;

static void
open_context_free (OpenContext *c)
{
  g_object_unref (c->self);
  g_free (c->request.spec);
  g_free (c->request.data_dir);
  g_free (c);
}

static void start_open (LescWindow *self, const char *spec, gsize label_columns, gboolean logical,
                        gboolean renormalize);

static void
renormalize_response_cb (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  OpenContext *c = data;
  if (g_str_equal (response, "renormalize"))
    start_open (c->self, c->request.spec, c->request.label_columns, c->request.logical, TRUE);
  else
    open_failed (c->self);
  open_context_free (c);
}

/* A message of the data readers without the command-line options it suggests
 * ("; --renormalize divides each row by its sum", "(… --delimiter)"): the window offers its
 * own controls instead. */
static char *
without_cli_options (const char *message)
{
  GString *s = g_string_new (message);
  const char *dash;
  while ((dash = strstr (s->str, " --")) != NULL || g_str_has_prefix (s->str, "--"))
    {
      gsize at = dash != NULL ? (gsize) (dash - s->str) + 1 : 0, from = at, to = at;
      /* the enclosing "( … )", else the clause from the last "; " to the next ';' */
      const char *open = NULL, *semi = NULL;
      for (const char *p = s->str; p < s->str + at; p++)
        if (*p == '(')
          open = p;
        else if (*p == ')')
          open = NULL;
        else if (*p == ';')
          semi = p;
      const char *close = open != NULL ? strchr (s->str + at, ')') : NULL;
      if (open != NULL && close != NULL)
        {
          from = (gsize) (open - s->str);
          to = (gsize) (close - s->str) + 1;
          if (from > 0 && s->str[from - 1] == ' ')
            from--;
        }
      else
        {
          from = semi != NULL ? (gsize) (semi - s->str) : at;
          const char *next = strchr (s->str + at, ';');
          to = next != NULL ? (gsize) (next - s->str) : s->len;
        }
      g_string_erase (s, (gssize) from, (gssize) (to - from));
    }
  return g_string_free (s, FALSE);
}

static void
logical_response_cb (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  OpenContext *c = data;
  if (g_str_equal (response, "logical"))
    start_open (c->self, c->request.spec, c->request.label_columns, TRUE, FALSE);
  else
    open_failed (c->self);
  open_context_free (c);
}

/* Label columns of only 0 and 1 opened as distributions: they are logical labels. Dividing
 * them by their sums would make up a ground truth, so only opening them as 0/1 labels is
 * offered. */
static void
ask_logical (OpenContext *c)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (c->self),
                                                                         _("Labels Are 0 and 1"),
                                                                         NULL));
  g_autofree char *base = g_path_get_basename (c->request.spec);
  g_autofree char *body = g_strdup_printf (_("The label columns of %s hold only 0 and 1: they are logical labels, not label distributions, so there is no ground truth to score against.\n\nOpen them as 0/1 labels?"),
                                           base);
  adw_message_dialog_set_body (dialog, body);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "logical",
                                    _("Open as _0/1 Labels"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "logical", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "logical");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (logical_response_cb), c);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Rows that do not sum to 1: offer to divide them by their sums. */
static void
ask_renormalize (OpenContext *c, const LescValidateReport *report, const char *message)
{
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (c->self),
                                                                         _("Rows Are Not Distributions"),
                                                                         NULL));
  g_autofree char *shown = without_cli_options (message);
  g_autofree char *body = g_strdup_printf (_("%s\n\nDivide each of these rows by its sum and open the data set?"),
                                           shown);
  adw_message_dialog_set_body (dialog, body);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "renormalize", _("_Renormalize"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "renormalize", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "renormalize");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (renormalize_response_cb), c);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
open_done_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  OpenContext *c = data;
  LescWindow *self = c->self;
  g_autoptr (GError) error = NULL;
  LescValidateReport report = { 0 };
  g_autoptr (LescDataObject) object = lesc_data_object_open_finish (result, &report, &error);
  if (object != NULL)
    {
      set_data (self, object);
      _lesc_window_recent_add (self, c->request.spec, object);
      open_context_free (c);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || gtk_widget_in_destruction (GTK_WIDGET (self)))
    {
      open_context_free (c);
      return;
    }
  if (g_error_matches (error, LESC_ERROR, LESC_ERROR_DATA) && report.not_distributions > 0
      && report.truth_zero_one && !c->request.logical)
    {
      ask_logical (c);
      return;
    }
  if (g_error_matches (error, LESC_ERROR, LESC_ERROR_DATA) && report.not_distributions > 0
      && !c->request.renormalize)
    {
      ask_renormalize (c, &report, error->message);
      return;
    }
  open_failed (self);
  g_autofree char *shown = without_cli_options (error->message);
  lesc_window_toast (self, shown);
  open_context_free (c);
}

static void
start_open (LescWindow *self, const char *spec, gsize label_columns, gboolean logical,
            gboolean renormalize)
{
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->open_cancellable = g_cancellable_new ();
  OpenContext *c = g_new0 (OpenContext, 1);
  c->self = g_object_ref (self);
  c->request.spec = g_strdup (spec);
  c->request.data_dir = lesc_data_folder_get (self->settings, NULL);
  c->request.label_columns = label_columns;
  c->request.logical = logical;
  c->request.renormalize = renormalize;
  lesc_data_object_open_async (&c->request, self->open_cancellable, open_done_cb, c);
}

static void
columns_response_cb (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  LescWindow *self = data;
  GtkSpinButton *spin = g_object_get_data (G_OBJECT (dialog), "lesc-spin");
  GtkDropDown *kind = g_object_get_data (G_OBJECT (dialog), "lesc-kind");
  const char *spec = g_object_get_data (G_OBJECT (dialog), "lesc-spec");
  if (g_str_equal (response, "open"))
    lesc_window_open_table (self, spec, (gsize) gtk_spin_button_get_value_as_int (spin),
                            gtk_drop_down_get_selected (kind) == 1);
  else if (self->data != NULL)
    lesc_data_summary_set_data (self->data_summary, self->data);
}

/* How many last columns of the table `path` hold only 0 and 1 (0 when it cannot be read
 * or is too large to read while the dialog opens). */
static gsize
guess_zero_one_columns (const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size > 32 * 1024 * 1024)
    return 0;
  g_autoptr (LescMatrix) m = lesc_table_read (path, NULL, NULL, NULL, NULL, NULL);
  return m != NULL ? lesc_matrix_trailing_zero_one_columns (m) : 0;
}

/* One table file holds features and labels: ask where the labels start and what they are
 * (distributions, or 0/1 labels without a ground truth). */
static void
ask_label_columns (LescWindow *self, const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *heading = g_strdup_printf (_("Open %s"), base);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
      GTK_WINDOW (self), heading,
      _("The features and the labels are in one file. How many of its last columns are labels, and what do they hold?")));
  GtkWidget *spin = gtk_spin_button_new_with_range (2, 10000, 1);
  /* trailing columns of only 0 and 1 are logical labels (weather.csv): proposed as such */
  gsize zero_one = guess_zero_one_columns (path);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), zero_one >= 2 ? (double) zero_one : 3);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Label columns"), -1);
  const char *const kinds[] = { _("Label distributions"), _("0/1 labels (no ground truth)"), NULL };
  GtkWidget *kind = gtk_drop_down_new_from_strings (kinds);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (kind), zero_one >= 2 ? 1 : 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (kind), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("What the label columns hold"), -1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_halign (box, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (box), spin);
  gtk_box_append (GTK_BOX (box), kind);
  g_object_set_data (G_OBJECT (dialog), "lesc-spin", spin);
  g_object_set_data (G_OBJECT (dialog), "lesc-kind", kind);
  adw_message_dialog_set_extra_child (dialog, box);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "open", _("_Open"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "open", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "open");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "lesc-spec", g_strdup (path), g_free);
  g_signal_connect (dialog, "response", G_CALLBACK (columns_response_cb), self);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
lesc_window_open_with (LescWindow *self, const char *spec, gsize label_columns, gboolean renormalize)
{
  g_return_if_fail (LESC_IS_WINDOW (self));
  start_open (self, spec, label_columns, FALSE, renormalize);
}

void
lesc_window_open_table (LescWindow *self, const char *spec, gsize label_columns, gboolean logical)
{
  g_return_if_fail (LESC_IS_WINDOW (self));
  start_open (self, spec, label_columns, logical, FALSE);
}

void
lesc_window_open (LescWindow *self, const char *spec)
{
  g_return_if_fail (LESC_IS_WINDOW (self));
  /* one table (text or .npy) holds the labels in its last columns: ask how many */
  LescTableKind kind;
  if (lesc_table_kind (spec, &kind) && (kind == LESC_TABLE_TEXT || kind == LESC_TABLE_NPY)
      && g_file_test (spec, G_FILE_TEST_IS_REGULAR))
    ask_label_columns (self, spec);
  else
    start_open (self, spec, 0, FALSE, FALSE);
}

static void
name_labels_cb (LescWindow *self)
{
  if (self->data != NULL)
    lesc_label_names_dialog (GTK_WINDOW (self), self->data, self->settings);
}

static void
summary_open_cb (LescWindow *self, const char *spec)
{
  lesc_window_open (self, spec);
}

static void
data_directory_changed_cb (LescWindow *self)
{
  g_autofree char *dir = lesc_data_folder_get (self->settings, NULL);
  lesc_data_summary_set_directory (self->data_summary, dir);
  _lesc_window_data_folder_changed (self, dir);
}

static gboolean
drop_cb (GtkDropTarget *target, const GValue *value, double x, double y, gpointer data)
{
  LescWindow *self = data;
  if (!G_VALUE_HOLDS (value, G_TYPE_FILE))
    return FALSE;
  GFile *file = g_value_get_object (value);
  g_autofree char *path = g_file_get_path (file);
  if (path == NULL)
    {
      lesc_window_toast (self, _("Only local files can be opened."));
      return FALSE;
    }
  lesc_window_open (self, path);
  return TRUE;
}

/* ---- views and export ------------------------------------------------------------------ */

void
lesc_window_show_view (LescWindow *self, const char *name)
{
  if (adw_view_stack_get_child_by_name (self->view_stack, name) != NULL)
    adw_view_stack_set_visible_child_name (self->view_stack, name);
}

GtkWidget *
lesc_window_get_view (LescWindow *self, const char *name)
{
  return adw_view_stack_get_child_by_name (self->view_stack, name);
}

/* ---- life cycle ------------------------------------------------------------------------ */

static gboolean
lesc_window_close_request (GtkWindow *window)
{
  LescWindow *self = LESC_WINDOW (window);
  int width, height;
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  /* the next start opens on this session (shared with lesc explore) */
  g_autofree char *path = lesc_session_memory_default_path ();
  g_autoptr (GError) error = NULL;
  if (self->data != NULL && !lesc_session_memory_save (self->session, path, &error))
    g_printerr ("lesc: %s\n", error->message);
  lesc_job_queue_cancel_all (self->queue);
  return GTK_WINDOW_CLASS (lesc_window_parent_class)->close_request (window);
}

static void
lesc_window_dispose (GObject *object)
{
  LescWindow *self = LESC_WINDOW (object);
  _lesc_window_experiments_dispose (self);
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  if (self->queue != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->queue, self);
      lesc_job_queue_cancel_all (self->queue);
    }
  /* its workers stop and are waited for; its queue goes before the job queue */
  g_clear_pointer (&self->session, lesc_session_free);
  if (self->watched != NULL)
    g_signal_handlers_disconnect_by_func (self->watched, watched_notify_cb, self);
  g_clear_object (&self->watched);
  g_clear_object (&self->last_run);
  g_clear_object (&self->recent_menu);
  g_clear_object (&self->strip_job);
  g_clear_object (&self->queue);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_WINDOW);
  g_clear_object (&self->results);
  g_clear_object (&self->data);
  lesc_app_settings_release (&self->settings, self);
  g_clear_pointer (&self->last_toast, g_free);
  G_OBJECT_CLASS (lesc_window_parent_class)->dispose (object);
}

static void
lesc_window_class_init (LescWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);
  object_class->dispose = lesc_window_dispose;
  window_class->close_request = lesc_window_close_request;

  g_type_ensure (LESC_TYPE_DATA_SUMMARY);
  g_type_ensure (LESC_TYPE_METHOD_PANEL);
  g_type_ensure (LESC_TYPE_MEASURES_VIEW);
  g_type_ensure (LESC_TYPE_DISTRIBUTIONS_VIEW);
  g_type_ensure (LESC_TYPE_SENSITIVITY_VIEW);
  g_type_ensure (LESC_TYPE_COMPARISON_VIEW);
  g_type_ensure (LESC_TYPE_CV_VIEW);
  g_type_ensure (LESC_TYPE_OPTIMIZER_VIEW);
  g_type_ensure (LESC_TYPE_STRIP_VIEW);
  g_type_ensure (LESC_TYPE_CORRELATIONS_VIEW);
  g_type_ensure (LESC_TYPE_JOB);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/window.ui");
  gtk_widget_class_bind_template_child (widget_class, LescWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, runs_button);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, runs_stack);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, runs_view);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, data_summary);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, main_menu);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, method_panel);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, progress_strip);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, progress_title);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, progress_stage);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, progress_queue);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, measures_view);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, distributions_view);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, sensitivity_view);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, comparison_view);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, cv_view);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, optimizer_view);
  gtk_widget_class_bind_template_child (widget_class, LescWindow, strip_view);

  _lesc_window_class_actions_init (widget_class);

  signals[SIGNAL_DATA_CHANGED] = g_signal_new ("data-changed", G_TYPE_FROM_CLASS (klass),
                                               G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                               G_TYPE_NONE, 0);
}

static void
setup_runs_list (LescWindow *self)
{
  GtkListItemFactory *factory =
    gtk_builder_list_item_factory_new_from_resource (NULL, "/io/github/lescexplorer/Explorer/ui/run-row.ui");
  gtk_list_view_set_factory (self->runs_view, factory);
  g_object_unref (factory);
  GtkNoSelection *selection = gtk_no_selection_new (g_object_ref (lesc_job_queue_get_jobs (self->queue)));
  gtk_list_view_set_model (self->runs_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
}

static void
lesc_window_init (LescWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = lesc_app_settings_new ();
  lesc_app_run_cache ();   /* made here, on the main thread, where its setting is watched */
  _lesc_window_session_init (self);
  self->queue = lesc_job_queue_new (lesc_session_queue (self->session));
  self->results = g_list_store_new (LESC_TYPE_RESULT);

  gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_object_bind_property (self->flap, "reveal-flap", self->sidebar_button, "active",
                          G_BINDING_SYNC_CREATE);
  setup_runs_list (self);
  _lesc_window_recent_init (self);

  lesc_results_view_set_results (LESC_RESULTS_VIEW (self->measures_view), G_LIST_MODEL (self->results));
  lesc_results_view_set_results (LESC_RESULTS_VIEW (self->distributions_view), G_LIST_MODEL (self->results));
  lesc_results_view_set_results (LESC_RESULTS_VIEW (self->optimizer_view), G_LIST_MODEL (self->results));
  lesc_results_view_set_results (LESC_RESULTS_VIEW (adw_view_stack_get_child_by_name (self->view_stack, "correlations")),
                                 G_LIST_MODEL (self->results));
  kl_changed_cb (self);

  g_signal_connect_swapped (self->method_panel, "params-changed", G_CALLBACK (params_changed_cb), self);
  g_signal_connect_swapped (self->method_panel, "selection-changed", G_CALLBACK (selection_changed_cb), self);
  g_signal_connect_swapped (self->method_panel, "kl-changed", G_CALLBACK (kl_changed_cb), self);
  g_signal_connect_swapped (self->data_summary, "open", G_CALLBACK (summary_open_cb), self);
  g_signal_connect_swapped (self->data_summary, "name-labels", G_CALLBACK (name_labels_cb), self);
  _lesc_window_experiments_init (self);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child-name",
                            G_CALLBACK (_lesc_window_update_export_actions), self);
  g_signal_connect_swapped (gtk_menu_button_get_popover (self->export_button), "show",
                            G_CALLBACK (_lesc_window_update_export_actions), self);
  g_signal_connect_swapped (self->queue, "notify::current", G_CALLBACK (queue_current_cb), self);
  g_signal_connect_swapped (self->queue, "notify::busy", G_CALLBACK (update_progress), self);
  /* a run queued behind another changes neither: the queued count and the empty state */
  g_signal_connect_object (lesc_job_queue_get_jobs (self->queue), "items-changed", G_CALLBACK (update_progress), self,
                           G_CONNECT_SWAPPED);
  _lesc_window_tuning_init (self);
  g_signal_connect_swapped (self->queue, "job-finished", G_CALLBACK (job_finished_cb), self);
  g_signal_connect_swapped (self->settings, "changed::data-directory",
                            G_CALLBACK (data_directory_changed_cb), self);
  data_directory_changed_cb (self);

  GtkDropTarget *drop = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);
  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));

  update_progress (self);
  g_signal_connect_swapped (self->settings, "changed::auto-run", G_CALLBACK (auto_run_changed_cb), self);
  restore_session (self);
}

LescWindow *
lesc_window_new (GtkApplication *application)
{
  return g_object_new (LESC_TYPE_WINDOW, "application", application, NULL);
}

LescDataObject  *lesc_window_get_data (LescWindow *self) { return self->data; }
LescMethodPanel *lesc_window_get_method_panel (LescWindow *self) { return self->method_panel; }
LescJobQueue    *lesc_window_get_queue (LescWindow *self) { return self->queue; }
GListModel      *lesc_window_get_results (LescWindow *self) { return G_LIST_MODEL (self->results); }

gboolean
lesc_window_get_export_enabled (LescWindow *self, const char *what)
{
  _lesc_window_update_export_actions (self);
  return g_str_equal (what, "figure") ? self->can_export_figure : self->can_export_table;
}
