#include "config.h"
#include "app/distributions-view.h"
#include "app/presenter.h"

#include <glib/gi18n.h>
#include <math.h>

#include "app/exportable.h"
#include "app/figure.h"
#include "app/measure-names.h"
#include "app/result.h"
#include "app/sample-inspector.h"
#include "app/settings.h"
#include "core/base/framelog.h"
#include "core/methods/frametag.h"
#include "plot/logical.h"
#include "plot/scatter.h"
#include "session/provenance.h"

/* Labels drawn at once in the "each label" view; more are shown in pages. */
#define LABELS_PER_PAGE 6
#define MAX_UNPAGED 8

typedef enum { SHOW_RGB, SHOW_LABELS, SHOW_DISTANCE } ShowMode;

struct _LescDistributionsView
{
  LescResultsView parent_instance;

  GtkWidget *box;
  GtkDropDown *show_dropdown;
  GtkWidget *fit_box;
  GtkDropDown *fit_dropdown;
  GtkWidget *scale_box;
  GtkDropDown *scale_dropdown;
  GtkDropDown *page_dropdown;
  GtkWidget *distance_box;
  GtkDropDown *distance_dropdown;
  GtkWidget *axes_box;
  GtkDropDown *positions_dropdown;
  GtkDropDown *x_dropdown;
  GtkDropDown *y_dropdown;
  GtkStack *stack;
  AdwStatusPage *status;
  GtkOverlay *overlay;
  LescFigure *area;  /* owns the model */
  LescSampleInspector *inspector;

  GSettings *settings;
  LescDataObject *data;
  LescScatterModel *model;
  GPtrArray *panel_results;    /* LescResult per panel; NULL for the ground truth */
  GArray *shown_labels;        /* gsize: the label columns drawn */
  ShowMode modes[3];           /* what the entries of the Show dropdown are */
  guint n_modes;
  gssize sample;               /* the inspected sample, or −1 */
  GPtrArray *progress;         /* overlay widgets over panels being recomputed */
  LescScatterLayout *layout;   /* for hit tests, at layout_w × layout_h */
  double layout_w, layout_h;
  double layout_s;             /* the presenter scale: the layout is in widget units / s */
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
  return lesc_data_object_is_grid (self->data);
}

static gboolean
has_truth (LescDistributionsView *self)
{
  return self->data != NULL && lesc_data_object_get_dataset (self->data)->truth != NULL;
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

static ShowMode
current_mode (LescDistributionsView *self)
{
  guint i = gtk_drop_down_get_selected (self->show_dropdown);
  return i < self->n_modes ? self->modes[i] : SHOW_LABELS;
}

static LescMeasure
current_distance (LescDistributionsView *self)
{
  guint i = gtk_drop_down_get_selected (self->distance_dropdown);
  return i < LESC_N_MEASURES ? (LescMeasure) i : LESC_MEASURE_CHEB;
}

static void
clear_progress (LescDistributionsView *self)
{
  for (guint i = 0; i < self->progress->len; i++)
    gtk_overlay_remove_overlay (self->overlay, g_ptr_array_index (self->progress, i));
  g_ptr_array_set_size (self->progress, 0);
}

static void
clear_model (LescDistributionsView *self)
{
  self->model = NULL;   /* owned by the figure */
  g_clear_pointer (&self->layout, lesc_scatter_layout_free);
  g_ptr_array_set_size (self->panel_results, 0);
  clear_progress (self);
}

/* The results of this data set in the registry's (the paper's) order. */
static GPtrArray *
ordered_results (LescDistributionsView *self)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_object_unref);
  GListModel *results = lesc_results_view_get_results (LESC_RESULTS_VIEW (self));
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
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

/* Positions: the artificial grid (x₁, x₂), the principal components, or two features. */
static LescPositions *
positions (LescDistributionsView *self)
{
  if (is_grid (self) || (gtk_drop_down_get_selected (self->positions_dropdown) == 0
                         && lesc_data_object_get_embedding (self->data, NULL) != NULL))
    return lesc_data_object_positions (self->data);
  return lesc_positions_features (lesc_data_object_get_dataset (self->data),
                                  gtk_drop_down_get_selected (self->x_dropdown),
                                  gtk_drop_down_get_selected (self->y_dropdown));
}

