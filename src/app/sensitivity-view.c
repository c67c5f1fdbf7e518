#include "config.h"
#include "app/sensitivity-view.h"
#include "app/presenter.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/exportable.h"
#include "app/figure.h"
#include "app/measure-names.h"
#include "app/settings.h"
#include "core/experiments/experiment.h"
#include "plot/heatmap.h"

struct _LescSensitivityView
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkDropDown *method_dropdown;
  GtkDropDown *measure_dropdown;
  GtkButton *compute_button;
  GtkStack *stack;
  AdwStatusPage *status;
  LescFigure *area;  /* owns the model */

  GSettings *settings;
  GPtrArray *methods;        /* const LescMethod*: the ones with λ₁ and λ₂ */
  GHashTable *grids;         /* const LescMethod* → LescJob (output LescGrid) */
  LescJob *partial;          /* a store lookup of the grid being computed (output LescGrid) */
  guint partial_total;
  LescHeatmapModel *model;    /* owned by the figure */
  GArray *lambda1, *lambda2;  /* double: the next grid */
};

enum { SIGNAL_COMPUTE_REQUESTED, SIGNAL_CELL_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void lesc_sensitivity_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescSensitivityView, lesc_sensitivity_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE,
                                                      lesc_sensitivity_view_exportable_init))

static const LescPainter heatmap_painter = {
  (LescFigurePaint) lesc_plot_heatmap_paint, (LescFigureData) lesc_heatmap_model_to_csv,
  (GDestroyNotify) lesc_heatmap_model_free, 640, 520,
};

const LescMethod *
lesc_sensitivity_view_get_method (LescSensitivityView *self)
{
  guint i = gtk_drop_down_get_selected (self->method_dropdown);
  return i < self->methods->len ? g_ptr_array_index (self->methods, i) : NULL;
}

static LescMeasure
current_measure (LescSensitivityView *self)
{
  guint i = gtk_drop_down_get_selected (self->measure_dropdown);
  return i < LESC_N_MEASURES ? (LescMeasure) i : LESC_MEASURE_CHEB;
}

static const LescGrid *
partial_grid (LescSensitivityView *self)
{
  const LescGrid *g = self->partial != NULL ? lesc_job_get_output (self->partial) : NULL;
  return g != NULL && g->method == lesc_sensitivity_view_get_method (self) ? g : NULL;
}

/* The finished grid of the chosen method, else the cells of the one being computed. */
static const LescGrid *
current_grid (LescSensitivityView *self)
{
  const LescMethod *m = lesc_sensitivity_view_get_method (self);
  LescJob *job = m != NULL ? g_hash_table_lookup (self->grids, m) : NULL;
  return job != NULL ? lesc_job_get_output (job) : partial_grid (self);
}

/* "seed 5489", "seed 5489, converged": what the grid holds fixed besides λ₁ and λ₂. */
static char *
fixed_settings (const LescGrid *g)
{
  const LescRunRecord *first = NULL;
  for (gsize k = 0; k < (gsize) g->n1 * g->n2 && first == NULL; k++)
    if (g->cells[k].id != 0)
      first = &g->cells[k];
  if (first == NULL)
    return NULL;
  GString *s = g_string_new (NULL);
  if (first->has_seed)
    g_string_append_printf (s, "%s %u", _("seed"), first->seed);
  if (first->variant != NULL && first->variant[0] != '\0' && !g_str_equal (first->variant, "reference"))
    g_string_append_printf (s, "%s%s", s->len > 0 ? ", " : "", first->variant);
  return g_string_free (s, s->len == 0);
}

