/* Terminal graphics detection: chafa's terminal database says which sequences the
 * terminal understands; NO_COLOR (no-color.org) turns colours off; the locale decides
 * between Unicode and ASCII symbols. */
#include "tui/graphics.h"
#include "core/base/error.h"

#include <chafa.h>
#include <langinfo.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

const char *
lesc_term_pixels_key (LescTermPixels p)
{
  switch (p)
    {
    case LESC_TERM_PIXELS_SIXEL: return "sixel";
    case LESC_TERM_PIXELS_KITTY: return "kitty";
    default: return "symbols";
    }
}

const char *
lesc_term_colors_key (LescTermColors c)
{
  switch (c)
    {
    case LESC_TERM_COLORS_256: return "256";
    case LESC_TERM_COLORS_16: return "16";
    case LESC_TERM_COLORS_NONE: return "none";
    default: return "truecolor";
    }
}

/* The pixel size of a cell from the terminal (TIOCGWINSZ), else a common 10×20. */
static void
cell_size (int fd, int *w, int *h)
{
  struct winsize ws;
  *w = 10;
  *h = 20;
  if (ioctl (fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0 && ws.ws_xpixel > 0
      && ws.ws_ypixel > 0)
    {
      *w = MAX (ws.ws_xpixel / ws.ws_col, 2);
      *h = MAX (ws.ws_ypixel / ws.ws_row, 4);
    }
}

gboolean
lesc_term_graphics_init (LescTermGraphics *g, int fd, const char *pixels, const char *colors,
                         GError **error)
{
  memset (g, 0, sizeof *g);
  g_auto (GStrv) envp = g_get_environ ();
  ChafaTermDb *db = chafa_term_db_get_default ();
  ChafaTermInfo *info = chafa_term_db_detect (db, envp);

  /* What the database knows of this terminal. */
  if (chafa_term_info_have_seq (info, CHAFA_TERM_SEQ_BEGIN_KITTY_IMMEDIATE_IMAGE_V1))
    g->pixels = LESC_TERM_PIXELS_KITTY;
  else if (chafa_term_info_have_seq (info, CHAFA_TERM_SEQ_BEGIN_SIXELS))
    g->pixels = LESC_TERM_PIXELS_SIXEL;
  else
    g->pixels = LESC_TERM_PIXELS_SYMBOLS;
  if (chafa_term_info_have_seq (info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_DIRECT))
    g->colors = LESC_TERM_COLORS_TRUECOLOR;
  else if (chafa_term_info_have_seq (info, CHAFA_TERM_SEQ_SET_COLOR_FGBG_256))
    g->colors = LESC_TERM_COLORS_256;
  else
    g->colors = LESC_TERM_COLORS_16;
  const char *no_color = g_getenv ("NO_COLOR");
  if (no_color != NULL && no_color[0] != '\0')
    g->colors = LESC_TERM_COLORS_NONE;
  g->unicode = strcmp (nl_langinfo (CODESET), "UTF-8") == 0;

  /* The options win. */
  if (pixels != NULL && strcmp (pixels, "auto") != 0)
    {
      if (strcmp (pixels, "symbols") == 0)
        g->pixels = LESC_TERM_PIXELS_SYMBOLS;
      else if (strcmp (pixels, "ascii") == 0)
        {
          g->pixels = LESC_TERM_PIXELS_SYMBOLS;
          g->unicode = FALSE;
        }
      else if (strcmp (pixels, "sixel") == 0)
        g->pixels = LESC_TERM_PIXELS_SIXEL;
      else if (strcmp (pixels, "kitty") == 0)
        g->pixels = LESC_TERM_PIXELS_KITTY;
      else
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--graphics %s: expected auto, symbols, ascii, sixel or kitty", pixels);
          chafa_term_info_unref (info);
          return FALSE;
        }
    }
  if (colors != NULL && strcmp (colors, "auto") != 0)
    {
      static const char *const keys[] = { "truecolor", "256", "16", "none" };
      guint i = 0;
      while (i < G_N_ELEMENTS (keys) && strcmp (colors, keys[i]) != 0)
        i++;
      if (i == G_N_ELEMENTS (keys))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--colors %s: expected auto, truecolor, 256, 16 or none", colors);
          chafa_term_info_unref (info);
          return FALSE;
        }
      g->colors = (LescTermColors) i;
    }
  /* Forced modes need their sequences even where the database has none. */
  ChafaTermInfo *fallback = chafa_term_db_get_fallback_info (db);
  chafa_term_info_supplement (info, fallback);
  chafa_term_info_unref (fallback);
  g->term_info = info;
  cell_size (fd, &g->cell_width, &g->cell_height);
  return TRUE;
}

void
lesc_term_graphics_clear (LescTermGraphics *g)
{
  if (g->term_info != NULL)
    chafa_term_info_unref (g->term_info);
  g->term_info = NULL;
}
