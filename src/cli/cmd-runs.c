/* lesc runs — list the runs in the results store. */
#include "config.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"

#include <math.h>
#include <stdio.h>

static char *opt_dataset = NULL;
static char *opt_method = NULL;
static char *opt_params = NULL;
static char *opt_variant = NULL;
static char *opt_kl = NULL;
static char *opt_kind = NULL;

static const GOptionEntry entries[] = {
  { "dataset", 0, 0, G_OPTION_ARG_STRING, &opt_dataset, "Only this data set (name or checksum prefix)", "D" },
  { "method", 'm', 0, G_OPTION_ARG_STRING, &opt_method, "Only this method", "M" },
  { "params", 0, 0, G_OPTION_ARG_STRING, &opt_params, "Only these parameters (exact text, e.g. 'lambda1=10 lambda2=0.1')", "P" },
  { "variant", 0, 0, G_OPTION_ARG_STRING, &opt_variant, "Only this variant text", "V" },
  { "kl", 0, 0, G_OPTION_ARG_STRING, &opt_kl, "Only this KL direction", "DIR" },
  { "kind", 0, 0, G_OPTION_ARG_STRING, &opt_kind, "all (default), recovery or cv", "all|recovery|cv" },
  { NULL }
};

static const char *const columns[] = {
  "id", "dataset", "method", "params", "seed", "variant", "kl_direction", "fold", "folds",
  "fold_seed", "cheb", "clark", "canber", "kl", "cosine", "intersec", "n_rows", "seconds",
  "stages", "solver", "version", "created", "checksum",
};

/* The text of column c of run r ("" when absent), full precision. */
static char *
field (const LescRunRecord *r, guint c)
{
  switch (c)
    {
    case 0: return g_strdup_printf ("%" G_GINT64_FORMAT, r->id);
    case 1: return g_strdup (r->dataset);
    case 2: return g_strdup (r->method);
    case 3: return g_strdup (r->params);
    case 4: return r->has_seed ? g_strdup_printf ("%u", r->seed) : g_strdup ("");
    case 5: return g_strdup (r->variant);
    case 6: return g_strdup (lesc_kl_direction_key (r->kl));
    case 7: return r->fold >= 0 ? g_strdup_printf ("%d", r->fold) : g_strdup ("");
    case 8: return r->fold >= 0 ? g_strdup_printf ("%d", r->folds) : g_strdup ("");
    case 9: return r->fold >= 0 ? g_strdup_printf ("%u", r->fold_seed) : g_strdup ("");
    case 10: case 11: case 12: case 13: case 14: case 15:
      return lesc_format_value (r->measures[c - 10], LESC_FORMAT_CSV, NULL);
    case 16: return g_strdup_printf ("%u", r->n_rows);
    case 17: return g_strdup_printf ("%.3f", r->seconds);
    case 18: return g_strdup (r->stages);
    case 19: return g_strdup (r->solver);
    case 20: return g_strdup (r->version);
    case 21: return g_strdup (r->created);
    default: return g_strdup (r->checksum);
    }
}

