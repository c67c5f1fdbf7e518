/* NumPy .npy files (the rules are in npy.h; the format is numpy's NEP 1, described in
 * docs/formats.md). Hand-written: Debian packages no C library for the format, and the
 * subset read here — one numeric array of at most two dimensions — fits in a page. */
#include "core/data/npy.h"
#include "core/base/error.h"
#include "core/base/quote.h"
#include "core/data/input.h"
#include "core/data/validate.h"

#include <string.h>

static const guchar magic[6] = { 0x93, 'N', 'U', 'M', 'P', 'Y' };

typedef enum { KIND_BOOL, KIND_INT, KIND_UINT, KIND_FLOAT } Kind;

typedef struct {
  Kind kind;
  guint size;          /* bytes per element */
  gboolean big_endian;
  gboolean fortran;
  guint rank;
  guint64 shape[2];
} Header;

static gboolean
format_error (GError **error, const char *path, const char *fmt, ...) G_GNUC_PRINTF (3, 4);

static gboolean
format_error (GError **error, const char *path, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, LESC_ERROR, LESC_ERROR_FORMAT, "%s: %s", path, msg);
  return FALSE;
}

/* ---- the header dictionary: {'descr': '<f8', 'fortran_order': False, 'shape': (3, 4), } */

typedef struct {
  const char *s;
  const char *path;
} Scanner;

static void
skip_space (Scanner *sc)
{
  while (*sc->s == ' ' || *sc->s == '\t' || *sc->s == '\n' || *sc->s == '\r')
    sc->s++;
}

static gboolean
expect (Scanner *sc, char c)
{
  skip_space (sc);
  if (*sc->s != c)
    return FALSE;
  sc->s++;
  return TRUE;
}

/* A Python string literal in single or double quotes, without escapes. */
static char *
read_string (Scanner *sc)
{
  skip_space (sc);
  char q = *sc->s;
  if (q != '\'' && q != '"')
    return NULL;
  const char *end = strchr (sc->s + 1, q);
  if (end == NULL)
    return NULL;
  char *text = g_strndup (sc->s + 1, (gsize) (end - sc->s - 1));
  sc->s = end + 1;
  return text;
}

static gboolean
parse_descr (const char *path, const char *descr, Header *h, GError **error)
{
  /* shown quoted: a dtype string is the file's bytes (quote.h) */
  g_autofree char *shown = lesc_quote (descr, -1, LESC_QUOTE_MAX);
  if (descr[0] != '\0' && descr[1] == 'O')
    return format_error (error, path, "holds an object array (dtype '%s': Python objects, "
                         "saved with pickle); expected numbers", shown);
  if (strlen (descr) < 3 || strchr ("<>|=", descr[0]) == NULL)
    return format_error (error, path, "unsupported dtype '%s' (expected a numeric dtype such "
                         "as '<f8')", shown);
  h->big_endian = descr[0] == '>' || (descr[0] == '=' && G_BYTE_ORDER == G_BIG_ENDIAN);
  char code = descr[1];
  char *end = NULL;
  guint64 size = g_ascii_strtoull (descr + 2, &end, 10);
  gboolean ok = *end == '\0';
  switch (code)
    {
    case 'b': h->kind = KIND_BOOL; ok &= size == 1; break;
    case 'i': h->kind = KIND_INT; ok &= size == 1 || size == 2 || size == 4 || size == 8; break;
    case 'u': h->kind = KIND_UINT; ok &= size == 1 || size == 2 || size == 4 || size == 8; break;
    case 'f': h->kind = KIND_FLOAT; ok &= size == 4 || size == 8; break;
    default: ok = FALSE;
    }
  if (!ok)
    return format_error (error, path, "unsupported dtype '%s' (expected bool, int8…int64, "
                         "uint8…uint64, float32 or float64)", shown);
  h->size = (guint) size;
  return TRUE;
}

static gboolean
parse_shape (Scanner *sc, Header *h, GError **error)
{
  if (!expect (sc, '('))
    return format_error (error, sc->path, "bad header: 'shape' is not a tuple");
  h->rank = 0;
  for (;;)
    {
      skip_space (sc);
      if (*sc->s == ')')
        {
          sc->s++;
          break;
        }
      if (!g_ascii_isdigit (*sc->s))
        return format_error (error, sc->path, "bad header: 'shape' holds a value that is not "
                             "a whole number");
      char *end;
      guint64 v = g_ascii_strtoull (sc->s, &end, 10);
      if (end - sc->s > 18)
        return format_error (error, sc->path, "bad header: a dimension of 'shape' is too large");
      sc->s = end;
      if (h->rank < 2)
        h->shape[h->rank] = v;
      h->rank++;
      skip_space (sc);
      if (*sc->s == ',')
        sc->s++;
      else if (*sc->s != ')')
        return format_error (error, sc->path, "bad header: 'shape' is not a tuple of numbers");
    }
  if (h->rank == 0 || h->rank > 2)
    return format_error (error, sc->path, "holds a %u-dimensional array (expected a table: "
                         "shape (rows, columns), or (rows,) for one column)", h->rank);
  if (h->rank == 1)
    h->shape[1] = 1;
  return TRUE;
}

