/* Geng-format MATLAB files, read with matio.
 *
 * Variables are found by name, not position: `features`; the truth as `labels`,
 * `labelDistribution` or `label_distribution`; logical labels as `logicalLabel` or
 * `logical_label` when present. Any real numeric storage is converted to double (the
 * official *_binary.mat store logical labels as uint8 data of class double). */
#include "core/dataset.h"
#include "core/error.h"

#include <matio.h>
#include <string.h>

static const char *const feature_names[] = { "features", NULL };
static const char *const truth_names[] = { "labels", "labelDistribution", "label_distribution", NULL };
static const char *const logical_names[] = { "logicalLabel", "logical_label", NULL };
const char *const lesc_mat_logical_names[] = { "logicalLabel", "logical_label", NULL };

/* matio reports problems through a global log function; keep the last message so the
 * error can quote it, and never let matio print or abort. */
G_LOCK_DEFINE_STATIC (matio);
static char matio_message[256];

static void
matio_log (int level, char *message)
{
  g_strlcpy (matio_message, message ? message : "", sizeof matio_message);
}

static gboolean
looks_like_mat5 (const char *path, GError **error)
{
  char header[128];
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot open: %s", path, g_strerror (errno));
      return FALSE;
    }
  size_t got = fread (header, 1, sizeof header, f);
  fclose (f);
  if (got < sizeof header || memcmp (header, "MATLAB", 6) != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: not a MATLAB .mat file (expected a 128-byte 'MATLAB 5.0 MAT-file' header)", path);
      return FALSE;
    }
  if (strstr (header, "7.3") != NULL && memcmp (header, "MATLAB 7.3", 10) == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: MAT v7.3 (HDF5) files are not supported; save with -v7", path);
      return FALSE;
    }
  return TRUE;
}

static double
element_as_double (const matvar_t *v, size_t k)
{
  switch (v->class_type)
    {
    case MAT_C_DOUBLE: return ((const double *) v->data)[k];
    case MAT_C_SINGLE: return ((const float *) v->data)[k];
    case MAT_C_INT8: return ((const gint8 *) v->data)[k];
    case MAT_C_UINT8: return ((const guint8 *) v->data)[k];
    case MAT_C_INT16: return ((const gint16 *) v->data)[k];
    case MAT_C_UINT16: return ((const guint16 *) v->data)[k];
    case MAT_C_INT32: return ((const gint32 *) v->data)[k];
    case MAT_C_UINT32: return ((const guint32 *) v->data)[k];
    case MAT_C_INT64: return (double) ((const gint64 *) v->data)[k];
    case MAT_C_UINT64: return (double) ((const guint64 *) v->data)[k];
    default: return 0.0;
    }
}

static gboolean
is_numeric_class (enum matio_classes c)
{
  switch (c)
    {
    case MAT_C_DOUBLE: case MAT_C_SINGLE: case MAT_C_INT8: case MAT_C_UINT8:
    case MAT_C_INT16: case MAT_C_UINT16: case MAT_C_INT32: case MAT_C_UINT32:
    case MAT_C_INT64: case MAT_C_UINT64:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
has_variable (char *const *dir, size_t n, const char *name)
{
  for (size_t k = 0; k < n; k++)
    if (dir[k] != NULL && strcmp (dir[k], name) == 0)
      return TRUE;
  return FALSE;
}

/* The first of `names` present in the file, read as a double matrix; NULL without an
 * error when none is present and the variable is optional. */
static LescMatrix *
read_variable (mat_t *mat, const char *path, char *const *dir, size_t ndir,
               const char *const *names, gboolean required, const char **which, GError **error)
{
  const char *name = NULL;
  for (const char *const *p = names; *p != NULL; p++)
    if (has_variable (dir, ndir, *p))
      {
        name = *p;
        break;
      }
  if (name == NULL)
    {
      if (required)
        {
          g_autofree char *wanted = g_strjoinv ("' or '", (char **) names);
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: no variable '%s' (the file holds %zu variable%s)", path, wanted,
                       ndir, ndir == 1 ? "" : "s");
        }
      return NULL;
    }
  *which = name;
  matio_message[0] = '\0';
  matvar_t *v = Mat_VarRead (mat, name);
  if (v == NULL || (v->data == NULL && v->nbytes > 0))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: variable '%s' cannot be read (truncated or corrupt file%s%s)", path, name,
                   matio_message[0] ? ": " : "", matio_message);
      Mat_VarFree (v);
      return NULL;
    }
  if (v->rank != 2 || v->isComplex || !is_numeric_class (v->class_type))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: variable '%s' must be a real numeric 2-D matrix (it is %s%s, rank %d)",
                   path, name, v->isComplex ? "complex " : "",
                   v->class_type == MAT_C_SPARSE ? "sparse" :
                   v->class_type == MAT_C_CELL ? "a cell array" :
                   v->class_type == MAT_C_STRUCT ? "a struct" :
                   v->class_type == MAT_C_CHAR ? "text" : "numeric", v->rank);
      Mat_VarFree (v);
      return NULL;
    }
  size_t rows = v->dims[0], cols = v->dims[1];
  size_t esize = Mat_SizeOfClass (v->class_type);
  if (rows * cols > 0 && (v->data == NULL || (esize > 0 && v->nbytes < rows * cols * esize)))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: variable '%s' holds fewer values than its %zu×%zu shape (truncated file)",
                   path, name, rows, cols);
      Mat_VarFree (v);
      return NULL;
    }
  LescMatrix *m = lesc_matrix_try_new (rows, cols, error);
  if (m != NULL)
    for (size_t k = 0; k < rows * cols; k++)
      m->data[k] = element_as_double (v, k);
  Mat_VarFree (v);
  return m;
}

