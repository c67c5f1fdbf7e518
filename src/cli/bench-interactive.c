/* lesc bench --interactive — what a parameter change costs in the explorer: on a warm run
 * cache (runcache.h), the latency from the change to the first provisional frame and to
 * the final result (the run, its trace and both KL directions' measures, as the
 * explorer's run job makes them), for every parameter of every method; and the λ strip
 * (eight λ₁ values filled nearest-first). Minimum and median of --repeat changes, each to
 * a value not seen before (so a new λ₂ recomputes the correlation step, as in the
 * explorer). */
#include "cli/bench-interactive.h"
#include "cli/bench-scale.h"
#include "core/eval/measures.h"
#include "core/experiments/experiment.h"
#include "core/methods/run.h"
#include "core/methods/tracetable.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

typedef struct {
  gint64 start, first;
} Clock;

static void
on_frame (const LescProgressFrame *frame, gpointer data)
{
  Clock *c = data;
  if (!frame->final && c->first == 0)
    c->first = g_get_monotonic_time ();
}

/* processor seconds of the whole process (all threads) so far */
static double
cpu_seconds (void)
{
  struct rusage ru;
  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* One run as the explorer's run job does it; seconds to the first provisional frame (NaN:
 * none) and to the end, and the processor seconds it took. */
static gboolean
timed_run (const LescMethod *m, const LescDataset *ds, const LescRunParams *p, LescRunCache *cache,
           double *first, double *final, double *cpu, GError **error)
{
  double cpu0 = cpu_seconds ();
  Clock clock = { g_get_monotonic_time (), 0 };
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, NULL);
  lesc_progress_set_frames (&progress, on_frame, &clock);
  LescRunResult r = { 0 };
  g_autoptr (LescMatrix) d = lesc_method_run_cached (m, ds, p, cache, &progress, &r, error);
  gboolean ok = d != NULL;
  double v[LESC_N_MEASURES];
  if (ok && ds->truth != NULL)
    ok = lesc_measures_compute (ds->truth, d, LESC_KL_TRUTH_RECOVERED, v, error)
         && lesc_measures_compute (ds->truth, d, LESC_KL_RECOVERED_TRUTH, v, error);
  if (ok && r.trace != NULL && ds->truth != NULL)
    {
      g_autofree double *curve = lesc_trace_measures (r.trace, ds->truth, LESC_KL_TRUTH_RECOVERED,
                                                      error);
      ok = curve != NULL;
    }
  lesc_run_result_clear (&r);
  gint64 end = g_get_monotonic_time ();
  *first = clock.first > 0 ? (clock.first - clock.start) / 1e6 : NAN;
  *final = (end - clock.start) / 1e6;
  *cpu = cpu_seconds () - cpu0;
  return ok;
}

/* The r-th new value of parameter k (r ≥ 1): a quarter decade up for λ-like parameters,
 * one step for whole numbers, within the parameter's range. */
