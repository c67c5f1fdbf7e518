/* The window's renderer (renderer.h). On a machine without a GPU, GTK 4.8 still picks its
 * GL renderer, and Mesa's llvmpipe rasterizes every frame on the processor: under Xvfb on
 * two cores it took half of the samples of a whole λ₁ change and doubled the time to the
 * final figure (docs/speed.md, "The renderer"). cairo paints the same figures for a
 * fraction of that. */
#include "config.h"
#include "app/renderer.h"

#include <string.h>

/* TRUE when the kernel offers a GPU render node (any driver, virtual ones included). */
static gboolean
has_render_node (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/dev/dri", 0, NULL);
  if (dir == NULL)
    return FALSE;
  for (const char *name; (name = g_dir_read_name (dir)) != NULL;)
    if (g_str_has_prefix (name, "renderD"))
      return TRUE;
  return FALSE;
}

const char *
lesc_app_choose_renderer (void)
{
  const char *given = g_getenv ("GSK_RENDERER");
  if (given != NULL && *given != '\0')
    return given;
  if (has_render_node ())
    return NULL;
  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  return "cairo";
}
