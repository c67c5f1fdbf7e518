/* lesc cd [DATA...] — critical-difference statistics from the stored recovery runs (one
 * per data set × method, chosen as `lesc table` chooses them): mean ranks, Friedman and
 * Iman–Davenport, Nemenyi CD, Wilcoxon–Holm p-values and the cliques. Computes nothing. */
#include "config.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "core/eval/stats.h"

#include <math.h>
#include <stdio.h>

static char *opt_measure = NULL;
static char *opt_test = NULL;
static char *opt_omnibus = NULL;
static double opt_alpha = 0.05;
static gboolean opt_closure = FALSE;

static const GOptionEntry entries[] = {
  { "measure", 0, 0, G_OPTION_ARG_STRING, &opt_measure, "Only this measure (default: all six)", "M" },
  { "test", 0, 0, G_OPTION_ARG_STRING, &opt_test,
    "Post-hoc test: wilcoxon-holm (default, the paper's), nemenyi or bonferroni-dunn", "wilcoxon-holm|nemenyi|bonferroni-dunn" },
  { "omnibus", 0, 0, G_OPTION_ARG_STRING, &opt_omnibus,
    "Omnibus gate: iman-davenport (default), friedman or friedman-ties", "iman-davenport|friedman|friedman-ties" },
  { "alpha", 'a', 0, G_OPTION_ARG_DOUBLE, &opt_alpha, "Significance level (default 0.05)", "A" },
  { "interval-closure", 0, 0, G_OPTION_ARG_NONE, &opt_closure,
    "Widen each clique to every method inside its rank span (critdd)", NULL },
  { NULL }
};

static void
cliques_text (GString *out, const LescStatsResult *r, const GPtrArray *cliques)
{
  for (guint c = 0; c < cliques->len; c++)
    {
      const LescClique *q = g_ptr_array_index (cliques, c);
      g_string_append (out, c ? ", {" : "{");
      for (gsize i = 0; i < q->n_members; i++)
        g_string_append_printf (out, "%s%s", i ? ", " : "", r->names[q->members[i]]);
      g_string_append (out, "}");
    }
  if (cliques->len == 0)
    g_string_append (out, "none");
}

static void
write_text (GString *out, LescMeasure m, const LescStatsResult *r, const LescRecoveryTable *t,
            LescKlDirection kl)
{
  g_string_append_printf (out, "%s%s%s (%s is better): %zu data sets, %zu methods, %s, α = %g\n",
                          lesc_measure_title (m), m == LESC_MEASURE_KL ? " " : "",
                          m == LESC_MEASURE_KL ? lesc_kl_direction_title (kl) : "",
                          lesc_measure_lower_is_better (m) ? "lower" : "higher",
                          r->n, r->k, lesc_posthoc_key (r->options.posthoc), r->options.alpha);
  if (r->dropped != NULL && r->dropped->len > 0)
    {
      g_string_append (out, "  dropped (missing runs):");
      for (guint i = 0; i < r->dropped->len; i++)
        g_string_append_printf (out, " %s", t->datasets[g_array_index (r->dropped, guint, i)]);
      g_string_append_c (out, '\n');
    }
  g_string_append (out, "  mean ranks:");
  for (gsize j = 0; j < r->k; j++)
    g_string_append_printf (out, " %s %.4f%s", r->names[j], r->mean_ranks[j], j + 1 < r->k ? "," : "\n");
  const LescFriedman *f = &r->friedman;
  g_string_append_printf (out, "  Friedman χ²_F = %.4f (df %zu, p = %.4g); tie-corrected %.4f (p = %.4g)\n",
                          f->chi2, r->k - 1, f->chi2_p, f->chi2_tc, f->chi2_tc_p);
  g_string_append_printf (out, "  Iman–Davenport F_F = %.4f (df %g, %g; p = %.4g)\n", f->ff,
                          f->ff_df1, f->ff_df2, f->ff_p);
  g_string_append_printf (out, "  %s: p = %.4g%s\n", lesc_omnibus_key (r->options.omnibus), r->omnibus_p,
                          r->omnibus_not_significant ? " — not significant: no pairwise claims" : "");
  g_string_append_printf (out, "  Nemenyi CD = %.4f (q = %.6f); Bonferroni–Dunn CD = %.4f (q = %.6f, control %s)\n",
                          r->nemenyi_cd, r->nemenyi_q, r->bd_cd, r->bd_q, r->names[r->control]);
  g_string_append (out, "  pairs: Wilcoxon p, Holm p, Nemenyi p, significant by the post-hoc\n");
  for (gsize i = 0; i < r->k; i++)
    for (gsize j = i + 1; j < r->k; j++)
      g_string_append_printf (out, "    %-8s %-8s %8.4f %8.4f %8.4f %s\n", r->names[i], r->names[j],
                              LESC_AT (r->wilcoxon_p, i, j), LESC_AT (r->holm_p, i, j),
                              LESC_AT (r->nemenyi_p, i, j), r->significant[i * r->k + j] ? "yes" : "no");
  g_string_append (out, "  cliques: ");
  cliques_text (out, r, r->cliques);
  if (r->omnibus_not_significant)
    {
      g_string_append (out, "\n  post-hoc cliques (exploratory): ");
      cliques_text (out, r, r->posthoc_cliques);
    }
  g_string_append (out, "\n");
}

