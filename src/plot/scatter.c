/* RGB scatter small multiples and the per-label heatmap alternative: model (stretch,
 * clamp), layout from measured text, painter, CSV. */
#include "config.h"
#include "plot/scatter.h"
#include "core/base/format.h"
#include "core/base/error.h"
#include "plot/export.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MARGIN 6.0
#define H_GAP 10.0
#define V_GAP 8.0
#define NAME_FONT 10.5
#define SUBTITLE_FONT 8.5
#define MEASURE_FONT 9.0
#define MIN_MEASURE_FONT 7.5
#define CAPTION_FONT 9.0
#define BAR_WIDTH 10.0
#define MAX_GRID 2000

/* TRANSLATORS: the six measures' short names under the panels of the Distributions figure */
static const char *const measure_names[LESC_N_MEASURES] = { N_("Cheb"), N_("Clark"), N_("Canber"), N_("KL"),
                                                            N_("Cosine"), N_("Intersec") };

void
lesc_scatter_options_init (LescScatterOptions *opt)
{
  memset (opt, 0, sizeof *opt);
  opt->fit = LESC_SCATTER_FIT_SHARED;
  opt->mode = LESC_DSTRETCH_CORRELATION;
  opt->use_tol = TRUE;
  opt->tol_low = 0.01;
  opt->tol_high = 0.99;
  opt->style = LESC_SCATTER_RGB;
  opt->palette = LESC_PALETTE_VIRIDIS;
  opt->scale = LESC_SCATTER_SCALE_SHARED;
  opt->reference_panel = 0;
}

void
lesc_scatter_model_free (LescScatterModel *m)
{
  if (m == NULL)
    return;
  for (guint p = 0; p < m->n_panels; p++)
    {
      g_free (m->panels[p].name);
      lesc_matrix_free (m->panels[p].values);
      lesc_matrix_free (m->panels[p].colors);
      g_free (m->panels[p].clamped);
      g_free (m->panels[p].subtitle);
    }
  g_free (m->panels);
  g_free (m->lo);
  g_free (m->hi);
  g_free (m->value_name);
  lesc_matrix_free (m->xy);
  g_free (m->x_label);
  g_free (m->y_label);
  g_strfreev (m->label_names);
  g_free (m);
}

static gboolean
check_tables (const LescMatrix *xy, guint n_panels, const char *const *names,
              const LescMatrix *const *tables, const LescScatterOptions *opt, GError **error)
{
  if (xy == NULL || xy->cols != 2 || xy->rows == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA, "scatter: positions must be n×2 with n ≥ 1");
      return FALSE;
    }
  if (!lesc_matrix_all_finite (xy, NULL, NULL))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA, "scatter: positions must be finite");
      return FALSE;
    }
  if (n_panels == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "scatter: no table to draw");
      return FALSE;
    }
  gsize c = tables[0] ? tables[0]->cols : 0;
  for (guint p = 0; p < n_panels; p++)
    {
      const LescMatrix *t = tables[p];
      const char *name = names[p] ? names[p] : "?";
      if (t == NULL || t->rows != xy->rows || t->cols != c || c == 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "scatter: table '%s' is %zu×%zu, expected %zu×%zu like the ground truth", name,
                       t ? t->rows : 0, t ? t->cols : 0, xy->rows, c);
          return FALSE;
        }
      gsize bi, bj;
      if (!lesc_matrix_all_finite (t, &bi, &bj))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                       "scatter: table '%s' entry (%zu, %zu) is not finite", name, bi + 1, bj + 1);
          return FALSE;
        }
    }
  if (opt->style == LESC_SCATTER_RGB && c != 3)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "scatter: RGB colours need 3 labels, the tables have %zu (use the heatmap style)", c);
      return FALSE;
    }
  return TRUE;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* The value at fraction f of the sorted values (linear between neighbours). */
static double
quantile (const double *sorted, gsize n, double f)
{
  double at = f * (double) (n - 1);
  gsize i = (gsize) floor (at);
  if (i + 1 >= n)
    return sorted[n - 1];
  return sorted[i] + (at - (double) i) * (sorted[i + 1] - sorted[i]);
}

/* The colour scale of every column (heatmap style): lo/hi in the values' units, or for
 * the deviation scale in units of d − 1/c. */
static void
heat_scales (LescScatterModel *m, const LescScatterOptions *opt)
{
  gsize c = m->panels[0].values->cols, n = m->xy->rows;
  m->lo = g_new0 (double, c);
  m->hi = g_new0 (double, c);
  int ref = opt->reference_panel >= 0 && (guint) opt->reference_panel < m->n_panels ? opt->reference_panel : -1;
  guint p0 = ref >= 0 ? (guint) ref : 0, p1 = ref >= 0 ? (guint) ref + 1 : m->n_panels;
  g_autofree double *v = g_new (double, n * (p1 - p0));
  if (opt->scale == LESC_SCATTER_SCALE_SHARED)
    {
      /* [0, max] over every panel and label; robust: the 98th percentile for max */
      double top = m->heat_max;
      if (opt->robust)
        {
          g_autofree double *all = g_new (double, n * c * m->n_panels);
          gsize count = 0;
          for (guint p = 0; p < m->n_panels; p++)
            for (gsize i = 0; i < n * c; i++)
              all[count++] = m->panels[p].values->data[i];
          qsort (all, count, sizeof (double), cmp_double);
          top = quantile (all, count, 0.98);
          if (!(top > 0.0))
            top = m->heat_max;
        }
      for (gsize k = 0; k < c; k++)
        {
          m->lo[k] = 0.0;
          m->hi[k] = top;
        }
      return;
    }
  for (gsize k = 0; k < c; k++)
    {
      double centre = opt->scale == LESC_SCATTER_SCALE_DEVIATION ? 1.0 / (double) c : 0.0;
      gsize count = 0;
      for (guint p = p0; p < p1; p++)
        for (gsize i = 0; i < n; i++)
          {
            double x = LESC_AT (m->panels[p].values, i, k) - centre;
            v[count++] = opt->scale == LESC_SCATTER_SCALE_DEVIATION ? fabs (x) : x;
          }
      qsort (v, count, sizeof (double), cmp_double);
      double lo = opt->robust ? quantile (v, count, 0.02) : v[0];
      double hi = opt->robust ? quantile (v, count, 0.98) : v[count - 1];
      if (opt->scale == LESC_SCATTER_SCALE_DEVIATION)
        lo = -hi;
      if (!(hi > lo))
        hi = lo + MAX (fabs (lo) * 1e-6, 1e-12);
      m->lo[k] = lo;
      m->hi[k] = hi;
    }
}