static double
changed_value (const LescParamSpec *s, double base, guint r)
{
  double v;
  if (s->integer)
    {
      v = base + r;
      if (v > s->max)
        v = base - r;
    }
  else if (s->log_scale)
    v = base * pow (10.0, 0.25 * r);
  else
    v = base * (1.0 + 0.1 * r);
  return CLAMP (v, s->min, s->max);
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* min and median of n values (NaN when any is NaN) */
static void
summary (double *v, guint n, double *min, double *median)
{
  for (guint i = 0; i < n; i++)
    if (isnan (v[i]))
      {
        *min = *median = NAN;
        return;
      }
  qsort (v, n, sizeof (double), compare_doubles);
  *min = v[0];
  *median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static void
print_line (gboolean csv, const char *dataset, const char *method, const char *change,
            double first_min, double first_med, double final_min, double final_med,
            double cpu_min, guint n)
{
  if (csv)
    {
      printf ("%s,%s,%s,", dataset, method, change);
      if (!isnan (first_min))
        printf ("%.3f,%.3f", first_min, first_med);
      else
        printf (",");
      printf (",%.3f,%.3f,%.3f,%u\n", final_min, final_med, cpu_min, n);
    }
  else
    {
      g_autofree char *first = isnan (first_min) ? g_strdup ("first    -  ")
                                                 : g_strdup_printf ("first %.2f s", first_min);
      g_autofree char *median = isnan (first_min)
                                  ? g_strdup_printf ("final %.2f s", final_med)
                                  : g_strdup_printf ("first %.2f s, final %.2f s", first_med,
                                                     final_med);
      printf ("%-12s %-6s %-9s %s  final %.2f s   (median of %u: %s; cpu %.2f s)\n", dataset,
              method, change, first, final_min, n, median, cpu_min);
    }
  fflush (stdout);
}

static void
strip_cell_done (guint index, LescMatrix *distributions, gpointer data)
{
  lesc_matrix_free (distributions);
}

/* Every parameter of `m` on `ds`: a warm-up run at the defaults, then `repeat` changes. */
static gboolean
wanted (char **changes, const char *name)
{
  return changes == NULL || g_strv_contains ((const char *const *) changes, name);
}

static gboolean
bench_method (const LescDataset *ds, const LescMethod *m, const LescRunParams *start,
              char **changes, guint repeat, gboolean csv, LescRunCache *cache, GError **error)
{
  LescRunParams base = *start;
  if (m->smoothness != NULL)
    base.trace_bytes = LESC_TRACE_INTERACTIVE_BYTES;
  double first, final, cpu;
  if (!timed_run (m, ds, &base, cache, &first, &final, &cpu, error))
    return FALSE;
  g_autofree double *firsts = g_new (double, repeat);
  g_autofree double *finals = g_new (double, repeat);
  g_autofree double *cpus = g_new (double, repeat);
  for (guint k = 0; k < m->n_params; k++)
    {
      if (!wanted (changes, m->params[k].name))
        continue;
      for (guint r = 0; r < repeat; r++)
        {
          LescRunParams p = base;
          p.values[k] = changed_value (&m->params[k], base.values[k], r + 1);
          if (!timed_run (m, ds, &p, cache, &firsts[r], &finals[r], &cpus[r], error))
            return FALSE;
        }
      double f0, f1, e0, e1, c0, c1;
      summary (firsts, repeat, &f0, &f1);
      summary (finals, repeat, &e0, &e1);
      summary (cpus, repeat, &c0, &c1);
      print_line (csv, ds->name, m->name, m->params[k].name, f0, f1, e0, e1, c0, repeat);
    }
  /* the λ strip: eight λ₁ values as one run (lesc_method_run_strip), without traces */
  if (lesc_method_param_index (m, "lambda1") >= 0 && m->smoothness != NULL && wanted (changes, "strip"))
    {
      guint order[G_N_ELEMENTS (lesc_grid_default)];
      double values[G_N_ELEMENTS (lesc_grid_default)];
      lesc_grid_nearest_first (lesc_grid_default, G_N_ELEMENTS (order),
                               lesc_run_params_get (&base, m, "lambda1", 1.0), order);
      for (guint c = 0; c < G_N_ELEMENTS (order); c++)
        values[c] = lesc_grid_default[order[c]];
      for (guint r = 0; r < repeat; r++)
        {
          double cpu0 = cpu_seconds ();
          gint64 t0 = g_get_monotonic_time ();
          if (!lesc_method_run_strip (m, ds, &base, values, G_N_ELEMENTS (values), cache, NULL,
                                      strip_cell_done, NULL, error))
            return FALSE;
          finals[r] = (g_get_monotonic_time () - t0) / 1e6;
          cpus[r] = cpu_seconds () - cpu0;
        }
      double e0, e1, c0, c1;
      summary (finals, repeat, &e0, &e1);
      summary (cpus, repeat, &c0, &c1);
      print_line (csv, ds->name, m->name, "strip", NAN, NAN, e0, e1, c0, repeat);
    }
  return TRUE;
}

int
lesc_bench_interactive (char **datasets, char **methods, const LescRunParams *params,
                        char **changes, guint repeat, gboolean csv, double cache_bytes)
{
  /* the machine's state beside the figures (CSV: on stderr, the table stays one table) */
  g_autofree char *machine = lesc_bench_machine ();
  fprintf (csv ? stderr : stdout, "# %s\n", machine);
  fflush (csv ? stderr : stdout);
  if (csv)
    printf ("dataset,method,change,first_min,first_median,final_min,final_median,cpu_min,runs\n");
  int status = LESC_EXIT_OK;
  for (guint s = 0; datasets[s]; s++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_cli_open_dataset (datasets[s], &error);
      if (ds == NULL)
        {
          fprintf (stderr, "lesc: %s\n", error->message);
          status = LESC_EXIT_DATA;
          continue;
        }
      /* one cache per data set, as the explorer keeps one while a data set is open */
      g_autoptr (LescRunCache) cache = lesc_run_cache_new (cache_bytes);
      for (guint k = 0; methods[k]; k++)
        if (!bench_method (ds, lesc_method_find (methods[k]), &params[k], changes, repeat, csv,
                           cache, &error))
          {
            fprintf (stderr, "lesc: %s on %s: %s\n", methods[k], ds->name, error->message);
            g_clear_error (&error);
            status = LESC_EXIT_DATA;
          }
    }
  return status;
}
