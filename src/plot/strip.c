/* The λ strip (strip.h): a grid of small multiples laid out from the size alone. */
#include "plot/strip.h"
#include "core/base/format.h"
#include "plot/heatmap.h"

#include <math.h>
#include <string.h>

#define MARGIN 8.0
#define TITLE_FONT 10.0
#define ROW_FONT 8.5
#define CAPTION_FONT 8.0
#define GAP 6.0

LescStripModel *
lesc_strip_model_new (const char *title, guint rows, guint cols, const LescMatrix *xy)
{
  g_return_val_if_fail (rows >= 1 && rows <= LESC_STRIP_MAX_ROWS && cols >= 1, NULL);
  LescStripModel *m = g_new0 (LescStripModel, 1);
  m->title = g_strdup (title != NULL ? title : "");
  m->rows = rows;
  m->cols = cols;
  m->values = g_new0 (double, rows * cols);
  m->colors = g_new0 (LescMatrix *, rows * cols);
  for (guint r = 0; r < LESC_STRIP_MAX_ROWS; r++)
    m->current[r] = -1;
  m->xy = lesc_matrix_copy (xy);
  return m;
}

void
lesc_strip_model_set_row (LescStripModel *m, guint row, const char *name, const double *values,
                          int current)
{
  g_return_if_fail (row < m->rows);
  g_free (m->row_names[row]);
  m->row_names[row] = g_strdup (name);
  memcpy (m->values + row * m->cols, values, m->cols * sizeof (double));
  m->current[row] = current;
}

void
lesc_strip_model_set_cell (LescStripModel *m, guint row, guint col, LescMatrix *colors)
{
  g_return_if_fail (row < m->rows && col < m->cols);
  g_return_if_fail (colors == NULL || (colors->rows == m->xy->rows && colors->cols == 3));
  lesc_matrix_free (m->colors[row * m->cols + col]);
  m->colors[row * m->cols + col] = colors;
}

LescStripModel *
lesc_strip_model_copy (const LescStripModel *m)
{
  LescStripModel *c = lesc_strip_model_new (m->title, m->rows, m->cols, m->xy);
  c->grid = m->grid;
  for (guint r = 0; r < m->rows; r++)
    lesc_strip_model_set_row (c, r, m->row_names[r], m->values + r * m->cols, m->current[r]);
  for (guint k = 0; k < m->rows * m->cols; k++)
    c->colors[k] = m->colors[k] != NULL ? lesc_matrix_copy (m->colors[k]) : NULL;
  return c;
}

void
lesc_strip_model_free (LescStripModel *m)
{
  if (m == NULL)
    return;
  for (guint k = 0; k < m->rows * m->cols; k++)
    lesc_matrix_free (m->colors[k]);
  for (guint r = 0; r < LESC_STRIP_MAX_ROWS; r++)
    g_free (m->row_names[r]);
  g_free (m->colors);
  g_free (m->values);
  g_free (m->title);
  lesc_matrix_free (m->xy);
  g_free (m);
}

/* Cells of one row on `lines` lines of `per_line`: the side of the square plots at
 * width × height. */
static double
side_for (double width, double height, const LescStripModel *m, guint per_line, guint lines)
{
  double top = MARGIN + TITLE_FONT * 1.6;
  double row_h = (height - top - MARGIN) / m->rows;
  double line_h = (row_h - ROW_FONT * 1.6) / lines - CAPTION_FONT * 1.8;
  double cell_w = (width - 2 * MARGIN - (per_line - 1) * GAP) / per_line;
  return MAX (MIN (cell_w, line_h), 4.0);
}

void
lesc_strip_layout (double width, double height, const LescStripModel *m, LescRect *cells)
{
  /* a row on one line, or folded onto two when that makes the plots larger */
  guint per_line = m->cols, lines = 1;
  guint half = (m->cols + 1) / 2;
  if (m->cols > 1 && side_for (width, height, m, half, 2) > side_for (width, height, m, m->cols, 1))
    per_line = half, lines = 2;
  double side = side_for (width, height, m, per_line, lines);
  double top = MARGIN + TITLE_FONT * 1.6;
  double row_h = (height - top - MARGIN) / m->rows;
  double cell_w = (width - 2 * MARGIN - (per_line - 1) * GAP) / per_line;
  for (guint r = 0; r < m->rows; r++)
    for (guint c = 0; c < m->cols; c++)
      {
        guint line = c / per_line, k = c % per_line;
        double x = MARGIN + k * (cell_w + GAP) + (cell_w - side) / 2;
        double y = top + r * row_h + ROW_FONT * 1.6 + line * (side + CAPTION_FONT * 1.8);
        cells[r * m->cols + c] = (LescRect) { x, y, side, side };
      }
}

gboolean
lesc_strip_hit (double width, double height, const LescStripModel *m, double x, double y,
                guint *row, guint *col)
{
  g_autofree LescRect *cells = g_new (LescRect, m->rows * m->cols);
  lesc_strip_layout (width, height, m, cells);
  for (guint k = 0; k < m->rows * m->cols; k++)
    {
      const LescRect *r = &cells[k];
      if (x >= r->x && y >= r->y && x <= r->x + r->width && y <= r->y + r->height + CAPTION_FONT * 1.6)
        {
          *row = k / m->cols;
          *col = k % m->cols;
          return TRUE;
        }
    }
  return FALSE;
}

