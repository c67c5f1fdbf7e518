/* Times FCM, KM, LP and ML on benchmark data sets (not part of the test suite).
 *   bench-baselines [--pyldl] [--methods fcm,km,lp,ml] [--out DIR] NAME...
 * NAME is a file in $LESC_TEST_DATASETS (else $LESC_DATA_DIR), e.g. yeast-alpha.
 * With --out, each recovered n×c matrix is written to DIR/NAME-METHOD.bin as two uint64
 * (rows, cols) and the column-major doubles. */
#include "core/methods/baseline.h"
#include "core/data/dataset.h"
#include "core/numeric/preprocess.h"
#include "core/data/matfile.h"

#include <stdio.h>
#include <string.h>

static void
write_matrix (const char *path, const LescMatrix *m)
{
  FILE *f = fopen (path, "wb");
  if (f == NULL)
    g_error ("cannot write %s", path);
  guint64 shape[2] = { m->rows, m->cols };
  fwrite (shape, sizeof shape[0], 2, f);
  fwrite (m->data, sizeof (double), m->rows * m->cols, f);
  fclose (f);
}

int
main (int argc, char **argv)
{
  gboolean pyldl = FALSE;
  g_autofree char *methods = NULL, *out = NULL;
  GOptionEntry entries[] = {
    { "pyldl", 0, 0, G_OPTION_ARG_NONE, &pyldl, "flavour pyldl", NULL },
    { "methods", 0, 0, G_OPTION_ARG_STRING, &methods, "comma-separated methods", "LIST" },
    { "out", 0, 0, G_OPTION_ARG_FILENAME, &out, "write the distributions here", "DIR" },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("NAME...");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  const char *dir = g_getenv ("LESC_TEST_DATASETS");
  if (dir == NULL)
    dir = g_getenv ("LESC_DATA_DIR");
  if (dir == NULL)
    {
      g_printerr ("bench-baselines: set LESC_TEST_DATASETS (or LESC_DATA_DIR) to the folder of the .mat files\n");
      return 2;
    }
  const LescMethod *all[] = { &lesc_method_fcm, &lesc_method_km, &lesc_method_lp,
                              &lesc_method_ml };
  for (int a = 1; a < argc; a++)
    {
      g_autofree char *file = g_strconcat (argv[a], ".mat", NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
      if (ds == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
      LescProblem problem = { x, ds->logical };
      for (guint k = 0; k < G_N_ELEMENTS (all); k++)
        {
          const LescMethod *m = all[k];
          if (methods != NULL && strstr (methods, m->name) == NULL)
            continue;
          LescRunParams params;
          memset (&params, 0, sizeof params);
          for (guint p = 0; p < m->n_params; p++)
            params.values[p] = m->params[p].default_value;
          params.seed = 5489;
          params.flavour_pyldl = pyldl;
          LescRunResult result;
          memset (&result, 0, sizeof result);
          gint64 t0 = g_get_monotonic_time ();
          g_autoptr (LescMatrix) d = m->recover (&problem, &params, FALSE, NULL, &result, &error);
          double secs = (double) (g_get_monotonic_time () - t0) / 1e6;
          if (d == NULL)
            {
              g_printerr ("%s %s: %s\n", argv[a], m->name, error->message);
              g_clear_error (&error);
              continue;
            }
          /* a timing is only worth reporting for a valid answer: every row a distribution */
          for (gsize i = 0; i < d->rows; i++)
            {
              double sum = 0.0;
              for (gsize j = 0; j < d->cols; j++)
                {
                  g_assert_true (LESC_AT (d, i, j) >= 0.0);
                  sum += LESC_AT (d, i, j);
                }
              g_assert_cmpfloat_with_epsilon (sum, 1.0, 1e-12);
            }
          printf ("%-12s %-4s %5zu×%-4zu×%-2zu %8.2f s  (", argv[a], m->name, x->rows, x->cols,
                  ds->logical->cols, secs);
          for (guint s = 0; s < result.n_stages; s++)
            printf ("%s%s %.2f", s ? ", " : "", result.stage_names[s], result.stage_seconds[s]);
          printf (")\n");
          fflush (stdout);
          if (out != NULL)
            {
              g_autofree char *name = g_strdup_printf ("%s-%s.bin", argv[a], m->name);
              g_autofree char *dst = g_build_filename (out, name, NULL);
              write_matrix (dst, d);
            }
        }
    }
  return 0;
}
