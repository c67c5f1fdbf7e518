#include "config.h"
#include "app/data-summary.h"
#include "app/data-folder.h"

#include <glib/gi18n.h>

struct _LescDataSummary
{
  GtkWidget parent_instance;

  GtkWidget *group;
  AdwComboRow *sets_row;
  AdwActionRow *shape_row;
  GtkLabel *shape_label;
  GtkLabel *sums_label;
  AdwActionRow *logical_row;
  GtkLabel *cardinality_label;
  GtkLabel *distinct_label;
  AdwActionRow *warning_row;
  AdwActionRow *names_row;
  LescDataObject *data;

  GtkStringList *names;
  GPtrArray *specs;      /* char*: "artificial" or a path, parallel to names */
  gboolean updating;
};

enum { SIGNAL_OPEN, SIGNAL_NAME_LABELS, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (LescDataSummary, lesc_data_summary, GTK_TYPE_WIDGET)

static void
sets_selected_cb (LescDataSummary *self)
{
  if (self->updating)
    return;
  guint i = adw_combo_row_get_selected (self->sets_row);
  if (i < self->specs->len)
    g_signal_emit (self, signals[SIGNAL_OPEN], 0, g_ptr_array_index (self->specs, i));
}

static void
name_clicked_cb (LescDataSummary *self)
{
  g_signal_emit (self, signals[SIGNAL_NAME_LABELS], 0);
}

/* The label names in use, and where they come from. */
static void
show_names (LescDataSummary *self)
{
  const LescDataset *ds = lesc_data_object_get_dataset (self->data);
  GString *names = g_string_new (NULL);
  for (gsize j = 0; j < lesc_dataset_o (ds) && j < 12; j++)
    {
      g_autofree char *name = lesc_data_object_dup_label_name (self->data, j);
      g_string_append_printf (names, "%s%s", j > 0 ? ", " : "", name);
    }
  if (lesc_dataset_o (ds) > 12)
    g_string_append (names, ", …");
  const char *from = lesc_data_object_has_given_names (self->data) ? _("named here")
                     : ds->label_names != NULL ? _("from the file") : _("the file has none");
  g_autofree char *text = g_strdup_printf ("%s (%s)", names->str, from);
  adw_action_row_set_subtitle (self->names_row, text);
  g_string_free (names, TRUE);
}

static void
lesc_data_summary_dispose (GObject *object)
{
  LescDataSummary *self = LESC_DATA_SUMMARY (object);
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_DATA_SUMMARY);
  g_clear_object (&self->names);
  g_clear_pointer (&self->specs, g_ptr_array_unref);
  if (self->data != NULL)
    g_signal_handlers_disconnect_by_data (self->data, self);
  g_clear_object (&self->data);
  G_OBJECT_CLASS (lesc_data_summary_parent_class)->dispose (object);
}

static void
lesc_data_summary_class_init (LescDataSummaryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_data_summary_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/data-summary.ui");
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, group);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, sets_row);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, shape_row);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, shape_label);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, sums_label);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, logical_row);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, cardinality_label);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, distinct_label);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, warning_row);
  gtk_widget_class_bind_template_child (widget_class, LescDataSummary, names_row);
  gtk_widget_class_bind_template_callback (widget_class, name_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  signals[SIGNAL_OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                       0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[SIGNAL_NAME_LABELS] = g_signal_new ("name-labels", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                              0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
lesc_data_summary_init (LescDataSummary *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->names = gtk_string_list_new (NULL);
  self->specs = g_ptr_array_new_with_free_func (g_free);
  self->updating = TRUE;
  adw_combo_row_set_model (self->sets_row, G_LIST_MODEL (self->names));
  self->updating = FALSE;
  g_signal_connect_swapped (self->sets_row, "notify::selected", G_CALLBACK (sets_selected_cb), self);
  lesc_data_summary_set_directory (self, NULL);
}

void
lesc_data_summary_set_directory (LescDataSummary *self, const char *dir)
{
  g_return_if_fail (LESC_IS_DATA_SUMMARY (self));
  g_autoptr (GPtrArray) files = lesc_data_folder_list (dir);
  /* Keep the current choice selected when it is still listed. */
  guint old = adw_combo_row_get_selected (self->sets_row);
  g_autofree char *current = old < self->specs->len ? g_strdup (g_ptr_array_index (self->specs, old))
                                                    : NULL;
  self->updating = TRUE;
  g_ptr_array_set_size (self->specs, 0);
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->names));
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_ptr_array_add (self->specs, g_strdup ("artificial"));
  g_ptr_array_add (labels, _("Artificial (built in)"));
  g_autoptr (GPtrArray) bases = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < files->len; i++)
    {
      g_ptr_array_add (self->specs, g_strdup (g_ptr_array_index (files, i)));
      g_ptr_array_add (bases, g_path_get_basename (g_ptr_array_index (files, i)));
      g_ptr_array_add (labels, g_ptr_array_index (bases, i));
    }
  g_ptr_array_add (labels, NULL);
  gtk_string_list_splice (self->names, 0, n_old, (const char *const *) labels->pdata);
  guint select = 0;
  for (guint i = 0; current != NULL && i < self->specs->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->specs, i), current) == 0)
      select = i;
  if (current != NULL && select == 0 && g_strcmp0 (current, "artificial") != 0)
    {
      g_ptr_array_add (self->specs, g_strdup (current));
      g_autofree char *base = g_path_get_basename (current);
      gtk_string_list_append (self->names, base);
      select = self->specs->len - 1;
    }
  adw_combo_row_set_selected (self->sets_row, select);
  self->updating = FALSE;
}