LescScatterModel *
lesc_scatter_model_new (const LescMatrix *xy, gboolean grid, const char *x_label,
                        const char *y_label, guint n_panels, const char *const *names,
                        const LescMatrix *const *tables, const LescScatterOptions *opt,
                        GError **error)
{
  LescScatterOptions defaults;
  if (opt == NULL)
    {
      lesc_scatter_options_init (&defaults);
      opt = &defaults;
    }
  if (!check_tables (xy, n_panels, names, tables, opt, error))
    return NULL;
  LescDstretchOptions dopt;
  lesc_dstretch_options_init (&dopt);
  dopt.mode = opt->mode;
  if (opt->style == LESC_SCATTER_RGB && opt->use_tol
      && !lesc_dstretch_options_set_tol_pair (&dopt, opt->tol_low, opt->tol_high, error))
    return NULL;

  g_autoptr (LescScatterModel) m = g_new0 (LescScatterModel, 1);
  m->xy = lesc_matrix_copy (xy);
  m->grid = grid;
  m->x_label = g_strdup (x_label ? x_label : "x");
  m->y_label = g_strdup (y_label ? y_label : "y");
  m->options = *opt;
  m->n_panels = n_panels;
  m->panels = g_new0 (LescScatterPanel, n_panels);
  for (guint p = 0; p < n_panels; p++)
    {
      m->panels[p].name = g_strdup (names[p] ? names[p] : "");
      m->panels[p].values = lesc_matrix_copy (tables[p]);
    }

  if (opt->style == LESC_SCATTER_RGB)
    {
      g_autoptr (LescDstretch) shared = NULL;
      if (opt->fit == LESC_SCATTER_FIT_SHARED)
        {
          shared = lesc_dstretch_fit (tables[0], &dopt, error);
          if (shared == NULL)
            return NULL;
        }
      for (guint p = 0; p < n_panels; p++)
        {
          g_autoptr (LescDstretch) own = NULL;
          if (shared == NULL && (own = lesc_dstretch_fit (tables[p], &dopt, error)) == NULL)
            return NULL;
          LescMatrix *colors = lesc_dstretch_apply (shared ? shared : own, tables[p], error);
          if (colors == NULL)
            return NULL;
          m->panels[p].clamped = g_new0 (guint8, colors->rows);
          for (gsize i = 0; i < colors->rows; i++)
            for (gsize j = 0; j < 3; j++)
              m->panels[p].clamped[i] += !(LESC_AT (colors, i, j) >= 0.0 && LESC_AT (colors, i, j) <= 1.0);
          m->panels[p].n_clamped = lesc_clamp_unit (colors);
          m->panels[p].colors = colors;
        }
    }
  else
    {
      double mx = 0.0;
      for (guint p = 0; p < n_panels; p++)
        for (gsize i = 0; i < tables[p]->rows * tables[p]->cols; i++)
          mx = MAX (mx, tables[p]->data[i]);
      m->heat_max = mx > 0.0 ? mx : 1.0;
      heat_scales (m, opt);
    }
  m->highlight = -1;
  return g_steal_pointer (&m);
}

void
lesc_scatter_model_set_subtitle (LescScatterModel *m, guint panel, const char *subtitle)
{
  g_return_if_fail (panel < m->n_panels);
  g_free (m->panels[panel].subtitle);
  m->panels[panel].subtitle = g_strdup (subtitle);
}

void
lesc_scatter_model_set_measures (LescScatterModel *m, guint panel, const double measures[LESC_N_MEASURES])
{
  g_return_if_fail (panel < m->n_panels);
  memcpy (m->panels[panel].measures, measures, sizeof m->panels[panel].measures);
  m->panels[panel].has_measures = TRUE;
}

static char *
label_list (const LescScatterModel *m)
{
  if (m->label_names == NULL)
    return g_strdup (_("labels 1, 2, 3"));
  return g_strdup_printf ("%s, %s, %s", m->label_names[0], m->label_names[1], m->label_names[2]);
}

static const char *
reference_name (const LescScatterModel *m)
{
  int ref = m->options.reference_panel;
  return ref >= 0 && (guint) ref < m->n_panels ? m->panels[ref].name : _("all panels");
}

