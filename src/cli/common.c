#include "cli/cli.h"
#include "core/data/open.h"
#include "core/base/output.h"

#include <gio/gio.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

char *lesc_cli_data_dir = NULL;
int lesc_cli_label_columns = 0;
gboolean lesc_cli_renormalize = FALSE;

GOptionEntry lesc_cli_data_entries[] = {
  { "data-dir", 'D', 0, G_OPTION_ARG_FILENAME, &lesc_cli_data_dir,
    "Folder where data set names are looked up (default: $LESC_DATA_DIR)", "DIR" },
  { "label-columns", 0, 0, G_OPTION_ARG_INT, &lesc_cli_label_columns,
    "A single .csv DATA file: its last N columns are the label distributions", "N" },
  { "renormalize", 0, 0, G_OPTION_ARG_NONE, &lesc_cli_renormalize,
    "Divide rows of the label distributions that do not sum to 1 by their sums", NULL },
  { NULL }
};

static const char data_help[] =
  "DATA is one of:\n"
  "  artificial                      the built-in artificial data set (2601 × 3 × 3)\n"
  "  FILE.mat                        a MATLAB file: 'features' (n×q), the label distributions\n"
  "                                  'labels', 'labelDistribution' or 'label_distribution'\n"
  "                                  (n×o), optionally 'logicalLabel' or 'logical_label'\n"
  "  FILE.csv --label-columns N      one CSV file: features, then N columns of label\n"
  "                                  distributions\n"
  "  FEATURES.csv,DISTRIBUTIONS.csv  two CSV files with the same number of rows\n"
  "  NAME                            NAME.mat or NAME.csv in --data-dir or $LESC_DATA_DIR\n"
  "                                  (case-insensitive, '_' read as '-')\n"
  "CSV files hold comma-separated numbers, one sample per line, under an optional header\n"
  "line (a first line with any non-numeric cell; it names the labels). Data sets are\n"
  "checked when read: no NaN or Inf, degrees >= 0, rows of the label distributions summing\n"
  "to 1 within 1e-5 (--renormalize divides them by their sums), logical labels 0/1 with at\n"
  "least one 1 per row, n >= 1, o >= 2.\n\n"
  "Exit status: 0 success, 1 bad data or files, 2 bad usage.";

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
    {
      g_option_context_add_main_entries (ctx, lesc_cli_data_entries, NULL);
      g_option_context_set_description (ctx, data_help);
    }
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
  /* the reader of the output stopped reading (`lesc … | head`): not a failure of ours */
  if (error->domain == LESC_ERROR && error->code == LESC_ERROR_PIPE)
    return LESC_EXIT_OK;
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

void
lesc_cli_say_notes (const LescDataset *ds)
{
  for (char **n = ds->notes; n != NULL && *n != NULL; n++)
    fprintf (stderr, "lesc: note: %s\n", *n);
}

LescOpenOptions
lesc_cli_open_options (void)
{
  return (LescOpenOptions) {
    .data_dir = lesc_cli_data_dir,
    .label_columns = (gsize) lesc_cli_label_columns,
    .flags = lesc_cli_renormalize ? LESC_VALIDATE_RENORMALIZE : LESC_VALIDATE_DEFAULT,
  };
}

LescDataset *
lesc_cli_open_dataset_report (const char *spec, LescValidateReport *report, GError **error)
{
  if (lesc_cli_label_columns < 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--label-columns %d: expected a positive number of columns",
                   lesc_cli_label_columns);
      return NULL;
    }
  LescOpenOptions options = lesc_cli_open_options ();
  LescDataset *ds = lesc_dataset_open_with (spec, &options, report, error);
  if (ds != NULL)
    lesc_cli_say_notes (ds);
  return ds;
}

LescDataset *
lesc_cli_open_dataset (const char *spec, GError **error)
{
  return lesc_cli_open_dataset_report (spec, NULL, error);
}

gboolean
lesc_cli_output (const char *path, const char *contents, gsize length, GError **error)
{
  return lesc_output_write (path != NULL ? path : "-", contents, length, error);
}

gboolean
lesc_cli_write_file (const char *path, const char *contents, gsize length, GError **error)
{
  return lesc_output_write (path, contents, length, error);
}
