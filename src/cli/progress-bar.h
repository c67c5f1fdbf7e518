/* A one-line progress bar on stderr, drawn only when stderr is a terminal. */
#pragma once
#include "core/progress.h"

G_BEGIN_DECLS

typedef struct {
  gboolean tty;
  gboolean drawn;
} LescCliProgressBar;

/* Initialise `progress` (a root, no cancellable) to draw into `bar`. */
void lesc_cli_progress_bar_init (LescCliProgressBar *bar, LescProgress *progress);
/* Erase the bar line. */
void lesc_cli_progress_bar_finish (LescCliProgressBar *bar);

G_END_DECLS
