#include "config.h"
#include "app/preferences.h"

#include <glib/gi18n.h>

#include "app/data-folder.h"
#include "app/settings.h"
#include "app/wheel-guard.h"

struct _LescPreferences
{
  AdwPreferencesWindow parent_instance;

  AdwActionRow *directory_row;
  GtkSpinButton *seed_spin;
  GtkButton *clear_button;
  GtkAdjustment *seed_adjustment;
  GtkAdjustment *cache_adjustment;
  GtkSwitch *auto_run_switch;
  AdwComboRow *palette_row;
  AdwComboRow *cd_row;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (LescPreferences, lesc_preferences, ADW_TYPE_PREFERENCES_WINDOW)

static void
show_directory (LescPreferences *self)
{
  gboolean from_env;
  g_autofree char *dir = lesc_data_folder_get (self->settings, &from_env);
  g_autofree char *text = dir == NULL ? g_strdup (_("None: only the built-in data set"))
                          : from_env ? g_strdup_printf (_("$LESC_DATA_DIR (%s)"), dir)
                                     : g_strdup (dir);
  adw_action_row_set_subtitle (self->directory_row, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->clear_button), dir != NULL && !from_env);
}

static void
folder_response_cb (GtkNativeDialog *dialog, int response, gpointer data)
{
  LescPreferences *self = data;
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = g_file_get_path (folder);
      if (path != NULL)
        g_settings_set_string (self->settings, "data-directory", path);
    }
  g_object_unref (dialog);
}

static void
choose_clicked_cb (LescPreferences *self)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (_("Data Directory"), GTK_WINDOW (self),
                                                              GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                              _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (folder_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
clear_clicked_cb (LescPreferences *self)
{
  g_settings_set_string (self->settings, "data-directory", "");
}

static gboolean
enum_to_index (GValue *value, GVariant *variant, gpointer data)
{
  const char *const *nicks = data;
  const char *s = g_variant_get_string (variant, NULL);
  for (guint i = 0; nicks[i] != NULL; i++)
    if (g_str_equal (nicks[i], s))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
index_to_enum (const GValue *value, const GVariantType *type, gpointer data)
{
  const char *const *nicks = data;
  guint i = g_value_get_uint (value);
  if (i >= g_strv_length ((char **) nicks))
    return NULL;
  return g_variant_new_string (nicks[i]);
}

static const char *const palette_nicks[] = { "viridis", "cividis", "grayscale", NULL };
static const char *const cd_nicks[] = { "best-left", "best-right", NULL };

static void
lesc_preferences_dispose (GObject *object)
{
  LescPreferences *self = LESC_PREFERENCES (object);
  /* The rows bound to the settings outlive this window (they are not finalized with it),
   * and their bindings kept the GSettings object and its handlers alive. */
  if (self->settings != NULL)
    {
      g_settings_unbind (self->seed_adjustment, "value");
      g_settings_unbind (self->auto_run_switch, "active");
      g_settings_unbind (self->palette_row, "selected");
      g_settings_unbind (self->cd_row, "selected");
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), LESC_TYPE_PREFERENCES);
  lesc_app_settings_release (&self->settings, self);
  G_OBJECT_CLASS (lesc_preferences_parent_class)->dispose (object);
}

static void
lesc_preferences_class_init (LescPreferencesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = lesc_preferences_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/lescexplorer/Explorer/ui/preferences.ui");
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, directory_row);
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, seed_spin);
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, clear_button);
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, seed_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, cache_adjustment);
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, auto_run_switch);
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, palette_row);
  gtk_widget_class_bind_template_child (widget_class, LescPreferences, cd_row);
  gtk_widget_class_bind_template_callback (widget_class, choose_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, clear_clicked_cb);
}

static void
lesc_preferences_init (LescPreferences *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = lesc_app_settings_new ();
  lesc_wheel_guard (GTK_WIDGET (self->seed_spin));
  g_settings_bind (self->settings, "default-seed", self->seed_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "auto-run", self->auto_run_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "cache-limit", self->cache_adjustment, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "palette", self->palette_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, enum_to_index, index_to_enum,
                                (gpointer) palette_nicks, NULL);
  g_settings_bind_with_mapping (self->settings, "cd-direction", self->cd_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, enum_to_index, index_to_enum,
                                (gpointer) cd_nicks, NULL);
  g_signal_connect_swapped (self->settings, "changed::data-directory", G_CALLBACK (show_directory), self);
  show_directory (self);
}

LescPreferences *
lesc_preferences_new (GtkWindow *parent)
{
  return g_object_new (LESC_TYPE_PREFERENCES, "transient-for", parent, "modal", parent != NULL, NULL);
}
