/* lesc binarize DATA [-o FILE.csv] — the logical labels of a data set as CSV. */
#include "cli/cli.h"
#include "cli/commands.h"
#include "core/data/csv.h"

static char *output = NULL;

static const GOptionEntry entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
    "Write the CSV to FILE instead of standard output (" LESC_CLI_OUTPUT_RULES ")", "FILE.csv" },
  { NULL }
};

int
lesc_cmd_binarize (int argc, char **argv)
{
  if (!lesc_cli_parse ("binarize", "DATA",
                       "print the logical labels as CSV (read from the file, or binarized "
                       "from the label distributions)", entries, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 2)
    return lesc_cli_usage ("binarize", "expected one DATA argument");

  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset (argv[1], &error);
  if (ds == NULL)
    return lesc_cli_fail (error);
  g_auto (GStrv) fallback = NULL;
  const char *const *names = (const char *const *) ds->label_names;
  if (names == NULL)
    names = (const char *const *) (fallback = lesc_csv_default_names ("label", ds->logical->cols));
  gsize length;
  g_autofree char *text = lesc_csv_format (ds->logical, names, &length);
  if (!lesc_cli_output (output, text, length, &error))
    return lesc_cli_fail (error);
  return LESC_EXIT_OK;
}
