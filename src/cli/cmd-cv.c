/* lesc cv DATA... — k-fold cross-validation (the paper's Tables 4 and 5): mean ± std
 * per measure and method with ranks, and with --ttest the paired t-tests. */
#include "config.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "core/base/random.h"
#include "core/eval/stats.h"

#include <math.h>
#include <stdio.h>

static int opt_folds = 10;
static gint64 opt_fold_seed = -1;
static gboolean opt_ttest = FALSE;
static int opt_decimals = 4;

static const GOptionEntry entries[] = {
  { "folds", 'k', 0, G_OPTION_ARG_INT, &opt_folds, "Number of folds (default 10)", "K" },
  { "fold-seed", 0, 0, G_OPTION_ARG_INT64, &opt_fold_seed,
    "Seed of the fold assignment (default: --seed, else 5489)", "S" },
  { "ttest", 0, 0, G_OPTION_ARG_NONE, &opt_ttest,
    "Paired two-sided t-tests between each pair of methods (df = folds − 1)", NULL },
  { "decimals", 'd', 0, G_OPTION_ARG_INT, &opt_decimals, "Decimals in text (default 4)", "D" },
  { NULL }
};

typedef struct {
  double *mean, *std, *rank; /* [d·k + j] */
} Summary;

static void
summarise (const LescCvResult *r, LescMeasure m, Summary *s)
{
  guint n = r->n_datasets, k = r->n_methods;
  s->mean = g_new (double, n * k);
  s->std = g_new (double, n * k);
  s->rank = g_new (double, n * k);
  for (guint d = 0; d < n; d++)
    {
      gboolean complete = TRUE;
      for (guint j = 0; j < k; j++)
        {
          lesc_cv_summary (r, d, j, m, &s->mean[d * k + j], &s->std[d * k + j]);
          complete = complete && !isnan (s->mean[d * k + j]);
        }
      if (complete)
        lesc_stats_rank (&s->mean[d * k], k, lesc_measure_lower_is_better (m), LESC_RANK_TIES_MID,
                         &s->rank[d * k]);
      else
        for (guint j = 0; j < k; j++)
          s->rank[d * k + j] = NAN;
    }
}

static void
summary_clear (Summary *s)
{
  g_free (s->mean);
  g_free (s->std);
  g_free (s->rank);
}

/* The t-test of methods a < b on data set d; FALSE when a fold is missing. */
static gboolean
ttest (const LescCvResult *r, guint d, guint a, guint b, LescMeasure m, LescTTest *out)
{
  g_autofree double *va = g_new (double, r->folds);
  g_autofree double *vb = g_new (double, r->folds);
  lesc_cv_fold_values (r, d, a, m, va);
  lesc_cv_fold_values (r, d, b, m, vb);
  for (guint f = 0; f < r->folds; f++)
    if (!isfinite (va[f]) || !isfinite (vb[f]))
      return FALSE;
  return lesc_stats_paired_ttest (va, vb, r->folds, lesc_measure_lower_is_better (m), out, NULL);
}

static void
write_text (GString *out, const LescCvResult *r, Summary *s)
{
  guint k = r->n_methods;
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      g_string_append_printf (out, "%s%s (%s is better): mean ± std over %u folds (rank)\n",
                              m ? "\n" : "", lesc_measure_title ((LescMeasure) m),
                              lesc_measure_lower_is_better ((LescMeasure) m) ? "lower" : "higher",
                              r->folds);
      g_string_append_printf (out, "%-14s", "data set");
      for (guint j = 0; j < k; j++)
        g_string_append_printf (out, "  %-24s", r->methods[j]->display_name);
      g_string_append_c (out, '\n');
      for (guint d = 0; d < r->n_datasets; d++)
        {
          g_string_append_printf (out, "%-14s", r->datasets[d]);
          for (guint j = 0; j < k; j++)
            {
              g_autofree char *mu = lesc_format_fixed (s[m].mean[d * k + j], LESC_FORMAT_TEXT, opt_decimals);
              g_autofree char *sd = lesc_format_fixed (s[m].std[d * k + j], LESC_FORMAT_TEXT, opt_decimals);
              g_autofree char *rk = lesc_format_number (s[m].rank[d * k + j]);
              g_autofree char *cell = isnan (s[m].rank[d * k + j])
                                        ? g_strdup_printf ("%s ± %s", mu, sd)
                                        : g_strdup_printf ("%s ± %s(%s)", mu, sd, rk);
              glong pad = 24 - g_utf8_strlen (cell, -1);
              g_string_append_printf (out, "  %s%*s", cell, (int) MAX (pad, 0), "");
            }
          g_string_append_c (out, '\n');
        }
    }
  if (opt_ttest)
    {
      g_string_append_printf (out, "\nPaired two-sided t-tests (df = %u; t > 0: the second method "
                                   "is better)\n", r->folds - 1);
      g_string_append_printf (out, "%-14s %-9s %-16s %10s %10s\n", "data set", "measure", "pair",
                              "t", "p");
      for (guint d = 0; d < r->n_datasets; d++)
        for (int m = 0; m < LESC_N_MEASURES; m++)
          for (guint a = 0; a < k; a++)
            for (guint b = a + 1; b < k; b++)
              {
                LescTTest t;
                g_autofree char *pair = g_strdup_printf ("%s–%s", r->methods[a]->display_name,
                                                         r->methods[b]->display_name);
                g_string_append_printf (out, "%-14s %-9s %s%*s", r->datasets[d],
                                        lesc_measure_key ((LescMeasure) m), pair,
                                        (int) MAX (16 - g_utf8_strlen (pair, -1), 0), "");
                if (ttest (r, d, a, b, (LescMeasure) m, &t))
                  g_string_append_printf (out, " %10.4f %10.4f\n", t.t, t.p);
                else
                  g_string_append_printf (out, " %10s %10s\n", "—", "—");
              }
    }
  g_string_append_printf (out, "\nlesc %s · %u folds, fold seed %u\n", LESC_VERSION, r->folds,
                          r->fold_seed);
}

