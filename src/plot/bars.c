/* Grouped horizontal bars (bars.h): model, layout from measured text, painter, CSV. */
#include "config.h"
#include "plot/bars.h"
#include "plot/export.h"
#include "core/base/format.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#define MARGIN 8.0
#define TITLE_FONT 11.0
#define TEXT_FONT 9.0
#define SWATCH 9.0
#define GROUP_GAP 7.0
#define MIN_BAR 3.0
#define MAX_BAR 9.0

/* Okabe & Ito (2008): orange, sky blue, bluish green, yellow, blue, vermillion, reddish
 * purple, black. */
static const double okabe_ito[8][3] = {
  { 0.902, 0.624, 0.000 }, { 0.337, 0.706, 0.914 }, { 0.000, 0.620, 0.451 }, { 0.941, 0.894, 0.259 },
  { 0.000, 0.447, 0.698 }, { 0.835, 0.369, 0.000 }, { 0.800, 0.475, 0.655 }, { 0.000, 0.000, 0.000 },
};

LescBarsModel *
lesc_bars_model_new (const char *title, guint n_groups, const char *const *group_names, guint n_series,
                     const char *const *series_names, const double *values, gboolean first_is_reference)
{
  LescBarsModel *m = g_new0 (LescBarsModel, 1);
  m->title = g_strdup (title);
  m->n_groups = n_groups;
  m->n_series = n_series;
  m->group_names = g_new0 (char *, n_groups + 1);
  for (guint g = 0; g < n_groups; g++)
    m->group_names[g] = g_strdup (group_names[g]);
  m->series_names = g_new0 (char *, n_series + 1);
  for (guint s = 0; s < n_series; s++)
    m->series_names[s] = g_strdup (series_names[s]);
  m->values = g_memdup2 (values, sizeof (double) * n_groups * n_series);
  m->first_is_reference = first_is_reference;
  m->dimmed = g_new0 (gboolean, MAX (n_series, 1));
  return m;
}

void
lesc_bars_model_free (LescBarsModel *m)
{
  if (m == NULL)
    return;
  g_free (m->title);
  g_free (m->subtitle);
  g_strfreev (m->group_names);
  g_strfreev (m->series_names);
  g_free (m->values);
  g_free (m->dimmed);
  g_free (m);
}

void
lesc_bars_series_color (const LescBarsModel *m, guint s, double rgb[3])
{
  if (m->first_is_reference && s == 0)
    {
      rgb[0] = rgb[1] = rgb[2] = 0.3;
      return;
    }
  guint k = (m->first_is_reference ? s - 1 : s) % G_N_ELEMENTS (okabe_ito);
  for (int c = 0; c < 3; c++)
    rgb[c] = okabe_ito[k][c];
}

void
lesc_bars_layout_free (LescBarsLayout *l)
{
  if (l == NULL)
    return;
  g_free (l->bars);
  g_free (l->group_labels);
  g_free (l);
}

/* Legend rows at `width`: swatch + name entries, wrapped. Returns the height; draws when
 * `paint`. */
static double
legend (cairo_t *cr, const LescBarsModel *m, double x0, double y0, double width, gboolean paint)
{
  double line = lesc_text_line_height (cr, TEXT_FONT) + 2.0;
  double x = x0, y = y0;
  for (guint s = 0; s < m->n_series; s++)
    {
      double w = SWATCH + 4.0 + lesc_text_width (cr, m->series_names[s], TEXT_FONT, FALSE) + 12.0;
      if (x > x0 && x + w > x0 + width)
        {
          x = x0;
          y += line;
        }
      if (paint)
        {
          double rgb[3];
          lesc_bars_series_color (m, s, rgb);
          cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], m->dimmed[s] ? 0.35 : 1.0);
          cairo_rectangle (cr, x, y + (line - SWATCH) / 2 - 1.0, SWATCH, SWATCH);
          cairo_fill (cr);
          PangoLayout *t = lesc_text_new (cr, m->series_names[s], TEXT_FONT, FALSE);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          lesc_text_show (cr, t, x + SWATCH + 4.0, y + line / 2 - 1.0, 0.0, 0.5, NULL);
          g_object_unref (t);
        }
      x += w;
    }
  return y + line - y0;
}

