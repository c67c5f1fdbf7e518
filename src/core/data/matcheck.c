/* The structure of a MATLAB file, checked before matio reads it (see matcheck.h; the
 * rules are listed in docs/files.md).
 *
 * MAT v5: a 128-byte header, then top-level elements (tag: type, size). Each is a matrix
 * (miMATRIX) or a zlib stream holding one (miCOMPRESSED). A matrix is a sequence of
 * sub-elements: array flags, dimensions, name, then the data (for numeric classes: the
 * real part, optionally the imaginary part). A sub-element of at most 4 bytes may use the
 * "small" form: size and type in one 32-bit word, the data in the next 4 bytes. Every
 * sub-element is padded to 8 bytes. MAT v4: a sequence of variables, each a 20-byte
 * header (type, rows, columns, imaginary flag, name length), the name, the data. */
#define _GNU_SOURCE /* memfd_create */
#include "core/data/matcheck.h"
#include "core/data/validate.h"
#include "core/base/error.h"

#include <matio.h>
#include <zlib.h>
#include <errno.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

/* MATLAB names have at most 63 characters; anything much longer is a damaged length. */
#define NAME_MAX_BYTES 4096
/* More dimensions than this is a damaged length, not an array. */
#define RANK_MAX 1024
/* deflate's best case: 258 bytes from 2 bits, about 1032:1. A compressed element that
 * declares more than this many inflated bytes per compressed byte cannot be true. */
#define DEFLATE_MAX_RATIO 1033
#define SINK_BYTES (1 << 16)

struct _LescMatFile {
  char *path;
  GMappedFile *map;
  const guchar *d;
  gsize len;
  int version;
  gboolean swap;
  GArray *vars; /* LescMatVariable */
};

static guint32
u32 (const guchar *p, gboolean swap)
{
  guint32 v;
  memcpy (&v, p, 4);
  return swap ? GUINT32_SWAP_LE_BE (v) : v;
}

static guint64
round8 (guint64 n)
{
  return (n + 7) & ~(guint64) 7;
}

/* "PATH: variable K ('NAME', at byte P) WHAT" */
static gboolean G_GNUC_PRINTF (4, 5)
refuse (const LescMatFile *f, const LescMatVariable *v, GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *what = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  const char *v4 = f->version == 4 ? "MAT v4 file: " : "";
  if (v->name != NULL)
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %svariable %u ('%s', at byte %zu) %s",
                 f->path, v4, v->index, v->name, v->offset, what);
  else
    g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %svariable %u (at byte %zu) %s",
                 f->path, v4, v->index, v->offset, what);
  return FALSE;
}

/* A name up to its first NUL, bytes outside printable ASCII shown as '?' (it is quoted
 * in messages and compared with ASCII names only). */
static char *
printable_name (const guchar *p, gsize n)
{
  const guchar *nul = memchr (p, 0, n);
  if (nul != NULL)
    n = (gsize) (nul - p);
  char *s = g_malloc (n + 1);
  for (gsize k = 0; k < n; k++)
    s[k] = p[k] >= 0x20 && p[k] < 0x7f ? (char) p[k] : '?';
  s[n] = '\0';
  return s;
}

/* ---- reading an element's bytes: straight from the file, or inflated ---- */

typedef struct {
  const LescMatFile *f;
  const LescMatVariable *v;
  const guchar *p;   /* plain: the next byte */
  gsize avail;       /* plain: bytes left in the element */
  gboolean zlib, ended;
  z_stream z;
  guchar *sink;      /* zlib: where skipped bytes go */
} Source;

static void
source_init (Source *s, const LescMatFile *f, const LescMatVariable *v)
{
  memset (s, 0, sizeof *s);
  s->f = f;
  s->v = v;
  const guchar *body = f->d + v->offset + 8;
  gsize size = v->length - 8;
  if (v->compressed)
    {
      s->zlib = TRUE;
      if (inflateInit (&s->z) != Z_OK)
        g_error ("zlib: inflateInit failed");
      s->z.next_in = (guchar *) body;
      s->z.avail_in = (uInt) size;
    }
  else
    {
      s->p = body;
      s->avail = size;
    }
}

