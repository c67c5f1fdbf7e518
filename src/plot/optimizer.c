/* The optimizer figure (optimizer.h): layout from the size alone, the painter, CSV. */
#include "plot/optimizer.h"
#include "core/base/format.h"
#include "plot/heatmap.h"

#include <math.h>
#include <string.h>

#define MARGIN 8.0
/* the other painters' sizes (heatmap labels 10, titles 11): at presenter mode's ×2 the
 * axis numbers' digits are over 14 px tall (tests/test-plot-style.c) */
#define TITLE_FONT 11.0
#define LABEL_FONT 10.5
#define AXIS_FONT 10.5
#define LEFT 58.0        /* room for the f axis labels */
#define GAP 10.0
#define LINE 1.4

static double *
copy (const double *v, guint n)
{
  return v != NULL && n > 0 ? g_memdup2 (v, n * sizeof (double)) : NULL;
}

LescOptimizerModel *
lesc_optimizer_model_new (const char *title, guint n_points, const double *iterations,
                          const double *objective, guint n_snapshots,
                          const double *snapshot_iterations, const double *measures, guint cap,
                          double optimum)
{
  LescOptimizerModel *m = g_new0 (LescOptimizerModel, 1);
  m->title = g_strdup (title != NULL ? title : "");
  m->n_points = n_points;
  m->iterations = copy (iterations, n_points);
  m->objective = copy (objective, n_points);
  m->n_snapshots = n_snapshots;
  m->snapshot_iterations = copy (snapshot_iterations, n_snapshots);
  m->measures = copy (measures, n_snapshots * LESC_N_MEASURES);
  m->cap = cap;
  m->optimum = optimum;
  m->marker = NAN;
  return m;
}

LescOptimizerModel *
lesc_optimizer_model_copy (const LescOptimizerModel *m)
{
  LescOptimizerModel *c = lesc_optimizer_model_new (m->title, m->n_points, m->iterations,
                                                    m->objective, m->n_snapshots,
                                                    m->snapshot_iterations, m->measures, m->cap,
                                                    m->optimum);
  c->marker = m->marker;
  return c;
}

void
lesc_optimizer_model_free (LescOptimizerModel *m)
{
  if (m == NULL)
    return;
  g_free (m->title);
  g_free (m->iterations);
  g_free (m->objective);
  g_free (m->snapshot_iterations);
  g_free (m->measures);
  g_free (m);
}

static double
safe_log (double f)
{
  return log10 (fmax (f, 1e-300));
}

