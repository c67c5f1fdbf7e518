#include "config.h"
#include "app/optimizer-view.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/exportable.h"
#include "app/figure.h"
#include "plot/optimizer.h"
#include "plot/scatter.h"

/* the time between two iterations when playing */
#define PLAY_INTERVAL_MS 60

struct _LescOptimizerView
{
  LescResultsView parent_instance;

  GtkWidget *box;
  GtkDropDown *method_dropdown;
  GtkToggleButton *play_button;
  GtkScale *scrubber;
  GtkLabel *iteration_label;
  GtkStack *stack;
  AdwStatusPage *status;
  LescFigure *curve;       /* owns its model */
  LescFigure *snapshot;    /* owns its model */

  LescDataObject *data;
  GPtrArray *methods;      /* const LescMethod*: those with an LE optimizer */
  LescResult *result;      /* the run shown */
  LescOptimizerModel *model;   /* owned by `curve` */
  guint play_id;
  gboolean updating;
};

enum { SIGNAL_OPTIMUM_REQUESTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void lesc_optimizer_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescOptimizerView, lesc_optimizer_view, LESC_TYPE_RESULTS_VIEW,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE,
                                                      lesc_optimizer_view_exportable_init))

static const LescPainter optimizer_painter = {
  (LescFigurePaint) lesc_plot_optimizer_paint, (LescFigureData) lesc_optimizer_model_to_csv,
  (GDestroyNotify) lesc_optimizer_model_free, 760, 520,
};

static const LescPainter scatter_painter = {
  (LescFigurePaint) lesc_plot_scatter_paint, (LescFigureData) lesc_scatter_model_to_csv,
  (GDestroyNotify) lesc_scatter_model_free, 320, 520,
};

static const LescMethod *
selected_method (LescOptimizerView *self)
{
  guint i = gtk_drop_down_get_selected (self->method_dropdown);
  return i < self->methods->len ? g_ptr_array_index (self->methods, i) : NULL;
}

/* The finished run of `m` among the window's results (one with a record). */
static LescResult *
finished_result (LescOptimizerView *self, const LescMethod *m)
{
  GListModel *results = lesc_results_view_get_results (LESC_RESULTS_VIEW (self));
  guint n = results != NULL ? g_list_model_get_n_items (results) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, i);
      if (lesc_result_get_method (r) == m && lesc_result_get_data (r) == self->data
          && !lesc_result_is_provisional (r) && lesc_result_get_trace (r) != NULL)
        return r;
    }
  return NULL;
}

static guint
snapshot_index (LescOptimizerView *self)
{
  return (guint) lround (gtk_range_get_value (GTK_RANGE (self->scrubber)));
}

/* The distributions at the scrubber's snapshot beside the ground truth, and the marker. */
static void
show_snapshot (LescOptimizerView *self)
{
  const LescLeTrace *t = self->result != NULL ? lesc_result_get_trace (self->result) : NULL;
  if (t == NULL || t->snapshots->len == 0 || self->model == NULL)
    return;
  guint s = MIN (snapshot_index (self), t->snapshots->len - 1);
  guint it = g_array_index (t->snapshot_iterations, guint, s);
  g_autofree char *label = g_strdup_printf (_("iteration %u of %u"), it,
                                            g_array_index (t->points, LescLeTracePoint,
                                                           t->points->len - 1).iteration);
  gtk_label_set_text (self->iteration_label, label);

  LescOptimizerModel *curve = lesc_optimizer_model_copy (self->model);
  curve->marker = it;
  self->model = curve;
  lesc_figure_set_model (self->curve, &optimizer_painter, curve);

  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  if (ds->truth == NULL)
    return;
  /* the Distributions view's defaults: its positions, each label on the truth's range */
  g_autoptr (LescPositions) pos = lesc_data_object_positions (self->data);
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = lesc_dataset_o (ds) == 3 ? LESC_SCATTER_RGB : LESC_SCATTER_HEATMAPS;
  opt.scale = LESC_SCATTER_SCALE_PER_LABEL;
  opt.reference_panel = 0;
  const char *names[] = { _("Ground truth"), label };
  const LescMatrix *tables[] = { ds->truth, t->snapshots->pdata[s] };
  LescScatterModel *m = lesc_scatter_model_new (pos->xy, pos->grid, pos->x_label, pos->y_label,
                                                2, names, tables, &opt, NULL);
  if (m == NULL)
    return;
  m->label_names = lesc_data_object_dup_label_names (self->data);
  LescKlDirection kl = lesc_results_view_get_kl (LESC_RESULTS_VIEW (self));
  const double *measures = lesc_result_get_trace_measures (self->result, kl);
  if (measures != NULL)
    lesc_scatter_model_set_measures (m, 1, measures + s * LESC_N_MEASURES);
  lesc_figure_set_model (self->snapshot, &scatter_painter, m);
}

