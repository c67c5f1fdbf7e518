/* The figure painters (docs/figures.md §2–4): palettes and the luminance rule, heatmap cells,
 * best-cell outlines and colour scale, CD diagram layout (affine markers, no overlapping
 * labels, bar packing, Demšar's example, the paper-table3 ranks), scatter colours and pixel
 * probes, and export to PNG, SVG and PDF. */
#include "core/data/dataset.h"
#include "testcairo.h"
#include "plot/dstretch.h"
#include "core/base/error.h"
#include "core/data/artificial.h"
#include "plot/bars.h"
#include "plot/cd.h"
#include "plot/export.h"
#include "plot/heatmap.h"
#include "plot/palette.h"
#include "plot/scatter.h"
#include "testcli.h"
#include "testutil.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

/* ---- helpers ---- */

static cairo_t *
measuring_context (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
  cairo_t *cr = cairo_create (s);
  cairo_surface_destroy (s);
  return cr;
}

/* The pixel under user point (x, y) of `cr`'s transform, as 0–255 channels. */
static void
probe (cairo_surface_t *img, cairo_t *cr, double x, double y, int rgb[3])
{
  cairo_user_to_device (cr, &x, &y);
  int px = (int) floor (x), py = (int) floor (y);
  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (px, <, cairo_image_surface_get_width (img));
  g_assert_cmpint (py, <, cairo_image_surface_get_height (img));
  const guint8 *data = cairo_image_surface_get_data (img);
  guint32 v = *(const guint32 *) (data + (gsize) py * cairo_image_surface_get_stride (img) + (gsize) px * 4);
  g_assert_cmpuint (v >> 24, ==, 255);
  rgb[0] = (v >> 16) & 255;
  rgb[1] = (v >> 8) & 255;
  rgb[2] = v & 255;
}

/* `tol` = 0: the 8-bit value round(255·c) exactly (images the painter fills itself);
 * 1: cairo's own rounding of a source colour (via 16 bits) may differ by one step. */
static void
assert_pixel (const int got[3], const double want[3], int tol)
{
  for (int j = 0; j < 3; j++)
    g_assert_cmpint (ABS (got[j] - (int) lround (want[j] * 255)), <=, tol);
}

/* Write the figure as .png/.svg/.pdf into a temporary folder; check headers and PNG size. */
static void
export_all (const char *stem, double width, double height, LescPaintFunc paint, const void *model)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lesc-plot-XXXXXX", &error);
  g_assert_no_error (error);
  const char *keep = g_getenv ("LESC_TEST_PLOT_DIR"); /* to look at the figures */
  const char *ext[] = { "png", "svg", "pdf" };
  for (guint e = 0; e < 3; e++)
    {
      g_autofree char *name = g_strdup_printf ("%s.%s", stem, ext[e]);
      g_autofree char *path = g_build_filename (keep ? keep : dir, name, NULL);
      g_assert_true (lesc_plot_export (path, width, height, 144, paint, model, &error));
      g_assert_no_error (error);
      g_autofree char *contents = NULL;
      gsize len = 0;
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_assert_cmpuint (len, >, 100);
      if (e == 0)
        {
          cairo_surface_t *img = cairo_image_surface_create_from_png (path);
          g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
          g_assert_cmpint (cairo_image_surface_get_width (img), ==, (int) ceil (width * 2 - 1e-9));
          g_assert_cmpint (cairo_image_surface_get_height (img), ==, (int) ceil (height * 2 - 1e-9));
          cairo_surface_destroy (img);
        }
      else if (e == 1)
        g_assert_nonnull (strstr (contents, "<svg"));
      else
        g_assert_true (g_str_has_prefix (contents, "%PDF-"));
      if (!keep)
        g_unlink (path);
    }
  g_rmdir (dir);
}

/* ---- palettes ---- */

static void
test_palette_anchors (void)
{
  const double v0[3] = { 0.267004, 0.004874, 0.329415 }, v128[3] = { 0.127568, 0.566949, 0.550556 },
               v255[3] = { 0.993248, 0.906157, 0.143936 };
  const double c0[3] = { 0.0, 0.135112, 0.304751 }, c255[3] = { 0.995737, 0.909344, 0.217772 };
  for (int j = 0; j < 3; j++)
    {
      g_assert_cmpfloat_with_epsilon (lesc_palette_viridis[0][j], v0[j], 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_palette_viridis[128][j], v128[j], 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_palette_viridis[255][j], v255[j], 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_palette_cividis[0][j], c0[j], 1e-6);
      g_assert_cmpfloat_with_epsilon (lesc_palette_cividis[255][j], c255[j], 1e-6);
    }
  /* hex anchors: #440154, #21918c, #fde725; cividis #00224e, #fee838 */
  g_assert_cmpint (lround (v0[0] * 255), ==, 0x44);
  g_assert_cmpint (lround (v128[1] * 255), ==, 0x91);
  g_assert_cmpint (lround (v255[2] * 255), ==, 0x25);
  g_assert_cmpint (lround (c255[1] * 255), ==, 0xe8);
  g_assert_cmpuint (lesc_palette_index (0.0), ==, 0);
  g_assert_cmpuint (lesc_palette_index (0.5), ==, 128);
  g_assert_cmpuint (lesc_palette_index (1.0), ==, 255);
  g_assert_cmpuint (lesc_palette_index (255.0 / 256.0), ==, 255);
  g_assert_cmpuint (lesc_palette_index (0.999), ==, 255);
  g_assert_cmpuint (lesc_palette_index (1.0 / 256.0 - 1e-12), ==, 0);
  double rgb[3];
  lesc_palette_color (LESC_PALETTE_VIRIDIS, 0.5, FALSE, rgb);
  g_assert_cmpmem (rgb, sizeof rgb, lesc_palette_viridis[128], sizeof rgb);
  lesc_palette_color (LESC_PALETTE_VIRIDIS, 1.0, FALSE, rgb);
  g_assert_cmpmem (rgb, sizeof rgb, lesc_palette_viridis[255], sizeof rgb);
  lesc_palette_color (LESC_PALETTE_VIRIDIS, 0.0, TRUE, rgb); /* reversed */
  g_assert_cmpmem (rgb, sizeof rgb, lesc_palette_viridis[255], sizeof rgb);
  lesc_palette_color (LESC_PALETTE_CIVIDIS, 2.0, FALSE, rgb); /* clamped */
  g_assert_cmpmem (rgb, sizeof rgb, lesc_palette_cividis[255], sizeof rgb);
  lesc_palette_color (LESC_PALETTE_GRAY, 0.3, FALSE, rgb);
  g_assert_cmpfloat (rgb[0], ==, 0.3);
  g_assert_cmpfloat (rgb[2], ==, 0.3);
  LescPalette p;
  g_assert_true (lesc_palette_from_string ("Cividis", &p));
  g_assert_cmpint (p, ==, LESC_PALETTE_CIVIDIS);
  g_assert_false (lesc_palette_from_string ("jet", &p));
}

static void
test_luminance_rule (void)
{
  g_assert_false (lesc_text_black_on (lesc_palette_viridis[0]));  /* white on dark purple */
  g_assert_true (lesc_text_black_on (lesc_palette_viridis[255])); /* black on yellow */
  const double g45[3] = { 0.45, 0.45, 0.45 }, g50[3] = { 0.50, 0.50, 0.50 };
  g_assert_cmpfloat_with_epsilon (lesc_relative_luminance (g45), 0.171, 5e-4);
  g_assert_cmpfloat_with_epsilon (lesc_relative_luminance (g50), 0.214, 5e-4);
  g_assert_false (lesc_text_black_on (g45));
  g_assert_true (lesc_text_black_on (g50));
  const double white[3] = { 1, 1, 1 }, black[3] = { 0, 0, 0 };
  g_assert_cmpfloat (lesc_relative_luminance (white), ==, 1.0);
  g_assert_cmpfloat (lesc_relative_luminance (black), ==, 0.0);
}

/* ---- heatmap ---- */

static LescHeatmapModel *
grid_model (const char *measure, gboolean lower)
{
  double l[8], v[64];
  for (int i = 0; i < 8; i++)
    l[i] = pow (10.0, i - 4);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      v[i * 8 + j] = 0.3 + 0.01 * i + 0.002 * j + 0.001 * ((i * 7 + j * 3) % 5);
  return lesc_heatmap_model_new (8, 8, l, l, v, measure, lower);
}

