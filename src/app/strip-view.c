#include "config.h"
#include "app/strip-view.h"
#include "app/presenter.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/exportable.h"
#include "app/figure.h"
#include "app/result.h"
#include "app/strip-job.h"
#include "core/experiments/experiment.h"
#include "plot/heatmap.h"
#include "plot/palette.h"
#include "plot/scatter.h"
#include "plot/strip.h"

#define N_VALUES G_N_ELEMENTS (lesc_grid_default)

struct _LescStripView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkDropDown *method_dropdown;
  GtkCheckButton *lambda2_check;
  GtkWidget *label_title;
  GtkDropDown *label_dropdown;  /* other than three labels: the label the cells show */
  GtkLabel *hint;
  GtkStack *stack;
  AdwStatusPage *status;
  LescFigure *area;        /* owns the model */

  LescMethodPanel *panel;
  LescDataObject *data;
  GPtrArray *methods;      /* const LescMethod*: those with an LE optimizer */
  GHashTable *cells;       /* cell key → LescMatrix* distributions */
  LescStripModel *model;   /* owned by the figure */
  guint missing;
};

enum { SIGNAL_CELL_ACTIVATED, SIGNAL_FILL_REQUESTED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void lesc_strip_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescStripView, lesc_strip_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE,
                                                      lesc_strip_view_exportable_init))

static const LescPainter strip_painter = {
  (LescFigurePaint) lesc_plot_strip_paint, (LescFigureData) lesc_strip_model_to_csv,
  (GDestroyNotify) lesc_strip_model_free, 1000, 340,
};

const LescMethod *
lesc_strip_view_get_method (LescStripView *self)
{
  guint i = gtk_drop_down_get_selected (self->method_dropdown);
  return i < self->methods->len ? g_ptr_array_index (self->methods, i) : NULL;
}

static guint
n_rows (LescStripView *self, const LescMethod *m)
{
  return gtk_check_button_get_active (self->lambda2_check)
         && lesc_method_param_index (m, "lambda2") >= 0 ? 2 : 1;
}

/* Everything a cell's run depends on: the method, its settings with the row's parameter
 * set to the cell's value, and the data set. */
static char *
cell_key (LescStripView *self, const LescMethod *m, const LescRunParams *params, guint row,
          double value)
{
  LescRunParams p = *params;
  lesc_run_params_set (&p, m, lesc_strip_row_param (row), value);
  GString *s = g_string_new (m->name);
  for (guint i = 0; i < m->n_params; i++)
    g_string_append_printf (s, "|%.17g", p.values[i]);
  g_string_append_printf (s, "|%u|%d|%d%d%d", p.seed, p.variant, p.c_paper_orientation,
                          p.tensor_fft_views, p.odd_n_single_shrink);
  return g_string_free (s, FALSE);
}

static gboolean
current_params (LescStripView *self, const LescMethod *m, LescRunParams *p)
{
  if (self->panel == NULL || m == NULL)
    return FALSE;
  lesc_method_panel_get_params (self->panel, m, p);
  return TRUE;
}

const LescMatrix *
lesc_strip_view_get_cell (LescStripView *self, guint row, guint col)
{
  const LescMethod *m = lesc_strip_view_get_method (self);
  LescRunParams p;
  if (col >= N_VALUES || !current_params (self, m, &p))
    return NULL;
  g_autofree char *key = cell_key (self, m, &p, row, lesc_grid_default[col]);
  return g_hash_table_lookup (self->cells, key);
}

double
lesc_strip_view_get_value (LescStripView *self, guint col)
{
  return col < N_VALUES ? lesc_grid_default[col] : NAN;
}

/* The cell whose value is the setting's, or −1. */
static int
current_cell (const LescMethod *m, const LescRunParams *p, guint row)
{
  double v = lesc_run_params_get (p, m, lesc_strip_row_param (row), NAN);
  for (guint c = 0; c < N_VALUES; c++)
    if (fabs (v - lesc_grid_default[c]) <= 1e-12 * lesc_grid_default[c])
      return (int) c;
  return -1;
}