char *
lesc_scatter_caption (const LescScatterModel *m)
{
  GString *s = g_string_new (NULL);
  const LescScatterOptions *o = &m->options;
  gsize c = m->panels[0].values->cols;
  if (o->style == LESC_SCATTER_RGB)
    {
      g_autofree char *labels = label_list (m);
      g_autofree char *tol = NULL;
      if (!o->use_tol)
        tol = g_strdup (_("no Tol"));
      else if (fabs (o->tol_low - (1.0 - o->tol_high)) < 1e-12)
        tol = g_strdup_printf ("Tol = %g", o->tol_low);
      else
        tol = g_strdup_printf ("Tol = [%g, %g]", o->tol_low, o->tol_high);
      g_autofree char *fit = NULL;
      if (o->fit == LESC_SCATTER_FIT_SHARED && m->no_truth && m->n_panels > 0)
        /* TRANSLATORS: how the RGB scatter's stretch was fitted on data without ground
         * truth; %s is the first panel's name */
        fit = g_strdup_printf (_("fitted on %s (no ground truth) and shared by all panels (comparable colours)."),
                               m->panels[0].name);
      else
        fit = g_strdup (o->fit == LESC_SCATTER_FIT_SHARED
                          ? _("fitted on the ground truth and shared by all panels (comparable colours).")
                          : _("fitted per panel (colours not comparable across panels)."));
      /* TRANSLATORS: the RGB scatter's caption: labels, "correlation" or "covariance", the
       * Tol setting, then how the stretch was fitted */
      g_string_append_printf (s, _("Colour: decorrelation stretch of (%s) → (R, G, B), %s mode, %s, %s"), labels,
                              o->mode == LESC_DSTRETCH_CORRELATION ? _("correlation") : _("covariance"), tol, fit);
      gsize clamped = 0;
      for (guint p = 0; p < m->n_panels; p++)
        clamped += m->panels[p].n_clamped;
      if (clamped > 0)
        g_string_append_printf (s, _(" %zu values clamped to [0, 1]."), clamped);
    }
  else if (c == 1)
    /* TRANSLATORS: caption of the per-sample value view: the value's name, the palette, the
     * scale's ends and the panel they come from */
    g_string_append_printf (s, _("Colour: %s per sample, %s, one scale for every panel from %.3g to %.3g (over %s%s)."),
                            m->value_name != NULL ? m->value_name : _("value"), lesc_palette_key (o->palette),
                            m->lo[0], m->hi[0], reference_name (m),
                            o->robust ? _(", 2nd to 98th percentile; values beyond take the end colours") : "");
  else if (o->scale == LESC_SCATTER_SCALE_PER_LABEL)
    g_string_append_printf (s, _("One heatmap per label, %s, each label on its own scale: the range of the panel “%s”%s (the bar under each column)."),
                            lesc_palette_key (o->palette), reference_name (m),
                            o->robust ? _(", 2nd to 98th percentile") : "");
  else if (o->scale == LESC_SCATTER_SCALE_DEVIATION)
    g_string_append_printf (s, _("One heatmap per label: the degree's deviation from 1/%zu, white at 1/%zu, blue below, red above, each label on its own scale (the bar under each column)."),
                            c, c);
  else
    g_string_append_printf (s, _("One heatmap per label, %s, shared scale [0, %.3g]."),
                            lesc_palette_key (o->palette), m->heat_max);
  g_string_append_printf (s, _(" Position: (%s, %s)."), m->x_label, m->y_label);
  return g_string_free (s, FALSE);
}

/* ---- layout ---- */

void
lesc_scatter_layout_free (LescScatterLayout *l)
{
  if (l == NULL)
    return;
  g_free (l->plots);
  g_free (l->name_boxes);
  g_free (l->panel_boxes);
  g_free (l->label_bars);
  g_free (l);
}

/* The grid behind one coordinate: smallest positive spacing of its distinct values. */
static gboolean
grid_axis (const LescMatrix *xy, gsize col, double *min, double *step, guint *n)
{
  gsize rows = xy->rows;
  g_autofree double *v = g_new (double, rows);
  for (gsize i = 0; i < rows; i++)
    v[i] = LESC_AT (xy, i, col);
  qsort (v, rows, sizeof (double), cmp_double);
  double range = v[rows - 1] - v[0];
  *min = v[0];
  if (range == 0.0)
    {
      *step = 1.0;
      *n = 1;
      return TRUE;
    }
  double st = INFINITY;
  for (gsize i = 1; i < rows; i++)
    if (v[i] - v[i - 1] > range * 1e-9)
      st = MIN (st, v[i] - v[i - 1]);
  double cells = range / st;
  if (!(cells < MAX_GRID))
    return FALSE;
  *step = st;
  *n = (guint) llround (cells) + 1;
  return TRUE;
}

static char *
measure_value (const LescScatterPanel *p, guint k)
{
  return lesc_format_value (p->measures[k], LESC_FORMAT_TEXT, "%.3f"); /* ∞: a KM KL */
}

static gboolean
any_measures (const LescScatterModel *m)
{
  for (guint p = 0; p < m->n_panels; p++)
    if (m->panels[p].has_measures)
      return TRUE;
  return FALSE;
}

/* Lines of the tallest subtitle (a subtitle's lines are separated by '\n'); 0: none */
static guint
subtitle_lines (const LescScatterModel *m)
{
  guint most = 0;
  for (guint p = 0; p < m->n_panels; p++)
    {
      const char *s = m->panels[p].subtitle;
      if (s == NULL || s[0] == '\0')
        continue;
      guint lines = 1;
      for (; *s; s++)
        lines += *s == '\n';
      most = MAX (most, lines);
    }
  return most;
}

/* Widest measure name and widest value over all panels at `font`. */
static void
measure_widths (cairo_t *cr, const LescScatterModel *m, double font, double *key_w, double *value_w)
{
  *key_w = *value_w = 0.0;
  for (guint k = 0; k < LESC_N_MEASURES; k++)
    *key_w = MAX (*key_w, lesc_text_width (cr, _(measure_names[k]), font, FALSE));
  for (guint p = 0; p < m->n_panels; p++)
    if (m->panels[p].has_measures)
      for (guint k = 0; k < LESC_N_MEASURES; k++)
        {
          g_autofree char *s = measure_value (&m->panels[p], k);
          *value_w = MAX (*value_w, lesc_text_width (cr, s, font, FALSE));
        }
}

