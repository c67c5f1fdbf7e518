/* Presenter mode's figure style (plot/text.h, LescPlotStyle): the Sensitivity view's
 * λ grid painted as the window paints it (72 dpi: a point is a pixel) at ×1 and ×2, and
 * the height of the axis labels' ink measured on the rendered pixels — the darkest rows
 * inside the column labels' boxes (the λ₂ values under the grid) and the rows of the axis
 * title below them. At ×2 they are at least 14 px tall (docs/teaching.md, "Presenter
 * mode"); at ×1 less. High contrast: grey text drawn black. */
#include "config.h"

#include <glib.h>
#include <math.h>

#include "plot/export.h"
#include "plot/heatmap.h"
#include "plot/optimizer.h"

#define W 640.0
#define H 480.0

static LescHeatmapModel *
grid_model (void)
{
  const double l1[] = { 1e-4, 1e-3, 1e-2, 1e-1, 1, 10 };
  const double l2[] = { 1e-4, 1e-3, 1e-2, 1e-1, 1, 10 };
  double v[36];
  for (int i = 0; i < 36; i++)
    v[i] = 0.1 + 0.01 * ((i * 7) % 13);
  return lesc_heatmap_model_new (6, 6, l1, l2, v, "Cheb", TRUE);
}

static void
paint (cairo_t *cr, double w, double h, const void *model)
{
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  lesc_plot_heatmap_paint (cr, w, h, model);
}

/* Rows y0 … y1 of the image with ink (a pixel darker than mid-grey) within columns
 * x0 … x1; FALSE when there is none. */
static gboolean
ink_rows (cairo_surface_t *img, int x0, int x1, int y0, int y1, int *top, int *bottom)
{
  int w = cairo_image_surface_get_width (img), h = cairo_image_surface_get_height (img);
  int stride = cairo_image_surface_get_stride (img);
  const guchar *px = cairo_image_surface_get_data (img);
  *top = G_MAXINT;
  *bottom = -1;
  for (int y = MAX (y0, 0); y <= MIN (y1, h - 1); y++)
    for (int x = MAX (x0, 0); x <= MIN (x1, w - 1); x++)
      {
        const guchar *p = px + (gsize) y * stride + 4 * x;   /* B G R A */
        if (MAX (MAX (p[0], p[1]), p[2]) < 110)
          {
            *top = MIN (*top, y);
            *bottom = MAX (*bottom, y);
          }
      }
  return *bottom >= 0;
}

/* The ink heights (px) of the column labels and of the column axis title at `scale`. */
static void
measure (double scale, double *labels, double *title)
{
  g_autoptr (LescHeatmapModel) m = grid_model ();
  LescPlotStyle style = { scale, FALSE };
  cairo_surface_t *img = lesc_plot_render_image_style (W, H, 72.0, &style, paint, m);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  /* where the painter put the labels: its own layout, on the painter's w/s × h/s */
  cairo_surface_t *scratch = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (scratch);
  cairo_scale (cr, scale, scale);
  LescHeatmapLayout *l = lesc_heatmap_layout_new (cr, W / scale, H / scale, m);
  cairo_destroy (cr);
  cairo_surface_destroy (scratch);
  /* every column label: the tallest ink (they are the same kind of text) */
  *labels = 0;
  double below = 0;
  for (guint j = 0; j < l->cols; j++)
    {
      const LescRect *r = &l->col_labels[j];
      int top, bottom;
      g_assert_true (ink_rows (img, (int) floor (r->x * scale) - 1, (int) ceil ((r->x + r->width) * scale) + 1,
                               (int) floor (r->y * scale) - 1, (int) ceil ((r->y + r->height) * scale) + 1,
                               &top, &bottom));
      *labels = MAX (*labels, bottom - top + 1);
      below = MAX (below, (r->y + r->height) * scale);
    }
  /* the axis title: the ink under the labels, across the grid */
  const LescRect *first = &l->cells[0], *last = &l->cells[l->rows * l->cols - 1];
  int top, bottom;
  g_assert_true (ink_rows (img, (int) (first->x * scale), (int) ((last->x + last->width) * scale),
                           (int) ceil (below) + 1, cairo_image_surface_get_height (img) - 1, &top, &bottom));
  *title = bottom - top + 1;
  g_test_message ("×%.2f: column labels %.0f px, axis title %.0f px of ink", scale, *labels, *title);
  lesc_heatmap_layout_free (l);
  cairo_surface_destroy (img);
}

