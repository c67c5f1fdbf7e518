/* An opt-in debug channel for the latency benchmark (build-aux/latency, docs/speed.md
 * "End-to-end latency"): with LESC_FRAME_LOG=FILE each explorer appends one line per
 * figure it actually paints — "<wall-clock seconds> <face> <what>" — and of each new status
 * line it shows. Unset: nothing. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* TRUE when LESC_FRAME_LOG names a file (read once). */
gboolean lesc_frame_log_enabled (void);
/* One line: the time now, `face` ("gtk", "tui") and `what` was painted. */
void lesc_frame_log (const char *face, const char *what);
/* "status <text>" when the status line shown changed (main thread): the benchmark times
 * "Done" against the final frame. */
void lesc_frame_log_status (const char *face, const char *text);

G_END_DECLS