static void
stop_playing (LescOptimizerView *self)
{
  g_clear_handle_id (&self->play_id, g_source_remove);
  if (gtk_toggle_button_get_active (self->play_button))
    gtk_toggle_button_set_active (self->play_button, FALSE);
}

static void
rebuild (LescOptimizerView *self)
{
  const LescMethod *m = selected_method (self);
  LescResult *r = m != NULL ? finished_result (self, m) : NULL;
  /* while a new run goes on, the last finished one of the method stays */
  if (r == NULL && self->result != NULL
      && (lesc_result_get_method (self->result) != m || lesc_result_get_data (self->result) != self->data))
    g_clear_object (&self->result);
  gboolean changed = r != NULL && r != self->result;
  if (changed)
    {
      g_set_object (&self->result, r);
      stop_playing (self);
    }
  if (self->result == NULL)
    {
      self->model = NULL;
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  const LescLeTrace *t = lesc_result_get_trace (self->result);
  guint n = t->points->len, s = t->snapshots->len;
  g_autofree double *it = g_new (double, MAX (n, 1));
  g_autofree double *f = g_new (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      const LescLeTracePoint *p = &g_array_index (t->points, LescLeTracePoint, i);
      it[i] = p->iteration;
      f[i] = p->objective;
    }
  g_autofree double *si = g_new (double, MAX (s, 1));
  for (guint i = 0; i < s; i++)
    si[i] = g_array_index (t->snapshot_iterations, guint, i);
  g_autofree char *settings = lesc_result_describe_params (self->result);
  /* TRANSLATORS: the optimizer figure's title: method, data set, settings */
  g_autofree char *title = g_strdup_printf (_("%s on %s — %s"), lesc_result_get_method (self->result)->display_name,
                                            lesc_data_object_get_name (self->data), settings);
  LescKlDirection kl = lesc_results_view_get_kl (LESC_RESULTS_VIEW (self));
  self->model = lesc_optimizer_model_new (title, n, it, f, s, si,
                                          lesc_result_get_trace_measures (self->result, kl),
                                          t->max_iterations, lesc_result_get_optimum (self->result));
  lesc_figure_set_model (self->curve, &optimizer_painter, self->model);
  gtk_stack_set_visible_child_name (self->stack, "figure");

  self->updating = TRUE;
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (self->scrubber));
  gtk_adjustment_set_upper (adj, s > 0 ? s - 1 : 0);
  if (changed)
    gtk_adjustment_set_value (adj, s > 0 ? s - 1 : 0);
  self->updating = FALSE;
  show_snapshot (self);

  if (isnan (lesc_result_get_optimum (self->result))
      && g_object_get_data (G_OBJECT (self->result), "lesc-optimum-requested") == NULL)
    {
      g_object_set_data (G_OBJECT (self->result), "lesc-optimum-requested", GINT_TO_POINTER (1));
      g_signal_emit (self, signals[SIGNAL_OPTIMUM_REQUESTED], 0, self->result);
    }
}

static void
results_view_rebuild (LescResultsView *view)
{
  rebuild (LESC_OPTIMIZER_VIEW (view));
}

void
lesc_optimizer_view_optimum_changed (LescOptimizerView *self)
{
  if (self->result != NULL && self->model != NULL)
    rebuild (self);
}

static void
scrubbed_cb (LescOptimizerView *self)
{
  if (!self->updating)
    show_snapshot (self);
}

static gboolean
play_tick (gpointer data)
{
  LescOptimizerView *self = data;
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (self->scrubber));
  double v = gtk_adjustment_get_value (adj) + 1.0;
  if (v > gtk_adjustment_get_upper (adj))
    {
      self->play_id = 0;
      gtk_toggle_button_set_active (self->play_button, FALSE);
      return G_SOURCE_REMOVE;
    }
  gtk_adjustment_set_value (adj, v);
  return G_SOURCE_CONTINUE;
}

static void
play_toggled_cb (LescOptimizerView *self)
{
  gboolean on = gtk_toggle_button_get_active (self->play_button);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            on ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  if (!on)
    {
      g_clear_handle_id (&self->play_id, g_source_remove);
      return;
    }
  GtkAdjustment *adj = gtk_range_get_adjustment (GTK_RANGE (self->scrubber));
  if (gtk_adjustment_get_value (adj) >= gtk_adjustment_get_upper (adj))
    gtk_adjustment_set_value (adj, 0);   /* from the start again */
  if (self->play_id == 0)
    self->play_id = g_timeout_add (PLAY_INTERVAL_MS, play_tick, self);
}

