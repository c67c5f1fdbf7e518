#include "cli/batch.h"
#include "core/base/output.h"
#include "cli/cli.h"
#include "cli/progress-bar.h"
#include "core/base/error.h"
#include "core/base/number.h"
#include "core/data/open.h"
#include "core/methods/options.h"

#include <glib-unix.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

LescBatchOptions lesc_batch = { .seed = -1, .memory_gb = -1 };

static const GOptionEntry results_entries[] = {
  { "results", 'r', 0, G_OPTION_ARG_FILENAME, &lesc_batch.results,
    "Results store (default: ~/.local/share/lesc-explorer/results.sqlite)", "FILE" },
  { NULL }
};

static const GOptionEntry recompute_entries[] = {
  { "recompute", 0, 0, G_OPTION_ARG_NONE, &lesc_batch.recompute,
    "Compute runs again even when stored, and replace them", NULL },
  { NULL }
};

static const GOptionEntry methods_entries[] = {
  { "methods", 'm', 0, G_OPTION_ARG_STRING, &lesc_batch.methods,
    "Comma-separated methods (fcm,km,lp,ml,glle,lesc,glesc or all)", "LIST" },
  { NULL }
};

static const GOptionEntry param_entries[] = {
  { "param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &lesc_batch.params,
    "Set a parameter of every method that has it, or of one (lesc.lambda2=1); repeatable",
    "[METHOD.]NAME=VALUE" },
  { NULL }
};

static const GOptionEntry kl_entries[] = {
  { "kl", 0, 0, G_OPTION_ARG_STRING, &lesc_batch.kl,
    "KL direction: truth-recovered (default) or recovered-truth (the official demos and the published tables)", "truth-recovered|recovered-truth" },
  { NULL }
};

/* --memory-limit and --cache-limit: a positive number (lesc_cli_parse_number) */
static gboolean
parse_gb (const char *option, const char *value, gpointer data, GError **error)
{
  double v;
  if (!lesc_cli_parse_number (value, &v) || !(v > 0))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "%s '%s': expected a positive number of GB", option, value);
      return FALSE;
    }
  if (strcmp (option, "--memory-limit") == 0)
    lesc_batch.memory_gb = v;
  else
    lesc_batch.cache_gb = v;
  return TRUE;
}

static const GOptionEntry memory_entries[] = {
  { "memory-limit", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) parse_gb,
    "Refuse runs estimated to need more (GB; default 80% of physical memory)", "GB" },
  { NULL }
};

static const GOptionEntry cache_entries[] = {
  { "cache-limit", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer) parse_gb,
    "Bound of the cache of what runs share — kernels, correlation steps, quadratic forms "
    "(GB; default a quarter of physical memory)", "GB" },
  { NULL }
};

/* --seed, then one entry per run option of the shared table (core/methods/options.h). */
static GOptionEntry settings_entries[2 + G_N_ELEMENTS (lesc_batch.run_options)];

static const GOptionEntry *
settings (void)
{
  if (settings_entries[0].long_name != NULL)
    return settings_entries;
  settings_entries[0] = (GOptionEntry) { "seed", 's', 0, G_OPTION_ARG_INT64, &lesc_batch.seed,
    "Seed of every random draw (default 5489: MATLAB's fresh-session stream)", "S" };
  guint n = 0;
  const LescRunOption *o = lesc_run_options (&n);
  g_assert (n <= G_N_ELEMENTS (lesc_batch.run_options));
  static char *arg_names[G_N_ELEMENTS (lesc_batch.run_options)];
  for (guint i = 0; i < n; i++)
    {
      if (arg_names[i] == NULL)
        arg_names[i] = g_strjoinv ("|", (char **) o[i].values);
      settings_entries[1 + i] = (GOptionEntry) { o[i].key, 0, 0, G_OPTION_ARG_STRING,
                                                 &lesc_batch.run_options[i], o[i].help, arg_names[i] };
    }
  return settings_entries;
}

