/* Figures in the terminal (src/tui/figure.h): the RGB scatter of the artificial set
 * rendered in symbol mode at a fixed size; each cell's colour — its symbol's ink in the
 * foreground colour, the rest in the background colour — equals the painter's pixels
 * averaged over the cell, within the quantisation of the colour mode. Also the output
 * itself: one line per row, ASCII in ASCII mode, no colours without colours, one image
 * for sixel. */
#include "tui/figure.h"
#include "plot/scatter.h"
#include "core/data/artificial.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#define COLS 64
#define ROWS 20

static LescScatterModel *model;

static void
paint_scatter (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_scatter_paint (cr, w, h, m);
}

/* The ink of a cell's symbol on the 8 × 16 pixels painted for it: which pixels show the
 * foreground colour. Sextants split the cell's height 3/2/3 as chafa does (rows 0–5,
 * 6–9, 10–15 of 16); halves and quarters at the middle. FALSE for a symbol this test does
 * not know (the symbol map allows no other). */
static gboolean
ink_mask (gunichar c, gboolean ink[16][8])
{
  /* bits: 1 top left, 2 top right, 4 middle left, 8 middle right, 16 bottom left, 32 bottom right */
  int pattern = -1;
  gboolean halves = FALSE;     /* bits are quarters (top/bottom halves) instead of thirds */
  if (c == ' ')
    pattern = 0;
  else if (c == 0x2588)
    pattern = 63;
  else if (c >= 0x1FB00 && c <= 0x1FB3B)
    {
      int p = (int) (c - 0x1FB00) + 1;   /* the block skips the two half blocks 21 and 42 */
      if (p >= 21)
        p++;
      if (p >= 42)
        p++;
      pattern = p;
    }
  else
    {
      static const struct { gunichar c; int quarters; } q[] = {
        { 0x2580, 1 | 2 }, { 0x2584, 4 | 8 }, { 0x258C, 1 | 4 }, { 0x2590, 2 | 8 },
        { 0x2596, 4 }, { 0x2597, 8 }, { 0x2598, 1 }, { 0x2599, 1 | 4 | 8 }, { 0x259A, 1 | 8 },
        { 0x259B, 1 | 2 | 4 }, { 0x259C, 1 | 2 | 8 }, { 0x259D, 2 }, { 0x259E, 2 | 4 },
        { 0x259F, 2 | 4 | 8 },
      };
      for (guint i = 0; i < G_N_ELEMENTS (q); i++)
        if (q[i].c == c)
          {
            pattern = q[i].quarters;
            halves = TRUE;
          }
    }
  if (pattern < 0)
    return FALSE;
  for (int y = 0; y < 16; y++)
    for (int x = 0; x < 8; x++)
      {
        int band = halves ? y / 8 : (y < 6 ? 0 : y < 10 ? 1 : 2);
        ink[y][x] = (pattern >> (band * 2 + (x >= 4))) & 1;
      }
  return TRUE;
}

static void
graphics (LescTermGraphics *g, const char *pixels, const char *colors, gboolean unicode)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_term_graphics_init (g, -1, pixels, colors, &error));
  g_assert_no_error (error);
  g->unicode = unicode;
}

/* The painter's pixels at the terminal path's geometry. */
static cairo_surface_t *
painted (const LescTermGraphics *g)
{
  LescTermFigureGeometry geo;
  lesc_term_figure_geometry (g, COLS, ROWS, &geo);
  g_assert_cmpint (geo.px_width, ==, COLS * LESC_TERM_SYMBOL_CELL_W);
  g_assert_cmpint (geo.px_height, ==, ROWS * LESC_TERM_SYMBOL_CELL_H);
  /* the image part: the text is written as characters (test_text) */
  g_autoptr (LescTextCapture) capture = lesc_text_capture_new (LESC_TERM_CELL_POINTS, geo.height / ROWS);
  cairo_surface_t *s = lesc_plot_render_image_text (geo.width, geo.height, geo.dpi, paint_scatter, model, capture);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, geo.px_width);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, geo.px_height);
  return s;
}

static void
pixel (cairo_surface_t *s, int x, int y, double rgb[3])
{
  const guint8 *row = cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s);
  guint32 v = ((const guint32 *) row)[x];
  double a = (v >> 24) & 0xff;
  g_assert_cmpfloat (a, ==, 255);   /* the painters paint an opaque background */
  rgb[0] = ((v >> 16) & 0xff) / 255.0;
  rgb[1] = ((v >> 8) & 0xff) / 255.0;
  rgb[2] = (v & 0xff) / 255.0;
}

