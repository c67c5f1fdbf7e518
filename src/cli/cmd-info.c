/* lesc info DATA — what a data set holds and what is unusual about it. */
#include "cli/cli.h"
#include "cli/commands.h"
#include "core/data/csv.h"

#include <stdio.h>
#include <string.h>

static char *format = NULL;

static const GOptionEntry entries[] = {
  { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output format: text (default) or json",
    "text|json" },
  { NULL }
};

static const char *
plural (gsize n, const char *one, const char *many)
{
  return n == 1 ? one : many;
}

static char *
info_text (const LescDataset *ds, const LescValidateReport *r)
{
  GString *s = g_string_new (NULL);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
#define ROW(key, ...) (g_string_append_printf (s, "%-24s ", key), \
                       g_string_append_printf (s, __VA_ARGS__), g_string_append_c (s, '\n'))
  ROW ("name", "%s", ds->name);
  ROW ("source", "%s", ds->source ? ds->source : "(built in)");
  ROW ("n (samples)", "%zu", r->n);
  ROW ("q (features)", "%zu", r->q);
  ROW ("o (labels)", "%zu", r->o);
  if (ds->label_names != NULL)
    {
      g_autofree char *names = g_strjoinv (", ", ds->label_names);
      ROW ("label names", "%s", names);
    }
  ROW ("checksum", "%s", ds->checksum);
  g_autofree char *size = g_format_size ((guint64) r->bytes);
  ROW ("memory", "%s", size);
  if (r->has_truth)
    {
      ROW ("label sums", "min %s, max %s", lesc_format_double (a, r->sum_min),
           lesc_format_double (b, r->sum_max));
      if (r->not_distributions == 0)
        ROW ("not distributions", "0 rows (all sum to 1 within %g)", LESC_SUM_TOLERANCE);
      else
        ROW ("not distributions", "%zu %s (first: row %zu)%s", r->not_distributions,
             plural (r->not_distributions, "row", "rows"), r->first_not_distribution + 1,
             r->renormalized ? ", renormalized" : "");
      ROW ("zeros in the truth", "%zu %s in %zu %s", r->zero_entries,
           plural (r->zero_entries, "entry", "entries"), r->zero_rows,
           plural (r->zero_rows, "row", "rows"));
    }
  else
    ROW ("label distributions", "none (the file holds only logical labels)");
  ROW ("duplicate feature rows", "%zu %s, %zu rows (%zu distinct rows)", r->duplicate_groups,
       plural (r->duplicate_groups, "group", "groups"), r->duplicate_rows, r->distinct_rows);
  ROW ("label cardinality", "%.4f (logical labels %s)", r->label_cardinality,
       ds->logical_from_file ? "read from the file" : "binarized from the truth");
#undef ROW
  return g_string_free (s, FALSE);
}

static void
json_number (GString *s, const char *key, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append_printf (s, ",\n  \"%s\": %s", key, lesc_format_double (buf, v));
}

static char *
info_json (const LescDataset *ds, const LescValidateReport *r)
{
  GString *s = g_string_new ("{\n  \"name\": ");
  lesc_json_string (s, ds->name);
  g_string_append (s, ",\n  \"source\": ");
  lesc_json_string (s, ds->source);
  json_number (s, "n", (double) r->n);
  json_number (s, "q", (double) r->q);
  json_number (s, "o", (double) r->o);
  g_string_append (s, ",\n  \"label_names\": ");
  if (ds->label_names == NULL)
    g_string_append (s, "null");
  else
    {
      g_string_append_c (s, '[');
      for (char **p = ds->label_names; *p; p++)
        {
          if (p != ds->label_names)
            g_string_append (s, ", ");
          lesc_json_string (s, *p);
        }
      g_string_append_c (s, ']');
    }
  g_string_append (s, ",\n  \"checksum\": ");
  lesc_json_string (s, ds->checksum);
  json_number (s, "bytes", r->bytes);
  g_string_append_printf (s, ",\n  \"has_truth\": %s", r->has_truth ? "true" : "false");
  if (r->has_truth)
    {
      json_number (s, "label_sum_min", r->sum_min);
      json_number (s, "label_sum_max", r->sum_max);
      json_number (s, "not_distributions", (double) r->not_distributions);
      json_number (s, "renormalized", (double) r->renormalized);
      json_number (s, "zero_entries", (double) r->zero_entries);
      json_number (s, "zero_rows", (double) r->zero_rows);
    }
  json_number (s, "distinct_feature_rows", (double) r->distinct_rows);
  json_number (s, "duplicate_groups", (double) r->duplicate_groups);
  json_number (s, "duplicate_rows", (double) r->duplicate_rows);
  json_number (s, "label_cardinality", r->label_cardinality);
  g_string_append_printf (s, ",\n  \"logical_from_file\": %s\n}\n",
                          ds->logical_from_file ? "true" : "false");
  return g_string_free (s, FALSE);
}

int
lesc_cmd_info (int argc, char **argv)
{
  if (!lesc_cli_parse ("info", "DATA", "summarise a data set: shapes, label sums, zeros, "
                       "duplicate rows, label cardinality", entries, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 2)
    return lesc_cli_usage ("info", "expected one DATA argument");
  gboolean json = format != NULL && strcmp (format, "json") == 0;
  if (format != NULL && !json && strcmp (format, "text") != 0)
    return lesc_cli_usage ("info", "--format %s: expected text or json", format);

  g_autoptr (GError) error = NULL;
  LescValidateReport report;
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset_report (argv[1], &report, &error);
  if (ds == NULL)
    return lesc_cli_fail (error);
  g_autofree char *text = json ? info_json (ds, &report) : info_text (ds, &report);
  if (!lesc_cli_output (NULL, text, strlen (text), &error))
    return lesc_cli_fail (error);
  return LESC_EXIT_OK;
}