static void
write_csv (GString *out, const LescCvResult *r, Summary *s)
{
  guint k = r->n_methods;
  g_string_append (out, "table,dataset,measure,method,method_b,mean,std,rank,t,df,p,folds,fold_seed,params\n");
  for (guint d = 0; d < r->n_datasets; d++)
    for (int m = 0; m < LESC_N_MEASURES; m++)
      {
        for (guint j = 0; j < k; j++)
          {
            g_autofree char *mu = lesc_format_value (s[m].mean[d * k + j], LESC_FORMAT_CSV, NULL);
            g_autofree char *sd = lesc_format_value (s[m].std[d * k + j], LESC_FORMAT_CSV, NULL);
            g_autofree char *rk = lesc_format_value (s[m].rank[d * k + j], LESC_FORMAT_CSV, NULL);
            g_string_append (out, "summary,");
            lesc_csv_field (out, r->datasets[d]);
            g_string_append_printf (out, ",%s,%s,,%s,%s,%s,,,,%u,%u,", lesc_measure_key ((LescMeasure) m),
                                    r->methods[j]->name, mu, sd, rk, r->folds, r->fold_seed);
            lesc_csv_field (out, r->cells[((gsize) d * k + j) * r->folds].params);
            g_string_append_c (out, '\n');
          }
        if (!opt_ttest)
          continue;
        for (guint a = 0; a < k; a++)
          for (guint b = a + 1; b < k; b++)
            {
              LescTTest t;
              gboolean ok = ttest (r, d, a, b, (LescMeasure) m, &t);
              g_autofree char *tv = lesc_format_value (ok ? t.t : NAN, LESC_FORMAT_CSV, NULL);
              g_autofree char *pv = lesc_format_value (ok ? t.p : NAN, LESC_FORMAT_CSV, NULL);
              g_string_append (out, "ttest,");
              lesc_csv_field (out, r->datasets[d]);
              g_string_append_printf (out, ",%s,%s,%s,,,,%s,%u,%s,%u,%u,\n",
                                      lesc_measure_key ((LescMeasure) m), r->methods[a]->name,
                                      r->methods[b]->name, tv, r->folds - 1, pv, r->folds,
                                      r->fold_seed);
            }
      }
}

