/* Figures into terminal cells through chafa. */
#include "tui/figure.h"

#include <chafa.h>
#include <string.h>

void
lesc_term_figure_geometry (const LescTermGraphics *g, int cols, int rows,
                           LescTermFigureGeometry *out)
{
  gboolean symbols = g->pixels == LESC_TERM_PIXELS_SYMBOLS;
  int cw = symbols ? LESC_TERM_SYMBOL_CELL_W : MAX (g->cell_width, 2);
  int ch = symbols ? LESC_TERM_SYMBOL_CELL_H : MAX (g->cell_height, 4);
  /* One dpi for both axes: the cell's height in points follows its pixel shape. */
  out->dpi = 72.0 * cw / LESC_TERM_CELL_POINTS;
  out->width = cols * LESC_TERM_CELL_POINTS;
  out->height = rows * LESC_TERM_CELL_POINTS * ch / cw;
  out->px_width = cols * cw;
  out->px_height = rows * ch;
}

static ChafaCanvasMode
canvas_mode (LescTermColors c)
{
  switch (c)
    {
    case LESC_TERM_COLORS_256: return CHAFA_CANVAS_MODE_INDEXED_240;   /* not the 16 themed colours */
    case LESC_TERM_COLORS_16: return CHAFA_CANVAS_MODE_INDEXED_16;
    case LESC_TERM_COLORS_NONE: return CHAFA_CANVAS_MODE_FGBG;
    default: return CHAFA_CANVAS_MODE_TRUECOLOR;
    }
}

static ChafaPixelMode
pixel_mode (LescTermPixels p)
{
  switch (p)
    {
    case LESC_TERM_PIXELS_SIXEL: return CHAFA_PIXEL_MODE_SIXELS;
    case LESC_TERM_PIXELS_KITTY: return CHAFA_PIXEL_MODE_KITTY;
    default: return CHAFA_PIXEL_MODE_SYMBOLS;
    }
}

static ChafaCanvasConfig *
canvas_config (const LescTermGraphics *g, int cols, int rows)
{
  ChafaCanvasConfig *config = chafa_canvas_config_new ();
  chafa_canvas_config_set_geometry (config, cols, rows);
  chafa_canvas_config_set_canvas_mode (config, canvas_mode (g->colors));
  chafa_canvas_config_set_pixel_mode (config, pixel_mode (g->pixels));
  /* The figure's colours as painted: no contrast or saturation boost, no dithering. */
  chafa_canvas_config_set_preprocessing_enabled (config, FALSE);
  chafa_canvas_config_set_dither_mode (config, CHAFA_DITHER_MODE_NONE);
  if (g->pixels != LESC_TERM_PIXELS_SYMBOLS)
    chafa_canvas_config_set_cell_geometry (config, MAX (g->cell_width, 2), MAX (g->cell_height, 4));
  else
    {
      /* Whole, half, quarter and sextant blocks cover a cell exactly; ASCII elsewhere. */
      ChafaSymbolMap *map = chafa_symbol_map_new ();
      chafa_symbol_map_add_by_tags (map, g->unicode
                                           ? CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID
                                               | CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_QUAD
                                               | CHAFA_SYMBOL_TAG_SEXTANT
                                           : CHAFA_SYMBOL_TAG_ASCII);
      chafa_canvas_config_set_symbol_map (config, map);
      chafa_symbol_map_unref (map);
    }
  if (g->colors == LESC_TERM_COLORS_NONE)
    {
      /* Ink where the figure is dark (marks, text), in the terminal's own colours. */
      chafa_canvas_config_set_fg_color (config, 0x000000);
      chafa_canvas_config_set_bg_color (config, 0xffffff);
    }
  return config;
}

