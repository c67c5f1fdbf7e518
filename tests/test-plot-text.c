/* The figures' shared pieces: text taken out of a painter for a face that writes it as
 * characters (plot/text.h), the Distributions positions (plot/positions.h), the λ grid's
 * heatmap model with its robust scale and its hit test (plot/heatmap.h), and the
 * comparison's statistics, coverage, rank order and p-values (plot/comparison.h). */
#include "plot/cd.h"
#include "plot/comparison.h"
#include "plot/export.h"
#include "plot/heatmap.h"
#include "plot/positions.h"
#include "plot/scatter.h"
#include "core/data/artificial.h"
#include "core/methods/method.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#define CELL_W 6.0
#define CELL_H 12.0

/* ---- a λ grid with one bad row --------------------------------------------------------- */

static const double lambda1[] = { 1e-4, 1e-3, 1e-2, 1e-1, 1, 10 };
static const double lambda2[] = { 1e-3, 1e-1, 10 };
#define N1 G_N_ELEMENTS (lambda1)
#define N2 G_N_ELEMENTS (lambda2)

/* Cheb 0.05 … 0.08 over the good rows; λ₁ = 10 far off (0.9); cell (0, 2) missing. */
static LescGrid *
grid_new (void)
{
  LescGrid *g = g_new0 (LescGrid, 1);
  g->dataset = g_strdup ("made-up");
  g->method = lesc_method_find ("lesc");
  g_assert_nonnull (g->method);
  g->n1 = N1;
  g->n2 = N2;
  g->lambda1 = g_memdup2 (lambda1, sizeof lambda1);
  g->lambda2 = g_memdup2 (lambda2, sizeof lambda2);
  g->cells = g_new0 (LescRunRecord, N1 * N2);
  for (guint i1 = 0; i1 < N1; i1++)
    for (guint i2 = 0; i2 < N2; i2++)
      {
        LescRunRecord *c = &g->cells[i2 * N1 + i1];
        if (i1 == 0 && i2 == 2)
          continue;
        c->id = 1 + i2 * N1 + i1;
        c->measures[LESC_MEASURE_CHEB] = i1 == N1 - 1 ? 0.9 : 0.05 + 0.006 * i1 + 0.001 * i2;
      }
  return g;
}

static void
grid_free (LescGrid *g)
{
  g_free (g->dataset);
  g_free (g->lambda1);
  g_free (g->lambda2);
  g_free (g->cells);
  g_free (g);
}

static guint32
pack (const double rgb[3])
{
  return ((guint32) lround (rgb[0] * 255) << 16) | ((guint32) lround (rgb[1] * 255) << 8) | (guint32) lround (rgb[2] * 255);
}

/* The window's robust colour scale for every face: the good rows λ₁ = 10⁻⁴ … 1 are not one
 * colour although λ₁ = 10 is ten times worse. */
