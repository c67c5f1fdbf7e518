/* lesc grid DATA --method lesc|glesc — the λ₁ × λ₂ sensitivity grid: a matrix per
 * measure (rows λ₁, columns λ₂). The correlation step runs once per λ₂. */
#include "config.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static char *opt_method = NULL;
static char *opt_lambda1 = NULL;
static char *opt_lambda2 = NULL;
static char *opt_measure = NULL;
static int opt_decimals = 4;

static const GOptionEntry entries[] = {
  { "method", 'm', 0, G_OPTION_ARG_STRING, &opt_method, "lesc or glesc (required)", "lesc|glesc" },
  { "lambda1", 0, 0, G_OPTION_ARG_STRING, &opt_lambda1,
    "Comma-separated λ1 values (default 1e-4,1e-3,…,1e3)", "LIST" },
  { "lambda2", 0, 0, G_OPTION_ARG_STRING, &opt_lambda2,
    "Comma-separated λ2 values (default 1e-4,1e-3,…,1e3)", "LIST" },
  { "measure", 0, 0, G_OPTION_ARG_STRING, &opt_measure,
    "Only this measure (default: all six)", "M" },
  { "decimals", 'd', 0, G_OPTION_ARG_INT, &opt_decimals, "Decimals in text (default 4)", "D" },
  { NULL }
};

static GArray *
parse_list (const char *option, const char *text, GError **error)
{
  GArray *v = g_array_new (FALSE, FALSE, sizeof (double));
  if (text == NULL)
    {
      g_array_append_vals (v, lesc_grid_default, G_N_ELEMENTS (lesc_grid_default));
      return v;
    }
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  for (char **p = parts; *p; p++)
    {
      g_strstrip (*p);
      double x;
      if (!lesc_cli_parse_number (*p, &x) || !(x > 0))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--%s: expected comma-separated positive numbers, got '%s'", option, *p);
          g_array_unref (v);
          return NULL;
        }
      g_array_append_val (v, x);
    }
  return v;
}

/* Rows λ₁, columns λ₂ (the orientation `lesc plot heatmap` reads). */
static const LescRunRecord *
cell (const LescGrid *g, guint a, guint b)
{
  return &g->cells[(gsize) b * g->n1 + a];
}

static double
cell_value (const LescGrid *g, guint a, guint b, int m)
{
  const LescRunRecord *c = cell (g, a, b);
  return c->id ? c->measures[m] : NAN;
}

static void
write_text (GString *out, const LescGrid *g, int only)
{
  g_string_append_printf (out, "%s on %s: rows λ1, columns λ2\n", g->method->display_name, g->dataset);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      if (only >= 0 && m != only)
        continue;
      /* "λ1 \ λ2" is 7 characters but 9 bytes: pad by characters */
      g_string_append_printf (out, "\n%s (%s is better)\n   λ1 \\ λ2", lesc_measure_title ((LescMeasure) m),
                              lesc_measure_lower_is_better ((LescMeasure) m) ? "lower" : "higher");
      for (guint b = 0; b < g->n2; b++)
        g_string_append_printf (out, " %10g", g->lambda2[b]);
      g_string_append_c (out, '\n');
      for (guint a = 0; a < g->n1; a++)
        {
          g_string_append_printf (out, "%10g", g->lambda1[a]);
          for (guint b = 0; b < g->n2; b++)
            {
              g_autofree char *v = lesc_format_fixed (cell_value (g, a, b, m), LESC_FORMAT_TEXT, opt_decimals);
              g_string_append_printf (out, " %*s%s", (int) MAX (10 - g_utf8_strlen (v, -1), 0), "", v);
            }
          g_string_append_c (out, '\n');
        }
    }
}

/* With one measure: the matrix (header "lambda1\lambda2" then the λ₂ values; a row per
 * λ₁). With all six: long format, a row per grid point with the six measures. Both are
 * what `lesc plot heatmap` reads. */
static void
write_csv (GString *out, const LescGrid *g, int only)
{
  if (only >= 0)
    {
      g_string_append (out, "lambda1\\lambda2");
      for (guint b = 0; b < g->n2; b++)
        {
          g_autofree char *v = lesc_format_number (g->lambda2[b]);
          g_string_append_printf (out, ",%s", v);
        }
      g_string_append_c (out, '\n');
      for (guint a = 0; a < g->n1; a++)
        {
          g_autofree char *l1 = lesc_format_number (g->lambda1[a]);
          g_string_append (out, l1);
          for (guint b = 0; b < g->n2; b++)
            {
              g_string_append_c (out, ',');
              lesc_format_append (out, cell_value (g, a, b, only), LESC_FORMAT_CSV, NULL);
            }
          g_string_append_c (out, '\n');
        }
      return;
    }
  g_string_append (out, "dataset,method,lambda1,lambda2");
  for (int m = 0; m < LESC_N_MEASURES; m++)
    g_string_append_printf (out, ",%s", lesc_measure_key ((LescMeasure) m));
  g_string_append (out, ",params,variant,run\n");
  for (guint b = 0; b < g->n2; b++)
    for (guint a = 0; a < g->n1; a++)
      {
        const LescRunRecord *c = cell (g, a, b);
        g_autofree char *l1 = lesc_format_number (g->lambda1[a]);
        g_autofree char *l2 = lesc_format_number (g->lambda2[b]);
        lesc_csv_field (out, g->dataset);
        g_string_append_printf (out, ",%s,%s,%s", g->method->name, l1, l2);
        for (int m = 0; m < LESC_N_MEASURES; m++)
          {
            g_string_append_c (out, ',');
            lesc_format_append (out, cell_value (g, a, b, m), LESC_FORMAT_CSV, NULL);
          }
        g_string_append_c (out, ',');
        lesc_csv_field (out, c->params);
        g_string_append_c (out, ',');
        lesc_csv_field (out, c->variant);
        if (c->id)
          g_string_append_printf (out, ",%" G_GINT64_FORMAT "\n", c->id);
        else
          g_string_append (out, ",\n");
      }
}