/* The label the cells show when there are other than three. */
static gsize
shown_label (LescStripView *self, const LescDataset *ds)
{
  guint j = gtk_drop_down_get_selected (self->label_dropdown);
  return j < lesc_dataset_o (ds) ? j : 0;
}

/* The label chooser: shown with other than three labels, listing their names in use. */
static void
fill_label_names (LescStripView *self)
{
  const LescDataset *ds = self->data != NULL ? lesc_data_object_get_dataset (self->data) : NULL;
  gboolean one_label = ds != NULL && lesc_dataset_o (ds) != 3;
  gtk_widget_set_visible (self->label_title, one_label);
  gtk_widget_set_visible (GTK_WIDGET (self->label_dropdown), one_label);
  if (!one_label)
    return;
  guint keep = gtk_drop_down_get_selected (self->label_dropdown);
  g_auto (GStrv) names = lesc_data_object_dup_label_names (self->data);
  GtkStringList *list = gtk_string_list_new ((const char *const *) names);
  gtk_drop_down_set_model (self->label_dropdown, G_LIST_MODEL (list));
  g_object_unref (list);
  gtk_drop_down_set_selected (self->label_dropdown, keep < lesc_dataset_o (ds) ? keep : 0);
}

/* Display colours of the computed cells, from a Distributions figure of the ground truth
 * and the cells: its decorrelation stretch fitted on the truth (three labels), else
 * `label` on viridis over the truth's range of that label (values beyond take the end
 * colours), which *lo and *hi receive. FALSE when the figure cannot be made. */
static gboolean
fill_colours (LescStripModel *model, const LescDataset *ds, const LescMatrix *const *tables,
              guint n, gsize label, double *lo, double *hi)
{
  g_autoptr (GPtrArray) list = g_ptr_array_new ();
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_ptr_array_add (list, ds->truth);
  g_ptr_array_add (names, "truth");
  for (guint k = 0; k < n; k++)
    if (tables[k] != NULL)
      {
        g_ptr_array_add (list, (gpointer) tables[k]);
        g_ptr_array_add (names, "cell");
      }
  gboolean rgb_style = lesc_dataset_o (ds) == 3;
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = rgb_style ? LESC_SCATTER_RGB : LESC_SCATTER_HEATMAPS;
  opt.scale = LESC_SCATTER_SCALE_PER_LABEL;
  opt.reference_panel = 0;
  g_autoptr (LescScatterModel) s = lesc_scatter_model_new (model->xy, FALSE, "x", "y", list->len,
                                                           (const char *const *) names->pdata,
                                                           (const LescMatrix *const *) list->pdata,
                                                           &opt, NULL);
  if (s == NULL)
    return FALSE;
  if (!rgb_style)
    *lo = s->lo[label], *hi = s->hi[label];
  guint panel = 1;
  for (guint k = 0; k < n; k++)
    if (tables[k] != NULL)
      {
        LescMatrix *c = lesc_matrix_new (tables[k]->rows, 3);
        for (gsize i = 0; i < c->rows; i++)
          {
            double rgb[3];
            lesc_scatter_model_sample_color (s, panel, rgb_style ? -1 : (int) label, i, rgb);
            for (int j = 0; j < 3; j++)
              LESC_AT (c, i, j) = CLAMP (rgb[j], 0.0, 1.0);
          }
        lesc_strip_model_set_cell (model, k / model->cols, k % model->cols, c);
        panel++;
      }
  return TRUE;
}

