/* Data sets through the public API: the core's loaders, tables copied out row-major. */
#include "lib/arrays.h"
#include "core/data/binarize.h"
#include "core/data/open.h"

struct _LescData {
  LescDataset *ds;
};

LescData *
lesc_data_load (const char *spec, const char *data_dir, GError **error)
{
  g_return_val_if_fail (spec != NULL, NULL);
  LescDataset *ds = lesc_dataset_open (spec, data_dir, error);
  if (ds == NULL)
    return NULL;
  LescData *data = g_new0 (LescData, 1);
  data->ds = ds;
  return data;
}

void
lesc_data_free (LescData *data)
{
  if (data == NULL)
    return;
  lesc_dataset_free (data->ds);
  g_free (data);
}

const char *
lesc_data_get_name (const LescData *data)
{
  g_return_val_if_fail (data != NULL, NULL);
  return data->ds->name;
}

gsize
lesc_data_get_n_samples (const LescData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return lesc_dataset_n (data->ds);
}

gsize
lesc_data_get_n_features (const LescData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return lesc_dataset_q (data->ds);
}

gsize
lesc_data_get_n_labels (const LescData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return lesc_dataset_o (data->ds);
}

const char *
lesc_data_get_label_name (const LescData *data, gsize j)
{
  g_return_val_if_fail (data != NULL, NULL);
  if (data->ds->label_names == NULL || j >= lesc_dataset_o (data->ds))
    return NULL;
  return data->ds->label_names[j];
}

gboolean
lesc_data_has_distributions (const LescData *data)
{
  g_return_val_if_fail (data != NULL, FALSE);
  return data->ds->truth != NULL;
}

void
lesc_data_copy_features (const LescData *data, double *out)
{
  g_return_if_fail (data != NULL && out != NULL);
  lesc_lib_matrix_out (data->ds->features, out);
}

gboolean
lesc_data_copy_distributions (const LescData *data, double *out)
{
  g_return_val_if_fail (data != NULL && out != NULL, FALSE);
  if (data->ds->truth == NULL)
    return FALSE;
  lesc_lib_matrix_out (data->ds->truth, out);
  return TRUE;
}

void
lesc_data_copy_logical (const LescData *data, double *out)
{
  g_return_if_fail (data != NULL && out != NULL);
  lesc_lib_matrix_out (data->ds->logical, out);
}

guint
lesc_data_get_n_notes (const LescData *data)
{
  g_return_val_if_fail (data != NULL, 0);
  return data->ds->notes != NULL ? g_strv_length (data->ds->notes) : 0;
}

const char *
lesc_data_get_note (const LescData *data, guint i)
{
  g_return_val_if_fail (data != NULL, NULL);
  if (i >= lesc_data_get_n_notes (data))
    return NULL;
  return data->ds->notes[i];
}

gboolean
lesc_binarize_array (gsize n, gsize c, const double *distributions, double *logical,
                     GError **error)
{
  g_return_val_if_fail (logical != NULL || n * c == 0, FALSE);
  g_autoptr (LescMatrix) d = lesc_lib_matrix_in ("distributions", n, c, distributions, error);
  if (d == NULL)
    return FALSE;
  for (gsize k = 0; k < n * c; k++)
    if (d->data[k] < 0.0)
      {
        g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                     "distributions: row %zu, column %zu is %g (degrees cannot be negative)",
                     k % n, k / n, d->data[k]);
        return FALSE;
      }
  g_autoptr (LescMatrix) l = lesc_binarize (d, LESC_BINARIZE_THRESHOLD);
  lesc_lib_matrix_out (l, logical);
  return TRUE;
}
