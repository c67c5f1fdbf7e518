/* A run with its measures (core/methods/outcome.h): the same distributions as the plain
 * run, the measures of both KL directions, NaN without a truth, refusals and cancel; and
 * the parameter helpers the explorers use to tell stale runs (lesc_run_params_equal) and
 * to refuse typed values (lesc_param_spec_check). */
#include "core/methods/outcome.h"
#include "core/methods/run.h"
#include "core/data/artificial.h"
#include "core/base/error.h"

#include <math.h>

static LescDataset *
small_artificial (gboolean with_truth)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  gsize rows[150];
  for (gsize i = 0; i < 150; i++)
    rows[i] = 17 * i;
  LescMatrix *truth = lesc_matrix_select_rows (art->truth, rows, 150);
  LescDataset *ds = lesc_dataset_new ("small", lesc_matrix_select_rows (art->features, rows, 150),
                                      truth, NULL);
  if (!with_truth)
    g_clear_pointer (&ds->truth, lesc_matrix_free);   /* logical labels only */
  return ds;
}

static void
test_equals_plain_run (gconstpointer name)
{
  const LescMethod *m = lesc_method_find (name);
  g_autoptr (LescDataset) ds = small_artificial (TRUE);
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0.0);
  g_autoptr (LescRunOutcome) o = lesc_run_outcome_compute (m, ds, &p, cache, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (o->method == m);
  g_assert_true (lesc_run_params_equal (m, &o->params, &p));
  LescRunResult r = { 0 };
  g_autoptr (LescMatrix) plain = lesc_method_run (m, ds, &p, NULL, &r, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (o->recovered, plain), ==, 0.0);
  g_assert_cmpuint (o->report.n_stages, ==, r.n_stages);
  lesc_run_result_clear (&r);
  for (int kl = 0; kl < 2; kl++)
    {
      double want[LESC_N_MEASURES];
      g_assert_true (lesc_measures_compute (ds->truth, plain, kl, want, &error));
      const double *got = lesc_run_outcome_measures (o, kl);
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        g_assert_cmpfloat (got[j], ==, want[j]);
    }
  /* The two directions are different numbers (KL), the rest the same. */
  g_assert_cmpfloat (o->measures[0][LESC_MEASURE_CHEB], ==, o->measures[1][LESC_MEASURE_CHEB]);
  g_assert_cmpfloat (o->measures[0][LESC_MEASURE_KL], !=, o->measures[1][LESC_MEASURE_KL]);
  g_assert_cmpfloat (o->seconds, >, 0.0);
}

static void
test_no_truth (void)
{
  g_autoptr (LescDataset) ds = small_artificial (FALSE);
  const LescMethod *m = lesc_method_find ("lp");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescRunOutcome) o = lesc_run_outcome_compute (m, ds, &p, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (o->recovered->rows, ==, 150);
  for (guint j = 0; j < LESC_N_MEASURES; j++)
    g_assert_true (isnan (o->measures[0][j]) && isnan (o->measures[1][j]));
}

static void
test_refused (void)
{
  g_autoptr (LescDataset) ds = small_artificial (TRUE);
  const LescMethod *m = lesc_method_find ("lesc");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  p.values[lesc_method_param_index (m, "lambda1")] = -1;
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_run_outcome_compute (m, ds, &p, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_assert_true (g_str_has_prefix (error->message, "LESC: lambda1 = -1 is out of range; expected "));
}

static void
test_cancelled (void)
{
  g_autoptr (LescDataset) ds = small_artificial (TRUE);
  const LescMethod *m = lesc_method_find ("glesc");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_cancellable_cancel (c);
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, c);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_run_outcome_compute (m, ds, &p, NULL, &progress, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_params_equal (void)
{
  const LescMethod *lesc = lesc_method_find ("lesc"), *km = lesc_method_find ("km");
  const LescMethod *fcm = lesc_method_find ("fcm");
  LescRunParams a, b;
  lesc_run_params_init (&a, lesc);
  b = a;
  g_assert_true (lesc_run_params_equal (lesc, &a, &b));
  b.values[0] *= 10;
  g_assert_false (lesc_run_params_equal (lesc, &a, &b));
  b = a;
  b.variant = LESC_VARIANT_CONVERGED;
  g_assert_false (lesc_run_params_equal (lesc, &a, &b));   /* LESC has an LE step */
  b = a;
  b.c_paper_orientation = TRUE;
  g_assert_false (lesc_run_params_equal (lesc, &a, &b));
  /* KM draws nothing and has no LE step: the seed and the variant do not matter. */
  lesc_run_params_init (&a, km);
  b = a;
  b.seed = a.seed + 1;
  b.variant = LESC_VARIANT_CONVERGED;
  g_assert_true (lesc_run_params_equal (km, &a, &b));
  /* FCM draws its start: the seed matters. */
  lesc_run_params_init (&a, fcm);
  b = a;
  b.seed = a.seed + 1;
  g_assert_cmpint (fcm->uses_seed, ==, TRUE);
  g_assert_false (lesc_run_params_equal (fcm, &a, &b));
}

static void
test_spec_check (void)
{
  const LescMethod *lesc = lesc_method_find ("lesc"), *fcm = lesc_method_find ("fcm");
  const LescParamSpec *l1 = &lesc->params[lesc_method_param_index (lesc, "lambda1")];
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_param_spec_check (l1, l1->default_value, &error));
  g_assert_true (lesc_param_spec_check (l1, l1->min, &error));
  g_assert_true (lesc_param_spec_check (l1, l1->max, &error));
  g_assert_false (lesc_param_spec_check (l1, l1->max * 10, &error));
  g_autofree char *want = g_strdup_printf ("lambda1 = %g is out of range; expected %g ≤ lambda1 ≤ %g",
                                           l1->max * 10, l1->min, l1->max);
  g_assert_cmpstr (error->message, ==, want);
  g_clear_error (&error);
  g_assert_false (lesc_param_spec_check (l1, NAN, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  int k = lesc_method_param_index (fcm, "clusters");
  g_assert_cmpint (k, >=, 0);
  g_assert_true (fcm->params[k].integer);
  g_assert_false (lesc_param_spec_check (&fcm->params[k], 2.5, &error));
  g_assert_cmpstr (error->message, ==, "clusters = 2.5; expected a whole number");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/outcome/equals-plain-run/lesc", "lesc", test_equals_plain_run);
  g_test_add_data_func ("/outcome/equals-plain-run/glle", "glle", test_equals_plain_run);
  g_test_add_data_func ("/outcome/equals-plain-run/fcm", "fcm", test_equals_plain_run);
  g_test_add_func ("/outcome/no-truth", test_no_truth);
  g_test_add_func ("/outcome/refused", test_refused);
  g_test_add_func ("/outcome/cancelled", test_cancelled);
  g_test_add_func ("/outcome/params-equal", test_params_equal);
  g_test_add_func ("/outcome/spec-check", test_spec_check);
  return g_test_run ();
}