static void
source_clear (Source *s)
{
  if (s->zlib)
    inflateEnd (&s->z);
  g_clear_pointer (&s->sink, g_free);
}

static gboolean
zlib_failed (Source *s, int rc, GError **error)
{
  return refuse (s->f, s->v, error, "has corrupt compressed data (%s; truncated or damaged file)",
                 rc == Z_BUF_ERROR ? "the stream ends early"
                 : s->z.msg != NULL && *s->z.msg ? s->z.msg : "zlib error");
}

/* Inflate until `n` bytes are out (into `buf`, or into the sink when `buf` is NULL). */
static gboolean
source_inflate (Source *s, guchar *buf, guint64 n, GError **error)
{
  if (buf == NULL && s->sink == NULL)
    s->sink = g_malloc (SINK_BYTES);
  while (n > 0)
    {
      uInt chunk = (uInt) (buf != NULL ? MIN (n, G_MAXUINT) : MIN (n, SINK_BYTES));
      s->z.next_out = buf != NULL ? buf : s->sink;
      s->z.avail_out = chunk;
      while (s->z.avail_out > 0)
        {
          if (s->ended)
            return refuse (s->f, s->v, error, "inflates to fewer bytes than it declares "
                           "(truncated or damaged file)");
          int rc = inflate (&s->z, Z_NO_FLUSH);
          if (rc == Z_STREAM_END)
            s->ended = TRUE;
          else if (rc != Z_OK)
            return zlib_failed (s, rc, error);
        }
      n -= chunk;
      if (buf != NULL)
        buf += chunk;
    }
  return TRUE;
}

static gboolean
source_read (Source *s, guchar *buf, gsize n, GError **error)
{
  if (s->zlib)
    return source_inflate (s, buf, n, error);
  if (n > s->avail)
    return refuse (s->f, s->v, error, "ends early (truncated file)");
  memcpy (buf, s->p, n);
  s->p += n;
  s->avail -= n;
  return TRUE;
}

static gboolean
source_skip (Source *s, guint64 n, GError **error)
{
  if (s->zlib)
    return source_inflate (s, NULL, n, error);
  if (n > s->avail)
    return refuse (s->f, s->v, error, "ends early (truncated file)");
  s->p += n;
  s->avail -= n;
  return TRUE;
}

/* A compressed element must end where its declared size says: no more output, zlib's
 * checksum right, at most padding after the stream. */
static gboolean
source_finish (Source *s, guint64 declared, GError **error)
{
  if (!s->zlib)
    return TRUE;
  if (!s->ended)
    {
      guchar extra;
      s->z.next_out = &extra;
      s->z.avail_out = 1;
      int rc = inflate (&s->z, Z_NO_FLUSH);
      if (s->z.avail_out == 0)
        return refuse (s->f, s->v, error, "inflates to more than the %" G_GUINT64_FORMAT
                       " bytes it declares (corrupt file)", declared);
      if (rc != Z_STREAM_END)
        return zlib_failed (s, rc, error);
      s->ended = TRUE;
    }
  if (s->z.avail_in > 7)
    return refuse (s->f, s->v, error, "has %u bytes after the end of its compressed data "
                   "(corrupt file)", s->z.avail_in);
  return TRUE;
}

/* ---- MAT v5 sub-elements ---- */

typedef struct {
  guint32 type, nbytes;
  gboolean small;
  guchar data[4]; /* the small form's data */
} Tag;