int
lesc_cmd_runs (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (entries, LESC_BATCH_RESULTS | LESC_BATCH_FORMAT);
  if (!lesc_cli_parse ("runs", "", "list the runs in the results store", all, FALSE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 1)
    return lesc_cli_usage ("runs", "unexpected argument '%s'", argv[1]);
  static const char *const formats[] = { "text", "csv", "json", NULL };
  GError *error = NULL;
  LescFormat format;
  if (!lesc_batch_format (formats, &format, &error))
    return lesc_cli_fail (error);
  LescRunFilter f = { opt_dataset, opt_method, opt_params, opt_variant, -1, LESC_RUN_KIND_ALL };
  if (opt_kl != NULL)
    {
      LescKlDirection d;
      if (!lesc_kl_direction_from_string (opt_kl, &d))
        return lesc_cli_usage ("runs", "--kl: expected truth-recovered or recovered-truth, got '%s'", opt_kl);
      f.kl = (int) d;
    }
  if (opt_kind != NULL)
    {
      if (g_ascii_strcasecmp (opt_kind, "recovery") == 0)
        f.kind = LESC_RUN_KIND_RECOVERY;
      else if (g_ascii_strcasecmp (opt_kind, "cv") == 0)
        f.kind = LESC_RUN_KIND_CV;
      else if (g_ascii_strcasecmp (opt_kind, "all") != 0)
        return lesc_cli_usage ("runs", "--kind: expected all, recovery or cv, got '%s'", opt_kind);
    }
  g_autoptr (LescStore) store = lesc_store_open_existing (lesc_batch.results, &error);
  g_autoptr (GPtrArray) runs = store ? lesc_store_query (store, &f, &error) : NULL;
  if (runs == NULL)
    return lesc_cli_fail (error);

  g_autoptr (GString) out = g_string_new (NULL);
  guint nc = G_N_ELEMENTS (columns);
  if (format == LESC_FORMAT_CSV)
    {
      for (guint c = 0; c < nc; c++)
        g_string_append_printf (out, "%s%s", c ? "," : "", columns[c]);
      g_string_append_c (out, '\n');
      for (guint i = 0; i < runs->len; i++)
        for (guint c = 0; c < nc; c++)
          {
            g_autofree char *v = field (g_ptr_array_index (runs, i), c);
            lesc_csv_field (out, v);
            g_string_append_c (out, c + 1 < nc ? ',' : '\n');
          }
    }
  else if (format == LESC_FORMAT_JSON)
    {
      g_string_append (out, "[");
      for (guint i = 0; i < runs->len; i++)
        {
          const LescRunRecord *r = g_ptr_array_index (runs, i);
          g_string_append_printf (out, "%s\n  {", i ? "," : "");
          for (guint c = 0; c < nc; c++)
            {
              g_string_append_printf (out, "%s\"%s\": ", c ? ", " : "", columns[c]);
              g_autofree char *v = field (r, c);
              gboolean numeric = c == 0 || (c >= 4 && c <= 17 && c != 5 && c != 6);
              if (*v == '\0' && c != 3 && c != 5 && c != 19)
                g_string_append (out, "null");
              else if (c >= 10 && c <= 15)
                lesc_format_append (out, r->measures[c - 10], LESC_FORMAT_JSON, NULL);
              else if (numeric)
                g_string_append (out, v);
              else
                lesc_json_string (out, v);
            }
          g_string_append (out, "}");
        }
      g_string_append (out, "\n]\n");
    }
  else
    {
      /* the columns a person reads; csv/json have everything */
      static const guint shown[] = { 0, 1, 2, 3, 5, 7, 10, 11, 12, 13, 14, 15, 17 };
      g_string_append_printf (out, "%5s %-12s %-6s %-26s %-10s %4s %8s %8s %8s %8s %8s %8s %9s\n",
                              "id", "dataset", "method", "params", "variant", "fold", "cheb",
                              "clark", "canber", "kl", "cosine", "intersec", "seconds");
      for (guint i = 0; i < runs->len; i++)
        {
          const LescRunRecord *r = g_ptr_array_index (runs, i);
          for (guint s = 0; s < G_N_ELEMENTS (shown); s++)
            {
              guint c = shown[s];
              g_autofree char *v = c >= 10 && c <= 15 ? lesc_format_fixed (r->measures[c - 10], LESC_FORMAT_TEXT, 4)
                                                       : field (r, c);
              static const int width[] = { 5, -12, -6, -26, 0, -10, 0, 4, 0, 0, 8, 8, 8, 8, 8, 8, 0, 9 };
              g_string_append_printf (out, "%s%*s", s ? " " : "", width[c], v);
            }
          g_string_append_c (out, '\n');
        }
      g_string_append_printf (out, "%u run(s) in %s\n", runs->len, lesc_store_path (store));
    }
  return lesc_batch_write (out);
}
