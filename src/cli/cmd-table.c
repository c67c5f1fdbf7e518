/* lesc table [DATA...] — the recovery table (the paper's Table 3): for each measure,
 * data set × method as value(rank) with the average-rank row. */
#include "config.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "core/eval/published.h"
#include "core/eval/stats.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int opt_decimals = 3;
static char *opt_ties = NULL;
static char *opt_against = NULL;

static const GOptionEntry entries[] = {
  { "decimals", 'd', 0, G_OPTION_ARG_INT, &opt_decimals,
    "Decimals of the values in text and LaTeX (default 3, as the paper)", "D" },
  { "ties", 0, 0, G_OPTION_ARG_STRING, &opt_ties,
    "Ranks of tied values: mid (mean of the ranks spanned, default) or min (the paper's "
    "printed columns)", "mid|min" },
  { "against", 0, 0, G_OPTION_ARG_STRING, &opt_against,
    "Beside each value, the published one and the difference (ours − published) where "
    "the program ships it: published (the paper's Table 3 for Artificial, SJAFFE, "
    "Yeast-alpha, Yeast-cold)", "published" },
  { NULL }
};

/* Ranks of one measure: per data set over the methods (complete rows only; NaN
 * elsewhere) and the mean over the complete rows. */
typedef struct {
  LescMatrix *values;  /* N×k */
  LescMatrix *ranks;   /* N×k, NaN for incomplete rows */
  double *mean;        /* k */
  guint complete;      /* rows ranked */
} MeasureRanks;

static void
measure_ranks (const LescRecoveryTable *t, LescMeasure m, LescRankTies ties, MeasureRanks *r)
{
  guint n = t->n_datasets, k = t->n_methods;
  r->values = lesc_recovery_table_values (t, m);
  r->ranks = lesc_matrix_new (n, k);
  r->mean = g_new0 (double, k);
  r->complete = 0;
  g_autofree double *row = g_new (double, k);
  g_autofree double *rk = g_new (double, k);
  for (guint d = 0; d < n; d++)
    {
      gboolean complete = TRUE;
      for (guint j = 0; j < k; j++)
        {
          row[j] = LESC_AT (r->values, d, j);
          complete = complete && !isnan (row[j]);
        }
      if (complete)
        {
          lesc_stats_rank (row, k, lesc_measure_lower_is_better (m), ties, rk);
          r->complete++;
        }
      for (guint j = 0; j < k; j++)
        {
          LESC_AT (r->ranks, d, j) = complete ? rk[j] : NAN;
          if (complete)
            r->mean[j] += rk[j];
        }
    }
  for (guint j = 0; j < k; j++)
    r->mean[j] = r->complete > 0 ? r->mean[j] / r->complete : NAN;
}

static void
measure_ranks_clear (MeasureRanks *r)
{
  lesc_matrix_free (r->values);
  lesc_matrix_free (r->ranks);
  g_free (r->mean);
}

/* The published row of data set d and method j, or NULL (no --against, or not shipped). */
static const LescPublishedRow *
published_row (const LescPublishedTable *against, const LescRecoveryTable *t, guint d, guint j)
{
  return lesc_published_find (against, t->datasets[d], t->methods[j]->name);
}

static gboolean
dataset_published (const LescPublishedTable *against, const LescRecoveryTable *t, guint d)
{
  for (guint j = 0; j < t->n_methods; j++)
    if (published_row (against, t, d, j) != NULL)
      return TRUE;
  return FALSE;
}

/* ours − published, NaN where it cannot be said: no published value, ours missing, or a KL
 * of the other direction */
static double
published_difference (const LescPublishedTable *against, const LescPublishedRow *row,
                      LescMeasure m, LescKlDirection kl, double ours)
{
  if (row == NULL || (m == LESC_MEASURE_KL && kl != against->kl))
    return NAN;
  return ours - row->measures[m];
}

/* "+0.0012"; NaN (no difference to say) and ±∞ by the format's rule */
static char *
difference_text (double v, LescFormat format, int decimals)
{
  char conversion[8];
  g_snprintf (conversion, sizeof conversion, "%%+.%df", CLAMP (decimals, 0, 17));
  return lesc_format_value (v, format, conversion);
}

/* What --against compares with, for the headers. */
static char *
against_text (const LescPublishedTable *against, LescKlDirection kl)
{
  return g_strdup_printf ("rows 'published' and 'difference' (ours − published) from %s "
                          "(%d decimals; its KL is %s)%s", against->source, against->decimals,
                          lesc_kl_direction_title (against->kl),
                          kl != against->kl ? ". No KL differences: this table's KL is the "
                                              "other direction (--kl recovered-truth)" : "");
}