/* One measure column: "Key" left, value right-aligned. */
static double
measure_width (cairo_t *cr, const LescScatterModel *m, double font)
{
  double kw, vw;
  measure_widths (cr, m, font, &kw, &vw);
  return kw + 0.4 * font + vw;
}

typedef struct {
  double font;      /* measure font */
  guint per_line;   /* measures per line */
  guint lines;
  double col_w;     /* width of one measure column */
  double height;    /* of the whole text block under a panel */
  gboolean fits;    /* one column of measures fits the width at the smallest font */
} TextBlock;

static TextBlock
text_block (cairo_t *cr, const LescScatterModel *m, double avail)
{
  TextBlock b = { MEASURE_FONT, 0, 0, 0, 0, TRUE };
  b.height = lesc_text_line_height (cr, NAME_FONT) + 2.0;
  b.height += subtitle_lines (m) * lesc_text_line_height (cr, SUBTITLE_FONT);
  if (!any_measures (m))
    return b;
  for (double f = MEASURE_FONT; f >= MIN_MEASURE_FONT; f -= 0.5)
    {
      double w = measure_width (cr, m, f);
      double gap = 1.3 * f;
      for (guint per = 3; per >= 1; per--)
        if (per * w + (per - 1) * gap <= avail || (per == 1 && f <= MIN_MEASURE_FONT))
          {
            b.font = f;
            b.per_line = per;
            b.col_w = w + gap;
            b.lines = (LESC_N_MEASURES + per - 1) / per;
            b.height += 1.0 + b.lines * lesc_text_line_height (cr, f);
            b.fits = w <= avail;
            return b;
          }
    }
  return b;
}

/* The caption as laid out under the panels. */
static PangoLayout *
caption_layout (cairo_t *cr, const LescScatterModel *m, double width)
{
  g_autofree char *cap = lesc_scatter_caption (m);
  g_autofree char *kept = lesc_text_keep_equals (cap);
  PangoLayout *t = lesc_text_new (cr, kept, CAPTION_FONT, FALSE);
  pango_layout_set_width (t, (int) ((width - 2 * MARGIN) * PANGO_SCALE));
  pango_layout_set_wrap (t, PANGO_WRAP_WORD);
  pango_layout_set_alignment (t, PANGO_ALIGN_CENTER);
  return t;
}

static double
caption_height (cairo_t *cr, const LescScatterModel *m, double width)
{
  PangoLayout *t = caption_layout (cr, m, width);
  double h;
  lesc_text_size (t, NULL, &h);
  g_object_unref (t);
  return h;
}

/* The plot rectangle inside a square slot: whole grid cells, snapped to device pixels on
 * raster targets. */
static LescRect
place_plot (cairo_t *cr, LescScatterLayout *l, double x, double y, double s)
{
  LescRect r = { x, y, s, s };
  if (l->nx == 0)
    return r;
  double cell = lesc_plot_snap_length (cr, s / MAX (l->nx, l->ny));
  r.width = l->nx * cell;
  r.height = l->ny * cell;
  r.x = x + (s - r.width) / 2;
  r.y = y + (s - r.height) / 2;
  lesc_plot_snap_point (cr, &r.x, &r.y);
  l->cell_w = l->cell_h = cell;
  return r;
}

static gboolean
per_label_bars (const LescScatterModel *m)
{
  return m->options.style == LESC_SCATTER_HEATMAPS && m->panels[0].values->cols > 1
         && m->options.scale != LESC_SCATTER_SCALE_SHARED;
}

/* Small multiples in a grid (RGB, or a one-column table): a square per panel with its
 * text under it; a shared colour bar on the right for a one-column table. */
static void
layout_grid (cairo_t *cr, LescScatterLayout *l, const LescScatterModel *m, double avail_w, double avail_h,
             double bar_area)
{
  guint n = m->n_panels;
  avail_w -= bar_area;
  double best_s = -1.0;
  guint best_cols = 1;
  TextBlock best_tb = { 0 };
  for (guint cols = 1; cols <= n; cols++)
    {
      guint rows = (n + cols - 1) / cols;
      double sw = (avail_w - (cols - 1) * H_GAP) / cols;
      TextBlock tb = text_block (cr, m, sw);
      double sh = (avail_h - rows * tb.height - (rows - 1) * V_GAP) / rows;
      double s = MIN (sw, sh);
      if (s < sw) /* narrower panels: the text may need more lines */
        {
          tb = text_block (cr, m, s);
          sh = (avail_h - rows * tb.height - (rows - 1) * V_GAP) / rows;
          s = MIN (s, sh);
        }
      /* measures that would run into the neighbour's: not this many columns */
      if (!tb.fits && cols > 1)
        continue;
      if (s > best_s + 1e-9)
        {
          best_s = s;
          best_cols = cols;
          best_tb = tb;
        }
    }
  double s = MAX (best_s, 4.0);
  guint cols = best_cols, rows = (n + cols - 1) / cols;
  double block_w = cols * s + (cols - 1) * H_GAP;
  double block_h = rows * (s + best_tb.height) + (rows - 1) * V_GAP;
  double x0 = MARGIN + (avail_w - block_w) / 2, y0 = MARGIN + MAX (0.0, (avail_h - block_h) / 2);
  l->font = best_tb.font;
  for (guint p = 0; p < n; p++)
    {
      guint col = p % cols, row = p / cols;
      double x = x0 + col * (s + H_GAP), y = y0 + row * (s + best_tb.height + V_GAP);
      l->plots[p] = place_plot (cr, l, x, y, s);
      l->name_boxes[p] = (LescRect) { x, y + s + 2.0, s, best_tb.height };
      l->panel_boxes[p] = (LescRect) { x, y, s, s + 2.0 + best_tb.height };
    }
  if (bar_area > 0)
    l->colorbar = (LescRect) { x0 + block_w + H_GAP, y0, BAR_WIDTH, MIN (block_h, rows * s + (rows - 1) * V_GAP) };
}

