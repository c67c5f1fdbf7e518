/* lesc bench --fidelity (docs/methods.md §11, "Fidelity"): each data set and method in
 * both formulations, in this process, one after the other. */
#include "cli/bench-fidelity.h"
#include "cli/cli.h"
#include "core/eval/measures.h"
#include "core/methods/run.h"

#include <math.h>
#include <stdio.h>

static LescMatrix *
run_as (const LescMethod *m, const LescDataset *ds, const LescRunParams *p, LescScale scale,
        LescRunResult *r, double *seconds, GError **error)
{
  LescRunParams q = *p;
  q.scale = scale;
  if (scale == LESC_SCALE_REFERENCE)
    q.knn = LESC_KNN_AUTO;   /* --knn names the large form's search; the reference's is exact */
  gint64 t0 = g_get_monotonic_time ();
  LescMatrix *d = lesc_method_run (m, ds, &q, NULL, r, error);
  *seconds = lesc_seconds_since (t0);
  return d;
}

/* The reference again with λ₁ one ulp larger: how far its own last bits move it (the
 * capped optimizer amplifies them, docs/optimizer.md §5). FALSE when the method has no λ₁. */
static gboolean
floor_of (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
          const LescMatrix *a, const double *va, double *cheb, double *move, GError **error)
{
  double lambda = lesc_run_params_get (p, m, "lambda1", NAN);
  if (isnan (lambda))
    return FALSE;
  LescRunParams q = *p;
  lesc_run_params_set (&q, m, "lambda1", nextafter (lambda, INFINITY));
  LescRunResult r;
  double t, vf[LESC_N_MEASURES], vd[LESC_N_MEASURES];
  g_autoptr (LescMatrix) f = run_as (m, ds, &q, LESC_SCALE_REFERENCE, &r, &t, error);
  if (f == NULL)
    return FALSE;
  lesc_run_result_clear (&r);
  if (!lesc_measures_compute (ds->truth, f, LESC_KL_RECOVERED_TRUTH, vf, error)
      || !lesc_measures_compute (a, f, LESC_KL_RECOVERED_TRUTH, vd, error))
    return FALSE;
  *cheb = vd[LESC_MEASURE_CHEB];
  *move = 0.0;
  for (int j = 0; j < LESC_N_MEASURES; j++)
    *move = fmax (*move, fabs (vf[j] - va[j]));
  return TRUE;
}

int
lesc_bench_fidelity (char **sets, char **names, const LescRunParams *params, gboolean csv,
                     gboolean floor)
{
  if (csv)
    {
      printf ("dataset,method,n,formulation,cheb_to_reference");
      for (int k = 0; k < LESC_N_MEASURES; k++)
        printf (",d_%s", lesc_measure_key (k));
      printf (",max_move,seconds_reference,seconds_large,within%s\n",
              floor ? ",floor_cheb,floor_move" : "");
    }
  else
    {
      printf ("%-12s %-6s %5s %-16s %9s", "dataset", "method", "n", "large form", "Cheb→ref");
      for (int k = 0; k < LESC_N_MEASURES; k++)
        printf (" %8s", lesc_measure_key (k));
      printf (" %8s %8s  %s\n", "s ref", "s large",
              floor ? "within  floor: Cheb / move" : "within 0.005/0.01");
    }
  fflush (stdout);
  int status = LESC_EXIT_OK;
  for (guint s = 0; sets[s] != NULL; s++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_cli_open_dataset (sets[s], &error);
      if (ds == NULL || ds->truth == NULL)
        {
          fprintf (stderr, "lesc bench: %s: %s\n", sets[s],
                   error != NULL ? error->message : "no ground truth to score against");
          status = LESC_EXIT_DATA;
          continue;
        }
      for (guint k = 0; names[k] != NULL; k++)
        {
          const LescMethod *m = lesc_method_find (names[k]);
          LescRunResult ra, rb;
          double ta = 0, tb = 0, va[LESC_N_MEASURES], vb[LESC_N_MEASURES], vd[LESC_N_MEASURES];
          g_autoptr (LescMatrix) a = run_as (m, ds, &params[k], LESC_SCALE_REFERENCE, &ra, &ta, &error);
          g_autoptr (LescMatrix) b = a ? run_as (m, ds, &params[k], LESC_SCALE_LARGE, &rb, &tb, &error)
                                       : NULL;
          gboolean ok = b != NULL
                        && lesc_measures_compute (ds->truth, a, LESC_KL_RECOVERED_TRUTH, va, &error)
                        && lesc_measures_compute (ds->truth, b, LESC_KL_RECOVERED_TRUTH, vb, &error)
                        && lesc_measures_compute (a, b, LESC_KL_RECOVERED_TRUTH, vd, &error);
          if (!ok)
            {
              fprintf (stderr, "lesc bench: %s, %s: %s\n", sets[s], m->display_name,
                       error->message);
              g_clear_error (&error);
              status = LESC_EXIT_DATA;
              if (a != NULL)
                lesc_run_result_clear (&ra);
              if (b != NULL)
                lesc_run_result_clear (&rb);
              continue;
            }
          if (rb.default_note[0] != '\0')
            fprintf (stderr, "lesc: note: %s: %s\n", ds->name, rb.default_note);
          g_autoptr (GString) form = g_string_new (rb.large ? "" : "reference");
          if (rb.landmarks > 0)
            g_string_append_printf (form, "m=%u ", rb.landmarks);
          if (rb.neighbours > 0)
            g_string_append_printf (form, "k=%u", rb.neighbours);
          if (rb.knn_approximate)
            g_string_append_printf (form, " hnsw(recall %.3f)", rb.knn_recall);
          double worst = 0.0;
          for (int j = 0; j < LESC_N_MEASURES; j++)
            worst = fmax (worst, fabs (vb[j] - va[j]));
          double cheb = vd[LESC_MEASURE_CHEB];
          gboolean within = cheb <= 0.005 && worst <= 0.01;
          double fc = NAN, fm = NAN;
          if (floor && !floor_of (m, ds, &params[k], a, va, &fc, &fm, &error))
            g_clear_error (&error);
          if (csv)
            {
              printf ("%s,%s,%zu,%s,%.5f", ds->name, m->display_name, lesc_dataset_n (ds),
                      form->str, cheb);
              for (int j = 0; j < LESC_N_MEASURES; j++)
                printf (",%.5f", vb[j] - va[j]);
              printf (",%.5f,%.2f,%.2f,%s", worst, ta, tb, within ? "yes" : "no");
              if (floor)
                printf (",%.5f,%.5f", fc, fm);
              printf ("\n");
            }
          else
            {
              printf ("%-12s %-6s %5zu %-16s %9.5f", ds->name, m->display_name,
                      lesc_dataset_n (ds), form->str, cheb);
              for (int j = 0; j < LESC_N_MEASURES; j++)
                printf (" %+8.4f", vb[j] - va[j]);
              printf (" %8.2f %8.2f  %s", ta, tb, within ? "yes" : "no");
              if (floor && isnan (fc))
                printf ("%s  —", within ? "   " : "    ");
              else if (floor)
                printf ("%s  %.4f / %.4f", within ? "   " : "    ", fc, fm);
              printf ("\n");
            }
          fflush (stdout);
          lesc_run_result_clear (&ra);
          lesc_run_result_clear (&rb);
        }
    }
  return status;
}