static char *
cell_text (double v, double rank, LescFormat format, int decimals)
{
  g_autofree char *value = lesc_format_fixed (v, format, decimals);
  if (isnan (rank))
    return g_steal_pointer (&value);
  g_autofree char *r = lesc_format_number (rank);
  return g_strdup_printf ("%s(%s)", value, r);
}

static gboolean
method_tuned (const LescRecoveryTable *t, guint j)
{
  const LescMethod *m = t->methods[j];
  return t->tuning.enabled && (lesc_method_param_index (m, "lambda1") >= 0
                               || lesc_method_param_index (m, "lambda") >= 0);
}

static const char *
select_by_text (const LescRecoveryTable *t)
{
  return t->tuning.select_by < 0 ? "average-rank" : lesc_measure_key ((LescMeasure) t->tuning.select_by);
}

/* ---- text ------------------------------------------------------------------------- */

/* Appends rows of cells as aligned columns (first column left, others right). */
static void
append_aligned (GString *out, GPtrArray *rows, guint cols)
{
  g_autofree glong *width = g_new0 (glong, cols);
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = g_ptr_array_index (rows, r);
      for (guint c = 0; c < cols; c++)
        width[c] = MAX (width[c], g_utf8_strlen (cells[c], -1));
    }
  for (guint r = 0; r < rows->len; r++)
    {
      char **cells = g_ptr_array_index (rows, r);
      for (guint c = 0; c < cols; c++)
        {
          glong pad = width[c] - g_utf8_strlen (cells[c], -1);
          if (c > 0)
            g_string_append (out, "  ");
          if (c > 0)
            for (glong i = 0; i < pad; i++)
              g_string_append_c (out, ' ');
          g_string_append (out, cells[c]);
          if (c == 0 && cols > 1)
            for (glong i = 0; i < pad; i++)
              g_string_append_c (out, ' ');
        }
      g_string_append_c (out, '\n');
    }
}

static void
write_text (GString *out, const LescRecoveryTable *t, MeasureRanks *mr, LescKlDirection kl,
            const LescPublishedTable *against)
{
  guint k = t->n_methods;
  if (against != NULL)
    {
      g_autofree char *a = against_text (against, kl);
      g_string_append_printf (out, "Against the published values: %s\n\n", a);
    }
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      g_string_append_printf (out, "%s%s%s%s (%s is better)\n", m ? "\n" : "",
                              lesc_measure_title ((LescMeasure) m),
                              m == LESC_MEASURE_KL ? " " : "",
                              m == LESC_MEASURE_KL ? lesc_kl_direction_title (kl) : "",
                              lesc_measure_lower_is_better ((LescMeasure) m) ? "lower" : "higher");
      g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      char **head = g_new0 (char *, k + 2);
      head[0] = g_strdup ("data set");
      for (guint j = 0; j < k; j++)
        head[j + 1] = g_strdup (t->methods[j]->display_name);
      g_ptr_array_add (rows, head);
      for (guint d = 0; d < t->n_datasets; d++)
        {
          char **row = g_new0 (char *, k + 2);
          row[0] = g_strdup (t->datasets[d]);
          for (guint j = 0; j < k; j++)
            row[j + 1] = cell_text (LESC_AT (mr[m].values, d, j), LESC_AT (mr[m].ranks, d, j),
                                    LESC_FORMAT_TEXT, opt_decimals);
          g_ptr_array_add (rows, row);
          if (!dataset_published (against, t, d))
            continue;
          char **pub = g_new0 (char *, k + 2), **diff = g_new0 (char *, k + 2);
          pub[0] = g_strdup ("  published");
          diff[0] = g_strdup ("  difference");
          for (guint j = 0; j < k; j++)
            {
              const LescPublishedRow *p = published_row (against, t, d, j);
              pub[j + 1] = p ? lesc_format_fixed (p->measures[m], LESC_FORMAT_TEXT, against->decimals)
                             : g_strdup ("");
              diff[j + 1] = p ? difference_text (published_difference (against, p, (LescMeasure) m, kl,
                                                                       LESC_AT (mr[m].values, d, j)),
                                                 LESC_FORMAT_TEXT, opt_decimals + 1)
                              : g_strdup ("");
            }
          g_ptr_array_add (rows, pub);
          g_ptr_array_add (rows, diff);
        }
      char **avg = g_new0 (char *, k + 2);
      avg[0] = g_strdup ("average rank");
      for (guint j = 0; j < k; j++)
        avg[j + 1] = lesc_format_fixed (mr[m].mean[j], LESC_FORMAT_TEXT, 2);
      g_ptr_array_add (rows, avg);
      append_aligned (out, rows, k + 1);
      if (mr[m].complete < t->n_datasets)
        g_string_append_printf (out, "(ranks over the %u data sets with every method)\n",
                                mr[m].complete);
    }
  gboolean any_tuned = FALSE;
  for (guint j = 0; j < k; j++)
    any_tuned = any_tuned || method_tuned (t, j);
  if (any_tuned)
    {
      g_string_append_printf (out, "\nSelected parameters (by %s)\n", select_by_text (t));
      g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
      for (guint d = 0; d < t->n_datasets; d++)
        for (guint j = 0; j < k; j++)
          if (method_tuned (t, j))
            {
              const LescRunRecord *c = &t->cells[d * k + j];
              char **row = g_new0 (char *, 3);
              row[0] = g_strdup_printf ("%s · %s", t->datasets[d], t->methods[j]->display_name);
              row[1] = g_strdup (c->id != 0 ? c->params : "(incomplete)");
              g_ptr_array_add (rows, row);
            }
      append_aligned (out, rows, 2);
    }
  g_string_append_printf (out, "\nlesc %s · KL %s = %s", LESC_VERSION, lesc_kl_direction_key (kl),
                          lesc_kl_direction_title (kl));
  for (guint j = 0; j < k && t->n_datasets > 0; j++)
    {
      const LescRunRecord *c = &t->cells[j];
      if (c->variant != NULL && *c->variant)
        {
          g_string_append_printf (out, " · variant %s", c->variant);
          break;
        }
    }
  g_string_append (out, "\n");
}

