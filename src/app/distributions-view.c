#include "config.h"
#include "app/distributions-view.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/exportable.h"
#include "app/figure.h"
#include "app/measure-names.h"
#include "app/result.h"
#include "app/settings.h"
#include "plot/scatter.h"

struct _LescDistributionsView
{
  LescResultsView parent_instance;

  GtkWidget *box;
  GtkDropDown *style_dropdown;
  GtkWidget *fit_label;
  GtkDropDown *fit_dropdown;
  GtkWidget *axes_box;
  GtkDropDown *x_dropdown;
  GtkDropDown *y_dropdown;
  GtkStack *stack;
  AdwStatusPage *status;
  LescFigure *area;  /* owns the model */

  GSettings *settings;
  LescDataObject *data;
  LescScatterModel *model;
  GPtrArray *panel_results;    /* LescResult per panel; NULL for the ground truth */
  LescScatterLayout *layout;   /* for hit tests, at layout_w × layout_h */
  double layout_w, layout_h;
  gboolean updating;
};

/* The ground truth's panel holds NULL. */
static void
unref_if_set (gpointer object)
{
  if (object != NULL)
    g_object_unref (object);
}

static void lesc_distributions_view_exportable_init (LescExportableInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (LescDistributionsView, lesc_distributions_view, LESC_TYPE_RESULTS_VIEW,
                               G_IMPLEMENT_INTERFACE (LESC_TYPE_EXPORTABLE,
                                                      lesc_distributions_view_exportable_init))

static const LescPainter scatter_painter = {
  (LescFigurePaint) lesc_plot_scatter_paint, (LescFigureData) lesc_scatter_model_to_csv,
  (GDestroyNotify) lesc_scatter_model_free, 1000, 640,
};

static gboolean
is_grid (LescDistributionsView *self)
{
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  return g_strcmp0 (ds->name, "artificial") == 0 && ds->source == NULL && lesc_dataset_q (ds) >= 2;
}

static LescPalette
palette_setting (LescDistributionsView *self)
{
  g_autofree char *key = g_settings_get_string (self->settings, "palette");
  LescPalette p = LESC_PALETTE_VIRIDIS;
  if (g_strcmp0 (key, "grayscale") == 0)
    return LESC_PALETTE_GRAY;
  lesc_palette_from_string (key, &p);
  return p;
}

static void
clear_model (LescDistributionsView *self)
{
  self->model = NULL;   /* owned by the figure */
  g_clear_pointer (&self->layout, lesc_scatter_layout_free);
  g_ptr_array_set_size (self->panel_results, 0);
}

/* The results in the registry's (the paper's) order. */
static GPtrArray *
ordered_results (LescDistributionsView *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  GListModel *results = lesc_results_view_get_results (LESC_RESULTS_VIEW (self));
  guint nr = results != NULL ? g_list_model_get_n_items (results) : 0;
  for (guint k = 0; k < n; k++)
    for (guint i = 0; i < nr; i++)
      {
        LescResult *r = g_list_model_get_item (results, i);
        if (lesc_result_get_method (r) == methods[k] && lesc_result_get_data (r) == self->data)
          g_ptr_array_add (out, r);
        else
          g_object_unref (r);
      }
  return out;
}

static void
rebuild (LescDistributionsView *self)
{
  clear_model (self);
  if (self->data == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  gsize n = lesc_dataset_n (ds), q = lesc_dataset_q (ds), o = lesc_dataset_o (ds);
  if (ds->truth == NULL)
    {
      adw_status_page_set_description (self->status, _("This data set has only logical labels: there is no ground truth to compare with."));
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  gboolean grid = is_grid (self);
  gtk_widget_set_visible (self->axes_box, !grid);
  gtk_widget_set_sensitive (GTK_WIDGET (self->style_dropdown), o == 3);
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = o == 3 && gtk_drop_down_get_selected (self->style_dropdown) == 0 ? LESC_SCATTER_RGB
                                                                                : LESC_SCATTER_HEATMAPS;
  opt.fit = gtk_drop_down_get_selected (self->fit_dropdown) == 1 ? LESC_SCATTER_FIT_PER_PANEL
                                                                 : LESC_SCATTER_FIT_SHARED;
  opt.palette = palette_setting (self);
  gtk_widget_set_visible (self->fit_label, opt.style == LESC_SCATTER_RGB);
  gtk_widget_set_visible (GTK_WIDGET (self->fit_dropdown), opt.style == LESC_SCATTER_RGB);

  /* Positions: the artificial grid (x₁, x₂), else two chosen feature columns. */
  gsize ax = grid ? 0 : MIN (gtk_drop_down_get_selected (self->x_dropdown), q - 1);
  gsize ay = grid ? 1 : MIN (gtk_drop_down_get_selected (self->y_dropdown), q - 1);
  g_autoptr (LescMatrix) xy = lesc_matrix_new (n, 2);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (xy, i, 0) = LESC_AT (ds->features, i, ax);
      LESC_AT (xy, i, 1) = q >= 2 ? LESC_AT (ds->features, i, ay) : (double) i;
    }
  g_autofree char *xl = grid ? g_strdup ("x₁") : g_strdup_printf (_("feature %zu"), ax + 1);
  g_autofree char *yl = grid ? g_strdup ("x₂") : q >= 2 ? g_strdup_printf (_("feature %zu"), ay + 1)
                                                        : g_strdup (_("sample"));

  g_autoptr (GPtrArray) results = ordered_results (self);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) tables = g_ptr_array_new ();
  g_ptr_array_add (names, g_strdup (_("Ground truth")));
  g_ptr_array_add (tables, ds->truth);
  g_ptr_array_add (self->panel_results, NULL);
  for (guint i = 0; i < results->len; i++)
    {
      LescResult *r = g_ptr_array_index (results, i);
      /* a run still going shows its latest frame: "gLESC — iteration 120 of at most 300" */
      g_ptr_array_add (names, lesc_result_dup_title (r));
      g_ptr_array_add (tables, (gpointer) lesc_result_get_recovered (r));
      g_ptr_array_add (self->panel_results, g_object_ref (r));
    }
  g_autoptr (GError) error = NULL;
  self->model = lesc_scatter_model_new (xy, grid, xl, yl, names->len, (const char *const *) names->pdata,
                                        (const LescMatrix *const *) tables->pdata, &opt, &error);
  if (self->model == NULL)
    {
      g_ptr_array_set_size (self->panel_results, 0);
      adw_status_page_set_description (self->status, error->message);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }
  LescKlDirection kl = lesc_results_view_get_kl (LESC_RESULTS_VIEW (self));
  for (guint p = 1; p < self->panel_results->len; p++)
    {
      const double *v = lesc_result_get_measures (g_ptr_array_index (self->panel_results, p), kl);
      if (isfinite (v[0]))
        lesc_scatter_model_set_measures (self->model, p, v);
    }
  g_autofree char *caption = lesc_scatter_caption (self->model);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->area), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, caption, -1);
  gtk_stack_set_visible_child_name (self->stack, "figure");
  lesc_figure_set_model (self->area, &scatter_painter, self->model);
}

