/* The correlation step's reuse: a run that reuses a cached LRR / tensor step equals the
 * run that computes it, bit for bit; λ₂ and the variant switches are part of the key; one
 * computed correlation serves the LE steps of several λ₁ (the experiments' grids). */
#include "core/methods/corrcache.h"
#include "core/data/dataset.h"
#include "core/data/artificial.h"
#include "core/methods/run.h"
#include "core/numeric/preprocess.h"

#include <string.h>

static LescDataset *
small_artificial (void)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  gsize rows[150];
  for (gsize i = 0; i < 150; i++)
    rows[i] = 17 * i;
  return lesc_dataset_new ("small", lesc_matrix_select_rows (art->features, rows, 150),
                           lesc_matrix_select_rows (art->truth, rows, 150), NULL);
}

static gboolean
has_stage (const LescRunResult *r, const char *name)
{
  for (guint s = 0; s < r->n_stages; s++)
    if (strcmp (r->stage_names[s], name) == 0)
      return TRUE;
  return FALSE;
}

static LescMatrix *
run (const LescMethod *m, const LescDataset *ds, double lambda1, double lambda2,
     LescCorrelationCache *cache, gboolean *cached)
{
  LescRunParams p;
  lesc_run_params_init (&p, m);
  lesc_run_params_set (&p, m, "lambda1", lambda1);
  lesc_run_params_set (&p, m, "lambda2", lambda2);
  LescRunResult r = { 0 };
  g_autoptr (GError) error = NULL;
  LescMatrix *d = lesc_method_run_cached (m, ds, &p, cache, NULL, &r, &error);
  g_assert_no_error (error);
  if (cached)
    *cached = has_stage (&r, "correlation (cached)");
  lesc_run_result_clear (&r);
  return d;
}

static void
test_cached_equals_uncached (gconstpointer name)
{
  const LescMethod *m = lesc_method_find (name);
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescCorrelationCache) cache = lesc_correlation_cache_new (1);
  gboolean cached;
  g_autoptr (LescMatrix) a = run (m, ds, 10, 0.5, cache, &cached);
  g_assert_false (cached);
  g_autoptr (LescMatrix) b = run (m, ds, 1, 0.5, cache, &cached);   /* λ₁ moved: reuse */
  g_assert_true (cached);
  g_autoptr (LescMatrix) b_plain = run (m, ds, 1, 0.5, NULL, NULL);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (b, b_plain), ==, 0.0);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (a, b), >, 0.0);     /* λ₁ matters */
  g_autoptr (LescMatrix) c = run (m, ds, 1, 5, cache, &cached);     /* λ₂ moved: recompute */
  g_assert_false (cached);
  g_autoptr (LescMatrix) d = run (m, ds, 1, 0.5, cache, &cached);   /* capacity 1: evicted */
  g_assert_false (cached);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (d, b_plain), ==, 0.0);
  g_autoptr (LescMatrix) c_plain = run (m, ds, 1, 5, NULL, NULL);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (c, c_plain), ==, 0.0);
}

/* One computed correlation serves several λ₁: each LE step on it equals the plain run. */
static void
test_one_correlation_many_lambda1 (gconstpointer name)
{
  const LescMethod *m = lesc_method_find (name);
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  LescProblem problem = { x, ds->logical };
  LescRunParams p;
  lesc_run_params_init (&p, m);
  lesc_run_params_set (&p, m, "lambda2", 0.5);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescCorrelation) corr = lesc_correlation_compute (m, &problem, &p, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (corr->stage, ==, strcmp (name, "lesc") == 0 ? "lrr" : "tensor");
  g_assert_cmpuint (corr->iterations, >, 1);
  g_assert_cmpfloat (corr->seconds, >=, 0.0);
  const double lambda1[] = { 0.1, 10 };
  for (guint k = 0; k < G_N_ELEMENTS (lambda1); k++)
    {
      lesc_run_params_set (&p, m, "lambda1", lambda1[k]);
      LescRunResult r = { 0 };
      g_autoptr (LescMatrix) d = lesc_correlation_le_stage (corr, m, &problem, &p, NULL, &r, &error);
      g_assert_no_error (error);
      g_assert_true (has_stage (&r, "le"));
      lesc_run_result_clear (&r);
      g_autoptr (LescMatrix) plain = run (m, ds, lambda1[k], 0.5, NULL, NULL);
      g_assert_cmpfloat (lesc_matrix_max_abs_diff (d, plain), ==, 0.0);
    }
}

static void
test_other_methods_ignore_cache (void)
{
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autoptr (LescCorrelationCache) cache = lesc_correlation_cache_new (2);
  const LescMethod *m = lesc_method_find ("glle");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  LescRunResult r = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) a = lesc_method_run_cached (m, ds, &p, cache, NULL, &r, &error);
  g_assert_no_error (error);
  g_assert_false (has_stage (&r, "correlation (cached)"));
  lesc_run_result_clear (&r);
  g_autoptr (LescMatrix) b = lesc_method_run (m, ds, &p, NULL, NULL, &error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (a, b), ==, 0.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/corrcache/lesc", "lesc", test_cached_equals_uncached);
  g_test_add_data_func ("/corrcache/glesc", "glesc", test_cached_equals_uncached);
  g_test_add_data_func ("/corrcache/one-correlation/lesc", "lesc", test_one_correlation_many_lambda1);
  g_test_add_data_func ("/corrcache/one-correlation/glesc", "glesc", test_one_correlation_many_lambda1);
  g_test_add_func ("/corrcache/glle", test_other_methods_ignore_cache);
  return g_test_run ();
}
