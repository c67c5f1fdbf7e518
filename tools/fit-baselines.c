/* How the candidate definitions of KM and LP fit the published rows (not part of the test
 * suite; the figures of docs/reproducing.md).
 *   fit-baselines [NAME...]    (default: artificial sjaffe yeast-alpha yeast-cold)
 * NAME is "artificial" (built in) or a file NAME.mat in $LESC_TEST_DATASETS (default
 * ../shared/datasets). For each candidate: the six measures (KL recovered‖truth, as
 * published) and the largest difference from the published row in each measure. */
#include "core/methods/baseline.h"
#include "core/methods/km.h"
#include "core/methods/lp.h"
#include "core/data/open.h"
#include "core/eval/published.h"
#include "core/numeric/preprocess.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct {
  const char *name;
  const char *method;
  gboolean raw;
  int rule;            /* KM: LescKmMembership; LP: 1 = keep Q_ii */
  gboolean softmax;
} Candidate;

static const Candidate candidates[] = {
  { "LP raw, Q_ii = 0, row sums [published]", "lp", TRUE, 0, FALSE },
  { "LP z, Q_ii = 0, row sums", "lp", FALSE, 0, FALSE },
  { "LP z, Q_ii = 0, softmax [paper]", "lp", FALSE, 0, TRUE },
  { "LP z, Q_ii = 1, softmax [pyldl]", "lp", FALSE, 1, TRUE },
  { "KM raw, sqrt, r over all, row sums", "km", TRUE, LESC_KM_SQRT_ALL_RADIUS, FALSE },
  { "KM z, sqrt, r over all, row sums", "km", FALSE, LESC_KM_SQRT_ALL_RADIUS, FALSE },
  { "KM raw, linear, r over class, row sums", "km", TRUE, LESC_KM_LINEAR_CLASS_RADIUS, FALSE },
  { "KM z, linear, r over class, row sums", "km", FALSE, LESC_KM_LINEAR_CLASS_RADIUS, FALSE },
  { "KM z, linear, r over class, softmax [paper]", "km", FALSE, LESC_KM_LINEAR_CLASS_RADIUS, TRUE },
  { "KM z, sqrt, r over all, softmax [pyldl]", "km", FALSE, LESC_KM_SQRT_ALL_RADIUS, TRUE },
  { "uniform over the relevant labels", "km", FALSE, -1, FALSE },
};

int
main (int argc, char **argv)
{
  static const char *const defaults[] = { "artificial", "sjaffe", "yeast-alpha", "yeast-cold" };
  const char *dir = g_getenv ("LESC_TEST_DATASETS");
  if (dir == NULL)
    dir = "../shared/datasets";
  const LescPublishedTable *table = lesc_published_recovery ();
  int n_sets = argc > 1 ? argc - 1 : (int) G_N_ELEMENTS (defaults);
  /* per candidate and measure: the largest |ours − published| over the real data sets */
  double worst[G_N_ELEMENTS (candidates)][LESC_N_MEASURES] = { { 0 } };
  for (int a = 0; a < n_sets; a++)
    {
      const char *name = argc > 1 ? argv[a + 1] : defaults[a];
      LescOpenOptions open = { .data_dir = dir };
      g_autoptr (GError) error = NULL;
      g_autoptr (LescDataset) ds = lesc_dataset_open_with (name, &open, NULL, &error);
      if (ds == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_autoptr (LescMatrix) z = lesc_zscore (ds->features);
      printf ("==== %s  (Cheb Clark Canber KL(rec‖truth) Cos Int; published row, then ours "
              "and ours − published)\n", name);
      for (guint k = 0; k < G_N_ELEMENTS (candidates); k++)
        {
          const Candidate *c = &candidates[k];
          const LescPublishedRow *pub = lesc_published_find (table, name, c->method);
          if (k == 0 || strcmp (c->method, candidates[k - 1].method) != 0)
            {
              printf ("  %-44s", "published");
              for (int m = 0; m < LESC_N_MEASURES; m++)
                printf (" %7.3f", pub ? pub->measures[m] : NAN);
              printf ("\n");
            }
          const LescMatrix *x = c->raw ? ds->features : z;
          g_autoptr (LescMatrix) d = NULL;
          if (strcmp (c->method, "lp") == 0)
            d = lesc_lp_propagate (x, ds->logical, 0.5, c->rule == 1, NULL, NULL, &error);
          else if (c->rule >= 0)
            d = lesc_km_degrees (x, ds->logical, 1e-7, (LescKmMembership) c->rule, NULL, &error);
          else
            d = lesc_matrix_copy (ds->logical);
          if (d == NULL)
            {
              g_printerr ("%s: %s\n", c->name, error->message);
              return 1;
            }
          if (c->softmax)
            lesc_matrix_row_softmax (d);
          else
            lesc_baseline_normalise_rows (d, ds->logical, c->method);
          double v[LESC_N_MEASURES];
          if (!lesc_measures_compute (ds->truth, d, LESC_KL_RECOVERED_TRUTH, v, &error))
            {
              g_printerr ("%s\n", error->message);
              return 1;
            }
          printf ("  %-44s", c->name);
          for (int m = 0; m < LESC_N_MEASURES; m++)
            printf (" %7.4f", v[m]);
          printf ("\n  %-44s", "");
          for (int m = 0; m < LESC_N_MEASURES; m++)
            {
              double diff = pub ? v[m] - pub->measures[m] : NAN;
              printf (" %+7.4f", diff);
              if (strcmp (name, "artificial") != 0 && pub != NULL)
                worst[k][m] = fmax (worst[k][m], fabs (diff));
            }
          printf ("\n");
        }
    }
  /* the fit in one figure: the largest difference in units of the tolerance the tests
   * allow KM (0.007 Chebyshev, 0.01 the others); ≤ 1 passes */
  printf ("==== largest |ours − published| over the real data sets (Cheb Clark Canber KL Cos Int; "
          "fit = max over measures of difference / (0.007 Cheb, 0.01 others))\n");
  for (guint k = 0; k < G_N_ELEMENTS (candidates); k++)
    {
      double fit = 0.0;
      printf ("  %-44s", candidates[k].name);
      for (int m = 0; m < LESC_N_MEASURES; m++)
        {
          printf (" %7.4f", worst[k][m]);
          fit = fmax (fit, worst[k][m] / (m == LESC_MEASURE_CHEB ? 0.007 : 0.01));
        }
      printf ("   fit %.2f\n", fit);
    }
  return 0;
}