static void
test_heatmap_grid (void)
{
  g_autoptr (LescHeatmapModel) m = grid_model ("Cheb", TRUE);
  const char *want[] = { "10⁻⁴", "10⁻³", "10⁻²", "10⁻¹", "1", "10", "10²", "10³" };
  for (int i = 0; i < 8; i++)
    {
      g_autofree char *s = lesc_heatmap_format_lambda (m->lambda1[i]);
      g_assert_cmpstr (s, ==, want[i]);
    }
  g_autofree char *odd = lesc_heatmap_format_lambda (0.5);
  g_assert_cmpstr (odd, ==, "0.5");
  g_autofree char *f1 = lesc_heatmap_format_value (0.12345);
  g_autofree char *f2 = lesc_heatmap_format_value (0.0012345);
  g_autofree char *f3 = lesc_heatmap_format_value (NAN);
  g_assert_cmpstr (f1, ==, "0.123");
  g_assert_cmpstr (f2, ==, "0.00123");
  g_assert_cmpstr (f3, ==, "–");

  cairo_t *cr = measuring_context ();
  g_autoptr (LescHeatmapLayout) l = lesc_heatmap_layout_new (cr, 400, 320, m);
  cairo_destroy (cr);
  g_assert_cmpuint (l->rows * l->cols, ==, 64);
  /* smallest λ₁ at the top, smallest λ₂ at the left; equal cells without gaps */
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++)
      {
        const LescRect *c = &l->cells[i * 8 + j];
        g_assert_cmpfloat (c->width, >, 10.0);
        g_assert_cmpfloat_with_epsilon (c->width, l->cells[0].width, 1e-9);
        if (j > 0)
          g_assert_cmpfloat_with_epsilon (c->x, l->cells[i * 8 + j - 1].x + l->cells[i * 8 + j - 1].width, 1e-9);
        if (i > 0)
          g_assert_cmpfloat (c->y, >, l->cells[(i - 1) * 8 + j].y);
      }
  g_assert_cmpfloat (l->row_labels[0].y, <, l->row_labels[1].y);
  g_assert_cmpfloat (l->col_labels[0].x, <, l->col_labels[1].x);
  g_assert_cmpfloat (l->value_font, >=, 6.0);
  /* colour scale ends: lowest cell viridis entry 0 (white text), highest entry 255 (black) */
  g_assert_cmpmem (l->colors[0], sizeof (double[3]), lesc_palette_viridis[0], sizeof (double[3]));
  g_assert_false (l->black_text[0]);
  g_assert_cmpmem (l->colors[63], sizeof (double[3]), lesc_palette_viridis[255], sizeof (double[3]));
  g_assert_true (l->black_text[63]);
  for (gsize k = 0; k < 64; k++)
    g_assert_cmpint (l->black_text[k], ==, lesc_text_black_on (l->colors[k]));

  /* too small: the values are dropped (they stay in the CSV) */
  cr = measuring_context ();
  g_autoptr (LescHeatmapLayout) tiny = lesc_heatmap_layout_new (cr, 150, 120, m);
  cairo_destroy (cr);
  g_assert_cmpfloat (tiny->value_font, ==, 0.0);

  g_autofree char *csv = lesc_heatmap_model_to_csv (m);
  g_auto (GStrv) lines = g_strsplit (csv, "\n", -1);
  guint data_lines = 0;
  for (guint i = 0; lines[i]; i++)
    data_lines += lines[i][0] != '\0' && lines[i][0] != '#';
  g_assert_cmpuint (data_lines, ==, 65);
  g_assert_nonnull (strstr (csv, "lambda1,lambda2,value,best\n0.0001,0.0001,0.3,1\n"));
}

