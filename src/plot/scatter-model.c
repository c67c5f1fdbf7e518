/* The Distributions figure's model: options, the tables stretched and clamped, the colour
 * scales of the heatmap style, a sample's colour, the caption and the figure's table
 * (docs/figures.md §2). */
#include "config.h"
#include "plot/scatter.h"
#include "plot/scatter-private.h"
#include "core/base/format.h"
#include "core/base/error.h"
#include "plot/export.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* TRANSLATORS: the six measures' short names under the panels of the Distributions figure */
const char *const lesc_scatter_measure_names[LESC_N_MEASURES] = { N_("Cheb"), N_("Clark"), N_("Canber"), N_("KL"),
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

int
lesc_scatter_cmp_double (const void *a, const void *b)
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
          qsort (all, count, sizeof (double), lesc_scatter_cmp_double);
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
      qsort (v, count, sizeof (double), lesc_scatter_cmp_double);
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

gboolean
lesc_scatter_is_binned (const LescScatterModel *m)
{
  return m != NULL && m->xy->rows > LESC_SCATTER_BIN_THRESHOLD && !m->grid;
}

/* The caption's words for a binned figure; w = 0: the bins' size is not known (a caption
 * made without a layout). */
static char *
binned_words (const LescScatterModel *m, guint w, guint h)
{
  gboolean rgb = m->options.style == LESC_SCATTER_RGB;
  const char *what = rgb ? _("the mean colour of its samples") : _("the colour of its samples' mean degree");
  if (w == 0)
    /* TRANSLATORS: caption of a dense scatter drawn as an image: the number of samples, then
     * what a bin's colour is */
    return g_strdup_printf (_(" Binned: %zu samples, a bin per pixel, each bin %s, more opaque the more samples it holds."),
                            m->xy->rows, what);
  /* TRANSLATORS: caption of a dense scatter drawn as an image: the number of samples, the
   * bins across and down, then what a bin's colour is */
  return g_strdup_printf (_(" Binned: %zu samples in %u×%u bins, each bin %s, more opaque the more samples it holds."),
                          m->xy->rows, w, h, what);
}

char *
lesc_scatter_caption (const LescScatterModel *m)
{
  return lesc_scatter_caption_binned (m, 0, 0);
}

char *
lesc_scatter_caption_binned (const LescScatterModel *m, guint bins_w, guint bins_h)
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
  if (lesc_scatter_is_binned (m))
    {
      g_autofree char *binned = binned_words (m, bins_w, bins_h);
      g_string_append (s, binned);
    }
  return g_string_free (s, FALSE);
}


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

LescPalette
lesc_scatter_heat_palette (const LescScatterModel *m)
{
  return m->options.scale == LESC_SCATTER_SCALE_DEVIATION && m->panels[0].values->cols > 1
           ? LESC_PALETTE_DIVERGING : m->options.palette;
}

void
lesc_scatter_model_value_color (const LescScatterModel *m, int label, double v, double rgb[3])
{
  lesc_palette_color (lesc_scatter_heat_palette (m), scale_position (m, label, v), FALSE, rgb);
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
    lesc_scatter_model_value_color (m, label, LESC_AT (p->values, i, label), rgb);
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