/* One line "measure,statistic,a,b,value" (value: 17 digits, the CSV rule for NaN/Inf). */
static void
csv_line (GString *out, const char *key, const char *what, const char *a, const char *b, double v)
{
  g_string_append_printf (out, "%s,%s,%s,%s,", key, what, a ? a : "", b ? b : "");
  lesc_format_append (out, v, LESC_FORMAT_CSV, "%.17g");
  g_string_append_c (out, '\n');
}

static void
write_csv (GString *out, LescMeasure m, const LescStatsResult *r)
{
  const char *key = lesc_measure_key (m);
  for (gsize j = 0; j < r->k; j++)
    csv_line (out, key, "mean_rank", r->names[j], NULL, r->mean_ranks[j]);
  const LescFriedman *f = &r->friedman;
  csv_line (out, key, "friedman_chi2", NULL, NULL, f->chi2);
  csv_line (out, key, "friedman_p", NULL, NULL, f->chi2_p);
  csv_line (out, key, "friedman_ties_chi2", NULL, NULL, f->chi2_tc);
  csv_line (out, key, "friedman_ties_p", NULL, NULL, f->chi2_tc_p);
  csv_line (out, key, "iman_davenport_f", NULL, NULL, f->ff);
  csv_line (out, key, "iman_davenport_p", NULL, NULL, f->ff_p);
  csv_line (out, key, "omnibus_significant", NULL, NULL, !r->omnibus_not_significant);
  csv_line (out, key, "nemenyi_cd", NULL, NULL, r->nemenyi_cd);
  csv_line (out, key, "bonferroni_dunn_cd", NULL, NULL, r->bd_cd);
  for (gsize i = 0; i < r->k; i++)
    for (gsize j = i + 1; j < r->k; j++)
      {
        csv_line (out, key, "wilcoxon_p", r->names[i], r->names[j], LESC_AT (r->wilcoxon_p, i, j));
        csv_line (out, key, "holm_p", r->names[i], r->names[j], LESC_AT (r->holm_p, i, j));
        csv_line (out, key, "nemenyi_p", r->names[i], r->names[j], LESC_AT (r->nemenyi_p, i, j));
        csv_line (out, key, "significant", r->names[i], r->names[j], r->significant[i * r->k + j]);
      }
  for (guint c = 0; c < r->cliques->len; c++)
    {
      const LescClique *q = g_ptr_array_index (r->cliques, c);
      g_string_append_printf (out, "%s,clique,", key);
      GString *members = g_string_new (NULL);
      for (gsize i = 0; i < q->n_members; i++)
        g_string_append_printf (members, "%s%s", i ? " " : "", r->names[q->members[i]]);
      lesc_csv_field (out, members->str);
      g_string_free (members, TRUE);
      g_string_append_printf (out, ",,%u\n", c + 1);
    }
}

