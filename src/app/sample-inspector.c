#include "config.h"
#include "app/sample-inspector.h"

#include "app/figure.h"
#include "app/result.h"
#include "app/sample-list.h"
#include "session/sample-search.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#define BARS_WIDTH 320.0

struct _LescSampleInspector
{
  GtkWidget parent_instance;

  GtkWidget *box;
  GtkLabel *title;
  LescFigure *figure;   /* owns the model */
  LescBarsModel *model;
  /* the search */
  gboolean searching;
  LescDataObject *data;
  GtkSearchEntry *entry;
  GtkLabel *status;
  GtkListView *list;
  LescSampleList *matches;
};

enum { SIGNAL_NAVIGATE, SIGNAL_CLOSED, SIGNAL_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescSampleInspector, lesc_sample_inspector, GTK_TYPE_WIDGET)

static const LescPainter bars_painter = {
  (LescFigurePaint) lesc_plot_bars_paint, (LescFigureData) lesc_bars_model_to_csv,
  (GDestroyNotify) lesc_bars_model_free, BARS_WIDTH, 400,
};

void
lesc_sample_inspector_set_model (LescSampleInspector *self, const char *title, LescBarsModel *model)
{
  g_return_if_fail (LESC_IS_SAMPLE_INSPECTOR (self));
  /* TRANSLATORS: the inspector's title while it only searches */
  gtk_label_set_text (self->title, model == NULL && self->searching ? _("Find a sample") : title);
  self->model = model;
  if (model != NULL)
    {
      /* as tall as the bars need at the pane's width */
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
      cairo_t *cr = cairo_create (surface);
      int width = gtk_widget_get_width (GTK_WIDGET (self->figure));
      double h = lesc_bars_natural_height (cr, width > 100 ? width : BARS_WIDTH, model);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      gtk_widget_set_size_request (GTK_WIDGET (self->figure), -1, (int) ceil (h));
    }
  lesc_figure_set_model (self->figure, &bars_painter, model);
}

void
lesc_sample_inspector_show_sample (LescSampleInspector *self, LescDataObject *data, GPtrArray *results, gsize i)
{
  g_return_if_fail (LESC_IS_SAMPLE_INSPECTOR (self));
  const LescDataset *ds = lesc_data_object_get_dataset (data);
  gsize o = lesc_dataset_o (ds);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  for (gsize j = 0; j < o; j++)
    g_ptr_array_add (labels, lesc_data_object_dup_label_name (data, j));
  g_autoptr (GPtrArray) series = g_ptr_array_new ();
  g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) dimmed = g_array_new (FALSE, FALSE, sizeof (gboolean));
  if (ds->truth != NULL)
    {
      g_ptr_array_add (series, _("Ground truth"));
      for (gsize j = 0; j < o; j++)
        g_array_append_val (values, LESC_AT (ds->truth, i, j));
      gboolean no = FALSE;
      g_array_append_val (dimmed, no);
    }
  for (guint r = 0; r < results->len; r++)
    {
      LescResult *res = g_ptr_array_index (results, r);
      g_ptr_array_add (series, (gpointer) lesc_result_get_method (res)->display_name);
      for (gsize j = 0; j < o; j++)
        g_array_append_val (values, LESC_AT (lesc_result_get_recovered (res), i, j));
      gboolean d = lesc_result_get_outdated (res);
      g_array_append_val (dimmed, d);
    }
  LescBarsModel *bars = lesc_bars_model_new ("", (guint) o, (const char *const *) labels->pdata, series->len,
                                             (const char *const *) series->pdata, (const double *) values->data,
                                             ds->truth != NULL);
  memcpy (bars->dimmed, dimmed->data, sizeof (gboolean) * dimmed->len);
  g_free (bars->title);
  /* TRANSLATORS: the inspector's figure title: sample number, its logical labels */
  GString *logical = g_string_new (NULL);
  for (gsize j = 0; j < o; j++)
    if (LESC_AT (ds->logical, i, j) != 0)
      g_string_append_printf (logical, "%s%s", logical->len > 0 ? ", " : "", (const char *) g_ptr_array_index (labels, j));
  bars->title = g_strdup_printf (_("Sample %zu of %zu"), i + 1, lesc_dataset_n (ds));
  bars->subtitle = g_strdup_printf (_("Logical labels: %s"), logical->len > 0 ? logical->str : "–");
  g_string_free (logical, TRUE);
  g_autofree char *title = g_strdup_printf (_("Sample %zu"), i + 1);
  lesc_sample_inspector_set_model (self, title, bars);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

