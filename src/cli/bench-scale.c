/* lesc bench --scale (docs/speed.md, "Large data"): generated data with d = 100 features
 * and c = 10 logical labels; each method at each n in a child process (its own peak
 * memory, wait4's ru_maxrss), then the growth exponent of time by least squares on
 * log t against log n. */
#include "cli/bench-scale.h"
#include "cli/cli.h"
#include "cli/bench-child.h"
#include "core/base/random.h"
#include "core/methods/run.h"

#include <cblas.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define SCALE_D 100
#define SCALE_C 10

/* n samples around c centres in d dimensions (seeded): x = centre of the sample's cluster
 * + uniform noise; the truth y_j ∝ exp(−‖x − μ_j‖²/(2d)); logical labels its binarization
 * (one to a few labels a row). */
static LescDataset *
generated (gsize n)
{
  gsize d = SCALE_D, c = SCALE_C;
  LescRandom rng;
  lesc_random_init (&rng, 20261127);
  g_autoptr (LescMatrix) mu = lesc_matrix_new (c, d);
  for (gsize j = 0; j < c; j++)
    for (gsize f = 0; f < d; f++)
      LESC_AT (mu, j, f) = 2.0 * lesc_random_double (&rng) - 1.0;
  LescMatrix *x = lesc_matrix_new (n, d);
  LescMatrix *y = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    {
      gsize k = (gsize) (lesc_random_double (&rng) * (double) c);
      for (gsize f = 0; f < d; f++)
        LESC_AT (x, i, f) = LESC_AT (mu, k, f) + 2.0 * (lesc_random_double (&rng) - 0.5);
      double sum = 0.0;
      for (gsize j = 0; j < c; j++)
        {
          double e = 0.0;
          for (gsize f = 0; f < d; f++)
            e += (LESC_AT (x, i, f) - LESC_AT (mu, j, f)) * (LESC_AT (x, i, f) - LESC_AT (mu, j, f));
          sum += LESC_AT (y, i, j) = exp (-e / (2.0 * (double) d) * 8.0);
        }
      for (gsize j = 0; j < c; j++)
        LESC_AT (y, i, j) /= sum;
    }
  g_autofree char *name = g_strdup_printf ("generated-%zu", n);
  return lesc_dataset_new (name, x, y, NULL);
}

typedef struct {
  gsize n;
  const LescMethod *m;
  const LescRunParams *p;
} Job;

