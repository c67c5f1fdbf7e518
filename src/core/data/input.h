/* What a data file may be, and reading one whole (docs/files.md, "Input files").
 *
 *   a regular file (or a link to one)    read
 *   "-"                                  standard input, read as a stream
 *   a pipe or FIFO (`<(zcat x.csv.gz)`)  read as a stream
 *   anything else (a character or block  refused before a byte is read: such a file may
 *   device, a socket, a folder)          never end (/dev/zero, /dev/urandom)
 *
 * A stream is read up to the data limit (lesc_dataset_max_bytes); one that goes on is
 * refused at the limit. Streams hold text tables or .npy arrays (by the name's extension;
 * "-" and names without one are text); .mat and .npz files are read only from regular
 * files (their readers seek). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Whether `path` is read as a stream ("-", a pipe or FIFO). */
gboolean lesc_input_is_stream (const char *path);

/* TRUE when `path` may be read (`stream_ok`: also as a stream); else LESC_ERROR_IO naming
 * what it is, or why it cannot be reached (a missing file, a folder that cannot be
 * searched). */
gboolean lesc_input_check (const char *path, gboolean stream_ok, GError **error);

/* The whole of `path` (checked as above), NUL-terminated past *length. */
char *lesc_input_read (const char *path, gsize *length, GError **error);

/* The name of `path` in messages: "standard input" for "-", else the path. */
const char *lesc_input_name (const char *path);

G_END_DECLS