/* The next sub-element's tag; `left` is what remains of the matrix. */
static gboolean
read_tag (Source *s, guint64 *left, Tag *t, const char *what, GError **error)
{
  if (*left < 8)
    return refuse (s->f, s->v, error, "ends inside its %s (corrupt file)", what);
  guchar b[8];
  if (!source_read (s, b, 8, error))
    return FALSE;
  *left -= 8;
  guint32 w = u32 (b, s->f->swap);
  t->small = (w >> 16) != 0;
  if (t->small)
    {
      t->type = w & 0xffff;
      t->nbytes = w >> 16;
      memcpy (t->data, b + 4, 4);
      if (t->nbytes > 4)
        return refuse (s->f, s->v, error, "claims %u bytes of %s in a 4-byte small element "
                       "(corrupt file)", t->nbytes, what);
      return TRUE;
    }
  t->type = w;
  t->nbytes = u32 (b + 4, s->f->swap);
  if (t->nbytes > *left)
    return refuse (s->f, s->v, error, "claims %u bytes of %s but only %" G_GUINT64_FORMAT
                   " remain in the variable (corrupt file)", t->nbytes, what, *left);
  return TRUE;
}

/* After a sub-element's `nbytes` of data: its padding to 8 bytes (the last one may lack
 * it). */
static gboolean
skip_padding (Source *s, guint64 *left, const Tag *t, GError **error)
{
  if (t->small)
    return TRUE;
  guint64 pad = MIN (round8 (t->nbytes) - t->nbytes, *left);
  *left -= pad;
  return source_skip (s, pad, error);
}

/* Read a sub-element's data (at most `cap` bytes) into `buf`, then its padding. */
static gboolean
read_body (Source *s, guint64 *left, const Tag *t, guchar *buf, GError **error)
{
  if (t->small)
    {
      memcpy (buf, t->data, t->nbytes);
      return TRUE;
    }
  if (!source_read (s, buf, t->nbytes, error))
    return FALSE;
  *left -= t->nbytes;
  return skip_padding (s, left, t, error);
}

static gboolean
skip_body (Source *s, guint64 *left, const Tag *t, GError **error)
{
  if (t->small)
    return TRUE;
  if (!source_skip (s, t->nbytes, error))
    return FALSE;
  *left -= t->nbytes;
  return skip_padding (s, left, t, error);
}

static gboolean
mul_overflows (guint64 a, guint64 b, guint64 *out)
{
  if (a != 0 && b > G_MAXUINT64 / a)
    return TRUE;
  *out = a * b;
  return FALSE;
}

/* Array flags, dimensions and name of a matrix; fills v->klass, complex, rank, rows,
 * cols, elements and (when still NULL) name. */