guint
lesc_data_summary_get_n_sets (LescDataSummary *self)
{
  return self->specs->len;
}

static void
select_source (LescDataSummary *self, const char *source)
{
  const char *spec = source != NULL ? source : "artificial";
  guint select = G_MAXUINT;
  for (guint i = 0; i < self->specs->len; i++)
    if (g_strcmp0 (g_ptr_array_index (self->specs, i), spec) == 0)
      select = i;
  self->updating = TRUE;
  if (select == G_MAXUINT)
    {
      g_ptr_array_add (self->specs, g_strdup (spec));
      g_autofree char *base = g_path_get_basename (spec);
      gtk_string_list_append (self->names, base);
      select = self->specs->len - 1;
    }
  adw_combo_row_set_selected (self->sets_row, select);
  self->updating = FALSE;
}

void
lesc_data_summary_set_data (LescDataSummary *self, LescDataObject *data)
{
  g_return_if_fail (LESC_IS_DATA_SUMMARY (self));
  g_return_if_fail (LESC_IS_DATA_OBJECT (data));
  const LescDataset *ds = lesc_data_object_get_dataset (data);
  const LescValidateReport *r = lesc_data_object_get_report (data);
  select_source (self, ds->source);
  if (self->data != NULL)
    g_signal_handlers_disconnect_by_data (self->data, self);
  g_set_object (&self->data, data);
  g_signal_connect_swapped (data, "label-names-changed", G_CALLBACK (show_names), self);
  show_names (self);

  /* TRANSLATORS: samples × features → labels, e.g. "2601 × 3 → 3" */
  g_autofree char *shape = g_strdup_printf (_("%zu × %zu → %zu"), r->n, r->q, r->o);
  gtk_label_set_text (self->shape_label, shape);
  g_autofree char *size = g_format_size ((guint64) r->bytes);
  g_autofree char *shape_sub = g_strdup_printf (_("%zu samples, %zu features, %zu labels; %s"),
                                                r->n, r->q, r->o, size);
  adw_action_row_set_subtitle (self->shape_row, shape_sub);

  g_autofree char *sums = r->has_truth ? g_strdup_printf ("%.6f – %.6f", r->sum_min, r->sum_max)
                                       : g_strdup (_("no ground truth"));
  gtk_label_set_text (self->sums_label, sums);

  g_autofree char *card = g_strdup_printf ("%.3f", r->label_cardinality);
  gtk_label_set_text (self->cardinality_label, card);
  adw_action_row_set_subtitle (self->logical_row,
                               ds->logical_from_file ? _("Logical labels read from the file")
                                                     : _("Logical labels binarized from the ground truth"));

  g_autofree char *distinct = g_strdup_printf ("%zu / %zu", r->distinct_rows, r->n);
  gtk_label_set_text (self->distinct_label, distinct);

  GString *warnings = g_string_new (NULL);
  if (r->renormalized > 0)
    g_string_append_printf (warnings,
                            g_dngettext (GETTEXT_PACKAGE, "%zu row was not a distribution and was divided by its sum",
                                         "%zu rows were not distributions and were divided by their sums",
                                         r->renormalized),
                            r->renormalized);
  if (!r->has_truth)
    {
      if (warnings->len > 0)
        g_string_append (warnings, "; ");
      g_string_append (warnings, _("only logical labels: the measures need a ground truth"));
    }
  if (r->zero_entries > 0)
    {
      if (warnings->len > 0)
        g_string_append (warnings, "; ");
      g_string_append_printf (warnings,
                              g_dngettext (GETTEXT_PACKAGE, "%zu zero degree in the ground truth (matters for KL)",
                                           "%zu zero degrees in the ground truth (matter for KL)",
                                           r->zero_entries),
                              r->zero_entries);
    }
  if (r->duplicate_groups > 0)
    {
      if (warnings->len > 0)
        g_string_append (warnings, "; ");
      g_string_append_printf (warnings,
                              g_dngettext (GETTEXT_PACKAGE, "%zu group of identical feature rows",
                                           "%zu groups of identical feature rows", r->duplicate_groups),
                              r->duplicate_groups);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->warning_row), warnings->len > 0);
  adw_action_row_set_subtitle (self->warning_row, warnings->str);
  g_string_free (warnings, TRUE);
}
