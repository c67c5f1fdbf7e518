/* An opt-in debug channel for the latency benchmark (build-aux/latency, docs/speed.md
 * "End-to-end latency"): with LESC_FRAME_LOG=FILE each explorer appends one line per
 * figure it actually paints — "<wall-clock seconds> <face> <what>". Unset: nothing. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* TRUE when LESC_FRAME_LOG names a file (read once). */
gboolean lesc_frame_log_enabled (void);
/* One line: the time now, `face` ("gtk", "tui") and `what` was painted. */
void lesc_frame_log (const char *face, const char *what);

G_END_DECLS