static gboolean
parse_header (Source *s, guint64 *left, LescMatVariable *v, GError **error)
{
  Tag t;
  guchar buf[4096];
  if (!read_tag (s, left, &t, "array flags", error))
    return FALSE;
  if (t.small || t.type != MAT_T_UINT32 || t.nbytes != 8)
    return refuse (s->f, s->v, error, "has array flags of %u bytes of type %u (expected 8 bytes "
                   "of type miUINT32; corrupt file)", t.nbytes, t.type);
  if (!read_body (s, left, &t, buf, error))
    return FALSE;
  guint32 flags = u32 (buf, s->f->swap);
  v->klass = (int) (flags & 0xff);
  v->complex = (flags & 0x800) != 0;
  if (v->klass < MAT_C_CELL || v->klass > MAT_C_OPAQUE)
    return refuse (s->f, s->v, error, "has unknown class %d (corrupt file)", v->klass);

  if (!read_tag (s, left, &t, "dimensions", error))
    return FALSE;
  if (t.small || t.type != MAT_T_INT32 || t.nbytes < 8 || t.nbytes % 4 != 0)
    return refuse (s->f, s->v, error, "has dimensions of %u bytes of type %u (expected at least "
                   "two miINT32 numbers; corrupt file)", t.nbytes, t.type);
  v->rank = t.nbytes / 4;
  if (v->rank > RANK_MAX)
    return refuse (s->f, s->v, error, "claims %u dimensions (corrupt file)", v->rank);
  v->elements = 1;
  gboolean overflow = FALSE;
  for (guint r = 0; r < v->rank; r += sizeof buf / 4)
    {
      guint chunk = MIN (v->rank - r, (guint) (sizeof buf / 4));
      if (!source_read (s, buf, chunk * 4, error))
        return FALSE;
      for (guint k = 0; k < chunk; k++)
        {
          gint32 dim = (gint32) u32 (buf + 4 * k, s->f->swap);
          if (dim < 0)
            return refuse (s->f, s->v, error, "has dimension %u of size %d (expected a size "
                           ">= 0; corrupt file)", r + k + 1, dim);
          if (r + k == 0)
            v->rows = (guint64) dim;
          else if (r + k == 1)
            v->cols = (guint64) dim;
          overflow = overflow || mul_overflows (v->elements, (guint64) dim, &v->elements);
        }
    }
  if (overflow)
    v->elements = G_MAXUINT64;
  *left -= t.nbytes;
  if (!skip_padding (s, left, &t, error))
    return FALSE;

  if (!read_tag (s, left, &t, "name", error))
    return FALSE;
  if (t.type != MAT_T_INT8 && t.type != MAT_T_UINT8)
    return refuse (s->f, s->v, error, "has a name of type %u (expected miINT8; corrupt file)",
                   t.type);
  if (t.nbytes > NAME_MAX_BYTES)
    return refuse (s->f, s->v, error, "claims %u bytes of name (MATLAB names have at most 63 "
                   "characters; corrupt file)", t.nbytes);
  if (!read_body (s, left, &t, buf, error))
    return FALSE;
  if (v->name == NULL)
    v->name = printable_name (buf, t.nbytes);
  return TRUE;
}

/* The matrix inside a top-level element: `left` receives its size. For a compressed
 * element, its declared inflated size must be possible for its compressed size. */
static gboolean
open_matrix (Source *s, guint64 *left, GError **error)
{
  const LescMatVariable *v = s->v;
  if (!v->compressed)
    *left = v->length - 8;
  else
    {
      guchar b[8];
      if (!source_read (s, b, 8, error))
        return FALSE;
      guint32 type = u32 (b, s->f->swap), size = u32 (b + 4, s->f->swap);
      if (type != MAT_T_MATRIX)
        return refuse (s->f, v, error, "holds compressed data of element type %u, expected a "
                       "matrix (corrupt file)", type);
      guint64 compressed = v->length - 8;
      if ((guint64) size + 8 > DEFLATE_MAX_RATIO * compressed + 64)
        return refuse (s->f, v, error, "claims %u bytes once inflated, more than its %"
                       G_GUINT64_FORMAT " compressed bytes can hold (corrupt file)", size,
                       compressed);
      *left = size;
    }
  if (*left == 0)
    return refuse (s->f, v, error, "is an empty element (corrupt file)");
  return TRUE;
}

static gboolean
read_v5 (LescMatFile *f, GError **error)
{
  const guchar *d = f->d;
  gsize len = f->len;
  if (d[126] == 'I' && d[127] == 'M')
    f->swap = G_BYTE_ORDER != G_LITTLE_ENDIAN;
  else if (d[126] == 'M' && d[127] == 'I')
    f->swap = G_BYTE_ORDER == G_LITTLE_ENDIAN;
  else
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: corrupt MAT header (no 'IM'/'MI' byte-order mark at byte 126)", f->path);
      return FALSE;
    }
  guint16 version;
  memcpy (&version, d + 124, 2);
  if (f->swap)
    version = GUINT16_SWAP_LE_BE (version);
  if (version != 0x0100)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: corrupt MAT header (version 0x%04x at byte 124, expected 0x0100 for "
                   "MAT v5)", f->path, version);
      return FALSE;
    }
  if (len == 128)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: holds no variables (only the 128-byte header; truncated file?)", f->path);
      return FALSE;
    }
  gsize p = 128;
  for (guint k = 1; p < len; k++)
    {
      if (len - p < 8)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: ends inside the tag of variable %u (truncated file)", f->path, k);
          return FALSE;
        }
      guint32 type = u32 (d + p, f->swap), nbytes = u32 (d + p + 4, f->swap);
      LescMatVariable v = { .index = k, .offset = p };
      if (type != MAT_T_MATRIX && type != MAT_T_COMPRESSED)
        return refuse (f, &v, error, "has element type %u, expected a matrix (corrupt file)",
                       type);
      if (nbytes > len - p - 8)
        return refuse (f, &v, error, "needs %u bytes but only %zu remain (truncated file)",
                       nbytes, len - p - 8);
      v.length = 8 + (gsize) nbytes;
      v.compressed = type == MAT_T_COMPRESSED;
      Source s;
      source_init (&s, f, &v);
      guint64 left;
      gboolean ok = open_matrix (&s, &left, error) && parse_header (&s, &left, &v, error);
      source_clear (&s);
      if (!ok)
        {
          g_free (v.name);
          return FALSE;
        }
      g_array_append_val (f->vars, v);
      p += v.length;
    }
  return TRUE;
}