static void
unpack (int packed, double rgb[3])
{
  rgb[0] = ((packed >> 16) & 0xff) / 255.0;
  rgb[1] = ((packed >> 8) & 0xff) / 255.0;
  rgb[2] = (packed & 0xff) / 255.0;
}

/* For every cell: the mean of the painted pixels and the mean of what the cell shows. Returns
 * the largest difference of a channel; counts the cells drawn with a partial symbol. */
static double
compare_cells (const LescTermGraphics *g, const LescTermFigure *f, guint *partial, GHashTable *colours)
{
  cairo_surface_t *img = painted (g);
  double worst = 0.0;
  *partial = 0;
  for (int cy = 0; cy < ROWS; cy++)
    for (int cx = 0; cx < COLS; cx++)
      {
        int fgp, bgp;
        gunichar c = lesc_term_figure_cell (f, cx, cy, &fgp, &bgp);
        gboolean ink[16][8];
        if (c != ' ' && f->text != NULL && g_utf8_strchr (f->text, -1, c) != NULL && !ink_mask (c, ink))
          continue;   /* a character of the figure's text */
        if (!ink_mask (c, ink))
          g_error ("cell %d,%d: U+%04X is not a block or sextant symbol", cx, cy, c);
        double fg[3], bg[3], want[3] = { 0 }, shown[3] = { 0 };
        unpack (fgp, fg);
        unpack (bgp, bg);
        int n_ink = 0;
        for (int y = 0; y < 16; y++)
          for (int x = 0; x < 8; x++)
            {
              double p[3];
              pixel (img, cx * 8 + x, cy * 16 + y, p);
              n_ink += ink[y][x];
              for (int k = 0; k < 3; k++)
                {
                  want[k] += p[k] / 128.0;
                  shown[k] += (ink[y][x] ? fg[k] : bg[k]) / 128.0;
                }
            }
        *partial += n_ink > 0 && n_ink < 128;
        if (n_ink > 0)
          g_hash_table_add (colours, GINT_TO_POINTER (fgp));
        if (n_ink < 128)
          g_hash_table_add (colours, GINT_TO_POINTER (bgp));
        for (int k = 0; k < 3; k++)
          worst = MAX (worst, fabs (want[k] - shown[k]));
      }
  cairo_surface_destroy (img);
  return worst;
}

static void
test_truecolor (void)
{
  LescTermGraphics g;
  graphics (&g, "symbols", "truecolor", TRUE);
  g_autoptr (LescTermFigure) f = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  g_autoptr (GHashTable) colours = g_hash_table_new (NULL, NULL);
  guint partial = 0;
  double worst = compare_cells (&g, f, &partial, colours);
  g_test_message ("truecolor: largest difference %.4f (%.2f of 255), %u cells with a partial symbol, %u colours",
                  worst, worst * 255, partial, g_hash_table_size (colours));
  /* 8-bit colours averaged over ink and background: a rounding step or two. */
  g_assert_cmpfloat (worst, <=, 2.0 / 255);
  /* A real figure: the scatter's many colours, edges drawn with partial symbols. */
  g_assert_cmpuint (g_hash_table_size (colours), >, 100);
  g_assert_cmpuint (partial, >, 50);
  lesc_term_graphics_clear (&g);
}

/* The 240 colours of the 6×6×6 cube and the grey ramp (the 16 themed ones are not used). */
static gboolean
in_palette (int packed)
{
  static const int cube[] = { 0, 95, 135, 175, 215, 255 };
  int r = (packed >> 16) & 0xff, gr = (packed >> 8) & 0xff, b = packed & 0xff;
  if (r == gr && gr == b && (r - 8) % 10 == 0 && r >= 8 && r <= 238)
    return TRUE;
  gboolean ok[3] = { FALSE, FALSE, FALSE };
  for (int i = 0; i < 6; i++)
    {
      ok[0] |= r == cube[i];
      ok[1] |= gr == cube[i];
      ok[2] |= b == cube[i];
    }
  return ok[0] && ok[1] && ok[2];
}