static gboolean
parse_header (const char *path, const char *text, Header *h, GError **error)
{
  Scanner sc = { text, path };
  gboolean seen[3] = { FALSE, FALSE, FALSE };
  if (!expect (&sc, '{'))
    return format_error (error, path, "bad header (expected a dictionary '{...}')");
  for (;;)
    {
      skip_space (&sc);
      if (*sc.s == '}')
        break;
      g_autofree char *key = read_string (&sc);
      if (key == NULL || !expect (&sc, ':'))
        return format_error (error, path, "bad header (expected 'key': value pairs)");
      if (strcmp (key, "descr") == 0 && !seen[0])
        {
          skip_space (&sc);
          if (*sc.s == '[')
            return format_error (error, path, "holds a structured array (a list of fields in "
                                 "'descr'); expected one numeric dtype");
          g_autofree char *descr = read_string (&sc);
          if (descr == NULL)
            return format_error (error, path, "bad header: 'descr' is not a string");
          if (!parse_descr (path, descr, h, error))
            return FALSE;
          seen[0] = TRUE;
        }
      else if (strcmp (key, "fortran_order") == 0 && !seen[1])
        {
          skip_space (&sc);
          if (g_str_has_prefix (sc.s, "True"))
            h->fortran = TRUE, sc.s += 4;
          else if (g_str_has_prefix (sc.s, "False"))
            h->fortran = FALSE, sc.s += 5;
          else
            return format_error (error, path, "bad header: 'fortran_order' is not True or False");
          seen[1] = TRUE;
        }
      else if (strcmp (key, "shape") == 0 && !seen[2])
        {
          if (!parse_shape (&sc, h, error))
            return FALSE;
          seen[2] = TRUE;
        }
      else
        {
          g_autofree char *shown = lesc_quote (key, -1, LESC_QUOTE_MAX);
          return format_error (error, path, "bad header: unexpected or repeated key '%s' "
                               "(expected 'descr', 'fortran_order' and 'shape')", shown);
        }
      skip_space (&sc);
      if (*sc.s == ',')
        sc.s++;
      else if (*sc.s != '}')
        {
          g_autofree char *shown = lesc_quote (key, -1, LESC_QUOTE_MAX);
          return format_error (error, path, "bad header (expected ',' or '}' after '%s')", shown);
        }
    }
  sc.s++;
  skip_space (&sc);
  if (*sc.s != '\0')
    return format_error (error, path, "bad header (text after the closing '}')");
  if (!seen[0] || !seen[1] || !seen[2])
    return format_error (error, path, "bad header: no '%s'",
                         !seen[0] ? "descr" : !seen[1] ? "fortran_order" : "shape");
  return TRUE;
}

/* ---- the data --------------------------------------------------------------------- */

static double
element (const Header *h, const guchar *p)
{
  guchar b[8];
  memcpy (b, p, h->size);
  gboolean swap = h->big_endian != (G_BYTE_ORDER == G_BIG_ENDIAN);
  if (swap)
    for (guint k = 0; k < h->size / 2; k++)
      {
        guchar t = b[k];
        b[k] = b[h->size - 1 - k];
        b[h->size - 1 - k] = t;
      }
  union { guint8 u8; gint8 i8; guint16 u16; gint16 i16; guint32 u32; gint32 i32; guint64 u64;
          gint64 i64; float f; double d; } v;
  memcpy (&v, b, h->size);
  switch (h->kind)
    {
    case KIND_BOOL: return v.u8 != 0;
    case KIND_FLOAT: return h->size == 4 ? (double) v.f : v.d;
    case KIND_INT:
      return h->size == 1 ? v.i8 : h->size == 2 ? v.i16 : h->size == 4 ? v.i32 : (double) v.i64;
    case KIND_UINT:
      return h->size == 1 ? v.u8 : h->size == 2 ? v.u16 : h->size == 4 ? v.u32 : (double) v.u64;
    }
  return 0.0;
}

gboolean
lesc_npy_header_end (const char *path, const guchar *d, gsize length, gsize *header_end,
                     GError **error)
{
  if (length < 10 || memcmp (d, magic, sizeof magic) != 0)
    return format_error (error, path, "not a NumPy .npy file (bad magic: expected the bytes "
                         "\\x93NUMPY)");
  guint major = d[6];
  if (major == 1)
    *header_end = 10 + ((gsize) d[8] | (gsize) d[9] << 8);
  else if (major == 2 || major == 3)
    {
      if (length < 12)
        return format_error (error, path, "truncated .npy header");
      *header_end = 12 + ((gsize) d[8] | (gsize) d[9] << 8 | (gsize) d[10] << 16
                          | (gsize) d[11] << 24);
    }
  else
    return format_error (error, path, ".npy format version %u.%u (expected 1.0, 2.0 or 3.0)",
                         major, d[7]);
  return TRUE;
}

