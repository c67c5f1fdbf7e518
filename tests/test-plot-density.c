/* Dense scatters drawn binned (src/plot/scatter-density.c, docs/figures.md §2 "Large
 * data"): on a generated set of 10⁵ samples a bin's mean colour, count and opacity equal
 * those of the samples in it, the painted figure shows every probed bin's mean colour laid
 * on white (RGB and heatmap style), painting 10⁵ samples takes the binned path (20 000 do
 * not), the caption names the bins, and `lesc plot scatter` draws the same on a .npy. */
#include "core/base/random.h"
#include "core/data/npy.h"
#include "testcairo.h"
#include "plot/export.h"
#include "plot/scatter.h"
#include "testcli.h"
#include "testfiles.h"
#include "testutil.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* n samples in three blobs; each sample's 3-label distribution follows its position (a
 * softmax of three linear scores) so that bins have colours that differ. */
static void
generate (gsize n, guint32 seed, LescMatrix **xy, LescMatrix **dist)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  *xy = lesc_matrix_new (n, 2);
  *dist = lesc_matrix_new (n, 3);
  const double cx[3] = { -2, 1.5, 0.5 }, cy[3] = { 0, -1, 2 };
  for (gsize i = 0; i < n; i++)
    {
      guint blob = (guint) (lesc_random_double (&r) * 3) % 3;
      /* Box–Muller */
      double u = MAX (lesc_random_double (&r), 1e-300), v = lesc_random_double (&r);
      double rad = sqrt (-2 * log (u));
      double x = cx[blob] + 0.8 * rad * cos (2 * G_PI * v), y = cy[blob] + 0.8 * rad * sin (2 * G_PI * v);
      LESC_AT (*xy, i, 0) = x;
      LESC_AT (*xy, i, 1) = y;
      double s[3] = { x, y, 0.5 * (lesc_random_double (&r) - 0.5) - 0.3 * x }, sum = 0;
      for (int j = 0; j < 3; j++)
        sum += s[j] = exp (s[j]);
      for (int j = 0; j < 3; j++)
        LESC_AT (*dist, i, j) = s[j] / sum;
    }
}

static LescScatterModel *
model_of (const LescMatrix *xy, const LescMatrix *dist, LescScatterStyle style)
{
  g_autoptr (LescMatrix) flat = lesc_matrix_copy (dist);
  for (gsize i = 0; i < flat->rows * flat->cols; i++)
    flat->data[i] = 0.6 * flat->data[i] + 0.4 / 3.0;
  const LescMatrix *tables[] = { dist, flat };
  const char *names[] = { "Ground truth", "Flat" };
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = style;
  g_autoptr (GError) error = NULL;
  LescScatterModel *m = lesc_scatter_model_new (xy, FALSE, "PC 1", "PC 2", 2, names, tables, &opt, &error);
  g_assert_no_error (error);
  return m;
}

/* The bin of sample i on a w × h grid over the layout's range, by the rule of
 * docs/figures.md §2: x from the left, y from the top. */
static void
bin_of_sample (const LescScatterLayout *l, const LescMatrix *xy, gsize i, guint w, guint h, guint *bx, guint *by)
{
  double fx = (LESC_AT (xy, i, 0) - l->x_lo) / (l->x_hi - l->x_lo) * w;
  double fy = (LESC_AT (xy, i, 1) - l->y_lo) / (l->y_hi - l->y_lo) * h;
  *bx = (guint) MIN (floor (fx), w - 1.0);
  *by = h - 1 - (guint) MIN (floor (fy), h - 1.0);
}

/* The mean of `values`' rows (k columns) over the samples in bin (bx, by); the count. */
static guint
brute_mean (const LescScatterLayout *l, const LescMatrix *xy, const LescMatrix *values, gsize col0, guint k,
            guint w, guint h, guint bx, guint by, double *mean)
{
  guint count = 0;
  memset (mean, 0, sizeof (double) * k);
  for (gsize i = 0; i < xy->rows; i++)
    {
      guint x, y;
      bin_of_sample (l, xy, i, w, h, &x, &y);
      if (x != bx || y != by)
        continue;
      count++;
      for (guint j = 0; j < k; j++)
        mean[j] += LESC_AT (values, i, col0 + j);
    }
  for (guint j = 0; j < k; j++)
    mean[j] /= MAX (count, 1u);
  return count;
}

