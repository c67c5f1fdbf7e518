/* lesc recover DATA --method NAME — recover label distributions with one method, write
 * them (-o, the format by the extension), keep the model (--save-model), and score them
 * with the six measures when DATA has ground truth. Method parameters become options from
 * the registry's parameter specs (--lambda1, --lambda2, --k, …). */
#include "config.h"
#include "core/base/number.h"
#include "cli/batch.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/progress-bar.h"
#include "core/data/csv.h"
#include "core/data/tablefile.h"
#include "core/eval/measures.h"
#include "core/experiments/model.h"
#include "core/methods/method.h"
#include "core/methods/run.h"
#include "core/methods/tracetable.h"
#include "core/base/output.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *method_option, *save_option, *trace_option, *format_option, *model_option;
static int hold_out_option = G_MININT, folds_option = 10; /* G_MININT: not given */
static gint64 fold_seed_option = -1;
static GHashTable *param_values;   /* option name (no dashes) → value text */

static const GOptionEntry fixed_entries[] = {
  { "method", 'm', 0, G_OPTION_ARG_STRING, &method_option,
    "Method: fcm, km, lp, ml, glle, lesc or glesc (case-insensitive)", "NAME" },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &save_option,
    "Write the recovered distributions (n rows) to FILE: .csv, .tsv, .txt, .dat, .mat, .npy "
    "or .json (the extension chooses; " LESC_CLI_OUTPUT_RULES "; - writes CSV, and the report "
    "goes to standard error)", "FILE" },
  /* the name -o had before it was --output as in every other command */
  { "save-distributions", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &save_option,
    "Same as --output", "FILE" },
  { "save-model", 0, 0, G_OPTION_ARG_FILENAME, &model_option,
    "GLLE, LESC, gLESC: keep what predicting new samples needs in MODEL (lesc predict; "
    "- is standard output, and the report goes to standard error)", "MODEL" },
  { "hold-out-fold", 0, 0, G_OPTION_ARG_INT, &hold_out_option,
    "Fit on the rows outside fold K of the split 'lesc cv' makes (z-scored over all rows, "
    "as cv does); the distributions and scores are the training rows'", "K" },
  { "folds", 0, 0, G_OPTION_ARG_INT, &folds_option, "With --hold-out-fold: folds (default 10)", "F" },
  { "fold-seed", 0, 0, G_OPTION_ARG_INT64, &fold_seed_option,
    "With --hold-out-fold: the fold assignment's seed (default: --seed, else 5489)", "S" },
  { "trace", 0, 0, G_OPTION_ARG_FILENAME, &trace_option,
    "GLLE, LESC, gLESC: write the LE optimizer's iterations to FILE.csv (f, gradient norms, "
    "step length and the six measures per iteration)", "FILE.csv" },
  { "format", 'f', 0, G_OPTION_ARG_STRING, &format_option, "Output: text (default), csv or json", "text|csv|json" },
  { NULL }
};

static gboolean
remember_param (const char *option_name, const char *value, gpointer data, GError **error)
{
  while (*option_name == '-')
    option_name++;
  g_hash_table_replace (param_values, g_strdup (option_name), g_strdup (value));
  return TRUE;
}

/* One --NAME per distinct parameter name over all methods; the help text names the
 * methods that have it and their defaults. */
static GArray *
param_entries (GPtrArray *texts)
{
  GArray *entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  guint n;
  const LescMethod *const *all = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    for (guint k = 0; k < all[i]->n_params; k++)
      {
        const LescParamSpec *s = &all[i]->params[k];
        gboolean seen = FALSE;
        for (guint e = 0; e < entries->len && !seen; e++)
          seen = strcmp (g_array_index (entries, GOptionEntry, e).long_name, s->name) == 0;
        if (seen)
          continue;
        GString *help = g_string_new (s->label);
        g_string_append (help, " (default:");
        for (guint j = i; j < n; j++)
          {
            int t = lesc_method_param_index (all[j], s->name);
            if (t >= 0)
              g_string_append_printf (help, "%s %s %g", help->str[help->len - 1] == ':' ? "" : ",", all[j]->display_name,
                                      all[j]->params[t].default_value);
          }
        g_string_append (help, ")");
        char *text = g_string_free (help, FALSE);
        g_ptr_array_add (texts, text);
        GOptionEntry e = { s->name, 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) remember_param, text, "X" };
        g_array_append_val (entries, e);
      }
  return entries;
}


