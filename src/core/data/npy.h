/* NumPy .npy files: one array, read strictly and written as little-endian doubles.
 *
 * Read: format versions 1.0, 2.0 and 3.0; a header dictionary with exactly the keys
 * 'descr', 'fortran_order' and 'shape'; dtypes bool, int8…int64, uint8…uint64, float32
 * and float64 of either byte order ('<', '>', '|'); shape (n,) (one column) or (n, m);
 * C or Fortran order; exactly the bytes the shape needs. Anything else — a bad magic,
 * object or structured arrays, complex or half floats, more dimensions, a truncated or
 * overlong file — is LESC_ERROR_FORMAT naming the file and the problem.
 *
 * Write: version 1.0, descr '<f8', C order, shape (rows, cols); the header padded to a
 * multiple of 64 bytes as numpy does. Doubles are copied bit for bit. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* The array held in `bytes` (the contents of `path`, named in messages) as doubles. */
LescMatrix *lesc_npy_parse (const char *path, const guchar *bytes, gsize length, GError **error);
/* Where the header of the .npy bytes `bytes` ends (magic, version and header length read
 * from the first 10 or 12 bytes), or FALSE with LESC_ERROR_FORMAT. */
gboolean lesc_npy_header_end (const char *path, const guchar *bytes, gsize length,
                              gsize *header_end, GError **error);
/* The whole length a .npy file must have by its header (`bytes` holds at least the
 * header): what an archive member is read up to, whatever the archive claims. */
gboolean lesc_npy_length (const char *path, const guchar *bytes, gsize length, gsize *total,
                          GError **error);
/* The array in the file `path`. */
LescMatrix *lesc_npy_read (const char *path, GError **error);

/* The .npy bytes of `m` (free with g_free). */
guchar *lesc_npy_format (const LescMatrix *m, gsize *length);

G_END_DECLS
