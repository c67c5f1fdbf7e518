/* `lesc explore`: the interactive explorer in the terminal. */
#pragma once
#include "core/data/open.h"

G_BEGIN_DECLS

typedef struct {
  const char *data;          /* the data set to start with; NULL: the built-in artificial set */
  const char *store;         /* the results store; NULL: the default one */
  LescOpenOptions open;      /* where names are looked up, how CSV files are read */
  const char *graphics;      /* "auto" (NULL), "symbols", "ascii", "sixel", "kitty" */
  const char *colors;        /* "auto" (NULL), "truecolor", "256", "16", "none" */
  const char *lesson;        /* a lesson file to play (tui/lesson.h), or NULL */
} LescTuiOptions;

/* Run the explorer until the user quits. Before the screen is taken (no terminal, a dumb
 * terminal, data that cannot be read, bad options) it returns −1 with the error; then the
 * exit status: 0 after q, 128 + the signal after Ctrl-C (SIGINT), SIGTERM or SIGHUP. The
 * terminal is restored in every case. */
int lesc_tui_explore (const LescTuiOptions *options, GError **error);

G_END_DECLS