static void
results_view_rebuild (LescResultsView *view)
{
  rebuild (LESC_DISTRIBUTIONS_VIEW (view));
}

/* The layout at the area's size, for hit tests. */
static const LescScatterLayout *
ensure_layout (LescDistributionsView *self)
{
  double w = gtk_widget_get_width (GTK_WIDGET (self->area));
  double h = gtk_widget_get_height (GTK_WIDGET (self->area));
  if (self->model == NULL || w <= 0 || h <= 0)
    return NULL;
  if (self->layout != NULL && self->layout_w == w && self->layout_h == h)
    return self->layout;
  g_clear_pointer (&self->layout, lesc_scatter_layout_free);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  self->layout = lesc_scatter_layout_new (cr, w, h, self->model);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  self->layout_w = w;
  self->layout_h = h;
  return self->layout;
}

static void
append_row (GString *s, const LescMatrix *m, gsize i)
{
  for (gsize j = 0; j < m->cols; j++)
    g_string_append_printf (s, "%s%.3f", j > 0 ? "  " : "", LESC_AT (m, i, j));
}

static char *
describe (LescDistributionsView *self, guint panel, gsize i)
{
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, _("Sample %zu"), i + 1);
  g_string_append_printf (s, "\n%s = %.3f, %s = %.3f", self->model->x_label, LESC_AT (self->model->xy, i, 0),
                          self->model->y_label, LESC_AT (self->model->xy, i, 1));
  g_string_append (s, "\n");
  for (gsize j = 0; j < lesc_dataset_o (ds) && j < 8; j++)
    {
      g_autofree char *name = lesc_data_object_dup_label_name (self->data, j);
      g_string_append_printf (s, "%s%s", j > 0 ? " · " : "", name);
    }
  g_string_append_printf (s, "\n%s: ", _("Ground truth"));
  append_row (s, ds->truth, i);
  g_string_append_printf (s, "\n%s: ", _("Logical labels"));
  for (gsize j = 0; j < ds->logical->cols; j++)
    g_string_append_printf (s, "%s%.0f", j > 0 ? "  " : "", LESC_AT (ds->logical, i, j));
  LescResult *r = panel < self->panel_results->len ? g_ptr_array_index (self->panel_results, panel) : NULL;
  if (r != NULL)
    {
      g_string_append_printf (s, "\n%s: ", lesc_result_get_method (r)->display_name);
      append_row (s, lesc_result_get_recovered (r), i);
    }
  return g_string_free (s, FALSE);
}

