/* Time estimates of a recovery table (core/experiments/estimate.h): the size guess, the
 * tuning grid's size, and the estimate of a small table before and after runs are in a
 * fresh results store. */
#include "core/experiments/estimate.h"
#include "core/data/csv.h"
#include "core/numeric/matrix.h"

#include <math.h>

#include "testfiles.h"

static void
test_guess (void)
{
  const LescMethod *lesc = lesc_method_find ("lesc");
  /* a·(n/1000)²·(1 + q/50) + b·(n/1000)·q·o/100 with LESC's a = 1.7, b = 5:
   * n = 1000, q = 50, o = 10 → 1.7·1·2 + 5·1·5 = 28.4 */
  g_assert_cmpfloat_with_epsilon (lesc_run_seconds_guess (lesc, 1000, 50, 10), 28.4, 1e-12);
  /* more samples take longer for every method */
  guint n = 0;
  const LescMethod *const *methods = lesc_methods (&n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (lesc_run_seconds_guess (methods[i], 4000, 24, 6), >,
                       lesc_run_seconds_guess (methods[i], 2000, 24, 6));
}

static void
test_tuning_points (void)
{
  LescTuning tuned = { TRUE, -1 }, plain = { FALSE, -1 };
  g_assert_cmpuint (lesc_tuning_points (lesc_method_find ("glesc"), &tuned), ==, 36);
  g_assert_cmpuint (lesc_tuning_points (lesc_method_find ("glle"), &tuned), ==, 5);
  g_assert_cmpuint (lesc_tuning_points (lesc_method_find ("km"), &tuned), ==, 1);
  g_assert_cmpuint (lesc_tuning_points (lesc_method_find ("glesc"), &plain), ==, 1);
  g_assert_cmpuint (lesc_tuning_points (lesc_method_find ("glesc"), NULL), ==, 1);
}

static LescMethodSetup
setup (const char *name)
{
  LescMethodSetup s;
  s.method = lesc_method_find (name);
  lesc_run_params_init (&s.params, s.method);
  return s;
}

static void
test_table_estimate (void)
{
  g_autofree char *dir = lesc_test_tmpdir ();
  /* 40 samples, 5 features, 3 labels */
  gsize n = 40, q = 5, o = 3;
  LescMatrix *x = lesc_matrix_new (n, q), *y = lesc_matrix_new (n, o);
  for (gsize i = 0; i < n; i++)
    {
      for (gsize j = 0; j < q; j++)
        LESC_AT (x, i, j) = sin (0.7 * i + 1.3 * j) + 0.1 * j;
      double s = 0;
      for (gsize j = 0; j < o; j++)
        s += LESC_AT (y, i, j) = 1.0 + cos (0.3 * i + j) + 0.2 * j;
      for (gsize j = 0; j < o; j++)
        LESC_AT (y, i, j) /= s;
    }
  g_autoptr (LescDataset) ds = lesc_dataset_new ("tiny", x, y, NULL);
  g_autofree char *xp = g_build_filename (dir, "tiny.csv", NULL);
  g_autofree char *yp = g_build_filename (dir, "tiny-y.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_dataset_save_csv (ds, xp, yp, &error));
  g_autofree char *spec = g_strdup_printf ("%s,%s", xp, yp);
  g_autofree char *store_path = g_build_filename (dir, "store.sqlite", NULL);
  LescStore *store = lesc_store_open (store_path, &error);
  g_assert_no_error (error);
  LescExperimentOptions o_opt = { .store = store };
  const char *data[] = { spec };
  LescMethodSetup m[] = { setup ("km"), setup ("lp") };
  double guess = lesc_run_seconds_guess (m[0].method, n, q, o) + lesc_run_seconds_guess (m[1].method, n, q, o);

  /* An empty store: both runs to compute, each guessed from the size. */
  LescEstimate e;
  g_assert_true (lesc_recovery_table_estimate (data, 1, m, 2, NULL, &o_opt, &e, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (e.runs_stored, ==, 0);
  g_assert_cmpuint (e.runs_to_compute, ==, 2);
  g_assert_cmpuint (e.timed_from_store, ==, 0);
  g_assert_cmpfloat_with_epsilon (e.seconds, guess, 1e-12);
  /* ... and estimating stored nothing */
  g_assert_cmpint (lesc_store_count (store, NULL), ==, 0);

  /* KM computed: one run stored, LP left at its guess. */
  LescExperimentCounts counts = { 0 };
  g_autoptr (LescRecoveryTable) t = lesc_recovery_table (data, 1, m, 1, NULL, &o_opt, &counts, &error);
  lesc_experiment_counts_clear (&counts);
  g_assert_no_error (error);
  g_assert_true (lesc_recovery_table_estimate (data, 1, m, 2, NULL, &o_opt, &e, &error));
  g_assert_cmpuint (e.runs_stored, ==, 1);
  g_assert_cmpuint (e.runs_to_compute, ==, 1);
  g_assert_cmpfloat_with_epsilon (e.seconds, lesc_run_seconds_guess (m[1].method, n, q, o), 1e-12);

  /* LP timed before with other settings (7 s and 9 s): the estimate is their median. */
  for (guint k = 0; k < 2; k++)
    {
      LescRunRecord r = { 0 };
      lesc_run_record_copy (&r, &t->cells[0]);
      g_free (r.method);
      r.method = g_strdup ("lp");
      g_free (r.params);
      r.params = g_strdup_printf ("alpha=0.%u", 7 + k);
      r.seconds = 7.0 + 2.0 * k;
      r.id = 0;
      g_clear_pointer (&r.created, g_free);
      g_assert_true (lesc_store_put (store, &r, FALSE, &error));
      g_assert_no_error (error);
      lesc_run_record_clear (&r);
    }
  g_assert_true (lesc_recovery_table_estimate (data, 1, m, 2, NULL, &o_opt, &e, &error));
  g_assert_cmpuint (e.runs_to_compute, ==, 1);
  g_assert_cmpuint (e.timed_from_store, ==, 1);
  g_assert_cmpfloat (e.seconds, ==, 8.0);

  /* Tuned: LP has no λ, one point; the cell KM has is still stored. */
  LescTuning tuned = { TRUE, -1 };
  g_assert_true (lesc_recovery_table_estimate (data, 1, m, 2, &tuned, &o_opt, &e, &error));
  g_assert_cmpuint (e.runs_stored, ==, 1);
  g_assert_cmpuint (e.runs_to_compute, ==, 1);

  /* A file that is not there: one clear error. */
  const char *missing[] = { "/nonexistent/nothing.mat" };
  g_assert_false (lesc_recovery_table_estimate (missing, 1, m, 2, NULL, &o_opt, &e, &error));
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  lesc_store_close (store);
  lesc_test_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/estimate/guess", test_guess);
  g_test_add_func ("/estimate/tuning-points", test_tuning_points);
  g_test_add_func ("/estimate/table", test_table_estimate);
  return g_test_run ();
}