/* CPU seconds (user + system) of this process so far. */
static double
cpu_seconds (void)
{
  struct rusage u;
  getrusage (RUSAGE_SELF, &u);
  return (double) (u.ru_utime.tv_sec + u.ru_stime.tv_sec)
         + 1e-6 * (double) (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

/* The child: "ok seconds cpu-seconds estimate form" or "error message" on fd. */
static void
child_run (int fd, gpointer data)
{
  const Job *job = data;
  gsize n = job->n;
  const LescMethod *m = job->m;
  const LescRunParams *p = job->p;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autoptr (LescDataset) ds = generated (n);
  LescRunResult r;
  gint64 t0 = g_get_monotonic_time ();
  double cpu0 = cpu_seconds ();
  g_autoptr (LescMatrix) dist = lesc_method_run (m, ds, p, NULL, &r, &error);
  double seconds = lesc_seconds_since (t0), cpu = cpu_seconds () - cpu0;
  if (dist != NULL && r.default_note[0] != '\0')
    fprintf (stderr, "lesc: note: %s: %s\n", ds->name, r.default_note);
  if (dist != NULL)
    {
      g_autofree char *form = lesc_run_result_formulation (&r);
      g_string_printf (out, "ok %.3f %.3f %.0f %s", seconds, cpu, r.memory_estimate, form);
      if (r.knn_approximate)
        g_string_append_printf (out, " (recall %.3f)", r.knn_recall);
      if (r.knn_dimension > 0.0)
        g_string_append_printf (out, " (dimension %.1f)", r.knn_dimension);
      if (r.le.iterations > 0)
        g_string_append_printf (out, " (%u it.)", r.le.iterations);
      /* where the time went: the run's stages */
      for (guint k = 0; k < r.n_stages; k++)
        g_string_append_printf (out, "%s%s %.1f", k == 0 ? " [" : ", ", r.stage_names[k],
                                r.stage_seconds[k]);
      if (r.n_stages > 0)
        g_string_append (out, " s]");
    }
  lesc_run_result_clear (&r);
  if (error != NULL)
    g_string_printf (out, "error %s", error->message);
  lesc_bench_write_all (fd, out);
}

double
lesc_bench_dgemm_rate (void)
{
  const int s = 2000;
  g_autoptr (LescMatrix) a = lesc_matrix_new (s, s);
  g_autoptr (LescMatrix) c = lesc_matrix_new (s, s);
  for (gsize e = 0; e < (gsize) s * s; e++)
    a->data[e] = (double) (e % 7) - 3.0;
  gint64 t0 = g_get_monotonic_time ();
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, s, s, s, 1.0, a->data, s, a->data, s,
               0.0, c->data, s);
  return 2.0 * s * (double) s * s / 1e9 / lesc_seconds_since (t0);
}

char *
lesc_bench_machine (void)
{
  double load[3] = { NAN, NAN, NAN };
  if (getloadavg (load, 3) < 0)
    load[0] = load[1] = load[2] = NAN;
  return g_strdup_printf ("load average %.2f %.2f %.2f; dgemm %.1f GFlop/s", load[0], load[1],
                          load[2], lesc_bench_dgemm_rate ());
}

int
lesc_bench_scale (const gsize *sizes, guint n_sizes, char **names, const LescRunParams *params,
                  gboolean csv)
{
  g_autofree char *machine = lesc_bench_machine ();
  printf ("# %s; d = %d features, c = %d logical labels\n", machine, SCALE_D, SCALE_C);
  if (csv)
    printf ("n,method,seconds,cpu_seconds,peak_mb,estimate_mb,formulation,status\n");
  else
    printf ("%7s %-6s %9s %9s %9s %9s  %s\n", "n", "method", "seconds", "CPU s", "peak MB",
            "est. MB", "formulation");
  fflush (stdout);
  guint n_methods = g_strv_length (names);
  g_autofree double *times = g_new (double, n_methods * n_sizes);
  int status_all = LESC_EXIT_OK;
  for (guint s = 0; s < n_sizes; s++)
    for (guint k = 0; k < n_methods; k++)
      {
        const LescMethod *m = lesc_method_find (names[k]);
        times[k * n_sizes + s] = NAN;
        Job job = { sizes[s], m, &params[k] };
        g_autoptr (GString) msg = g_string_new (NULL);
        double peak_mb = 0.0;
        if (!lesc_bench_in_child (child_run, &job, msg, &peak_mb))
          return LESC_EXIT_DATA;
        if (!g_str_has_prefix (msg->str, "ok "))
          {
            const char *why = msg->len > 6 ? msg->str + 6 : "the run died";
            if (csv)
              {
                g_autoptr (GString) line = g_string_new (NULL);
                g_string_append_printf (line, "%zu,%s,,,%.0f,,,", sizes[s], m->display_name, peak_mb);
                lesc_csv_field (line, why);
                printf ("%s\n", line->str);
              }
            else
              printf ("%7zu %-6s  failed: %s\n", sizes[s], m->display_name, why);
            status_all = LESC_EXIT_DATA;
          }
        else
          {
            double seconds = 0, cpu = 0, estimate = 0;
            int used = 0;
            sscanf (msg->str + 3, "%lf %lf %lf %n", &seconds, &cpu, &estimate, &used);
            times[k * n_sizes + s] = seconds;
            const char *form = msg->str + 3 + used;
            if (csv)
              {
                g_autoptr (GString) line = g_string_new (NULL);
                g_string_append_printf (line, "%zu,%s,%.3f,%.3f,%.0f,%.0f,", sizes[s],
                                        m->display_name, seconds, cpu, peak_mb, estimate / 1e6);
                lesc_csv_field (line, form);
                printf ("%s,ok\n", line->str);
              }
            else
              printf ("%7zu %-6s %9.2f %9.2f %9.0f %9.0f  %s\n", sizes[s], m->display_name,
                      seconds, cpu, peak_mb, estimate / 1e6, form);
          }
        fflush (stdout);
      }
  /* t ∝ n^b: b by least squares on the sizes each method finished */
  for (guint k = 0; k < n_methods && n_sizes > 1; k++)
    {
      double sx = 0, sy = 0, sxx = 0, sxy = 0;
      guint used = 0;
      for (guint s = 0; s < n_sizes; s++)
        {
          double t = times[k * n_sizes + s];
          if (!(t > 0.0))
            continue;
          double lx = log ((double) sizes[s]), ly = log (t);
          sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly, used++;
        }
      const LescMethod *m = lesc_method_find (names[k]);
      if (used < 2)
        printf ("# %s: growth exponent not fitted (fewer than two sizes finished)\n",
                m->display_name);
      else
        printf ("# %s: growth exponent of time %.2f (least squares over %u sizes)\n",
                m->display_name, (used * sxy - sx * sy) / (used * sxx - sx * sx), used);
    }
  return status_all;
}
