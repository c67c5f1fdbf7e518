/* Writing a result file: the one place every front end and every format goes through,
 * so that what "-o PATH" does to PATH is decided once (docs/HACKING.md). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Write `length` bytes to `path` as a whole: a regular file is replaced atomically (a
 * failure leaves the old file or none, never a partial one). Errors are LESC_ERROR_IO
 * "PATH: cannot write: REASON". */
gboolean lesc_output_write (const char *path, const void *contents, gsize length, GError **error);

G_END_DECLS