static void
rebuild (LescStripView *self)
{
  self->model = NULL;   /* owned by the figure */
  self->missing = 0;
  const LescMethod *m = lesc_strip_view_get_method (self);
  LescRunParams p;
  const LescDataset *ds = self->data != NULL ? lesc_data_object_get_dataset (self->data) : NULL;
  gtk_widget_set_sensitive (GTK_WIDGET (self->lambda2_check),
                            m != NULL && lesc_method_param_index (m, "lambda2") >= 0);
  if (ds == NULL || ds->truth == NULL || !current_params (self, m, &p))
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  g_autoptr (LescPositions) pos = lesc_data_object_positions (self->data);
  guint rows = n_rows (self, m);
  gsize label = shown_label (self, ds);
  LescStripModel *model = lesc_strip_model_new (NULL, rows, N_VALUES, pos->xy);
  model->grid = pos->grid;
  g_autofree const LescMatrix **tables = g_new0 (const LescMatrix *, rows * N_VALUES);
  for (guint r = 0; r < rows; r++)
    {
      const char *other = lesc_strip_row_param (1 - r);
      double fixed = lesc_run_params_get (&p, m, other, NAN);
      g_autofree char *v = lesc_heatmap_format_lambda (fixed);
      g_autofree char *name = isnan (fixed) ? g_strdup (r == 0 ? "λ₁" : "λ₂")
                              : r == 0 ? g_strdup_printf ("λ₁ (λ₂ = %s)", v)
                                       : g_strdup_printf ("λ₂ (λ₁ = %s)", v);
      lesc_strip_model_set_row (model, r, name, lesc_grid_default, current_cell (m, &p, r));
      for (guint c = 0; c < N_VALUES; c++)
        {
          g_autofree char *key = cell_key (self, m, &p, r, lesc_grid_default[c]);
          tables[r * N_VALUES + c] = g_hash_table_lookup (self->cells, key);
          self->missing += tables[r * N_VALUES + c] == NULL;
        }
    }
  double lo = NAN, hi = NAN;
  fill_colours (model, ds, tables, rows * N_VALUES, label, &lo, &hi);
  g_free (model->title);
  if (lesc_dataset_o (ds) == 3 || isnan (lo))
    /* TRANSLATORS: the strip's title: method and data set */
    model->title = g_strdup_printf (_("%s on %s"), m->display_name, lesc_data_object_get_name (self->data));
  else
    {
      g_autofree char *name = lesc_data_object_dup_label_name (self->data, label);
      /* TRANSLATORS: the strip's title with other than three labels: method, data set,
       * the label shown, its colour scale and the positions' axes */
      model->title = g_strdup_printf (_("%s on %s: label “%s”, viridis from %.3g to %.3g (the ground truth's range); positions %s × %s"),
                                      m->display_name, lesc_data_object_get_name (self->data), name, lo, hi, pos->x_label, pos->y_label);
    }
  self->model = model;
  lesc_figure_set_model (self->area, &strip_painter, model);
  gtk_stack_set_visible_child_name (self->stack, "figure");
  g_autofree char *hint = self->missing > 0
    ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cell to go, nearest first. Click a cell to run that value.",
                                    "%u cells to go, nearest first. Click a cell to run that value.",
                                    self->missing), self->missing)
    : g_strdup (_("Click a cell to run that value."));
  gtk_label_set_text (self->hint, hint);
  if (self->missing > 0)
    g_signal_emit (self, signals[SIGNAL_FILL_REQUESTED], 0);
}

guint
lesc_strip_view_get_n_missing (LescStripView *self)
{
  return self->missing;
}