/* `m`'s columns listed in `cols`. */
static LescMatrix *
columns_of (const LescMatrix *m, GArray *cols)
{
  LescMatrix *out = lesc_matrix_new (m->rows, cols->len);
  for (guint k = 0; k < cols->len; k++)
    memcpy (out->data + (gsize) k * m->rows, m->data + g_array_index (cols, gsize, k) * m->rows,
            sizeof (double) * m->rows);
  return out;
}

/* The per-sample distance of a method to the truth, as "higher is worse" (1 − similarity
 * for Cosine and Intersection). */
static LescMatrix *
distance_table (const LescMatrix *truth, const LescMatrix *recovered, LescKlDirection kl, LescMeasure m)
{
  LescMatrix *d = lesc_matrix_new (truth->rows, 1);
  if (!lesc_measures_per_sample (truth, recovered, kl, m, d->data, NULL))
    return d;
  gboolean similarity = !lesc_measure_lower_is_better (m);
  for (gsize i = 0; i < d->rows; i++)
    {
      double v = similarity ? 1.0 - d->data[i] : d->data[i];
      d->data[i] = isnan (v) ? 0.0 : v;
    }
  return d;
}

/* Progress on each panel whose result is being recomputed, faded below it. */
static void
add_progress (LescDistributionsView *self, guint panel, LescResult *r)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (card, "osd");
  gtk_widget_add_css_class (card, "recompute-card");
  gtk_widget_set_can_target (card, FALSE);
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_box_append (GTK_BOX (card), label);
  LescJob *job = lesc_result_get_replacement (r);
  if (job != NULL)
    {
      GtkWidget *bar = gtk_progress_bar_new ();
      gtk_box_append (GTK_BOX (card), bar);
      g_object_bind_property (job, "fraction", bar, "fraction", G_BINDING_SYNC_CREATE);
      g_object_bind_property (job, "stage", label, "label", G_BINDING_SYNC_CREATE);
    }
  else
    gtk_label_set_text (GTK_LABEL (label), _("Outdated: the settings changed"));
  g_object_set_data (G_OBJECT (card), "lesc-panel", GUINT_TO_POINTER (panel));
  gtk_overlay_add_overlay (self->overlay, card);
  g_ptr_array_add (self->progress, card);
}

static void rebuild_inspector (LescDistributionsView *self);


/* TRUE when every sample has the same distribution to within rounding (1e-9 in every
 * degree); *uniform: that distribution is 1/c in every label. A method whose memberships
 * collapse (FCM with β = 2 on SJAFFE) draws one colour per label, and the panel says why. */
static gboolean
flat_result (const LescMatrix *d, gboolean *uniform)
{
  if (d == NULL || d->rows < 2 || d->cols == 0)
    return FALSE;
  *uniform = TRUE;
  for (gsize k = 0; k < d->cols; k++)
    {
      double lo = LESC_AT (d, 0, k), hi = lo;
      for (gsize i = 1; i < d->rows; i++)
        {
          lo = MIN (lo, LESC_AT (d, i, k));
          hi = MAX (hi, LESC_AT (d, i, k));
        }
      if (!(hi - lo <= 1e-9))
        return FALSE;
      *uniform = *uniform && fabs (lo - 1.0 / (double) d->cols) <= 1e-9;
    }
  return TRUE;
}

