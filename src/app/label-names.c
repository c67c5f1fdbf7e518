#include "config.h"
#include "app/label-names.h"

#include <glib/gi18n.h>

void
lesc_label_names_restore (LescDataObject *data, GSettings *settings)
{
  const LescDataset *ds = lesc_data_object_get_dataset (data);
  g_autoptr (GVariant) all = g_settings_get_value (settings, "label-names");
  g_autofree const char **names = NULL;
  if (g_variant_lookup (all, ds->checksum, "^a&s", &names) && g_strv_length ((char **) names) == lesc_dataset_o (ds))
    lesc_data_object_set_label_names (data, names);
}

void
lesc_label_names_store (LescDataObject *data, GSettings *settings, const char *const *names)
{
  const LescDataset *ds = lesc_data_object_get_dataset (data);
  g_autoptr (GVariant) all = g_settings_get_value (settings, "label-names");
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sas}"));
  GVariantIter it;
  const char *key;
  GVariant *value;
  g_variant_iter_init (&it, all);
  while (g_variant_iter_next (&it, "{&s@as}", &key, &value))
    {
      if (g_strcmp0 (key, ds->checksum) != 0)
        g_variant_builder_add (&b, "{s@as}", key, value);
      g_variant_unref (value);
    }
  if (names != NULL)
    g_variant_builder_add (&b, "{s^as}", ds->checksum, names);
  g_settings_set_value (settings, "label-names", g_variant_builder_end (&b));
  lesc_data_object_set_label_names (data, names);
}

typedef struct {
  LescDataObject *data;
  GSettings *settings;
  GPtrArray *entries;   /* GtkEntry* */
} Dialog;

static void
dialog_free (Dialog *d)
{
  g_object_unref (d->data);
  g_object_unref (d->settings);
  g_ptr_array_unref (d->entries);
  g_free (d);
}

static void
response_cb (AdwMessageDialog *dialog, const char *response, gpointer data)
{
  Dialog *d = data;
  if (g_str_equal (response, "save"))
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      for (guint j = 0; j < d->entries->len; j++)
        {
          const char *text = gtk_editable_get_text (g_ptr_array_index (d->entries, j));
          g_ptr_array_add (names, g_strstrip (g_strdup (text)));
        }
      g_ptr_array_add (names, NULL);
      lesc_label_names_store (d->data, d->settings, (const char *const *) names->pdata);
    }
  else if (g_str_equal (response, "file"))
    lesc_label_names_store (d->data, d->settings, NULL);
  dialog_free (d);
}

void
lesc_label_names_dialog (GtkWindow *parent, LescDataObject *data, GSettings *settings)
{
  const LescDataset *ds = lesc_data_object_get_dataset (data);
  /* TRANSLATORS: dialog heading: the data set's name */
  g_autofree char *heading = g_strdup_printf (_("Label Names of %s"), ds->name);
  AdwMessageDialog *dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (
      parent, heading, _("The names show in the figures, the inspector and the exports. They are kept for this data set (by its checksum).")));
  Dialog *d = g_new0 (Dialog, 1);
  d->data = g_object_ref (data);
  d->settings = g_object_ref (settings);
  d->entries = g_ptr_array_new ();
  GtkWidget *grid = gtk_grid_new ();
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  for (gsize j = 0; j < lesc_dataset_o (ds); j++)
    {
      g_autofree char *number = g_strdup_printf ("%zu", j + 1);
      GtkWidget *label = gtk_label_new (number);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "numeric");
      GtkWidget *entry = gtk_entry_new ();
      gtk_widget_set_hexpand (entry, TRUE);
      g_autofree char *name = lesc_data_object_dup_label_name (data, j);
      gtk_editable_set_text (GTK_EDITABLE (entry), name);
      /* TRANSLATORS: accessible name of an entry: "Name of label 3" */
      g_autofree char *a11y = g_strdup_printf (_("Name of label %zu"), j + 1);
      gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
      gtk_grid_attach (GTK_GRID (grid), label, 0, (int) j, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), entry, 1, (int) j, 1, 1);
      g_ptr_array_add (d->entries, entry);
    }
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller), 360);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  adw_message_dialog_set_extra_child (dialog, scroller);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), NULL);
  if (lesc_data_object_has_given_names (data))
    adw_message_dialog_add_responses (dialog, "file", ds->label_names != NULL ? _("Use the _File's Names")
                                                                               : _("_Number Them"), NULL);
  adw_message_dialog_add_responses (dialog, "save", _("_Save"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "save");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (response_cb), d);
  gtk_window_present (GTK_WINDOW (dialog));
}