static void
test_axis_labels (void)
{
  double labels1, title1, labels2, title2;
  measure (1.0, &labels1, &title1);
  measure (2.0, &labels2, &title2);
  g_assert_cmpfloat (labels2, >=, 14.0);
  g_assert_cmpfloat (title2, >=, 14.0);
  g_assert_cmpfloat (labels1, <, 14.0);
  g_assert_cmpfloat (title1, <, 14.0);
  /* set anew at twice the size, not a stretched picture of the ×1 one: about twice */
  g_assert_cmpfloat (labels2 / labels1, >, 1.7);
  g_assert_cmpfloat (labels2 / labels1, <, 2.3);
  double l15, t15;
  measure (1.5, &l15, &t15);
  g_assert_cmpfloat (l15, >, labels1);
  g_assert_cmpfloat (l15, <, labels2);
}

/* The Optimizer figure's iteration numbers (its smallest axis text): the ink in the band
 * under the objective's plot area, left half (away from the "iteration" title at the
 * right end), at `scale`. */
static double
optimizer_axis_ink (double scale)
{
  double it[101], f[101];
  for (int i = 0; i <= 100; i++)
    it[i] = i, f[i] = 100.0 * pow (10.0, 3.0 * (1.0 - i / 100.0));
  g_autoptr (LescOptimizerModel) m = lesc_optimizer_model_new ("GLLE on test", 101, it, f, 0, NULL, NULL,
                                                               300, NAN);
  LescPlotStyle style = { scale, FALSE };
  cairo_surface_t *img = lesc_plot_render_image_style (W, H, 72.0, &style,
                                                       (LescPaintFunc) lesc_plot_optimizer_paint, m);
  LescOptimizerLayout l;
  lesc_optimizer_layout (W / scale, H / scale, m, &l);
  const LescRect *a = &l.objective;
  double bottom = a->y + a->height;
  int top, end;
  /* below the tick marks (3 units long) down to the title's line */
  g_assert_true (ink_rows (img, (int) (a->x * scale), (int) ((a->x + a->width / 2) * scale),
                           (int) ceil ((bottom + 3.5) * scale), (int) ((bottom + 4.0 + 1.15 * 10.5) * scale),
                           &top, &end));
  cairo_surface_destroy (img);
  g_test_message ("×%.2f: the Optimizer's iteration numbers %d px of ink", scale, end - top + 1);
  return end - top + 1;
}

static void
test_optimizer_axis_labels (void)
{
  double one = optimizer_axis_ink (1.0), two = optimizer_axis_ink (2.0);
  g_assert_cmpfloat (two, >=, 14.0);
  g_assert_cmpfloat (one, <, 14.0);
  g_assert_cmpfloat (two / one, >, 1.7);
}

/* The painter sees width/scale × height/scale points; the image keeps its pixel size. */
static void
test_image_size (void)
{
  g_autoptr (LescHeatmapModel) m = grid_model ();
  LescPlotStyle style = { 2.0, FALSE };
  cairo_surface_t *img = lesc_plot_render_image_style (W, H, 144.0, &style, paint, m);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, 2 * (int) W);
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, 2 * (int) H);
  cairo_surface_destroy (img);
}

/* High contrast: text of any grey is drawn black, light text white. */
static void
grey_text (cairo_t *cr, double w, double h, const void *model)
{
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  PangoLayout *t = lesc_text_new (cr, "MMMM", 30, TRUE);
  lesc_text_show (cr, t, 10, 10, 0, 0, NULL);
  g_object_unref (t);
}

static int
darkest (cairo_surface_t *img)
{
  int best = 255, stride = cairo_image_surface_get_stride (img);
  const guchar *px = cairo_image_surface_get_data (img);
  for (int y = 0; y < cairo_image_surface_get_height (img); y++)
    for (int x = 0; x < cairo_image_surface_get_width (img); x++)
      best = MIN (best, px[(gsize) y * stride + 4 * x + 1]);
  return best;
}

static void
test_high_contrast (void)
{
  LescPlotStyle plain = { 1.0, FALSE }, contrast = { 1.0, TRUE };
  cairo_surface_t *a = lesc_plot_render_image_style (200, 60, 72.0, &plain, grey_text, NULL);
  cairo_surface_t *b = lesc_plot_render_image_style (200, 60, 72.0, &contrast, grey_text, NULL);
  g_assert_cmpint (darkest (a), >=, 130);   /* 0.55 grey */
  g_assert_cmpint (darkest (b), <=, 10);    /* black */
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-style/optimizer-axis-labels", test_optimizer_axis_labels);
  g_test_add_func ("/plot-style/axis-labels", test_axis_labels);
  g_test_add_func ("/plot-style/image-size", test_image_size);
  g_test_add_func ("/plot-style/high-contrast", test_high_contrast);
  return g_test_run ();
}
