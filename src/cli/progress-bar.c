#include "cli/progress-bar.h"

#include <math.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define WIDTH 20

static void
format_duration (char *buf, gsize size, double s)
{
  if (s < 60)
    g_snprintf (buf, size, "%.0fs", s);
  else if (s < 3600)
    g_snprintf (buf, size, "%dm%02ds", (int) (s / 60), (int) fmod (s, 60));
  else
    g_snprintf (buf, size, "%dh%02dm", (int) (s / 3600), (int) fmod (s / 60, 60));
}

static void
draw (double fraction, const char *stage, gpointer data)
{
  LescCliProgressBar *bar = data;
  struct winsize ws;
  int columns = ioctl (STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 20 ? ws.ws_col : 80;
  /* the ETA extrapolates the elapsed time over the fraction still to do */
  double elapsed = (g_get_monotonic_time () - bar->start_us) / 1e6;
  char eta[32] = "";
  if (fraction > 0.005 && elapsed > 1)
    {
      char d[24];
      format_duration (d, sizeof d, elapsed * (1 - fraction) / fraction);
      g_snprintf (eta, sizeof eta, " ETA %s", d);
    }
  int filled = (int) (fraction * WIDTH + 0.5);
  char cells[WIDTH + 1];
  for (int i = 0; i < WIDTH; i++)
    cells[i] = i < filled ? '#' : '.';
  cells[WIDTH] = '\0';
  g_autofree char *line = g_strdup_printf ("[%s] %3.0f%%%s  %s", cells, 100.0 * fraction, eta,
                                           stage ? stage : "");
  /* cut at the terminal width, counting characters, not bytes */
  if (g_utf8_strlen (line, -1) > columns - 1)
    *g_utf8_offset_to_pointer (line, columns - 1) = '\0';
  fprintf (stderr, "\r\033[K%s", line);
  fflush (stderr);
  bar->drawn = TRUE;
}

void
lesc_cli_progress_bar_init_full (LescCliProgressBar *bar, LescProgress *progress,
                                 GCancellable *cancellable)
{
  bar->tty = isatty (STDERR_FILENO) && g_getenv ("LESC_NO_PROGRESS") == NULL;
  bar->drawn = FALSE;
  bar->start_us = g_get_monotonic_time ();
  lesc_progress_init (progress, bar->tty ? draw : NULL, bar, cancellable);
}

void
lesc_cli_progress_bar_init (LescCliProgressBar *bar, LescProgress *progress)
{
  lesc_cli_progress_bar_init_full (bar, progress, NULL);
}

void
lesc_cli_progress_bar_finish (LescCliProgressBar *bar)
{
  if (bar->drawn)
    fprintf (stderr, "\r\033[K");
  bar->drawn = FALSE;
}