static void
test_grid_model (void)
{
  LescGrid *g = grid_new ();
  g_autoptr (LescHeatmapModel) m = lesc_heatmap_model_new_from_grid (g, LESC_MEASURE_CHEB, "Cheb");
  g_assert_true (m->robust);
  g_assert_cmpuint (m->rows, ==, N1);
  g_assert_cmpuint (m->cols, ==, N2);
  g_assert_true (isnan (m->values[0 * N2 + 2]));
  g_assert_cmpfloat_with_epsilon (m->values[3 * N2 + 1], 0.05 + 0.018 + 0.001, 1e-12);
  g_assert_cmpfloat (m->values[(N1 - 1) * N2], ==, 0.9);
  g_assert_nonnull (m->row_title);
  g_assert_nonnull (strstr (m->row_title, "λ₁"));
  double lo, hi;
  g_assert_true (lesc_heatmap_scale (m, &lo, &hi));
  g_assert_cmpfloat (lo, ==, 0.05);
  g_assert_cmpfloat (hi, <, 0.9);   /* the bad row does not set the end */
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (s);
  g_autoptr (LescHeatmapLayout) l = lesc_heatmap_layout_new (cr, 400, 300, m);
  g_autoptr (GHashTable) colours = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i + 1 < N1; i++)
    for (guint j = 0; j < N2; j++)
      if (!isnan (m->values[i * N2 + j]))
        g_hash_table_add (colours, GUINT_TO_POINTER (pack (l->colors[i * N2 + j])));
  g_test_message ("%u colours over the good rows", g_hash_table_size (colours));
  g_assert_cmpuint (g_hash_table_size (colours), >=, 10);
  /* the plain linear scale (what the terminal had) paints them nearly alike */
  m->robust = FALSE;
  g_autoptr (LescHeatmapLayout) lin = lesc_heatmap_layout_new (cr, 400, 300, m);
  double spread_lin = 0, spread_rob = 0;
  for (guint k = 0; k < 3; k++)
    {
      spread_lin = MAX (spread_lin, fabs (lin->colors[0 * N2 + 0][k] - lin->colors[4 * N2 + 2][k]));
      spread_rob = MAX (spread_rob, fabs (l->colors[0 * N2 + 0][k] - l->colors[4 * N2 + 2][k]));
    }
  g_assert_cmpfloat (spread_rob, >, 3 * spread_lin);

  /* hit test: each cell's centre is that cell; outside the cells nothing */
  m->robust = TRUE;
  for (guint i = 0; i < N1; i++)
    for (guint j = 0; j < N2; j++)
      {
        const LescRect *r = &l->cells[i * N2 + j];
        guint hi_row = 99, hi_col = 99;
        g_assert_true (lesc_heatmap_cell_at (NULL, 400, 300, m, r->x + r->width / 2, r->y + r->height / 2,
                                             &hi_row, &hi_col));
        g_assert_cmpuint (hi_row, ==, i);
        g_assert_cmpuint (hi_col, ==, j);
      }
  guint a, b;
  g_assert_false (lesc_heatmap_cell_at (NULL, 400, 300, m, 1, 1, &a, &b));
  cairo_destroy (cr);
  cairo_surface_destroy (s);
  grid_free (g);
}

/* ---- text capture ------------------------------------------------------------------------ */

static void
paint_heatmap (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_heatmap_paint (cr, w, h, m);
}

static void
paint_cd (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_cd_paint (cr, w, h, m);
}

static void
paint_scatter (cairo_t *cr, double w, double h, const void *m)
{
  lesc_plot_scatter_paint (cr, w, h, m);
}

/* Every captured line: one cell high, as wide as its characters, inside the figure, and
 * nothing painted under it (its box is one colour: the page or the heatmap cell). */
static void
check_capture (const LescTextCapture *c, cairo_surface_t *img, double dpi)
{
  double px = dpi / 72.0;
  int w = cairo_image_surface_get_width (img), h = cairo_image_surface_get_height (img);
  const guint8 *data = cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img);
  for (guint i = 0; i < lesc_text_capture_n (c); i++)
    {
      const LescTextItem *t = lesc_text_capture_item (c, i);
      g_assert_cmpstr (t->text, !=, "");
      double along = t->vertical ? t->height : t->width, across = t->vertical ? t->width : t->height;
      g_assert_cmpfloat_with_epsilon (along, lesc_text_cells (t->text) * CELL_W * px, 1e-6);
      g_assert_cmpfloat_with_epsilon (across, CELL_H * px, 1e-6);
      g_assert_cmpfloat (t->x, >=, -0.5);
      g_assert_cmpfloat (t->y, >=, -0.5);
      g_assert_cmpfloat (t->x + t->width, <=, w + 0.5);
      g_assert_cmpfloat (t->y + t->height, <=, h + 0.5);
      int x0 = (int) ceil (t->x) + 1, x1 = (int) floor (t->x + t->width) - 1;
      int y0 = (int) ceil (t->y) + 1, y1 = (int) floor (t->y + t->height) - 1;
      guint32 first = 0;
      gboolean have = FALSE;
      guint differ = 0, n = 0;
      for (int y = MAX (y0, 0); y <= MIN (y1, h - 1); y++)
        for (int x = MAX (x0, 0); x <= MIN (x1, w - 1); x++)
          {
            guint32 v = ((const guint32 *) (data + y * stride))[x];
            if (!have)
              first = v, have = TRUE;
            differ += v != first;
            n++;
          }
      /* a grid line or a cell edge may cross a box; glyphs would cover far more */
      if (n > 0 && differ * 10 > n)
        g_error ("text \"%s\" at %.0f,%.0f: %u of %u pixels under it are painted", t->text, t->x, t->y, differ, n);
    }
}