static void
rebuild (LescDistributionsView *self)
{
  clear_model (self);
  if (self->data == NULL)
    {
      gtk_stack_set_visible_child_name (self->stack, "empty");
      rebuild_inspector (self);
      return;
    }
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  gboolean truth = has_truth (self);
  ShowMode mode = current_mode (self);
  gtk_widget_set_visible (self->axes_box, !is_grid (self));
  gtk_widget_set_visible (GTK_WIDGET (self->x_dropdown), gtk_drop_down_get_selected (self->positions_dropdown) == 1);
  gtk_widget_set_visible (GTK_WIDGET (self->y_dropdown), gtk_drop_down_get_selected (self->positions_dropdown) == 1);
  gtk_widget_set_visible (self->fit_box, mode == SHOW_RGB && truth);
  gtk_widget_set_visible (self->scale_box, mode == SHOW_LABELS);
  gtk_widget_set_visible (GTK_WIDGET (self->page_dropdown), lesc_dataset_o (ds) > MAX_UNPAGED);
  gtk_widget_set_visible (self->distance_box, mode == SHOW_DISTANCE);

  g_autoptr (GPtrArray) results = ordered_results (self);
  if (mode == SHOW_DISTANCE && results->len == 0)
    {
      adw_status_page_set_description (self->status, _("The distance of each method to the ground truth appears here after a run."));
      gtk_stack_set_visible_child_name (self->stack, "empty");
      rebuild_inspector (self);
      return;
    }

  /* the labels drawn: all, or a page of them */
  gsize o = lesc_dataset_o (ds);
  g_array_set_size (self->shown_labels, 0);
  guint page = o > MAX_UNPAGED ? gtk_drop_down_get_selected (self->page_dropdown) : 0;
  for (gsize j = o > MAX_UNPAGED ? page * LABELS_PER_PAGE : 0;
       j < o && (o <= MAX_UNPAGED || j < (page + 1) * LABELS_PER_PAGE); j++)
    g_array_append_val (self->shown_labels, j);

  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.palette = palette_setting (self);
  opt.style = mode == SHOW_RGB ? LESC_SCATTER_RGB : LESC_SCATTER_HEATMAPS;
  opt.fit = truth && gtk_drop_down_get_selected (self->fit_dropdown) == 0 ? LESC_SCATTER_FIT_SHARED
                                                                         : LESC_SCATTER_FIT_PER_PANEL;
  guint scale = gtk_drop_down_get_selected (self->scale_dropdown);
  opt.scale = scale == 0 ? LESC_SCATTER_SCALE_PER_LABEL : scale == 1 ? LESC_SCATTER_SCALE_DEVIATION
                                                                     : LESC_SCATTER_SCALE_SHARED;
  opt.reference_panel = truth && mode != SHOW_DISTANCE ? 0 : -1;
  opt.robust = mode == SHOW_DISTANCE;
  LescKlDirection kl = lesc_results_view_get_kl (LESC_RESULTS_VIEW (self));

  g_autoptr (LescPositions) pos = positions (self);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) tables = g_ptr_array_new_with_free_func ((GDestroyNotify) lesc_matrix_free);
  if (truth && mode != SHOW_DISTANCE)
    {
      g_ptr_array_add (names, g_strdup (_("Ground truth")));
      g_ptr_array_add (tables, mode == SHOW_LABELS ? columns_of (ds->truth, self->shown_labels)
                                                   : lesc_matrix_copy (ds->truth));
      g_ptr_array_add (self->panel_results, NULL);
    }
  LescMeasure dist = current_distance (self);
  for (guint i = 0; i < results->len; i++)
    {
      LescResult *r = g_ptr_array_index (results, i);
      const LescMatrix *rec = lesc_result_get_recovered (r);
      /* a run still going shows its latest frame: "gLESC — iteration 120 of at most 300" */
      g_ptr_array_add (names, lesc_result_dup_title (r));
      g_ptr_array_add (tables, mode == SHOW_LABELS ? columns_of (rec, self->shown_labels)
                               : mode == SHOW_DISTANCE ? distance_table (ds->truth, rec, kl, dist)
                                                       : lesc_matrix_copy (rec));
      g_ptr_array_add (self->panel_results, g_object_ref (r));
    }
  g_autoptr (GError) error = NULL;
  /* the input beside the output: the Logical labels panel last (plot/logical.h) */
  g_autoptr (LescMatrix) logical = mode == SHOW_DISTANCE ? NULL
                                   : mode == SHOW_LABELS ? columns_of (ds->logical, self->shown_labels)
                                                         : lesc_matrix_copy (ds->logical);
  self->model = lesc_scatter_model_new_with_logical (pos->xy, pos->grid, pos->x_label, pos->y_label, names->len,
                                                     (const char *const *) names->pdata,
                                                     (const LescMatrix *const *) tables->pdata, _("Logical labels"),
                                                     logical, &opt, &error);
  if (self->model != NULL && logical != NULL)
    g_ptr_array_add (self->panel_results, NULL);
  if (self->model == NULL)
    {
      g_ptr_array_set_size (self->panel_results, 0);
      adw_status_page_set_description (self->status, error->message);
      gtk_stack_set_visible_child_name (self->stack, "empty");
      rebuild_inspector (self);
      return;
    }
  LescScatterModel *m = self->model;
  m->no_truth = !truth;   /* every panel is recovered */
  if (mode == SHOW_LABELS)
    {
      m->label_names = g_new0 (char *, self->shown_labels->len + 1);
      for (guint k = 0; k < self->shown_labels->len; k++)
        m->label_names[k] = lesc_data_object_dup_label_name (self->data, g_array_index (self->shown_labels, gsize, k));
    }
  else if (mode == SHOW_RGB)
    {
      m->label_names = g_new0 (char *, 4);
      for (guint k = 0; k < 3; k++)
        m->label_names[k] = lesc_data_object_dup_label_name (self->data, k);
    }
  else
    {
      const char *title = lesc_measure_display_name (dist);
      m->value_name = lesc_measure_lower_is_better (dist)
                        /* TRANSLATORS: what the colours show: "Chebyshev distance to the truth" */
                        ? g_strdup_printf (_("%s distance to the truth"), title)
                        /* TRANSLATORS: "1 − Cosine similarity to the truth" */
                        : g_strdup_printf (_("1 − %s similarity to the truth"), title);
      m->label_names = g_new0 (char *, 2);
      m->label_names[0] = g_strdup (m->value_name);
    }
  m->highlight = self->sample;
  g_autoptr (GString) tag = lesc_frame_log_enabled () ? g_string_new ("distributions") : NULL;
  for (guint p = 0; p < self->panel_results->len; p++)
    {
      LescResult *r = g_ptr_array_index (self->panel_results, p);
      if (r == NULL)
        continue;
      if (tag != NULL)
        lesc_frame_log_panel (tag, lesc_result_get_method (r), lesc_result_get_params (r),
                              lesc_result_get_outdated (r) ? "outdated"
                              : lesc_result_is_provisional (r) ? "provisional" : "final");
      const double *v = lesc_result_get_measures (r, kl);
      if (isfinite (v[0]))
        lesc_scatter_model_set_measures (m, p, v);
      g_autofree char *params = lesc_run_params_title (lesc_result_get_method (r), lesc_result_get_params (r));
      /* an outdated result says so under its settings, as the captions do */
      g_autofree char *settings
        = lesc_result_get_outdated (r)
            ? g_strdup_printf ("%s · %s", params, lesc_shown_stale_words (lesc_result_get_replacement (r) != NULL))
            : g_strdup (params);
      gboolean uniform;
      if (flat_result (lesc_result_get_recovered (r), &uniform))
        {
          /* one colour in the panel is the result, not a drawing fault: say so */
          g_autofree char *with_note
            = uniform
                /* TRANSLATORS: a panel's subtitle when a method gave every sample the
                 * uniform distribution (FCM collapsing on SJAFFE): settings, then 1/c */
                ? g_strdup_printf (_("%s\nevery sample uniform: 1/%zu"), settings,
                                   lesc_result_get_recovered (r)->cols)
                /* TRANSLATORS: a panel's subtitle when a method gave every sample the same
                 * distribution */
                : g_strdup_printf (_("%s\nthe same distribution for every sample"), settings);
          lesc_scatter_model_set_subtitle (m, p, with_note);
        }
      else
        lesc_scatter_model_set_subtitle (m, p, settings);
      if (lesc_result_get_outdated (r))
        {
          m->panels[p].dimmed = TRUE;
          add_progress (self, p, r);
        }
    }
  g_autofree char *caption = lesc_scatter_caption (m);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, caption, -1);
  gtk_stack_set_visible_child_name (self->stack, "figure");
  lesc_figure_set_model (self->area, &scatter_painter, m);
  if (tag != NULL)
    lesc_figure_set_log_tag (self->area, tag->str);
  rebuild_inspector (self);
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
  double s = lesc_presenter_scale ();   /* the figure is laid out on w/s × h/s */
  if (self->model == NULL || w <= 0 || h <= 0)
    return NULL;
  if (self->layout != NULL && self->layout_w == w && self->layout_h == h && self->layout_s == s)
    return self->layout;
  g_clear_pointer (&self->layout, lesc_scatter_layout_free);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  self->layout = lesc_scatter_layout_new (cr, w / s, h / s, self->model);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  self->layout_w = w;
  self->layout_h = h;
  self->layout_s = s;
  return self->layout;
}

