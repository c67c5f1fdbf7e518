/* The live-tuning parts of the window: the λ strip's background filling and the
 * optimizer view's converged optimum (window-private.h). */
#include "config.h"
#include "app/window-private.h"
#include "app/result.h"
#include "app/strip-job.h"

/* ---- the λ strip's background filling ---------------------------------------------- */


void
_lesc_window_stop_strip (LescWindow *self)
{
  if (self->strip_job != NULL)
    lesc_job_cancel (self->strip_job);
  g_clear_object (&self->strip_job);
}

static void
strip_cells_cb (LescWindow *self, GParamSpec *pspec, LescJob *job)
{
  lesc_strip_view_add_cells (self->strip_view, job);
}

/* Fill the missing cells of the strip while it is shown and nothing else runs. */
void
_lesc_window_fill_strip (LescWindow *self)
{
  if (self->strip_job != NULL || lesc_job_queue_get_busy (self->queue)
      || g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "strip") != 0)
    return;
  LescJob *job = lesc_strip_view_new_fill_job (self->strip_view);
  if (job == NULL)
    return;
  g_signal_connect_object (job, "notify::provisional", G_CALLBACK (strip_cells_cb), self,
                           G_CONNECT_SWAPPED);
  self->strip_job = job;
  lesc_job_queue_add (self->queue, job);
}

static void
strip_fill_cb (LescWindow *self)
{
  _lesc_window_fill_strip (self);
}

/* A strip cell: its value in the panel, and that run shown. */
static void
strip_cell_cb (LescWindow *self, gpointer method, const char *param, double value)
{
  lesc_method_panel_set_param (self->method_panel, method, param, value);
  lesc_method_panel_set_selected (self->method_panel, method, TRUE);
  lesc_window_show_view (self, "distributions");
  lesc_window_run (self);
}

static void
busy_cb (LescWindow *self)
{
  if (!lesc_job_queue_get_busy (self->queue))
    _lesc_window_fill_strip (self);
}

/* ---- the optimizer view's optimum -------------------------------------------------- */

#define OPTIMUM_FOR "lesc-optimum-for"
/* optimizer-view.c marks a result whose optimum it asked for */
#define OPTIMUM_REQUESTED "lesc-optimum-requested"

static gboolean
optimizer_shown (LescWindow *self)
{
  return g_strcmp0 (adw_view_stack_get_visible_child_name (self->view_stack), "optimizer") == 0;
}

static gboolean
is_optimum_job (LescJob *job, gpointer data)
{
  return g_object_get_data (G_OBJECT (job), OPTIMUM_FOR) != NULL;
}

void
_lesc_window_stop_optimum (LescWindow *self)
{
  lesc_job_queue_cancel_matching (self->queue, is_optimum_job, NULL);
}

/* The converged variant of `result`'s settings gives the exact optimum's objective: a
 * background run, only while the Optimizer view is shown (it asks again when shown). */
static void
optimum_requested_cb (LescWindow *self, LescResult *result)
{
  if (!optimizer_shown (self))
    {
      g_object_set_data (G_OBJECT (result), OPTIMUM_REQUESTED, NULL);
      return;
    }
  const LescRunParams *p = lesc_result_get_params (result);
  if (p->variant == LESC_VARIANT_CONVERGED)
    {
      lesc_result_set_optimum (result, lesc_result_get_report (result)->le.objective);
      lesc_optimizer_view_optimum_changed (self->optimizer_view);
      return;
    }
  LescRunParams converged = *p;
  converged.variant = LESC_VARIANT_CONVERGED;
  g_autoptr (LescJob) job = lesc_run_job_new (lesc_result_get_method (result), &converged,
                                              lesc_result_get_data (result));
  g_object_set_data_full (G_OBJECT (job), OPTIMUM_FOR, g_object_ref (result), g_object_unref);
  lesc_job_set_background (job, TRUE);   /* the user did not ask for this run */
  lesc_job_queue_add (self->queue, job);
}

gboolean
_lesc_window_tuning_job_finished (LescWindow *self, LescJob *job)
{
  if (lesc_strip_job_get_method (job) != NULL)
    {
      if (lesc_job_get_state (job) == LESC_JOB_DONE)
        lesc_strip_view_add_cells (self->strip_view, job);
      if (job == self->strip_job)
        g_clear_object (&self->strip_job);
      return TRUE;
    }
  LescResult *optimum_for = g_object_get_data (G_OBJECT (job), OPTIMUM_FOR);
  if (optimum_for == NULL)
    return FALSE;
  if (lesc_job_get_state (job) == LESC_JOB_DONE)
    {
      LescResult *converged = lesc_job_get_output (job);
      lesc_result_set_optimum (optimum_for, lesc_result_get_report (converged)->le.objective);
      lesc_optimizer_view_optimum_changed (self->optimizer_view);
    }
  else
    g_object_set_data (G_OBJECT (optimum_for), OPTIMUM_REQUESTED, NULL);   /* asked again when shown */
  return TRUE;
}

/* Into the Optimizer view: its optimum is asked for; out of it: its run stops. */
static void
view_changed_cb (LescWindow *self)
{
  if (optimizer_shown (self))
    lesc_optimizer_view_optimum_changed (self->optimizer_view);
  else
    _lesc_window_stop_optimum (self);
}

void
_lesc_window_tuning_init (LescWindow *self)
{
  lesc_strip_view_set_panel (self->strip_view, self->method_panel);
  g_signal_connect_swapped (self->queue, "notify::busy", G_CALLBACK (busy_cb), self);
  g_signal_connect_swapped (self->optimizer_view, "optimum-requested",
                            G_CALLBACK (optimum_requested_cb), self);
  g_signal_connect_swapped (self->strip_view, "cell-activated", G_CALLBACK (strip_cell_cb), self);
  g_signal_connect_swapped (self->strip_view, "fill-requested", G_CALLBACK (strip_fill_cb), self);
  /* the strip fills while it is shown */
  g_signal_connect_swapped (self->view_stack, "notify::visible-child-name",
                            G_CALLBACK (_lesc_window_fill_strip), self);
  g_signal_connect_swapped (self->view_stack, "notify::visible-child-name", G_CALLBACK (view_changed_cb), self);
}