static LescTextCapture *
capture_render (LescPaintFunc paint, const void *model, double w, double h, double dpi)
{
  LescTextCapture *c = lesc_text_capture_new (CELL_W, CELL_H);
  cairo_surface_t *img = lesc_plot_render_image_text (w, h, dpi, paint, model, c);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  check_capture (c, img, dpi);
  cairo_surface_destroy (img);
  return c;
}

static void
test_capture_heatmap (void)
{
  LescGrid *g = grid_new ();
  g_autoptr (LescHeatmapModel) m = lesc_heatmap_model_new_from_grid (g, LESC_MEASURE_CHEB, "Cheb");
  m->title = g_strdup ("LESC on made-up: Chebyshev");
  g_autoptr (LescTextCapture) c = capture_render (paint_heatmap, m, 480, 360, 96);
  g_autofree char *text = lesc_text_capture_text (c);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, "LESC on made-up: Chebyshev"));
  g_assert_nonnull (strstr (text, "10⁻⁴"));       /* tick labels */
  g_assert_nonnull (strstr (text, "0.900"));      /* the cells' numbers */
  g_assert_nonnull (strstr (text, "0.051"));
  /* the row title turned beside the rows */
  gboolean vertical = FALSE;
  for (guint i = 0; i < lesc_text_capture_n (c); i++)
    vertical |= lesc_text_capture_item (c, i)->vertical;
  g_assert_true (vertical);
  /* without a capture the same painter paints its text (the figure differs) */
  cairo_surface_t *plain = lesc_plot_render_image (480, 360, 96, paint_heatmap, m);
  g_assert_cmpint (cairo_surface_status (plain), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (plain);
  grid_free (g);
}

static void
test_capture_cd (void)
{
  const char *names[] = { "LESC", "gLESC", "GLLE", "LP" };
  const double ranks[] = { 1.5, 1.7, 3.2, 3.6 };
  g_autoptr (LescCdModel) m = lesc_cd_model_new (4, names, ranks, 12, "Cheb", TRUE);
  lesc_cd_model_set_omnibus (m, "Iman–Davenport F_F", 40.5, 0.0);
  g_autoptr (LescTextCapture) c = capture_render (paint_cd, m, 420, 200, 96);
  g_autofree char *text = lesc_text_capture_text (c);
  g_test_message ("%s", text);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_assert_nonnull (strstr (text, names[i]));
  /* the caption says p in words, never "p = <" */
  g_assert_null (strstr (text, "p = <"));
  g_autofree char *caption = lesc_cd_caption (m);
  g_assert_nonnull (strstr (caption, "p < 1e-300"));
  g_assert_null (strstr (caption, "p = <"));
}

static void
test_capture_scatter (void)
{
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
  g_autoptr (LescPositions) pos = lesc_positions_default (ds, NULL, NULL);
  const char *names[] = { "Ground truth" };
  const LescMatrix *tables[] = { ds->truth };
  LescScatterOptions opt;
  lesc_scatter_options_init (&opt);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescScatterModel) m = lesc_scatter_model_new (pos->xy, pos->grid, pos->x_label, pos->y_label, 1, names,
                                                           tables, &opt, &error);
  g_assert_no_error (error);
  g_autoptr (LescTextCapture) c = capture_render (paint_scatter, m, 300, 260, 72);
  g_autofree char *text = lesc_text_capture_text (c);
  g_assert_nonnull (strstr (text, "Ground truth"));
  g_assert_nonnull (strstr (text, "decorrelation stretch"));
}