/* The sample under (x, y): the plot containing the point, then the nearest sample. */
static gboolean
hit_test (LescDistributionsView *self, double x, double y, guint *panel, gsize *sample)
{
  const LescScatterLayout *l = ensure_layout (self);
  if (l == NULL)
    return FALSE;
  guint per_panel = l->n_plots / MAX (l->n_panels, 1);
  for (guint p = 0; p < l->n_plots; p++)
    {
      const LescRect *r = &l->plots[p];
      if (x < r->x || y < r->y || x > r->x + r->width || y > r->y + r->height)
        continue;
      double best = G_MAXDOUBLE;
      gsize best_i = 0;
      for (gsize i = 0; i < self->model->xy->rows; i++)
        {
          double px, py;
          lesc_scatter_layout_point (l, self->model, p, i, &px, &py);
          double d = (px - x) * (px - x) + (py - y) * (py - y);
          if (d < best)
            best = d, best_i = i;
        }
      double reach = self->model->grid ? MAX (l->cell_w, l->cell_h) : 8.0;
      if (best > reach * reach)
        return FALSE;
      *panel = p / MAX (per_panel, 1);
      *sample = best_i;
      return TRUE;
    }
  return FALSE;
}

static gboolean
query_tooltip_cb (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  LescDistributionsView *self = data;
  guint panel;
  gsize sample;
  if (keyboard || !hit_test (self, x, y, &panel, &sample))
    return FALSE;
  g_autofree char *text = describe (self, panel, sample);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

guint
lesc_distributions_view_get_n_panels (LescDistributionsView *self)
{
  return self->model != NULL ? self->model->n_panels : 0;
}

char *
lesc_distributions_view_describe_point (LescDistributionsView *self, guint panel, gsize i)
{
  const LescScatterLayout *l = ensure_layout (self);
  if (l == NULL || panel >= l->n_panels || i >= self->model->xy->rows)
    return NULL;
  guint per_panel = l->n_plots / MAX (l->n_panels, 1);
  double x, y;
  lesc_scatter_layout_point (l, self->model, panel * per_panel, i, &x, &y);
  guint hit_panel;
  gsize hit;
  if (!hit_test (self, x, y, &hit_panel, &hit) || hit_panel != panel)
    return NULL;
  return describe (self, hit_panel, hit);
}

/* ---- inputs ------------------------------------------------------------------------ */

static void
option_changed_cb (LescDistributionsView *self)
{
  if (!self->updating)
    rebuild (self);
}

void
lesc_distributions_view_set_data (LescDistributionsView *self, LescDataObject *data)
{
  g_return_if_fail (LESC_IS_DISTRIBUTIONS_VIEW (self));
  g_set_object (&self->data, data);
  self->updating = TRUE;
  GtkStringList *features = gtk_string_list_new (NULL);
  gsize q = data != NULL ? lesc_dataset_q (lesc_data_object_get_dataset (data)) : 0;
  for (gsize j = 0; j < q; j++)
    {
      g_autofree char *name = g_strdup_printf (_("feature %zu"), j + 1);
      gtk_string_list_append (features, name);
    }
  gtk_drop_down_set_model (self->x_dropdown, G_LIST_MODEL (features));
  gtk_drop_down_set_model (self->y_dropdown, G_LIST_MODEL (features));
  gtk_drop_down_set_selected (self->x_dropdown, 0);
  gtk_drop_down_set_selected (self->y_dropdown, q >= 2 ? 1 : 0);
  gtk_drop_down_set_selected (self->style_dropdown, 0);
  g_object_unref (features);
  self->updating = FALSE;
  rebuild (self);
}

/* ---- export ------------------------------------------------------------------------ */

static LescFigure *
distributions_get_figure (LescExportable *exportable)
{
  LescDistributionsView *self = LESC_DISTRIBUTIONS_VIEW (exportable);
  return self->model != NULL ? self->area : NULL;
}

/* The measures under the panels. */
static LescTable *
distributions_get_table (LescExportable *exportable)
{
  LescDistributionsView *self = LESC_DISTRIBUTIONS_VIEW (exportable);
  if (self->model == NULL || self->panel_results->len < 2)
    return NULL;
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  /* TRANSLATORS: caption: the data set's name */
  g_autofree char *caption = g_strdup_printf (_("Recovered distributions on %s: the measures of each panel"), ds->name);
  LescTable *t = lesc_table_new (caption);
  lesc_table_add_note (t, "lesc-explorer %s", LESC_VERSION);
  lesc_table_add_note (t, "data %s sha256 %s", ds->name, ds->checksum);
  LescKlDirection kl = lesc_results_view_get_kl (LESC_RESULTS_VIEW (self));
  lesc_table_add_note (t, "kl %s", lesc_kl_direction_key (kl));
  g_autofree char *fig = lesc_scatter_caption (self->model);
  lesc_table_add_note (t, "%s", fig);
  lesc_table_add_column (t, _("Method"));
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      g_autofree char *title = lesc_measure_display_title (m);
      lesc_table_add_column (t, title);
    }
  for (guint p = 1; p < self->panel_results->len; p++)
    {
      LescResult *r = g_ptr_array_index (self->panel_results, p);
      g_autofree char *settings = lesc_result_describe_params (r);
      lesc_table_add_note (t, "%s: %s", lesc_result_get_method (r)->display_name, settings);
      lesc_table_add_row (t);
      lesc_table_add_cell (t, FALSE, "%s", lesc_result_get_method (r)->display_name);
      const double *v = lesc_result_get_measures (r, kl);
      for (guint m = 0; m < LESC_N_MEASURES; m++)
        lesc_table_add_cell (t, FALSE, "%.4f", v[m]);
    }
  return t;
}

