/* Geng-format MATLAB files, read and written with matio.
 *
 * Variables are found by name, not position: `features`; the truth as `labels`,
 * `labelDistribution` or `label_distribution`; logical labels as `logicalLabel` or
 * `logical_label` (dataset.h); at least one of the two. Any real numeric storage class
 * (double, single, int8…uint64, logical) is converted to double (the official
 * *_binary.mat store logical labels as uint8 data of class double). MAT v5 and v4 files:
 * every size the file states is checked first (matcheck.h): shapes agree and fit the
 * memory limit before anything is inflated, and matio reads a copy holding only the
 * checked variables. MAT v7.3 files are HDF5, which matio reads through the HDF5 library:
 * their directory comes from matio (names, classes, dimensions), shapes and sizes are
 * checked against it before any data are read, and HDF5's own error printing is silenced.
 * Variables not read are named in a note. */
#include "core/data/matfile.h"
#include "core/data/matnames.h"
#include "core/base/error.h"
#include "core/data/input.h"
#include "core/data/mat73.h"
#include "core/data/matcheck.h"
#include "core/data/validate.h"
#include "core/base/output.h"

#include <glib/gstdio.h>
#include <hdf5.h>
#include <matio.h>
#include <string.h>
#include <unistd.h>

static const char *const *const feature_names = lesc_dataset_feature_names;
static const char *const *const truth_names = lesc_dataset_truth_names;
static const char *const *const logical_names = lesc_dataset_logical_names;
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

/* Under the matio lock: matio's messages into matio_message, and HDF5 (v7.3 files) quiet:
 * by default it prints an error stack on stderr for every damaged file. */
static void
quiet_libraries (void)
{
  Mat_LogInitFunc ("lesc", matio_log);
  H5Eset_auto2 (H5E_DEFAULT, NULL, NULL);
  matio_message[0] = '\0';
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
    case MAT_C_EMPTY: return "of no class MATLAB knows (no MATLAB_class attribute)";
    default: return "numeric";
    }
}

/* ---- the file's directory: checked by matcheck.c (v4, v5), or read by matio (v7.3) ---- */

typedef struct {
  const char *path;
  LescMatFile *f;     /* v4, v5 */
  GArray *v73;        /* v7.3: LescMatVariable entries from matio's directory */
} Source;

static void
source_clear (Source *s)
{
  g_clear_pointer (&s->f, lesc_mat_file_free);
  if (s->v73 != NULL)
    g_array_unref (s->v73);
  s->v73 = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Source, source_clear)

static guint
source_n (const Source *s)
{
  return s->f ? lesc_mat_file_n_variables (s->f) : s->v73->len;
}

static const LescMatVariable *
source_variable (const Source *s, guint k)
{
  return s->f ? lesc_mat_file_variable (s->f, k) : &g_array_index (s->v73, LescMatVariable, k);
}

gboolean
lesc_mat_starts_with (const char *path, const char *text)
{
  char head[32] = { 0 };
  gsize n = MIN (strlen (text), sizeof head);
  FILE *fp = fopen (path, "rb");
  gboolean yes = fp != NULL && fread (head, 1, n, fp) == n && memcmp (head, text, n) == 0;
  if (fp != NULL)
    fclose (fp);
  return yes;
}

static gboolean
is_v73 (const char *path)
{
  return lesc_mat_starts_with (path, "MATLAB 7.3");
}

static void
variable_clear (gpointer p)
{
  g_free (((LescMatVariable *) p)->name);
}