/* ---- MAT v4 ---- */

/* The type word MOPT of a v4 variable: machine (0 little-endian IEEE, 1 big-endian),
 * 0, precision (0 double … 5 uint8), matrix type (0 numeric, 1 text, 2 sparse). */
static gboolean
v4_type_ok (guint32 mopt, guint machine)
{
  return mopt / 1000 == machine && mopt / 100 % 10 == 0 && mopt / 10 % 10 <= 5 && mopt % 10 <= 2;
}

static gboolean
read_v4 (LescMatFile *f, GError **error)
{
  static const int classes[] = { MAT_C_DOUBLE, MAT_C_SINGLE, MAT_C_INT32, MAT_C_INT16,
                                 MAT_C_UINT16, MAT_C_UINT8 };
  static const guint sizes[] = { 8, 4, 4, 2, 2, 1 };
  const guchar *d = f->d;
  gsize len = f->len;
  gboolean le = G_BYTE_ORDER == G_LITTLE_ENDIAN;
  if (len >= 20 && v4_type_ok (u32 (d, !le), 0))
    f->swap = !le;
  else if (len >= 20 && v4_type_ok (u32 (d, le), 1))
    f->swap = le;
  else
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                   "%s: not a MATLAB .mat file (neither the 128-byte 'MATLAB 5.0 MAT-file' "
                   "header of MAT v5 nor a MAT v4 variable)", f->path);
      return FALSE;
    }
  f->version = 4;
  guint machine = (f->swap == le) ? 1 : 0;
  gsize p = 0;
  for (guint k = 1; p < len; k++)
    {
      LescMatVariable v = { .index = k, .offset = p, .rank = 2 };
      if (len - p < 20)
        return refuse (f, &v, error, "ends inside its 20-byte header (truncated file)");
      guint32 mopt = u32 (d + p, f->swap);
      gint32 rows = (gint32) u32 (d + p + 4, f->swap), cols = (gint32) u32 (d + p + 8, f->swap);
      guint32 imagf = u32 (d + p + 12, f->swap), namlen = u32 (d + p + 16, f->swap);
      if (!v4_type_ok (mopt, machine))
        return refuse (f, &v, error, "has type %u (expected %u0PT with P <= 5, T <= 2; corrupt "
                       "file)", mopt, machine);
      if (rows < 0 || cols < 0)
        return refuse (f, &v, error, "has %d rows and %d columns (expected sizes >= 0; corrupt "
                       "file)", rows, cols);
      if (imagf > 1)
        return refuse (f, &v, error, "has imaginary flag %u (expected 0 or 1; corrupt file)", imagf);
      gsize rest = len - p - 20;
      if (namlen == 0 || namlen > NAME_MAX_BYTES || namlen > rest)
        return refuse (f, &v, error, "claims a name of %u bytes (%zu remain; corrupt or "
                       "truncated file)", namlen, rest);
      v.name = printable_name (d + p + 20, namlen);
      guint precision = mopt / 10 % 10, kind = mopt % 10;
      v.klass = kind == 1 ? MAT_C_CHAR : kind == 2 ? MAT_C_SPARSE : classes[precision];
      v.complex = imagf == 1;
      v.rows = (guint64) rows;
      v.cols = (guint64) cols;
      v.elements = v.rows * v.cols;
      rest -= namlen;
      guint per = sizes[precision] * (imagf ? 2 : 1);
      if (v.elements > rest / per)
        {
          refuse (f, &v, error, "has %d×%d values (%s), more than the %zu bytes that remain "
                  "(truncated or corrupt file)", rows, cols, imagf ? "complex" : "real", rest);
          g_free (v.name);
          return FALSE;
        }
      v.length = 20 + namlen + (gsize) (v.elements * per);
      g_array_append_val (f->vars, v);
      p += v.length;
    }
  return TRUE;
}

