/* lesc explore [DATA] — the interactive explorer in the terminal (src/tui). */
#include "config.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "tui/explore.h"
#include "tui/help.h"

#include <stdio.h>

static char *graphics_option, *colors_option, *lesson_option;
static gboolean keys_option;

static const GOptionEntry entries[] = {
  { "graphics", 'g', 0, G_OPTION_ARG_STRING, &graphics_option,
    "Figures as: auto (what the terminal supports, default), symbols, ascii, sixel or kitty", "auto|symbols|ascii|sixel|kitty" },
  { "colors", 0, 0, G_OPTION_ARG_STRING, &colors_option,
    "Colours: auto (default; none when NO_COLOR is set), truecolor, 256, 16 or none", "auto|truecolor|256|16|none" },
  { "lesson", 0, 0, G_OPTION_ARG_FILENAME, &lesson_option,
    "Play the lesson in FILE, or a shipped one by name: le-in-twenty-minutes (n next step, b back, x leave)", "FILE" },
  { "keys", 0, 0, G_OPTION_ARG_NONE, &keys_option,
    "Print the keys of the explorer (those of '?' in every view) and exit", NULL },
  { NULL }
};

int
lesc_cmd_explore (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (entries, LESC_BATCH_RESULTS);
  if (!lesc_cli_parse ("explore", "[DATA]",
                       "the interactive explorer in the terminal: methods, parameters and the five "
                       "views of the window (default DATA: the built-in artificial set)",
                       all, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (keys_option)
    {
      lesc_tui_help_print (stdout);
      return LESC_EXIT_OK;
    }
  if (argc > 2)
    return lesc_cli_usage ("explore", "expected at most one DATA argument");
  if (lesc_cli_label_columns < 0)
    return lesc_cli_usage ("explore", "--label-columns %d: expected a positive number of columns",
                           lesc_cli_label_columns);
  LescTuiOptions o = {
    .data = argc == 2 ? argv[1] : NULL,
    .store = lesc_batch.results,
    .open = lesc_cli_open_options (),
    .graphics = graphics_option,
    .colors = colors_option,
    .lesson = lesson_option,
  };
  g_autoptr (GError) error = NULL;
  int status = lesc_tui_explore (&o, &error);
  if (status < 0)
    return lesc_cli_fail (error);
  return status;
}
