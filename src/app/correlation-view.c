/* The window's Correlations view: a run chooser, the sample, and the correlation figure. */
#include "config.h"
#include "app/correlation-view.h"

#include <glib/gi18n.h>

#include <adwaita.h>

#include "app/distributions-view.h"
#include "app/exportable.h"
#include "app/figure.h"
#include "app/result.h"
#include "plot/correlations.h"
#include "session/correlations.h"

struct _LescCorrelationsView
{
  LescResultsView parent_instance;

  GtkWidget *box;
  GtkDropDown *run_dropdown;
  GtkSpinButton *sample_spin;
  GtkDropDown *matrix_dropdown;   /* gLESC: C, or one of its two views */
  GtkLabel *status;
  GtkLabel *weights;
  LescFigure *figure;           /* owns the figure's model */

  GPtrArray *runs;              /* LescResult: finished GLLE/LESC/gLESC runs */
  LescCorrelationState *state;
  LescResult *shown;
  const LescMethod *wanted;     /* the method asked for (a lesson step, the user), kept until its run is in */
  const LescCorrelationFigure *model;   /* owned by `figure` */
  gboolean updating;
  gboolean pending;             /* the run chosen while hidden: its weights taken when shown */
};

static void lesc_correlations_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescCorrelationsView, lesc_correlations_view, LESC_TYPE_RESULTS_VIEW,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE,
                                                      lesc_correlations_view_exportable_init))

static const LescPainter correlations_painter = {
  (LescFigurePaint) lesc_plot_correlations_paint, (LescFigureData) lesc_correlation_figure_to_csv,
  (GDestroyNotify) lesc_correlation_figure_free, 900, 520,
};

static LescResult *
selected_run (LescCorrelationsView *self)
{
  guint i = gtk_drop_down_get_selected (self->run_dropdown);
  return i < self->runs->len ? g_ptr_array_index (self->runs, i) : NULL;
}

/* The figure again: the state's weights at the data set's positions. */
static void
refresh_figure (LescCorrelationsView *self)
{
  LescResult *r = self->shown;
  const LescCorrelations *c = lesc_correlation_state_get (self->state);
  self->model = NULL;
  if (r == NULL || c == NULL)
    {
      lesc_figure_set_model (self->figure, NULL, NULL);
      const char *message = lesc_correlation_state_message (self->state);
      gtk_label_set_text (self->status, r == NULL ? _("Run GLLE, LESC or gLESC: this view shows the graph or the "
                                                      "correlation matrix its run used.")
                                        : lesc_correlation_state_busy (self->state)
                                          ? _("Taking the run’s weights from its cache…")
                                          : message != NULL ? message : "");
      gtk_label_set_text (self->weights, "");
      return;
    }
  LescDataObject *data = lesc_result_get_data (r);
  g_autoptr (LescPositions) pos = lesc_data_object_positions (data);
  g_autofree char *params = lesc_run_params_title (lesc_result_get_method (r), lesc_result_get_params (r));
  /* TRANSLATORS: the correlation figure's title: method, data set, settings */
  g_autofree char *title = g_strdup_printf (_("%s on %s · %s"), lesc_result_get_method (r)->display_name,
                                            lesc_data_object_get_dataset (data)->name, params);
  LescCorrelationFigure *f = lesc_correlation_state_figure (self->state, pos, title);
  self->model = f;
  gtk_label_set_text (self->status, "");
  GString *w = g_string_new (NULL);
  if (f != NULL && f->top != NULL)
    {
      g_string_append_printf (w, _("Sample %zd draws on:"), f->sample + 1);
      for (gsize t = 0; t < f->top->count && t < 10; t++)
        g_string_append_printf (w, " %zu (%+.3g)", f->top->index[t] + 1, f->top->weight[t]);
    }
  else
    g_string_append (w, _("Click a sample on the scatter, or type its number."));
  gtk_label_set_text (self->weights, w->str);
  g_string_free (w, TRUE);
  if (f != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->figure), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    lesc_correlation_figure_caption (f), -1);
  lesc_figure_set_subject (self->figure, lesc_data_object_get_checksum (data));
  lesc_figure_set_model (self->figure, f != NULL ? &correlations_painter : NULL, f);
}

static void
state_changed (LescCorrelationState *state, gpointer data)
{
  LescCorrelationsView *self = data;
  const LescCorrelations *c = lesc_correlation_state_get (state);
  if (c != NULL)
    {
      self->updating = TRUE;
      gtk_spin_button_set_range (self->sample_spin, 0, (double) c->n);
      self->updating = FALSE;
    }
  refresh_figure (self);
}

/* A provisional result of `m` in the list: its run is under way. */
static gboolean
running (LescCorrelationsView *self, const LescMethod *m)
{
  GListModel *results = lesc_results_view_get_results (LESC_RESULTS_VIEW (self));
  guint n = results != NULL ? g_list_model_get_n_items (results) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (LescResult) r = g_list_model_get_item (results, i);
      if (lesc_result_is_provisional (r) && lesc_result_get_method (r) == m)
        return TRUE;
    }
  return FALSE;
}