static char *
param_list (const LescMethod *m)
{
  GString *s = g_string_new (NULL);
  for (guint k = 0; k < m->n_params; k++)
    g_string_append_printf (s, "%s--%s", k ? ", " : "", m->params[k].name);
  if (m->n_params == 0)
    g_string_append (s, "none");
  return g_string_free (s, FALSE);
}

/* The recovered distributions with the data set's label names (or label1, label2, …) and
 * the run's settings, in the format of the file's extension. */
static gboolean
save_distributions (const char *path, const LescDataset *ds, const LescMatrix *d,
                    const LescMethod *m, const LescRunParams *p, GError **error)
{
  g_auto (GStrv) settings = lesc_run_settings (ds, m, p);
  LescTableMeta meta = {
    .columns = (const char *const *) ds->label_names,
    .name = "labelDistribution",
    .settings = (const char *const *) settings,
  };
  return lesc_table_write (path, d, &meta, error);
}

static void
print_param (FILE *out, const LescRunParams *p, const LescMethod *m, const char *name)
{
  if (lesc_method_param_index (m, name) >= 0)
    fprintf (out, "%.10g", lesc_run_params_get (p, m, name, NAN));
}

/* FCM, KM, LP and ML, the methods the flavour applies to: those without an LE step */
static gboolean
is_baseline (const LescMethod *m)
{
  return !m->uses_variant;
}