static void
rebuild (LescSensitivityView *self)
{
  self->model = NULL;   /* owned by the figure */
  const LescGrid *g = current_grid (self);
  if (g == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  LescMeasure measure = current_measure (self);
  self->model = lesc_heatmap_model_new_from_grid (g, measure, lesc_measure_short_name (measure));
  g_autofree char *palette = g_settings_get_string (self->settings, "palette");
  self->model->palette = g_str_equal (palette, "cividis") ? LESC_PALETTE_CIVIDIS
                         : g_str_equal (palette, "grayscale") ? LESC_PALETTE_GRAY
                                                              : LESC_PALETTE_VIRIDIS;
  /* TRANSLATORS: heatmap title: method, data set, measure */
  g_autofree char *title = g_strdup_printf (_("%s on %s: %s"), g->method->display_name, g->dataset,
                                            lesc_measure_display_name (measure));
  g_autofree char *fixed = fixed_settings (g);
  g_autofree char *with = fixed != NULL ? g_strdup_printf ("%s (%s)", title, fixed) : g_strdup (title);
  if (g == partial_grid (self))
    {
      guint done = 0;
      for (gsize k = 0; k < (gsize) g->n1 * g->n2; k++)
        done += g->cells[k].id != 0;
      /* TRANSLATORS: a grid still being computed: "…: 12 of 64 cells" */
      self->model->title = g_strdup_printf (_("%s — computing, %u of %u cells"), with, done, g->n1 * g->n2);
    }
  else
    self->model->title = g_steal_pointer (&with);
  gtk_stack_set_visible_child_name (self->stack, "figure");
  lesc_figure_set_model (self->area, &heatmap_painter, self->model);
}

void
lesc_sensitivity_view_add_grid (LescSensitivityView *self, LescJob *job)
{
  const LescGrid *g = lesc_job_get_output (job);
  if (g == NULL)
    return;
  g_hash_table_replace (self->grids, (gpointer) g->method, g_object_ref (job));
  g_clear_object (&self->partial);
  for (guint i = 0; i < self->methods->len; i++)
    if (g_ptr_array_index (self->methods, i) == g->method)
      gtk_drop_down_set_selected (self->method_dropdown, i);
  rebuild (self);
}

void
lesc_sensitivity_view_clear (LescSensitivityView *self)
{
  g_hash_table_remove_all (self->grids);
  g_clear_object (&self->partial);
  rebuild (self);
}

void
lesc_sensitivity_view_show_partial (LescSensitivityView *self, LescJob *lookup)
{
  const LescGrid *g = lesc_job_get_output (lookup);
  if (g == NULL)
    return;
  g_set_object (&self->partial, lookup);
  if (!g_hash_table_contains (self->grids, g->method))
    for (guint i = 0; i < self->methods->len; i++)
      if (g_ptr_array_index (self->methods, i) == g->method)
        gtk_drop_down_set_selected (self->method_dropdown, i);
  rebuild (self);
}

const char *
lesc_sensitivity_view_get_title (LescSensitivityView *self)
{
  return self->model != NULL ? self->model->title : NULL;
}

gboolean
lesc_sensitivity_view_activate_cell (LescSensitivityView *self, guint i1, guint i2)
{
  const LescGrid *g = current_grid (self);
  if (g == NULL || i1 >= g->n1 || i2 >= g->n2)
    return FALSE;
  g_signal_emit (self, signals[SIGNAL_CELL_ACTIVATED], 0, g->method, g->lambda1[i1], g->lambda2[i2]);
  return TRUE;
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  LescSensitivityView *self = data;
  if (self->model == NULL)
    return;
  double w = gtk_widget_get_width (GTK_WIDGET (self->area)), h = gtk_widget_get_height (GTK_WIDGET (self->area));
  double s = lesc_presenter_scale ();   /* laid out on w/s × h/s */
  guint i, j;
  if (lesc_heatmap_cell_at (NULL, w / s, h / s, self->model, x / s, y / s, &i, &j))
    lesc_sensitivity_view_activate_cell (self, i, j);
}

static void
option_changed_cb (LescSensitivityView *self)
{
  rebuild (self);
}

void
lesc_sensitivity_view_compute (LescSensitivityView *self)
{
  const LescMethod *m = lesc_sensitivity_view_get_method (self);
  if (m != NULL)
    g_signal_emit (self, signals[SIGNAL_COMPUTE_REQUESTED], 0, m);
}

static void
compute_clicked_cb (LescSensitivityView *self)
{
  lesc_sensitivity_view_compute (self);
}

void
lesc_sensitivity_view_set_lambdas (LescSensitivityView *self, const double *lambda1, guint n1,
                                   const double *lambda2, guint n2)
{
  g_array_set_size (self->lambda1, 0);
  g_array_set_size (self->lambda2, 0);
  g_array_append_vals (self->lambda1, lambda1, n1);
  g_array_append_vals (self->lambda2, lambda2, n2);
}

const double *
lesc_sensitivity_view_get_lambda1 (LescSensitivityView *self, guint *n)
{
  *n = self->lambda1->len;
  return (const double *) self->lambda1->data;
}

const double *
lesc_sensitivity_view_get_lambda2 (LescSensitivityView *self, guint *n)
{
  *n = self->lambda2->len;
  return (const double *) self->lambda2->data;
}

gboolean
lesc_sensitivity_view_select_method (LescSensitivityView *self, const char *name)
{
  for (guint i = 0; i < self->methods->len; i++)
    if (g_ascii_strcasecmp (((const LescMethod *) g_ptr_array_index (self->methods, i))->name, name) == 0)
      {
        gtk_drop_down_set_selected (self->method_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

const double *
lesc_sensitivity_view_get_values (LescSensitivityView *self, guint *rows, guint *cols)
{
  if (self->model == NULL)
    return NULL;
  *rows = self->model->rows;
  *cols = self->model->cols;
  return self->model->values;
}

/* ---- export ------------------------------------------------------------------------ */

static LescFigure *
sensitivity_get_figure (LescExportable *exportable)
{
  LescSensitivityView *self = LESC_SENSITIVITY_VIEW (exportable);
  return self->model != NULL ? self->area : NULL;
}

/* The grid as a matrix: rows λ₁, columns λ₂; the best cell(s) in bold. */
static LescTable *
sensitivity_get_table (LescExportable *exportable)
{
  LescSensitivityView *self = LESC_SENSITIVITY_VIEW (exportable);
  const LescGrid *g = current_grid (self);
  if (self->model == NULL || g == NULL)
    return NULL;
  const LescHeatmapModel *m = self->model;
  g_autofree gboolean *best = g_new0 (gboolean, (gsize) m->rows * m->cols);
  lesc_heatmap_best (m, best);
  LescTable *t = lesc_table_new (m->title);
  lesc_table_add_note (t, "lesc-explorer %s", LESC_VERSION);
  lesc_table_add_note (t, "data %s sha256 %s", g->dataset, g->checksum != NULL ? g->checksum : "?");
  lesc_table_add_note (t, "method %s measure %s (%s is better)", g->method->name,
                       lesc_measure_key (current_measure (self)), m->lower_is_better ? "lower" : "higher");
  const LescRunRecord *first = &g->cells[0];
  if (first->id != 0)
    lesc_table_add_note (t, "seed %u variant %s", first->seed, first->variant != NULL ? first->variant : "");
  lesc_table_add_column (t, "λ₁ \\ λ₂");
  for (guint j = 0; j < m->cols; j++)
    {
      g_autofree char *l2 = lesc_heatmap_format_lambda (m->lambda2[j]);
      lesc_table_add_column (t, l2);
    }
  for (guint i = 0; i < m->rows; i++)
    {
      lesc_table_add_row (t);
      g_autofree char *l1 = lesc_heatmap_format_lambda (m->lambda1[i]);
      lesc_table_add_cell (t, FALSE, "%s", l1);
      for (guint j = 0; j < m->cols; j++)
        {
          g_autofree char *v = lesc_heatmap_format_value (m->values[(gsize) i * m->cols + j]);
          lesc_table_add_cell (t, best[(gsize) i * m->cols + j], "%s", v);
        }
    }
  return t;
}

static char *
sensitivity_get_basename (LescExportable *exportable)
{
  LescSensitivityView *self = LESC_SENSITIVITY_VIEW (exportable);
  const LescGrid *g = current_grid (self);
  if (g == NULL)
    return g_strdup ("sensitivity");
  return g_strdup_printf ("sensitivity-%s-%s-%s", g->method->name, g->dataset,
                          lesc_measure_key (current_measure (self)));
}

static void
lesc_sensitivity_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_figure = sensitivity_get_figure;
  iface->get_table = sensitivity_get_table;
  iface->get_basename = sensitivity_get_basename;
}

/* ---- life cycle -------------------------------------------------------------------- */

static void
lesc_sensitivity_view_dispose (GObject *object)
{
  LescSensitivityView *self = LESC_SENSITIVITY_VIEW (object);
  self->model = NULL;   /* owned by the figure */
  g_clear_pointer (&self->grids, g_hash_table_unref);
  g_clear_object (&self->partial);
  g_clear_pointer (&self->methods, g_ptr_array_unref);
  g_clear_pointer (&self->lambda1, g_array_unref);
  g_clear_pointer (&self->lambda2, g_array_unref);
  lesc_app_settings_release (&self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_SENSITIVITY_VIEW);
  G_OBJECT_CLASS (lesc_sensitivity_view_parent_class)->dispose (object);
}

static void
lesc_sensitivity_view_class_init (LescSensitivityViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_sensitivity_view_dispose;
  g_type_ensure (LESC_TYPE_FIGURE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/sensitivity-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescSensitivityView, box);
  gtk_widget_class_bind_template_child (widget_class, LescSensitivityView, method_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescSensitivityView, measure_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescSensitivityView, compute_button);
  gtk_widget_class_bind_template_child (widget_class, LescSensitivityView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescSensitivityView, status);
  gtk_widget_class_bind_template_child (widget_class, LescSensitivityView, area);
  gtk_widget_class_bind_template_callback (widget_class, compute_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_COMPUTE_REQUESTED] = g_signal_new ("compute-requested", G_TYPE_FROM_CLASS (klass),
                                                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                    G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_CELL_ACTIVATED] = g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                 G_TYPE_NONE, 3, G_TYPE_POINTER, G_TYPE_DOUBLE,
                                                 G_TYPE_DOUBLE);
}

static void
lesc_sensitivity_view_init (LescSensitivityView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = lesc_app_settings_new ();
  self->grids = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_object_unref);
  self->methods = g_ptr_array_new ();
  self->lambda1 = g_array_new (FALSE, FALSE, sizeof (double));
  self->lambda2 = g_array_new (FALSE, FALSE, sizeof (double));
  lesc_sensitivity_view_set_lambdas (self, lesc_grid_default, G_N_ELEMENTS (lesc_grid_default),
                                     lesc_grid_default, G_N_ELEMENTS (lesc_grid_default));
  GtkStringList *names = gtk_string_list_new (NULL);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    if (lesc_method_param_index (methods[i], "lambda1") >= 0
        && lesc_method_param_index (methods[i], "lambda2") >= 0)
      {
        g_ptr_array_add (self->methods, (gpointer) methods[i]);
        gtk_string_list_append (names, methods[i]->display_name);
      }
  gtk_drop_down_set_model (self->method_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->method_dropdown, names != NULL && self->methods->len > 0
                                                       ? self->methods->len - 1 : 0);   /* gLESC */
  g_object_unref (names);
  GtkStringList *measures = gtk_string_list_new (NULL);
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      g_autofree char *title = lesc_measure_display_title (m);
      gtk_string_list_append (measures, title);
    }
  gtk_drop_down_set_model (self->measure_dropdown, G_LIST_MODEL (measures));
  g_object_unref (measures);
  gtk_widget_set_sensitive (GTK_WIDGET (self->compute_button), self->methods->len > 0);

  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->area), "pointer");
  g_signal_connect_swapped (self->method_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->measure_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::palette", G_CALLBACK (option_changed_cb), self);
}