/* The header of `d` (at least its header_end bytes): its dictionary parsed into `h`, and
 * the number of data bytes the shape needs (within the memory limit) in *need. */
static gboolean
read_header (const char *path, const guchar *d, gsize length, Header *h, gsize *offset,
             gsize *need, GError **error)
{
  gsize header_end;
  if (!lesc_npy_header_end (path, d, length, &header_end, error))
    return FALSE;
  gsize start = d[6] == 1 ? 10 : 12;
  if (header_end > length)
    return format_error (error, path, "truncated file (the header claims %zu bytes, %zu "
                         "remain)", header_end - start, length - start);
  if (memchr (d + start, '\0', header_end - start) != NULL)
    return format_error (error, path, "bad header (a NUL byte in the header dictionary)");
  g_autofree char *text = g_strndup ((const char *) d + start, header_end - start);
  if (!parse_header (path, text, h, error))
    return FALSE;
  gsize rows = h->shape[0], cols = h->shape[1];
  g_autofree char *what = g_strdup_printf ("%s: an array of %zu×%zu", path, rows, cols);
  if (!lesc_dataset_check_bytes (what, 8.0 * (double) rows * (double) cols, error))
    return FALSE;
  /* the shape fits the memory limit, so the products cannot overflow */
  *need = rows * cols * h->size;
  *offset = header_end;
  return TRUE;
}

gboolean
lesc_npy_length (const char *path, const guchar *d, gsize length, gsize *total, GError **error)
{
  Header h = { 0 };
  gsize offset, need;
  if (!read_header (path, d, length, &h, &offset, &need, error))
    return FALSE;
  *total = offset + need;
  return TRUE;
}

LescMatrix *
lesc_npy_parse (const char *path, const guchar *d, gsize length, GError **error)
{
  Header h = { 0 };
  gsize offset, need;
  if (!read_header (path, d, length, &h, &offset, &need, error))
    return NULL;
  gsize rows = h.shape[0], cols = h.shape[1], have = length - offset;
  if (have != need)
    {
      format_error (error, path, "the shape (%zu, %zu) of %u-byte values needs %zu data bytes "
                    "but the file holds %zu (%s)", rows, cols, h.size, need, have,
                    have < need ? "truncated file" : "trailing bytes");
      return NULL;
    }
  LescMatrix *m = lesc_matrix_try_new (rows, cols, error);
  if (m == NULL)
    return NULL;
  const guchar *data = d + offset;
  for (gsize i = 0; i < rows; i++)
    for (gsize j = 0; j < cols; j++)
      {
        gsize k = h.fortran ? i + j * rows : i * cols + j;
        LESC_AT (m, i, j) = element (&h, data + k * h.size);
      }
  return m;
}

LescMatrix *
lesc_npy_read (const char *path, GError **error)
{
  if (lesc_input_is_stream (path))
    {
      gsize length = 0;
      g_autofree char *bytes = lesc_input_read (path, &length, error);
      return bytes ? lesc_npy_parse (lesc_input_name (path), (const guchar *) bytes, length, error)
                   : NULL;
    }
  if (!lesc_input_check (path, FALSE, error))
    return NULL;
  g_autoptr (GMappedFile) file = lesc_map_file (path, error);
  if (file == NULL)
    return NULL;
  return lesc_npy_parse (path, (const guchar *) g_mapped_file_get_contents (file),
                         g_mapped_file_get_length (file), error);
}

guchar *
lesc_npy_format (const LescMatrix *m, gsize *length)
{
  g_autofree char *dict = g_strdup_printf ("{'descr': '<f8', 'fortran_order': False, "
                                           "'shape': (%zu, %zu), }", m->rows, m->cols);
  gsize used = 10 + strlen (dict) + 1;          /* magic, version, length, dict, '\n' */
  gsize header_len = strlen (dict) + 1 + (64 - used % 64) % 64;
  gsize total = 10 + header_len + m->rows * m->cols * 8;
  guchar *out = g_malloc (total);
  memcpy (out, magic, sizeof magic);
  out[6] = 1;
  out[7] = 0;
  out[8] = (guchar) (header_len & 0xff);
  out[9] = (guchar) (header_len >> 8);
  memset (out + 10, ' ', header_len);
  memcpy (out + 10, dict, strlen (dict));
  out[10 + header_len - 1] = '\n';
  guchar *p = out + 10 + header_len;
  for (gsize i = 0; i < m->rows; i++)
    for (gsize j = 0; j < m->cols; j++, p += 8)
      {
        guint64 bits;
        memcpy (&bits, &LESC_AT (m, i, j), 8);
        bits = GUINT64_TO_LE (bits);
        memcpy (p, &bits, 8);
      }
  *length = total;
  return out;
}