static void
test_cells (void)
{
  g_assert_cmpint (lesc_text_cells ("abc"), ==, 3);
  g_assert_cmpint (lesc_text_cells ("λ₁"), ==, 2);
  g_assert_cmpint (lesc_text_cells ("数据"), ==, 4);
  g_assert_cmpint (lesc_text_cells ("e\u0301"), ==, 1);
  g_assert_cmpint (lesc_text_cells (""), ==, 0);
  /* laid out on cells: every size the same, a blank one cell, a line its characters */
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (s);
  lesc_text_capture_attach (cr, lesc_text_capture_new (CELL_W, CELL_H), TRUE);
  g_assert_cmpfloat (lesc_text_width (cr, " ", 9.0, FALSE), ==, CELL_W);
  g_assert_cmpfloat (lesc_text_width (cr, "Intersec", 9.0, FALSE), ==, 8 * CELL_W);
  g_assert_cmpfloat (lesc_text_width (cr, "Intersec", 20.0, TRUE), ==, 8 * CELL_W);
  g_assert_cmpfloat (lesc_text_line_height (cr, 4.0), ==, CELL_H);
  PangoLayout *t = lesc_text_new (cr, "a caption long enough to wrap at a narrow width", 9.0, FALSE);
  pango_layout_set_width (t, (int) (20 * CELL_W * PANGO_SCALE));
  pango_layout_set_wrap (t, PANGO_WRAP_WORD);
  double w, h;
  lesc_text_size (t, &w, &h);
  g_assert_cmpfloat (w, <=, 20 * CELL_W);
  g_assert_cmpfloat (h, ==, 3 * CELL_H);   /* "a caption long" / "enough to wrap at a" / "narrow width" */
  g_object_unref (t);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* ---- positions --------------------------------------------------------------------------- */

static void
test_positions (void)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  g_autoptr (LescPositions) grid = lesc_positions_default (art, NULL, NULL);
  g_assert_true (grid->grid);
  g_assert_false (grid->pca);
  g_assert_cmpstr (grid->x_label, ==, "x₁");
  g_assert_cmpfloat (LESC_AT (grid->xy, 7, 1), ==, LESC_AT (art->features, 7, 1));

  /* four samples on a line in three features: PC 1 holds all the variance */
  LescMatrix *x = lesc_matrix_new (4, 3);
  for (gsize i = 0; i < 4; i++)
    {
      LESC_AT (x, i, 0) = (double) i;
      LESC_AT (x, i, 1) = 2.0 * i + 1;
      LESC_AT (x, i, 2) = -3.0 * i;
    }
  LescMatrix *truth = lesc_matrix_new (4, 2);
  for (gsize i = 0; i < 4; i++)
    {
      LESC_AT (truth, i, 0) = 0.25 * i;
      LESC_AT (truth, i, 1) = 1 - 0.25 * i;
    }
  g_autoptr (LescDataset) ds = lesc_dataset_new ("line", x, truth, NULL);
  g_autoptr (LescPositions) p = lesc_positions_default (ds, NULL, NULL);
  g_assert_true (p->pca);
  g_assert_false (p->grid);
  g_assert_cmpstr (p->x_label, ==, "PC 1 (100 % of the variance)");
  /* scores of z-scored features: evenly spaced along PC 1, nothing on PC 2 */
  double step = LESC_AT (p->xy, 1, 0) - LESC_AT (p->xy, 0, 0);
  g_assert_cmpfloat (fabs (step), >, 0.1);
  for (gsize i = 1; i < 4; i++)
    {
      g_assert_cmpfloat_with_epsilon (LESC_AT (p->xy, i, 0) - LESC_AT (p->xy, i - 1, 0), step, 1e-9);
      g_assert_cmpfloat_with_epsilon (LESC_AT (p->xy, i, 1), 0.0, 1e-9);
    }
  /* an embedding given by the caller is used as it is */
  LescMatrix *e = lesc_matrix_new (4, 2);
  for (gsize i = 0; i < 8; i++)
    e->data[i] = (double) i;
  const double share[2] = { 0.5, 0.25 };
  g_autoptr (LescPositions) given = lesc_positions_default (ds, e, share);
  g_assert_cmpfloat (LESC_AT (given->xy, 3, 1), ==, 7.0);
  g_assert_cmpstr (given->y_label, ==, "PC 2 (25 %)");
  lesc_matrix_free (e);
  /* features by choice, clamped to the last column */
  g_autoptr (LescPositions) f = lesc_positions_features (ds, 2, 9);
  g_assert_cmpstr (f->x_label, ==, "feature 3");
  g_assert_cmpstr (f->y_label, ==, "feature 3");
  g_assert_cmpfloat (LESC_AT (f->xy, 2, 0), ==, -6.0);
}

