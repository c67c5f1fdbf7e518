/* The explorer's GSettings: the installed schema, or the one compiled in the build folder
 * when the explorer runs uninstalled. */
#pragma once
#include <gio/gio.h>

G_BEGIN_DECLS

#define LESC_APP_ID "io.github.lescexplorer.Explorer"
#define LESC_APP_RESOURCE_PATH "/io/github/lescexplorer/Explorer"

GSettings *lesc_app_settings_new (void);

G_END_DECLS