/* The run chosen: its weights from the window's run cache. Only while the view is shown
 * (hidden, the weights would take the cores from the user's runs: docs/speed.md,
 * "End-to-end latency"); and a run under way keeps the finished one's weights until it
 * ends (a λ₁ change leaves them as they are). */
static void
show_run (LescCorrelationsView *self)
{
  LescResult *r = selected_run (self);
  if (r == NULL && self->shown != NULL && running (self, lesc_result_get_method (self->shown)))
    return;
  g_set_object (&self->shown, r);
  self->pending = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (self->pending)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->matrix_dropdown),
                          r != NULL && g_str_equal (lesc_result_get_method (r)->name, "glesc"));
  self->updating = TRUE;
  gtk_drop_down_set_selected (self->matrix_dropdown, 0);
  self->updating = FALSE;
  if (r == NULL)
    lesc_correlation_state_set_run (self->state, NULL, NULL, NULL, NULL);
  else
    lesc_correlation_state_set_run (self->state, lesc_result_get_method (r),
                                    lesc_data_object_get_dataset (lesc_result_get_data (r)),
                                    lesc_result_get_params (r), lesc_app_run_cache ());
  refresh_figure (self);
}

static void
rebuild (LescResultsView *view)
{
  LescCorrelationsView *self = LESC_CORRELATIONS_VIEW (view);
  /* the method asked for, else the one shown, else (as the terminal does) the last run */
  const LescMethod *was = self->wanted != NULL ? self->wanted
                          : self->shown != NULL ? lesc_result_get_method (self->shown) : NULL;
  g_ptr_array_set_size (self->runs, 0);
  GListModel *results = lesc_results_view_get_results (view);
  guint n = results != NULL ? g_list_model_get_n_items (results) : 0;
  GtkStringList *names = gtk_string_list_new (NULL);
  guint select = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    {
      LescResult *r = g_list_model_get_item (results, i);
      if (lesc_result_get_method (r)->smoothness == NULL || lesc_result_is_provisional (r))
        {
          g_object_unref (r);
          continue;
        }
      if (lesc_result_get_method (r) == was)
        select = self->runs->len;
      g_autofree char *params = lesc_run_params_title (lesc_result_get_method (r), lesc_result_get_params (r));
      g_autofree char *name = g_strdup_printf ("%s · %s", lesc_result_get_method (r)->display_name, params);
      gtk_string_list_append (names, name);
      g_ptr_array_add (self->runs, r);
    }
  if (select == G_MAXUINT)
    select = self->runs->len > 0 ? self->runs->len - 1 : 0;
  self->updating = TRUE;
  gtk_drop_down_set_model (self->run_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->run_dropdown, select);
  self->updating = FALSE;
  g_object_unref (names);
  show_run (self);
}

static void
matrix_selected_cb (LescCorrelationsView *self)
{
  if (self->updating)
    return;
  lesc_correlation_state_set_matrix (self->state, (LescCorrelationsMatrix) gtk_drop_down_get_selected (self->matrix_dropdown));
  refresh_figure (self);
}

static void
run_selected_cb (LescCorrelationsView *self)
{
  if (self->updating)
    return;
  LescResult *r = selected_run (self);
  self->wanted = r != NULL ? lesc_result_get_method (r) : NULL;
  show_run (self);
}

void
lesc_correlations_view_select (LescCorrelationsView *self, gssize sample)
{
  g_return_if_fail (LESC_IS_CORRELATIONS_VIEW (self));
  lesc_correlation_state_set_sample (self->state, sample);
  self->updating = TRUE;
  gtk_spin_button_set_value (self->sample_spin, (double) (lesc_correlation_state_get_sample (self->state) + 1));
  self->updating = FALSE;
  refresh_figure (self);
}

gssize
lesc_correlations_view_get_selected (LescCorrelationsView *self)
{
  return lesc_correlation_state_get_sample (self->state);
}

static void
spin_changed_cb (LescCorrelationsView *self)
{
  if (!self->updating)
    lesc_correlations_view_select (self, (gssize) gtk_spin_button_get_value_as_int (self->sample_spin) - 1);
}

/* Shown: the sample inspected in the Distributions view, when there is one. */
static void
map_cb (LescCorrelationsView *self)
{
  if (self->pending)
    show_run (self);
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_VIEW_STACK);
  GtkWidget *d = stack != NULL ? adw_view_stack_get_child_by_name (ADW_VIEW_STACK (stack), "distributions") : NULL;
  gssize i = d != NULL && LESC_IS_DISTRIBUTIONS_VIEW (d) ? lesc_distributions_view_get_inspected (LESC_DISTRIBUTIONS_VIEW (d)) : -1;
  if (i >= 0)
    lesc_correlations_view_select (self, i);
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  LescCorrelationsView *self = data;
  if (self->model == NULL)
    return;
  double w = gtk_widget_get_width (GTK_WIDGET (self->figure)), h = gtk_widget_get_height (GTK_WIDGET (self->figure));
  gssize i = lesc_correlation_figure_hit (self->model, w, h, x, y, 12.0);
  if (i >= 0)
    lesc_correlations_view_select (self, i);
}

