/* Geng-format MATLAB files, read and written with matio (MAT v5, and v7.3 through matio's
 * HDF5 support).
 *
 * Variables are found by name, not position: `features`; the truth as `labels`,
 * `labelDistribution` or `label_distribution`; logical labels as `logicalLabel` or
 * `logical_label` when present (dataset.h); at least one of the two. Any real numeric
 * storage class (double, single, int8…uint64, logical) is converted to double (the official
 * *_binary.mat store logical labels as uint8 data of class double). A truncated or damaged
 * v5 file is refused before matio reads it (check_mat_file), and a variable's shape is
 * checked against the memory limit before its data are read. */
#include "core/data/matfile.h"
#include "core/base/error.h"
#include "core/data/validate.h"

#include "core/base/output.h"

#include <glib/gstdio.h>
#include <hdf5.h>
#include <matio.h>
#include <zlib.h>
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

static guint32
read_u32 (const guchar *p, gboolean swap)
{
  guint32 v;
  memcpy (&v, p, 4);
  return swap ? GUINT32_SWAP_LE_BE (v) : v;
}

/* Inflate a miCOMPRESSED element to nowhere: zlib's Adler-32 check catches corrupt bytes
 * that matio would turn into wrong numbers silently. */
static gboolean
check_compressed (const char *path, guint k, gsize offset, const guchar *data, guint32 nbytes,
                  GError **error)
{
  z_stream z = { 0 };
  if (inflateInit (&z) != Z_OK)
    g_error ("zlib: inflateInit failed");
  g_autofree guchar *sink = g_malloc (1 << 16);
  z.next_in = (guchar *) data;
  z.avail_in = nbytes;
  int rc;
  do
    {
      z.next_out = sink;
      z.avail_out = 1 << 16;
      rc = inflate (&z, Z_NO_FLUSH);
    }
  while (rc == Z_OK);
  g_autofree char *msg = g_strdup (z.msg ? z.msg : "");
  inflateEnd (&z);
  if (rc == Z_STREAM_END)
    return TRUE;
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
               "%s: variable %u (at byte %zu) has corrupt compressed data (%s; truncated or "
               "damaged file)", path, k, offset,
               rc == Z_BUF_ERROR ? "the stream ends early" : *msg ? msg : "zlib error");
  return FALSE;
}

/* Cheap checks before matio sees the file: a MAT v5 header (not v4, not v7.3/HDF5), a
 * known byte order, top-level elements that are matrices lying wholly inside the file,
 * and compressed elements that inflate without error. A truncated or damaged file then
 * fails here with a clear message instead of loading wrong numbers. */
static gboolean
check_mat_file (const char *path, GError **error)
{
  GError *local = NULL;
  g_autoptr (GMappedFile) file = g_mapped_file_new (path, FALSE, &local);
  if (file == NULL)
    {
      lesc_set_io_error (error, path, "read", local);
      g_error_free (local);
      return FALSE;
    }
  const guchar *d = (const guchar *) g_mapped_file_get_contents (file);
  gsize len = g_mapped_file_get_length (file);
  if (len < 128 || memcmp (d, "MATLAB", 6) != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: not a MATLAB .mat file (expected a 128-byte 'MATLAB 5.0 MAT-file' header)", path);
      return FALSE;
    }
  if (memcmp (d, "MATLAB 7.3", 10) == 0)
    {
      /* an HDF5 file behind a 512-byte user block: matio reads it through HDF5 */
      static const guchar hdf5[8] = { 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n' };
      if (len >= 520 && memcmp (d + 512, hdf5, sizeof hdf5) == 0)
        return TRUE;
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: a MAT v7.3 header without the HDF5 signature at byte 512 (truncated "
                   "or damaged file)", path);
      return FALSE;
    }
  gboolean swap;
  if (d[126] == 'I' && d[127] == 'M')
    swap = G_BYTE_ORDER != G_LITTLE_ENDIAN;
  else if (d[126] == 'M' && d[127] == 'I')
    swap = G_BYTE_ORDER == G_LITTLE_ENDIAN;
  else
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: corrupt MAT header (no 'IM'/'MI' byte-order mark at byte 126)", path);
      return FALSE;
    }
  if (len == 128)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: holds no variables (only the 128-byte header; truncated file?)", path);
      return FALSE;
    }
  gsize p = 128;
  for (guint k = 1; p < len; k++)
    {
      if (len - p < 8)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: ends inside the tag of variable %u (truncated file)", path, k);
          return FALSE;
        }
      guint32 type = read_u32 (d + p, swap), nbytes = read_u32 (d + p + 4, swap);
      if (type != MAT_T_MATRIX && type != MAT_T_COMPRESSED)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: variable %u (at byte %zu) has element type %u, expected a matrix "
                       "(corrupt file)", path, k, p, type);
          return FALSE;
        }
      if (nbytes > len - p - 8)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: variable %u (at byte %zu) needs %u bytes but only %zu remain "
                       "(truncated file)", path, k, p, nbytes, len - p - 8);
          return FALSE;
        }
      if (type == MAT_T_COMPRESSED && !check_compressed (path, k, p, d + p + 8, nbytes, error))
        return FALSE;
      p += 8 + (gsize) nbytes;
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
          g_autoptr (GString) held = g_string_new (NULL);
          for (size_t k = 0; k < ndir; k++)
            g_string_append_printf (held, "%s'%s'", k ? ", " : "", dir[k] ? dir[k] : "?");
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: no variable '%s' (the file holds %s%s)", path, wanted,
                       ndir ? "" : "no variables", held->str);
        }
      return NULL;
    }
  *which = name;
  matio_message[0] = '\0';
  matvar_t *info = Mat_VarReadInfo (mat, name);
  if (info != NULL && info->rank == 2)
    {
      g_autofree char *what = g_strdup_printf ("%s: variable '%s' (%zu×%zu)", path, name,
                                               info->dims[0], info->dims[1]);
      gboolean fits = lesc_dataset_check_bytes (what, 8.0 * (double) info->dims[0]
                                                        * (double) info->dims[1], error);
      Mat_VarFree (info);
      if (!fits)
        return NULL;
    }
  else
    Mat_VarFree (info);
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

LescMatrix *
lesc_mat_read_variable (const char *path, const char *const *names, GError **error)
{
  if (!check_mat_file (path, error))
    return NULL;
  G_LOCK (matio);
  quiet_libraries ();
  LescMatrix *m = NULL;
  const char *which = NULL;
  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  if (mat == NULL)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: not a readable MAT file%s%s",
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
  if (!check_mat_file (path, error))
    return NULL;

  G_LOCK (matio);
  quiet_libraries ();
  LescMatrix *features = NULL, *truth = NULL, *logical = NULL;
  const char *fname = NULL, *tname = NULL, *lname = NULL;
  LescDataset *ds = NULL;

  mat_t *mat = Mat_Open (path, MAT_ACC_RDONLY);
  if (mat == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: not a readable MAT file%s%s",
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
  ds = lesc_dataset_from_variables (path, features, fname, truth, tname, logical, lname, error);
  features = truth = logical = NULL;

out:
  if (mat != NULL)
    Mat_Close (mat);
  G_UNLOCK (matio);
  lesc_matrix_free (features);
  lesc_matrix_free (truth);
  lesc_matrix_free (logical);
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
