/* The application: app.* actions (about, preferences, quit), accelerators, the window. */
#pragma once
#include <adwaita.h>

G_BEGIN_DECLS

#define LESC_TYPE_APPLICATION (lesc_application_get_type ())
G_DECLARE_FINAL_TYPE (LescApplication, lesc_application, LESC, APPLICATION, AdwApplication)

LescApplication *lesc_application_new (GApplicationFlags flags);
/* Play this lesson (a file or a shipped lesson's name) in the window the next activation
 * opens (lesc-explorer --lesson). */
void lesc_application_set_lesson (LescApplication *self, const char *lesson);

/* Bind the text domain to the installed catalogues, or to the build folder's when the
 * explorer runs uninstalled. Call once before any _(). */
void lesc_application_init_i18n (void);

G_END_DECLS