gboolean
lesc_correlations_view_show_method (LescCorrelationsView *self, const char *name)
{
  self->wanted = lesc_method_find (name);
  for (guint i = 0; i < self->runs->len; i++)
    if (g_str_equal (lesc_result_get_method (g_ptr_array_index (self->runs, i))->name, name))
      {
        gtk_drop_down_set_selected (self->run_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

gboolean
lesc_correlations_view_is_ready (LescCorrelationsView *self)
{
  return self->model != NULL && lesc_figure_is_ready (self->figure);
}

gconstpointer
lesc_correlations_view_get_model (LescCorrelationsView *self)
{
  return self->model;
}

GtkWidget *
lesc_correlations_view_get_figure (LescCorrelationsView *self)
{
  return GTK_WIDGET (self->figure);
}

gboolean
lesc_correlations_view_sample_point (LescCorrelationsView *self, gsize i, double *x, double *y)
{
  if (self->model == NULL)
    return FALSE;
  double w = gtk_widget_get_width (GTK_WIDGET (self->figure)), h = gtk_widget_get_height (GTK_WIDGET (self->figure));
  double px, py;
  if (!lesc_correlation_figure_point (self->model, w, h, i, &px, &py))
    return FALSE;
  graphene_point_t out;
  if (!gtk_widget_compute_point (GTK_WIDGET (self->figure), GTK_WIDGET (self), &GRAPHENE_POINT_INIT (px, py), &out))
    return FALSE;
  *x = out.x;
  *y = out.y;
  return TRUE;
}

/* ---- export ------------------------------------------------------------------------ */

static LescFigure *
get_figure (LescExportable *exportable)
{
  LescCorrelationsView *self = LESC_CORRELATIONS_VIEW (exportable);
  return self->model != NULL ? self->figure : NULL;
}

static char *
get_basename (LescExportable *exportable)
{
  LescCorrelationsView *self = LESC_CORRELATIONS_VIEW (exportable);
  return self->shown != NULL ? g_strdup_printf ("correlations-%s", lesc_result_get_method (self->shown)->name)
                             : g_strdup ("correlations");
}

static void
lesc_correlations_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_figure = get_figure;
  iface->get_basename = get_basename;
}

/* ---- life cycle -------------------------------------------------------------------- */

static void
lesc_correlations_view_dispose (GObject *object)
{
  LescCorrelationsView *self = LESC_CORRELATIONS_VIEW (object);
  g_clear_pointer (&self->state, lesc_correlation_state_free);
  g_clear_pointer (&self->runs, g_ptr_array_unref);
  g_clear_object (&self->shown);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (lesc_correlations_view_parent_class)->dispose (object);
}

static void
lesc_correlations_view_class_init (LescCorrelationsViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = lesc_correlations_view_dispose;
  LESC_RESULTS_VIEW_CLASS (klass)->rebuild = rebuild;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
lesc_correlations_view_init (LescCorrelationsView *self)
{
  self->runs = g_ptr_array_new_with_free_func (g_object_unref);
  self->state = lesc_correlation_state_new (state_changed, self);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 8);
  gtk_widget_set_margin_bottom (self->box, 8);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_box_append (GTK_BOX (self->box), bar);
  /* TRANSLATORS: the Correlations view: which run */
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_("Run")));
  self->run_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (NULL, NULL));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->run_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Run"), -1);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->run_dropdown));
  gtk_box_append (GTK_BOX (bar), gtk_label_new (_("Sample")));
  self->sample_spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 1, 1));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->sample_spin), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Sample"), -1);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->sample_spin));
  /* TRANSLATORS: gLESC's matrices in the Correlations view */
  const char *const matrices[] = { N_("C, as the run used it"), N_("Z₁, the features view"), N_("Z₂, the labels view"), NULL };
  GtkStringList *ml = gtk_string_list_new (NULL);
  for (guint i = 0; matrices[i] != NULL; i++)
    gtk_string_list_append (ml, _(matrices[i]));
  self->matrix_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (ml), NULL));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->matrix_dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Matrix"), -1);
  gtk_widget_set_visible (GTK_WIDGET (self->matrix_dropdown), FALSE);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->matrix_dropdown));
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->status, TRUE);
  gtk_label_set_xalign (self->status, 0.0);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->status));
  self->figure = LESC_FIGURE (lesc_figure_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->figure), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->figure), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->figure), "crosshair");
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->figure));
  self->weights = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->weights, TRUE);
  gtk_label_set_xalign (self->weights, 0.0);
  gtk_label_set_selectable (self->weights, TRUE);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->weights));
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->figure), GTK_EVENT_CONTROLLER (click));
  g_signal_connect_swapped (self->run_dropdown, "notify::selected", G_CALLBACK (run_selected_cb), self);
  g_signal_connect_swapped (self->matrix_dropdown, "notify::selected", G_CALLBACK (matrix_selected_cb), self);
  g_signal_connect_swapped (self->sample_spin, "value-changed", G_CALLBACK (spin_changed_cb), self);
  g_signal_connect (self, "map", G_CALLBACK (map_cb), NULL);
}
