/* Helpers for tests that build small input files: a temporary folder removed at the end,
 * text files, and .mat files written with matio. */
#pragma once
#include "core/base/error.h"
#include "core/numeric/matrix.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <matio.h>
#include <string.h>

/* A fresh folder under the temporary directory. */
static inline char *
lesc_test_tmpdir (void)
{
  GError *error = NULL;
  char *dir = g_dir_make_tmp ("lesc-test-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

/* Remove `dir` and the files in it (tests make flat folders). */
static inline void
lesc_test_rmdir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *entry;
  while (d != NULL && (entry = g_dir_read_name (d)) != NULL)
    {
      char *path = g_build_filename (dir, entry, NULL);
      g_chmod (path, 0600);
      g_remove (path);
      g_free (path);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (dir);
}

/* dir/name holding `text`; returns the path. */
static inline char *
lesc_test_write_text (const char *dir, const char *name, const char *text)
{
  char *path = g_build_filename (dir, name, NULL);
  GError *error = NULL;
  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* dir/name holding the first `length` bytes of `source` (length 0: all of them), with
 * `flip` (when non-zero) XOR-ed into the byte at `flip_at`. */
static inline char *
lesc_test_copy_bytes (const char *source, const char *dir, const char *name, gsize length,
                      gsize flip_at, guchar flip)
{
  char *data = NULL;
  gsize size = 0;
  GError *error = NULL;
  g_file_get_contents (source, &data, &size, &error);
  g_assert_no_error (error);
  if (length == 0 || length > size)
    length = size;
  if (flip != 0)
    {
      g_assert_cmpuint (flip_at, <, length);
      data[flip_at] ^= (char) flip;
    }
  char *path = g_build_filename (dir, name, NULL);
  g_file_set_contents (path, data, (gssize) length, &error);
  g_assert_no_error (error);
  g_free (data);
  return path;
}

/* One variable of a test .mat file: a double matrix, stored as `type` (MAT_T_DOUBLE,
 * MAT_T_SINGLE, MAT_T_INT8 … MAT_T_UINT64: the values are converted) with class `klass`;
 * `logical` sets MATLAB's logical flag (class uint8). */
typedef struct {
  const char *name;
  const LescMatrix *m;
  enum matio_types type;   /* 0: MAT_T_DOUBLE */
  enum matio_classes klass; /* 0: the class of `type` (MAT_C_DOUBLE for MAT_T_DOUBLE, …) */
  gboolean logical;
} LescTestVar;

static inline enum matio_classes
lesc_test_class_of (enum matio_types type)
{
  switch (type)
    {
    case MAT_T_SINGLE: return MAT_C_SINGLE;
    case MAT_T_INT8: return MAT_C_INT8;
    case MAT_T_UINT8: return MAT_C_UINT8;
    case MAT_T_INT16: return MAT_C_INT16;
    case MAT_T_UINT16: return MAT_C_UINT16;
    case MAT_T_INT32: return MAT_C_INT32;
    case MAT_T_UINT32: return MAT_C_UINT32;
    case MAT_T_INT64: return MAT_C_INT64;
    case MAT_T_UINT64: return MAT_C_UINT64;
    default: return MAT_C_DOUBLE;
    }
}

/* Write `vars` to dir/name with matio as `version` (MAT_FT_MAT5 or MAT_FT_MAT73); returns
 * the path. */
static inline char *
lesc_test_write_mat_version (const char *dir, const char *name, const LescTestVar *vars,
                             guint n, gboolean compress, enum mat_ft version)
{
  char *path = g_build_filename (dir, name, NULL);
  mat_t *mat = Mat_CreateVer (path, NULL, version);
  g_assert_nonnull (mat);
  for (guint k = 0; k < n; k++)
    {
      const LescMatrix *m = vars[k].m;
      enum matio_types type = vars[k].type ? vars[k].type : MAT_T_DOUBLE;
      enum matio_classes klass = vars[k].klass ? vars[k].klass : lesc_test_class_of (type);
      gsize count = m->rows * m->cols;
      gsize esize = Mat_SizeOf (type);
      guchar *data = g_malloc0 (MAX (count, 1) * esize);
      for (gsize e = 0; e < count; e++)
        {
          double v = m->data[e];
          union { gint8 i8; guint8 u8; gint16 i16; guint16 u16; gint32 i32; guint32 u32;
                  gint64 i64; guint64 u64; float f; double d; } u;
          switch (type)
            {
            case MAT_T_SINGLE: u.f = (float) v; break;
            case MAT_T_INT8: u.i8 = (gint8) v; break;
            case MAT_T_UINT8: u.u8 = (guint8) v; break;
            case MAT_T_INT16: u.i16 = (gint16) v; break;
            case MAT_T_UINT16: u.u16 = (guint16) v; break;
            case MAT_T_INT32: u.i32 = (gint32) v; break;
            case MAT_T_UINT32: u.u32 = (guint32) v; break;
            case MAT_T_INT64: u.i64 = (gint64) v; break;
            case MAT_T_UINT64: u.u64 = (guint64) v; break;
            default: u.d = v; break;
            }
          memcpy (data + e * esize, &u, esize);
        }
      size_t dims[2] = { m->rows, m->cols };
      matvar_t *v = Mat_VarCreate (vars[k].name, klass, type, 2, dims, data,
                                   vars[k].logical ? MAT_F_LOGICAL : 0);
      g_assert_nonnull (v);
      g_assert_cmpint (Mat_VarWrite (mat, v, compress ? MAT_COMPRESSION_ZLIB : MAT_COMPRESSION_NONE),
                       ==, 0);
      Mat_VarFree (v);
      g_free (data);
    }
  Mat_Close (mat);
  return path;
}

/* Write `vars` to dir/name as a MAT v5 file with matio; returns the path. */
static inline char *
lesc_test_write_mat (const char *dir, const char *name, const LescTestVar *vars, guint n,
                     gboolean compress)
{
  return lesc_test_write_mat_version (dir, name, vars, n, compress, MAT_FT_MAT5);
}

/* An n×c table of label distributions: row i puts 0.6 on label i mod c, the rest evenly. */
static inline LescMatrix *
lesc_test_distributions (gsize n, gsize c)
{
  LescMatrix *y = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < c; j++)
      LESC_AT (y, i, j) = j == i % c ? 0.6 : 0.4 / (double) (c - 1);
  return y;
}

/* An n×q table of distinct features: x_ij = i + j / 10. */
static inline LescMatrix *
lesc_test_features (gsize n, gsize q)
{
  LescMatrix *x = lesc_matrix_new (n, q);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < q; j++)
      LESC_AT (x, i, j) = (double) i + (double) j / 10.0;
  return x;
}

/* Assert that `error` is (domain LESC_ERROR, `code`) and its message holds every one of
 * the NULL-terminated strings. */
static inline void
lesc_test_assert_error (const GError *error, int code, ...)
{
  g_assert_nonnull (error);
  g_test_message ("error: %s", error->message);
  g_assert_true (error->domain == LESC_ERROR);
  g_assert_cmpint (error->code, ==, code);
  va_list ap;
  va_start (ap, code);
  const char *s;
  while ((s = va_arg (ap, const char *)) != NULL)
    if (strstr (error->message, s) == NULL)
      g_error ("expected '%s' in the message: %s", s, error->message);
  va_end (ap);
}