/* Bins to probe: the fullest, and about 60 nonempty ones spread over the grid. */
static GArray *
probe_bins (const LescScatterBins *b)
{
  GArray *at = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize fullest = 0, seen = 0, nonempty = 0;
  for (gsize i = 0; i < (gsize) b->w * b->h; i++)
    nonempty += b->count[i] > 0;
  gsize step = MAX (nonempty / 60, 1);
  for (gsize i = 0; i < (gsize) b->w * b->h; i++)
    {
      if (b->count[i] > b->count[fullest])
        fullest = i;
      if (b->count[i] > 0 && seen++ % step == 0)
        g_array_append_val (at, i);
    }
  g_array_append_val (at, fullest);
  return at;
}

/* The image's pixel (x, y) unpremultiplied: RGB in [0, 1] and the opacity. */
static void
image_pixel (cairo_surface_t *img, guint x, guint y, double rgb[3], double *alpha)
{
  cairo_surface_flush (img);
  const guint8 *data = cairo_image_surface_get_data (img);
  guint32 v = *(const guint32 *) (data + (gsize) y * cairo_image_surface_get_stride (img) + (gsize) x * 4);
  double a = (v >> 24) / 255.0;
  *alpha = a;
  for (int j = 0; j < 3; j++)
    rgb[j] = a > 0 ? ((v >> (16 - 8 * j)) & 255) / 255.0 / a : 0.0;
}

/* Each probed bin of panel `panel` (label −1: RGB) holds the mean of its samples, and the
 * bins' image shows it. */
static void
check_bins (const LescScatterModel *m, const LescScatterLayout *l, guint panel, int label, guint w, guint h)
{
  g_autoptr (LescScatterBins) b = lesc_scatter_model_bins (m, l, panel, label, w, h);
  g_assert_cmpuint (b->w, ==, w);
  g_assert_cmpuint (b->h, ==, h);
  gsize total = 0;
  for (gsize i = 0; i < (gsize) w * h; i++)
    total += b->count[i];
  g_assert_cmpuint (total, ==, m->xy->rows);
  cairo_surface_t *img = lesc_scatter_model_bins_image (m, label, b);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, (int) w);
  g_autoptr (GArray) at = probe_bins (b);
  g_assert_cmpuint (at->len, >, 20);
  const LescMatrix *values = label < 0 ? m->panels[panel].colors : m->panels[panel].values;
  guint k = label < 0 ? 3 : 1;
  for (guint t = 0; t < at->len; t++)
    {
      gsize i = g_array_index (at, gsize, t);
      guint bx = (guint) (i % w), by = (guint) (i / w);
      double mean[3], want[3], got[3], a, ga;
      guint count = brute_mean (l, m->xy, values, label < 0 ? 0 : (gsize) label, k, w, h, bx, by, mean);
      g_assert_cmpuint (b->count[i], ==, count);
      for (guint j = 0; j < k; j++)
        g_assert_cmpfloat_with_epsilon (b->mean[i * k + j], mean[j], 1e-12);
      if (label < 0)
        memcpy (want, mean, sizeof want);
      else
        lesc_scatter_model_value_color (m, label, mean[0], want);
      g_assert_true (lesc_scatter_model_bin_color (m, label, b, bx, by, got, &a));
      g_assert_cmpfloat_with_epsilon (a, lesc_scatter_bins_alpha (count, b->max_count), 1e-15);
      /* the image: premultiplied 8-bit channels, so the colour back to within 1/(255 a) */
      image_pixel (img, bx, by, got, &ga);
      g_assert_cmpfloat (fabs (ga - a), <=, 0.5 / 255 + 1e-9);
      for (int j = 0; j < 3; j++)
        g_assert_cmpfloat (fabs (got[j] - CLAMP (want[j], 0, 1)), <=, 1.0 / (255 * ga) + 1e-9);
    }
  g_assert_cmpfloat_with_epsilon (lesc_scatter_bins_alpha (b->max_count, b->max_count), 1.0, 1e-12);
  g_assert_cmpfloat (lesc_scatter_bins_alpha (1, b->max_count), >=, 0.3);
  g_assert_cmpfloat (lesc_scatter_bins_alpha (0, b->max_count), ==, 0.0);
  cairo_surface_destroy (img);
}

