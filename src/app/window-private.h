/* What window.c and window-actions.c share: the window's instance structure (the
 * gnome-text-editor pattern: one private header for the pieces of one widget). */
#pragma once
#include "app/window.h"
#include "app/comparison-view.h"
#include "app/cv-view.h"
#include "app/data-summary.h"
#include "app/distributions-view.h"
#include "app/measures-view.h"
#include "app/optimizer-view.h"
#include "app/strip-view.h"
#include "app/sensitivity-view.h"
#include "session/session.h"

G_BEGIN_DECLS

struct _LescWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwToastOverlay *toast_overlay;
  AdwViewSwitcherTitle *switcher_title;
  GtkToggleButton *sidebar_button;
  GtkMenuButton *runs_button;
  GtkMenuButton *export_button;
  GtkStack *runs_stack;
  GtkListView *runs_view;
  AdwFlap *flap;
  GtkScrolledWindow *sidebar;
  LescDataSummary *data_summary;
  GMenu *main_menu;
  LescMethodPanel *method_panel;
  GtkWidget *progress_strip;
  GtkWidget *cancel_button;
  GtkLabel *progress_title;
  GtkLabel *progress_stage;
  GtkLabel *progress_queue;
  GtkProgressBar *progress_bar;
  AdwViewStack *view_stack;
  LescMeasuresView *measures_view;
  LescDistributionsView *distributions_view;
  LescSensitivityView *sensitivity_view;
  LescComparisonView *comparison_view;
  LescCvView *cv_view;
  LescOptimizerView *optimizer_view;
  LescStripView *strip_view;

  GSettings *settings;
  LescSession *session;        /* the data set, settings, ticks, runs (session/session.h) */
  LescJobQueue *queue;         /* its tasks and the window's own as jobs */
  LescJob *watched;            /* the job the progress bar shows */
  LescJob *last_run;           /* the last job of the user's (not background) it showed */
  GMenu *recent_menu;          /* Open Recent's items */
  LescDataObject *data;
  GListStore *results;         /* what the session shows (LescResult), for the views */
  GCancellable *open_cancellable;
  char *last_toast;
  gboolean comparison_requested;
  LescJob *strip_job;          /* the λ strip's filling, while unfinished */
  gboolean can_export_figure, can_export_table;
  guint estimate_id;                 /* the Comparison's time estimate, pending */
  gboolean grid_lookup_running;      /* the running grid's finished cells, being read */
  gint64 grid_lookup_us;
  GCancellable *estimate_cancellable;
};

/* window-tuning.c: the λ strip's filling (stopped while runs go, resumed after) and the
 * optimizer view's optimum jobs. */
void     _lesc_window_tuning_init (LescWindow *self);
void     _lesc_window_stop_strip (LescWindow *self);
/* The converged optimum's run stops (a change made it stale, or the view was left). */
void     _lesc_window_stop_optimum (LescWindow *self);
void     _lesc_window_fill_strip (LescWindow *self);
/* TRUE when `job` was one of them (handled). */
gboolean _lesc_window_tuning_job_finished (LescWindow *self, LescJob *job);

/* window-session.c: the window as a face over its LescSession. */
void  _lesc_window_session_init (LescWindow *self);
/* The panel's settings of `only` (NULL: of every method) into the session. */
void  _lesc_window_push_params (LescWindow *self, const LescMethod *only);
/* The last session's settings and ticks (LESC alone without one) into the session and the
 * panel; its data set as text, or NULL. */
char *_lesc_window_session_restore (LescWindow *self);

/* window-actions.c: the win.* actions and their shortcuts. */
void _lesc_window_class_actions_init (GtkWidgetClass *widget_class);
/* Open Recent: the session memory's recent data sets (session/memory.h) in the main menu. */
void _lesc_window_recent_init (LescWindow *self);
void _lesc_window_recent_add (LescWindow *self, const char *spec, LescDataObject *data);
void _lesc_window_update_export_actions (LescWindow *self);
/* Open a data set given as text with lesc's options ("weather.csv --logical-columns 3"). */
void _lesc_window_open_text (LescWindow *self, const char *text);

/* window-experiments.c: the λ grid, cross-validation and the Comparison. */
void _lesc_window_experiments_init (LescWindow *self);
void _lesc_window_experiments_dispose (LescWindow *self);
void _lesc_window_experiment_finished (LescWindow *self, LescJob *job);
void _lesc_window_update_cv_methods (LescWindow *self);
void _lesc_window_data_folder_changed (LescWindow *self, const char *folder);
/* The Comparison's time estimate again, a moment after the last change. */
void _lesc_window_schedule_estimate (LescWindow *self);
void _lesc_window_comparison_methods_changed (LescWindow *self);

G_END_DECLS
