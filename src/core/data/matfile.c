/* Geng-format MATLAB files, read with matio.
 *
 * Variables are found by name, not position: `features`; the truth as `labels`,
 * `labelDistribution` or `label_distribution`; logical labels as `logicalLabel` or
 * `logical_label` when present. Any real numeric storage is converted to double (the
 * official *_binary.mat store logical labels as uint8 data of class double). MAT v5 and
 * v4 files. Every size the file states is checked first (matcheck.h): shapes agree and fit
 * the memory limit before anything is inflated, and matio reads a copy holding only the
 * checked variables. Variables not read are named in a note. */
#include "core/data/matfile.h"
#include "core/data/matnames.h"
#include "core/base/error.h"
#include "core/data/matcheck.h"

#include <matio.h>
#include <string.h>
#include <unistd.h>

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
is_numeric_class (int c)
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

static const char *
class_words (int c)
{
  switch (c)
    {
    case MAT_C_SPARSE: return "sparse";
    case MAT_C_CELL: return "a cell array";
    case MAT_C_STRUCT: return "a struct";
    case MAT_C_OBJECT: return "an object";
    case MAT_C_CHAR: return "text";
    case MAT_C_FUNCTION: return "a function handle";
    case MAT_C_OPAQUE: return "an opaque object";
    default: return "numeric";
    }
}

/* The first of `names` in the file, or NULL; LESC_ERROR_FORMAT listing what the file
 * holds when none is and `required`. */
static const LescMatVariable *
find_variable (const LescMatFile *f, const char *path, const char *const *names,
               gboolean required, GError **error)
{
  for (const char *const *p = names; *p != NULL; p++)
    {
      const LescMatVariable *v = lesc_mat_file_find (f, *p);
      if (v != NULL)
        return v;
    }
  if (required)
    {
      g_autofree char *wanted = g_strjoinv ("' or '", (char **) names);
      g_autoptr (GString) held = g_string_new (NULL);
      for (guint k = 0; k < lesc_mat_file_n_variables (f); k++)
        g_string_append_printf (held, "%s'%s'", k ? ", " : "", lesc_mat_file_variable (f, k)->name);
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: no variable '%s' (the file holds %s)",
                   path, wanted, held->str);
    }
  return NULL;
}

/* A variable to be read must be a real numeric 2-D matrix. */
static gboolean
check_kind (const char *path, const LescMatVariable *v, GError **error)
{
  if (v->rank != 2 || v->complex || !is_numeric_class (v->klass))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: variable '%s' must be a real numeric 2-D matrix (it is %s%s, rank %u)",
                   path, v->name, v->complex ? "complex " : "", class_words (v->klass), v->rank);
      return FALSE;
    }
  return TRUE;
}

/* Read the checked variables `vars` with matio, from a copy of the file holding only
 * them, as double matrices (`out[k]` for `vars[k]`). */
static gboolean
read_variables (const LescMatFile *f, const char *path, const LescMatVariable *const *vars,
                guint n, LescMatrix **out, GError **error)
{
  int fd = -1;
  g_autofree char *copy = lesc_mat_file_subset (f, vars, n, &fd, error);
  if (copy == NULL)
    return FALSE;
  gboolean ok = TRUE;
  G_LOCK (matio);
  Mat_LogInitFunc ("lesc", matio_log);
  matio_message[0] = '\0';
  mat_t *mat = Mat_Open (copy, MAT_ACC_RDONLY);
  if (mat == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: not a readable MAT v%d file%s%s",
                   path, lesc_mat_file_version (f), matio_message[0] ? ": " : "", matio_message);
      ok = FALSE;
    }
  for (guint k = 0; k < n && ok; k++)
    {
      const LescMatVariable *want = vars[k];
      matvar_t *v = Mat_VarReadNext (mat);
      size_t esize = v ? Mat_SizeOfClass (v->class_type) : 0;
      gsize rows = (gsize) want->rows, cols = (gsize) want->cols;
      if (v == NULL || v->rank != 2 || v->isComplex || !is_numeric_class (v->class_type)
          || v->dims[0] != rows || v->dims[1] != cols
          || (rows * cols > 0 && (v->data == NULL || v->nbytes < rows * cols * esize)))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: variable '%s' cannot be read (corrupt file%s%s)", path, want->name,
                       matio_message[0] ? ": " : "", matio_message);
          Mat_VarFree (v);
          ok = FALSE;
          break;
        }
      out[k] = lesc_matrix_try_new (rows, cols, error);
      if (out[k] != NULL)
        for (gsize e = 0; e < rows * cols; e++)
          out[k]->data[e] = element_as_double (v, e);
      ok = out[k] != NULL;
      Mat_VarFree (v);
    }
  if (mat != NULL)
    Mat_Close (mat);
  G_UNLOCK (matio);
  close (fd);
  return ok;
}

/* The label names when the file holds them (a checked text variable, read from a copy of
 * the file holding only it); NULL without an error when it holds none. */
static char **
read_label_names (const LescMatFile *f, const char *path, const LescMatVariable *nv, gsize o,
                  GError **error)
{
  if (!lesc_mat_file_check_text (f, nv, 65536, error))
    return NULL;
  int fd = -1;
  g_autofree char *copy = lesc_mat_file_subset (f, &nv, 1, &fd, error);
  if (copy == NULL)
    return NULL;
  char **names = NULL;
  G_LOCK (matio);
  Mat_LogInitFunc ("lesc", matio_log);
  matio_message[0] = '\0';
  mat_t *mat = Mat_Open (copy, MAT_ACC_RDONLY);
  matvar_t *v = mat != NULL ? Mat_VarReadNext (mat) : NULL;
  if (v == NULL)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: variable '%s' cannot be read%s%s", path,
                 nv->name, matio_message[0] ? ": " : "", matio_message);
  else
    names = lesc_mat_names_of (v, o, path, error);
  Mat_VarFree (v);
  if (mat != NULL)
    Mat_Close (mat);
  G_UNLOCK (matio);
  close (fd);
  return names;
}

