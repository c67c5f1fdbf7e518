#include "core/data/dataset.h"
#include "core/data/binarize.h"
#include "core/base/error.h"

#include <string.h>

const char *const lesc_dataset_feature_names[] = { "features", NULL };
const char *const lesc_dataset_truth_names[] = { "labels", "labelDistribution", "label_distribution", NULL };
const char *const lesc_dataset_logical_names[] = { "logicalLabel", "logical_label", NULL };

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

static const char *
kind_text (LescLabelKind kind)
{
  return kind == LESC_LABELS_LOGICAL ? "logical labels" : "label distributions";
}

/* truth or logical, by kind; the other NULL */
static LescDataset *
dataset_of_kind (const char *name_path, const char *source, LescMatrix *features,
                 LescMatrix *labels, char **label_names, LescLabelKind kind)
{
  g_autofree char *name = lesc_dataset_name_from_path (name_path);
  LescDataset *ds = kind == LESC_LABELS_LOGICAL ? lesc_dataset_new (name, features, NULL, labels)
                                                : lesc_dataset_new (name, features, labels, NULL);
  ds->source = g_strdup (source);
  ds->label_names = label_names;
  return ds;
}

LescDataset *
lesc_dataset_from_table (const char *path, LescMatrix *all_in, char **header_in,
                         gsize label_columns, LescLabelKind kind, GError **error)
{
  g_autoptr (LescMatrix) all = all_in;
  g_auto (GStrv) header = header_in;
  if (label_columns == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s: a single table needs the number of trailing label columns: "
                   "--label-columns N (label distributions) or --logical-columns N (0/1 "
                   "labels); or give two files FEATURES,LABELS", path);
      return NULL;
    }
  if (all->cols <= label_columns)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: has %zu column%s, so %zu label column%s leave%s no feature column "
                   "(expected features followed by the %s)", path, all->cols,
                   all->cols == 1 ? "" : "s", label_columns, label_columns == 1 ? "" : "s",
                   label_columns == 1 ? "s" : "", kind_text (kind));
      return NULL;
    }
  gsize n = all->rows, q = all->cols - label_columns, o = label_columns;
  /* column-major: the first q columns are contiguous, then the o label columns */
  LescMatrix *features = lesc_matrix_new_from (n, q, all->data);
  LescMatrix *labels = lesc_matrix_new_from (n, o, all->data + n * q);
  char **names = header != NULL ? g_strdupv (header + q) : NULL;
  return dataset_of_kind (path, path, features, labels, names, kind);
}

LescDataset *
lesc_dataset_from_pair (const char *features_path, LescMatrix *features_in,
                        const char *labels_path, LescMatrix *labels_in, char **names_in,
                        LescLabelKind kind, GError **error)
{
  g_autoptr (LescMatrix) features = features_in;
  g_autoptr (LescMatrix) labels = labels_in;
  g_auto (GStrv) names = names_in;
  if (features->rows != labels->rows)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s has %zu rows of features but %s has %zu rows of %s (expected one row "
                   "per sample in both)", features_path, features->rows, labels_path,
                   labels->rows, kind_text (kind));
      return NULL;
    }
  if (names != NULL && g_strv_length (names) != labels->cols)
    g_clear_pointer (&names, g_strfreev);
  g_autofree char *source = g_strconcat (features_path, ",", labels_path, NULL);
  return dataset_of_kind (features_path, source, g_steal_pointer (&features),
                          g_steal_pointer (&labels), g_steal_pointer (&names), kind);
}

static gboolean
same_rows (const char *path, const LescMatrix *a, const char *an, const LescMatrix *b,
           const char *bn, GError **error)
{
  if (b == NULL || a->rows == b->rows)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
               "%s: '%s' has %zu rows but '%s' has %zu (expected one row per sample in both)",
               path, an, a->rows, bn, b->rows);
  return FALSE;
}

LescDataset *
lesc_dataset_from_variables (const char *path, LescMatrix *features_in, const char *fname,
                             LescMatrix *truth_in, const char *tname, LescMatrix *logical_in,
                             const char *lname, GError **error)
{
  g_autoptr (LescMatrix) features = features_in;
  g_autoptr (LescMatrix) truth = truth_in;
  g_autoptr (LescMatrix) logical = logical_in;
  if (truth == NULL && logical == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: no %s 'labels', 'labelDistribution' or 'label_distribution' "
                   "(nor 'logicalLabel' or 'logical_label'); expected the label distributions "
                   "or the logical labels", path,
                   g_str_has_suffix (path, ".npz") ? "array" : "variable");
      return NULL;
    }
  if (!same_rows (path, features, fname, truth, tname, error)
      || !same_rows (path, features, fname, logical, lname, error))
    return NULL;
  if (truth != NULL && logical != NULL && truth->cols != logical->cols)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: '%s' has %zu columns but '%s' has %zu (expected one column per label "
                   "in both)", path, tname, truth->cols, lname, logical->cols);
      return NULL;
    }
  g_autofree char *name = lesc_dataset_name_from_path (path);
  LescDataset *ds = lesc_dataset_new (name, g_steal_pointer (&features), g_steal_pointer (&truth),
                                      g_steal_pointer (&logical));
  ds->source = g_strdup (path);
  return ds;
}