static void
test_256 (void)
{
  LescTermGraphics g;
  graphics (&g, "symbols", "256", TRUE);
  g_autoptr (LescTermFigure) f = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  g_autoptr (GHashTable) colours = g_hash_table_new (NULL, NULL);
  guint partial = 0;
  double worst = compare_cells (&g, f, &partial, colours);
  g_test_message ("256 colours: largest difference %.4f (%.1f of 255), %u colours", worst, worst * 255,
                  g_hash_table_size (colours));
  GHashTableIter it;
  gpointer key;
  g_hash_table_iter_init (&it, colours);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (!in_palette (GPOINTER_TO_INT (key)))
      g_error ("colour %06x is not in the 240-colour palette", GPOINTER_TO_INT (key));
  /* The widest gap of the cube is 0 → 95: no colour is further than half of it. */
  g_assert_cmpfloat (worst, <=, 48.0 / 255);
  g_assert_cmpuint (g_hash_table_size (colours), >, 20);
  /* The escape sequences are the 256-colour ones. */
  const char *line = g_ptr_array_index (f->lines, ROWS / 2);
  g_assert_nonnull (strstr (line, "\033[38;5;"));
  g_assert_null (strstr (line, "\033[38;2;"));
  lesc_term_graphics_clear (&g);
}

/* The visible characters of a line (escape sequences dropped). */
static glong
visible_chars (const char *line)
{
  glong n = 0;
  for (const char *p = line; *p;)
    {
      if (*p == '\033')
        {
          p++;
          if (*p == '[')
            {
              p++;
              while (*p && !(*p >= '@' && *p <= '~'))
                p++;
              if (*p)
                p++;
            }
          continue;
        }
      n++;
      p = g_utf8_next_char (p);
    }
  return n;
}

static void
test_lines (void)
{
  LescTermGraphics g;
  graphics (&g, "symbols", "truecolor", TRUE);
  g_autoptr (LescTermFigure) f = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  g_assert_cmpuint (f->lines->len, ==, ROWS);
  for (guint y = 0; y < f->lines->len; y++)
    {
      const char *line = g_ptr_array_index (f->lines, y);
      g_assert_true (g_utf8_validate (line, -1, NULL));
      g_assert_null (strchr (line, '\n'));
      g_assert_true (g_str_has_suffix (line, "\033[0m"));
      g_assert_cmpint (visible_chars (line), ==, COLS);
    }
  lesc_term_graphics_clear (&g);
}

static void
test_ascii_and_no_colour (void)
{
  LescTermGraphics g;
  /* "ascii" turns the Unicode symbols off even in a UTF-8 locale. */
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_term_graphics_init (&g, -1, "ascii", NULL, &error));
  g_assert_false (g.unicode);
  lesc_term_graphics_clear (&g);
  graphics (&g, "ascii", "none", FALSE);
  g_assert_cmpint (g.colors, ==, LESC_TERM_COLORS_NONE);
  g_autoptr (LescTermFigure) f = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  guint ink = 0;
  for (guint y = 0; y < f->lines->len; y++)
    {
      const char *line = g_ptr_array_index (f->lines, y);
      for (const char *p = line; *p; p++)
        g_assert_cmpint ((guchar) *p, <, 128);
      g_assert_null (strstr (line, "\033[38;"));
      g_assert_null (strstr (line, "\033[48;"));
      g_assert_cmpint (visible_chars (line), ==, COLS);
    }
  for (int y = 0; y < ROWS; y++)
    for (int x = 0; x < COLS; x++)
      {
        int fg, bg;
        gunichar c = lesc_term_figure_cell (f, x, y, &fg, &bg);
        g_assert_cmpint (fg, ==, -1);
        g_assert_cmpint (bg, ==, -1);
        ink += c != ' ';
      }
  /* The panels are dark against the white page: they show as characters. */
  g_assert_cmpuint (ink, >, COLS * ROWS / 10);
  lesc_term_graphics_clear (&g);
}

static void
test_sixel (void)
{
  LescTermGraphics g;
  graphics (&g, "sixel", "truecolor", TRUE);
  g.cell_width = 10;
  g.cell_height = 20;
  LescTermFigureGeometry geo;
  lesc_term_figure_geometry (&g, COLS, ROWS, &geo);
  g_assert_cmpint (geo.px_width, ==, COLS * 10);
  g_assert_cmpint (geo.px_height, ==, ROWS * 20);
  g_assert_cmpfloat_with_epsilon (geo.width * geo.dpi / 72, geo.px_width, 1e-9);
  g_assert_cmpfloat_with_epsilon (geo.height * geo.dpi / 72, geo.px_height, 1e-9);
  g_autoptr (LescTermFigure) f = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  g_assert_cmpuint (f->lines->len, ==, 1);
  const char *s = g_ptr_array_index (f->lines, 0);
  g_assert_nonnull (strstr (s, "\033P"));          /* device control string: the sixels */
  g_assert_true (g_str_has_suffix (s, "\033\\"));
  lesc_term_graphics_clear (&g);
}