static const GOptionEntry shard_entries[] = {
  { "shard", 0, 0, G_OPTION_ARG_STRING, &lesc_batch.shard,
    "Run only the I-th of N disjoint shares of the work (merge the stores afterwards)", "I/N" },
  { "jobs", 'j', 0, G_OPTION_ARG_INT, &lesc_batch.jobs,
    "Compute N work units at once, each with BLAS on one thread (default 1: one at a time; "
    "GLLE, LESC and gLESC then give the numbers of OPENBLAS_NUM_THREADS=1, which may differ "
    "in the third decimal: docs/speed.md)", "N" },
  { NULL }
};

static const GOptionEntry tune_entries[] = {
  { "tune", 't', 0, G_OPTION_ARG_NONE, &lesc_batch.tune,
    "Search λ1, λ2 ∈ {1e-4 … 10} (LESC, gLESC) and λ ∈ {0.01 … 100} (GLLE) per data set", NULL },
  { "select-by", 0, 0, G_OPTION_ARG_STRING, &lesc_batch.select_by,
    "Tuning criterion: a measure (cheb, clark, canber, kl, cosine, intersec) or "
    "average-rank (default: best average rank over the six)", "M" },
  { NULL }
};

static const GOptionEntry format_entries[] = {
  { "format", 'f', 0, G_OPTION_ARG_STRING, &lesc_batch.format,
    "Output format: text (default), csv, json or latex", "text|csv|json|latex" },
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &lesc_batch.output,
    "Write the output to FILE instead of standard output (" LESC_CLI_OUTPUT_RULES ")", "FILE" },
  { NULL }
};

static gsize
n_entries (const GOptionEntry *e)
{
  gsize n = 0;
  while (e != NULL && e[n].long_name != NULL)
    n++;
  return n;
}

GOptionEntry *
lesc_batch_entries (const GOptionEntry *own, guint groups)
{
  const GOptionEntry *parts[] = {
    own,
    (groups & LESC_BATCH_RESULTS) ? results_entries : NULL,
    (groups & LESC_BATCH_RECOMPUTE) ? recompute_entries : NULL,
    (groups & LESC_BATCH_METHODS) ? methods_entries : NULL,
    (groups & LESC_BATCH_PARAM) ? param_entries : NULL,
    (groups & LESC_BATCH_SETTINGS) ? settings () : NULL,
    (groups & LESC_BATCH_KL) ? kl_entries : NULL,
    (groups & LESC_BATCH_MEMORY) ? memory_entries : NULL,
    (groups & LESC_BATCH_CACHE) ? cache_entries : NULL,
    (groups & LESC_BATCH_SHARD) ? shard_entries : NULL,
    (groups & LESC_BATCH_FORMAT) ? format_entries : NULL,
    (groups & LESC_BATCH_TUNE) ? tune_entries : NULL,
  };
  gsize total = 0;
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    total += n_entries (parts[i]);
  GOptionEntry *all = g_new0 (GOptionEntry, total + 1);
  gsize k = 0;
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    {
      gsize n = n_entries (parts[i]);
      if (n > 0)
        memcpy (all + k, parts[i], n * sizeof (GOptionEntry));
      k += n;
    }
  return all;
}

gboolean
lesc_batch_format (const char *const *allowed, LescFormat *out, GError **error)
{
  static const char *const names[] = { "text", "csv", "json", "latex" };
  const char *want = lesc_batch.format ? lesc_batch.format : "text";
  for (const char *const *a = allowed; *a; a++)
    if (g_ascii_strcasecmp (want, *a) == 0)
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        if (strcmp (*a, names[i]) == 0)
          {
            *out = (LescFormat) i;
            return TRUE;
          }
  g_autofree char *list = g_strjoinv (", ", (char **) allowed);
  g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--format: expected one of %s, got '%s'",
               list, want);
  return FALSE;
}

/* ---- methods and run options --------------------------------------------------------- */

