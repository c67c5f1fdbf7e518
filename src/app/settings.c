#include "app/settings.h"

GSettings *
lesc_app_settings_new (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, LESC_APP_ID, TRUE);
  /* Not on the schema path ($XDG_DATA_DIRS): the schema installed with this program (a
   * prefix such as ~/.local or /opt/lesc), then the build folder's. */
  const char *dirs[] = {
    LESC_SCHEMA_DIR,
#ifdef LESC_BUILD_SCHEMA_DIR
    LESC_BUILD_SCHEMA_DIR,
#endif
  };
  g_autoptr (GSettingsSchemaSource) own = NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (dirs) && schema == NULL; i++)
    {
      g_clear_pointer (&own, g_settings_schema_source_unref);
      own = g_settings_schema_source_new_from_directory (dirs[i], source, FALSE, NULL);
      if (own != NULL)
        schema = g_settings_schema_source_lookup (own, LESC_APP_ID, FALSE);
    }
  if (schema == NULL)
    g_error ("The settings schema %s is not installed (looked on the schema path and in %s).",
             LESC_APP_ID, LESC_SCHEMA_DIR);
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
