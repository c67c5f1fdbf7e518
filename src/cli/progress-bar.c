#include "cli/progress-bar.h"

#include <stdio.h>
#include <unistd.h>

#define WIDTH 30

static void
draw (double fraction, const char *stage, gpointer data)
{
  LescCliProgressBar *bar = data;
  int filled = (int) (fraction * WIDTH + 0.5);
  char cells[WIDTH + 1];
  for (int i = 0; i < WIDTH; i++)
    cells[i] = i < filled ? '#' : '.';
  cells[WIDTH] = '\0';
  fprintf (stderr, "\r[%s] %3.0f%% %-48.48s", cells, 100.0 * fraction, stage ? stage : "");
  fflush (stderr);
  bar->drawn = TRUE;
}

void
lesc_cli_progress_bar_init (LescCliProgressBar *bar, LescProgress *progress)
{
  bar->tty = isatty (STDERR_FILENO);
  bar->drawn = FALSE;
  lesc_progress_init (progress, bar->tty ? draw : NULL, bar, NULL);
}

void
lesc_cli_progress_bar_finish (LescCliProgressBar *bar)
{
  if (bar->drawn)
    fprintf (stderr, "\r%*s\r", WIDTH + 56, "");
  bar->drawn = FALSE;
}