const LescBarsModel *
lesc_sample_inspector_get_model (LescSampleInspector *self)
{
  return self->model;
}

GtkWidget *
lesc_sample_inspector_get_figure (LescSampleInspector *self)
{
  return GTK_WIDGET (self->figure);
}

static void
previous_clicked_cb (LescSampleInspector *self)
{
  g_signal_emit (self, signals[SIGNAL_NAVIGATE], 0, -1);
}

static void
next_clicked_cb (LescSampleInspector *self)
{
  g_signal_emit (self, signals[SIGNAL_NAVIGATE], 0, 1);
}

static void
close_clicked_cb (LescSampleInspector *self)
{
  self->searching = FALSE;
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0);
}

/* ---- the search ---------------------------------------------------------------------- */

/* The table the conditions read: the ground truth, else the logical labels. */
static const LescMatrix *
searched_values (LescSampleInspector *self)
{
  const LescDataset *ds = self->data != NULL ? lesc_data_object_get_dataset (self->data) : NULL;
  return ds == NULL ? NULL : ds->truth != NULL ? ds->truth : ds->logical;
}

void
lesc_sample_inspector_search (LescSampleInspector *self, const char *text)
{
  g_return_if_fail (LESC_IS_SAMPLE_INSPECTOR (self));
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->entry)), text) != 0)
    {
      g_signal_handlers_block_matched (self->entry, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
      gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
      g_signal_handlers_unblock_matched (self->entry, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
    }
  const LescMatrix *values = searched_values (self);
  if (values == NULL)
    {
      lesc_sample_list_set (self->matches, NULL, NULL, NULL);
      gtk_label_set_text (self->status, "");
      return;
    }
  g_auto (GStrv) names = lesc_data_object_dup_label_names (self->data);
  g_autoptr (GError) error = NULL;
  GArray *found = lesc_sample_search (text, values, (const char *const *) names, NULL, &error);
  if (found == NULL)
    {
      gtk_label_set_text (self->status, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->status), "error");
      return;   /* the last list stays while the text is being corrected */
    }
  gtk_widget_remove_css_class (GTK_WIDGET (self->status), "error");
  gsize n = values->rows;
  guint len = found->len;
  lesc_sample_list_set (self->matches, self->data, values, found);
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  g_autofree char *status
    = ds->truth != NULL
        /* TRANSLATORS: under the sample search: found, all; the conditions read the ground truth */
        ? g_strdup_printf (g_dngettext (NULL, "%u of %zu sample (degrees of the ground truth)",
                                        "%u of %zu samples (degrees of the ground truth)", n), len, n)
        /* TRANSLATORS: under the sample search: found, all; the conditions read the 0/1 labels */
        : g_strdup_printf (g_dngettext (NULL, "%u of %zu sample (0/1 logical labels)",
                                        "%u of %zu samples (0/1 logical labels)", n), len, n);
  gtk_label_set_text (self->status, status);
}

void
lesc_sample_inspector_set_data (LescSampleInspector *self, LescDataObject *data)
{
  g_return_if_fail (LESC_IS_SAMPLE_INSPECTOR (self));
  if (self->data == data)
    return;
  g_set_object (&self->data, data);
  lesc_sample_inspector_search (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)));
}

void
lesc_sample_inspector_set_searching (LescSampleInspector *self, gboolean searching)
{
  g_return_if_fail (LESC_IS_SAMPLE_INSPECTOR (self));
  self->searching = searching;
  if (searching)
    {
      if (self->model == NULL)
        gtk_label_set_text (self->title, _("Find a sample"));
      gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
      gtk_widget_grab_focus (GTK_WIDGET (self->entry));
    }
}

