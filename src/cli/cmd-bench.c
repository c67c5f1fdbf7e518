/* lesc bench — seconds per stage and peak memory of GLLE, LESC and gLESC on the benchmark
 * data sets. Every run happens in its own child process so that its peak resident memory
 * (wait4's ru_maxrss) is its own. "seconds" is end to end: reading and checking the data
 * set (the "load" stage) and the method. --targets: the program's speed targets instead
 * (bench-targets.c); --interactive: the latencies of parameter changes in the explorer
 * (bench-interactive.c). */
#include "cli/batch.h"
#include "cli/bench-targets.h"
#include "cli/bench-child.h"
#include "cli/bench-scale.h"
#include "cli/bench-fidelity.h"
#include "cli/cli.h"
#include "cli/bench-interactive.h"
#include "cli/commands.h"
#include "core/methods/method.h"
#include "core/methods/run.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static char *datasets_option, *methods_option, *format_option, *changes_option;
static gboolean targets_option, long_option, interactive, scale_option, fidelity_option;
static gboolean floor_option;
static char *sizes_option;
static gint landmarks_option, neighbours_option;
static gint repeat_option = G_MININT;   /* unset: the mode's default (--targets 1, --interactive 5) */

static const GOptionEntry entries[] = {
  { "datasets", 0, 0, G_OPTION_ARG_STRING, &datasets_option,
    "Comma-separated data sets (default artificial,sjaffe,yeast-alpha,sbu-3dfe,movie)", "LIST" },
  { "methods", 'm', 0, G_OPTION_ARG_STRING, &methods_option,
    "Comma-separated methods (default glle,lesc,glesc)", "LIST" },
  { "format", 'f', 0, G_OPTION_ARG_STRING, &format_option, "Output: text (default) or csv", "text|csv" },
  { "targets", 0, 0, G_OPTION_ARG_NONE, &targets_option,
    "Time the speed targets as whole commands instead: LESC on SJAFFE, system/user time of "
    "recover on Yeast-alpha", NULL },
  { "long", 0, 0, G_OPTION_ARG_NONE, &long_option,
    "With --targets: also LESC and gLESC on Movie and the full tables (default and --tune; "
    "hours)", NULL },
  { "interactive", 0, 0, G_OPTION_ARG_NONE, &interactive,
    "Latency of parameter changes in the explorer on a warm cache: first provisional frame "
    "and final result per data set, method and parameter, and the λ strip (default data "
    "sets artificial,sjaffe; methods all seven)", NULL },
  { "scale", 0, 0, G_OPTION_ARG_NONE, &scale_option,
    "Time and peak memory per method on generated data (d = 100, c = 10 logical labels) at "
    "growing n, in the formulation the program chooses, and the growth exponent of time "
    "(default methods glle,lesc,km,lp,ml,fcm)", NULL },
  { "fidelity", 0, 0, G_OPTION_ARG_NONE, &fidelity_option,
    "The large-data formulation against the reference: per data set and method the "
    "Chebyshev distance between their distributions and the change of each measure "
    "(default the 14 benchmark sets; methods glle,lesc,km,lp)", NULL },
  { "floor", 0, 0, G_OPTION_ARG_NONE, &floor_option,
    "With --fidelity: also the reference against itself with λ₁ one ulp larger (how far its "
    "own last bits move it; methods with λ₁)", NULL },
  { "landmarks", 0, 0, G_OPTION_ARG_INT, &landmarks_option,
    "The large-data formulation's m (landmarks, KM's sampled members; default 1000); alone, LP takes its low-rank form", "M" },
  { "neighbours", 0, 0, G_OPTION_ARG_INT, &neighbours_option,
    "The large-data formulation's k of LP's graph (default 60); alone, LP takes the graph", "K" },
  { "sizes", 0, 0, G_OPTION_ARG_STRING, &sizes_option,
    "With --scale: comma-separated n (default 10000,30000,100000)", "LIST" },
  { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat_option,
    "With --targets: runs per target (min and median are shown; default 1); with "
    "--interactive: changes per parameter (default 5)", "N" },
  { "changes", 0, 0, G_OPTION_ARG_STRING, &changes_option,
    "--interactive: the parameters to change and \"strip\" (comma-separated; default all)", "LIST" },
  { NULL }
};

typedef struct {
  const char *spec;
  const LescMethod *m;
  const LescRunParams *p;
} Job;