static void
test_heatmap_best (void)
{
  const double l1[3] = { 1e-2, 1e-1, 1 }, l2[2] = { 1, 10 };
  double v[6] = { 0.5, 0.4, 0.2, 0.6, 0.9, NAN };
  g_autoptr (LescHeatmapModel) dist = lesc_heatmap_model_new (3, 2, l1, l2, v, "Cheb", TRUE);
  gboolean best[6];
  g_assert_cmpuint (lesc_heatmap_best (dist, best), ==, 1);
  g_assert_true (best[2]);
  g_autoptr (LescHeatmapModel) sim = lesc_heatmap_model_new (3, 2, l1, l2, v, "Cosine", FALSE);
  g_assert_cmpuint (lesc_heatmap_best (sim, best), ==, 1);
  g_assert_true (best[4]);
  g_assert_false (best[5]); /* NaN never best */
  v[1] = 0.2;               /* a tie */
  g_autoptr (LescHeatmapModel) tie = lesc_heatmap_model_new (3, 2, l1, l2, v, "KL", TRUE);
  g_assert_cmpuint (lesc_heatmap_best (tie, best), ==, 2);
  g_assert_true (best[1] && best[2]);
  /* NaN does not move the scale */
  double lo, hi;
  g_assert_true (lesc_heatmap_scale (tie, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.2);
  g_assert_cmpfloat (hi, ==, 0.9);

  /* shared scale: the same value gets the same colour in two heatmaps of other ranges */
  const double va[6] = { 0.1, 0.2, 0.3, 0.4, 0.5, 0.6 }, vb[6] = { 0.3, 0.35, 0.4, 0.45, 0.5, 0.55 };
  g_autoptr (LescHeatmapModel) a = lesc_heatmap_model_new (3, 2, l1, l2, va, "Cheb", TRUE);
  g_autoptr (LescHeatmapModel) b = lesc_heatmap_model_new (3, 2, l1, l2, vb, "Cheb", TRUE);
  cairo_t *cr = measuring_context ();
  g_autoptr (LescHeatmapLayout) la = lesc_heatmap_layout_new (cr, 300, 240, a);
  g_autoptr (LescHeatmapLayout) lb = lesc_heatmap_layout_new (cr, 300, 240, b);
  g_assert_true (memcmp (la->colors[2], lb->colors[0], sizeof (double[3])) != 0); /* own scales differ */
  a->fixed_scale = b->fixed_scale = TRUE;
  a->lo = b->lo = 0.1;
  a->hi = b->hi = 0.6;
  g_autoptr (LescHeatmapLayout) sa = lesc_heatmap_layout_new (cr, 300, 240, a);
  g_autoptr (LescHeatmapLayout) sb = lesc_heatmap_layout_new (cr, 300, 240, b);
  cairo_destroy (cr);
  g_assert_cmpmem (sa->colors[2], sizeof (double[3]), sb->colors[0], sizeof (double[3])); /* both 0.3 */
  g_assert_cmpmem (sa->colors[4], sizeof (double[3]), sb->colors[4], sizeof (double[3])); /* both 0.5 */
}

static void
paint_heatmap (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_heatmap_paint (cr, w, h, m);
}

/* A robust scale: one row of bad cells (an 8×8 grid, as the default) does not take the
 * colours of the others. */
static void
test_heatmap_robust (void)
{
  const double l[] = { 1e-4, 1e-3, 1e-2, 0.1, 1, 10, 100, 1000 };
  double v[64];
  for (guint i = 0; i < 64; i++)
    v[i] = i < 56 ? 0.05 + 0.001 * i : 5.0 + i;   /* the last row: 61 … 68 */
  g_autoptr (LescHeatmapModel) m = lesc_heatmap_model_new (8, 8, l, l, v, "Cheb", TRUE);
  double lo, hi;
  g_assert_true (lesc_heatmap_scale (m, &lo, &hi));
  g_assert_cmpfloat (hi, ==, 68.0);   /* the data's range */
  m->robust = TRUE;
  g_assert_true (lesc_heatmap_scale (m, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.05);
  g_assert_cmpfloat (hi, <, 0.106);   /* the 85th percentile: among the good cells */
  g_assert_cmpfloat (hi, >, 0.1);
  g_autofree char *csv = lesc_heatmap_model_to_csv (m);
  g_assert_nonnull (strstr (csv, "(data, robust)"));
  /* the good rows now spread over the palette: the first and the seventh far apart */
  cairo_t *cr = measuring_context ();
  g_autoptr (LescHeatmapLayout) lay = lesc_heatmap_layout_new (cr, 400, 300, m);
  double d = 0;
  for (int c = 0; c < 3; c++)
    d += fabs (lay->colors[0][c] - lay->colors[48][c]);
  g_assert_cmpfloat (d, >, 0.5);
  cairo_destroy (cr);
  m->row_title = g_strdup ("λ₁ (LE trade-off)");
  m->col_title = g_strdup ("λ₂ = β (tensor error weight)");
  export_all ("heatmap-robust", 400, 300, paint_heatmap, m);

  /* two bad rows of eight (a quarter of the cells; LESC on the artificial set at λ₁ = 10²
   * and 10³): the percentile falls among them, the median's distance does not */
  for (guint i = 0; i < 64; i++)
    v[i] = i < 48 ? 0.042 + 0.017 * (i % 8) / 7.0 : 0.654;
  g_autoptr (LescHeatmapModel) q = lesc_heatmap_model_new (8, 8, l, l, v, "Cheb", TRUE);
  q->robust = TRUE;
  g_assert_true (lesc_heatmap_scale (q, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.042);
  /* sorted: 6 cells each of 0.042 + 0.017·j/7, j = 0 … 7, then 16 of 0.654; the median
   * (cells 31 and 32) is j = 5, 0.054143; the end 0.042 + 3 × 0.012143 = 0.078429 */
  g_assert_cmpfloat_with_epsilon (hi, 0.042 + 3 * 0.017 * 5 / 7.0, 1e-12);
  q->robust = FALSE;
  g_assert_true (lesc_heatmap_scale (q, &lo, &hi));
  g_assert_cmpfloat (hi, ==, 0.654);
  /* most cells tie at the best value: the median says nothing, the percentile stays */
  for (guint i = 0; i < 64; i++)
    v[i] = i < 40 ? 0.05 : 0.07 + 0.001 * i;
  g_autoptr (LescHeatmapModel) t = lesc_heatmap_model_new (8, 8, l, l, v, "Cheb", TRUE);
  t->robust = TRUE;
  g_assert_true (lesc_heatmap_scale (t, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.05);
  g_assert_cmpfloat (hi, >, 0.07);
}


static void
test_heatmap_pixels (void)
{
  const double l1[3] = { 1e-3, 1e-2, 1e-1 }, l2[3] = { 1, 10, 100 };
  /* distances: the minimum 0.10 at (row 1, col 2), a NaN at (0, 0) */
  const double v[9] = { NAN, 0.50, 0.45, 0.30, 0.60, 0.10, 0.20, 0.90, 0.40 };
  g_autoptr (LescHeatmapModel) m = lesc_heatmap_model_new (3, 3, l1, l2, v, "Cheb", TRUE);
  m->title = g_strdup ("Test grid");
  const double W = 300, H = 240, dpi = 144;
  cairo_surface_t *img = lesc_plot_render_image (W, H, dpi, paint_heatmap, m);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  cairo_t *cr = lesc_test_png_context (W, H, dpi);
  g_autoptr (LescHeatmapLayout) l = lesc_heatmap_layout_new (cr, W, H, m);
  g_assert_true (l->best[5]);
  g_assert_cmpuint (l->best[0] + l->best[1] + l->best[2] + l->best[3] + l->best[4] + l->best[6] + l->best[7] + l->best[8], ==, 0);
  for (gsize k = 0; k < 9; k++)
    {
      const LescRect *c = &l->cells[k];
      int got[3];
      /* 1 pt inside the left border: the middle of a best cell's 2 pt outline */
      probe (img, cr, c->x + 1.0, c->y + c->height / 2, got);
      if (l->best[k])
        {
          double ink = l->black_text[k] ? 0.0 : 1.0;
          const double want[3] = { ink, ink, ink };
          assert_pixel (got, want, 0);
        }
      else
        assert_pixel (got, l->colors[k], 1);
      /* the cell's corner region is its fill */
      if (!l->best[k])
        {
          probe (img, cr, c->x + 0.2 * c->width, c->y + 0.15 * c->height, got);
          assert_pixel (got, l->colors[k], 1);
        }
    }
  /* the NaN cell is light grey */
  g_assert_cmpfloat (l->colors[0][0], ==, 0.85);
  cairo_destroy (cr);
  cairo_surface_destroy (img);
  export_all ("heatmap", W, H, paint_heatmap, m);
}

/* ---- CD diagram ---- */

static void
paint_cd (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_cd_paint (cr, w, h, m);
}

static const char *const paper_methods[] = { "FCM", "KM", "LP", "ML", "GLLE", "LESC", "gLESC" };

static void
assert_markers_affine (const LescCdLayout *l, const LescCdModel *m)
{
  double len = l->axis_x1 - l->axis_x0;
  for (guint j = 0; j < m->k; j++)
    {
      double t = (m->ranks[j] - l->rank_lo) / (l->rank_hi - l->rank_lo);
      double want = m->best_right ? l->axis_x1 - t * len : l->axis_x0 + t * len;
      g_assert_cmpfloat_with_epsilon (l->marker_x[j], want, 1e-9);
    }
}

/* The rank drawn for method j: the marker's x mapped back through the axis. */
static double
drawn_rank (const LescCdLayout *l, const LescCdModel *m, guint j)
{
  double t = (l->marker_x[j] - l->axis_x0) / (l->axis_x1 - l->axis_x0);
  if (m->best_right)
    t = 1.0 - t;
  return l->rank_lo + t * (l->rank_hi - l->rank_lo);
}

static void
assert_no_overlap (const LescCdLayout *l, double width, double height)
{
  for (guint a = 0; a < l->k; a++)
    {
      const LescRect *r = &l->label_boxes[a];
      g_assert_cmpfloat (r->x, >=, 0.0);
      g_assert_cmpfloat (r->x + r->width, <=, width);
      g_assert_cmpfloat (r->y + r->height, <=, height);
      g_assert_false (lesc_rect_intersects (r, &l->caption_box));
      for (guint b = a + 1; b < l->k; b++)
        g_assert_false (lesc_rect_intersects (r, &l->label_boxes[b]));
    }
}

static void
test_cd_paper_table3 (void)
{
  /* Mid-ranks computed by hand from paper-table3-subset.csv (4 data sets × 7 methods),
   * methods in the table's order; rank 1 = best. */
  static const struct {
    const char *measure;
    gboolean lower;
    double ranks[7];
  } cases[] = {
    { "cheb", TRUE, { 5, 7, 4, 6, 3, 2, 1 } },
    { "canber", TRUE, { 4.5, 7, 4.5, 6, 3, 2, 1 } },   /* FCM/LP swap on the Yeast sets */
    { "clark", TRUE, { 4.5, 7, 4.5, 6, 3, 2, 1 } },
    { "kl", TRUE, { 19.0 / 4, 7, 17.0 / 4, 6, 3, 2, 1 } },
    { "cosine", FALSE, { 19.0 / 4, 7, 17.0 / 4, 6, 3, 7.0 / 4, 5.0 / 4 } }, /* LESC best on Artificial */
    { "intersec", FALSE, { 4.5, 7, 4.5, 6, 3, 2, 1 } },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (int right = 0; right < 2; right++)
      {
        g_autoptr (LescCdModel) m = lesc_cd_model_new (7, paper_methods, cases[c].ranks, 4, cases[c].measure,
                                                       cases[c].lower);
        m->best_right = right;
        cairo_t *cr = measuring_context ();
        g_autoptr (LescCdLayout) l = lesc_cd_layout_new (cr, 480, 200, m);
        cairo_destroy (cr);
        g_assert_cmpfloat (l->rank_lo, ==, 1.0);
        g_assert_cmpfloat (l->rank_hi, ==, 7.0);
        assert_markers_affine (l, m);
        for (guint j = 0; j < 7; j++)
          g_assert_cmpfloat_with_epsilon (drawn_rank (l, m, j), cases[c].ranks[j], 1e-12);
        assert_no_overlap (l, 480, 200);
        /* the better half (the first ⌈7/2⌉ = 4 by rank) on the better side */
        for (guint j = 0; j < 7; j++)
          {
            guint pos = 0;
            for (guint o = 0; o < 7; o++)
              pos += cases[c].ranks[o] < cases[c].ranks[j] || (cases[c].ranks[o] == cases[c].ranks[j] && o < j);
            g_assert_cmpint (l->left_side[j], ==, (pos < 4) != right);
          }
      }
}

static void
test_cd_mirror (void)
{
  const double ranks[5] = { 2.5, 1.25, 4.0, 3.0, 4.25 };
  const char *names[5] = { "alpha", "beta long name", "gamma", "delta", "epsilon" };
  g_autoptr (LescCdModel) m = lesc_cd_model_new (5, names, ranks, 8, "Cheb", TRUE);
  cairo_t *cr = measuring_context ();
  g_autoptr (LescCdLayout) left = lesc_cd_layout_new (cr, 420, 180, m);
  assert_markers_affine (left, m);
  m->best_right = TRUE;
  g_autoptr (LescCdLayout) right = lesc_cd_layout_new (cr, 420, 180, m);
  cairo_destroy (cr);
  g_assert_cmpfloat (left->rank_hi, ==, 5.0);
  assert_markers_affine (right, m);
  for (guint j = 0; j < 5; j++)
    {
      g_assert_cmpfloat_with_epsilon (right->marker_x[j], 420 - left->marker_x[j], 1e-9);
      g_assert_cmpfloat_with_epsilon (right->label_boxes[j].x, 420 - left->label_boxes[j].x - left->label_boxes[j].width, 1e-9);
      g_assert_cmpfloat_with_epsilon (right->row_y[j], left->row_y[j], 1e-9);
      g_assert_cmpint (right->left_side[j], !=, left->left_side[j]);
    }
  /* best (beta, 1.25) on the left, top row; worst (epsilon) on the right, top row */
  g_assert_true (left->left_side[1]);
  g_assert_false (left->left_side[4]);
  g_assert_cmpfloat (left->row_y[1], ==, left->row_y[4]);
  g_assert_cmpfloat (left->row_y[0], >, left->row_y[1]);
  g_autofree char *cap = lesc_cd_caption (m);
  g_assert_nonnull (strstr (cap, "best rank on the right"));
}

static void
test_cd_long_names (void)
{
  const guint k = 12;
  char *names[12];
  double ranks[12];
  for (guint j = 0; j < k; j++)
    {
      names[j] = g_strdup_printf ("Method %02u with a very long descriptive n", j); /* 40 chars */
      g_assert_cmpuint (g_utf8_strlen (names[j], -1), ==, 40);
      ranks[j] = 1.0 + j * (11.0 / 11.0) * 0.9 + (j % 3) * 0.05;
    }
  g_autoptr (LescCdModel) m = lesc_cd_model_new (k, (const char *const *) names, ranks, 20, "Cheb", TRUE);
  for (guint j = 0; j < k; j++)
    g_free (names[j]);
  const guint clique_a[] = { 0, 1, 2, 3 }, clique_b[] = { 2, 3, 4, 5, 6 }, clique_c[] = { 8, 9, 10, 11 };
  lesc_cd_model_add_clique (m, clique_a, 4);
  lesc_cd_model_add_clique (m, clique_b, 5);
  lesc_cd_model_add_clique (m, clique_c, 4);
  for (int right = 0; right < 2; right++)
    {
      m->best_right = right;
      cairo_t *cr = measuring_context ();
      g_autoptr (LescCdLayout) l = lesc_cd_layout_new (cr, 600, 300, m);
      cairo_destroy (cr);
      g_assert_cmpfloat (l->font, >=, 7.0);
      assert_no_overlap (l, 600, 300);
      assert_markers_affine (l, m);
      g_assert_cmpfloat (l->axis_x1 - l->axis_x0, >=, 0.4 * 600 - 1e-9);
      /* names were shortened in the middle, the rank kept */
      g_assert_nonnull (strstr (l->labels[0], "…"));
      g_assert_true (g_str_has_prefix (l->labels[0], "Method"));
      g_assert_true (g_str_has_suffix (l->labels[0], "(1.00)"));
    }
  export_all ("cd-long", 600, 300, paint_cd, m);

  /* short names keep the largest font (11 pt) and their full text */
  const char *shortn[4] = { "A", "B", "C", "D" };
  const double r4[4] = { 1.5, 2.5, 3.0, 3.0 };
  g_autoptr (LescCdModel) s = lesc_cd_model_new (4, shortn, r4, 5, "KL", TRUE);
  cairo_t *cr = measuring_context ();
  g_autoptr (LescCdLayout) ls = lesc_cd_layout_new (cr, 400, 160, s);
  cairo_destroy (cr);
  g_assert_cmpfloat (ls->font, ==, 11.0);
  g_assert_cmpstr (ls->labels[0], ==, "A (1.50)");
}

static guint
max_cover (const double *x0, const double *x1, guint n, double gap)
{
  guint best = 0;
  for (guint i = 0; i < n; i++) /* the maximum is reached at some left end */
    {
      guint c = 0;
      for (guint j = 0; j < n; j++)
        c += x0[j] <= x0[i] && x0[i] < x1[j] + gap;
      best = MAX (best, c);
    }
  return best;
}

static void
test_cd_packing (void)
{
  /* by hand, gap 4, sorted by left end: [0,10] → 0; [12,20] → 1 (12 < 10 + 4);
   * [14.5,60] → 0 (14.5 ≥ 14); [15,30] → 2; [40,50] → 1 (40 ≥ 20 + 4) */
  const double a0[] = { 0, 12, 15, 40, 14.5 }, a1[] = { 10, 20, 30, 50, 60 };
  guint lv[5];
  guint n = lesc_cd_pack_bars (a0, a1, 5, 4.0, lv);
  g_assert_cmpuint (lv[0], ==, 0);
  g_assert_cmpuint (lv[1], ==, 1);
  g_assert_cmpuint (lv[4], ==, 0);
  g_assert_cmpuint (lv[2], ==, 2);
  g_assert_cmpuint (lv[3], ==, 1);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (n, ==, max_cover (a0, a1, 5, 4.0));

  /* random bars: no overlap (with the gap) on a level; levels = maximum cover */
  GRand *r = g_rand_new_with_seed (17);
  for (int trial = 0; trial < 200; trial++)
    {
      guint nb = (guint) g_rand_int_range (r, 1, 14);
      double x0[14], x1[14];
      guint level[14];
      for (guint i = 0; i < nb; i++)
        {
          x0[i] = g_rand_double_range (r, 0, 300);
          x1[i] = x0[i] + g_rand_double_range (r, 6, 150);
        }
      guint levels = lesc_cd_pack_bars (x0, x1, nb, 4.0, level);
      for (guint i = 0; i < nb; i++)
        for (guint j = i + 1; j < nb; j++)
          if (level[i] == level[j])
            g_assert_true (x1[i] + 4.0 <= x0[j] || x1[j] + 4.0 <= x0[i]);
      g_assert_cmpuint (levels, ==, max_cover (x0, x1, nb, 4.0));
    }
  g_rand_free (r);
}

static const char *const demsar_names[] = { "C4.5", "C4.5+m", "C4.5+cf", "C4.5+m+cf" };
static const double demsar_ranks[] = { 22.0 / 7, 2.0, 81.0 / 28, 55.0 / 28 };

static LescCdModel *
demsar_model (void)
{
  LescCdModel *m = lesc_cd_model_new (4, demsar_names, demsar_ranks, 14, "AUC", FALSE);
  lesc_cd_model_set_omnibus (m, "Iman–Davenport F_F", 3.6863130, 0.0198230);
  return m;
}

static void
test_cd_demsar (void)
{
  /* Wilcoxon–Holm, α = 0.05 (docs/statistics.md §11): two cliques, the first spans C4.5+m
   * (rank 2.000) without it */
  g_autoptr (LescCdModel) wh = demsar_model ();
  const guint q1[] = { 0, 2, 3 }, q2[] = { 1, 2, 3 };
  lesc_cd_model_add_clique (wh, q1, 3);
  lesc_cd_model_add_clique (wh, q2, 3);
  cairo_t *cr = measuring_context ();
  g_autoptr (LescCdLayout) l = lesc_cd_layout_new (cr, 420, 170, wh);
  g_assert_cmpuint (l->n_bars, ==, 2);
  g_assert_false (l->has_cd_bar);
  const LescCdBar *b1 = &l->bars[0];
  g_assert_cmpuint (b1->n_members, ==, 3);
  g_assert_cmpfloat (b1->x0, <, l->marker_x[1]); /* spans the non-member … */
  g_assert_cmpfloat (b1->x1, >, l->marker_x[1]);
  for (guint i = 0; i < b1->n_members; i++) /* … which has no dot */
    g_assert_cmpfloat (fabs (b1->member_x[i] - l->marker_x[1]), >, 1.0);
  g_assert_cmpfloat_with_epsilon (b1->x0, l->marker_x[3] - 3.0, 1e-9); /* 3 pt extensions */
  g_assert_cmpfloat_with_epsilon (b1->x1, l->marker_x[0] + 3.0, 1e-9);
  g_assert_cmpuint (l->n_levels, ==, 2);
  g_assert_cmpuint (l->bars[0].level, !=, l->bars[1].level);
  g_assert_cmpfloat (l->bars[0].y, >, l->axis_y);
  g_autofree char *cap = lesc_cd_caption (wh);
  g_assert_nonnull (strstr (cap, "Wilcoxon"));
  g_assert_nonnull (strstr (cap, "Holm"));
  g_assert_nonnull (strstr (cap, "α = 0.05"));
  g_assert_nonnull (strstr (cap, "Iman–Davenport F_F = 3.69, p = 0.020"));
  g_assert_nonnull (strstr (cap, "N = 14 data sets"));
  g_assert_nonnull (strstr (cap, "higher is better"));
  export_all ("cd-demsar-wilcoxon", 420, 170, paint_cd, wh);

  /* Nemenyi α = 0.10: two bars and a CD bar of 1.118060 rank units */
  g_autoptr (LescCdModel) ne = demsar_model ();
  ne->test = LESC_CD_TEST_NEMENYI;
  ne->alpha = 0.10;
  ne->has_cd = TRUE;
  ne->cd = 1.118060;
  const guint n1[] = { 3, 1, 2 }, n2[] = { 2, 0 };
  lesc_cd_model_add_clique (ne, n1, 3);
  lesc_cd_model_add_clique (ne, n2, 2);
  g_autoptr (LescCdLayout) ln = lesc_cd_layout_new (cr, 420, 170, ne);
  g_assert_cmpuint (ln->n_bars, ==, 2);
  g_assert_true (ln->has_cd_bar);
  double unit = (ln->axis_x1 - ln->axis_x0) / (ln->rank_hi - ln->rank_lo);
  g_assert_cmpfloat_with_epsilon ((ln->cd_x1 - ln->cd_x0) / unit, 1.118060, 1e-9);
  g_assert_cmpfloat_with_epsilon (ln->cd_x0, ln->axis_x0, 1e-9); /* at the best end */
  g_assert_cmpfloat (ln->cd_y, <, ln->axis_y);
  g_autofree char *capn = lesc_cd_caption (ne);
  g_assert_nonnull (strstr (capn, "Nemenyi"));
  g_assert_nonnull (strstr (capn, "α = 0.10"));
  g_assert_nonnull (strstr (capn, "CD = 1.12"));
  export_all ("cd-demsar-nemenyi", 420, 170, paint_cd, ne);

  /* Bonferroni–Dunn: one interval R_control ± CD */
  g_autoptr (LescCdModel) bd = demsar_model ();
  bd->test = LESC_CD_TEST_BONFERRONI_DUNN;
  bd->has_cd = TRUE;
  bd->cd = 1.038380;
  bd->alpha = 0.10;
  bd->control = 2; /* C4.5+cf, 2.893 ± 1.038 stays inside [1, 4] */
  g_autoptr (LescCdLayout) lb = lesc_cd_layout_new (cr, 420, 170, bd);
  g_assert_cmpuint (lb->n_bars, ==, 1);
  unit = (lb->axis_x1 - lb->axis_x0) / (lb->rank_hi - lb->rank_lo);   /* its own axis */
  g_assert_cmpfloat_with_epsilon ((lb->bars[0].x1 - lb->bars[0].x0) / unit, 2 * 1.038380, 1e-9);
  g_assert_cmpfloat_with_epsilon ((lb->bars[0].x0 + lb->bars[0].x1) / 2, lb->marker_x[2], 1e-9);
  g_assert_cmpuint (lb->bars[0].n_members, ==, 1);
  /* around C4.5+m+cf (1.964) the interval is cut at the axis end, rank 1 */
  bd->control = 3;
  g_autoptr (LescCdLayout) lc = lesc_cd_layout_new (cr, 420, 170, bd);
  unit = (lc->axis_x1 - lc->axis_x0) / (lc->rank_hi - lc->rank_lo);
  g_assert_cmpfloat_with_epsilon (lc->bars[0].x0, lc->axis_x0, 1e-9);
  g_assert_cmpfloat_with_epsilon ((lc->bars[0].x1 - lc->marker_x[3]) / unit, 1.038380, 1e-9);
  export_all ("cd-demsar-bonferroni", 420, 170, paint_cd, bd);
  g_autofree char *capb = lesc_cd_caption (bd);
  g_assert_nonnull (strstr (capb, "Bonferroni–Dunn"));
  g_assert_nonnull (strstr (capb, "α = 0.10"));
  g_assert_nonnull (strstr (capb, "C4.5+m+cf"));
  cairo_destroy (cr);
}

static void
test_cd_not_significant (void)
{
  g_autoptr (LescCdModel) m = demsar_model ();
  m->omnibus_p = 0.31;
  m->omnibus_statistic = 1.2;
  m->omnibus_not_significant = TRUE;
  const guint q1[] = { 0, 2, 3 }, q2[] = { 1, 2, 3 };
  lesc_cd_model_add_clique (m, q1, 3);
  lesc_cd_model_add_clique (m, q2, 3);
  m->test = LESC_CD_TEST_NEMENYI;
  m->has_cd = TRUE;
  m->cd = 1.25;
  cairo_t *cr = measuring_context ();
  g_autoptr (LescCdLayout) l = lesc_cd_layout_new (cr, 420, 170, m);
  g_assert_cmpuint (l->n_bars, ==, 1);
  g_assert_true (l->bars[0].dashed);
  g_assert_false (l->has_cd_bar);
  g_assert_cmpfloat_with_epsilon (l->bars[0].x0, l->marker_x[3] - 3.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (l->bars[0].x1, l->marker_x[0] + 3.0, 1e-9);
  g_assert_nonnull (strstr (l->caption, "not significant"));
  g_assert_nonnull (strstr (l->caption, "p = 0.310 ≥ α = 0.05"));
  g_assert_nonnull (strstr (l->caption, "no differences claimed"));
  g_assert_nonnull (strstr (l->caption, "Nemenyi"));
  export_all ("cd-not-significant", 420, 170, paint_cd, m);
  /* exploratory: the post-hoc bars come back, grey, and the caption says so */
  m->exploratory = TRUE;
  g_autoptr (LescCdLayout) le = lesc_cd_layout_new (cr, 420, 170, m);
  cairo_destroy (cr);
  g_assert_cmpuint (le->n_bars, ==, 3);
  g_assert_true (le->bars[1].grey && le->bars[2].grey);
  g_assert_nonnull (strstr (le->caption, "xploratory"));
  g_autofree char *csv = lesc_cd_model_to_csv (m);
  g_assert_nonnull (strstr (csv, "method,mean_rank,groups\nC4.5,3.14285714285714,1\nC4.5+m,2,2\n"));
}

/* The terminal: `lesc plot cd` ranks the paper table (mid-ranks, ties shared). */
static char *
run_lesc (const char *const *args, int *status)
{
  char *err = NULL;
  int code = lesc_test_run_argv (args, NULL, &err);
  *status = code;
  return err;
}

static void
test_cli_cd_ranks (void)
{
  const char *ref = lesc_test_reference_dir ();
  g_autofree char *table = g_build_filename (ref, "paper-table3-subset.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lesc-plot-cli-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "cd.pdf", NULL);
  g_autofree char *csv = g_build_filename (dir, "cd.csv", NULL);
  const char *args[] = { "plot", "cd", table, "--measure", "cosine", "-o", png, "--data", csv, NULL };
  int status = -1;
  g_autofree char *err = run_lesc (args, &status);
  g_assert_cmpint (status, ==, 0);
  g_autofree char *out = NULL;
  g_assert_true (g_file_get_contents (csv, &out, NULL, NULL));
  /* hand-computed cosine mid-ranks (see test_cd_paper_table3) */
  /* With N = 4 no Wilcoxon pair can be significant (smallest exact p = 0.125): one group */
  g_assert_nonnull (strstr (out, "method,mean_rank,groups\nFCM,4.75,1\nKM,7,1\nLP,4.25,1\nML,6,1\nGLLE,3,1\nLESC,1.75,1\ngLESC,1.25,1\n"));
  g_assert_nonnull (strstr (out, "N = 4 data sets"));

  /* ties inside a data set share their mid-rank; a data set with a gap is dropped */
  g_autofree char *tiny = g_build_filename (dir, "tiny.csv", NULL);
  g_assert_true (g_file_set_contents (tiny, "dataset,method,kl\nd1,A,0.1\nd1,B,0.1\nd1,C,0.3\n"
                                            "d2,A,0.2\nd2,B,0.1\nd2,C,0.3\nd3,A,0.1\nd3,B,nan\nd3,C,0.2\n", -1, NULL));
  const char *args2[] = { "plot", "cd", tiny, "--measure", "kl", "-o", png, "--data", csv, NULL };
  g_autofree char *err2 = run_lesc (args2, &status);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (err2, "1 data set(s) with missing values dropped"));
  g_autofree char *out2 = NULL;
  g_assert_true (g_file_get_contents (csv, &out2, NULL, NULL));
  g_assert_nonnull (strstr (out2, "A,1.75,1\nB,1.25,1\nC,3,1"));
  g_assert_nonnull (strstr (out2, "not significant"));

  /* usage errors: unknown figure type, missing measure */
  g_autofree char *bad = g_build_filename (dir, "cd.gif", NULL);
  const char *args3[] = { "plot", "cd", tiny, "--measure", "kl", "-o", bad, NULL };
  g_autofree char *err3 = run_lesc (args3, &status);
  g_assert_cmpint (status, !=, 0);
  g_assert_nonnull (strstr (err3, ".png, .svg or .pdf"));
  g_assert_false (g_file_test (bad, G_FILE_TEST_EXISTS));
  const char *args4[] = { "plot", "cd", tiny, NULL };
  g_autofree char *err4 = run_lesc (args4, &status);
  g_assert_cmpint (status, !=, 0);
  g_assert_nonnull (strstr (err4, "--measure"));
  g_unlink (png);
  g_unlink (csv);
  g_unlink (tiny);
  g_rmdir (dir);
}

static void
test_cli_heatmap_grid (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("lesc-plot-cli-XXXXXX", &error);
  g_autofree char *grid = g_build_filename (dir, "grid.csv", NULL);
  g_autofree char *svg = g_build_filename (dir, "h.svg", NULL);
  g_autofree char *csv = g_build_filename (dir, "h.csv", NULL);
  /* wide format: rows λ₁, columns λ₂; one missing cell */
  g_assert_true (g_file_set_contents (grid, "lambda1\\lambda2,0.01,0.1,1\n0.01,0.5,0.4,0.3\n"
                                            "0.1,0.45,,0.2\n1,0.35,0.25,0.6\n", -1, NULL));
  const char *args[] = { "plot", "heatmap", grid, "--measure", "cheb", "-o", svg, "--data", csv, NULL };
  int status = -1;
  g_autofree char *err = run_lesc (args, &status);
  g_assert_cmpint (status, ==, 0);
  g_autofree char *out = NULL;
  g_assert_true (g_file_get_contents (csv, &out, NULL, NULL));
  g_assert_nonnull (strstr (out, "0.1,0.1,,0\n"));
  g_assert_nonnull (strstr (out, "0.1,1,0.2,1\n"));
  g_assert_nonnull (strstr (out, "# measure: Chebyshev (lower is better)"));
  /* long format with a method column */
  g_assert_true (g_file_set_contents (grid, "method,lambda1,lambda2,cheb,cosine\nLESC,0.1,1,0.3,0.9\n"
                                            "LESC,0.1,10,0.2,0.95\nGLLE,0.1,1,0.5,0.8\nGLLE,0.1,10,0.4,0.85\n", -1, NULL));
  const char *args2[] = { "plot", "heatmap", grid, "--measure", "cosine", "--method", "GLLE", "-o", svg, "--data", csv, NULL };
  g_autofree char *err2 = run_lesc (args2, &status);
  g_assert_cmpint (status, ==, 0);
  g_autofree char *out2 = NULL;
  g_assert_true (g_file_get_contents (csv, &out2, NULL, NULL));
  g_assert_nonnull (strstr (out2, "lambda1,lambda2,value,best\n0.1,1,0.8,0\n0.1,10,0.85,1\n"));
  /* without --method two cells collide */
  const char *args3[] = { "plot", "heatmap", grid, "--measure", "cosine", "-o", svg, NULL };
  g_autofree char *err3 = run_lesc (args3, &status);
  g_assert_cmpint (status, !=, 0);
  g_assert_nonnull (strstr (err3, "--method"));
  g_unlink (grid);
  g_unlink (svg);
  g_unlink (csv);
  g_rmdir (dir);
}

/* ---- scatter ---- */

static LescMatrix *
artificial_xy (const LescDataset *ds)
{
  LescMatrix *xy = lesc_matrix_new (lesc_dataset_n (ds), 2);
  for (gsize i = 0; i < xy->rows; i++)
    {
      LESC_AT (xy, i, 0) = LESC_AT (ds->features, i, 0);
      LESC_AT (xy, i, 1) = LESC_AT (ds->features, i, 1);
    }
  return xy;
}

/* A blurred copy of the truth: every row mixed with the uniform distribution. */
static LescMatrix *
mixed_truth (const LescMatrix *truth, double w)
{
  LescMatrix *m = lesc_matrix_copy (truth);
  for (gsize i = 0; i < m->rows * m->cols; i++)
    m->data[i] = (1 - w) * m->data[i] + w / 3.0;
  return m;
}

static void
paint_scatter (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_scatter_paint (cr, w, h, m);
}

static void
test_scatter_model (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  g_autoptr (LescMatrix) xy = artificial_xy (ds);
  g_autoptr (LescMatrix) same = lesc_matrix_copy (ds->truth);
  g_autoptr (LescMatrix) flat = mixed_truth (ds->truth, 0.8);
  const LescMatrix *tables[] = { ds->truth, same, flat };
  const char *names[] = { "Ground truth", "Copy", "Flat" };
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescScatterModel) m = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 3, names, tables, &opt, &error);
  g_assert_no_error (error);

  /* shared fit: the ground truth's colours are its own decorrstretch (Tol 0.01), clamped */
  LescDstretchOptions dopt;
  lesc_dstretch_options_init (&dopt);
  g_assert_true (lesc_dstretch_options_set_tol (&dopt, 0.01, NULL));
  g_autoptr (LescMatrix) want = lesc_dstretch (ds->truth, &dopt, &error);
  lesc_clamp_unit (want);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (m->panels[0].colors, want), ==, 0.0);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (m->panels[1].colors, want), ==, 0.0);
  /* a near-uniform table looks greyer: smaller spread of its colours */
  double spread_gt = 0, spread_flat = 0;
  for (gsize i = 0; i < want->rows; i++)
    {
      spread_gt += fabs (LESC_AT (m->panels[0].colors, i, 0) - LESC_AT (m->panels[0].colors, i, 1));
      spread_flat += fabs (LESC_AT (m->panels[2].colors, i, 0) - LESC_AT (m->panels[2].colors, i, 1));
    }
  g_assert_cmpfloat (spread_flat, <, 0.5 * spread_gt);

  /* per-panel: each table on its own fit */
  opt.fit = LESC_SCATTER_FIT_PER_PANEL;
  g_autoptr (LescScatterModel) pp = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 3, names, tables, &opt, &error);
  g_autoptr (LescMatrix) own = lesc_dstretch (flat, &dopt, &error);
  lesc_clamp_unit (own);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (pp->panels[2].colors, own), ==, 0.0);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (pp->panels[0].colors, want), ==, 0.0);

  /* without Tol, values outside [0, 1] are clamped and counted */
  opt.fit = LESC_SCATTER_FIT_SHARED;
  opt.use_tol = FALSE;
  g_autoptr (LescMatrix) wild = lesc_matrix_copy (ds->truth);
  for (gsize i = 0; i < 10; i++)
    {
      LESC_AT (wild, i, 0) = 3.0;
      LESC_AT (wild, i, 1) = -2.0;
    }
  const LescMatrix *t2[] = { ds->truth, wild };
  g_autoptr (LescScatterModel) cm = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 2, names, t2, &opt, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cm->panels[0].n_clamped, ==, 0); /* Artificial stays in [0.094, 0.663] */
  g_assert_cmpuint (cm->panels[1].n_clamped, >=, 20);
  gsize sum = 0;
  for (gsize i = 0; i < wild->rows; i++)
    sum += cm->panels[1].clamped[i];
  g_assert_cmpuint (sum, ==, cm->panels[1].n_clamped);
  g_autofree char *csv = lesc_scatter_model_to_csv (cm);
  g_autofree char *line = g_strdup_printf ("# clamped values, Copy: %zu\n", cm->panels[1].n_clamped);
  g_assert_nonnull (strstr (csv, line));
  g_assert_nonnull (strstr (csv, "no Tol"));
  g_assert_nonnull (strstr (csv, "panel,sample,x,y,d1,d2,d3,r,g,b,clamped\nGround truth,1,-1,-1,"));

  /* RGB needs 3 labels; the heatmap style takes any number */
  g_autoptr (LescMatrix) four = lesc_matrix_new (xy->rows, 4);
  const LescMatrix *t4[] = { four };
  g_assert_null (lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 1, names, t4, &opt, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  opt.style = LESC_SCATTER_HEATMAPS;
  g_autoptr (LescScatterModel) hm = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 1, names, t4, &opt, &error);
  g_assert_no_error (error);
  g_assert_null (hm->panels[0].colors);
  /* shapes must match */
  g_autoptr (LescMatrix) shorter = lesc_matrix_new (10, 3);
  const LescMatrix *t5[] = { ds->truth, shorter };
  opt.style = LESC_SCATTER_RGB;
  g_assert_null (lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 2, names, t5, &opt, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
}

