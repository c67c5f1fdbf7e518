#include "core/data/dataset.h"
#include "core/data/binarize.h"

#include <string.h>

static void
checksum_matrix (GChecksum *sum, const LescMatrix *m)
{
  guint64 dims[2] = { GUINT64_TO_LE ((guint64) (m ? m->rows : 0)),
                      GUINT64_TO_LE ((guint64) (m ? m->cols : 0)) };
  g_checksum_update (sum, (const guchar *) dims, sizeof dims);
  if (m != NULL)
    g_checksum_update (sum, (const guchar *) m->data, m->rows * m->cols * sizeof (double));
}

void
lesc_dataset_update_checksum (LescDataset *ds)
{
  GChecksum *sum = g_checksum_new (G_CHECKSUM_SHA256);
  checksum_matrix (sum, ds->features);
  checksum_matrix (sum, ds->truth);
  checksum_matrix (sum, ds->logical);
  g_free (ds->checksum);
  ds->checksum = g_strdup (g_checksum_get_string (sum));
  g_checksum_free (sum);
}

LescDataset *
lesc_dataset_new (const char *name, LescMatrix *features, LescMatrix *truth, LescMatrix *logical)
{
  LescDataset *ds = g_new0 (LescDataset, 1);
  ds->name = g_strdup (name);
  ds->features = features;
  ds->truth = truth;
  ds->logical_from_file = logical != NULL;
  ds->logical = logical ? logical : lesc_binarize (truth, LESC_BINARIZE_THRESHOLD);
  lesc_dataset_update_checksum (ds);
  return ds;
}

void
lesc_dataset_free (LescDataset *ds)
{
  if (ds == NULL)
    return;
  g_free (ds->name);
  g_free (ds->source);
  g_free (ds->checksum);
  lesc_matrix_free (ds->features);
  lesc_matrix_free (ds->truth);
  lesc_matrix_free (ds->logical);
  g_strfreev (ds->label_names);
  g_strfreev (ds->notes);
  g_free (ds);
}

void
lesc_dataset_add_note (LescDataset *ds, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  char *line = g_strdup_vprintf (format, ap);
  va_end (ap);
  guint n = ds->notes ? g_strv_length (ds->notes) : 0;
  ds->notes = g_renew (char *, ds->notes, n + 2);
  ds->notes[n] = line;
  ds->notes[n + 1] = NULL;
}

/* "Yeast_alpha" → "yeast-alpha" */
char *
lesc_dataset_canonical_name (const char *spec)
{
  char *s = g_ascii_strdown (spec, -1);
  g_strdelimit (s, "_", '-');
  return s;
}

char *
lesc_dataset_name_from_path (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  return lesc_dataset_canonical_name (base);
}