static gboolean
apply_params (GArray *setups, GError **error)
{
  for (char **p = lesc_batch.params; p != NULL && *p != NULL; p++)
    {
      const char *eq = strchr (*p, '=');
      if (eq == NULL || eq == *p)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--param: expected [METHOD.]NAME=VALUE, got '%s'", *p);
          return FALSE;
        }
      g_autofree char *lhs = g_strndup (*p, eq - *p);
      char *dot = strchr (lhs, '.');
      const char *method = NULL, *name = lhs;
      if (dot != NULL)
        {
          *dot = '\0';
          method = lhs;
          name = dot + 1;
        }
      double v;
      if (!lesc_number_parse (eq + 1, &v, error))
        {
          g_prefix_error (error, "--param %s: ", lhs);
          return FALSE;
        }
      guint hits = 0;
      for (guint j = 0; j < setups->len; j++)
        {
          LescMethodSetup *s = &g_array_index (setups, LescMethodSetup, j);
          if (method != NULL && g_ascii_strcasecmp (method, s->method->name) != 0)
            continue;
          if (lesc_run_params_set (&s->params, s->method, name, v))
            hits++;
        }
      if (hits == 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--param %s: no selected method has a parameter '%s'", *p, name);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
lesc_batch_settings (LescRunParams *p, GError **error)
{
  /* an explicit `reference` insists on the reference formulation, `large` (set through
   * the table below) on the large one (docs/methods.md §11) */
  guint n = 0;
  const LescRunOption *o = lesc_run_options (&n);
  for (guint i = 0; i < n; i++)
    if (strcmp (o[i].key, "variant") == 0 && lesc_batch.run_options[i] != NULL
        && g_ascii_strcasecmp (lesc_batch.run_options[i], "reference") == 0)
      p->scale = LESC_SCALE_REFERENCE;
  if (lesc_batch.seed < -1 || lesc_batch.seed > G_MAXUINT32)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--seed: expected 0 … 4294967295, got %" G_GINT64_FORMAT, lesc_batch.seed);
      return FALSE;
    }
  if (lesc_batch.seed >= 0)
    p->seed = (guint32) lesc_batch.seed;
  /* -1: not given; 0 is no limit the user can mean ("positive", as the help says) */
  if (lesc_batch.memory_gb != -1 && (!(lesc_batch.memory_gb > 0) || !isfinite (lesc_batch.memory_gb)))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--memory-limit: expected a positive number of GB, got %g", lesc_batch.memory_gb);
      return FALSE;
    }
  p->memory_limit = lesc_batch.memory_gb > 0 ? lesc_batch.memory_gb * 1e9 : 0;
  for (guint i = 0; i < n; i++)
    if (lesc_batch.run_options[i] != NULL
        && !lesc_run_option_set (&o[i], p, lesc_batch.run_options[i], NULL))
      {
        g_autofree char *expected = lesc_run_option_expected (&o[i]);
        g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--%s: expected %s, got '%s'", o[i].key,
                     expected, lesc_batch.run_options[i]);
        return FALSE;
      }
  return TRUE;
}

gboolean
lesc_batch_kl (LescKlDirection *kl, GError **error)
{
  if (lesc_batch.kl != NULL && !lesc_kl_direction_from_string (lesc_batch.kl, kl))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--kl: expected truth-recovered or recovered-truth, got '%s'", lesc_batch.kl);
      return FALSE;
    }
  return TRUE;
}

