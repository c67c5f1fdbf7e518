#include "cli/cli.h"

#include <gio/gio.h>
#include <stdio.h>

char *lesc_cli_data_dir = NULL;

GOptionEntry lesc_cli_data_entries[] = {
  { "data-dir", 'D', 0, G_OPTION_ARG_FILENAME, &lesc_cli_data_dir,
    "Folder where data set names are looked up (default: $LESC_DATA_DIR)", "DIR" },
  { NULL }
};

gboolean
lesc_cli_parse (const char *command, const char *params, const char *description,
                const GOptionEntry *entries, gboolean with_data, int *argc, char ***argv)
{
  g_autofree char *title = g_strdup_printf ("%s — %s", params ? params : "", description);
  g_autoptr (GOptionContext) ctx = g_option_context_new (title);
  g_autofree char *prg = g_strdup_printf ("lesc %s", command);
  g_set_prgname (prg);
  if (entries != NULL)
    g_option_context_add_main_entries (ctx, entries, NULL);
  if (with_data)
    g_option_context_add_main_entries (ctx, lesc_cli_data_entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      fprintf (stderr, "lesc %s: %s (see 'lesc %s --help')\n", command, error->message, command);
      return FALSE;
    }
  return TRUE;
}

int
lesc_cli_fail (GError *error)
{
  fprintf (stderr, "lesc: %s\n", error->message);
  if (error->domain == LESC_ERROR && error->code == LESC_ERROR_USAGE)
    return LESC_EXIT_USAGE;
  return LESC_EXIT_DATA;
}

int
lesc_cli_usage (const char *command, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  fprintf (stderr, "lesc %s: %s (see 'lesc %s --help')\n", command, msg, command);
  return LESC_EXIT_USAGE;
}

LescDataset *
lesc_cli_open_dataset (const char *spec, GError **error)
{
  return lesc_dataset_open (spec, lesc_cli_data_dir, error);
}

gboolean
lesc_cli_write_file (const char *path, const char *contents, gsize length, GError **error)
{
  GError *local = NULL;
  if (!g_file_set_contents (path, contents, (gssize) length, &local))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_IO, "%s: cannot write: %s", path, local->message);
      g_error_free (local);
      return FALSE;
    }
  return TRUE;
}