/* The progress cards sit on their panels. */
static gboolean
overlay_position_cb (GtkOverlay *overlay, GtkWidget *child, GdkRectangle *rect, gpointer data)
{
  LescDistributionsView *self = data;
  const LescScatterLayout *l = ensure_layout (self);
  guint panel = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (child), "lesc-panel"));
  if (l == NULL || panel >= l->n_panels)
    return FALSE;
  const LescRect *p = &l->panel_boxes[panel];
  double s = self->layout_s;
  const LescRect box = { p->x * s, p->y * s, p->width * s, p->height * s }, *b = &box;
  int nat_h, nat_w;
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, -1, NULL, &nat_h, NULL, NULL);
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &nat_w, NULL, NULL, NULL);
  rect->width = (int) MAX (nat_w, MIN (b->width - 8, 220));
  rect->height = nat_h;
  rect->x = (int) (b->x + (b->width - rect->width) / 2);
  rect->y = (int) (b->y + MAX (0.0, (MIN (b->height, b->width) - nat_h) / 2));
  return TRUE;
}

static void
append_row (GString *s, const LescMatrix *m, gsize i)
{
  for (gsize j = 0; j < m->cols && j < 8; j++)
    g_string_append_printf (s, "%s%.3f", j > 0 ? "  " : "", LESC_AT (m, i, j));
  if (m->cols > 8)
    g_string_append (s, "  …");
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
  if (ds->truth != NULL)
    {
      g_string_append_printf (s, "\n%s: ", _("Ground truth"));
      append_row (s, ds->truth, i);
    }
  g_string_append_printf (s, "\n%s: ", _("Logical labels"));
  for (gsize j = 0; j < ds->logical->cols && j < 8; j++)
    g_string_append_printf (s, "%s%.0f", j > 0 ? "  " : "", LESC_AT (ds->logical, i, j));
  LescResult *r = panel < self->panel_results->len ? g_ptr_array_index (self->panel_results, panel) : NULL;
  if (r != NULL)
    {
      g_string_append_printf (s, "\n%s: ", lesc_result_get_method (r)->display_name);
      append_row (s, lesc_result_get_recovered (r), i);
    }
  g_string_append_printf (s, "\n%s", _("Click to inspect"));
  return g_string_free (s, FALSE);
}

