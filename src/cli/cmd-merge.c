/* lesc merge STORE... — copy the runs of other stores (e.g. the shards of a sweep) into
 * the results store, skipping runs it already has. */
#include "config.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"

#include <stdio.h>

int
lesc_cmd_merge (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (NULL, LESC_BATCH_RESULTS);
  if (!lesc_cli_parse ("merge", "STORE…", "merge results stores into --results (the default "
                       "store when not given)", all, FALSE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc < 2)
    return lesc_cli_usage ("merge", "expected at least one STORE to merge");
  GError *error = NULL;
  g_autoptr (LescStore) store = lesc_store_open (lesc_batch.results, &error);
  if (store == NULL)
    return lesc_cli_fail (error);
  for (int i = 1; i < argc; i++)
    {
      guint added = 0, skipped = 0, invalid = 0;
      if (!lesc_store_merge (store, argv[i], &added, &skipped, &invalid, &error))
        return lesc_cli_fail (error);
      printf ("%s: %u run(s) added, %u already present\n", argv[i], added, skipped);
      if (invalid > 0)
        fprintf (stderr, "lesc: %s: %u row(s) of its 'runs' table are not runs (values of the "
                 "wrong type or size) and were not copied\n", argv[i], invalid);
    }
  gint64 n = lesc_store_count (store, &error);
  if (n < 0)
    return lesc_cli_fail (error);
  printf ("%s: %" G_GINT64_FORMAT " run(s)\n", lesc_store_path (store), n);
  return LESC_EXIT_OK;
}
