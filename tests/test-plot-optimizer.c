/* The optimizer figure (plot/optimizer.h): the layout maps iterations and f as stated,
 * the curve, the cap, the optimum and the marker are where they should be in the pixels,
 * the CSV holds one row per recorded iteration, and PNG/SVG/PDF export. */
#include "plot/export.h"
#include "plot/optimizer.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* f falls from 10⁶ to 100 over 200 iterations; measures at every 10th iteration */
static LescOptimizerModel *
model (gboolean with_measures)
{
  guint n = 201, s = 21;
  g_autofree double *it = g_new (double, n);
  g_autofree double *f = g_new (double, n);
  for (guint i = 0; i < n; i++)
    {
      it[i] = i;
      f[i] = 100.0 * pow (10.0, 4.0 * (1.0 - i / 200.0));
    }
  g_autofree double *si = g_new (double, s);
  g_autofree double *mv = g_new (double, s * LESC_N_MEASURES);
  for (guint k = 0; k < s; k++)
    {
      si[k] = 10.0 * k;
      for (int j = 0; j < LESC_N_MEASURES; j++)
        mv[k * LESC_N_MEASURES + j] = 0.5 - 0.01 * k + 0.1 * j;
    }
  return lesc_optimizer_model_new ("GLLE on test", n, it, f, s, si, with_measures ? mv : NULL,
                                   300, 50.0);
}

static void
test_layout (void)
{
  g_autoptr (LescOptimizerModel) m = model (TRUE);
  LescOptimizerLayout l;
  lesc_optimizer_layout (700, 500, m, &l);
  /* the axis reaches past the cap even though the run stopped at 200 */
  g_assert_cmpfloat (l.x_max, ==, 315.0);
  g_assert_cmpfloat (l.log_lo, ==, 1.0);   /* the optimum 50 lies in the decade above 10 */
  g_assert_cmpfloat (l.log_hi, ==, 6.0);
  const LescRect *a = &l.objective;
  g_assert_cmpfloat (lesc_optimizer_x (&l, a, 0), ==, a->x);
  g_assert_cmpfloat (fabs (lesc_optimizer_x (&l, a, 315) - (a->x + a->width)), <, 1e-9);
  g_assert_cmpfloat (fabs (lesc_optimizer_y (&l, 1e6) - a->y), <, 1e-9);
  g_assert_cmpfloat (fabs (lesc_optimizer_y (&l, 10.0) - (a->y + a->height)), <, 1e-9);
  /* the measures' panels lie under the objective, inside the figure, without overlap */
  for (int k = 0; k < LESC_N_MEASURES; k++)
    {
      const LescRect *r = &l.measures[k];
      g_assert_cmpfloat (r->y, >, a->y + a->height);
      g_assert_cmpfloat (r->x + r->width, <=, 700.0);
      g_assert_cmpfloat (r->y + r->height, <=, 500.0);
      g_assert_cmpfloat (l.lo[k], <, l.hi[k]);
      for (int j = 0; j < k; j++)
        g_assert_false (lesc_rect_intersects (r, &l.measures[j]));
    }
  /* without measures the objective takes the height */
  g_autoptr (LescOptimizerModel) bare = model (FALSE);
  LescOptimizerLayout lb;
  lesc_optimizer_layout (700, 500, bare, &lb);
  g_assert_cmpfloat (lb.objective.height, >, 1.5 * a->height);
  g_assert_cmpfloat (lb.measures[0].width, ==, 0.0);
}

static void
pixel (cairo_surface_t *img, double x, double y, int rgb[3])
{
  x *= 2, y *= 2;   /* 144 dpi */
  const guint8 *d = cairo_image_surface_get_data (img);
  guint32 v = *(const guint32 *) (d + (gsize) floor (y) * cairo_image_surface_get_stride (img)
                                  + (gsize) floor (x) * 4);
  rgb[0] = (v >> 16) & 255;
  rgb[1] = (v >> 8) & 255;
  rgb[2] = v & 255;
}

