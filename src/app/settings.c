#include "app/settings.h"

GSettings *
lesc_app_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, LESC_APP_ID, TRUE);
#ifdef LESC_BUILD_SCHEMA_DIR
  g_autoptr (GSettingsSchemaSource) build_source = NULL;
  if (schema == NULL)
    {
      g_autoptr (GError) error = NULL;
      build_source = g_settings_schema_source_new_from_directory (LESC_BUILD_SCHEMA_DIR, source,
                                                                 FALSE, &error);
      if (build_source != NULL)
        schema = g_settings_schema_source_lookup (build_source, LESC_APP_ID, FALSE);
    }
#endif
  if (schema == NULL)
    g_error ("The settings schema %s is not installed (and not found in the build folder).",
             LESC_APP_ID);
  return g_settings_new_full (schema, NULL, NULL);
}

void
lesc_app_settings_release (GSettings **settings, gpointer owner)
{
  if (*settings == NULL)
    return;
  g_signal_handlers_disconnect_by_data (*settings, owner);
  g_clear_object (settings);
}
