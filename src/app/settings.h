/* The explorer's GSettings: the installed schema, or the one compiled in the build folder
 * when the explorer runs uninstalled. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

#define LESC_APP_ID "io.github.lescexplorer.Explorer"
#define LESC_APP_RESOURCE_PATH "/io/github/lescexplorer/Explorer"

GSettings *lesc_app_settings_new (void);
/* Disconnect what `owner` connected to `*settings` and drop the reference: a GSettings
 * object can outlive its owner (g_settings_bind bindings keep it), and a signal handler
 * left behind would run on freed memory at the next change of the key. */
void lesc_app_settings_release (GSettings **settings, gpointer owner);

G_END_DECLS