/* The child: run and write "ok n total estimate name=seconds …" or "error message". */
static void
child_run (int fd, gpointer data)
{
  const Job *job = data;
  const char *spec = job->spec;
  const LescMethod *m = job->m;
  const LescRunParams *p = job->p;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  gint64 t_load = g_get_monotonic_time ();
  g_autoptr (LescDataset) ds = lesc_cli_open_dataset (spec, &error);
  double load = lesc_seconds_since (t_load);
  if (ds != NULL)
    {
      LescRunResult r;
      g_autoptr (LescMatrix) d = lesc_method_run (m, ds, p, NULL, &r, &error);
      double total = lesc_seconds_since (t_load);
      if (d != NULL)
        {
          g_string_append_printf (out, "ok %zu %.3f %.0f load=%.3f", lesc_dataset_n (ds), total,
                                  r.memory_estimate, load);
          for (guint s = 0; s < r.n_stages; s++)
            g_string_append_printf (out, " %s=%.3f", r.stage_names[s], r.stage_seconds[s]);
          g_string_append_printf (out, " [LE: kernel %.3f, Q %.3f, ", r.le.seconds_kernel,
                                  r.le.seconds_form);
          if (r.le.seconds_reduce > 0.0)
            g_string_append_printf (out, "tridiagonal %.3f, ", r.le.seconds_reduce);
          g_string_append_printf (out, "solve %.3f", r.le.seconds_solve);
          if (r.le.iterations > 0)
            g_string_append_printf (out, "; exit %d, %u iterations", r.le.exit_flag,
                                    r.le.iterations);
          g_string_append (out, "]");
        }
      lesc_run_result_clear (&r);
    }
  if (error != NULL)
    g_string_printf (out, "error %s", error->message);
  lesc_bench_write_all (fd, out);
}