static void
write_json (GString *out, const LescGrid *g, int only)
{
  g_string_append_printf (out, "{\n  \"program\": \"lesc %s\",\n  \"dataset\": ", LESC_VERSION);
  lesc_json_string (out, g->dataset);
  g_string_append (out, ",\n  \"checksum\": ");
  lesc_json_string (out, g->checksum);
  g_string_append_printf (out, ",\n  \"method\": \"%s\",\n  \"variant\": ", g->method->name);
  lesc_json_string (out, g->n1 * g->n2 > 0 ? g->cells[0].variant : NULL);
  g_string_append (out, ",\n  \"lambda1\": [");
  for (guint a = 0; a < g->n1; a++)
    {
      g_string_append (out, a ? ", " : "");
      lesc_format_append (out, g->lambda1[a], LESC_FORMAT_JSON, NULL);
    }
  g_string_append (out, "],\n  \"lambda2\": [");
  for (guint b = 0; b < g->n2; b++)
    {
      g_string_append (out, b ? ", " : "");
      lesc_format_append (out, g->lambda2[b], LESC_FORMAT_JSON, NULL);
    }
  g_string_append (out, "],\n  \"rows\": \"lambda1\",\n  \"measures\": {");
  gboolean first = TRUE;
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      if (only >= 0 && m != only)
        continue;
      g_string_append_printf (out, "%s\n    \"%s\": [", first ? "" : ",", lesc_measure_key ((LescMeasure) m));
      first = FALSE;
      for (guint a = 0; a < g->n1; a++)
        {
          g_string_append (out, a ? ", [" : "[");
          for (guint b = 0; b < g->n2; b++)
            {
              g_string_append (out, b ? ", " : "");
              lesc_format_append (out, cell_value (g, a, b, m), LESC_FORMAT_JSON, NULL);
            }
          g_string_append (out, "]");
        }
      g_string_append (out, "]");
    }
  g_string_append (out, "\n  }\n}\n");
}

int
lesc_cmd_grid (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (entries, LESC_BATCH_STORE | LESC_BATCH_RUN
                                                     | LESC_BATCH_SHARD | LESC_BATCH_FORMAT
                                                     | LESC_BATCH_CACHE);
  if (!lesc_cli_parse ("grid", "DATA", "the λ1 × λ2 sensitivity grid of LESC or gLESC", all, TRUE,
                       &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 2)
    return lesc_cli_usage ("grid", "expected one DATA argument");
  if (opt_method == NULL)
    return lesc_cli_usage ("grid", "--method lesc or --method glesc is required");
  static const char *const formats[] = { "text", "csv", "json", NULL };
  GError *error = NULL;
  LescFormat format;
  int only = -1;
  if (opt_measure != NULL)
    {
      LescMeasure m;
      if (!lesc_measure_from_string (opt_measure, &m))
        return lesc_cli_usage ("grid", "--measure: unknown measure '%s'", opt_measure);
      only = (int) m;
    }
  if (!lesc_batch_format (formats, &format, &error))
    return lesc_cli_fail (error);
  lesc_batch.methods = opt_method;
  g_autoptr (GArray) setups = lesc_batch_methods (opt_method, FALSE, &error);
  g_autoptr (GArray) l1 = setups ? parse_list ("lambda1", opt_lambda1, &error) : NULL;
  g_autoptr (GArray) l2 = l1 ? parse_list ("lambda2", opt_lambda2, &error) : NULL;
  if (l2 == NULL)
    return lesc_cli_fail (error);
  if (setups->len != 1)
    return lesc_cli_usage ("grid", "--method: expected one method");

  LescExperimentOptions o;
  LescExperimentCounts counts = { 0 };
  if (!lesc_batch_begin (&o, FALSE, &error))
    return lesc_batch_end (&o, NULL, error);
  g_autoptr (LescGrid) g = lesc_grid_run (argv[1], &g_array_index (setups, LescMethodSetup, 0),
                                          (const double *) l1->data, l1->len,
                                          (const double *) l2->data, l2->len, &o, &counts, &error);
  int status = LESC_EXIT_OK;
  if (g != NULL && o.shard.count <= 1)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      if (format == LESC_FORMAT_CSV)
        write_csv (out, g, only);
      else if (format == LESC_FORMAT_JSON)
        write_json (out, g, only);
      else
        write_text (out, g, only);
      status = lesc_batch_write (out);
    }
  int end = lesc_batch_end (&o, &counts, error);
  lesc_experiment_counts_clear (&counts);
  return end != LESC_EXIT_OK ? end : status;
}