LescScatterLayout *
lesc_scatter_layout_new (cairo_t *cr, double width, double height, const LescScatterModel *m)
{
  LescScatterLayout *l = g_new0 (LescScatterLayout, 1);
  gboolean heat = m->options.style == LESC_SCATTER_HEATMAPS;
  guint c = (guint) m->panels[0].values->cols;
  guint n = m->n_panels;
  l->n_panels = n;
  l->n_plots = heat ? n * c : n;
  l->plots = g_new0 (LescRect, l->n_plots);
  l->name_boxes = g_new0 (LescRect, n);
  l->panel_boxes = g_new0 (LescRect, n);
  l->label_bars = g_new0 (LescRect, c);

  if (m->grid && grid_axis (m->xy, 0, &l->x_min, &l->x_step, &l->nx)
      && grid_axis (m->xy, 1, &l->y_min, &l->y_step, &l->ny) && (gsize) l->nx * l->ny <= 4000000)
    ;
  else
    {
      l->nx = l->ny = 0;
      double lo[2] = { INFINITY, INFINITY }, hi[2] = { -INFINITY, -INFINITY };
      for (gsize i = 0; i < m->xy->rows; i++)
        for (int d = 0; d < 2; d++)
          {
            lo[d] = MIN (lo[d], LESC_AT (m->xy, i, d));
            hi[d] = MAX (hi[d], LESC_AT (m->xy, i, d));
          }
      for (int d = 0; d < 2; d++)
        {
          double r = hi[d] - lo[d];
          if (r == 0.0)
            r = 2.0;
          lo[d] -= 0.04 * r;
          hi[d] += 0.04 * r;
        }
      l->x_lo = lo[0];
      l->x_hi = hi[0];
      l->y_lo = lo[1];
      l->y_hi = hi[1];
    }

  double cap_h = caption_height (cr, m, width);
  double avail_h = height - 2 * MARGIN - cap_h - 6.0;
  double avail_w = width - 2 * MARGIN;
  double name_h = lesc_text_line_height (cr, NAME_FONT);
  double tick_w = lesc_text_width (cr, "0.000", MEASURE_FONT, FALSE);
  double bar_area = H_GAP + BAR_WIDTH + 6.0 + tick_w;

  if (!heat || c == 1)
    {
      layout_grid (cr, l, m, avail_w, avail_h, heat ? bar_area : 0.0);
      return l;
    }

  /* heatmaps: one row per panel, one column per label; the colour scale on the right
   * (shared) or under each column (per label) */
  gboolean under = per_label_bars (m);
  TextBlock tb = text_block (cr, m, 200.0);
  tb.per_line = MIN (tb.per_line, 2u);
  double left_w = 0.0;
  for (guint p = 0; p < n; p++)
    {
      left_w = MAX (left_w, lesc_text_width (cr, m->panels[p].name, NAME_FONT, TRUE));
      if (m->panels[p].subtitle != NULL)
        {
          g_auto (GStrv) lines = g_strsplit (m->panels[p].subtitle, "\n", -1);
          for (guint i = 0; lines[i] != NULL; i++)
            left_w = MAX (left_w, MIN (220.0, lesc_text_width (cr, lines[i], SUBTITLE_FONT, FALSE)));
        }
    }
  if (any_measures (m))
    left_w = MAX (left_w, 2 * measure_width (cr, m, tb.font) + 1.3 * tb.font);
  left_w += 8.0;
  double header_h = name_h + 3.0;
  double under_h = under ? 6.0 + BAR_WIDTH + 2.0 + lesc_text_line_height (cr, MEASURE_FONT) : 0.0;
  double right = under ? 0.0 : bar_area;
  double s_w = (avail_w - left_w - right - (c - 1) * 4.0) / c;
  double s_h = (avail_h - header_h - under_h - (n - 1) * V_GAP) / n;
  double s = MAX (4.0, MIN (s_w, s_h));
  double block_w = left_w + c * s + (c - 1) * 4.0 + right;
  double x0 = MARGIN + MAX (0.0, (avail_w - block_w) / 2);
  double y0 = MARGIN + header_h;
  l->font = tb.font;
  for (guint p = 0; p < n; p++)
    {
      double y = y0 + p * (s + V_GAP);
      l->name_boxes[p] = (LescRect) { x0, y, left_w - 8.0, s };
      for (guint k = 0; k < c; k++)
        l->plots[p * c + k] = place_plot (cr, l, x0 + left_w + k * (s + 4.0), y, s);
      l->panel_boxes[p] = (LescRect) { x0, y, left_w + c * s + (c - 1) * 4.0, s };
    }
  double gx1 = x0 + left_w + c * s + (c - 1) * 4.0;
  double rows_h = n * s + (n - 1) * V_GAP;
  l->colorbar = (LescRect) { gx1 + H_GAP, y0, BAR_WIDTH, rows_h };
  if (under)
    for (guint k = 0; k < c; k++)
      l->label_bars[k] = (LescRect) { x0 + left_w + k * (s + 4.0), y0 + rows_h + 6.0, s, BAR_WIDTH };
  return l;
}