static void
json_matrix_pairs (GString *out, const char *name, const LescStatsResult *r, const LescMatrix *p)
{
  g_string_append_printf (out, ",\n     \"%s\": [", name);
  for (gsize i = 0; i < r->k; i++)
    {
      g_string_append (out, i ? ", [" : "[");
      for (gsize j = 0; j < r->k; j++)
        {
          g_string_append (out, j ? ", " : "");
          lesc_format_append (out, LESC_AT (p, i, j), LESC_FORMAT_JSON, NULL);
        }
      g_string_append (out, "]");
    }
  g_string_append (out, "]");
}

static void
write_json (GString *out, LescMeasure m, const LescStatsResult *r, const LescRecoveryTable *t)
{
  g_string_append_printf (out, "\n    {\"measure\": \"%s\", \"lower_is_better\": %s, \"n\": %zu, "
                          "\"test\": \"%s\", \"omnibus\": \"%s\", \"alpha\": ", lesc_measure_key (m),
                          lesc_measure_lower_is_better (m) ? "true" : "false", r->n,
                          lesc_posthoc_key (r->options.posthoc), lesc_omnibus_key (r->options.omnibus));
  lesc_format_append (out, r->options.alpha, LESC_FORMAT_JSON, NULL);
  g_string_append (out, ",\n     \"methods\": [");
  for (gsize j = 0; j < r->k; j++)
    {
      g_string_append (out, j ? ", " : "");
      lesc_json_string (out, r->names[j]);
    }
  g_string_append (out, "],\n     \"dropped\": [");
  for (guint i = 0; r->dropped != NULL && i < r->dropped->len; i++)
    {
      g_string_append (out, i ? ", " : "");
      lesc_json_string (out, t->datasets[g_array_index (r->dropped, guint, i)]);
    }
  g_string_append (out, "],\n     \"mean_ranks\": [");
  for (gsize j = 0; j < r->k; j++)
    {
      g_string_append (out, j ? ", " : "");
      lesc_format_append (out, r->mean_ranks[j], LESC_FORMAT_JSON, NULL);
    }
  const LescFriedman *f = &r->friedman;
  const struct { const char *name; double v; } scalars[] = {
    { "friedman_chi2", f->chi2 }, { "friedman_p", f->chi2_p }, { "friedman_ties_chi2", f->chi2_tc },
    { "friedman_ties_p", f->chi2_tc_p }, { "iman_davenport_f", f->ff }, { "iman_davenport_p", f->ff_p },
    { "iman_davenport_df1", f->ff_df1 }, { "iman_davenport_df2", f->ff_df2 },
    { "omnibus_p", r->omnibus_p }, { "nemenyi_q", r->nemenyi_q }, { "nemenyi_cd", r->nemenyi_cd },
    { "bonferroni_dunn_q", r->bd_q }, { "bonferroni_dunn_cd", r->bd_cd },
  };
  g_string_append (out, "]");
  for (guint i = 0; i < G_N_ELEMENTS (scalars); i++)
    {
      g_string_append_printf (out, ",\n     \"%s\": ", scalars[i].name);
      lesc_format_append (out, scalars[i].v, LESC_FORMAT_JSON, NULL);
    }
  g_string_append_printf (out, ",\n     \"omnibus_significant\": %s,\n     \"control\": \"%s\"",
                          r->omnibus_not_significant ? "false" : "true", r->names[r->control]);
  json_matrix_pairs (out, "wilcoxon_p", r, r->wilcoxon_p);
  json_matrix_pairs (out, "holm_p", r, r->holm_p);
  json_matrix_pairs (out, "nemenyi_p", r, r->nemenyi_p);
  g_string_append (out, ",\n     \"cliques\": [");
  for (guint c = 0; c < r->cliques->len; c++)
    {
      const LescClique *q = g_ptr_array_index (r->cliques, c);
      g_string_append (out, c ? ", [" : "[");
      for (gsize i = 0; i < q->n_members; i++)
        {
          g_string_append (out, i ? ", " : "");
          lesc_json_string (out, r->names[q->members[i]]);
        }
      g_string_append (out, "]");
    }
  g_string_append (out, "]}");
}

