/* A one-line progress bar on stderr with the elapsed-time ETA, drawn only when stderr is
 * a terminal (and $LESC_NO_PROGRESS is unset), cut to the terminal's width. */
#pragma once
#include "core/base/progress.h"

G_BEGIN_DECLS

typedef struct {
  gboolean tty;
  gboolean drawn;
  gint64 start_us;
} LescCliProgressBar;

/* Initialise `progress` (a root, no cancellable) to draw into `bar`. */
void lesc_cli_progress_bar_init (LescCliProgressBar *bar, LescProgress *progress);
/* The same with a cancellable (may be NULL) for the work to check. */
void lesc_cli_progress_bar_init_full (LescCliProgressBar *bar, LescProgress *progress,
                                      GCancellable *cancellable);
/* Erase the bar line. */
void lesc_cli_progress_bar_finish (LescCliProgressBar *bar);

G_END_DECLS