/* ---- csv ---------------------------------------------------------------------------- */

/* One row per data set × method: the run's description, then each measure's value and
 * rank (columns dataset, method, cheb, … as `lesc plot cd` reads them). The average
 * ranks are in the text, JSON and LaTeX outputs. */
static void
write_csv (GString *out, const LescRecoveryTable *t, MeasureRanks *mr, LescKlDirection kl,
           const LescPublishedTable *against)
{
  g_string_append (out, "dataset,method");
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      const char *key = lesc_measure_key ((LescMeasure) m);
      g_string_append_printf (out, ",%s,%s_rank", key, key);
      if (against != NULL)
        g_string_append_printf (out, ",%s_published,%s_difference", key, key);
    }
  g_string_append (out, ",params,seed,variant,kl_direction,checksum,run,version\n");
  guint k = t->n_methods;
  for (guint d = 0; d < t->n_datasets; d++)
    for (guint j = 0; j < k; j++)
      {
        const LescRunRecord *c = &t->cells[d * k + j];
        lesc_csv_field (out, t->datasets[d]);
        g_string_append_printf (out, ",%s", t->methods[j]->name);
        for (int m = 0; m < LESC_N_MEASURES; m++)
          {
            double v = LESC_AT (mr[m].values, d, j), rank = LESC_AT (mr[m].ranks, d, j);
            g_autofree char *vt = lesc_format_value (v, LESC_FORMAT_CSV, NULL);
            g_autofree char *rt = lesc_format_value (rank, LESC_FORMAT_CSV, NULL);
            g_string_append_printf (out, ",%s,%s", vt, rt);
            if (against == NULL)
              continue;
            const LescPublishedRow *p = published_row (against, t, d, j);
            double diff = published_difference (against, p, (LescMeasure) m, kl, v);
            g_autofree char *pt = lesc_format_value (p ? p->measures[m] : NAN, LESC_FORMAT_CSV, NULL);
            g_autofree char *dt = lesc_format_value (diff, LESC_FORMAT_CSV, NULL);
            g_string_append_printf (out, ",%s,%s", pt, dt);
          }
        g_string_append_c (out, ',');
        lesc_csv_field (out, c->params);
        if (c->has_seed)
          g_string_append_printf (out, ",%u,", c->seed);
        else
          g_string_append (out, ",,");
        lesc_csv_field (out, c->variant);
        g_string_append_printf (out, ",%s,%s,", lesc_kl_direction_key (c->kl),
                                t->checksums[d] ? t->checksums[d] : "");
        if (c->id)
          g_string_append_printf (out, "%" G_GINT64_FORMAT, c->id);
        g_string_append_printf (out, ",%s\n", c->id && c->version ? c->version : "");
      }
}