void
lesc_optimizer_layout (double width, double height, const LescOptimizerModel *m,
                       LescOptimizerLayout *l)
{
  memset (l, 0, sizeof *l);
  double last = m->n_points > 0 ? m->iterations[m->n_points - 1] : 0.0;
  /* a little beyond the cap (or the last iteration), so that the cap's line stands clear
   * of the frame */
  l->x_max = 1.05 * fmax (fmax ((double) m->cap, last), 1.0);
  double lo = INFINITY, hi = -INFINITY;
  for (guint i = 0; i < m->n_points; i++)
    if (isfinite (m->objective[i]))
      {
        lo = fmin (lo, safe_log (m->objective[i]));
        hi = fmax (hi, safe_log (m->objective[i]));
      }
  if (isfinite (m->optimum))
    lo = fmin (lo, safe_log (m->optimum)), hi = fmax (hi, safe_log (m->optimum));
  if (!isfinite (lo))
    lo = 0.0, hi = 1.0;
  l->log_lo = floor (lo);
  l->log_hi = MAX (ceil (hi), l->log_lo + 1.0);

  double top = MARGIN + TITLE_FONT * 1.6;
  gboolean measures = m->measures != NULL && m->n_snapshots > 0;
  double avail = height - top - MARGIN;
  double f_height = measures ? 0.5 * avail : avail - AXIS_FONT * 2.4;
  l->objective = (LescRect) { LEFT, top, MAX (width - LEFT - MARGIN, 10.0),
                              MAX (f_height - AXIS_FONT * 2.4, 10.0) };
  if (!measures)
    return;
  /* the six measures in 2 rows × 3 columns under the objective */
  double y0 = top + f_height + GAP, cell_h = (height - MARGIN - y0) / 2.0;
  /* each column leaves room on its left for the next one's axis labels */
  double cell_w = (width - MARGIN - LEFT + 36.0) / 3.0;
  for (int k = 0; k < LESC_N_MEASURES; k++)
    {
      int row = k / 3, col = k % 3;
      double x = LEFT + col * cell_w;
      double y = y0 + row * cell_h + LABEL_FONT * 1.5;
      l->measures[k] = (LescRect) { x, y, MAX (cell_w - 36.0, 10.0),
                                    MAX (cell_h - LABEL_FONT * 1.5 - AXIS_FONT * 2.2, 6.0) };
      double a = INFINITY, b = -INFINITY;
      for (guint s = 0; s < m->n_snapshots; s++)
        {
          double v = m->measures[s * LESC_N_MEASURES + k];
          if (isfinite (v))
            a = fmin (a, v), b = fmax (b, v);
        }
      if (!isfinite (a))
        a = 0.0, b = 1.0;
      double pad = b > a ? 0.06 * (b - a) : fmax (fabs (a) * 0.01, 1e-3);
      l->lo[k] = a - pad;
      l->hi[k] = b + pad;
    }
}

double
lesc_optimizer_x (const LescOptimizerLayout *l, const LescRect *area, double iteration)
{
  return area->x + area->width * iteration / l->x_max;
}

double
lesc_optimizer_y (const LescOptimizerLayout *l, double f)
{
  const LescRect *a = &l->objective;
  double t = (safe_log (f) - l->log_lo) / (l->log_hi - l->log_lo);
  return a->y + a->height * (1.0 - t);
}

static double
measure_y (const LescOptimizerLayout *l, int k, double v)
{
  const LescRect *a = &l->measures[k];
  return a->y + a->height * (1.0 - (v - l->lo[k]) / (l->hi[k] - l->lo[k]));
}

static void
frame_rect (cairo_t *cr, const LescRect *r)
{
  cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  cairo_set_line_width (cr, 0.6);
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_stroke (cr);
}

static void
text (cairo_t *cr, const char *s, double size, double x, double y, double ax, double ay,
      gboolean bold)
{
  PangoLayout *layout = lesc_text_new (cr, s, size, bold);
  lesc_text_show (cr, layout, x, y, ax, ay, NULL);
  g_object_unref (layout);
}

/* the iteration ticks under an area: 0, step, … with a step of 1, 2 or 5 × 10^k */
static double
tick_step (double x_max)
{
  double raw = x_max / 6.0, p = pow (10.0, floor (log10 (raw)));
  return raw <= p ? p : raw <= 2 * p ? 2 * p : raw <= 5 * p ? 5 * p : 10 * p;
}

static void
iteration_axis (cairo_t *cr, const LescOptimizerLayout *l, const LescRect *a, gboolean labels)
{
  double step = tick_step (l->x_max);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  for (double t = 0.0; t <= l->x_max + 1e-9; t += step)
    {
      double x = lesc_optimizer_x (l, a, t);
      cairo_move_to (cr, x, a->y + a->height);
      cairo_line_to (cr, x, a->y + a->height + 3.0);
      cairo_set_line_width (cr, 0.6);
      cairo_stroke (cr);
      if (labels)
        {
          g_autofree char *s = g_strdup_printf ("%.0f", t);
          text (cr, s, AXIS_FONT, x, a->y + a->height + 4.0, 0.5, 0.0, FALSE);
        }
    }
}