int
lesc_cmd_cd (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (entries, LESC_BATCH_RESULTS | LESC_BATCH_METHODS
                                                     | LESC_BATCH_RUN | LESC_BATCH_FORMAT
                                                     | LESC_BATCH_TUNE);
  if (!lesc_cli_parse ("cd", "[DATA…]", "critical-difference statistics of the stored recovery "
                       "runs", all, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  static const char *const formats[] = { "text", "csv", "json", NULL };
  GError *error = NULL;
  LescFormat format;
  LescStatsOptions so;
  lesc_stats_options_init (&so);
  so.alpha = opt_alpha;
  so.interval_closure = opt_closure;
  if (opt_test != NULL && !lesc_posthoc_from_string (opt_test, &so.posthoc))
    return lesc_cli_usage ("cd", "--test: expected wilcoxon-holm, nemenyi or bonferroni-dunn, got '%s'", opt_test);
  if (opt_omnibus != NULL && !lesc_omnibus_from_string (opt_omnibus, &so.omnibus))
    return lesc_cli_usage ("cd", "--omnibus: expected iman-davenport, friedman or friedman-ties, got '%s'", opt_omnibus);
  if (!(opt_alpha > 0 && opt_alpha < 1))
    return lesc_cli_usage ("cd", "--alpha: expected 0 < α < 1, got %g", opt_alpha);
  int only = -1;
  if (opt_measure != NULL)
    {
      LescMeasure m;
      if (!lesc_measure_from_string (opt_measure, &m))
        return lesc_cli_usage ("cd", "--measure: unknown measure '%s'", opt_measure);
      only = (int) m;
    }
  if (!lesc_batch_format (formats, &format, &error))
    return lesc_cli_fail (error);

  LescExperimentOptions o;
  LescExperimentCounts counts = { 0 };
  if (!lesc_batch_begin (&o, TRUE, &error))
    return lesc_batch_end (&o, NULL, error);
  g_autoptr (LescRecoveryTable) t = lesc_batch_stored_table (argc, argv, &o, &counts, &error);
  int status = LESC_EXIT_OK;
  if (t != NULL)
    {
      g_auto (GStrv) names = g_new0 (char *, t->n_methods + 1);
      for (guint j = 0; j < t->n_methods; j++)
        names[j] = g_strdup (t->methods[j]->display_name);
      g_autoptr (GString) out = g_string_new (NULL);
      if (format == LESC_FORMAT_CSV)
        g_string_append (out, "measure,quantity,method,method_b,value\n");
      if (format == LESC_FORMAT_JSON)
        g_string_append_printf (out, "{\n  \"program\": \"lesc %s\",\n  \"kl\": \"%s\",\n  \"results\": [",
                                LESC_VERSION, lesc_kl_direction_key (o.kl));
      gboolean first = TRUE;
      for (int m = 0; m < LESC_N_MEASURES && error == NULL; m++)
        {
          if (only >= 0 && m != only)
            continue;
          g_autoptr (LescMatrix) values = lesc_recovery_table_values (t, (LescMeasure) m);
          g_autoptr (LescStatsResult) r = lesc_stats_compare (values, (const char *const *) names,
                                                              lesc_measure_lower_is_better ((LescMeasure) m),
                                                              &so, &error);
          if (r == NULL)
            break;
          if (format == LESC_FORMAT_TEXT)
            {
              if (!first)
                g_string_append_c (out, '\n');
              write_text (out, (LescMeasure) m, r, t, o.kl);
            }
          else if (format == LESC_FORMAT_CSV)
            write_csv (out, (LescMeasure) m, r);
          else
            {
              if (!first)
                g_string_append_c (out, ',');
              write_json (out, (LescMeasure) m, r, t);
            }
          first = FALSE;
        }
      if (format == LESC_FORMAT_JSON)
        g_string_append (out, "\n  ]\n}\n");
      if (error == NULL)
        status = lesc_batch_write (out);
      else if (counts.runs_missing > 0)
        g_prefix_error (&error, "%u stored run(s) missing (run 'lesc table' with the same options "
                                "first): ", counts.runs_missing);
    }
  /* missing runs are expected here: the summary line says how many */
  int end = lesc_batch_end (&o, &counts, error);
  lesc_experiment_counts_clear (&counts);
  return end != LESC_EXIT_OK ? end : status;
}