int
lesc_cmd_bench (int argc, char **argv)
{
  g_autofree GOptionEntry *all = lesc_batch_entries (entries, LESC_BATCH_SETTINGS | LESC_BATCH_MEMORY
                                                     | LESC_BATCH_CACHE);
  if (!lesc_cli_parse ("bench", "", "time GLLE, LESC and gLESC on the benchmark data sets",
                       all, TRUE, &argc, &argv))
    return LESC_EXIT_USAGE;
  if (argc != 1)
    return lesc_cli_usage ("bench", "takes no arguments");
  gboolean csv = format_option != NULL && strcmp (format_option, "csv") == 0;
  if (format_option != NULL && !csv && strcmp (format_option, "text") != 0)
    return lesc_cli_usage ("bench", "--format '%s': expected text or csv", format_option);
  if (targets_option && interactive)
    return lesc_cli_usage ("bench", "--targets and --interactive are two different benches");
  if (long_option && !targets_option)
    return lesc_cli_usage ("bench", "--long goes with --targets");
  if (repeat_option != G_MININT && !targets_option && !interactive)
    return lesc_cli_usage ("bench", "--repeat goes with --targets or --interactive");
  int repeat = repeat_option != G_MININT ? repeat_option : interactive ? 5 : 1;
  if (repeat < 1 || repeat > 1000)
    return lesc_cli_usage ("bench", "--repeat %d: expected 1…1000", repeat);
  if (targets_option)
    return lesc_bench_targets (long_option, (guint) repeat, lesc_cli_data_dir, csv);
  if (floor_option && !fidelity_option)
    return lesc_cli_usage ("bench", "--floor goes with --fidelity");
  if (fidelity_option && (targets_option || interactive || scale_option))
    return lesc_cli_usage ("bench", "--fidelity is a bench of its own: not with --targets, "
                           "--interactive or --scale");
  if (scale_option && (targets_option || interactive || datasets_option != NULL))
    return lesc_cli_usage ("bench", "--scale generates its data: not with --targets, "
                           "--interactive or --datasets");
  if (sizes_option != NULL && !scale_option)
    return lesc_cli_usage ("bench", "--sizes goes with --scale");
  g_autoptr (GArray) sizes = g_array_new (FALSE, FALSE, sizeof (gsize));
  if (scale_option)
    {
      g_auto (GStrv) parts = g_strsplit (sizes_option ? sizes_option : "10000,30000,100000", ",", -1);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          char *end = NULL;
          guint64 v = g_ascii_strtoull (parts[i], &end, 10);
          if (end == parts[i] || *end != '\0' || v < 20 || v > 10000000)
            return lesc_cli_usage ("bench", "--sizes: '%s' is not a whole number in 20…10000000",
                                   parts[i]);
          gsize n = (gsize) v;
          g_array_append_val (sizes, n);
        }
    }
  const char *default_sets = interactive ? "artificial,sjaffe"
                             : fidelity_option ? "artificial,sjaffe,sbu-3dfe,movie,yeast-alpha,"
                                                 "yeast-cdc,yeast-cold,yeast-diau,yeast-dtt,"
                                                 "yeast-elu,yeast-heat,yeast-spo,yeast-spo5,"
                                                 "yeast-spoem"
                             : "artificial,sjaffe,yeast-alpha,sbu-3dfe,movie";
  const char *default_methods = interactive ? "fcm,km,lp,ml,glle,lesc,glesc"
                                : scale_option ? "glle,lesc,km,lp,ml,fcm"
                                : fidelity_option ? "glle,lesc,km,lp" : "glle,lesc,glesc";
  g_auto (GStrv) sets = g_strsplit (datasets_option ? datasets_option : default_sets, ",", -1);
  g_auto (GStrv) names = g_strsplit (methods_option ? methods_option : default_methods, ",", -1);
  guint n_methods = g_strv_length (names);
  g_autofree LescRunParams *params = g_new (LescRunParams, n_methods);
  for (guint k = 0; k < n_methods; k++)
    {
      const LescMethod *m = lesc_method_find (names[k]);
      if (m == NULL)
        return lesc_cli_usage ("bench", "unknown method '%s'", names[k]);
      g_autoptr (GError) error = NULL;
      lesc_run_params_init (&params[k], m);
      if (landmarks_option < 0 || neighbours_option < 0)
        return lesc_cli_usage ("bench", "--landmarks and --neighbours: expected positive numbers");
      params[k].landmarks = (guint) landmarks_option;
      params[k].neighbours = (guint) neighbours_option;
      if (!lesc_batch_settings (&params[k], &error) || !lesc_run_params_check (&params[k], m, &error))
        return lesc_cli_fail (error);
    }
  if (fidelity_option)
    return lesc_bench_fidelity (sets, names, params, csv, floor_option);
  if (scale_option)
    return lesc_bench_scale ((const gsize *) sizes->data, sizes->len, names, params, csv);
  if (interactive)
    {
      if (lesc_batch.cache_gb < 0 || !isfinite (lesc_batch.cache_gb))
        return lesc_cli_usage ("bench", "--cache-limit %g: expected a positive number of GB",
                               lesc_batch.cache_gb);
      g_auto (GStrv) changes = changes_option ? g_strsplit (changes_option, ",", -1) : NULL;
      return lesc_bench_interactive (sets, names, params, changes, (guint) repeat, csv,
                                     lesc_batch.cache_gb * 1e9);
    }

  if (csv)
    printf ("dataset,method,n,seconds,peak_mb,estimate_mb,stages,status\n");
  else
    printf ("%-12s %-6s %6s %9s %9s %9s  %s\n", "dataset", "method", "n", "seconds", "peak MB",
            "est. MB", "stages (s)");
  fflush (stdout);
  int status_all = LESC_EXIT_OK;
  for (guint s = 0; sets[s]; s++)
    for (guint k = 0; names[k]; k++)
      {
        const LescMethod *m = lesc_method_find (names[k]);
        Job job = { sets[s], m, &params[k] };
        GString *msg = g_string_new (NULL);
        double peak_mb = 0.0;
        if (!lesc_bench_in_child (child_run, &job, msg, &peak_mb))
          {
            g_string_free (msg, TRUE);
            return LESC_EXIT_DATA;
          }
        if (!g_str_has_prefix (msg->str, "ok "))
          {
            const char *why = msg->len > 6 ? msg->str + 6 : "the run died";
            if (csv)
              {
                g_autoptr (GString) line = g_string_new (NULL);
                lesc_csv_field (line, sets[s]);
                g_string_append_printf (line, ",%s,,,%.0f,,,", m->display_name, peak_mb);
                lesc_csv_field (line, why);
                printf ("%s\n", line->str);
              }
            else
              printf ("%-12s %-6s  failed: %s\n", sets[s], m->display_name, why);
            status_all = LESC_EXIT_DATA;
          }
        else
          {
            gsize n = 0;
            double total = 0, estimate = 0;
            int used = 0;
            sscanf (msg->str + 3, "%zu %lf %lf %n", &n, &total, &estimate, &used);
            const char *stages = msg->str + 3 + used;
            if (csv)
              {
                g_autoptr (GString) line = g_string_new (NULL);
                lesc_csv_field (line, sets[s]);
                g_string_append_printf (line, ",%s,%zu,%.3f,%.0f,%.0f,", m->display_name, n, total,
                                        peak_mb, estimate / 1e6);
                lesc_csv_field (line, stages);
                printf ("%s,ok\n", line->str);
              }
            else
              printf ("%-12s %-6s %6zu %9.3f %9.0f %9.0f  %s\n", sets[s], m->display_name, n, total,
                      peak_mb, estimate / 1e6, stages);
          }
        fflush (stdout);
        g_string_free (msg, TRUE);
      }
  return status_all;
}