GArray *
lesc_batch_methods (const char *default_methods, gboolean need_mapping, GError **error)
{
  g_autoptr (GArray) setups = g_array_new (FALSE, TRUE, sizeof (LescMethodSetup));
  const char *list = lesc_batch.methods ? lesc_batch.methods : default_methods;
  g_auto (GStrv) names = g_strsplit (list, ",", -1);
  for (char **n = names; *n; n++)
    {
      g_strstrip (*n);
      if (**n == '\0')
        continue;
      if (g_ascii_strcasecmp (*n, "all") == 0)
        {
          guint count = 0;
          const LescMethod *const *all = lesc_methods (&count);
          for (guint i = 0; i < count; i++)
            if (!need_mapping || all[i]->has_mapping)
              {
                LescMethodSetup s = { all[i] };
                g_array_append_val (setups, s);
              }
          continue;
        }
      const LescMethod *m = lesc_method_find (*n);
      if (m == NULL)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--methods: unknown method '%s' (known: fcm, km, lp, ml, glle, lesc, glesc)",
                       *n);
          return NULL;
        }
      if (need_mapping && !m->has_mapping)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "--methods: %s has no mapping to new samples (cross-validation takes "
                       "glle, lesc, glesc)", m->display_name);
          return NULL;
        }
      LescMethodSetup s = { m };
      g_array_append_val (setups, s);
    }
  if (setups->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "--methods: no method given");
      return NULL;
    }
  for (guint j = 0; j < setups->len; j++)
    {
      LescMethodSetup *s = &g_array_index (setups, LescMethodSetup, j);
      lesc_run_params_init (&s->params, s->method);
      if (!lesc_batch_settings (&s->params, error))
        return NULL;
    }
  if (!apply_params (setups, error))
    return NULL;
  for (guint j = 0; j < setups->len; j++)
    {
      LescMethodSetup *s = &g_array_index (setups, LescMethodSetup, j);
      if (!lesc_run_params_check (&s->params, s->method, error))
        return NULL;
    }
  return g_steal_pointer (&setups);
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

gboolean
lesc_batch_tuning (LescTuning *out, GError **error)
{
  out->enabled = lesc_batch.tune;
  out->select_by = -1;
  const char *s = lesc_batch.select_by;
  if (s == NULL || g_ascii_strcasecmp (s, "average-rank") == 0)
    return TRUE;
  LescMeasure m;
  if (!lesc_measure_from_string (s, &m))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--select-by: expected a measure (cheb, clark, canber, kl, cosine, intersec) "
                   "or average-rank, got '%s'", s);
      return FALSE;
    }
  out->select_by = (int) m;
  return TRUE;
}

GPtrArray *
lesc_batch_datasets (int argc, char **argv, LescStore *from_store, GError **error)
{
  if (argc > 1)
    {
      GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
      for (int i = 1; i < argc; i++)
        g_ptr_array_add (out, g_strdup (argv[i]));
      return out;
    }
  if (from_store == NULL)
    {
      GPtrArray *out = lesc_default_datasets (lesc_cli_data_dir);
      if (out->len == 1)
        fprintf (stderr, "lesc: no benchmark files found (give --data-dir DIR or set "
                         "LESC_DATA_DIR); using only the artificial set\n");
      return out;
    }
  /* the store's data sets: the default order first, then the others by name */
  LescRunFilter f = { .kl = -1, .kind = LESC_RUN_KIND_RECOVERY };
  g_autoptr (GPtrArray) runs = lesc_store_query (from_store, &f, error);
  if (runs == NULL)
    return NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < runs->len; i++)
    g_hash_table_add (seen, g_ascii_strdown (((LescRunRecord *) g_ptr_array_index (runs, i))->dataset, -1));
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  for (const char *const *k = lesc_known_datasets; *k; k++)
    if (g_hash_table_remove (seen, *k))
      g_ptr_array_add (out, g_strdup (*k));
  guint n_rest = 0;
  g_autofree gpointer *rest = g_hash_table_get_keys_as_array (seen, &n_rest);
  qsort (rest, n_rest, sizeof (gpointer), compare_strings);
  for (guint i = 0; i < n_rest; i++)
    g_ptr_array_add (out, g_strdup (rest[i]));
  if (out->len == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "%s holds no recovery runs (run 'lesc table' first)", lesc_store_path (from_store));
      g_ptr_array_unref (out);
      return NULL;
    }
  return out;
}

/* ---- progress bar and Ctrl-C --------------------------------------------------------- */