static double
header_height (cairo_t *cr, const LescBarsModel *m, double width)
{
  double h = lesc_text_line_height (cr, TITLE_FONT) + 2.0;
  if (m->subtitle != NULL)
    h += lesc_text_line_height (cr, TEXT_FONT);
  return h + 4.0 + legend (cr, m, MARGIN, 0, width - 2 * MARGIN, FALSE) + 4.0
         + lesc_text_line_height (cr, TEXT_FONT) + 4.0;   /* the axis' numbers */
}

double
lesc_bars_natural_height (cairo_t *cr, double width, const LescBarsModel *m)
{
  double per_group = m->n_series * (MAX_BAR - 2.0) + GROUP_GAP;
  return header_height (cr, m, width) + m->n_groups * per_group + 2 * MARGIN;
}

LescBarsLayout *
lesc_bars_layout_new (cairo_t *cr, double width, double height, const LescBarsModel *m)
{
  LescBarsLayout *l = g_new0 (LescBarsLayout, 1);
  l->bars = g_new0 (LescRect, (gsize) MAX (1u, m->n_groups * m->n_series));
  l->group_labels = g_new0 (LescRect, MAX (1u, m->n_groups));
  double label_w = 0.0;
  for (guint g = 0; g < m->n_groups; g++)
    label_w = MAX (label_w, lesc_text_width (cr, m->group_names[g], TEXT_FONT, FALSE));
  label_w = MIN (label_w, 0.35 * width) + 8.0;
  double value_w = lesc_text_width (cr, "0.000", TEXT_FONT, FALSE) + 4.0;
  double top = MARGIN + header_height (cr, m, width);
  double avail = height - top - MARGIN;
  guint n = MAX (1u, m->n_groups);
  double bar = (avail / n - GROUP_GAP) / MAX (1u, m->n_series);
  l->bar_height = CLAMP (bar, MIN_BAR, MAX_BAR);
  l->max = 0.0;
  for (guint i = 0; i < m->n_groups * m->n_series; i++)
    if (isfinite (m->values[i]))
      l->max = MAX (l->max, m->values[i]);
  l->max = l->max > 0 ? ceil (l->max * 10.0 - 1e-9) / 10.0 : 1.0;
  l->plot = (LescRect) { MARGIN + label_w, top, MAX (10.0, width - 2 * MARGIN - label_w - value_w), 0 };
  double y = top;
  for (guint g = 0; g < m->n_groups; g++)
    {
      double group_h = m->n_series * l->bar_height;
      l->group_labels[g] = (LescRect) { MARGIN, y, label_w - 8.0, group_h };
      for (guint s = 0; s < m->n_series; s++)
        {
          double v = m->values[(gsize) s * m->n_groups + g];
          double w = isfinite (v) ? MAX (0.0, v) / l->max * l->plot.width : 0.0;
          l->bars[(gsize) s * m->n_groups + g] = (LescRect) { l->plot.x, y + s * l->bar_height, w,
                                                               l->bar_height - 1.0 };
        }
      y += group_h + GROUP_GAP;
    }
  l->plot.height = y - GROUP_GAP - top;
  return l;
}