static void
test_scatter_pixels (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  g_autoptr (LescMatrix) xy = artificial_xy (ds);
  g_autoptr (LescMatrix) a = mixed_truth (ds->truth, 0.3);
  g_autoptr (LescMatrix) b = mixed_truth (ds->truth, 0.6);
  const LescMatrix *tables[] = { ds->truth, a, b };
  const char *names[] = { "Ground truth", "Method A", "Method B" };
  g_autoptr (GError) error = NULL;
  g_autoptr (LescScatterModel) m = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 3, names, tables, NULL, &error);
  g_assert_no_error (error);
  const double mv[LESC_N_MEASURES] = { 0.057, 0.148, 0.213, 0.013, 0.992, 0.943 };
  lesc_scatter_model_set_measures (m, 1, mv);
  lesc_scatter_model_set_measures (m, 2, mv);
  const double W = 420, H = 220, dpi = 144;
  cairo_surface_t *img = lesc_plot_render_image (W, H, dpi, paint_scatter, m);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  cairo_t *cr = lesc_test_png_context (W, H, dpi);
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, W, H, m);
  g_assert_cmpuint (l->nx, ==, 51);
  g_assert_cmpuint (l->ny, ==, 51);
  /* cells are whole device pixels */
  double cell_px = l->cell_w * dpi / 72.0;
  g_assert_cmpfloat (fabs (cell_px - round (cell_px)), <, 1e-9);
  g_assert_cmpfloat (cell_px, >=, 2.0);
  const gsize samples[] = { 0, 50, 51 * 25 + 25, 2550, 51 * 10 + 40, 1234 };
  for (guint p = 0; p < 3; p++)
    for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
      {
        double x, y, rgb[3];
        gsize i = samples[s];
        lesc_scatter_layout_point (l, m, p, i, &x, &y);
        int got[3];
        probe (img, cr, x, y, got);
        for (int j = 0; j < 3; j++)
          rgb[j] = LESC_AT (m->panels[p].colors, i, j);
        assert_pixel (got, rgb, 0);
      }
  /* sample 0 is (x₁, x₂) = (−1, −1): the bottom-left cell */
  double x0, y0;
  lesc_scatter_layout_point (l, m, 0, 0, &x0, &y0);
  g_assert_cmpfloat_with_epsilon (x0, l->plots[0].x + l->cell_w / 2, 1e-9);
  g_assert_cmpfloat_with_epsilon (y0, l->plots[0].y + l->plots[0].height - l->cell_h / 2, 1e-9);
  /* names and measures sit under their panels without overlapping each other */
  for (guint p = 0; p < 3; p++)
    {
      g_assert_cmpfloat (l->name_boxes[p].y, >=, l->plots[p].y + l->plots[p].height);
      for (guint q = p + 1; q < 3; q++)
        g_assert_false (lesc_rect_intersects (&l->plots[p], &l->plots[q]));
    }
  cairo_destroy (cr);
  cairo_surface_destroy (img);
  export_all ("scatter", W, H, paint_scatter, m);

  /* the heatmap style and dots for non-grid positions render too */
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = LESC_SCATTER_HEATMAPS;
  g_autoptr (LescScatterModel) hm = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 3, names, tables, &opt, &error);
  g_assert_no_error (error);
  lesc_scatter_model_set_measures (hm, 1, mv);
  export_all ("scatter-heatmaps", 420, 360, paint_scatter, hm);
  cr = lesc_test_png_context (420, 360, dpi);
  g_autoptr (LescScatterLayout) lh = lesc_scatter_layout_new (cr, 420, 360, hm);
  img = lesc_plot_render_image (420, 360, dpi, paint_scatter, hm);
  double x, y, rgb[3];
  lesc_scatter_layout_point (lh, hm, 3 * 1 + 2, 777, &x, &y); /* panel 1, label 3 */
  lesc_palette_color (LESC_PALETTE_VIRIDIS, LESC_AT (a, 777, 2) / hm->heat_max, FALSE, rgb);
  int got[3];
  probe (img, cr, x, y, got);
  assert_pixel (got, rgb, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (img);

  g_autoptr (LescMatrix) scattered = lesc_matrix_copy (xy);
  for (gsize i = 0; i < scattered->rows; i++)
    LESC_AT (scattered, i, 1) = sin (3.0 * i);
  g_autoptr (LescScatterModel) dots = lesc_scatter_model_new (scattered, FALSE, "feature 1", "feature 2", 3, names,
                                                             tables, NULL, &error);
  g_assert_no_error (error);
  export_all ("scatter-dots", 420, 220, paint_scatter, dots);
}