/* The sample under (x, y): the plot containing the point, then the nearest sample. */
static gboolean
hit_test (LescDistributionsView *self, double x, double y, guint *panel, gsize *sample)
{
  const LescScatterLayout *l = ensure_layout (self);
  if (l == NULL)
    return FALSE;
  x /= self->layout_s;   /* widget units to the layout's */
  y /= self->layout_s;
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

/* ---- the sample inspector ------------------------------------------------------------ */

static void
rebuild_inspector (LescDistributionsView *self)
{
  gsize n = self->data != NULL ? lesc_dataset_n (lesc_data_object_get_dataset (self->data)) : 0;
  if (self->sample < 0 || (gsize) self->sample >= n || self->model == NULL)
    {
      self->sample = -1;
      lesc_sample_inspector_set_model (self->inspector, "", NULL);
      /* an open search keeps the inspector */
      gtk_widget_set_visible (GTK_WIDGET (self->inspector), lesc_sample_inspector_get_searching (self->inspector));
      return;
    }
  g_autoptr (GPtrArray) results = ordered_results (self);
  lesc_sample_inspector_show_sample (self->inspector, self->data, results, (gsize) self->sample);
}

void
lesc_distributions_view_inspect (LescDistributionsView *self, gssize sample)
{
  g_return_if_fail (LESC_IS_DISTRIBUTIONS_VIEW (self));
  gsize n = self->data != NULL ? lesc_dataset_n (lesc_data_object_get_dataset (self->data)) : 0;
  self->sample = sample >= 0 && (gsize) sample < n ? sample : -1;
  rebuild (self);
}

gssize
lesc_distributions_view_get_inspected (LescDistributionsView *self)
{
  return self->sample;
}

static void
navigate_cb (LescDistributionsView *self, int step)
{
  gsize n = lesc_dataset_n (lesc_data_object_get_dataset (self->data));
  if (self->sample < 0 || n == 0)
    return;
  lesc_distributions_view_inspect (self, (gssize) (((gsize) self->sample + n + (gsize) (gssize) step) % n));
}

static void
inspector_closed_cb (LescDistributionsView *self)
{
  lesc_distributions_view_inspect (self, -1);
}

static void
pressed_cb (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  LescDistributionsView *self = data;
  guint panel;
  gsize sample;
  gtk_widget_grab_focus (GTK_WIDGET (self->area));
  if (hit_test (self, x, y, &panel, &sample))
    lesc_distributions_view_inspect (self, (gssize) sample);
}

void
lesc_distributions_view_find_sample (LescDistributionsView *self)
{
  g_return_if_fail (LESC_IS_DISTRIBUTIONS_VIEW (self));
  if (self->data != NULL)
    lesc_sample_inspector_set_searching (self->inspector, TRUE);
}

static void
chosen_cb (LescDistributionsView *self, gint64 sample)
{
  lesc_distributions_view_inspect (self, (gssize) sample);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state, gpointer data)
{
  LescDistributionsView *self = data;
  if ((keyval == GDK_KEY_f || keyval == GDK_KEY_F) && (state & GDK_CONTROL_MASK))
    {
      lesc_distributions_view_find_sample (self);
      return TRUE;
    }
  if (self->sample < 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: case GDK_KEY_Up:
      navigate_cb (self, -1);
      return TRUE;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: case GDK_KEY_Down:
      navigate_cb (self, 1);
      return TRUE;
    case GDK_KEY_Escape:
      lesc_distributions_view_inspect (self, -1);
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---- for the tests --------------------------------------------------------------------- */

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
  if (!hit_test (self, x * self->layout_s, y * self->layout_s, &hit_panel, &hit) || hit_panel != panel)
    return NULL;
  return describe (self, hit_panel, hit);
}

gboolean
lesc_distributions_view_sample_point (LescDistributionsView *self, guint panel, guint label, gsize i,
                                      double *x, double *y)
{
  const LescScatterLayout *l = ensure_layout (self);
  if (l == NULL || panel >= l->n_panels || i >= self->model->xy->rows)
    return FALSE;
  guint per_panel = l->n_plots / MAX (l->n_panels, 1);
  if (label >= per_panel)
    return FALSE;
  double px, py;
  lesc_scatter_layout_point (l, self->model, panel * per_panel + label, i, &px, &py);
  graphene_point_t out;
  if (!gtk_widget_compute_point (GTK_WIDGET (self->area), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (px * self->layout_s, py * self->layout_s), &out))
    return FALSE;
  *x = out.x;
  *y = out.y;
  return TRUE;
}

const char *
lesc_distributions_view_get_subtitle (LescDistributionsView *self, guint panel)
{
  g_return_val_if_fail (LESC_IS_DISTRIBUTIONS_VIEW (self), NULL);
  if (self->model == NULL || panel >= self->model->n_panels)
    return NULL;
  return self->model->panels[panel].subtitle;
}

guint
lesc_distributions_view_get_n_labels_shown (LescDistributionsView *self)
{
  return self->model != NULL && self->model->options.style == LESC_SCATTER_HEATMAPS
           ? (guint) self->model->panels[0].values->cols : 0;
}

GtkWidget *
lesc_distributions_view_get_figure (LescDistributionsView *self)
{
  return GTK_WIDGET (self->area);
}

const LescBarsModel *
lesc_distributions_view_get_inspector (LescDistributionsView *self)
{
  return gtk_widget_get_visible (GTK_WIDGET (self->inspector)) ? lesc_sample_inspector_get_model (self->inspector)
                                                                : NULL;
}

gboolean
lesc_distributions_view_set_show (LescDistributionsView *self, const char *what)
{
  ShowMode want = g_str_equal (what, "rgb") ? SHOW_RGB : g_str_equal (what, "distance") ? SHOW_DISTANCE : SHOW_LABELS;
  for (guint i = 0; i < self->n_modes; i++)
    if (self->modes[i] == want)
      {
        gtk_drop_down_set_selected (self->show_dropdown, i);
        return TRUE;
      }
  return FALSE;
}

/* ---- inputs ------------------------------------------------------------------------ */

static void
option_changed_cb (LescDistributionsView *self)
{
  if (!self->updating)
    rebuild (self);
}

/* The entries of the Show dropdown that this data set has. */
static void
fill_show_dropdown (LescDistributionsView *self)
{
  const LescDataset *ds = self->data != NULL ? lesc_data_object_get_dataset (self->data) : NULL;
  GtkStringList *list = gtk_string_list_new (NULL);
  self->n_modes = 0;
  if (ds != NULL && lesc_dataset_o (ds) == 3)
    {
      gtk_string_list_append (list, _("Colours (stretched RGB)"));
      self->modes[self->n_modes++] = SHOW_RGB;
    }
  gtk_string_list_append (list, _("Each label"));
  self->modes[self->n_modes++] = SHOW_LABELS;
  if (ds == NULL || ds->truth != NULL)
    {
      gtk_string_list_append (list, _("Distance to the truth"));
      self->modes[self->n_modes++] = SHOW_DISTANCE;
    }
  gtk_drop_down_set_model (self->show_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->show_dropdown, 0);
  g_object_unref (list);
}

static void
label_names_changed_cb (LescDistributionsView *self)
{
  rebuild (self);
}

void
lesc_distributions_view_set_data (LescDistributionsView *self, LescDataObject *data)
{
  g_return_if_fail (LESC_IS_DISTRIBUTIONS_VIEW (self));
  if (self->data != NULL)
    g_signal_handlers_disconnect_by_func (self->data, label_names_changed_cb, self);
  g_set_object (&self->data, data);
  if (data != NULL)
    g_signal_connect_swapped (data, "label-names-changed", G_CALLBACK (label_names_changed_cb), self);
  lesc_sample_inspector_set_data (self->inspector, data);
  lesc_figure_set_subject (self->area, lesc_data_object_get_checksum (data));
  self->updating = TRUE;
  self->sample = -1;
  GtkStringList *features = gtk_string_list_new (NULL);
  const LescDataset *ds = data != NULL ? lesc_data_object_get_dataset (data) : NULL;
  gsize q = ds != NULL ? lesc_dataset_q (ds) : 0, o = ds != NULL ? lesc_dataset_o (ds) : 0;
  for (gsize j = 0; j < q; j++)
    {
      g_autofree char *name = g_strdup_printf (_("feature %zu"), j + 1);
      gtk_string_list_append (features, name);
    }
  gtk_drop_down_set_model (self->x_dropdown, G_LIST_MODEL (features));
  gtk_drop_down_set_model (self->y_dropdown, G_LIST_MODEL (features));
  gtk_drop_down_set_selected (self->x_dropdown, 0);
  gtk_drop_down_set_selected (self->y_dropdown, q >= 2 ? 1 : 0);
  g_object_unref (features);
  GtkStringList *pages = gtk_string_list_new (NULL);
  for (gsize j = 0; j < o; j += LABELS_PER_PAGE)
    {
      /* TRANSLATORS: a page of labels in the Distributions view: "Labels 7–12 of 18" */
      g_autofree char *page = g_strdup_printf (_("Labels %zu–%zu of %zu"), j + 1, MIN (j + LABELS_PER_PAGE, o), o);
      gtk_string_list_append (pages, page);
    }
  gtk_drop_down_set_model (self->page_dropdown, G_LIST_MODEL (pages));
  g_object_unref (pages);
  fill_show_dropdown (self);
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

/* The measures under the panels, with each run's settings. */
static LescTable *
distributions_get_table (LescExportable *exportable)
{
  LescDistributionsView *self = LESC_DISTRIBUTIONS_VIEW (exportable);
  guint runs = 0;
  for (guint p = 0; self->model != NULL && p < self->panel_results->len; p++)
    runs += g_ptr_array_index (self->panel_results, p) != NULL;
  if (runs == 0 || !has_truth (self))
    return NULL;
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  LescKlDirection kl = lesc_results_view_get_kl (LESC_RESULTS_VIEW (self));
  /* TRANSLATORS: caption: the data set's name */
  g_autofree char *caption = g_strdup_printf (_("Recovered distributions on %s: the measures of each panel"), ds->name);
  LescTable *t = lesc_table_new (caption);
  lesc_table_add_note (t, "lesc-explorer %s", LESC_VERSION);
  lesc_table_add_note (t, "data %s sha256 %s", ds->name, ds->checksum);
  lesc_table_add_note (t, "kl %s", lesc_kl_direction_key (kl));
  g_autofree char *fig = lesc_scatter_caption (self->model);
  lesc_table_add_note (t, "%s", fig);
  lesc_table_add_column (t, _("Method"));
  lesc_table_add_column (t, _("Settings"));
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      g_autofree char *title = lesc_measure_display_title (m);
      lesc_table_add_column (t, title);
    }
  for (guint p = 0; p < self->panel_results->len; p++)
    {
      LescResult *r = g_ptr_array_index (self->panel_results, p);
      if (r == NULL)
        continue;
      g_autofree char *settings = lesc_result_describe_params (r);
      lesc_table_add_note (t, "%s: %s", lesc_result_get_method (r)->display_name, settings);
      lesc_table_add_row (t);
      lesc_table_add_cell (t, FALSE, "%s", lesc_result_get_method (r)->display_name);
      g_autofree char *title = lesc_run_params_title (lesc_result_get_method (r), lesc_result_get_params (r));
      lesc_table_add_cell (t, FALSE, "%s", title);
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
  if (self->data != NULL)
    g_signal_handlers_disconnect_by_func (self->data, label_names_changed_cb, self);
  if (self->progress != NULL)
    clear_progress (self);
  clear_model (self);
  g_clear_pointer (&self->panel_results, g_ptr_array_unref);
  g_clear_pointer (&self->progress, g_ptr_array_unref);
  g_clear_pointer (&self->shown_labels, g_array_unref);
  g_clear_object (&self->data);
  lesc_app_settings_release (&self->settings, self);
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
  g_type_ensure (LESC_TYPE_SAMPLE_INSPECTOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/distributions-view.ui");
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, box);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, show_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, fit_box);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, fit_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, scale_box);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, scale_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, page_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, distance_box);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, distance_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, axes_box);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, positions_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, x_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, y_dropdown);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, stack);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, status);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, overlay);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, area);
  gtk_widget_class_bind_template_child (widget_class, LescDistributionsView, inspector);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