gboolean
lesc_sample_inspector_get_searching (LescSampleInspector *self)
{
  return self->searching;
}

GListModel *
lesc_sample_inspector_get_matches (LescSampleInspector *self)
{
  return G_LIST_MODEL (self->matches);
}

GtkWidget *
lesc_sample_inspector_get_list (LescSampleInspector *self)
{
  return GTK_WIDGET (self->list);
}

const char *
lesc_sample_inspector_get_search_status (LescSampleInspector *self)
{
  return gtk_label_get_text (self->status);
}

static void
search_changed_cb (LescSampleInspector *self)
{
  lesc_sample_inspector_search (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)));
}

static void
entry_activate_cb (LescSampleInspector *self)
{
  lesc_sample_inspector_search (self, gtk_editable_get_text (GTK_EDITABLE (self->entry)));
  gint64 first = lesc_sample_list_get_sample (self->matches, 0);
  if (first >= 0)
    g_signal_emit (self, signals[SIGNAL_CHOSEN], 0, first);
}

static void
row_activate_cb (GtkListView *list, guint position, gpointer data)
{
  LescSampleInspector *self = data;
  gint64 sample = lesc_sample_list_get_sample (self->matches, position);
  if (sample >= 0)
    g_signal_emit (self, signals[SIGNAL_CHOSEN], 0, sample);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_list_item_set_child (item, label);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory, GtkListItem *item)
{
  GtkStringObject *o = gtk_list_item_get_item (item);
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (o));
}

/* The search's widgets between the title row and the bars. */
static void
build_search (LescSampleInspector *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  self->entry = GTK_SEARCH_ENTRY (gtk_search_entry_new ());
  /* TRANSLATORS: placeholder of the sample search */
  g_object_set (self->entry, "placeholder-text", _("Sample number, or label 2 > 0.5"), NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->entry),
                               _("A sample number (123), a condition on a label's degree (label 2 > 0.5, or the label's name: happy >= 0.4), conditions joined by “and”"));
  g_signal_connect_swapped (self->entry, "search-changed", G_CALLBACK (search_changed_cb), self);
  g_signal_connect_swapped (self->entry, "activate", G_CALLBACK (entry_activate_cb), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->entry));
  self->status = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->status, 0);
  gtk_label_set_wrap (self->status, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "dim-label");
  gtk_widget_add_css_class (GTK_WIDGET (self->status), "caption");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->status));
  self->matches = lesc_sample_list_new ();
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  GtkSingleSelection *selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->matches)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  self->list = GTK_LIST_VIEW (gtk_list_view_new (GTK_SELECTION_MODEL (selection), factory));
  gtk_list_view_set_single_click_activate (self->list, TRUE);
  g_signal_connect (self->list, "activate", G_CALLBACK (row_activate_cb), self);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 140);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 140);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->list));
  gtk_widget_add_css_class (scroller, "card");
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_box_insert_child_after (GTK_BOX (self->box), box, gtk_widget_get_first_child (self->box));
}

static void
lesc_sample_inspector_dispose (GObject *object)
{
  LescSampleInspector *self = LESC_SAMPLE_INSPECTOR (object);
  self->model = NULL;   /* owned by the figure */
  g_clear_object (&self->data);
  g_clear_object (&self->matches);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_SAMPLE_INSPECTOR);
  G_OBJECT_CLASS (lesc_sample_inspector_parent_class)->dispose (object);
}

static void
lesc_sample_inspector_class_init (LescSampleInspectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_sample_inspector_dispose;
  g_type_ensure (LESC_TYPE_FIGURE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/sample-inspector.ui");
  gtk_widget_class_bind_template_child (widget_class, LescSampleInspector, box);
  gtk_widget_class_bind_template_child (widget_class, LescSampleInspector, title);
  gtk_widget_class_bind_template_child (widget_class, LescSampleInspector, figure);
  gtk_widget_class_bind_template_callback (widget_class, previous_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, next_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_NAVIGATE] = g_signal_new ("navigate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                           NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[SIGNAL_CLOSED] = g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CHOSEN] = g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT64);
}

static void
lesc_sample_inspector_init (LescSampleInspector *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  build_search (self);
}