/* The cap (dashed, labelled in the objective's area) and the scrubber's marker. */
static void
verticals (cairo_t *cr, const LescOptimizerModel *m, const LescOptimizerLayout *l,
           const LescRect *a, gboolean label)
{
  if (m->cap > 0)
    {
      double x = lesc_optimizer_x (l, a, m->cap);
      cairo_set_source_rgb (cr, 0.75, 0.2, 0.15);
      cairo_set_line_width (cr, 1.0);
      double dash[] = { 4.0, 3.0 };
      cairo_set_dash (cr, dash, 2, 0.0);
      cairo_move_to (cr, x, a->y);
      cairo_line_to (cr, x, a->y + a->height);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0.0);
      if (label)
        {
          g_autofree char *s = g_strdup_printf ("MaxIter %u", m->cap);
          text (cr, s, AXIS_FONT, x - 3.0, a->y + 2.0, 1.0, 0.0, FALSE);
        }
    }
  if (isfinite (m->marker))
    {
      double x = lesc_optimizer_x (l, a, m->marker);
      cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.6);
      cairo_set_line_width (cr, 1.0);
      cairo_move_to (cr, x, a->y);
      cairo_line_to (cr, x, a->y + a->height);
      cairo_stroke (cr);
    }
}

static void
paint_objective (cairo_t *cr, const LescOptimizerModel *m, const LescOptimizerLayout *l)
{
  const LescRect *a = &l->objective;
  /* decades on the left, every other one when there are many */
  int span = (int) (l->log_hi - l->log_lo);
  int every = span > 8 ? 2 : 1;
  cairo_set_line_width (cr, 0.4);
  for (int k = (int) l->log_lo; k <= (int) l->log_hi; k++)
    {
      double y = lesc_optimizer_y (l, pow (10.0, k));
      cairo_set_source_rgb (cr, 0.88, 0.88, 0.88);
      cairo_move_to (cr, a->x, y);
      cairo_line_to (cr, a->x + a->width, y);
      cairo_stroke (cr);
      if ((k - (int) l->log_lo) % every == 0)
        {
          g_autofree char *s = lesc_heatmap_format_lambda (pow (10.0, k));
          cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
          text (cr, s, AXIS_FONT, a->x - 4.0, y, 1.0, 0.5, FALSE);
        }
    }
  text (cr, "f", LABEL_FONT, MARGIN, a->y + a->height / 2, 0.0, 0.5, TRUE);
  iteration_axis (cr, l, a, TRUE);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  text (cr, "iteration", AXIS_FONT, a->x + a->width, a->y + a->height + 4.0 + AXIS_FONT * 1.2,
        1.0, 0.0, FALSE);
  if (isfinite (m->optimum))
    {
      double y = lesc_optimizer_y (l, m->optimum);
      cairo_set_source_rgb (cr, 0.15, 0.5, 0.2);
      cairo_set_line_width (cr, 1.0);
      double dash[] = { 2.0, 2.0 };
      cairo_set_dash (cr, dash, 2, 0.0);
      cairo_move_to (cr, a->x, y);
      cairo_line_to (cr, a->x + a->width, y);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0.0);
      /* under the line: the curve comes down to it from above */
      g_autofree char *s = g_strdup_printf ("converged optimum f* = %.6g", m->optimum);
      text (cr, s, AXIS_FONT, a->x + 4.0, y + 2.0, 0.0, 0.0, FALSE);
    }
  verticals (cr, m, l, a, TRUE);
  cairo_save (cr);
  cairo_rectangle (cr, a->x, a->y, a->width, a->height);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0.12, 0.35, 0.7);
  cairo_set_line_width (cr, LINE);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < m->n_points; i++)
    {
      double x = lesc_optimizer_x (l, a, m->iterations[i]), y = lesc_optimizer_y (l, m->objective[i]);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
  frame_rect (cr, a);
}

