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

/* Before the work: whether `path` can be written by the rules above — not a folder (nor a
 * name ending in '/'), its folder there and writable, and an existing regular file not
 * read-only (a file without write permission is refused, never replaced). Else
 * LESC_ERROR_IO naming it. */
gboolean lesc_output_check (const char *path, GError **error);
/* Before the work: no two of `outputs` are one file (or both standard output), and none of
 * them is one of the regular files `inputs`; NULL entries are skipped. Links are followed,
 * so two names of one file are caught. Else LESC_ERROR_USAGE naming both. */
gboolean lesc_output_check_distinct (const char *const *outputs, guint n_outputs,
                                     const char *const *inputs, guint n_inputs, GError **error);

/* All or nothing, for a command with several outputs: after lesc_output_hold, each write
 * to a regular file goes to a temporary file beside it and each write to a stream is kept;
 * lesc_output_commit writes the streams, then renames every temporary file into place;
 * lesc_output_discard (also on a failed commit) removes the temporary files. Not for
 * threads: one command's outputs at a time. */
void lesc_output_hold (void);
gboolean lesc_output_commit (GError **error);
void lesc_output_discard (void);

G_END_DECLS
