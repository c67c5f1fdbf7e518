/* Which GSK renderer the window asks for (docs/speed.md, "The renderer"). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Before GTK starts: without a GPU render node (no /dev/dri/renderD*), GTK's GL renderer
 * would be Mesa's software rasterizer, so ask for cairo — unless GSK_RENDERER is set.
 * Returns the renderer asked for, or NULL when GTK chooses. */
const char *lesc_app_choose_renderer (void);

G_END_DECLS