static void
method_changed_cb (LescOptimizerView *self)
{
  g_clear_object (&self->result);
  rebuild (self);
}

void
lesc_optimizer_view_set_data (LescOptimizerView *self, LescDataObject *data)
{
  g_set_object (&self->data, data);
  g_clear_object (&self->result);
  lesc_figure_set_subject (self->curve, lesc_data_object_get_checksum (data));
  lesc_figure_set_subject (self->snapshot, lesc_data_object_get_checksum (data));
  rebuild (self);
}

LescResult *
lesc_optimizer_view_get_result (LescOptimizerView *self)
{
  return self->result;
}

guint
lesc_optimizer_view_get_curve (LescOptimizerView *self, const double **iterations,
                               const double **objective)
{
  if (self->model == NULL)
    return 0;
  *iterations = self->model->iterations;
  *objective = self->model->objective;
  return self->model->n_points;
}

void
lesc_optimizer_view_show_iteration (LescOptimizerView *self, guint iteration)
{
  const LescLeTrace *t = self->result != NULL ? lesc_result_get_trace (self->result) : NULL;
  if (t != NULL)
    gtk_range_set_value (GTK_RANGE (self->scrubber), lesc_le_trace_snapshot_at (t, iteration));
}

/* ---- export ------------------------------------------------------------------------ */

static LescFigure *
optimizer_get_figure (LescExportable *exportable)
{
  LescOptimizerView *self = LESC_OPTIMIZER_VIEW (exportable);
  return self->model != NULL ? self->curve : NULL;
}

static LescTable *
optimizer_get_table (LescExportable *exportable)
{
  return NULL;
}

static char *
optimizer_get_basename (LescExportable *exportable)
{
  LescOptimizerView *self = LESC_OPTIMIZER_VIEW (exportable);
  if (self->result == NULL)
    return g_strdup ("optimizer");
  return g_strdup_printf ("optimizer-%s-%s", lesc_result_get_method (self->result)->name,
                          lesc_data_object_get_name (self->data));
}

static void
lesc_optimizer_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_figure = optimizer_get_figure;
  iface->get_table = optimizer_get_table;
  iface->get_basename = optimizer_get_basename;
}

/* ---- life cycle -------------------------------------------------------------------- */

static void
lesc_optimizer_view_dispose (GObject *object)
{
  LescOptimizerView *self = LESC_OPTIMIZER_VIEW (object);
  g_clear_handle_id (&self->play_id, g_source_remove);
  self->model = NULL;
  g_clear_object (&self->result);
  g_clear_object (&self->data);
  g_clear_pointer (&self->methods, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_OPTIMIZER_VIEW);
  G_OBJECT_CLASS (lesc_optimizer_view_parent_class)->dispose (object);
}

static void
lesc_optimizer_view_class_init (LescOptimizerViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_optimizer_view_dispose;
  LESC_RESULTS_VIEW_CLASS (klass)->rebuild = results_view_rebuild;
  g_type_ensure (LESC_TYPE_FIGURE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/optimizer-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, box);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, method_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, play_button);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, scrubber);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, iteration_label);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, status);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, curve);
  gtk_widget_class_bind_template_child (widget_class, LescOptimizerView, snapshot);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_OPTIMUM_REQUESTED] = g_signal_new ("optimum-requested", G_TYPE_FROM_CLASS (klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                    G_TYPE_NONE, 1, LESC_TYPE_RESULT);
}

static void
lesc_optimizer_view_init (LescOptimizerView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->methods = g_ptr_array_new ();
  GtkStringList *names = gtk_string_list_new (NULL);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    if (methods[i]->smoothness != NULL)
      {
        g_ptr_array_add (self->methods, (gpointer) methods[i]);
        gtk_string_list_append (names, methods[i]->display_name);
      }
  gtk_drop_down_set_model (self->method_dropdown, G_LIST_MODEL (names));
  g_object_unref (names);
  g_signal_connect_swapped (self->method_dropdown, "notify::selected", G_CALLBACK (method_changed_cb), self);
  g_signal_connect_swapped (self->scrubber, "value-changed", G_CALLBACK (scrubbed_cb), self);
  g_signal_connect_swapped (self->play_button, "toggled", G_CALLBACK (play_toggled_cb), self);
}

gboolean
lesc_optimizer_view_select_method (LescOptimizerView *self, const LescMethod *method)
{
  for (guint i = 0; i < self->methods->len; i++)
    if (g_ptr_array_index (self->methods, i) == method)
      {
        gtk_drop_down_set_selected (self->method_dropdown, i);
        return TRUE;
      }
  return FALSE;
}
