/* Figures into terminal cells through chafa. */
#include "tui/figure.h"

#include <chafa.h>
#include <math.h>
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

static ChafaCanvas *
image_canvas (const LescTermGraphics *g, int cols, int rows, cairo_surface_t *image)
{
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
  return canvas;
}

static LescTermFigure *
canvas_figure (const LescTermGraphics *g, int cols, int rows, ChafaCanvas *canvas)
{
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
lesc_term_figure_from_image (const LescTermGraphics *g, int cols, int rows, cairo_surface_t *image)
{
  cols = MAX (cols, 1);
  rows = MAX (rows, 1);
  return canvas_figure (g, cols, rows, image_canvas (g, cols, rows, image));
}

/* The image's colour at pixel (x, y) as 0xRRGGBB (white outside it). */
static int
image_rgb (cairo_surface_t *image, int x, int y)
{
  if (cairo_surface_status (image) != CAIRO_STATUS_SUCCESS || x < 0 || y < 0
      || x >= cairo_image_surface_get_width (image) || y >= cairo_image_surface_get_height (image))
    return 0xffffff;
  const guint8 *row = cairo_image_surface_get_data (image) + y * cairo_image_surface_get_stride (image);
  guint32 v = ((const guint32 *) row)[x];
  guint a = (v >> 24) & 0xff;
  if (a == 0)
    return 0xffffff;
  /* un-premultiply over white */
  int rgb = 0;
  for (int k = 2; k >= 0; k--)
    {
      guint c = (v >> (8 * k)) & 0xff;
      c = MIN (255u, c + (255 - a));
      rgb = (rgb << 8) | (int) c;
    }
  return rgb;
}

static int
pack (const double rgba[4], int bg)
{
  int out = 0;
  for (int k = 0; k < 3; k++)
    {
      double under = ((bg >> (8 * (2 - k))) & 0xff) / 255.0;
      double v = rgba[3] * rgba[k] + (1 - rgba[3]) * under;
      out = (out << 8) | (int) lround (CLAMP (v, 0.0, 1.0) * 255);
    }
  return out;
}

/* Write one character of the figure's text into cell (x, y) over what the image shows
 * there. */
static void
put_char (ChafaCanvas *canvas, const LescTermGraphics *g, cairo_surface_t *image, int cols, int rows,
          int cw, int ch, int x, int y, gunichar u, const double rgba[4])
{
  if (x < 0 || y < 0 || x >= cols || y >= rows)
    return;
  if (g_unichar_iswide (u) && x + 1 >= cols)
    return;
  chafa_canvas_set_char_at (canvas, x, y, u);
  if (g->colors == LESC_TERM_COLORS_NONE)
    return;
  int bg = image_rgb (image, x * cw + cw / 2, y * ch + ch / 2);
  chafa_canvas_set_colors_at (canvas, x, y, pack (rgba, bg), bg);
}

/* The text of the figure as characters: each line at the cell its box starts in (its
 * middle row), a turned line one character under the other (across the top row when it is
 * taller than the figure). A line that would overwrite
 * or touch one written before it is left out whole (tick labels crowded at a small size):
 * text never runs into other text. */
static void
write_text (ChafaCanvas *canvas, const LescTermGraphics *g, cairo_surface_t *image, int cols, int rows,
            int cw, int ch, const LescTextCapture *capture)
{
  g_autofree guint8 *taken = g_new0 (guint8, (gsize) cols * rows);
  for (guint i = 0; i < lesc_text_capture_n (capture); i++)
    {
      const LescTextItem *t = lesc_text_capture_item (capture, i);
      g_autofree char *ascii = g->unicode ? NULL : g_str_to_ascii (t->text, "C");
      const char *text = g->unicode ? t->text : ascii;
      int n = lesc_text_cells (text);
      int x0, y0, dx = 0, dy = 0;
      if (t->vertical && n <= rows)
        {
          x0 = (int) floor ((t->x + t->width / 2) / cw);
          y0 = (int) lround ((t->y + t->height / 2) / ch - n / 2.0);
          y0 = CLAMP (y0, 0, rows - n);   /* moved inside the figure */
          dy = 1;
        }
      else if (t->vertical)
        {
          /* taller than the figure: across its top row, from the line's place */
          x0 = (int) floor (t->x / cw);
          y0 = 0;
          dx = 1;
        }
      else
        {
          x0 = (int) lround (t->x / cw);
          y0 = (int) floor ((t->y + t->height / 2) / ch);
          dx = 1;
        }
      /* its cells, and a blank either side of a line (labels side by side stay apart) */
      gboolean free = TRUE;
      for (int k = -dx; k < n + dx && free; k++)
        {
          int x = x0 + dx * k, y = y0 + dy * k;
          free = !(x >= 0 && y >= 0 && x < cols && y < rows && taken[(gsize) y * cols + x]);
        }
      if (!free)
        continue;
      int x = x0, y = y0;
      for (const char *p = text; *p; p = g_utf8_next_char (p))
        {
          gunichar u = g_utf8_get_char (p);
          if (g_unichar_iszerowidth (u))
            continue;
          int w = g_unichar_iswide (u) ? 2 : 1;
          put_char (canvas, g, image, cols, rows, cw, ch, x, y, u, t->rgba);
          for (int k = 0; k < w; k++)
            if (x + k >= 0 && y >= 0 && x + k < cols && y < rows)
              taken[(gsize) y * cols + x + k] = 1;
          x += dx * w;
          y += dy;
        }
    }
}

LescTermFigure *
lesc_term_figure_render (const LescTermGraphics *g, int cols, int rows, LescPaintFunc paint,
                         const void *model, LescTermOverlay overlay, gpointer overlay_data)
{
  cols = MAX (cols, 1);
  rows = MAX (rows, 1);
  LescTermFigureGeometry geo;
  lesc_term_figure_geometry (g, cols, rows, &geo);
  /* Symbols are too coarse for small text: the text is written as characters. Sixel and
   * kitty images have the terminal's own pixels and keep it painted. */
  g_autoptr (LescTextCapture) capture = g->pixels == LESC_TERM_PIXELS_SYMBOLS
    ? lesc_text_capture_new (LESC_TERM_CELL_POINTS, geo.height / rows) : NULL;
  cairo_surface_t *image = lesc_plot_render_image_text (geo.width, geo.height, geo.dpi, paint, model, capture);
  if (overlay != NULL && cairo_surface_status (image) == CAIRO_STATUS_SUCCESS)
    {
      cairo_t *cr = cairo_create (image);
      cairo_scale (cr, geo.dpi / 72.0, geo.dpi / 72.0);
      if (capture != NULL)
        lesc_text_capture_attach (cr, capture, FALSE);   /* laid out as the figure was */
      overlay (cr, geo.width, geo.height, overlay_data);
      if (capture != NULL)
        lesc_text_capture_attach (cr, NULL, FALSE);
      cairo_destroy (cr);
    }
  ChafaCanvas *canvas = image_canvas (g, cols, rows, image);
  if (capture != NULL)
    write_text (canvas, g, image, cols, rows, geo.px_width / cols, geo.px_height / rows, capture);
  LescTermFigure *f = canvas_figure (g, cols, rows, canvas);
  f->text = capture != NULL ? lesc_text_capture_text (capture) : NULL;
  cairo_surface_destroy (image);
  return f;
}

cairo_t *
lesc_term_figure_context (const LescTermGraphics *g, int cols, int rows, double *width, double *height)
{
  cols = MAX (cols, 1);
  rows = MAX (rows, 1);
  LescTermFigureGeometry geo;
  lesc_term_figure_geometry (g, cols, rows, &geo);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  cairo_surface_destroy (surface);   /* cr holds it */
  cairo_scale (cr, geo.dpi / 72.0, geo.dpi / 72.0);
  if (g->pixels == LESC_TERM_PIXELS_SYMBOLS)
    lesc_text_capture_attach (cr, lesc_text_capture_new (LESC_TERM_CELL_POINTS, geo.height / rows), TRUE);
  *width = geo.width;
  *height = geo.height;
  return cr;
}

void
lesc_term_figure_free (LescTermFigure *f)
{
  if (f == NULL)
    return;
  g_ptr_array_unref (f->lines);
  g_free (f->text);
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
