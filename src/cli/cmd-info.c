/* lesc info DATA — placeholder summary; the full report is built in the data issue. */
#include "cli/cli.h"
#include "cli/commands.h"

#include <stdio.h>

int
lesc_cmd_info (int argc, char **argv)
{
  if (!lesc_cli_parse ("info", "DATA", "summarise a data set", NULL, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 2)
    return lesc_cli_usage ("info", "expected one DATA argument");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset (argv[1], &error);
  if (ds == NULL)
    return lesc_cli_fail (error);
  printf ("name %s\nn %zu\nq %zu\no %zu\n", ds->name, lesc_dataset_n (ds), lesc_dataset_q (ds),
          lesc_dataset_o (ds));
  return LESC_EXIT_OK;
}