static void
test_pixels (void)
{
  g_autoptr (LescOptimizerModel) m = model (TRUE);
  m->marker = 150;
  double w = 700, h = 500;
  cairo_surface_t *img = lesc_plot_render_image (w, h, 144, (LescPaintFunc) lesc_plot_optimizer_paint, m);
  cairo_surface_flush (img);
  LescOptimizerLayout l;
  lesc_optimizer_layout (w, h, m, &l);
  const LescRect *a = &l.objective;
  int c[3];
  /* the curve (blue) at iteration 100 */
  pixel (img, lesc_optimizer_x (&l, a, 100), lesc_optimizer_y (&l, m->objective[100]), c);
  g_assert_cmpint (c[2], >, c[0] + 60);
  /* the optimum's line (green, dashed) between iterations 220 and 280 */
  guint green = 0;
  for (double it = 220; it < 280; it += 0.5)
    {
      pixel (img, lesc_optimizer_x (&l, a, it), lesc_optimizer_y (&l, 50.0), c);
      green += c[1] > c[0] + 40 && c[1] > c[2] + 40;
    }
  g_assert_cmpuint (green, >, 20);
  /* the cap (red, dashed): some of its pixels over the height */
  double x = lesc_optimizer_x (&l, a, 300);
  guint red = 0;
  for (double y = a->y + 20; y < a->y + a->height; y += 1.0)
    {
      pixel (img, x, y, c);
      red += c[0] > c[1] + 60 && c[0] > c[2] + 60;
    }
  g_assert_cmpuint (red, >, 10);
  /* the marker (dark) at iteration 150, away from the curve */
  pixel (img, lesc_optimizer_x (&l, a, 150), a->y + a->height - 3.0, c);
  g_assert_cmpint (c[0], <, 160);
  /* background elsewhere: white inside the plot, above the curve late in the run */
  pixel (img, lesc_optimizer_x (&l, a, 280), a->y + 0.5 * a->height - 30.0, c);
  g_assert_cmpint (c[0] + c[1] + c[2], ==, 3 * 255);
  cairo_surface_destroy (img);
}

static void
test_csv_and_export (void)
{
  g_autoptr (LescOptimizerModel) m = model (TRUE);
  g_autofree char *csv = lesc_optimizer_model_to_csv (m);
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "# GLLE on test");
  g_assert_cmpstr (lines[1], ==, "# reference iteration cap 300");
  g_assert_cmpstr (lines[2], ==, "# converged optimum 50");
  g_assert_cmpstr (lines[3], ==, "iteration,objective,cheb,clark,canber,kl,cosine,intersec");
  g_assert_cmpuint (g_strv_length (lines), ==, 4 + 201 + 1);
  g_assert_cmpstr (lines[4], ==, "0,1000000,0.5,0.6,0.7,0.8,0.9,1");
  g_assert_cmpstr (lines[5], ==, "1,954992.586,,,,,,");
  g_assert_true (g_str_has_prefix (lines[4 + 200], "200,100,0.3,"));
  const char *ext[] = { "png", "svg", "pdf" };
  g_autofree char *dir = g_dir_make_tmp ("lesc-optimizer-XXXXXX", NULL);
  for (int e = 0; e < 3; e++)
    {
      g_autofree char *name = g_strdup_printf ("optimizer.%s", ext[e]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr (GError) error = NULL;
      g_assert_true (lesc_plot_export (path, 700, 500, 144, (LescPaintFunc) lesc_plot_optimizer_paint, m,
                                       &error));
      g_assert_no_error (error);
      GStatBuf st;
      g_assert_cmpint (g_stat (path, &st), ==, 0);
      g_assert_cmpint (st.st_size, >, 1000);
      g_unlink (path);
    }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/optimizer/layout", test_layout);
  g_test_add_func ("/plot/optimizer/pixels", test_pixels);
  g_test_add_func ("/plot/optimizer/csv-and-export", test_csv_and_export);
  return g_test_run ();
}