/* ---- json --------------------------------------------------------------------------- */

static void
write_json (GString *out, const LescRecoveryTable *t, MeasureRanks *mr, LescKlDirection kl,
            const LescPublishedTable *against)
{
  guint k = t->n_methods;
  g_string_append_printf (out, "{\n  \"program\": \"lesc %s\",\n  \"kl\": \"%s\",\n  \"tuned\": %s,\n",
                          LESC_VERSION, lesc_kl_direction_key (kl), t->tuning.enabled ? "true" : "false");
  if (against != NULL)
    {
      g_string_append (out, "  \"against\": {\"source\": ");
      lesc_json_string (out, against->source);
      g_string_append_printf (out, ", \"kl\": \"%s\", \"decimals\": %d},\n",
                              lesc_kl_direction_key (against->kl), against->decimals);
    }
  if (t->tuning.enabled)
    g_string_append_printf (out, "  \"select_by\": \"%s\",\n", select_by_text (t));
  g_string_append (out, "  \"datasets\": [");
  for (guint d = 0; d < t->n_datasets; d++)
    {
      g_string_append_printf (out, "%s\n    {\"name\": ", d ? "," : "");
      lesc_json_string (out, t->datasets[d]);
      g_string_append (out, ", \"checksum\": ");
      lesc_json_string (out, t->checksums[d]);
      g_string_append (out, "}");
    }
  g_string_append (out, "\n  ],\n  \"methods\": [");
  for (guint j = 0; j < k; j++)
    {
      g_string_append_printf (out, "%s", j ? ", " : "");
      lesc_json_string (out, t->methods[j]->name);
    }
  g_string_append (out, "],\n  \"measures\": [");
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      g_string_append_printf (out, "%s\n    {\"key\": \"%s\", \"title\": \"%s\", \"lower_is_better\": %s,"
                              " \"ranked_datasets\": %u,\n     \"cells\": [",
                              m ? "," : "", lesc_measure_key ((LescMeasure) m),
                              lesc_measure_title ((LescMeasure) m),
                              lesc_measure_lower_is_better ((LescMeasure) m) ? "true" : "false",
                              mr[m].complete);
      for (guint d = 0; d < t->n_datasets; d++)
        {
          g_string_append_printf (out, "%s\n       [", d ? "," : "");
          for (guint j = 0; j < k; j++)
            {
              const LescRunRecord *c = &t->cells[d * k + j];
              g_string_append_printf (out, "%s{\"value\": ", j ? ", " : "");
              lesc_format_append (out, LESC_AT (mr[m].values, d, j), LESC_FORMAT_JSON, NULL);
              g_string_append (out, ", \"rank\": ");
              lesc_format_append (out, LESC_AT (mr[m].ranks, d, j), LESC_FORMAT_JSON, NULL);
              g_string_append (out, ", \"params\": ");
              lesc_json_string (out, c->params);
              g_string_append (out, ", \"variant\": ");
              lesc_json_string (out, c->variant);
              if (c->has_seed)
                g_string_append_printf (out, ", \"seed\": %u", c->seed);
              if (c->id)
                g_string_append_printf (out, ", \"run\": %" G_GINT64_FORMAT, c->id);
              const LescPublishedRow *p = published_row (against, t, d, j);
              if (p != NULL)
                {
                  g_string_append (out, ", \"published\": ");
                  lesc_format_append (out, p->measures[m], LESC_FORMAT_JSON, NULL);
                  g_string_append (out, ", \"difference\": ");
                  lesc_format_append (out, published_difference (against, p, (LescMeasure) m, kl,
                                                                 LESC_AT (mr[m].values, d, j)),
                                      LESC_FORMAT_JSON, NULL);
                }
              g_string_append (out, "}");
            }
          g_string_append (out, "]");
        }
      g_string_append (out, "],\n     \"average_rank\": [");
      for (guint j = 0; j < k; j++)
        {
          g_string_append (out, j ? ", " : "");
          lesc_format_append (out, mr[m].mean[j], LESC_FORMAT_JSON, NULL);
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "\n  ]\n}\n");
}

/* ---- latex -------------------------------------------------------------------------- */

static void
latex_row_end (GString *out)
{
  g_string_append (out, " \\\\\n");
}