typedef struct {
  GCancellable *cancellable;
  LescProgress progress;
  LescCliProgressBar bar;
  GMainContext *context;
  GSource *sources[2];
  GThread *thread;
  gint stop;
  gint interrupts;
} Batch;

static Batch batch;

static gboolean
on_interrupt (gpointer data)
{
  if (g_atomic_int_add (&batch.interrupts, 1) == 0)
    {
      static const char msg[] = "\nlesc: interrupted; finishing the store transaction "
                                "(Ctrl-C again to quit at once)\n";
      if (write (STDERR_FILENO, msg, sizeof msg - 1) < 0)
        {
        }
      g_cancellable_cancel (batch.cancellable);
    }
  else
    _exit (LESC_EXIT_INTERRUPTED); /* the store is safe: every write is a transaction */
  return G_SOURCE_CONTINUE;
}

/* Iterates the signal sources' context until told to stop (a flag and a wakeup, which
 * is remembered when it comes before the thread blocks: no lost quit). */
static gpointer
signal_thread (gpointer data)
{
  g_main_context_push_thread_default (batch.context);
  while (!g_atomic_int_get (&batch.stop))
    g_main_context_iteration (batch.context, TRUE);
  g_main_context_pop_thread_default (batch.context);
  return NULL;
}

gboolean
lesc_batch_begin (LescExperimentOptions *o, gboolean existing, GError **error)
{
  memset (o, 0, sizeof *o);
  o->data_dir = lesc_cli_data_dir;
  if (!lesc_cli_check_data_options (error))
    return FALSE;
  static LescOpenOptions open;
  open = lesc_cli_open_options ();
  /* the output is checked before the runs: a table is never lost to a bad -o */
  if (lesc_batch.output != NULL
      && (!lesc_output_check (lesc_batch.output, error)
          || !lesc_output_check_distinct ((const char *[]) { lesc_batch.output }, 1,
                                          (const char *[]) { lesc_batch.results }, 1, error)))
    return FALSE;

  o->open = &open;
  if (lesc_batch.shard != NULL && !lesc_shard_parse (lesc_batch.shard, &o->shard, error))
    return FALSE;
  if (lesc_batch.jobs < 0 || lesc_batch.jobs > 256)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--jobs: expected a number of work units at once from 1 to 256, got %d",
                   lesc_batch.jobs);
      return FALSE;
    }
  o->jobs = (guint) lesc_batch.jobs;
  if (!lesc_batch_kl (&o->kl, error))
    return FALSE;
  o->recompute = lesc_batch.recompute;
  if (!(lesc_batch.cache_gb >= 0) || !isfinite (lesc_batch.cache_gb))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "--cache-limit: expected a positive number of GB, got %g", lesc_batch.cache_gb);
      return FALSE;
    }
  if (lesc_batch.cache_gb > 0)
    o->cache = lesc_run_cache_new (lesc_batch.cache_gb * 1e9);
  o->store = existing ? lesc_store_open_existing (lesc_batch.results, error)
                      : lesc_store_open (lesc_batch.results, error);
  if (o->store == NULL)
    return FALSE;

  memset (&batch, 0, sizeof batch);
  batch.cancellable = g_cancellable_new ();
  lesc_cli_progress_bar_init_full (&batch.bar, &batch.progress, batch.cancellable);
  o->progress = &batch.progress;
  /* Ctrl-C (and TERM) cancel the work; the signal is handled on a thread of its own */
  batch.context = g_main_context_new ();
  int signals[] = { SIGINT, SIGTERM };
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      GSource *src = batch.sources[i] = g_unix_signal_source_new (signals[i]);
      g_source_set_callback (src, on_interrupt, NULL, NULL);
      g_source_attach (src, batch.context);
    }
  batch.thread = g_thread_new ("lesc-signals", signal_thread, NULL);
  return TRUE;
}

