/* lesc binarize DATA [-o FILE] — the logical labels of a data set, as CSV on standard
 * output or in the format of FILE's extension. */
#include "cli/cli.h"
#include "cli/commands.h"
#include "core/data/csv.h"
#include "core/data/tablefile.h"

static char *output = NULL;

static const GOptionEntry entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
    "Write the labels to FILE instead of standard output: .csv, .tsv, .txt, .dat, .mat, .npy "
    "or .json (the extension chooses; " LESC_CLI_OUTPUT_RULES ")", "FILE" },
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
  if (output != NULL && (!lesc_table_check_output (output, &error)
                         || !lesc_cli_check_outputs (argv[1], (const char *[]) { output }, 1,
                                                     &error)))
    return lesc_cli_fail (error);
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset (argv[1], &error);
  if (ds == NULL)
    return lesc_cli_fail (error);
  g_auto (GStrv) fallback = NULL;
  const char *const *names = (const char *const *) ds->label_names;
  if (names == NULL)
    names = (const char *const *) (fallback = lesc_csv_default_names ("label", ds->logical->cols));
  LescTableMeta meta = { .columns = names, .name = "logicalLabel" };
  if (!lesc_table_write (output != NULL ? output : "-", ds->logical, &meta, &error)
      || !lesc_cli_commit_outputs (&error))
    return lesc_cli_fail (error);
  return LESC_EXIT_OK;
}