LescMatrix *
lesc_mat_read_variable (const char *path, const char *const *names, GError **error)
{
  g_autoptr (LescMatFile) f = lesc_mat_file_open (path, error);
  if (f == NULL)
    return NULL;
  const LescMatVariable *v = find_variable (f, path, names, TRUE, error);
  LescMatrix *m = NULL;
  if (v != NULL && check_kind (path, v, error) && lesc_mat_file_check_variable (f, v, error))
    read_variables (f, path, &v, 1, &m, error);
  return m;
}

static gboolean
same_rows (const char *path, const LescMatVariable *a, const LescMatVariable *b, GError **error)
{
  if (b == NULL || a->rows == b->rows)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
               "%s: '%s' has %" G_GUINT64_FORMAT " rows but '%s' has %" G_GUINT64_FORMAT
               " (expected one row per sample in both)", path, a->name, a->rows, b->name, b->rows);
  return FALSE;
}

/* Say which variables of the file are not read (once, with the data set). */
static void
note_unused (LescDataset *ds, const LescMatFile *f, const char *path,
             const LescMatVariable *const *used, guint n_used)
{
  g_autoptr (GString) list = g_string_new (NULL);
  guint count = 0;
  for (guint k = 0; k < lesc_mat_file_n_variables (f); k++)
    {
      const LescMatVariable *v = lesc_mat_file_variable (f, k);
      gboolean is_used = FALSE;
      for (guint u = 0; u < n_used; u++)
        is_used = is_used || used[u] == v;
      if (!is_used)
        g_string_append_printf (list, "%s'%s'", count++ ? ", " : "", v->name);
    }
  if (count == 0)
    return;
  g_autofree char *read = NULL;
  {
    g_autoptr (GString) r = g_string_new (NULL);
    for (guint u = 0; u < n_used; u++)
      g_string_append_printf (r, "%s'%s'", u ? ", " : "", used[u]->name);
    read = g_string_free (g_steal_pointer (&r), FALSE);
  }
  lesc_dataset_add_note (ds, "%s: %s %s not used (read: %s; logical labels are read only from "
                         "'logicalLabel' or 'logical_label'%s)", path,
                         count == 1 ? "variable" : "variables", list->str, read,
                         ds->logical_from_file ? ""
                         : ", so here they are binarized from the distributions");
}

LescDataset *
lesc_dataset_load_mat (const char *path, GError **error)
{
  g_autoptr (LescMatFile) f = lesc_mat_file_open (path, error);
  if (f == NULL)
    return NULL;
  GError *local = NULL;
  const LescMatVariable *fv = find_variable (f, path, feature_names, TRUE, error);
  if (fv == NULL || !check_kind (path, fv, error))
    return NULL;
  const LescMatVariable *tv = find_variable (f, path, truth_names, FALSE, NULL);
  const LescMatVariable *lv = find_variable (f, path, logical_names, FALSE, NULL);
  if (tv == NULL && lv == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: no variable 'labels', 'labelDistribution' or 'label_distribution' "
                   "(nor 'logicalLabel' or 'logical_label'); expected the label distributions",
                   path);
      return NULL;
    }
  /* shapes first: nothing is inflated or read for a file whose shapes disagree */
  if ((tv != NULL && !check_kind (path, tv, error))
      || (lv != NULL && !check_kind (path, lv, error))
      || !same_rows (path, fv, tv, error) || !same_rows (path, fv, lv, error))
    return NULL;
  if (tv != NULL && lv != NULL && tv->cols != lv->cols)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: '%s' has %" G_GUINT64_FORMAT " columns but '%s' has %" G_GUINT64_FORMAT
                   " (expected one column per label in both)", path, tv->name, tv->cols,
                   lv->name, lv->cols);
      return NULL;
    }
  const LescMatVariable *used[3] = { fv };
  guint n_used = 1;
  if (tv != NULL)
    used[n_used++] = tv;
  if (lv != NULL)
    used[n_used++] = lv;
  for (guint k = 0; k < n_used; k++)
    if (!lesc_mat_file_check_variable (f, used[k], error))
      return NULL;
  LescMatrix *m[3] = { NULL, NULL, NULL };
  if (!read_variables (f, path, used, n_used, m, &local))
    {
      for (guint k = 0; k < 3; k++)
        lesc_matrix_free (m[k]);
      g_propagate_error (error, local);
      return NULL;
    }
  const LescMatVariable *nv = find_variable (f, path, lesc_mat_label_name_variables, FALSE, NULL);
  char **label_names = NULL;
  if (nv != NULL)
    {
      label_names = read_label_names (f, path, nv, (gsize) (tv != NULL ? tv->cols : lv->cols), &local);
      if (local != NULL)
        {
          for (guint k = 0; k < 3; k++)
            lesc_matrix_free (m[k]);
          g_propagate_error (error, local);
          return NULL;
        }
    }
  g_autofree char *name = lesc_dataset_name_from_path (path);
  LescDataset *ds = lesc_dataset_new (name, m[0], tv ? m[1] : NULL, lv ? m[n_used - 1] : NULL);
  ds->source = g_strdup (path);
  ds->label_names = label_names;
  const LescMatVariable *all_used[4] = { used[0], n_used > 1 ? used[1] : NULL, n_used > 2 ? used[2] : NULL, NULL };
  all_used[n_used] = nv;
  note_unused (ds, f, path, all_used, n_used + (nv != NULL));
  return ds;
}
