#include "cli/cli.h"
#include "core/base/number.h"
#include "cli/options-list.h"
#include "core/data/open.h"
#include "core/base/output.h"
#include "core/base/quote.h"
#include "core/methods/method.h"

#include <gio/gio.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *lesc_cli_data_dir = NULL;
int lesc_cli_label_columns = 0;
gboolean lesc_cli_renormalize = FALSE;
int lesc_cli_logical_columns = 0;
gboolean lesc_cli_logical = FALSE;
static char *delimiter_option = NULL;
static gboolean index_column = FALSE, no_index_column = FALSE;

GOptionEntry lesc_cli_data_entries[] = {
  { "data-dir", 'D', 0, G_OPTION_ARG_FILENAME, &lesc_cli_data_dir,
    "Folder where data set names are looked up (default: $LESC_DATA_DIR)", "DIR" },
  { "label-columns", 0, 0, G_OPTION_ARG_INT, &lesc_cli_label_columns,
    "A single .csv DATA file: its last N columns are the label distributions", "N" },
  { "renormalize", 0, 0, G_OPTION_ARG_NONE, &lesc_cli_renormalize,
    "Divide rows of the label distributions that do not sum to 1 by their sums", NULL },
  { "logical-columns", 0, 0, G_OPTION_ARG_INT, &lesc_cli_logical_columns,
    "A single table DATA file: its last N columns are 0/1 logical labels (no ground truth)", "N" },
  { "logical", 0, 0, G_OPTION_ARG_NONE, &lesc_cli_logical,
    "FEATURES,LABELS: the second file holds 0/1 logical labels (no ground truth)", NULL },
  { "delimiter", 0, 0, G_OPTION_ARG_STRING, &delimiter_option,
    "Text tables: comma, tab, semicolon or whitespace (default: detected)", "comma|tab|semicolon|whitespace" },
  { "index-column", 0, 0, G_OPTION_ARG_NONE, &index_column,
    "Text tables: the first column is an index (row names or numbers), skipped", NULL },
  { "no-index-column", 0, 0, G_OPTION_ARG_NONE, &no_index_column,
    "Text tables: the first column is data even under an empty header cell", NULL },
  { NULL }
};

static const char data_help[] =
  "DATA is one of:\n"
  "  artificial                      the built-in artificial data set (2601 × 3 × 3)\n"
  "  FILE.mat, FILE.npz              MATLAB (v5 or v7.3) or NumPy archive: 'features' (n×q),\n"
  "                                  the label distributions 'labels', 'labelDistribution'\n"
  "                                  or 'label_distribution' (n×o), and/or the 0/1 logical\n"
  "                                  labels 'logicalLabel' or 'logical_label'\n"
  "  TABLE --label-columns N         one table (.csv .tsv .txt .npy): features, then N\n"
  "                                  columns of label distributions\n"
  "  TABLE --logical-columns N       one table: features, then N columns of 0/1 labels\n"
  "  FEATURES,DISTRIBUTIONS          two tables with the same number of rows\n"
  "  FEATURES,LABELS --logical       two tables, the second of 0/1 logical labels\n"
  "  NAME                            NAME.mat, NAME.csv, … in --data-dir or $LESC_DATA_DIR\n"
  "                                  (case-insensitive, '_' read as '-')\n"
  "Text tables hold numbers separated by commas, tabs, semicolons or blanks (detected, or\n"
  "--delimiter), one sample per line, under an optional header line (a first line with any\n"
  "non-numeric cell; it names the labels); lines starting with '#' are comments. A first\n"
  "column under an empty header cell (pandas' index) is skipped (--index-column,\n"
  "--no-index-column decide). Data without label distributions (only logical labels) can be\n"
  "recovered but not scored. Data sets are checked when read: no NaN or Inf, degrees >= 0,\n"
  "rows of the label distributions summing to 1 within 1e-5 (--renormalize divides them by\n"
  "their sums), logical labels 0/1 with at least one 1 per row (and, read from a file, on\n"
  "every label), n >= 1 (recovering needs n >= 2), o >= 2. DATA '-' reads a text table\n"
  "from standard input; pipes are read too, devices and sockets are not.\n\n"
  "Exit status: 0 success, 1 bad data or files, 2 bad usage.";