/* ---- the file ---- */

static void
variable_clear (gpointer p)
{
  g_free (((LescMatVariable *) p)->name);
}

LescMatFile *
lesc_mat_file_open (const char *path, GError **error)
{
  GError *local = NULL;
  GMappedFile *map = g_mapped_file_new (path, FALSE, &local);
  if (map == NULL)
    {
      lesc_set_io_error (error, path, "read", local);
      g_error_free (local);
      return NULL;
    }
  g_autoptr (LescMatFile) f = g_new0 (LescMatFile, 1);
  f->path = g_strdup (path);
  f->map = map;
  f->d = (const guchar *) g_mapped_file_get_contents (map);
  f->len = g_mapped_file_get_length (map);
  f->vars = g_array_new (FALSE, FALSE, sizeof (LescMatVariable));
  g_array_set_clear_func (f->vars, variable_clear);
  f->version = 5;
  if (f->len >= 6 && memcmp (f->d, "MATLAB", 6) == 0)
    {
      if (f->len >= 10 && memcmp (f->d, "MATLAB 7.3", 10) == 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: MAT v7.3 (HDF5) files are not supported; save with -v7", path);
          return NULL;
        }
      if (f->len < 128)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT,
                       "%s: not a MATLAB .mat file: it ends inside the 128-byte MAT v5 header "
                       "(%zu bytes; truncated file)", path, f->len);
          return NULL;
        }
      if (!read_v5 (f, error))
        return NULL;
    }
  else if (!read_v4 (f, error))
    return NULL;
  if (f->vars->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: holds no variables", path);
      return NULL;
    }
  return g_steal_pointer (&f);
}

void
lesc_mat_file_free (LescMatFile *f)
{
  if (f == NULL)
    return;
  if (f->vars != NULL)
    g_array_unref (f->vars);
  if (f->map != NULL)
    g_mapped_file_unref (f->map);
  g_free (f->path);
  g_free (f);
}

int
lesc_mat_file_version (const LescMatFile *f)
{
  return f->version;
}

guint
lesc_mat_file_n_variables (const LescMatFile *f)
{
  return f->vars->len;
}

const LescMatVariable *
lesc_mat_file_variable (const LescMatFile *f, guint k)
{
  g_return_val_if_fail (k < f->vars->len, NULL);
  return &g_array_index (f->vars, LescMatVariable, k);
}

const LescMatVariable *
lesc_mat_file_find (const LescMatFile *f, const char *name)
{
  for (guint k = 0; k < f->vars->len; k++)
    if (strcmp (g_array_index (f->vars, LescMatVariable, k).name, name) == 0)
      return &g_array_index (f->vars, LescMatVariable, k);
  return NULL;
}

static gboolean
is_numeric_type (guint32 t)
{
  switch (t)
    {
    case MAT_T_INT8: case MAT_T_UINT8: case MAT_T_INT16: case MAT_T_UINT16:
    case MAT_T_INT32: case MAT_T_UINT32: case MAT_T_SINGLE: case MAT_T_DOUBLE:
    case MAT_T_INT64: case MAT_T_UINT64:
      return TRUE;
    default:
      return FALSE;
    }
}