static void
paint_measure (cairo_t *cr, const LescOptimizerModel *m, const LescOptimizerLayout *l, int k)
{
  const LescRect *a = &l->measures[k];
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  text (cr, lesc_measure_title (k), LABEL_FONT, a->x, a->y - 2.0, 0.0, 1.0, TRUE);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  /* the data's smallest and largest values, at their heights */
  double dlo = INFINITY, dhi = -INFINITY;
  for (guint s = 0; s < m->n_snapshots; s++)
    {
      double v = m->measures[s * LESC_N_MEASURES + k];
      if (isfinite (v))
        dlo = fmin (dlo, v), dhi = fmax (dhi, v);
    }
  if (isfinite (dlo))
    {
      g_autofree char *hi = g_strdup_printf ("%.3g", dhi);
      g_autofree char *lo = g_strdup_printf ("%.3g", dlo);
      text (cr, hi, AXIS_FONT, a->x - 3.0, measure_y (l, k, dhi), 1.0, 0.5, FALSE);
      if (dhi > dlo)
        text (cr, lo, AXIS_FONT, a->x - 3.0, measure_y (l, k, dlo), 1.0, 0.5, FALSE);
    }
  iteration_axis (cr, l, a, TRUE);
  verticals (cr, m, l, a, FALSE);
  cairo_save (cr);
  cairo_rectangle (cr, a->x, a->y, a->width, a->height);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0.55, 0.25, 0.6);
  cairo_set_line_width (cr, 1.1);
  gboolean open = FALSE;
  for (guint s = 0; s < m->n_snapshots; s++)
    {
      double v = m->measures[s * LESC_N_MEASURES + k];
      if (!isfinite (v))
        {
          open = FALSE;
          continue;
        }
      double x = lesc_optimizer_x (l, a, m->snapshot_iterations[s]), y = measure_y (l, k, v);
      if (open)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      open = TRUE;
    }
  cairo_stroke (cr);
  cairo_restore (cr);
  frame_rect (cr, a);
}

void
lesc_plot_optimizer_paint (cairo_t *cr, double width, double height, const LescOptimizerModel *m)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  LescOptimizerLayout l;
  lesc_optimizer_layout (width, height, m, &l);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  text (cr, m->title, TITLE_FONT, MARGIN, MARGIN, 0.0, 0.0, TRUE);
  paint_objective (cr, m, &l);
  if (m->measures != NULL && m->n_snapshots > 0)
    for (int k = 0; k < LESC_N_MEASURES; k++)
      paint_measure (cr, m, &l, k);
  cairo_restore (cr);
}

char *
lesc_optimizer_model_to_csv (const LescOptimizerModel *m)
{
  GString *s = g_string_new (NULL);
  g_string_append (s, "# ");
  g_string_append (s, m->title);
  g_string_append_printf (s, "\n# reference iteration cap %u\n# converged optimum ", m->cap);
  lesc_format_append (s, m->optimum, LESC_FORMAT_CSV, "%.10g");
  g_string_append (s, "\niteration,objective");
  for (int k = 0; k < LESC_N_MEASURES; k++)
    g_string_append_printf (s, ",%s", lesc_measure_key (k));
  g_string_append_c (s, '\n');
  guint next = 0;
  for (guint i = 0; i < m->n_points; i++)
    {
      g_string_append_printf (s, "%.0f,", m->iterations[i]);
      lesc_format_append (s, m->objective[i], LESC_FORMAT_CSV, "%.10g");
      gboolean have = m->measures != NULL && next < m->n_snapshots
                      && m->snapshot_iterations[next] == m->iterations[i];
      for (int k = 0; k < LESC_N_MEASURES; k++)
        {
          g_string_append_c (s, ',');
          if (have)
            lesc_format_append (s, m->measures[next * LESC_N_MEASURES + k], LESC_FORMAT_CSV,
                                "%.10g");
        }
      next += have;
      g_string_append_c (s, '\n');
    }
  return g_string_free (s, FALSE);
}
