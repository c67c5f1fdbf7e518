#include "config.h"
#include "plot/positions.h"
#include "core/numeric/pca.h"

#include <glib/gi18n.h>
#include <string.h>

gboolean
lesc_positions_is_grid (const LescDataset *ds)
{
  return g_strcmp0 (ds->name, "artificial") == 0 && ds->source == NULL && lesc_dataset_q (ds) >= 2;
}

LescPositions *
lesc_positions_features (const LescDataset *ds, gsize ax, gsize ay)
{
  gsize n = lesc_dataset_n (ds), q = lesc_dataset_q (ds);
  ax = MIN (ax, q - 1);
  ay = MIN (ay, q - 1);
  LescPositions *p = g_new0 (LescPositions, 1);
  p->xy = lesc_matrix_new (n, 2);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (p->xy, i, 0) = LESC_AT (ds->features, i, ax);
      LESC_AT (p->xy, i, 1) = q >= 2 ? LESC_AT (ds->features, i, ay) : (double) i;
    }
  p->x_label = g_strdup_printf (_("feature %zu"), ax + 1);
  p->y_label = q >= 2 ? g_strdup_printf (_("feature %zu"), ay + 1) : g_strdup (_("sample"));
  return p;
}

LescPositions *
lesc_positions_default (const LescDataset *ds, const LescMatrix *embedding, const double explained[2])
{
  gsize n = lesc_dataset_n (ds), q = lesc_dataset_q (ds);
  if (lesc_positions_is_grid (ds))
    {
      LescPositions *p = lesc_positions_features (ds, 0, 1);
      p->grid = TRUE;
      g_free (p->x_label);
      g_free (p->y_label);
      p->x_label = g_strdup ("x₁");
      p->y_label = g_strdup ("x₂");
      return p;
    }
  double share[2] = { 0, 0 };
  g_autoptr (LescMatrix) own = NULL;
  if (embedding == NULL && n >= 2 && q >= 2)
    {
      own = lesc_pca (ds->features, 2, share, NULL);
      embedding = own;
      explained = share;
    }
  if (embedding == NULL || embedding->rows != n || embedding->cols < 2)
    return lesc_positions_features (ds, 0, 1);
  LescPositions *p = g_new0 (LescPositions, 1);
  p->pca = TRUE;
  p->xy = lesc_matrix_new (n, 2);
  memcpy (p->xy->data, embedding->data, sizeof (double) * n * 2);
  /* TRANSLATORS: axis of the Distributions figure: a principal component and its share of the variance */
  p->x_label = g_strdup_printf (_("PC 1 (%.0f %% of the variance)"), 100 * explained[0]);
  p->y_label = g_strdup_printf (_("PC 2 (%.0f %%)"), 100 * explained[1]);
  return p;
}

void
lesc_positions_free (LescPositions *p)
{
  if (p == NULL)
    return;
  lesc_matrix_free (p->xy);
  g_free (p->x_label);
  g_free (p->y_label);
  g_free (p);
}