int
lesc_batch_end (LescExperimentOptions *o, const LescExperimentCounts *c, GError *error)
{
  lesc_cli_progress_bar_finish (&batch.bar);
  g_clear_pointer (&o->cache, lesc_run_cache_free);
  if (batch.thread != NULL)
    {
      g_atomic_int_set (&batch.stop, 1);
      g_main_context_wakeup (batch.context);
      g_thread_join (batch.thread);
      batch.thread = NULL;
      /* the last source of a signal gone, GLib restores its default action */
      for (guint i = 0; i < G_N_ELEMENTS (batch.sources); i++)
        {
          g_source_destroy (batch.sources[i]);
          g_source_unref (batch.sources[i]);
        }
      g_main_context_unref (batch.context);
      g_clear_object (&batch.cancellable);
    }
  int status = LESC_EXIT_OK;
  const char *path = o->store ? lesc_store_path (o->store) : "the store";
  if (c != NULL && c->notes != NULL)
    for (guint i = 0; i < c->notes->len; i++)
      fprintf (stderr, "lesc: note: %s\n", (char *) g_ptr_array_index (c->notes, i));
  if (c != NULL && c->failures != NULL)
    for (guint i = 0; i < c->failures->len; i++)
      {
        fprintf (stderr, "lesc: failed: %s\n", (char *) g_ptr_array_index (c->failures, i));
        status = LESC_EXIT_DATA;
      }
  if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      fprintf (stderr, "lesc: interrupted: %u run(s) computed in this session are kept in %s; "
                       "run the same command again to resume%s\n",
               c ? c->runs_computed : 0, path,
               o->recompute ? " (without --recompute to keep what was redone)" : "");
      status = LESC_EXIT_INTERRUPTED;
    }
  else if (error != NULL)
    status = lesc_cli_fail (error);
  else if (c != NULL && c->units > 0 && o->store_only)
    {
      fprintf (stderr, "lesc: %u stored run(s) used from %s", c->runs_reused, path);
      if (c->runs_missing > 0)
        fprintf (stderr, "; %u run(s) missing (computed by 'lesc table' with the same options)",
                 c->runs_missing);
      fprintf (stderr, "\n");
    }
  else if (c != NULL && c->units > 0)
    {
      fprintf (stderr, "lesc: %u run(s) computed, %u reused from %s", c->runs_computed,
               c->runs_reused, path);
      if (o->shard.count > 1)
        fprintf (stderr, "; shard %u/%u: %u of %u work units", o->shard.index + 1,
                 o->shard.count, c->units_in_shard, c->units);
      if (c->runs_missing > 0)
        fprintf (stderr, "; %u run(s) missing", c->runs_missing);
      fprintf (stderr, "\n");
      if (o->shard.count > 1)
        fprintf (stderr, "lesc: when every shard is done, 'lesc merge' the stores and run the "
                         "command again without --shard for the output\n");
    }
  if (error != NULL)
    g_error_free (error);
  g_clear_pointer (&o->store, lesc_store_close);
  return status;
}

int
lesc_batch_write (GString *out)
{
  g_autoptr (GError) error = NULL;
  if (!lesc_cli_output (lesc_batch.output, out->str, out->len, &error))
    return lesc_cli_fail (g_steal_pointer (&error));
  return LESC_EXIT_OK;
}

LescRecoveryTable *
lesc_batch_stored_table (int argc, char **argv, LescExperimentOptions *o,
                         LescExperimentCounts *counts, GError **error)
{
  LescTuning tuning;
  if (!lesc_batch_tuning (&tuning, error))
    return NULL;
  g_autoptr (GArray) setups = lesc_batch_methods ("all", FALSE, error);
  if (setups == NULL)
    return NULL;
  o->store_only = TRUE;
  g_autoptr (GPtrArray) datasets = lesc_batch_datasets (argc, argv, o->store, error);
  if (datasets == NULL)
    return NULL;
  return lesc_recovery_table ((const char *const *) datasets->pdata, datasets->len,
                              (const LescMethodSetup *) setups->data, setups->len, &tuning, o,
                              counts, error);
}