void
lesc_plot_bars_paint (cairo_t *cr, double width, double height, const LescBarsModel *m)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (m == NULL)
    {
      cairo_restore (cr);
      return;
    }
  g_autoptr (LescBarsLayout) l = lesc_bars_layout_new (cr, width, height, m);
  double y = MARGIN;
  cairo_set_source_rgb (cr, 0, 0, 0);
  PangoLayout *t = lesc_text_new (cr, m->title, TITLE_FONT, TRUE);
  lesc_text_show (cr, t, MARGIN, y, 0, 0, NULL);
  g_object_unref (t);
  y += lesc_text_line_height (cr, TITLE_FONT) + 2.0;
  if (m->subtitle != NULL)
    {
      g_autofree char *sub = lesc_text_ellipsize_middle (cr, m->subtitle, TEXT_FONT, FALSE, width - 2 * MARGIN);
      PangoLayout *st = lesc_text_new (cr, sub, TEXT_FONT, FALSE);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      lesc_text_show (cr, st, MARGIN, y, 0, 0, NULL);
      g_object_unref (st);
      y += lesc_text_line_height (cr, TEXT_FONT);
    }
  legend (cr, m, MARGIN, y + 4.0, width - 2 * MARGIN, TRUE);

  /* the axis: 0 … max in steps of 0.1 (0.2 when crowded), grid lines down the plot */
  double step = l->max > 0.55 ? 0.2 : 0.1;
  cairo_set_line_width (cr, 0.5);
  for (double v = 0.0; v <= l->max + 1e-9; v += step)
    {
      double x = l->plot.x + v / l->max * l->plot.width;
      cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
      cairo_move_to (cr, x, l->plot.y);
      cairo_line_to (cr, x, l->plot.y + l->plot.height);
      cairo_stroke (cr);
      g_autofree char *s = g_strdup_printf ("%.1f", v);
      PangoLayout *at = lesc_text_new (cr, s, TEXT_FONT, FALSE);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      lesc_text_show (cr, at, x, l->plot.y - 3.0, 0.5, 1.0, NULL);
      g_object_unref (at);
    }
  for (guint g = 0; g < m->n_groups; g++)
    {
      const LescRect *gl = &l->group_labels[g];
      g_autofree char *name = lesc_text_ellipsize_middle (cr, m->group_names[g], TEXT_FONT, FALSE, gl->width);
      PangoLayout *nt = lesc_text_new (cr, name, TEXT_FONT, FALSE);
      cairo_set_source_rgb (cr, 0, 0, 0);
      lesc_text_show (cr, nt, gl->x + gl->width, gl->y + gl->height / 2, 1.0, 0.5, NULL);
      g_object_unref (nt);
      for (guint s = 0; s < m->n_series; s++)
        {
          const LescRect *b = &l->bars[(gsize) s * m->n_groups + g];
          double rgb[3];
          lesc_bars_series_color (m, s, rgb);
          cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], m->dimmed[s] ? 0.35 : 1.0);
          cairo_rectangle (cr, b->x, b->y, b->width, b->height);
          cairo_fill (cr);
        }
      /* the truth's value at the end of its bar */
      if (m->first_is_reference)
        {
          const LescRect *b = &l->bars[g];
          g_autofree char *v = g_strdup_printf ("%.3f", m->values[g]);
          PangoLayout *vt = lesc_text_new (cr, v, TEXT_FONT - 1.0, FALSE);
          cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
          lesc_text_show (cr, vt, b->x + b->width + 3.0, b->y + b->height / 2, 0.0, 0.5, NULL);
          g_object_unref (vt);
        }
    }
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_move_to (cr, l->plot.x, l->plot.y);
  cairo_line_to (cr, l->plot.x, l->plot.y + l->plot.height);
  cairo_stroke (cr);
  cairo_restore (cr);
}

char *
lesc_bars_model_to_csv (const LescBarsModel *m)
{
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "# %s\n", m->title);
  if (m->subtitle != NULL)
    g_string_append_printf (s, "# %s\n", m->subtitle);
  g_string_append (s, "series,label,value\n");
  for (guint k = 0; k < m->n_series; k++)
    for (guint g = 0; g < m->n_groups; g++)
      {
        lesc_csv_field (s, m->series_names[k]);
        g_string_append_c (s, ',');
        lesc_csv_field (s, m->group_names[g]);
        g_string_append_printf (s, ",%.15g\n", m->values[(gsize) k * m->n_groups + g]);
      }
  return g_string_free (s, FALSE);
}