/* The figure painted: at device pixels whose centre falls well inside a bin, the colour is
 * that bin's mean colour over white at its opacity. */
static void
check_painted (const LescScatterModel *m, double width, double height, double dpi, guint panel, int label,
               guint plot)
{
  cairo_t *cr = lesc_test_png_context (width, height, dpi);
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, width, height, m);
  g_assert_cmpuint (l->bins_w, >, 50);
  lesc_plot_scatter_paint (cr, width, height, m);
  cairo_surface_t *img = cairo_get_target (cr);
  cairo_surface_flush (img);
  g_autoptr (LescScatterBins) b = lesc_scatter_model_bins (m, l, panel, label, l->bins_w, l->bins_h);
  const LescRect *r = &l->plots[plot];
  double x0 = r->x, y0 = r->y, x1 = r->x + r->width, y1 = r->y + r->height;
  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  const guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
  guint checked = 0, coloured = 0;
  for (int py = (int) ceil (y0) + 1; py < (int) floor (y1) - 1; py += 3)
    for (int px = (int) ceil (x0) + 1; px < (int) floor (x1) - 1; px += 3)
      {
        /* the source position cairo's nearest filter reads for this pixel */
        double fx = (px + 0.5 - x0) / (x1 - x0) * b->w, fy = (py + 0.5 - y0) / (y1 - y0) * b->h;
        if (fx - floor (fx) < 0.05 || fx - floor (fx) > 0.95 || fy - floor (fy) < 0.05 || fy - floor (fy) > 0.95)
          continue;
        double rgb[3], a;
        gboolean full = lesc_scatter_model_bin_color (m, label, b, (guint) fx, (guint) fy, rgb, &a);
        guint32 v = *(const guint32 *) (data + (gsize) py * stride + (gsize) px * 4);
        for (int j = 0; j < 3; j++)
          {
            double want = full ? a * CLAMP (rgb[j], 0, 1) + (1 - a) : 1.0;
            g_assert_cmpfloat (fabs (((v >> (16 - 8 * j)) & 255) / 255.0 - want), <=, 1.5 / 255);
          }
        checked++;
        coloured += full;
      }
  g_test_message ("painted plot %u: %u pixels checked, %u in nonempty bins", plot, checked, coloured);
  g_assert_cmpuint (coloured, >, 500);
  cairo_destroy (cr);
}

static void
test_bins_rgb (void)
{
  g_autoptr (LescMatrix) xy = NULL;
  g_autoptr (LescMatrix) dist = NULL;
  generate (100000, 11, &xy, &dist);
  g_autoptr (LescScatterModel) m = model_of (xy, dist, LESC_SCATTER_RGB);
  g_assert_true (lesc_scatter_is_binned (m));
  cairo_t *cr = lesc_test_png_context (480, 300, 150);
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, 480, 300, m);
  /* a bin per device pixel of a plot */
  double dw = l->plots[0].width, dh = l->plots[0].height;
  cairo_user_to_device_distance (cr, &dw, &dh);
  g_assert_cmpuint (l->bins_w, ==, (guint) ceil (dw - 1e-6));
  g_assert_cmpuint (l->bins_h, ==, (guint) ceil (dh - 1e-6));
  for (guint p = 0; p < 2; p++)
    check_bins (m, l, p, -1, l->bins_w, l->bins_h);
  /* a coarse grid too: many samples per bin */
  check_bins (m, l, 0, -1, 40, 30);
  cairo_destroy (cr);
  check_painted (m, 480, 300, 150, 0, -1, 0);
  check_painted (m, 480, 300, 150, 1, -1, 1);
}