LescJob *
lesc_strip_view_new_fill_job (LescStripView *self)
{
  const LescMethod *m = lesc_strip_view_get_method (self);
  LescRunParams p;
  if (self->missing == 0 || self->data == NULL || !current_params (self, m, &p))
    return NULL;
  guint rows = n_rows (self, m), n = 0;
  guint rr[2 * N_VALUES], cc[2 * N_VALUES];
  double vv[2 * N_VALUES];
  for (guint r = 0; r < rows; r++)
    {
      guint order[N_VALUES];
      lesc_grid_nearest_first (lesc_grid_default, N_VALUES,
                               lesc_run_params_get (&p, m, lesc_strip_row_param (r), 1.0), order);
      for (guint k = 0; k < N_VALUES; k++)
        {
          g_autofree char *key = cell_key (self, m, &p, r, lesc_grid_default[order[k]]);
          if (g_hash_table_contains (self->cells, key))
            continue;
          rr[n] = r, cc[n] = order[k], vv[n] = lesc_grid_default[order[k]];
          n++;
        }
    }
  return n > 0 ? lesc_strip_job_new (self->data, m, &p, rr, cc, vv, n) : NULL;
}

void
lesc_strip_view_add_cells (LescStripView *self, LescJob *job)
{
  const LescStripCells *cells = lesc_job_get_output (job);
  if (cells == NULL)
    cells = lesc_job_get_provisional (job);
  const LescMethod *m = lesc_strip_job_get_method (job);
  const LescRunParams *p = lesc_strip_job_get_params (job);
  if (cells == NULL || m == NULL || lesc_strip_job_get_data (job) != self->data)
    return;
  gboolean added = FALSE;
  for (guint k = 0; k < cells->cells->len; k++)
    {
      const LescStripCell *c = cells->cells->pdata[k];
      char *key = cell_key (self, m, p, c->row, c->value);
      if (g_hash_table_contains (self->cells, key))
        {
          g_free (key);
          continue;
        }
      g_hash_table_insert (self->cells, key, lesc_matrix_copy (c->distributions));
      added = TRUE;
    }
  if (added)
    rebuild (self);
}

gboolean
lesc_strip_view_activate_cell (LescStripView *self, guint row, guint col)
{
  const LescMethod *m = lesc_strip_view_get_method (self);
  if (m == NULL || col >= N_VALUES || row >= n_rows (self, m))
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_CELL_ACTIVATED], 0, m, lesc_strip_row_param (row),
                 lesc_grid_default[col]);
  return TRUE;
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  LescStripView *self = data;
  if (self->model == NULL)
    return;
  double w = gtk_widget_get_width (GTK_WIDGET (self->area)), h = gtk_widget_get_height (GTK_WIDGET (self->area));
  double s = lesc_presenter_scale ();   /* laid out on w/s × h/s */
  guint row, col;
  if (lesc_strip_hit (w / s, h / s, self->model, x / s, y / s, &row, &col))
    lesc_strip_view_activate_cell (self, row, col);
}

static void
changed_cb (LescStripView *self)
{
  rebuild (self);
}

void
lesc_strip_view_set_panel (LescStripView *self, LescMethodPanel *panel)
{
  if (self->panel != NULL)
    g_signal_handlers_disconnect_by_func (self->panel, changed_cb, self);
  g_set_object (&self->panel, panel);
  if (panel != NULL)
    g_signal_connect_swapped (panel, "params-changed", G_CALLBACK (changed_cb), self);
  rebuild (self);
}

static void
label_names_changed_cb (LescStripView *self)
{
  fill_label_names (self);
  rebuild (self);
}

void
lesc_strip_view_set_data (LescStripView *self, LescDataObject *data)
{
  if (self->data != NULL)
    g_signal_handlers_disconnect_by_func (self->data, label_names_changed_cb, self);
  g_set_object (&self->data, data);
  if (data != NULL)
    g_signal_connect_swapped (data, "label-names-changed", G_CALLBACK (label_names_changed_cb), self);
  g_hash_table_remove_all (self->cells);
  lesc_figure_set_subject (self->area, lesc_data_object_get_checksum (data));
  gtk_drop_down_set_selected (self->label_dropdown, 0);
  fill_label_names (self);
  rebuild (self);
}