void
lesc_scatter_layout_point (const LescScatterLayout *l, const LescScatterModel *m, guint plot,
                           gsize i, double *x, double *y)
{
  const LescRect *r = &l->plots[plot];
  double vx = LESC_AT (m->xy, i, 0), vy = LESC_AT (m->xy, i, 1);
  if (l->nx > 0)
    {
      double ix = l->nx > 1 ? round ((vx - l->x_min) / l->x_step) : 0;
      double iy = l->ny > 1 ? round ((vy - l->y_min) / l->y_step) : 0;
      *x = r->x + (ix + 0.5) * l->cell_w;
      *y = r->y + (l->ny - 1 - iy + 0.5) * l->cell_h;
      return;
    }
  *x = r->x + (vx - l->x_lo) / (l->x_hi - l->x_lo) * r->width;
  *y = r->y + r->height - (vy - l->y_lo) / (l->y_hi - l->y_lo) * r->height;
}

/* ---- painter ---- */

/* The palette position in [0, 1] of value v of column `label`. */
static double
scale_position (const LescScatterModel *m, int label, double v)
{
  double lo = m->lo[label], hi = m->hi[label];
  if (m->options.scale == LESC_SCATTER_SCALE_DEVIATION && m->panels[0].values->cols > 1)
    v -= 1.0 / (double) m->panels[0].values->cols;
  if (isinf (v))
    return v > 0 ? 1.0 : 0.0;
  return (v - lo) / (hi - lo);
}

static LescPalette
heat_palette (const LescScatterModel *m)
{
  return m->options.scale == LESC_SCATTER_SCALE_DEVIATION && m->panels[0].values->cols > 1
           ? LESC_PALETTE_DIVERGING : m->options.palette;
}

void
lesc_scatter_model_sample_color (const LescScatterModel *m, guint panel, int label, gsize i,
                                 double rgb[3])
{
  const LescScatterPanel *p = &m->panels[panel];
  if (label < 0)
    for (int j = 0; j < 3; j++)
      rgb[j] = LESC_AT (p->colors, i, j);
  else
    lesc_palette_color (heat_palette (m), scale_position (m, label, LESC_AT (p->values, i, label)), FALSE, rgb);
}

static guint32
pack_rgb (const double rgb[3])
{
  guint32 r = (guint32) lround (CLAMP (rgb[0], 0, 1) * 255), g = (guint32) lround (CLAMP (rgb[1], 0, 1) * 255),
          b = (guint32) lround (CLAMP (rgb[2], 0, 1) * 255);
  return 0xff000000u | r << 16 | g << 8 | b;
}

/* Grid cells as one image (nearest-neighbour scaling: no seams between cells in any
 * viewer); vector targets get it upsampled so that viewers that smooth stay crisp. */