static void
print_result (FILE *out, const char *format, const LescDataset *ds, const LescMethod *m,
              const LescRunParams *p, LescKlDirection kl, const double *v, gsize kl_rows,
              gsize n_scored, const LescRunResult *r, const char *held_out, double seconds)
{
  if (strcmp (format, "csv") == 0)
    {
      fprintf (out, "dataset,method,lambda1,lambda2,seed,variant,cheb,clark,canber,kl,cosine,intersec,seconds\n");
      fprintf (out, "%s,%s,", ds->name, m->display_name);
      print_param (out, p, m, "lambda1");
      fprintf (out, ",");
      print_param (out, p, m, "lambda2");
      fprintf (out, ",");
      if (m->uses_seed)
        fprintf (out, "%u", p->seed);
      fprintf (out, ",%s", r->large ? (r->knn_approximate ? "large knn=hnsw" : "large")
                           : !m->uses_variant ? "" : lesc_variant_key (p->variant));
      for (int k = 0; k < LESC_N_MEASURES; k++)
        {
          /* labels-only data: nothing to score against, empty cells */
          g_autofree char *x = v ? lesc_format_value (v[k], LESC_FORMAT_CSV, "%.10g") : g_strdup ("");
          fprintf (out, ",%s", x);
        }
      fprintf (out, ",%.3f\n", seconds);
      return;
    }
  if (strcmp (format, "json") == 0)
    {
      fprintf (out, "{\n  \"dataset\": \"%s\",\n  \"checksum\": \"%s\",\n  \"method\": \"%s\",\n"
              "  \"reconstructed\": %s,\n  \"params\": {", ds->name, ds->checksum,
              m->display_name, m->reconstructed ? "true" : "false");
      for (guint k = 0; k < m->n_params; k++)
        fprintf (out, "%s\"%s\": %.10g", k ? ", " : "", m->params[k].name, p->values[k]);
      fprintf (out, "},\n");
      if (m->uses_seed)
        fprintf (out, "  \"seed\": %u,\n", p->seed);
      if (m->uses_variant)
        fprintf (out, "  \"variant\": \"%s\",\n", lesc_variant_key (p->variant));
      if (m->reference_max_n > 0)
        {
          g_autofree char *form = lesc_run_result_formulation (r);
          fprintf (out, "  \"formulation\": \"%s\",\n", form);
          if (r->knn_approximate)
            fprintf (out, "  \"knn\": \"approximate\",\n  \"knn_recall\": %.4f,\n", r->knn_recall);
        }
      fprintf (out, "  \"kl\": \"%s\",\n", lesc_kl_direction_key (kl));
      if (v != NULL)
        fprintf (out, "  \"kl_rows\": %zu,\n  \"measures\": {", kl_rows);
      else
        fprintf (out, "  \"measures\": null");
      for (int k = 0; v != NULL && k < LESC_N_MEASURES; k++)
        {
          g_autofree char *x = lesc_format_value (v[k], LESC_FORMAT_JSON, "%.10g");
          fprintf (out, "%s\"%s\": %s", k ? ", " : "", lesc_measure_key (k), x);
        }
      fprintf (out, "%s,\n  \"stages\": {", v != NULL ? "}" : "");
      for (guint s = 0; s < r->n_stages; s++)
        fprintf (out, "%s\"%s\": %.3f", s ? ", " : "", r->stage_names[s], r->stage_seconds[s]);
      fprintf (out, "},\n  \"seconds\": %.3f,\n  \"version\": \"%s\"\n}\n", seconds, LESC_VERSION);
      return;
    }
  fprintf (out, "%s on %s (n = %zu, %zu features, %zu labels)%s\n", m->display_name, ds->name,
          lesc_dataset_n (ds), lesc_dataset_q (ds), lesc_dataset_o (ds),
          m->reconstructed ? " — reconstructed method (no official code)" : "");
  if (held_out != NULL)
    fprintf (out, "%s\n", held_out);
  fprintf (out, "parameters:");
  for (guint k = 0; k < m->n_params; k++)
    fprintf (out, " %s=%.10g", m->params[k].name, p->values[k]);
  if (m->uses_seed)
    fprintf (out, " seed=%u", p->seed);
  if (m->uses_variant)
    fprintf (out, " variant=%s", lesc_variant_key (p->variant));
  if (is_baseline (m))
    fprintf (out, " flavour=%s", lesc_flavour_key (p->flavour));
  if (r->large)
    {
      g_autofree char *form = lesc_run_result_formulation (r);
      fprintf (out, " formulation=%s", form);
      if (r->knn_approximate)
        fprintf (out, " (kNN recall %.3f on 100 rows)", r->knn_recall);
    }
  fprintf (out, "\n");
  if (v == NULL)
    fprintf (out, "scores: none (%s has no label distributions: nothing to score against)\n",
            ds->source ? ds->source : ds->name);
  for (int k = 0; v != NULL && k < LESC_N_MEASURES; k++)
    {
      /* ∞: KL(truth‖recovered) of an output with exact zeros (the published KM) */
      g_autofree char *x = lesc_format_value (v[k], LESC_FORMAT_TEXT, "%.4f");
      fprintf (out, "  %-12s %s", lesc_measure_title (k), x);
      if (k == LESC_MEASURE_KL)
        fprintf (out, "  (%s", kl == LESC_KL_RECOVERED_TRUTH ? "recovered‖truth" : "truth‖recovered");
      if (k == LESC_MEASURE_KL && kl_rows < n_scored)
        fprintf (out, ", over %zu of %zu rows", kl_rows, n_scored);
      fprintf (out, "%s\n", k == LESC_MEASURE_KL ? ")" : "");
    }
  if (m->uses_variant && p->variant == LESC_VARIANT_REFERENCE && r->le.iterations > 0)
    fprintf (out, "LE optimizer: exit %d after %u iterations, %u evaluations, f = %.6f\n",
            r->le.exit_flag, r->le.iterations, r->le.evaluations, r->le.objective);
  fprintf (out, "time: %.3f s (", seconds);
  for (guint s = 0; s < r->n_stages; s++)
    fprintf (out, "%s%s %.3f s", s ? ", " : "", r->stage_names[s], r->stage_seconds[s]);
  fprintf (out, ")\n");
}