/* The variables of an HDF5 (v7.3) file as matio describes them, data not read. */
static GArray *
v73_directory (const char *path, GError **error)
{
  static const guchar hdf5[8] = { 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n' };
  guchar sig[8] = { 0 };
  FILE *fp = fopen (path, "rb");
  gboolean signed_ok = fp != NULL && fseek (fp, 512, SEEK_SET) == 0
                       && fread (sig, 1, 8, fp) == 8 && memcmp (sig, hdf5, 8) == 0;
  if (fp != NULL)
    fclose (fp);
  if (!signed_ok)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: a MAT v7.3 header without the HDF5 signature at byte 512 (truncated "
                   "or damaged file)", path);
      return NULL;
    }
  GArray *vars = g_array_new (FALSE, TRUE, sizeof (LescMatVariable));
  g_array_set_clear_func (vars, variable_clear);
  G_LOCK (matio);
  quiet_libraries ();
  /* bounded before matio believes the sizes the file states (mat73.h) */
  if (!lesc_mat73_check (path, error))
    {
      G_UNLOCK (matio);
      g_array_unref (vars);
      return NULL;
    }
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  matvar_t *v;
  while (mat != NULL && (v = Mat_VarReadNextInfo (mat)) != NULL)
    {
      LescMatVariable e = { .name = g_strdup (v->name ? v->name : "?"), .index = vars->len + 1,
                            .klass = v->class_type, .complex = v->isComplex,
                            .rank = (guint) MAX (v->rank, 0) };
      if (e.klass == MAT_C_EMPTY && v->name != NULL)
        e.klass = lesc_mat73_numeric_class (path, v->name); /* h5py's NULLPAD class */
      e.rows = v->rank >= 1 ? v->dims[0] : 0;
      e.cols = v->rank >= 2 ? v->dims[1] : 1;
      e.elements = 1;
      for (int d = 0; d < v->rank; d++)
        e.elements = v->dims[d] != 0 && e.elements > G_MAXUINT64 / v->dims[d]
                       ? G_MAXUINT64 : e.elements * v->dims[d];
      g_array_append_val (vars, e);
      Mat_VarFree (v);
    }
  if (mat != NULL)
    Mat_Close (mat);
  g_autofree char *message = g_strdup (matio_message);
  G_UNLOCK (matio);
  if (vars->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: holds no readable variables (a truncated or damaged MAT v7.3 file%s%s)",
                   path, *message ? ": " : "", message);
      g_array_unref (vars);
      return NULL;
    }
  return vars;
}

static gboolean
source_open (Source *s, const char *path, GError **error)
{
  s->path = path;
  if (!lesc_input_check (path, FALSE, error))
    return FALSE;
  if (is_v73 (path))
    return (s->v73 = v73_directory (path, error)) != NULL;
  return (s->f = lesc_mat_file_open (path, error)) != NULL;
}

/* v7.3: what matcheck.c's full check does for v5 that applies to HDF5 — the memory limit,
 * from the dimensions, before anything is read */
static gboolean
source_check_variable (const Source *s, const LescMatVariable *v, GError **error)
{
  if (s->f != NULL)
    return lesc_mat_file_check_variable (s->f, v, error);
  g_autofree char *what = g_strdup_printf ("%s: variable '%s' (%" G_GUINT64_FORMAT "×%"
                                           G_GUINT64_FORMAT ")", s->path, v->name, v->rows,
                                           v->cols);
  return lesc_dataset_check_bytes (what, 16.0 * (double) v->elements, error);
}

/* The first of `names` in the file, or NULL; LESC_ERROR_FORMAT listing what the file
 * holds when none is and `required`. */
static const LescMatVariable *
find_variable (const Source *f, const char *path, const char *const *names,
               gboolean required, GError **error)
{
  for (const char *const *p = names; *p != NULL; p++)
    for (guint k = 0; k < source_n (f); k++)
      if (strcmp (source_variable (f, k)->name, *p) == 0)
        return source_variable (f, k);
  if (required)
    {
      g_autofree char *wanted = g_strjoinv ("' or '", (char **) names);
      g_autoptr (GString) held = g_string_new (NULL);
      for (guint k = 0; k < source_n (f); k++)
        g_string_append_printf (held, "%s'%s'", k ? ", " : "", source_variable (f, k)->name);
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

/* `v` as read by matio, if it is what the directory said `want` is, as doubles. */
static gboolean
to_matrix (const char *path, const LescMatVariable *want, const matvar_t *v, LescMatrix **out,
           GError **error)
{
  size_t esize = v ? Mat_SizeOfClass (v->class_type) : 0;
  gsize rows = (gsize) want->rows, cols = (gsize) want->cols;
  if (v == NULL || v->rank != 2 || v->isComplex || !is_numeric_class (v->class_type)
      || v->dims[0] != rows || v->dims[1] != cols
      || (rows * cols > 0 && (v->data == NULL || v->nbytes < rows * cols * esize)))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: variable '%s' cannot be read (corrupt file%s%s)", path, want->name,
                   matio_message[0] ? ": " : "", matio_message);
      return FALSE;
    }
  *out = lesc_matrix_try_new (rows, cols, error);
  if (*out != NULL)
    for (gsize e = 0; e < rows * cols; e++)
      (*out)->data[e] = element_as_double (v, e);
  return *out != NULL;
}