gboolean
lesc_cli_parse (const char *command, const char *params, const char *description,
                const GOptionEntry *entries, gboolean with_data, int *argc, char ***argv)
{
  return lesc_cli_parse_with_notes (command, params, description, entries, with_data, NULL,
                                    argc, argv);
}

/* `text` after `indent` spaces, wrapped at 88 columns with the same indent. */
static void
append_wrapped (GString *out, const char *text, guint indent)
{
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  glong column = 0;
  for (char **w = words; *w; w++)
    {
      glong len = g_utf8_strlen (*w, -1);
      if (column == 0 || column + 1 + len > 88)
        {
          if (column > 0)
            g_string_append_c (out, '\n');
          for (guint i = 0; i < indent; i++)
            g_string_append_c (out, ' ');
          column = indent;
        }
      else
        {
          g_string_append_c (out, ' ');
          column++;
        }
      g_string_append (out, *w);
      column += len;
    }
  g_string_append_c (out, '\n');
}

char *
lesc_cli_baselines_help (void)
{
  GString *out = g_string_new ("The baselines and the published tables (docs/reproducing.md):\n");
  guint n = 0;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    if (all[i]->published_note != NULL)
      {
        g_autofree char *line = g_strdup_printf ("%s: %s", all[i]->display_name,
                                                 all[i]->published_note);
        append_wrapped (out, line, 2);
      }
  return g_string_free (out, FALSE);
}

gboolean
lesc_cli_parse_with_notes (const char *command, const char *params, const char *description,
                           const GOptionEntry *entries, gboolean with_data, const char *notes,
                           int *argc, char ***argv)
{
  g_autofree char *title = g_strdup_printf ("%s — %s", params ? params : "", description);
  g_autoptr (GOptionContext) ctx = g_option_context_new (title);
  g_autofree char *prg = g_strdup_printf ("lesc %s", command);
  g_set_prgname (prg);
  if (entries != NULL)
    g_option_context_add_main_entries (ctx, entries, NULL);
  if (with_data)
    g_option_context_add_main_entries (ctx, lesc_cli_data_entries, NULL);
  g_autofree char *help = g_strjoin (notes != NULL && with_data ? "\n" : "",
                                     notes != NULL ? notes : "", with_data ? data_help : "",
                                     NULL);
  if (*help)
    g_option_context_set_description (ctx, help);
  /* --list-options (hidden): the options for the shell completion, then exit as --help does */
  gboolean list_options = FALSE;
  const GOptionEntry list_entries[] = {
    { "list-options", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, &list_options,
      "List the options for the shell completion and exit", NULL },
    { NULL }
  };
  g_option_context_add_main_entries (ctx, list_entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, argc, argv, &error))
    {
      g_autofree char *line = lesc_quote_line (error->message);
      fprintf (stderr, "lesc %s: %s (see 'lesc %s --help')\n", command, line, command);
      return FALSE;
    }
  if (list_options)
    {
      const GOptionEntry *const groups[] = { entries, with_data ? lesc_cli_data_entries : NULL, NULL };
      lesc_cli_list_options (stdout, params, entries != NULL ? groups : groups + 1);
      fflush (stdout);
      exit (LESC_EXIT_OK);
    }
  return TRUE;
}

int
lesc_cli_fail (GError *error)
{
  /* the reader of the output stopped reading (`lesc … | head`): not a failure of ours */
  lesc_output_discard (); /* no output of a failed command is left (output.h) */
  if (error->domain == LESC_ERROR && error->code == LESC_ERROR_PIPE)
    return LESC_EXIT_OK;
  /* one line whatever bytes of the user's files the message quotes (quote.h) */
  g_autofree char *line = lesc_quote_line (error->message);
  fprintf (stderr, "lesc: %s\n", line);
  if (error->domain == LESC_ERROR && error->code == LESC_ERROR_USAGE)
    return LESC_EXIT_USAGE;
  return LESC_EXIT_DATA;
}