static void
write_latex (GString *out, const LescRecoveryTable *t, MeasureRanks *mr, LescKlDirection kl,
             const LescPublishedTable *against)
{
  guint k = t->n_methods;
  g_string_append_printf (out, "%% lesc %s recovery table, KL %s = %s; needs \\usepackage{booktabs}\n",
                          LESC_VERSION, lesc_kl_direction_key (kl), lesc_kl_direction_title (kl));
  if (against != NULL)
    {
      g_autofree char *a = against_text (against, kl);
      g_string_append_printf (out, "%% against the published values: %s\n", a);
    }
  g_string_append (out, "\\begin{table}[htbp]\n\\centering\n"
                        "\\caption{Recovery results, value(rank); $\\downarrow$: lower is better, "
                        "$\\uparrow$: higher is better.}\n\\label{tab:recovery}\n");
  g_autofree char *centred = g_strnfill (k, 'c');
  g_string_append_printf (out, "\\begin{tabular}{ll%s}\n\\toprule\nMeasure & Data set", centred);
  for (guint j = 0; j < k; j++)
    {
      g_string_append (out, " & ");
      lesc_latex_text (out, t->methods[j]->display_name);
    }
  latex_row_end (out);
  for (int m = 0; m < LESC_N_MEASURES; m++)
    {
      g_string_append (out, "\\midrule\n");
      for (guint d = 0; d <= t->n_datasets; d++)
        {
          if (d == 0)
            g_string_append_printf (out, "%s%s %s", lesc_measure_title ((LescMeasure) m),
                                  m == LESC_MEASURE_KL
                                    ? (kl == LESC_KL_TRUTH_RECOVERED ? " (truth$\\|$recovered)"
                                                                     : " (recovered$\\|$truth)")
                                    : "",
                                  lesc_measure_lower_is_better ((LescMeasure) m) ? "$\\downarrow$"
                                                                                  : "$\\uparrow$");
          g_string_append (out, " & ");
          if (d == t->n_datasets)
            {
              g_string_append (out, "Avg.\\ rank");
              for (guint j = 0; j < k; j++)
                {
                  g_autofree char *v = lesc_format_fixed (mr[m].mean[j], LESC_FORMAT_LATEX, 2);
                  g_string_append_printf (out, " & %s", v);
                }
              latex_row_end (out);
              break;
            }
          lesc_latex_text (out, t->datasets[d]);
          for (guint j = 0; j < k; j++)
            {
              double v = LESC_AT (mr[m].values, d, j), r = LESC_AT (mr[m].ranks, d, j);
              g_string_append (out, " & ");
              g_autofree char *cell = cell_text (v, r, LESC_FORMAT_LATEX, opt_decimals);
              if (r == 1.0)
                g_string_append_printf (out, "\\textbf{%s}", cell);
              else
                g_string_append (out, cell);
            }
          latex_row_end (out);
          if (dataset_published (against, t, d))
            for (int line = 0; line < 2; line++)
              {
                g_string_append (out, line == 0 ? " & \\quad published" : " & \\quad difference");
                for (guint j = 0; j < k; j++)
                  {
                    const LescPublishedRow *p = published_row (against, t, d, j);
                    g_autofree char *v = NULL;
                    if (p != NULL && line == 0)
                      v = lesc_format_fixed (p->measures[m], LESC_FORMAT_LATEX, against->decimals);
                    else if (p != NULL)
                      v = difference_text (published_difference (against, p, (LescMeasure) m, kl,
                                                                  LESC_AT (mr[m].values, d, j)),
                                           LESC_FORMAT_LATEX, opt_decimals + 1);
                    g_string_append_printf (out, " & %s", v == NULL ? "" : v);
                  }
                latex_row_end (out);
              }
        }
    }
  g_string_append (out, "\\bottomrule\n\\end{tabular}\n\\end{table}\n");

  gboolean any_tuned = FALSE;
  for (guint j = 0; j < k; j++)
    any_tuned = any_tuned || method_tuned (t, j);
  if (!any_tuned)
    return;
  g_string_append (out, "\n\\begin{table}[htbp]\n\\centering\n\\caption{Selected parameters (by ");
  lesc_latex_text (out, select_by_text (t));
  g_string_append (out, ").}\n\\label{tab:recovery-parameters}\n\\begin{tabular}{l");
  for (guint j = 0; j < k; j++)
    if (method_tuned (t, j))
      g_string_append_c (out, 'l');
  g_string_append (out, "}\n\\toprule\nData set");
  for (guint j = 0; j < k; j++)
    if (method_tuned (t, j))
      {
        g_string_append (out, " & ");
        lesc_latex_text (out, t->methods[j]->display_name);
      }
  latex_row_end (out);
  g_string_append (out, "\\midrule\n");
  for (guint d = 0; d < t->n_datasets; d++)
    {
      lesc_latex_text (out, t->datasets[d]);
      for (guint j = 0; j < k; j++)
        if (method_tuned (t, j))
          {
            const LescRunRecord *c = &t->cells[d * k + j];
            g_string_append (out, " & ");
            if (c->id != 0)
              lesc_latex_text (out, c->params);
            else
              g_string_append (out, "--");
          }
      latex_row_end (out);
    }
  g_string_append (out, "\\bottomrule\n\\end{tabular}\n\\end{table}\n");
}

