/* The Logical labels panel: the input drawn beside the recovered distributions. */
#include "config.h"
#include "plot/logical.h"
#include "core/base/error.h"

#include <glib/gi18n-lib.h>
#include <string.h>

void
lesc_logical_rgb (double l1, double l2, double l3, double rgb[3])
{
  /* a degree is 0 or 1: the channel is off or full */
  rgb[0] = l1 != 0.0 ? 1.0 : 0.0;
  rgb[1] = l2 != 0.0 ? 1.0 : 0.0;
  rgb[2] = l3 != 0.0 ? 1.0 : 0.0;
}

void
lesc_scatter_model_append_logical (LescScatterModel *m, const char *name, const LescMatrix *logical)
{
  g_return_if_fail (logical->rows == m->xy->rows
                    && (m->n_panels == 0 || logical->cols == m->panels[0].values->cols));
  m->panels = g_renew (LescScatterPanel, m->panels, m->n_panels + 1);
  LescScatterPanel *p = &m->panels[m->n_panels++];
  memset (p, 0, sizeof *p);
  p->name = g_strdup (name);
  p->values = lesc_matrix_copy (logical);
  if (m->options.style == LESC_SCATTER_RGB && logical->cols == 3)
    {
      gsize n = logical->rows;
      p->colors = lesc_matrix_new (n, 3);
      p->clamped = g_new0 (guint8, n);
      for (gsize i = 0; i < n; i++)
        {
          double rgb[3];
          lesc_logical_rgb (LESC_AT (logical, i, 0), LESC_AT (logical, i, 1), LESC_AT (logical, i, 2), rgb);
          for (int j = 0; j < 3; j++)
            LESC_AT (p->colors, i, j) = rgb[j];
        }
      /* TRANSLATORS: the Logical labels panel's subtitle in the RGB figure */
      p->subtitle = g_strdup (_("0/1 as given, unstretched:\nlabel 1 red, 2 green, 3 blue"));
    }
  else
    /* TRANSLATORS: the Logical labels panel's subtitle in the per-label heatmaps */
    p->subtitle = g_strdup (_("0/1 as given: 0 and 1\non each label's scale"));
}

LescScatterModel *
lesc_scatter_model_new_with_logical (const LescMatrix *xy, gboolean grid, const char *x_label,
                                     const char *y_label, guint n_panels, const char *const *names,
                                     const LescMatrix *const *tables, const char *logical_name,
                                     const LescMatrix *logical, const LescScatterOptions *opt,
                                     GError **error)
{
  if (n_panels > 0 || logical == NULL)
    {
      LescScatterModel *m = lesc_scatter_model_new (xy, grid, x_label, y_label, n_panels, names,
                                                    tables, opt, error);
      if (m != NULL && logical != NULL)
        lesc_scatter_model_append_logical (m, logical_name, logical);
      return m;
    }
  /* the logical labels alone: a model of them without a stretch (heatmap style: the
   * scales of 0/1 per label), its panel then made by the rule above */
  LescScatterOptions alone;
  if (opt != NULL)
    alone = *opt;
  else
    lesc_scatter_options_init (&alone);
  LescScatterStyle style = alone.style;
  alone.style = LESC_SCATTER_HEATMAPS;
  alone.scale = style == LESC_SCATTER_HEATMAPS ? alone.scale : LESC_SCATTER_SCALE_PER_LABEL;
  alone.reference_panel = -1;
  LescScatterModel *m = lesc_scatter_model_new (xy, grid, x_label, y_label, 1, &logical_name,
                                                &logical, &alone, error);
  if (m == NULL)
    return NULL;
  if (style == LESC_SCATTER_RGB && logical->cols != 3)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "scatter: RGB colours need 3 labels, the logical labels have %zu", logical->cols);
      lesc_scatter_model_free (m);
      return NULL;
    }
  LescScatterPanel *p = &m->panels[0];
  g_clear_pointer (&p->name, g_free);
  g_clear_pointer (&p->values, lesc_matrix_free);
  m->n_panels = 0;
  m->options.style = style;
  lesc_scatter_model_append_logical (m, logical_name, logical);
  return m;
}