/* ---- comparison -------------------------------------------------------------------------- */

static void
test_comparison (void)
{
  g_autofree char *p0 = lesc_format_p (0.0);
  g_assert_cmpstr (p0, ==, "p < 1e-300");
  g_autofree char *p1 = lesc_format_p (0.01234);
  g_assert_cmpstr (p1, ==, "p = 0.012");
  g_autofree char *p2 = lesc_format_p (3.14e-5);
  g_assert_cmpstr (p2, ==, "p = 3.1e-05");

  const double ranks[] = { 3.0, 1.5, 2.0, 1.5 };
  g_autofree guint *order = lesc_comparison_rank_order (ranks, 4);
  g_assert_cmpuint (order[0], ==, 1);   /* ties keep their order */
  g_assert_cmpuint (order[1], ==, 3);
  g_assert_cmpuint (order[2], ==, 2);
  g_assert_cmpuint (order[3], ==, 0);

  /* 4 data sets × 2 methods; "b" lacks one run */
  LescRecoveryTable t = { 0 };
  char *sets[] = { "data/a.mat", "data/b.mat", "c", "d", NULL };
  const LescMethod *methods[] = { lesc_method_find ("glle"), lesc_method_find ("lesc") };
  LescRunRecord cells[8] = { { 0 } };
  t.n_datasets = 4;
  t.n_methods = 2;
  t.datasets = sets;
  t.methods = methods;
  t.cells = cells;
  for (guint d = 0; d < 4; d++)
    for (guint j = 0; j < 2; j++)
      {
        cells[d * 2 + j].id = d == 1 && j == 1 ? 0 : 1 + d * 2 + j;
        for (guint k = 0; k < LESC_N_MEASURES; k++)
          cells[d * 2 + j].measures[k] = 0.1 + 0.01 * d + 0.02 * j;
      }
  LescComparisonCoverage c;
  lesc_comparison_coverage (&t, NULL, &c);
  g_assert_cmpuint (c.datasets, ==, 4);
  g_assert_cmpuint (c.stored, ==, 7);
  g_assert_cmpuint (c.complete, ==, 3);
  /* the data sets chosen now, by path or by name */
  const char *chosen[] = { "/elsewhere/b.mat", "c", NULL };
  lesc_comparison_coverage (&t, chosen, &c);
  g_assert_cmpuint (c.datasets, ==, 2);
  g_assert_cmpuint (c.stored, ==, 3);
  g_assert_cmpuint (c.complete, ==, 1);
  g_autofree char *text = lesc_comparison_coverage_text (&c);
  g_assert_cmpstr (text, ==, "The results store has 3 of the 4 runs asked for (2 data sets × 2 methods); 1 of the 2 "
                             "data sets have a result of every method, and a diagram needs at least two.");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescStatsResult) r = lesc_comparison_stats (&t, LESC_MEASURE_CHEB, LESC_POSTHOC_NEMENYI, 0.05, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (r->n, ==, 3);       /* b left out */
  g_assert_cmpfloat (r->mean_ranks[0], ==, 1.0);   /* GLLE lower everywhere */
  g_assert_cmpfloat (r->mean_ranks[1], ==, 2.0);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/plot-text/grid-model", test_grid_model);
  g_test_add_func ("/plot-text/capture-heatmap", test_capture_heatmap);
  g_test_add_func ("/plot-text/capture-cd", test_capture_cd);
  g_test_add_func ("/plot-text/capture-scatter", test_capture_scatter);
  g_test_add_func ("/plot-text/cells", test_cells);
  g_test_add_func ("/plot-text/positions", test_positions);
  g_test_add_func ("/plot-text/comparison", test_comparison);
  return g_test_run ();
}
