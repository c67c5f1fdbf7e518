/* lesc eval TRUTH RECOVERED — the six measures between two distribution tables.
 *
 * Each table is a file of numbers (.csv, .tsv, .txt, .npy, .json; a .mat or .npz file's
 * 'labelDistribution', 'labels' or 'label_distribution' — what `lesc recover -o` writes,
 * or a data set's truth) or a data set named or built in ('artificial'), whose ground
 * truth is used. */
#include "cli/cli.h"
#include "cli/commands.h"
#include "core/data/csv.h"
#include "core/data/tablefile.h"
#include "core/eval/measures.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A table file, or the ground truth of a data set. */
static LescMatrix *
open_table (const char *spec, GError **error)
{
  if (lesc_table_kind (spec, NULL))
    {
      if (!lesc_cli_check_data_options (error))
        return NULL;
      LescOpenOptions o = lesc_cli_open_options ();
      g_autofree char *note = NULL;
      LescMatrix *m = lesc_table_read (spec, &o.csv, lesc_dataset_truth_names, NULL, &note, error);
      if (note != NULL)
        fprintf (stderr, "lesc: note: %s\n", note);
      return m;
    }
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset (spec, error);
  if (ds == NULL)
    return NULL;
  if (ds->truth == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s: has no label distributions (only logical labels): nothing to compare",
                   spec);
      return NULL;
    }
  return g_steal_pointer (&ds->truth);
}

static char *kl_option = NULL;
static char *format_option = NULL;

static const GOptionEntry entries[] = {
  { "kl", 0, 0, G_OPTION_ARG_STRING, &kl_option,
    "KL direction: truth-recovered (default, KL(truth‖recovered)) or recovered-truth "
    "(the official demos: KL(recovered‖truth), +Inf rows dropped)", "truth-recovered|recovered-truth" },
  { "format", 'f', 0, G_OPTION_ARG_STRING, &format_option, "text (default), csv or json", "text|csv|json" },
  { NULL }
};

int
lesc_cmd_eval (int argc, char **argv)
{
  if (!lesc_cli_parse ("eval", "TRUTH RECOVERED",
                       "the six measures between two distribution tables (CSV files of numbers "
                       "with an optional header line, or data sets whose ground truth is used)",
                       entries, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 3)
    return lesc_cli_usage ("eval", "expected two arguments, TRUTH and RECOVERED");
  LescKlDirection kl = LESC_KL_TRUTH_RECOVERED;
  if (kl_option != NULL && !lesc_kl_direction_from_string (kl_option, &kl))
    return lesc_cli_usage ("eval", "--kl must be truth-recovered or recovered-truth, not '%s'", kl_option);
  const char *format = format_option ? format_option : "text";
  if (strcmp (format, "text") != 0 && strcmp (format, "csv") != 0 && strcmp (format, "json") != 0)
    return lesc_cli_usage ("eval", "--format must be text, csv or json, not '%s'", format);

  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) truth = open_table (argv[1], &error);
  if (truth == NULL)
    return lesc_cli_fail (error);
  g_autoptr (LescMatrix) recovered = open_table (argv[2], &error);
  if (recovered == NULL)
    return lesc_cli_fail (error);
  double v[LESC_N_MEASURES];
  gsize kl_rows = 0;
  if (!lesc_measures_compute_full (truth, recovered, kl, v, &kl_rows, &error))
    {
      g_prefix_error (&error, "%s vs %s: ", argv[1], argv[2]);
      return lesc_cli_fail (error);
    }
  if (kl_rows < truth->rows)
    {
      g_autofree char *note = lesc_kl_dropped_note (argv[1], truth->rows - kl_rows, truth->rows,
                                                    TRUE);
      fprintf (stderr, "lesc: note: %s\n", note);
    }

  g_autoptr (GString) s = g_string_new (NULL);
  if (strcmp (format, "text") == 0)
    {
      g_string_append_printf (s, "n %zu, labels %zu, KL %s", truth->rows, truth->cols,
                              lesc_kl_direction_key (kl));
      if (kl_rows != truth->rows)
        g_string_append_printf (s, " (over %zu of %zu rows)", kl_rows, truth->rows);
      g_string_append_c (s, '\n');
      for (int m = 0; m < LESC_N_MEASURES; m++)
        {
          g_string_append_printf (s, "%-16s %s ", lesc_measure_title (m),
                                  lesc_measure_lower_is_better (m) ? "↓" : "↑");
          lesc_format_append (s, v[m], LESC_FORMAT_TEXT, "%.6f");
          g_string_append_c (s, '\n');
        }
    }
  else if (strcmp (format, "csv") == 0)
    {
      for (int m = 0; m < LESC_N_MEASURES; m++)
        g_string_append_printf (s, "%s,", lesc_measure_key (m));
      g_string_append (s, "kl_direction,kl_rows,n\n");
      for (int m = 0; m < LESC_N_MEASURES; m++)
        {
          lesc_format_append (s, v[m], LESC_FORMAT_CSV, "%.17g");
          g_string_append_c (s, ',');
        }
      g_string_append_printf (s, "%s,%zu,%zu\n", lesc_kl_direction_key (kl), kl_rows, truth->rows);
    }
  else
    {
      g_string_append_printf (s, "{\"n\": %zu, \"labels\": %zu, \"kl_direction\": \"%s\", "
                                 "\"kl_rows\": %zu, \"measures\": {",
                              truth->rows, truth->cols, lesc_kl_direction_key (kl), kl_rows);
      for (int m = 0; m < LESC_N_MEASURES; m++)
        {
          g_string_append_printf (s, "%s\"%s\": ", m ? ", " : "", lesc_measure_key (m));
          lesc_format_append (s, v[m], LESC_FORMAT_JSON, "%.17g");
        }
      g_string_append (s, "}, \"lower_is_better\": {");
      for (int m = 0; m < LESC_N_MEASURES; m++)
        g_string_append_printf (s, "%s\"%s\": %s", m ? ", " : "", lesc_measure_key (m),
                                lesc_measure_lower_is_better (m) ? "true" : "false");
      g_string_append (s, "}}\n");
    }
  fputs (s->str, stdout);
  return LESC_EXIT_OK;
}