static char *
distributions_get_basename (LescExportable *exportable)
{
  LescDistributionsView *self = LESC_DISTRIBUTIONS_VIEW (exportable);
  return self->data != NULL ? g_strdup_printf ("distributions-%s", lesc_data_object_get_name (self->data))
                            : g_strdup ("distributions");
}

static void
lesc_distributions_view_exportable_init (LescExportableInterface *iface)
{
  iface->get_figure = distributions_get_figure;
  iface->get_table = distributions_get_table;
  iface->get_basename = distributions_get_basename;
}

/* ---- life cycle -------------------------------------------------------------------- */

static void
lesc_distributions_view_dispose (GObject *object)
{
  LescDistributionsView *self = LESC_DISTRIBUTIONS_VIEW (object);
  clear_model (self);
  g_clear_pointer (&self->panel_results, g_ptr_array_unref);
  g_clear_object (&self->data);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_DISTRIBUTIONS_VIEW);
  G_OBJECT_CLASS (lesc_distributions_view_parent_class)->dispose (object);
}

static void
lesc_distributions_view_class_init (LescDistributionsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_distributions_view_dispose;
  LESC_RESULTS_VIEW_CLASS (klass)->rebuild = results_view_rebuild;
  g_type_ensure (LESC_TYPE_FIGURE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/distributions-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, box);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, style_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, fit_label);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, fit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, axes_box);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, x_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, y_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, status);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, area);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
lesc_distributions_view_init (LescDistributionsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->panel_results = g_ptr_array_new_with_free_func (unref_if_set);
  self->settings = lesc_app_settings_new ();
  g_signal_connect (self->area, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  g_signal_connect_swapped (self->style_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->fit_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->x_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->y_dropdown, "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::palette", G_CALLBACK (option_changed_cb), self);
}