lesc_distributions_view_init (LescDistributionsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->panel_results = g_ptr_array_new_with_free_func (unref_if_set);
  self->progress = g_ptr_array_new ();
  self->shown_labels = g_array_new (FALSE, FALSE, sizeof (gsize));
  self->sample = -1;
  self->settings = lesc_app_settings_new ();
  GtkStringList *measures = gtk_string_list_new (NULL);
  for (guint m = 0; m < LESC_N_MEASURES; m++)
    {
      g_autofree char *title = lesc_measure_display_title (m);
      gtk_string_list_append (measures, title);
    }
  gtk_drop_down_set_model (self->distance_dropdown, G_LIST_MODEL (measures));
  g_object_unref (measures);
  self->updating = TRUE;
  fill_show_dropdown (self);
  self->updating = FALSE;
  g_signal_connect (self->area, "query-tooltip", G_CALLBACK (query_tooltip_cb), self);
  g_signal_connect (self->overlay, "get-child-position", G_CALLBACK (overlay_position_cb), self);
  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "pressed", G_CALLBACK (pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  GtkEventController *key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->area), "crosshair");
  g_signal_connect_swapped (self->inspector, "navigate", G_CALLBACK (navigate_cb), self);
  g_signal_connect_swapped (self->inspector, "closed", G_CALLBACK (inspector_closed_cb), self);
  g_signal_connect_swapped (self->inspector, "chosen", G_CALLBACK (chosen_cb), self);
  GtkDropDown *dropdowns[] = { self->show_dropdown, self->fit_dropdown, self->scale_dropdown, self->page_dropdown,
                               self->distance_dropdown, self->positions_dropdown, self->x_dropdown, self->y_dropdown };
  for (guint i = 0; i < G_N_ELEMENTS (dropdowns); i++)
    g_signal_connect_swapped (dropdowns[i], "notify::selected", G_CALLBACK (option_changed_cb), self);
  g_signal_connect_swapped (self->settings, "changed::palette", G_CALLBACK (option_changed_cb), self);
}