/* One part (real or imaginary) of a numeric matrix: exactly elements × its type's size. */
static gboolean
check_part (Source *s, guint64 *left, const char *what, GError **error)
{
  const LescMatVariable *v = s->v;
  Tag t;
  if (!read_tag (s, left, &t, what, error))
    return FALSE;
  if (!is_numeric_type (t.type))
    return refuse (s->f, v, error, "has %s of type %u (expected a numeric type; corrupt file)",
                   what, t.type);
  guint64 need = v->elements * Mat_SizeOf ((enum matio_types) t.type);
  if (t.nbytes != need)
    return refuse (s->f, v, error, "claims %u bytes of %s but its %" G_GUINT64_FORMAT "×%"
                   G_GUINT64_FORMAT " shape of type %u needs %" G_GUINT64_FORMAT " (corrupt file)",
                   t.nbytes, what, v->rows, v->cols, t.type, need);
  return skip_body (s, left, &t, error);
}

gboolean
lesc_mat_file_check_variable (const LescMatFile *f, const LescMatVariable *v, GError **error)
{
  size_t esize = Mat_SizeOfClass (v->klass);
  if (v->rank != 2 || esize == 0 || v->klass == MAT_C_CHAR)
    return refuse (f, v, error, "is not a 2-D numeric matrix");
  /* matio's copy in the stored class and ours in double, before anything is read */
  g_autofree char *what = g_strdup_printf ("%s: variable '%s' (%" G_GUINT64_FORMAT "×%"
                                           G_GUINT64_FORMAT ")", f->path, v->name, v->rows,
                                           v->cols);
  double parts = v->complex ? 2.0 : 1.0;
  if (!lesc_dataset_check_bytes (what, (8.0 + parts * (double) esize) * (double) v->elements,
                                 error))
    return FALSE;
  if (f->version == 4)
    return TRUE; /* its data size was checked against the file with the directory */

  LescMatVariable scratch = *v;
  scratch.name = NULL;
  Source s;
  source_init (&s, f, v);
  s.v = v;
  guint64 left, declared = 0;
  gboolean ok = open_matrix (&s, &left, error);
  declared = left;
  ok = ok && parse_header (&s, &left, &scratch, error)
       && check_part (&s, &left, "real data", error)
       && (!v->complex || check_part (&s, &left, "imaginary data", error));
  if (ok && left >= 8)
    ok = refuse (f, v, error, "holds %" G_GUINT64_FORMAT " bytes after its data (corrupt file)",
                 left);
  ok = ok && source_skip (&s, left, error) && source_finish (&s, declared, error);
  source_clear (&s);
  g_free (scratch.name);
  return ok;
}

static gboolean
is_text_type (guint32 t)
{
  return t == MAT_T_UINT8 || t == MAT_T_UINT16 || t == MAT_T_UTF8 || t == MAT_T_UTF16;
}

/* The characters of a char matrix: exactly `elements` units of an 8- or 16-bit type. */
static gboolean
check_text_part (Source *s, guint64 *left, guint64 elements, GError **error)
{
  Tag t;
  if (!read_tag (s, left, &t, "text", error))
    return FALSE;
  if (!is_text_type (t.type))
    return refuse (s->f, s->v, error, "has text of type %u (expected 8- or 16-bit characters; "
                   "corrupt file)", t.type);
  guint64 need = elements * Mat_SizeOf ((enum matio_types) t.type);
  if (t.nbytes != need)
    return refuse (s->f, s->v, error, "has text of %u bytes where its shape needs %" G_GUINT64_FORMAT
                   " (corrupt file)", t.nbytes, need);
  return skip_body (s, left, &t, error);
}