static void
test_bins_heatmap (void)
{
  g_autoptr (LescMatrix) xy = NULL;
  g_autoptr (LescMatrix) dist = NULL;
  generate (60000, 12, &xy, &dist);
  g_autoptr (LescScatterModel) m = model_of (xy, dist, LESC_SCATTER_HEATMAPS);
  g_assert_true (lesc_scatter_is_binned (m));
  cairo_t *cr = lesc_test_png_context (600, 300, 144);
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, 600, 300, m);
  for (int k = 0; k < 3; k++)
    check_bins (m, l, 1, k, l->bins_w, l->bins_h);
  cairo_destroy (cr);
  /* panel 1, label 2: plot 1·3 + 2 */
  check_painted (m, 600, 300, 144, 1, 2, 5);
}

/* Threshold: 20 000 samples are dots, 20 001 bins; the grid of the artificial set is never
 * binned; the caption names the bins of the layout. */
static void
test_threshold_and_caption (void)
{
  g_autoptr (LescMatrix) xy = NULL;
  g_autoptr (LescMatrix) dist = NULL;
  generate (LESC_SCATTER_BIN_THRESHOLD + 1, 13, &xy, &dist);
  g_autoptr (LescScatterModel) above = model_of (xy, dist, LESC_SCATTER_RGB);
  g_assert_true (lesc_scatter_is_binned (above));
  g_autoptr (LescMatrix) xy2 = lesc_matrix_new (LESC_SCATTER_BIN_THRESHOLD, 2);
  g_autoptr (LescMatrix) dist2 = lesc_matrix_new (LESC_SCATTER_BIN_THRESHOLD, 3);
  memcpy (xy2->data, xy->data, sizeof (double) * xy2->rows);
  memcpy (xy2->data + xy2->rows, xy->data + xy->rows, sizeof (double) * xy2->rows);
  for (int j = 0; j < 3; j++)
    memcpy (dist2->data + j * dist2->rows, dist->data + j * dist->rows, sizeof (double) * dist2->rows);
  g_autoptr (LescScatterModel) at = model_of (xy2, dist2, LESC_SCATTER_RGB);
  g_assert_false (lesc_scatter_is_binned (at));
  g_autofree char *cap_at = lesc_scatter_caption (at);
  g_assert_null (strstr (cap_at, "Binned"));

  g_autofree char *unsized = lesc_scatter_caption (above);
  g_assert_nonnull (strstr (unsized, "Binned: 20001 samples, a bin per pixel"));
  cairo_t *cr = lesc_test_png_context (400, 260, 72);
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, 400, 260, above);
  g_autofree char *sized = lesc_scatter_caption_binned (above, l->bins_w, l->bins_h);
  g_autofree char *want = g_strdup_printf ("Binned: 20001 samples in %u×%u bins", l->bins_w, l->bins_h);
  g_test_message ("%s", sized);
  g_assert_nonnull (strstr (sized, want));
  cairo_destroy (cr);
  /* on a grid (the artificial set's cells) nothing is binned, however many samples */
  g_autoptr (LescMatrix) grid = lesc_matrix_new (160 * 160, 2);
  g_autoptr (LescMatrix) gd = lesc_matrix_new (160 * 160, 3);
  for (gsize i = 0; i < grid->rows; i++)
    {
      LESC_AT (grid, i, 0) = (double) (i % 160);
      LESC_AT (grid, i, 1) = (double) (i / 160);
      for (int j = 0; j < 3; j++)
        LESC_AT (gd, i, j) = (j + 1 + (i % 7 == (gsize) j)) / 7.0;
    }
  const LescMatrix *t[] = { gd };
  const char *n[] = { "Ground truth" };
  g_autoptr (GError) error = NULL;
  g_autoptr (LescScatterModel) gm = lesc_scatter_model_new (grid, TRUE, "x₁", "x₂", 1, n, t, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (lesc_scatter_is_binned (gm));
}