/* Read the checked variables `vars` with matio as double matrices (`out[k]` for
 * `vars[k]`): v4/v5 from a copy of the file holding only them, v7.3 by name. */
static gboolean
read_variables (const Source *s, const char *path, const LescMatVariable *const *vars,
                guint n, LescMatrix **out, GError **error)
{
  int fd = -1;
  g_autofree char *copy = s->f ? lesc_mat_file_subset (s->f, vars, n, &fd, error)
                               : g_strdup (path);
  if (copy == NULL)
    return FALSE;
  gboolean ok = TRUE;
  G_LOCK (matio);
  quiet_libraries ();
  mat_t *mat = Mat_Open (copy, MAT_ACC_RDONLY);
  if (mat == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: not a readable MAT %s file%s%s",
                   path, s->f == NULL ? "v7.3" : lesc_mat_file_version (s->f) == 4 ? "v4" : "v5",
                   matio_message[0] ? ": " : "", matio_message);
      ok = FALSE;
    }
  for (guint k = 0; k < n && ok; k++)
    {
      matvar_t *v = s->f ? Mat_VarReadNext (mat) : Mat_VarRead (mat, vars[k]->name);
      if (s->f == NULL && (v == NULL || v->class_type == MAT_C_EMPTY))
        out[k] = lesc_mat73_read (path, vars[k]->name, vars[k]->rows, vars[k]->cols, error),
        ok = out[k] != NULL; /* classed by mat73.c: matio does not read it */
      else
        ok = to_matrix (path, vars[k], v, &out[k], error);
      Mat_VarFree (v);
    }
  if (mat != NULL)
    Mat_Close (mat);
  G_UNLOCK (matio);
  if (fd >= 0)
    close (fd);
  return ok;
}

/* v7.3: label names are a char matrix or a cell array of char vectors of at most
 * `max_chars` characters in all, judged from matio's description before the data are read. */
static gboolean
v73_check_text (const char *path, mat_t *mat, const LescMatVariable *nv, guint64 max_chars,
                GError **error)
{
  matvar_t *info = Mat_VarReadInfo (mat, nv->name);
  guint64 chars = 0;
  gboolean ok = info != NULL && (info->class_type == MAT_C_CHAR || info->class_type == MAT_C_CELL);
  if (ok && info->class_type == MAT_C_CHAR)
    chars = nv->elements;
  else if (ok)
    {
      size_t cells = info->nbytes / sizeof (matvar_t *);
      matvar_t **cell = info->data;
      ok = cell != NULL || cells == 0;
      for (size_t k = 0; ok && k < cells; k++)
        {
          guint64 e = 1;
          ok = cell[k] != NULL && cell[k]->class_type == MAT_C_CHAR;
          for (int d = 0; ok && d < cell[k]->rank; d++)
            e = cell[k]->dims[d] != 0 && e > G_MAXUINT64 / cell[k]->dims[d] ? G_MAXUINT64
                                                                            : e * cell[k]->dims[d];
          chars = ok && chars + e >= chars ? chars + e : G_MAXUINT64;
        }
    }
  Mat_VarFree (info);
  if (!ok)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: variable '%s' must be text (a char matrix or a cell array of strings)",
                 path, nv->name);
  else if (chars > max_chars)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                 "%s: variable '%s' holds %" G_GUINT64_FORMAT " characters, more than the %"
                 G_GUINT64_FORMAT " label names may", path, nv->name, chars, max_chars);
  return ok && chars <= max_chars;
}

/* The label names when the file holds them (a checked text variable; v4/v5 read from a copy
 * of the file holding only it); NULL without an error when it holds none. */
static char **
read_label_names (const Source *f, const char *path, const LescMatVariable *nv, gsize o,
                  GError **error)
{
  if (f->f != NULL && !lesc_mat_file_check_text (f->f, nv, 65536, error))
    return NULL;
  int fd = -1;
  g_autofree char *copy = f->f != NULL ? lesc_mat_file_subset (f->f, &nv, 1, &fd, error)
                                       : g_strdup (path);
  if (copy == NULL)
    return NULL;
  char **names = NULL;
  G_LOCK (matio);
  quiet_libraries ();
  mat_t *mat = Mat_Open (copy, MAT_ACC_RDONLY);
  matvar_t *v = NULL;
  gboolean checked = mat != NULL && (f->f != NULL || v73_check_text (path, mat, nv, 65536, error));
  if (checked)
    v = f->f != NULL ? Mat_VarReadNext (mat) : Mat_VarRead (mat, nv->name);
  if (v == NULL && (error == NULL || *error == NULL))
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: variable '%s' cannot be read%s%s", path,
                 nv->name, matio_message[0] ? ": " : "", matio_message);
  else if (v != NULL)
    names = lesc_mat_names_of (v, o, path, error);
  Mat_VarFree (v);
  if (mat != NULL)
    Mat_Close (mat);
  G_UNLOCK (matio);
  if (fd >= 0)
    close (fd);
  return names;
}