/* Per-label scales, the deviation scale, a one-column table, the ringed sample and a
 * faded panel, each checked on the pixels. */
static void
test_scatter_scales (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  g_autoptr (LescMatrix) xy = artificial_xy (ds);
  g_autoptr (LescMatrix) a = mixed_truth (ds->truth, 0.3);
  const LescMatrix *tables[] = { ds->truth, a };
  const char *names[] = { "Ground truth", "A" };
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  opt.style = LESC_SCATTER_HEATMAPS;
  opt.scale = LESC_SCATTER_SCALE_PER_LABEL;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescScatterModel) m = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 2, names, tables, &opt, &error);
  g_assert_no_error (error);
  for (gsize k = 0; k < 3; k++)
    {
      double lo = INFINITY, hi = -INFINITY;
      for (gsize i = 0; i < ds->truth->rows; i++)
        {
          lo = MIN (lo, LESC_AT (ds->truth, i, k));
          hi = MAX (hi, LESC_AT (ds->truth, i, k));
        }
      g_assert_cmpfloat (m->lo[k], ==, lo);   /* the ground truth's range */
      g_assert_cmpfloat (m->hi[k], ==, hi);
    }
  double dpi = 144, W = 420, H = 300;
  cairo_t *cr = lesc_test_png_context (W, H, dpi);
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, W, H, m);
  g_assert_cmpfloat (l->label_bars[2].width, >, 0);   /* a bar under every column */
  cairo_surface_t *img = lesc_plot_render_image (W, H, dpi, paint_scatter, m);
  double x, y, rgb[3];
  int got[3];
  lesc_scatter_layout_point (l, m, 3 * 1 + 1, 1234, &x, &y);   /* panel A, label 2 */
  lesc_palette_color (LESC_PALETTE_VIRIDIS, (LESC_AT (a, 1234, 1) - m->lo[1]) / (m->hi[1] - m->lo[1]), FALSE, rgb);
  probe (img, cr, x, y, got);
  assert_pixel (got, rgb, 0);
  /* the bar under a column runs from the low end (left) to the high end (right) */
  const LescRect *bar = &l->label_bars[0];
  lesc_palette_color (LESC_PALETTE_VIRIDIS, 0.05, FALSE, rgb);
  probe (img, cr, bar->x + 0.05 * bar->width, bar->y + bar->height / 2, got);
  assert_pixel (got, rgb, 8);
  lesc_palette_color (LESC_PALETTE_VIRIDIS, 0.95, FALSE, rgb);
  probe (img, cr, bar->x + 0.95 * bar->width, bar->y + bar->height / 2, got);
  assert_pixel (got, rgb, 8);
  cairo_surface_destroy (img);
  cairo_destroy (cr);

  /* deviation from 1/3: symmetric, diverging, white at 1/3 */
  opt.scale = LESC_SCATTER_SCALE_DEVIATION;
  g_autoptr (LescScatterModel) d = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 2, names, tables, &opt, &error);
  double dev = 0;
  for (gsize i = 0; i < ds->truth->rows; i++)
    dev = MAX (dev, fabs (LESC_AT (ds->truth, i, 0) - 1.0 / 3.0));
  g_assert_cmpfloat (d->hi[0], ==, dev);
  g_assert_cmpfloat (d->lo[0], ==, -dev);
  lesc_palette_color (LESC_PALETTE_DIVERGING, 0.5, FALSE, rgb);
  g_assert_cmpfloat_with_epsilon (rgb[0], 0xf7 / 255.0, 1e-12);
  g_autofree char *cap = lesc_scatter_caption (d);
  g_assert_nonnull (strstr (cap, "deviation from 1/3"));

  /* one column per table (a value per sample): one plot per panel, a robust shared scale */
  g_autoptr (LescMatrix) e1 = lesc_matrix_new (xy->rows, 1), e2 = lesc_matrix_new (xy->rows, 1);
  for (gsize i = 0; i < xy->rows; i++)
    {
      LESC_AT (e1, i, 0) = (double) i / (double) xy->rows;
      LESC_AT (e2, i, 0) = i == 7 ? 100.0 : 0.5 * (double) i / (double) xy->rows;   /* one outlier */
    }
  const LescMatrix *errors[] = { e1, e2 };
  lesc_scatter_options_init (&opt);
  opt.style = LESC_SCATTER_HEATMAPS;
  opt.reference_panel = -1;
  opt.robust = TRUE;
  g_autoptr (LescScatterModel) v = lesc_scatter_model_new (xy, TRUE, "x₁", "x₂", 2, names, errors, &opt, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (v->hi[0], <, 1.0);   /* the outlier does not set the scale */
  g_assert_cmpfloat (v->hi[0], >, 0.9);
  v->highlight = 1234;
  lesc_scatter_model_set_subtitle (v, 1, "λ = 1");
  v->panels[1].dimmed = TRUE;
  cr = lesc_test_png_context (W, H, dpi);
  g_autoptr (LescScatterLayout) lv = lesc_scatter_layout_new (cr, W, H, v);
  g_assert_cmpuint (lv->n_plots, ==, 2);
  g_assert_cmpfloat (lv->colorbar.width, >, 0);
  img = lesc_plot_render_image (W, H, dpi, paint_scatter, v);
  /* panel 1 is faded: 60 % white over the colour */
  lesc_scatter_layout_point (lv, v, 1, 100, &x, &y);
  lesc_palette_color (LESC_PALETTE_VIRIDIS, (LESC_AT (e2, 100, 0) - v->lo[0]) / (v->hi[0] - v->lo[0]), FALSE, rgb);
  for (int c = 0; c < 3; c++)
    rgb[c] = 0.4 * rgb[c] + 0.6;
  probe (img, cr, x, y, got);
  assert_pixel (got, rgb, 2);
  /* the ringed sample: a dark ring around it in panel 0 */
  lesc_scatter_layout_point (lv, v, 0, 1234, &x, &y);
  double r = MAX (4.0, 2.5 * MAX (lv->cell_w, 1.0));
  probe (img, cr, x + r, y, got);
  g_assert_cmpint (got[0] + got[1] + got[2], <, 3 * 120);
  cairo_surface_destroy (img);
  cairo_destroy (cr);
  export_all ("scatter-values", W, H, paint_scatter, v);
}