/* Painting 10⁵ samples goes the binned way: the figure's plot equals the bins' image laid
 * on white (a circle per sample would cover neighbours and differ), and the caption
 * under it says so. */
static void
paint_model (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_scatter_paint (cr, w, h, m);
}

static void
test_paint_takes_binned_path (void)
{
  g_autoptr (LescMatrix) xy = NULL;
  g_autoptr (LescMatrix) dist = NULL;
  generate (100000, 14, &xy, &dist);
  g_autoptr (LescScatterModel) m = model_of (xy, dist, LESC_SCATTER_RGB);
  cairo_surface_t *img = lesc_plot_render_image (420, 260, 96, paint_model, m);
  cairo_t *cr = lesc_test_png_context (420, 260, 96);
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, 420, 260, m);
  /* the reference: white, then the bins' image where the painter puts the plot */
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  lesc_scatter_paint_binned (cr, l, m, 0, -1, 0);
  cairo_surface_t *ref = cairo_get_target (cr);
  cairo_surface_flush (ref);
  cairo_surface_flush (img);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, cairo_image_surface_get_width (ref));
  double x0 = l->plots[0].x, y0 = l->plots[0].y, x1 = x0 + l->plots[0].width, y1 = y0 + l->plots[0].height;
  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  const guint8 *a = cairo_image_surface_get_data (img), *b = cairo_image_surface_get_data (ref);
  int stride = cairo_image_surface_get_stride (img);
  guint same = 0, all = 0;
  for (int py = (int) ceil (y0) + 1; py < (int) floor (y1) - 1; py++)
    for (int px = (int) ceil (x0) + 1; px < (int) floor (x1) - 1; px++)
      {
        all++;
        same += memcmp (a + (gsize) py * stride + px * 4, b + (gsize) py * stride + px * 4, 4) == 0;
      }
  g_test_message ("%u of %u pixels of the plot as the bins' image", same, all);
  g_assert_cmpuint (all, >, 10000);
  g_assert_cmpuint (same, ==, all);
  cairo_destroy (cr);
  cairo_surface_destroy (img);
}

/* `lesc plot scatter` on a 10⁵-row .npy (features, then distributions) draws it binned and
 * says so in the figure's table's caption. */
static void
test_cli_npy (void)
{
  g_autoptr (LescMatrix) xy = NULL;
  g_autoptr (LescMatrix) dist = NULL;
  generate (100000, 15, &xy, &dist);
  g_autoptr (LescMatrix) table = lesc_matrix_new (100000, 5);
  memcpy (table->data, xy->data, sizeof (double) * 200000);
  memcpy (table->data + 200000, dist->data, sizeof (double) * 300000);
  g_autofree char *dir = lesc_test_tmpdir ();
  g_autofree char *npy = g_build_filename (dir, "dense.npy", NULL);
  gsize len = 0;
  g_autofree guchar *bytes = lesc_npy_format (table, &len);
  g_assert_true (g_file_set_contents (npy, (const char *) bytes, (gssize) len, NULL));
  g_autofree char *png = g_build_filename (dir, "dense.png", NULL);
  g_autofree char *csv = g_build_filename (dir, "dense.csv", NULL);
  g_auto (Run) r = run ("plot", "scatter", npy, "--label-columns", "3", "-o", png, "--data", csv, NULL);
  g_test_message ("stderr: %s", r.err);
  g_assert_cmpint (r.status, ==, 0);
  cairo_surface_t *img = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (img);
  g_autofree char *table_text = NULL;
  g_assert_true (g_file_get_contents (csv, &table_text, NULL, NULL));
  g_assert_nonnull (strstr (table_text, "Binned: 100000 samples"));
  lesc_test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/density/bins-rgb", test_bins_rgb);
  g_test_add_func ("/plot/density/bins-heatmap", test_bins_heatmap);
  g_test_add_func ("/plot/density/threshold-caption", test_threshold_and_caption);
  g_test_add_func ("/plot/density/paint-binned", test_paint_takes_binned_path);
  g_test_add_func ("/plot/density/cli-npy", test_cli_npy);
  return g_test_run ();
}