gboolean
lesc_mat_file_check_text (const LescMatFile *f, const LescMatVariable *v, guint64 max_chars,
                          GError **error)
{
  if (v->rank != 2 || v->complex || (v->klass != MAT_C_CHAR && v->klass != MAT_C_CELL))
    return refuse (f, v, error, "is not text (a char matrix or a cell array of strings)");
  if (v->elements > max_chars)
    return refuse (f, v, error, "holds %" G_GUINT64_FORMAT " elements (at most %" G_GUINT64_FORMAT
                   " expected for label names)", v->elements, max_chars);
  if (f->version == 4)
    return v->klass == MAT_C_CHAR;   /* its data size was checked with the directory */
  LescMatVariable scratch = *v;
  scratch.name = NULL;
  Source s;
  source_init (&s, f, v);
  s.v = v;
  guint64 left, declared = 0, chars = 0;
  gboolean ok = open_matrix (&s, &left, error);
  declared = left;
  ok = ok && parse_header (&s, &left, &scratch, error);
  if (ok && v->klass == MAT_C_CHAR)
    ok = check_text_part (&s, &left, v->elements, error);
  for (guint64 k = 0; ok && v->klass == MAT_C_CELL && k < v->elements; k++)
    {
      /* each cell: a matrix element holding a char row vector */
      Tag t;
      ok = read_tag (&s, &left, &t, "cell", error);
      if (ok && (t.small || t.type != MAT_T_MATRIX))
        ok = refuse (f, v, error, "has cell %" G_GUINT64_FORMAT " of element type %u (expected a "
                     "matrix; corrupt file)", k + 1, t.type);
      if (!ok)
        break;
      guint64 cell_left = t.nbytes;
      left -= t.nbytes;
      LescMatVariable cell = { 0 };
      ok = parse_header (&s, &cell_left, &cell, error);
      g_free (cell.name);
      if (ok && (cell.klass != MAT_C_CHAR || cell.rank != 2 || cell.rows > 1 || cell.complex))
        ok = refuse (f, v, error, "has cell %" G_GUINT64_FORMAT " that is not a string", k + 1);
      chars += ok ? cell.elements : 0;
      if (ok && chars > max_chars)
        ok = refuse (f, v, error, "holds more than %" G_GUINT64_FORMAT " characters", max_chars);
      ok = ok && (cell.elements == 0 || check_text_part (&s, &cell_left, cell.elements, error))
           && source_skip (&s, cell_left, error);
    }
  if (ok && left >= 8)
    ok = refuse (f, v, error, "holds %" G_GUINT64_FORMAT " bytes after its data (corrupt file)", left);
  ok = ok && source_skip (&s, left, error) && source_finish (&s, declared, error);
  source_clear (&s);
  g_free (scratch.name);
  return ok;
}

static gboolean
write_all (int fd, const guchar *p, gsize n)
{
  while (n > 0)
    {
      ssize_t w = write (fd, p, n);
      if (w < 0 && errno == EINTR)
        continue;
      if (w <= 0)
        return FALSE;
      p += w;
      n -= (gsize) w;
    }
  return TRUE;
}

char *
lesc_mat_file_subset (const LescMatFile *f, const LescMatVariable *const *vars, guint n, int *fd,
                      GError **error)
{
  int out = memfd_create ("lesc-mat", MFD_CLOEXEC);
  if (out < 0)
    {
      g_autofree char *name = NULL;
      out = g_file_open_tmp ("lesc-mat-XXXXXX", &name, error);
      if (out < 0)
        return NULL;
      unlink (name);
    }
  gboolean ok = f->version != 5 || write_all (out, f->d, 128);
  for (guint k = 0; k < n && ok; k++)
    ok = write_all (out, f->d + vars[k]->offset, vars[k]->length);
  if (!ok)
    {
      int e = errno;
      close (out);
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot make a copy of its variables "
                   "to read: %s", f->path, g_strerror (e));
      return NULL;
    }
  *fd = out;
  return g_strdup_printf ("/proc/self/fd/%d", out);
}