static void
paint_cells (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel, int label,
             const LescRect *r)
{
  guint f = lesc_plot_target_is_raster (cr) ? 1 : MAX (1u, MIN (16u, 480u / MAX (l->nx, l->ny)));
  int w = (int) (l->nx * f), h = (int) (l->ny * f);
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  guint32 *px = (guint32 *) cairo_image_surface_get_data (img);
  int stride = cairo_image_surface_get_stride (img) / 4;
  memset (px, 0, (gsize) stride * h * 4);
  for (gsize i = 0; i < m->xy->rows; i++)
    {
      long ix = l->nx > 1 ? lround ((LESC_AT (m->xy, i, 0) - l->x_min) / l->x_step) : 0;
      long iy = l->ny > 1 ? lround ((LESC_AT (m->xy, i, 1) - l->y_min) / l->y_step) : 0;
      if (ix < 0 || iy < 0 || ix >= (long) l->nx || iy >= (long) l->ny)
        continue;
      double rgb[3];
      lesc_scatter_model_sample_color (m, panel, label, i, rgb);
      guint32 v = pack_rgb (rgb);
      long row0 = ((long) l->ny - 1 - iy) * f, col0 = ix * f;
      for (guint a = 0; a < f; a++)
        for (guint b = 0; b < f; b++)
          px[(row0 + a) * stride + col0 + b] = v;
    }
  cairo_surface_mark_dirty (img);
  cairo_save (cr);
  cairo_translate (cr, r->x, r->y);
  cairo_scale (cr, r->width / w, r->height / h);
  cairo_set_source_surface (cr, img, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_rectangle (cr, 0, 0, w, h);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_surface_destroy (img);
}

static double
dot_radius (const LescScatterModel *m, const LescRect *r)
{
  return CLAMP (0.3 * r->width / sqrt ((double) m->xy->rows), 0.6, 2.5);
}

static void
paint_dots (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel, int label,
            guint plot)
{
  const LescRect *r = &l->plots[plot];
  double radius = dot_radius (m, r);
  for (gsize i = 0; i < m->xy->rows; i++)
    {
      double x, y, rgb[3];
      lesc_scatter_layout_point (l, m, plot, i, &x, &y);
      lesc_scatter_model_sample_color (m, panel, label, i, rgb);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* The chosen sample: a dark ring with a white halo, visible on any colour. */
static void
paint_highlight (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint plot)
{
  if (m->highlight < 0 || (gsize) m->highlight >= m->xy->rows)
    return;
  double x, y;
  lesc_scatter_layout_point (l, m, plot, (gsize) m->highlight, &x, &y);
  double r = MAX (4.0, 2.5 * (l->nx > 0 ? MAX (l->cell_w, 1.0) : dot_radius (m, &l->plots[plot])));
  cairo_set_line_width (cr, 2.5);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 1.2);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  cairo_stroke (cr);
}

static void
paint_plot (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m, guint panel, int label,
            guint plot)
{
  const LescRect *r = &l->plots[plot];
  if (l->nx > 0)
    paint_cells (cr, l, m, panel, label, r);
  else
    paint_dots (cr, l, m, panel, label, plot);
  cairo_set_source_rgb (cr, 0.55, 0.55, 0.55);
  cairo_set_line_width (cr, 0.5);
  cairo_rectangle (cr, r->x - 0.25, r->y - 0.25, r->width + 0.5, r->height + 0.5);
  cairo_stroke (cr);
  paint_highlight (cr, l, m, plot);
}

/* Name (bold), the settings under it, and the measures in columns, from (x, y); centred
 * in `w` when `centre`. */
static void
paint_panel_text (cairo_t *cr, const LescScatterModel *m, const LescScatterLayout *l, guint p,
                  double x, double y, double w, gboolean centre, guint per_line_max)
{
  const LescScatterPanel *panel = &m->panels[p];
  cairo_set_source_rgb (cr, 0, 0, 0);
  g_autofree char *name = lesc_text_ellipsize_middle (cr, panel->name, NAME_FONT, TRUE, w);
  PangoLayout *t = lesc_text_new (cr, name, NAME_FONT, TRUE);
  LescRect box;
  lesc_text_show (cr, t, centre ? x + w / 2 : x, y, centre ? 0.5 : 0.0, 0.0, &box);
  g_object_unref (t);
  double below = box.y + box.height;
  guint sub_lines = subtitle_lines (m);
  if (panel->subtitle != NULL && panel->subtitle[0] != '\0')
    {
      g_auto (GStrv) lines = g_strsplit (panel->subtitle, "\n", -1);
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_autofree char *sub = lesc_text_ellipsize_middle (cr, lines[i], SUBTITLE_FONT, FALSE, w);
          PangoLayout *st = lesc_text_new (cr, sub, SUBTITLE_FONT, FALSE);
          lesc_text_show (cr, st, centre ? x + w / 2 : x,
                          below + i * lesc_text_line_height (cr, SUBTITLE_FONT),
                          centre ? 0.5 : 0.0, 0.0, NULL);
          g_object_unref (st);
        }
    }
  below += sub_lines * lesc_text_line_height (cr, SUBTITLE_FONT);
  if (!panel->has_measures)
    return;
  double f = l->font, gap = 1.3 * f;
  double cw = measure_width (cr, m, f);
  guint per = 1;
  for (guint k = MIN (3u, per_line_max); k >= 1; k--)
    if (k * cw + (k - 1) * gap <= w || k == 1)
      {
        per = k;
        break;
      }
  double line = lesc_text_line_height (cr, f);
  double block = per * cw + (per - 1) * gap;
  double left = centre ? x + (w - block) / 2 : x;
  for (guint k = 0; k < LESC_N_MEASURES; k++)
    {
      double cx = left + (k % per) * (cw + gap), cy = below + 1.0 + (k / per) * line;
      PangoLayout *kt = lesc_text_new (cr, _(measure_names[k]), f, FALSE);
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      lesc_text_show (cr, kt, cx, cy, 0, 0, NULL);
      g_object_unref (kt);
      g_autofree char *s = measure_value (panel, k);
      PangoLayout *vt = lesc_text_new (cr, s, f, FALSE);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      lesc_text_show (cr, vt, cx + cw, cy, 1.0, 0.0, NULL);
      g_object_unref (vt);
    }
}

static void
show_tick (cairo_t *cr, double value, double x, double y, double ax, double ay)
{
  g_autofree char *s = g_strdup_printf ("%.3g", value);
  PangoLayout *tl = lesc_text_new (cr, s, MEASURE_FONT, FALSE);
  lesc_text_show (cr, tl, x, y, ax, ay, NULL);
  g_object_unref (tl);
}

/* The shared scale: a vertical bar on the right with five ticks. */
static void
paint_heat_bar (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m)
{
  const LescRect *b = &l->colorbar;
  lesc_palette_paint_bar (cr, heat_palette (m), FALSE, b->x, b->y, b->width, b->height);
  double lo = m->lo[0], hi = m->hi[0];
  cairo_set_source_rgb (cr, 0, 0, 0);
  for (guint t = 0; t < 5; t++)
    {
      double v = lo + (hi - lo) * t / 4.0, y = b->y + b->height * (1.0 - t / 4.0);
      cairo_move_to (cr, b->x + b->width, y);
      cairo_line_to (cr, b->x + b->width + 3.0, y);
      cairo_stroke (cr);
      show_tick (cr, v, b->x + b->width + 5.0, y, 0.0, 0.5);
    }
}

/* A horizontal colour bar (the palette from left to right). */
static void
paint_horizontal_bar (cairo_t *cr, LescPalette palette, const LescRect *b)
{
  cairo_save (cr);
  cairo_translate (cr, b->x + b->width, b->y);
  cairo_rotate (cr, G_PI / 2);   /* the bar's bottom (the low end) to the left */
  lesc_palette_paint_bar (cr, palette, FALSE, 0, 0, b->height, b->width);
  cairo_restore (cr);
}

/* Per-label scales: a bar under each column with its two ends (and 1/c in the middle of a
 * deviation bar); where the two ends do not fit side by side (narrow plots) the upper end
 * goes on a second line. Returns the number of lines of ends. */
static guint
paint_label_bars (cairo_t *cr, const LescScatterLayout *l, const LescScatterModel *m)
{
  gsize c = m->panels[0].values->cols;
  gboolean dev = m->options.scale == LESC_SCATTER_SCALE_DEVIATION;
  double centre = dev ? 1.0 / (double) c : 0.0;
  double line = lesc_text_line_height (cr, MEASURE_FONT);
  guint lines = 1;
  for (gsize k = 0; k < c; k++)
    {
      const LescRect *b = &l->label_bars[k];
      g_autofree char *lo = g_strdup_printf ("%.3g", m->lo[k] + centre);
      g_autofree char *hi = g_strdup_printf ("%.3g", m->hi[k] + centre);
      gboolean apart = lesc_text_width (cr, lo, MEASURE_FONT, FALSE) + lesc_text_width (cr, hi, MEASURE_FONT, FALSE)
                       + 4.0 <= b->width;
      lines = MAX (lines, apart ? 1u : 2u);
      paint_horizontal_bar (cr, heat_palette (m), b);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      show_tick (cr, m->lo[k] + centre, b->x, b->y + b->height + 1.0, 0.0, 0.0);
      show_tick (cr, m->hi[k] + centre, b->x + b->width, b->y + b->height + 1.0 + (apart ? 0.0 : line), 1.0, 0.0);
    }
  return lines;
}

void
lesc_plot_scatter_paint (cairo_t *cr, double width, double height, const LescScatterModel *m)
{
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  if (m == NULL || m->n_panels == 0)
    {
      cairo_restore (cr);
      return;
    }
  g_autoptr (LescScatterLayout) l = lesc_scatter_layout_new (cr, width, height, m);
  gboolean heat = m->options.style == LESC_SCATTER_HEATMAPS;
  guint c = (guint) m->panels[0].values->cols;
  gboolean rows_of_labels = heat && c > 1;
  double bottom = 0.0;
  for (guint p = 0; p < m->n_panels; p++)
    {
      const LescRect *nb = &l->name_boxes[p];
      if (!rows_of_labels)
        {
          paint_plot (cr, l, m, p, heat ? 0 : -1, p);
          paint_panel_text (cr, m, l, p, nb->x, nb->y, nb->width, TRUE, 3);
          bottom = MAX (bottom, nb->y + nb->height);
        }
      else
        {
          for (guint k = 0; k < c; k++)
            paint_plot (cr, l, m, p, (int) k, p * c + k);
          paint_panel_text (cr, m, l, p, nb->x, nb->y, nb->width, FALSE, 2);
          bottom = MAX (bottom, nb->y + nb->height);
        }
      if (m->panels[p].dimmed)
        {
          /* an outdated result: faded until its rerun replaces it */
          const LescRect *pb = &l->panel_boxes[p];
          cairo_set_source_rgba (cr, 1, 1, 1, 0.6);
          cairo_rectangle (cr, pb->x - 2, pb->y - 2, pb->width + 4, pb->height + 4);
          cairo_fill (cr);
        }
    }
  if (rows_of_labels)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      for (guint k = 0; k < c; k++)
        {
          const LescRect *r = &l->plots[k];
          g_autofree char *s = m->label_names ? g_strdup (m->label_names[k]) : g_strdup_printf (_("label %u"), k + 1);
          g_autofree char *fit = lesc_text_ellipsize_middle (cr, s, NAME_FONT, FALSE, r->width + 4.0);
          PangoLayout *t = lesc_text_new (cr, fit, NAME_FONT, FALSE);
          lesc_text_show (cr, t, r->x + r->width / 2, r->y - 3.0, 0.5, 1.0, NULL);
          g_object_unref (t);
        }
      if (per_label_bars (m))
        {
          guint lines = paint_label_bars (cr, l, m);
          bottom = MAX (bottom, l->label_bars[0].y + l->label_bars[0].height + lines * lesc_text_line_height (cr, MEASURE_FONT));
        }
      else
        {
          paint_heat_bar (cr, l, m);
          bottom = MAX (bottom, l->colorbar.y + l->colorbar.height);
        }
    }
  else if (heat)
    paint_heat_bar (cr, l, m);
  PangoLayout *t = caption_layout (cr, m, width);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  lesc_text_show (cr, t, MARGIN, MIN (bottom + 6.0, height - MARGIN - caption_height (cr, m, width)), 0, 0, NULL);
  g_object_unref (t);
  cairo_restore (cr);
}