static void
paint_bars (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_bars_paint (cr, w, h, m);
}

/* Bars as long as their values, a label per group, every series in the legend. */
static void
test_bars (void)
{
  const char *groups[] = { "joy", "anger", "fear" };
  const char *series[] = { "Ground truth", "LESC" };
  const double values[] = { 0.5, 0.3, 0.2, 0.25, 0.25, 0.5 };
  g_autoptr (LescBarsModel) m = lesc_bars_model_new ("Sample 7", 3, groups, 2, series, values, TRUE);
  cairo_t *cr = measuring_context ();
  double h = lesc_bars_natural_height (cr, 300, m);
  g_assert_cmpfloat (h, >, 60);
  g_autoptr (LescBarsLayout) l = lesc_bars_layout_new (cr, 300, h, m);
  g_assert_cmpfloat (l->max, ==, 0.5);
  g_assert_cmpfloat_with_epsilon (l->bars[0].width, l->plot.width, 1e-9);           /* 0.5 of 0.5 */
  g_assert_cmpfloat_with_epsilon (l->bars[1 * 3 + 0].width, 0.5 * l->plot.width, 1e-9);   /* LESC, joy: 0.25 */
  g_assert_cmpfloat (l->bars[1 * 3 + 0].y, >, l->bars[0].y);   /* under the truth's bar */
  g_assert_cmpfloat (l->bars[1].y, >, l->bars[3].y);          /* anger after joy */
  cairo_destroy (cr);
  double truth[3], lesc[3];
  lesc_bars_series_color (m, 0, truth);
  lesc_bars_series_color (m, 1, lesc);
  g_assert_cmpfloat (fabs (truth[0] - lesc[0]) + fabs (truth[2] - lesc[2]), >, 0.3);
  g_autofree char *csv = lesc_bars_model_to_csv (m);
  g_assert_nonnull (strstr (csv, "series,label,value\nGround truth,joy,0.5\n"));
  g_assert_nonnull (strstr (csv, "LESC,fear,0.5\n"));
  export_all ("bars", 300, h, paint_bars, m);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot/palette/anchors", test_palette_anchors);
  g_test_add_func ("/plot/palette/luminance", test_luminance_rule);
  g_test_add_func ("/plot/heatmap/grid", test_heatmap_grid);
  g_test_add_func ("/plot/heatmap/best", test_heatmap_best);
  g_test_add_func ("/plot/heatmap/robust", test_heatmap_robust);
  g_test_add_func ("/plot/heatmap/pixels", test_heatmap_pixels);
  g_test_add_func ("/plot/cd/paper-table3", test_cd_paper_table3);
  g_test_add_func ("/plot/cd/mirror", test_cd_mirror);
  g_test_add_func ("/plot/cd/long-names", test_cd_long_names);
  g_test_add_func ("/plot/cd/packing", test_cd_packing);
  g_test_add_func ("/plot/cd/demsar", test_cd_demsar);
  g_test_add_func ("/plot/cd/not-significant", test_cd_not_significant);
  g_test_add_func ("/plot/cli/cd-ranks", test_cli_cd_ranks);
  g_test_add_func ("/plot/cli/heatmap-grid", test_cli_heatmap_grid);
  g_test_add_func ("/plot/scatter/model", test_scatter_model);
  g_test_add_func ("/plot/scatter/pixels", test_scatter_pixels);
  g_test_add_func ("/plot/scatter/scales", test_scatter_scales);
  g_test_add_func ("/plot/bars", test_bars);
  return g_test_run ();
}
