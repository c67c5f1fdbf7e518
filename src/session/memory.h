/* The session's memory between runs of an explorer: the data set with its options, every
 * method's parameters and tick, the seed, the LE step's variant, the KL direction and the
 * recent data sets — a GKeyFile in the user's config folder
 * ($XDG_CONFIG_HOME/lesc-explorer/session.ini). The window keeps its preferences in
 * GSettings; this is the state of the work. */
#pragma once
#include "session/session.h"

G_BEGIN_DECLS

/* $XDG_CONFIG_HOME/lesc-explorer/session.ini */
char *lesc_session_memory_default_path (void);

/* Write `s`'s state to `path` (atomically: lesc_output_write). */
gboolean lesc_session_memory_save (LescSession *s, const char *path, GError **error);

/* Read `path` into `s`: the recent data sets, the parameters, ticks and settings, then
 * (when `open_data`) the data set with its options. A missing file is no error (FALSE,
 * nothing set, no error); a malformed one is (FALSE with the error naming the file). What
 * no longer fits (an unknown method, a value out of its range, a data set that cannot be
 * read) is skipped and said in `notes` (may be NULL; one line each). */
gboolean lesc_session_memory_restore (LescSession *s, const char *path, gboolean open_data,
                                      GPtrArray *notes, GError **error);

/* The last data set of the memory at `path` as text ("weather.csv --logical-columns 3"),
 * or NULL (a face that reads the data itself restores with open_data FALSE). */
char *lesc_session_memory_data (const char *path);

/* The recent data sets of the memory at `path`, newest first (none: an empty list), and
 * putting `text` first among them, the rest of the file kept (a face without a
 * LescSession: the window's Open Recent). */
GStrv    lesc_session_memory_load_recent (const char *path);
gboolean lesc_session_memory_push_recent (const char *path, const char *text, GError **error);

G_END_DECLS