static char *
name_from_path (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *dot = strrchr (base, '.');
  if (dot != NULL)
    *dot = '\0';
  char *name = g_ascii_strdown (base, -1);
  g_strdelimit (name, "_", '-');
  return name;
}

LescMatrix *
lesc_mat_read_variable (const char *path, const char *const *names, GError **error)
{
  if (!looks_like_mat5 (path, error))
    return NULL;
  G_LOCK (matio);
  Mat_LogInitFunc ("lesc", matio_log);
  LescMatrix *m = NULL;
  const char *which = NULL;
  matio_message[0] = '\0';
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  if (mat == NULL)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: not a readable MAT v5 file%s%s",
                 path, matio_message[0] ? ": " : "", matio_message);
  else
    {
      size_t ndir = 0;
      char *const *dir = Mat_GetDir (mat, &ndir);
      m = read_variable (mat, path, dir, ndir, names, TRUE, &which, error);
      Mat_Close (mat);
    }
  G_UNLOCK (matio);
  return m;
}

LescDataset *
lesc_dataset_load_mat (const char *path, GError **error)
{
  if (!looks_like_mat5 (path, error))
    return NULL;

  G_LOCK (matio);
  Mat_LogInitFunc ("lesc", matio_log);
  LescMatrix *features = NULL, *truth = NULL, *logical = NULL;
  const char *fname = NULL, *tname = NULL, *lname = NULL;
  LescDataset *ds = NULL;

  matio_message[0] = '\0';
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  if (mat == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: not a readable MAT v5 file%s%s",
                   path, matio_message[0] ? ": " : "", matio_message);
      goto out;
    }
  size_t ndir = 0;
  char *const *dir = Mat_GetDir (mat, &ndir);
  if (dir == NULL && ndir == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: holds no readable variables (truncated or corrupt file)", path);
      goto out;
    }
  features = read_variable (mat, path, dir, ndir, feature_names, TRUE, &fname, error);
  if (features == NULL)
    goto out;
  GError *local = NULL;
  truth = read_variable (mat, path, dir, ndir, truth_names, FALSE, &tname, &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      goto out;
    }
  logical = read_variable (mat, path, dir, ndir, logical_names, FALSE, &lname, &local);
  if (local != NULL)
    {
      g_propagate_error (error, local);
      goto out;
    }
  if (truth == NULL && logical == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: no variable 'labels', 'labelDistribution' or 'label_distribution' "
                   "(nor logical labels)", path);
      goto out;
    }
  if (truth != NULL && truth->rows != features->rows)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: '%s' has %zu rows but '%s' has %zu (expected one row per sample in both)",
                   path, fname, features->rows, tname, truth->rows);
      goto out;
    }
  if (logical != NULL && logical->rows != features->rows)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: '%s' has %zu rows but '%s' has %zu (expected one row per sample in both)",
                   path, fname, features->rows, lname, logical->rows);
      goto out;
    }
  if (truth != NULL && logical != NULL && truth->cols != logical->cols)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: '%s' has %zu columns but '%s' has %zu (expected one column per label in both)",
                   path, tname, truth->cols, lname, logical->cols);
      goto out;
    }
  {
    g_autofree char *name = name_from_path (path);
    ds = lesc_dataset_new (name, features, truth, logical);
    ds->source = g_strdup (path);
    features = truth = logical = NULL;
  }

out:
  if (mat != NULL)
    Mat_Close (mat);
  G_UNLOCK (matio);
  lesc_matrix_free (features);
  lesc_matrix_free (truth);
  lesc_matrix_free (logical);
  return ds;
}