static void
text (cairo_t *cr, const char *s, double size, double x, double y, double ax, double ay,
      gboolean bold)
{
  PangoLayout *layout = lesc_text_new (cr, s, size, bold);
  lesc_text_show (cr, layout, x, y, ax, ay, NULL);
  g_object_unref (layout);
}

/* The samples as squares: on a grid filling the plot like the Distributions figure's
 * cells, scattered samples at half that side so that neighbours stay apart. */
static void
paint_cell (cairo_t *cr, const LescRect *r, const LescMatrix *xy, gboolean grid,
            const LescMatrix *colors)
{
  gsize n = xy->rows;
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (gsize i = 0; i < n; i++)
    {
      x0 = fmin (x0, LESC_AT (xy, i, 0)), x1 = fmax (x1, LESC_AT (xy, i, 0));
      y0 = fmin (y0, LESC_AT (xy, i, 1)), y1 = fmax (y1, LESC_AT (xy, i, 1));
    }
  double per_side = ceil (sqrt ((double) n));
  double dot = fmax (r->width / per_side * (grid ? 1.05 : 0.5), 1.0);
  double sx = x1 > x0 ? (r->width - dot) / (x1 - x0) : 0.0;
  double sy = y1 > y0 ? (r->height - dot) / (y1 - y0) : 0.0;
  for (gsize i = 0; i < n; i++)
    {
      double x = r->x + (LESC_AT (xy, i, 0) - x0) * sx;
      double y = r->y + r->height - dot - (LESC_AT (xy, i, 1) - y0) * sy;
      cairo_set_source_rgb (cr, LESC_AT (colors, i, 0), LESC_AT (colors, i, 1),
                            LESC_AT (colors, i, 2));
      cairo_rectangle (cr, x, y, dot, dot);
      cairo_fill (cr);
    }
}

void
lesc_plot_strip_paint (cairo_t *cr, double width, double height, const LescStripModel *m)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  text (cr, m->title, TITLE_FONT, MARGIN, MARGIN, 0.0, 0.0, TRUE);
  g_autofree LescRect *cells = g_new (LescRect, m->rows * m->cols);
  lesc_strip_layout (width, height, m, cells);
  for (guint r = 0; r < m->rows; r++)
    {
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      text (cr, m->row_names[r] != NULL ? m->row_names[r] : "", ROW_FONT, MARGIN,
            cells[r * m->cols].y - 2.0, 0.0, 1.0, TRUE);
      for (guint c = 0; c < m->cols; c++)
        {
          const LescRect *rect = &cells[r * m->cols + c];
          const LescMatrix *colors = m->colors[r * m->cols + c];
          if (colors != NULL)
            paint_cell (cr, rect, m->xy, m->grid, colors);
          else
            {
              cairo_set_source_rgb (cr, 0.92, 0.92, 0.92);
              cairo_rectangle (cr, rect->x, rect->y, rect->width, rect->height);
              cairo_fill (cr);
              cairo_set_source_rgb (cr, 0.6, 0.6, 0.6);
              text (cr, "…", CAPTION_FONT * 1.5, rect->x + rect->width / 2,
                    rect->y + rect->height / 2, 0.5, 0.5, FALSE);
            }
          gboolean current = (int) c == m->current[r];
          cairo_set_source_rgb (cr, current ? 0.85 : 0.6, current ? 0.1 : 0.6, current ? 0.1 : 0.6);
          cairo_set_line_width (cr, current ? 2.5 : 0.6);
          cairo_rectangle (cr, rect->x, rect->y, rect->width, rect->height);
          cairo_stroke (cr);
          g_autofree char *v = lesc_heatmap_format_lambda (m->values[r * m->cols + c]);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          text (cr, v, CAPTION_FONT, rect->x + rect->width / 2, rect->y + rect->height + 2.0, 0.5,
                0.0, current);
        }
    }
  cairo_restore (cr);
}

char *
lesc_strip_model_to_csv (const LescStripModel *m)
{
  GString *s = g_string_new ("# ");
  g_string_append (s, m->title);
  for (guint r = 0; r < m->rows; r++)
    g_string_append_printf (s, "\n# row %u: %s", r + 1, m->row_names[r] ? m->row_names[r] : "");
  g_string_append (s, "\nrow,col,value,sample,x,y,r,g,b\n");
  for (guint r = 0; r < m->rows; r++)
    for (guint c = 0; c < m->cols; c++)
      {
        const LescMatrix *colors = m->colors[r * m->cols + c];
        for (gsize i = 0; colors != NULL && i < colors->rows; i++)
          {
            g_string_append_printf (s, "%u,%u,", r + 1, c + 1);
            lesc_format_append (s, m->values[r * m->cols + c], LESC_FORMAT_CSV, "%.10g");
            g_string_append_printf (s, ",%zu,", i + 1);
            lesc_format_append (s, LESC_AT (m->xy, i, 0), LESC_FORMAT_CSV, "%.10g");
            g_string_append_c (s, ',');
            lesc_format_append (s, LESC_AT (m->xy, i, 1), LESC_FORMAT_CSV, "%.10g");
            for (int k = 0; k < 3; k++)
              {
                g_string_append_c (s, ',');
                lesc_format_append (s, LESC_AT (colors, i, k), LESC_FORMAT_CSV, "%.6f");
              }
            g_string_append_c (s, '\n');
          }
      }
  return g_string_free (s, FALSE);
}
