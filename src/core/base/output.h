/* Writing a result file: the one place every front end and every format goes through,
 * so that what "-o PATH" does to PATH is decided once (docs/files.md, "Output"). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Write `length` bytes to `path` as a whole. What PATH is decides how:
 *   "-"                         standard output (stdio's buffer is flushed first)
 *   a regular file, or nothing  replaced atomically (a temporary file renamed over it: a
 *                               failure leaves the old file or none, never a partial
 *                               one); an existing file keeps its permission bits
 *   a FIFO, character device    written into, never replaced (a FIFO waits for its
 *   or Unix stream socket       reader)
 *   a symbolic link             followed (chains too): what it points to is written
 *                               by these rules, the link stays
 *   a folder, a block device    refused (LESC_ERROR_IO)
 * A missing folder is LESC_ERROR_IO naming it. When the reader of a pipe, FIFO or socket
 * closes it before everything is written: LESC_ERROR_PIPE (SIGPIPE is not raised). Other
 * errors are LESC_ERROR_IO "PATH: cannot write: REASON". */
gboolean lesc_output_write (const char *path, const void *contents, gsize length, GError **error);

G_END_DECLS
