/* Printing a figure into the terminal. */
#include "tui/print.h"
#include "tui/figure.h"
#include "core/base/error.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Columns of the terminal on standard output, else $COLUMNS, else 80. */
static int
terminal_columns (void)
{
  struct winsize ws;
  if (ioctl (STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
    return ws.ws_col;
  const char *env = g_getenv ("COLUMNS");
  int n = env != NULL ? atoi (env) : 0;
  return n > 0 ? n : 80;
}

gboolean
lesc_term_print_figure (double width, double height, LescPaintFunc paint, const void *model,
                        const char *graphics, const char *colors, GError **error)
{
  if (g_strcmp0 (g_getenv ("TERM"), "dumb") == 0)
    {
      g_set_error_literal (error, LESC_ERROR, LESC_ERROR_USAGE,
                           "this terminal (TERM=dumb) cannot show figures; write a file with -o FILE.png");
      return FALSE;
    }
  LescTermGraphics g;
  if (!lesc_term_graphics_init (&g, STDOUT_FILENO, graphics, colors, error))
    return FALSE;
  int cols = MAX (terminal_columns () - 1, 10);
  /* Rows for the figure's shape: a cell is twice as tall as wide for symbols. */
  LescTermFigureGeometry unit;
  lesc_term_figure_geometry (&g, 1, 1, &unit);
  int rows = MAX ((int) lround (cols * unit.width * height / (width * unit.height)), 2);
  g_autoptr (LescTermFigure) f = lesc_term_figure_render (&g, cols, rows, paint, model, NULL, NULL);
  lesc_term_graphics_clear (&g);
  for (guint i = 0; i < f->lines->len; i++)
    if (fputs (g_ptr_array_index (f->lines, i), stdout) == EOF || fputc ('\n', stdout) == EOF)
      break;
  if (fflush (stdout) != 0 || ferror (stdout))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "cannot write to standard output: %s", g_strerror (errno));
      return FALSE;
    }
  return TRUE;
}
