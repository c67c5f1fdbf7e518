/* The preferences window: every setting is a GSettings key. */
#pragma once
#include <adwaita.h>

G_BEGIN_DECLS

#define LESC_TYPE_PREFERENCES (lesc_preferences_get_type ())
G_DECLARE_FINAL_TYPE (LescPreferences, lesc_preferences, LESC, PREFERENCES, AdwPreferencesWindow)

LescPreferences *lesc_preferences_new (GtkWindow *parent);

G_END_DECLS