LescTermFigure *
lesc_term_figure_from_image (const LescTermGraphics *g, int cols, int rows, cairo_surface_t *image)
{
  cols = MAX (cols, 1);
  rows = MAX (rows, 1);
  ChafaCanvasConfig *config = canvas_config (g, cols, rows);
  ChafaCanvas *canvas = chafa_canvas_new (config);
  chafa_canvas_config_unref (config);
  cairo_surface_flush (image);
  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS || cairo_image_surface_get_width (image) <= 0)
    chafa_canvas_draw_all_pixels (canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, (const guint8 *) "\xff\xff\xff\xff", 1, 1, 4);
  else
  /* cairo's ARGB32 is premultiplied, native-endian: B, G, R, A in memory on little-endian. */
  chafa_canvas_draw_all_pixels (canvas,
                                G_BYTE_ORDER == G_LITTLE_ENDIAN ? CHAFA_PIXEL_BGRA8_PREMULTIPLIED
                                                                : CHAFA_PIXEL_ARGB8_PREMULTIPLIED,
                                cairo_image_surface_get_data (image),
                                cairo_image_surface_get_width (image),
                                cairo_image_surface_get_height (image),
                                cairo_image_surface_get_stride (image));
  LescTermFigure *f = g_new0 (LescTermFigure, 1);
  f->cols = cols;
  f->rows = rows;
  f->pixels = g->pixels;
  f->colors = g->colors;
  f->canvas = canvas;
  static guint64 serials = 0;
  f->serial = ++serials;   /* the screen tells figures apart by it (the main thread makes them) */
  f->lines = g_ptr_array_new_with_free_func (g_free);
  GString *out = chafa_canvas_print (canvas, g->term_info);
  if (g->pixels == LESC_TERM_PIXELS_SYMBOLS)
    {
      /* One string per row: the screen places each at its own row. */
      g_auto (GStrv) rows_text = g_strsplit (out->str, "\n", -1);
      for (int y = 0; y < rows; y++)
        {
          const char *line = rows_text[0] != NULL && y < (int) g_strv_length (rows_text) ? rows_text[y] : "";
          g_ptr_array_add (f->lines, g_str_has_suffix (line, "\033[0m") ? g_strdup (line)
                                                                         : g_strconcat (line, "\033[0m", NULL));
        }
    }
  else
    g_ptr_array_add (f->lines, g_strdup (out->str));
  g_string_free (out, TRUE);
  return f;
}

LescTermFigure *
lesc_term_figure_render (const LescTermGraphics *g, int cols, int rows, LescPaintFunc paint,
                         const void *model, LescTermOverlay overlay, gpointer overlay_data)
{
  LescTermFigureGeometry geo;
  lesc_term_figure_geometry (g, MAX (cols, 1), MAX (rows, 1), &geo);
  cairo_surface_t *image = lesc_plot_render_image (geo.width, geo.height, geo.dpi, paint, model);
  if (overlay != NULL && cairo_surface_status (image) == CAIRO_STATUS_SUCCESS)
    {
      cairo_t *cr = cairo_create (image);
      cairo_scale (cr, geo.dpi / 72.0, geo.dpi / 72.0);
      overlay (cr, geo.width, geo.height, overlay_data);
      cairo_destroy (cr);
    }
  LescTermFigure *f = lesc_term_figure_from_image (g, cols, rows, image);
  cairo_surface_destroy (image);
  return f;
}

void
lesc_term_figure_free (LescTermFigure *f)
{
  if (f == NULL)
    return;
  g_ptr_array_unref (f->lines);
  chafa_canvas_unref (f->canvas);
  g_free (f->log_tag);
  g_free (f);
}

gunichar
lesc_term_figure_cell (const LescTermFigure *f, int x, int y, int *fg, int *bg)
{
  g_return_val_if_fail (f->pixels == LESC_TERM_PIXELS_SYMBOLS && x >= 0 && y >= 0 && x < f->cols
                        && y < f->rows, 0);
  gint a = -1, b = -1;
  if (f->colors != LESC_TERM_COLORS_NONE)
    chafa_canvas_get_colors_at (f->canvas, x, y, &a, &b);
  if (fg != NULL)
    *fg = a;
  if (bg != NULL)
    *bg = b;
  return chafa_canvas_get_char_at (f->canvas, x, y);
}