gboolean
lesc_strip_view_select_method (LescStripView *self, const LescMethod *method)
{
  for (guint i = 0; i < self->methods->len; i++)
    if (g_ptr_array_index (self->methods, i) == method)
      {
        gtk_drop_down_set_selected (self->method_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

gboolean
lesc_strip_view_select_label (LescStripView *self, guint j)
{
  GListModel *names = gtk_drop_down_get_model (self->label_dropdown);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->label_dropdown)) || names == NULL
      || j >= g_list_model_get_n_items (names))
    return FALSE;
  gtk_drop_down_set_selected (self->label_dropdown, j);
  return TRUE;
}

const LescStripModel *
lesc_strip_view_get_model (LescStripView *self)
{
  return self->model;
}

void
lesc_strip_view_set_lambda2_row (LescStripView *self, gboolean on)
{
  gtk_check_button_set_active (self->lambda2_check, on);
}

/* ---- export ------------------------------------------------------------------------ */

static LescFigure *
strip_get_figure (LescExportable *exportable)
{
  LescStripView *self = LESC_STRIP_VIEW (exportable);
  return self->model != NULL ? self->area : NULL;
}

static LescTable *
strip_get_table (LescExportable *exportable)
{
  return NULL;
}

static char *
strip_get_basename (LescExportable *exportable)
{
  LescStripView *self = LESC_STRIP_VIEW (exportable);
  const LescMethod *m = lesc_strip_view_get_method (self);
  if (m == NULL || self->data == NULL)
    return g_strdup ("strip");
  return g_strdup_printf ("strip-%s-%s", m->name, lesc_data_object_get_name (self->data));
}

static void
lesc_strip_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_figure = strip_get_figure;
  iface->get_table = strip_get_table;
  iface->get_basename = strip_get_basename;
}

/* ---- life cycle -------------------------------------------------------------------- */

static void
lesc_strip_view_dispose (GObject *object)
{
  LescStripView *self = LESC_STRIP_VIEW (object);
  self->model = NULL;
  if (self->panel != NULL)
    g_signal_handlers_disconnect_by_func (self->panel, changed_cb, self);
  g_clear_object (&self->panel);
  if (self->data != NULL)
    g_signal_handlers_disconnect_by_func (self->data, label_names_changed_cb, self);
  g_clear_object (&self->data);
  g_clear_pointer (&self->cells, g_hash_table_unref);
  g_clear_pointer (&self->methods, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_STRIP_VIEW);
  G_OBJECT_CLASS (lesc_strip_view_parent_class)->dispose (object);
}

static void
lesc_strip_view_class_init (LescStripViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_strip_view_dispose;
  g_type_ensure (LESC_TYPE_FIGURE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/strip-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescStripView, box);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, method_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, lambda2_check);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, label_title);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, label_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, hint);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, status);
  gtk_widget_class_bind_template_child (widget_class, LescStripView, area);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_CELL_ACTIVATED] = g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 3, G_TYPE_POINTER, G_TYPE_STRING,
                                                 G_TYPE_DOUBLE);
  signals[SIGNAL_FILL_REQUESTED] = g_signal_new ("fill-requested", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 0);
}

static void
lesc_strip_view_init (LescStripView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cells = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) lesc_matrix_free);
  self->methods = g_ptr_array_new ();
  GtkStringList *names = gtk_string_list_new (NULL);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    if (methods[i]->smoothness != NULL && lesc_method_param_index (methods[i], "lambda1") >= 0)
      {
        g_ptr_array_add (self->methods, (gpointer) methods[i]);
        gtk_string_list_append (names, methods[i]->display_name);
      }
  gtk_drop_down_set_model (self->method_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->method_dropdown, self->methods->len - 1);   /* gLESC */
  g_object_unref (names);
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->area), "pointer");
  g_signal_connect_swapped (self->method_dropdown, "notify::selected", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->lambda2_check, "toggled", G_CALLBACK (changed_cb), self);
  g_signal_connect_swapped (self->label_dropdown, "notify::selected", G_CALLBACK (changed_cb), self);
}