/* Row y of the figure as characters. */
static char *
row_text (const LescTermFigure *f, int y)
{
  GString *s = g_string_new (NULL);
  for (int x = 0; x < f->cols; x++)
    g_string_append_unichar (s, lesc_term_figure_cell (f, x, y, NULL, NULL));
  return g_string_free (s, FALSE);
}

/* The figure's text is written into the cells as characters, in the painter's colour over
 * the image's colour under it; the image part carries no text. */
static void
test_text (void)
{
  LescTermGraphics g;
  graphics (&g, "symbols", "truecolor", TRUE);
  g_autoptr (LescTermFigure) f = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  g_assert_nonnull (f->text);
  g_test_message ("text:\n%s", f->text);
  int found_truth = -1, found_rotated = -1;
  for (int y = 0; y < ROWS; y++)
    {
      g_autofree char *r = row_text (f, y);
      g_test_message ("%2d |%s|", y, r);
      const char *at = strstr (r, "Ground truth");
      if (at != NULL)
        {
          found_truth = y;
          int x = (int) g_utf8_pointer_to_offset (r, at);
          int fg, bg;
          lesc_term_figure_cell (f, x, y, &fg, &bg);
          /* dark text on the white page */
          g_assert_cmpint (fg & 0xff, <, 0x80);
          g_assert_cmpint (bg, ==, 0xffffff);
        }
      if (strstr (r, "Rotated") != NULL)
        found_rotated = y;
    }
  /* both panels' names, legible on one row each, side by side */
  g_assert_cmpint (found_truth, >=, 0);
  g_assert_cmpint (found_rotated, ==, found_truth);
  g_assert_nonnull (strstr (f->text, "Ground truth"));
  lesc_term_graphics_clear (&g);
  /* ASCII terminals get the text in ASCII */
  graphics (&g, "ascii", "none", FALSE);
  g_autoptr (LescTermFigure) a = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  gboolean seen = FALSE;
  for (int y = 0; y < ROWS; y++)
    {
      g_autofree char *r = row_text (a, y);
      seen |= strstr (r, "Ground truth") != NULL;
    }
  g_assert_true (seen);
  lesc_term_graphics_clear (&g);
  /* sixel keeps its text painted */
  graphics (&g, "sixel", "truecolor", TRUE);
  g.cell_width = 10;
  g.cell_height = 20;
  g_autoptr (LescTermFigure) six = lesc_term_figure_render (&g, COLS, ROWS, paint_scatter, model, NULL, NULL);
  g_assert_null (six->text);
  lesc_term_graphics_clear (&g);
}

static void
test_bad_options (void)
{
  LescTermGraphics g;
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_term_graphics_init (&g, -1, "braille", NULL, &error));
  g_assert_cmpstr (error->message, ==, "--graphics braille: expected auto, symbols, ascii, sixel or kitty");
  g_clear_error (&error);
  g_assert_false (lesc_term_graphics_init (&g, -1, NULL, "65536", &error));
  g_assert_cmpstr (error->message, ==, "--colors 65536: expected auto, truecolor, 256, 16 or none");
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  gsize n = lesc_dataset_n (ds);
  g_autoptr (LescMatrix) xy = lesc_matrix_new (n, 2);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (xy, i, 0) = LESC_AT (ds->features, i, 0);
      LESC_AT (xy, i, 1) = LESC_AT (ds->features, i, 1);
    }
  /* The truth and a second panel (its labels rotated) as a method's result would be. */
  g_autoptr (LescMatrix) rotated = lesc_matrix_new (n, 3);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < 3; j++)
      LESC_AT (rotated, i, j) = LESC_AT (ds->truth, i, (j + 1) % 3);
  const char *names[] = { "Ground truth", "Rotated" };
  const LescMatrix *tables[] = { ds->truth, rotated };
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  g_autoptr (GError) error = NULL;
  model = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 2, names, tables, &opt, &error);
  g_assert_no_error (error);
  g_test_add_func ("/term-figure/truecolor", test_truecolor);
  g_test_add_func ("/term-figure/256", test_256);
  g_test_add_func ("/term-figure/lines", test_lines);
  g_test_add_func ("/term-figure/ascii-no-colour", test_ascii_and_no_colour);
  g_test_add_func ("/term-figure/sixel", test_sixel);
  g_test_add_func ("/term-figure/text", test_text);
  g_test_add_func ("/term-figure/bad-options", test_bad_options);
  int status = g_test_run ();
  lesc_scatter_model_free (model);
  return status;
}