int
lesc_cmd_recover (int argc, char **argv)
{
  param_values = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) dynamic = param_entries (texts);
  g_autoptr (GArray) entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  for (const GOptionEntry *e = fixed_entries; e->long_name; e++)
    g_array_append_val (entries, *e);
  g_array_append_vals (entries, dynamic->data, dynamic->len);
  g_autofree GOptionEntry *all = lesc_batch_entries ((const GOptionEntry *) entries->data,
                                                     LESC_BATCH_SETTINGS | LESC_BATCH_KL
                                                     | LESC_BATCH_MEMORY);
  g_autofree char *notes = lesc_cli_baselines_help ();
  if (!lesc_cli_parse_with_notes ("recover", "DATA", "recover label distributions with one method",
                                  all, TRUE, notes, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 2)
    return lesc_cli_usage ("recover", "expected one DATA argument");
  if (method_option == NULL)
    return lesc_cli_usage ("recover", "--method is required (fcm, km, lp, ml, glle, lesc or glesc)");
  const LescMethod *m = lesc_method_find (method_option);
  if (m == NULL)
    return lesc_cli_usage ("recover", "unknown method '%s' (expected fcm, km, lp, ml, glle, lesc or glesc)",
                           method_option);
  LescRunParams p;
  lesc_run_params_init (&p, m);
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, param_values);
  while (g_hash_table_iter_next (&it, &key, &value))
    {
      g_autofree char *list = param_list (m);
      if (lesc_method_param_index (m, key) < 0)
        return lesc_cli_usage ("recover", "--%s does not apply to %s (its parameters: %s)",
                               (char *) key, m->display_name, list);
      double v;
      g_autoptr (GError) number_error = NULL;
      if (!lesc_number_parse (value, &v, &number_error))
        return lesc_cli_usage ("recover", "--%s: %s", (char *) key, number_error->message);
      lesc_run_params_set (&p, m, key, v);
    }
  const char *format = format_option ? format_option : "text";
  if (strcmp (format, "text") != 0 && strcmp (format, "csv") != 0 && strcmp (format, "json") != 0)
    return lesc_cli_usage ("recover", "--format '%s': expected text, csv or json", format);
  if (trace_option != NULL)
    {
      if (m->smoothness == NULL)
        return lesc_cli_usage ("recover", "--trace: %s has no LE optimizer (only GLLE, LESC and gLESC)",
                               m->display_name);
      p.trace_bytes = 256e6;   /* a snapshot per iteration up to ~100 000 × 3 labels */
    }
  gboolean holding_out = hold_out_option != G_MININT;
  if (holding_out && (hold_out_option < 1 || folds_option < 2 || hold_out_option > folds_option))
    return lesc_cli_usage ("recover", "--hold-out-fold %d --folds %d: expected 1 ≤ K ≤ folds, "
                           "folds ≥ 2", hold_out_option, folds_option);
  if (fold_seed_option < -1 || fold_seed_option > G_MAXUINT32)
    return lesc_cli_usage ("recover", "--fold-seed: expected 0 … 4294967295");
  gboolean model_to_stdout = model_option != NULL && strcmp (model_option, "-") == 0;
  if (model_to_stdout && save_option != NULL && strcmp (save_option, "-") == 0)
    return lesc_cli_usage ("recover", "-o - and --save-model - cannot both be standard output");
  if ((model_option != NULL || holding_out) && !m->has_mapping)
    return lesc_cli_usage ("recover", "%s %s has no mapping to new samples (GLLE, LESC and "
                           "gLESC have one)", model_option ? "--save-model:" : "--hold-out-fold:",
                           m->display_name);

  g_autoptr (GError) error = NULL;
  LescKlDirection kl = LESC_KL_TRUTH_RECOVERED;
  /* outputs that cannot be written are refused before any work */
  if (!lesc_batch_settings (&p, &error) || !lesc_batch_kl (&kl, &error)
      || !lesc_run_params_check (&p, m, &error)
      || (save_option != NULL && !lesc_table_check_output (save_option, &error))
      || !lesc_cli_check_outputs (argv[1], (const char *[]) { save_option, model_option,
                                                              trace_option }, 3, &error))
    return lesc_cli_fail (error);
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset (argv[1], &error);
  if (ds == NULL)
    return lesc_cli_fail (error);

  /* the program's choice of formulation is said before the work (docs/methods.md §11);
   * with a held-out fold it is decided on the training rows, and said after */
  g_autofree char *early_note = NULL;
  if (model_option == NULL && !holding_out)
    {
      LescRunParams chosen;
      if (lesc_method_choose_scale (m, ds->name, lesc_dataset_n (ds), lesc_dataset_q (ds),
                                    lesc_dataset_o (ds), &p, &chosen, NULL, &early_note, NULL)
          && early_note != NULL)
        fprintf (stderr, "lesc: note: %s\n", early_note);
    }
  LescCliProgressBar bar;
  LescProgress progress;
  lesc_cli_progress_bar_init (&bar, &progress);
  LescRunResult result;
  g_autoptr (LescModel) model = NULL;
  gsize n = lesc_dataset_n (ds), n_train = n;
  g_autofree gsize *train = g_new (gsize, n);
  for (gsize i = 0; i < n; i++)
    train[i] = i; /* every row, unless a fold is held out */
  gint64 t0 = g_get_monotonic_time ();
  guint32 fold_seed = fold_seed_option >= 0 ? (guint32) fold_seed_option : p.seed;
  g_autoptr (LescMatrix) d = model_option != NULL || holding_out
    ? lesc_model_train (m, ds, &p, holding_out ? hold_out_option - 1 : -1, (guint) folds_option, fold_seed,
                        &progress, &result, &model, train, &n_train, &error)
    : lesc_method_run (m, ds, &p, &progress, &result, &error);
  double seconds = lesc_seconds_since (t0);
  lesc_cli_progress_bar_finish (&bar);
  if (d == NULL)
    return lesc_cli_fail (error);
  /* the files first: nothing after them can leave one half-written */
  gboolean ok = (save_option == NULL || save_distributions (save_option, ds, d, m, &p, &error))
                && (model_option == NULL || lesc_model_save (model, model_option, &error));
  double v[LESC_N_MEASURES];
  g_autoptr (LescMatrix) truth = ds->truth == NULL ? NULL
                                 : lesc_matrix_select_rows (ds->truth, train, n_train);
  gsize kl_rows = 0;
  ok = ok && (truth == NULL || lesc_measures_compute_full (truth, d, kl, v, &kl_rows, &error));
  if (!ok)
    {
      lesc_run_result_clear (&result);
      return lesc_cli_fail (error);
    }
  if (trace_option != NULL && result.trace != NULL)
    {
      /* without a ground truth the trace has no measure columns */
      g_autofree double *measures = truth != NULL ? lesc_trace_measures (result.trace, truth, kl, &error)
                                                  : NULL;
      g_autofree char *csv = truth == NULL || measures != NULL ? lesc_trace_csv (result.trace, measures)
                                                               : NULL;
      if (csv == NULL || !lesc_output_write (trace_option, csv, strlen (csv), &error))
        {
          lesc_run_result_clear (&result);
          return lesc_cli_fail (error);
        }
      if (result.trace->stride > 1)
        fprintf (stderr, "lesc: the trace keeps the measures of every %u-th iteration (and the "
                 "last): snapshots of all would exceed %.0f MB\n", result.trace->stride,
                 result.trace->max_bytes / 1e6);
    }
  if (truth != NULL && kl_rows < truth->rows)
    {
      g_autofree char *note = lesc_kl_dropped_note (ds->source ? ds->source : ds->name,
                                                    truth->rows - kl_rows, truth->rows, TRUE);
      fprintf (stderr, "lesc: note: %s\n", note);
    }
  /* every file in place together, or none (held since lesc_cli_check_outputs) */
  if (!lesc_cli_commit_outputs (&error))
    {
      lesc_run_result_clear (&result);
      return lesc_cli_fail (error);
    }
  if (result.default_note[0] != '\0')
    fprintf (stderr, "lesc: note: %s\n", result.default_note);
  if (result.note != NULL && early_note == NULL)
    fprintf (stderr, "lesc: note: %s\n", result.note);
  g_autofree char *knn_note = lesc_run_result_knn_note (&result);
  if (knn_note != NULL)
    fprintf (stderr, "lesc: note: %s: %s\n", ds->name, knn_note);
  g_autofree char *warning = lesc_run_result_warning (&result);
  if (warning != NULL)
    fprintf (stderr, "lesc: warning: %s\n", warning);
  g_autofree char *held_out = holding_out
    ? g_strdup_printf ("fitted on the %zu rows outside fold %d of %d (fold seed %u); the "
                       "distributions are theirs", n_train, hold_out_option, folds_option,
                       fold_seed)
    : NULL;
  /* with the distributions or the model on standard output, the report goes to standard error */
  gboolean to_stdout = model_to_stdout || (save_option != NULL && strcmp (save_option, "-") == 0);
  print_result (to_stdout ? stderr : stdout, format, ds, m, &p, kl, truth ? v : NULL, kl_rows,
                n_train, &result, held_out, seconds);
  lesc_run_result_clear (&result);
  return LESC_EXIT_OK;
}
