/* What the terminal can show of a figure: how pixels become output (Unicode or ASCII
 * symbols, sixel or kitty images), with how many colours, and how large a character cell
 * is in pixels. Detected from chafa's terminal database, the environment (COLORTERM,
 * NO_COLOR) and the locale's character set; every choice can be forced by an option. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  LESC_TERM_PIXELS_SYMBOLS,   /* block and sextant characters (or ASCII) with colours */
  LESC_TERM_PIXELS_SIXEL,
  LESC_TERM_PIXELS_KITTY,
} LescTermPixels;

typedef enum {
  LESC_TERM_COLORS_TRUECOLOR,
  LESC_TERM_COLORS_256,
  LESC_TERM_COLORS_16,
  LESC_TERM_COLORS_NONE,      /* NO_COLOR, or forced: shapes in the default colours */
} LescTermColors;

typedef struct {
  LescTermPixels pixels;
  LescTermColors colors;
  gboolean unicode;           /* the locale's character set is UTF-8 */
  int cell_width, cell_height;/* pixels of one character cell (sixel, kitty) */
  gpointer term_info;         /* ChafaTermInfo: the escape sequences to print with */
} LescTermGraphics;

/* Detect what the terminal on `fd` (and the environment) supports, then apply the
 * overrides: `pixels` "auto", "symbols", "ascii", "sixel" or "kitty"; `colors` "auto",
 * "truecolor", "256", "16" or "none" (either may be NULL for auto). FALSE (LESC_ERROR_USAGE)
 * for an unknown value. */
gboolean lesc_term_graphics_init (LescTermGraphics *g, int fd, const char *pixels,
                                  const char *colors, GError **error);
void lesc_term_graphics_clear (LescTermGraphics *g);

const char *lesc_term_pixels_key (LescTermPixels p);  /* "symbols", "sixel", "kitty" */
const char *lesc_term_colors_key (LescTermColors c);  /* "truecolor", "256", "16", "none" */

G_END_DECLS