int
lesc_cli_usage (const char *command, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *raw = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_autofree char *msg = lesc_quote_line (raw);
  fprintf (stderr, "lesc %s: %s (see 'lesc %s --help')\n", command, msg, command);
  return LESC_EXIT_USAGE;
}

void
lesc_cli_say_notes (const LescDataset *ds)
{
  for (char **n = ds->notes; n != NULL && *n != NULL; n++)
    {
      g_autofree char *line = lesc_quote_line (*n);
      fprintf (stderr, "lesc: note: %s\n", line);
    }
}

LescOpenOptions
lesc_cli_open_options (void)
{
  LescOpenOptions o = {
    .data_dir = lesc_cli_data_dir,
    .label_columns = (gsize) MAX (lesc_cli_label_columns, 0),
    .logical_columns = (gsize) MAX (lesc_cli_logical_columns, 0),
    .logical = lesc_cli_logical,
    .flags = lesc_cli_renormalize ? LESC_VALIDATE_RENORMALIZE : LESC_VALIDATE_DEFAULT,
    .csv.index = index_column ? LESC_CSV_INDEX_SKIP
                 : no_index_column ? LESC_CSV_INDEX_KEEP : LESC_CSV_INDEX_AUTO,
  };
  if (delimiter_option != NULL)
    lesc_csv_delimiter_from_string (delimiter_option, &o.csv.delimiter);
  return o;
}

gboolean
lesc_cli_check_data_options (GError **error)
{
  const char *bad = lesc_cli_label_columns < 0 ? "--label-columns"
                    : lesc_cli_logical_columns < 0 ? "--logical-columns" : NULL;
  if (bad != NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "%s %d: expected a positive number of columns", bad,
                   MIN (lesc_cli_label_columns, lesc_cli_logical_columns));
      return FALSE;
    }
  char d;
  if (delimiter_option != NULL && !lesc_csv_delimiter_from_string (delimiter_option, &d))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--delimiter '%s': expected comma, tab, semicolon or whitespace",
                   delimiter_option);
      return FALSE;
    }
  if (index_column && no_index_column)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--index-column and --no-index-column exclude each other");
      return FALSE;
    }
  return TRUE;
}

LescDataset *
lesc_cli_open_dataset_report (const char *spec, LescValidateReport *report, GError **error)
{
  if (!lesc_cli_check_data_options (error))
    return NULL;
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

/* The files DATA names (for the check that no output replaces one); missing ones are
 * left to the loader to report. */
static GPtrArray *
input_files (const char *spec)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) parts = g_file_test (spec, G_FILE_TEST_EXISTS) || strchr (spec, ',') == NULL
                           ? g_strsplit (spec, "\x01", 1) : g_strsplit (spec, ",", -1);
  for (char **p = parts; *p != NULL; p++)
    {
      char *found = lesc_dataset_find (*p, lesc_cli_data_dir, NULL);
      if (found != NULL)
        g_ptr_array_add (files, found);
    }
  return files;
}

gboolean
lesc_cli_check_outputs (const char *spec, const char *const *outputs, guint n_outputs,
                        GError **error)
{
  for (guint k = 0; k < n_outputs; k++)
    if (outputs[k] != NULL && !lesc_output_check (outputs[k], error))
      return FALSE;
  g_autoptr (GPtrArray) inputs = spec != NULL ? input_files (spec)
                                              : g_ptr_array_new_with_free_func (g_free);
  if (!lesc_output_check_distinct (outputs, n_outputs, (const char *const *) inputs->pdata,
                                   inputs->len, error))
    return FALSE;
  lesc_output_hold ();
  return TRUE;
}

gboolean
lesc_cli_commit_outputs (GError **error)
{
  return lesc_output_commit (error);
}

gboolean
lesc_cli_parse_number (const char *text, double *value)
{
  /* the one rule for numbers a user types (core/base/number.h): no hex, inf or nan */
  return lesc_number_parse (text, value, NULL);
}