/* ---- the command -------------------------------------------------------------------- */

int
lesc_cmd_table (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (entries, LESC_BATCH_STORE | LESC_BATCH_METHODS | LESC_BATCH_RUN
                                                     | LESC_BATCH_SHARD | LESC_BATCH_FORMAT
                                                     | LESC_BATCH_TUNE | LESC_BATCH_CACHE);
  g_autofree char *notes = lesc_cli_baselines_help ();
  if (!lesc_cli_parse_with_notes ("table", "[DATA…]", "the recovery table: value(rank) per "
                                  "measure, data set and method, with the average rank", all,
                                  TRUE, notes, &argc, &argv))
    return LESC_EXIT_USAGE;
  static const char *const formats[] = { "text", "csv", "json", "latex", NULL };
  GError *error = NULL;
  LescFormat format;
  LescTuning tuning;
  LescRankTies ties = LESC_RANK_TIES_MID;
  if (opt_ties != NULL && g_ascii_strcasecmp (opt_ties, "min") == 0)
    ties = LESC_RANK_TIES_MIN;
  else if (opt_ties != NULL && g_ascii_strcasecmp (opt_ties, "mid") != 0)
    return lesc_cli_usage ("table", "--ties: expected mid or min, got '%s'", opt_ties);
  if (!lesc_batch_format (formats, &format, &error) || !lesc_batch_tuning (&tuning, &error))
    return lesc_cli_fail (error);
  const LescPublishedTable *against = NULL;
  if (opt_against != NULL && (against = lesc_published_find_table (opt_against)) == NULL)
    return lesc_cli_usage ("table", "--against: expected published, got '%s'", opt_against);
  g_autoptr (GArray) setups = lesc_batch_methods ("all", FALSE, &error);
  g_autoptr (GPtrArray) datasets = setups ? lesc_batch_datasets (argc, argv, NULL, &error) : NULL;
  if (datasets == NULL)
    return lesc_cli_fail (error);

  LescExperimentOptions o;
  LescExperimentCounts counts = { 0 };
  if (!lesc_batch_begin (&o, FALSE, &error))
    return lesc_batch_end (&o, NULL, error);
  g_autoptr (LescRecoveryTable) t = lesc_recovery_table ((const char *const *) datasets->pdata,
                                                         datasets->len,
                                                         (const LescMethodSetup *) setups->data,
                                                         setups->len, &tuning, &o, &counts, &error);
  int status = LESC_EXIT_OK;
  if (t != NULL && o.shard.count <= 1)
    {
      MeasureRanks mr[LESC_N_MEASURES];
      for (int m = 0; m < LESC_N_MEASURES; m++)
        measure_ranks (t, (LescMeasure) m, ties, &mr[m]);
      g_autoptr (GString) out = g_string_new (NULL);
      switch (format)
        {
        case LESC_FORMAT_TEXT: write_text (out, t, mr, o.kl, against); break;
        case LESC_FORMAT_CSV: write_csv (out, t, mr, o.kl, against); break;
        case LESC_FORMAT_JSON: write_json (out, t, mr, o.kl, against); break;
        case LESC_FORMAT_LATEX: write_latex (out, t, mr, o.kl, against); break;
        }
      for (int m = 0; m < LESC_N_MEASURES; m++)
        measure_ranks_clear (&mr[m]);
      status = lesc_batch_write (out);
    }
  int end = lesc_batch_end (&o, &counts, error);
  lesc_experiment_counts_clear (&counts);
  return end != LESC_EXIT_OK ? end : status;
}