static void
write_json (GString *out, const LescCvResult *r, Summary *s)
{
  guint k = r->n_methods;
  g_string_append_printf (out, "{\n  \"program\": \"lesc %s\",\n  \"folds\": %u,\n  \"fold_seed\": %u,\n"
                          "  \"datasets\": [", LESC_VERSION, r->folds, r->fold_seed);
  for (guint d = 0; d < r->n_datasets; d++)
    {
      g_string_append_printf (out, "%s\n    {\"name\": ", d ? "," : "");
      lesc_json_string (out, r->datasets[d]);
      g_string_append (out, ", \"checksum\": ");
      lesc_json_string (out, r->checksums[d]);
      g_string_append (out, ",\n     \"methods\": [");
      for (guint j = 0; j < k; j++)
        {
          const LescRunRecord *c0 = &r->cells[((gsize) d * k + j) * r->folds];
          g_string_append_printf (out, "%s\n       {\"method\": \"%s\", \"params\": ", j ? "," : "",
                                  r->methods[j]->name);
          lesc_json_string (out, c0->params);
          g_string_append (out, ", \"variant\": ");
          lesc_json_string (out, c0->variant);
          for (int m = 0; m < LESC_N_MEASURES; m++)
            {
              g_autofree double *v = g_new (double, r->folds);
              lesc_cv_fold_values (r, d, j, (LescMeasure) m, v);
              g_string_append_printf (out, ",\n        \"%s\": {\"mean\": ", lesc_measure_key ((LescMeasure) m));
              lesc_format_append (out, s[m].mean[d * k + j], LESC_FORMAT_JSON, NULL);
              g_string_append (out, ", \"std\": ");
              lesc_format_append (out, s[m].std[d * k + j], LESC_FORMAT_JSON, NULL);
              g_string_append (out, ", \"rank\": ");
              lesc_format_append (out, s[m].rank[d * k + j], LESC_FORMAT_JSON, NULL);
              g_string_append (out, ", \"folds\": [");
              for (guint f = 0; f < r->folds; f++)
                {
                  g_string_append (out, f ? ", " : "");
                  lesc_format_append (out, v[f], LESC_FORMAT_JSON, NULL);
                }
              g_string_append (out, "]}");
            }
          g_string_append (out, "}");
        }
      g_string_append (out, "]");
      if (opt_ttest)
        {
          g_string_append (out, ",\n     \"ttests\": [");
          gboolean first = TRUE;
          for (int m = 0; m < LESC_N_MEASURES; m++)
            for (guint a = 0; a < k; a++)
              for (guint b = a + 1; b < k; b++)
                {
                  LescTTest t;
                  gboolean ok = ttest (r, d, a, b, (LescMeasure) m, &t);
                  g_string_append_printf (out, "%s\n       {\"measure\": \"%s\", \"a\": \"%s\", \"b\": \"%s\", "
                                          "\"df\": %u, \"t\": ", first ? "" : ",",
                                          lesc_measure_key ((LescMeasure) m), r->methods[a]->name,
                                          r->methods[b]->name, r->folds - 1);
                  lesc_format_append (out, ok ? t.t : NAN, LESC_FORMAT_JSON, NULL);
                  g_string_append (out, ", \"p\": ");
                  lesc_format_append (out, ok ? t.p : NAN, LESC_FORMAT_JSON, NULL);
                  g_string_append (out, "}");
                  first = FALSE;
                }
          g_string_append (out, "]");
        }
      g_string_append (out, "}");
    }
  g_string_append (out, "\n  ]\n}\n");
}

int
lesc_cmd_cv (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (entries, LESC_BATCH_STORE | LESC_BATCH_METHODS | LESC_BATCH_RUN
                                                     | LESC_BATCH_SHARD | LESC_BATCH_FORMAT);
  if (!lesc_cli_parse ("cv", "DATA…", "k-fold cross-validation: mean ± std with ranks and "
                       "paired t-tests", all, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc < 2)
    return lesc_cli_usage ("cv", "expected at least one DATA argument");
  if (opt_folds < 2)
    return lesc_cli_usage ("cv", "--folds: expected at least 2, got %d", opt_folds);
  if (opt_fold_seed < -1 || opt_fold_seed > G_MAXUINT32)
    return lesc_cli_usage ("cv", "--fold-seed: expected 0 … 4294967295");
  static const char *const formats[] = { "text", "csv", "json", NULL };
  GError *error = NULL;
  LescFormat format;
  if (!lesc_batch_format (formats, &format, &error))
    return lesc_cli_fail (error);
  g_autoptr (GArray) setups = lesc_batch_methods ("glle,lesc,glesc", TRUE, &error);
  g_autoptr (GPtrArray) datasets = setups ? lesc_batch_datasets (argc, argv, NULL, &error) : NULL;
  if (datasets == NULL)
    return lesc_cli_fail (error);
  guint32 fold_seed = opt_fold_seed >= 0 ? (guint32) opt_fold_seed
                      : lesc_batch.seed >= 0 ? (guint32) lesc_batch.seed : LESC_DEFAULT_SEED;

  LescExperimentOptions o;
  LescExperimentCounts counts = { 0 };
  if (!lesc_batch_begin (&o, FALSE, &error))
    return lesc_batch_end (&o, NULL, error);
  g_autoptr (LescCvResult) r = lesc_cross_validate ((const char *const *) datasets->pdata,
                                                    datasets->len,
                                                    (const LescMethodSetup *) setups->data,
                                                    setups->len, (guint) opt_folds, fold_seed, &o,
                                                    &counts, &error);
  int status = LESC_EXIT_OK;
  if (r != NULL && o.shard.count <= 1)
    {
      Summary s[LESC_N_MEASURES];
      for (int m = 0; m < LESC_N_MEASURES; m++)
        summarise (r, (LescMeasure) m, &s[m]);
      g_autoptr (GString) out = g_string_new (NULL);
      if (format == LESC_FORMAT_CSV)
        write_csv (out, r, s);
      else if (format == LESC_FORMAT_JSON)
        write_json (out, r, s);
      else
        write_text (out, r, s);
      for (int m = 0; m < LESC_N_MEASURES; m++)
        summary_clear (&s[m]);
      status = lesc_batch_write (out);
    }
  int end = lesc_batch_end (&o, &counts, error);
  lesc_experiment_counts_clear (&counts);
  return end != LESC_EXIT_OK ? end : status;
}