LescMatrix *
lesc_mat_read_variable (const char *path, const char *const *names, GError **error)
{
  g_auto (Source) f = { 0 };
  if (!source_open (&f, path, error))
    return NULL;
  const LescMatVariable *v = find_variable (&f, path, names, TRUE, error);
  LescMatrix *m = NULL;
  if (v != NULL && check_kind (path, v, error) && source_check_variable (&f, v, error))
    read_variables (&f, path, &v, 1, &m, error);
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
note_unused (LescDataset *ds, const Source *f, const char *path,
             const LescMatVariable *const *used, guint n_used)
{
  g_autoptr (GString) list = g_string_new (NULL);
  guint count = 0;
  for (guint k = 0; k < source_n (f); k++)
    {
      const LescMatVariable *v = source_variable (f, k);
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
  g_auto (Source) src = { 0 };
  if (!source_open (&src, path, error))
    return NULL;
  const Source *f = &src;
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
                   "(nor 'logicalLabel' or 'logical_label'); expected the label distributions "
                   "or the logical labels", path);
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
    if (!source_check_variable (f, used[k], error))
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
/* A char row vector; ASCII text is stored as MATLAB's 16-bit characters would read back. */
static matvar_t *
text_variable (const char *name, const char *text)
{
  size_t dims[2] = { 1, strlen (text) };
  return Mat_VarCreate (name, MAT_C_CHAR, MAT_T_UTF8, 2, dims, (void *) text, 0);
}

static gboolean
write_variables (const char *tmp, const char *name, const LescMatrix *m,
                 const char *settings_name, const char *settings)
{
  mat_t *mat = Mat_CreateVer (tmp, NULL, MAT_FT_MAT5);
  if (mat == NULL)
    return FALSE;
  size_t dims[2] = { m->rows, m->cols };
  matvar_t *v = Mat_VarCreate (name, MAT_C_DOUBLE, MAT_T_DOUBLE, 2, dims, m->data, MAT_F_DONT_COPY_DATA);
  gboolean ok = v != NULL && Mat_VarWrite (mat, v, MAT_COMPRESSION_ZLIB) == 0;
  Mat_VarFree (v);
  if (ok && settings != NULL)
    {
      v = text_variable (settings_name, settings);
      ok = v != NULL && Mat_VarWrite (mat, v, MAT_COMPRESSION_NONE) == 0;
      Mat_VarFree (v);
    }
  return Mat_Close (mat) == 0 && ok;
}

gboolean
lesc_mat_write (const char *path, const char *name, const LescMatrix *m,
                const char *settings_name, const char *settings, GError **error)
{
  /* matio writes only to a path of its own: a private temporary file, whose bytes then go
   * through the one writer (atomic replace, no partial output at `path`) */
  GError *local = NULL;
  char *tmp = NULL;
  int fd = g_file_open_tmp ("lesc-XXXXXX.mat", &tmp, &local);
  if (fd < 0)
    {
      lesc_set_io_error (error, path, "write (no temporary file)", local);
      g_error_free (local);
      return FALSE;
    }
  close (fd);
  G_LOCK (matio);
  quiet_libraries ();
  gboolean ok = write_variables (tmp, name, m, settings_name, settings);
  g_autofree char *message = g_strdup (matio_message);
  G_UNLOCK (matio);
  g_autofree char *bytes = NULL;
  gsize length = 0;
  if (!ok)
    g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot write: matio failed%s%s", path,
                 *message ? ": " : "", message);
  else if (!g_file_get_contents (tmp, &bytes, &length, &local))
    {
      ok = FALSE;
      lesc_set_io_error (error, path, "write", local);
      g_error_free (local);
    }
  g_unlink (tmp);
  g_free (tmp);
  return ok && lesc_output_write (path, bytes, length, error);
}
