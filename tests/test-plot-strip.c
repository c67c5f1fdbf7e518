/* The λ strip (plot/strip.h): square cells in rows inside the figure, hit tests, the
 * computed cells in their colours, the missing ones grey, the current one outlined, the
 * CSV of the computed cells. */
#include "plot/export.h"
#include "plot/strip.h"

#include <math.h>
#include <string.h>

static const double lambdas[8] = { 1e-4, 1e-3, 1e-2, 1e-1, 1, 10, 100, 1000 };

/* a 10×10 grid of samples; row 0 fully computed except cell 3, row 1 only cell 5 */
static LescStripModel *
model (void)
{
  g_autoptr (LescMatrix) xy = lesc_matrix_new (100, 2);
  for (gsize i = 0; i < 100; i++)
    LESC_AT (xy, i, 0) = i % 10, LESC_AT (xy, i, 1) = i / 10;
  LescStripModel *m = lesc_strip_model_new ("gLESC on test", 2, 8, xy);
  m->grid = TRUE;
  lesc_strip_model_set_row (m, 0, "λ₁ (λ₂ = 10)", lambdas, 5);
  lesc_strip_model_set_row (m, 1, "λ₂ (λ₁ = 10)", lambdas, -1);
  for (guint c = 0; c < 8; c++)
    if (c != 3)
      {
        LescMatrix *col = lesc_matrix_new (100, 3);
        for (gsize i = 0; i < 100; i++)
          LESC_AT (col, i, c % 3) = 1.0;   /* red, green or blue */
        lesc_strip_model_set_cell (m, 0, c, col);
      }
  LescMatrix *one = lesc_matrix_new (100, 3);
  for (gsize i = 0; i < 100; i++)
    LESC_AT (one, i, 2) = 1.0;
  lesc_strip_model_set_cell (m, 1, 5, one);
  return m;
}

static void
test_layout_and_hits (void)
{
  g_autoptr (LescStripModel) m = model ();
  double w = 900, h = 360;
  LescRect cells[16];
  lesc_strip_layout (w, h, m, cells);
  for (guint k = 0; k < 16; k++)
    {
      const LescRect *r = &cells[k];
      g_assert_cmpfloat (r->width, ==, r->height);
      g_assert_cmpfloat (r->width, >, 40.0);
      g_assert_cmpfloat (r->x, >=, 0.0);
      g_assert_cmpfloat (r->x + r->width, <=, w);
      g_assert_cmpfloat (r->y + r->height, <=, h);
      for (guint j = 0; j < k; j++)
        g_assert_false (lesc_rect_intersects (r, &cells[j]));
      guint row, col;
      g_assert_true (lesc_strip_hit (w, h, m, r->x + r->width / 2, r->y + r->height / 2, &row, &col));
      g_assert_cmpuint (row * 8 + col, ==, k);
    }
  /* left to right, top to bottom */
  g_assert_cmpfloat (cells[1].x, >, cells[0].x);
  g_assert_cmpfloat (cells[8].y, >, cells[0].y + cells[0].height);
  guint row, col;
  g_assert_false (lesc_strip_hit (w, h, m, 1.0, 1.0, &row, &col));
}

static void
pixel (cairo_surface_t *img, double x, double y, int rgb[3])
{
  const guint8 *d = cairo_image_surface_get_data (img);
  guint32 v = *(const guint32 *) (d + (gsize) floor (2 * y) * cairo_image_surface_get_stride (img)
                                  + (gsize) floor (2 * x) * 4);
  rgb[0] = (v >> 16) & 255;
  rgb[1] = (v >> 8) & 255;
  rgb[2] = v & 255;
}

static void
test_pixels (void)
{
  g_autoptr (LescStripModel) m = model ();
  double w = 900, h = 360;
  cairo_surface_t *img = lesc_plot_render_image (w, h, 144, (LescPaintFunc) lesc_plot_strip_paint, m);
  cairo_surface_flush (img);
  LescRect cells[16];
  lesc_strip_layout (w, h, m, cells);
  int c[3];
  for (guint k = 0; k < 8; k++)
    {
      pixel (img, cells[k].x + cells[k].width * 0.3, cells[k].y + cells[k].height * 0.3, c);
      if (k == 3)
        {
          /* not computed: grey */
          g_assert_cmpint (c[0], ==, c[1]);
          g_assert_cmpint (c[1], ==, c[2]);
          g_assert_cmpint (c[0], >, 200);
          g_assert_cmpint (c[0], <, 250);
        }
      else
        {
          g_assert_cmpint (c[k % 3], ==, 255);
          g_assert_cmpint (c[(k + 1) % 3], ==, 0);
        }
    }
  /* the current cell (row 0, λ₁ = 10) is outlined in red; its neighbour is not */
  pixel (img, cells[5].x + cells[5].width / 2, cells[5].y - 0.5, c);
  g_assert_cmpint (c[0], >, 180);
  g_assert_cmpint (c[1], <, 80);
  pixel (img, cells[4].x + cells[4].width / 2, cells[4].y - 1.2, c);
  g_assert_cmpint (c[1], >, 180);
  cairo_surface_destroy (img);

  /* the same positions as scattered samples (PCA scores): squares of half the side, so
   * between two neighbours (at a tenth of the plot from each other) the plot is white */
  m->grid = FALSE;
  img = lesc_plot_render_image (w, h, 144, (LescPaintFunc) lesc_plot_strip_paint, m);
  cairo_surface_flush (img);
  double step = (cells[0].width - cells[0].width / 10 * 0.5) / 9;
  pixel (img, cells[0].x + step * 0.75, cells[0].y + cells[0].height * 0.5, c);
  g_assert_cmpint (c[0], >, 240);
  g_assert_cmpint (c[1], >, 240);
  g_assert_cmpint (c[2], >, 240);
  pixel (img, cells[0].x + cells[0].width / 40, cells[0].y + cells[0].height - cells[0].width / 40, c);
  g_assert_cmpint (c[0], ==, 255);   /* sample 0, red, at the bottom left */
  g_assert_cmpint (c[1], ==, 0);
  cairo_surface_destroy (img);
}

static void
test_csv (void)
{
  g_autoptr (LescStripModel) m = model ();
  g_autoptr (LescStripModel) c = lesc_strip_model_copy (m);
  g_autofree char *csv = lesc_strip_model_to_csv (c);
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "# gLESC on test");
  g_assert_cmpstr (lines[3], ==, "row,col,value,sample,x,y,r,g,b");
  /* 7 + 1 computed cells of 100 samples */
  g_assert_cmpuint (g_strv_length (lines), ==, 4 + 800 + 1);
  g_assert_cmpstr (lines[4], ==, "1,1,0.0001,1,0,0,1.000000,0.000000,0.000000");
  g_assert_cmpstr (lines[4 + 799], ==, "2,6,10,100,9,9,0.000000,0.000000,1.000000");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/strip/layout-and-hits", test_layout_and_hits);
  g_test_add_func ("/plot/strip/pixels", test_pixels);
  g_test_add_func ("/plot/strip/csv", test_csv);
  return g_test_run ();
}
