/* lesc grid DATA --method lesc|glesc — the λ₁ × λ₂ sensitivity grid: a matrix per
 * measure (rows λ₂, columns λ₁). The correlation step runs once per λ₂. */
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
  { "method", 'm', 0, G_OPTION_ARG_STRING, &opt_method, "lesc or glesc (required)", "M" },
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
      char *end = NULL;
      double x = g_ascii_strtod (*p, &end);
      if (**p == '\0' || *end != '\0' || !(x > 0) || !isfinite (x))
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

static void
write_text (GString *out, const LescGrid *g, int only)
{
  g_string_append_printf (out, "%s on %s: rows λ2, columns λ1\n", g->method->display_name, g->dataset);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      if (only >= 0 && m != only)
        continue;
      /* "λ2 \ λ1" is 7 characters but 9 bytes: pad by characters */
      g_string_append_printf (out, "\n%s (%s is better)\n   λ2 \\ λ1", lesc_measure_title ((LescMeasure) m),
                              lesc_measure_lower_is_better ((LescMeasure) m) ? "lower" : "higher");
      for (guint a = 0; a < g->n1; a++)
        g_string_append_printf (out, " %10g", g->lambda1[a]);
      g_string_append_c (out, '\n');
      for (guint b = 0; b < g->n2; b++)
        {
          g_string_append_printf (out, "%10g", g->lambda2[b]);
          for (guint a = 0; a < g->n1; a++)
            {
              const LescRunRecord *c = &g->cells[b * g->n1 + a];
              g_autofree char *v = lesc_format_fixed (c->id ? c->measures[m] : NAN, opt_decimals);
              g_string_append_printf (out, " %*s%s", (int) MAX (10 - g_utf8_strlen (v, -1), 0), "", v);
            }
          g_string_append_c (out, '\n');
        }
    }
}

static void
write_csv (GString *out, const LescGrid *g, int only)
{
  gboolean first = TRUE;
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      if (only >= 0 && m != only)
        continue;
      /* one matrix per measure, separated by a blank line; the corner names the measure */
      g_string_append_printf (out, "%s%s:lambda2\\lambda1", first ? "" : "\n", lesc_measure_key ((LescMeasure) m));
      first = FALSE;
      for (guint a = 0; a < g->n1; a++)
        {
          g_autofree char *v = lesc_format_number (g->lambda1[a]);
          g_string_append_printf (out, ",%s", v);
        }
      g_string_append_c (out, '\n');
      for (guint b = 0; b < g->n2; b++)
        {
          g_autofree char *l2 = lesc_format_number (g->lambda2[b]);
          g_string_append (out, l2);
          for (guint a = 0; a < g->n1; a++)
            {
              const LescRunRecord *c = &g->cells[b * g->n1 + a];
              g_autofree char *v = c->id ? lesc_format_number (c->measures[m]) : g_strdup ("");
              g_string_append_printf (out, ",%s", v);
            }
          g_string_append_c (out, '\n');
        }
    }
}

static void
write_json (GString *out, const LescGrid *g, int only)
{
  g_string_append_printf (out, "{\n  \"program\": \"lesc %s\",\n  \"dataset\": ", LESC_VERSION);
  lesc_cli_json_string (out, g->dataset);
  g_string_append (out, ",\n  \"checksum\": ");
  lesc_cli_json_string (out, g->checksum);
  g_string_append_printf (out, ",\n  \"method\": \"%s\",\n  \"variant\": ", g->method->name);
  lesc_cli_json_string (out, g->n1 * g->n2 > 0 ? g->cells[0].variant : NULL);
  g_string_append (out, ",\n  \"lambda1\": [");
  for (guint a = 0; a < g->n1; a++)
    {
      g_string_append (out, a ? ", " : "");
      lesc_json_number (out, g->lambda1[a]);
    }
  g_string_append (out, "],\n  \"lambda2\": [");
  for (guint b = 0; b < g->n2; b++)
    {
      g_string_append (out, b ? ", " : "");
      lesc_json_number (out, g->lambda2[b]);
    }
  g_string_append (out, "],\n  \"rows\": \"lambda2\",\n  \"measures\": {");
  gboolean first = TRUE;
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      if (only >= 0 && m != only)
        continue;
      g_string_append_printf (out, "%s\n    \"%s\": [", first ? "" : ",", lesc_measure_key ((LescMeasure) m));
      first = FALSE;
      for (guint b = 0; b < g->n2; b++)
        {
          g_string_append (out, b ? ", [" : "[");
          for (guint a = 0; a < g->n1; a++)
            {
              const LescRunRecord *c = &g->cells[b * g->n1 + a];
              g_string_append (out, a ? ", " : "");
              lesc_json_number (out, c->id ? c->measures[m] : NAN);
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
                                                     | LESC_BATCH_SHARD | LESC_BATCH_FORMAT);
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