char *
lesc_scatter_model_to_csv (const LescScatterModel *m)
{
  GString *s = g_string_new (NULL);
  g_autofree char *cap = lesc_scatter_caption (m);
  gboolean rgb = m->options.style == LESC_SCATTER_RGB;
  gsize c = m->panels[0].values->cols;
  g_string_append_printf (s, "# %s\n", cap);
  if (rgb)
    for (guint p = 0; p < m->n_panels; p++)
      g_string_append_printf (s, "# clamped values, %s: %zu\n", m->panels[p].name, m->panels[p].n_clamped);
  g_string_append (s, "panel,sample,x,y");
  for (gsize j = 0; j < c; j++)
    g_string_append_printf (s, ",d%zu", j + 1);
  if (rgb)
    g_string_append (s, ",r,g,b,clamped");
  g_string_append_c (s, '\n');
  for (guint p = 0; p < m->n_panels; p++)
    {
      const LescScatterPanel *pn = &m->panels[p];
      for (gsize i = 0; i < m->xy->rows; i++)
        {
          lesc_csv_field (s, pn->name);
          g_string_append_printf (s, ",%zu", i + 1);
          for (int a = 0; a < 2; a++)
            {
              g_string_append_c (s, ',');
              lesc_format_append (s, LESC_AT (m->xy, i, a), LESC_FORMAT_CSV, "%.15g");
            }
          for (gsize j = 0; j < c; j++)
            {
              g_string_append_c (s, ',');
              lesc_format_append (s, LESC_AT (pn->values, i, j), LESC_FORMAT_CSV, "%.15g");
            }
          if (rgb)
            {
              for (int a = 0; a < 3; a++)
                {
                  g_string_append_c (s, ',');
                  lesc_format_append (s, LESC_AT (pn->colors, i, a), LESC_FORMAT_CSV, "%.6f");
                }
              g_string_append_printf (s, ",%u", pn->clamped[i]);
            }
          g_string_append_c (s, '\n');
        }
    }
  return g_string_free (s, FALSE);
}
