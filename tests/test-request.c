/* Experiment requests (core/experiments/request.h), as the explorers run them on a worker:
 * a λ grid whose cells equal the direct runs and whose second run reuses the store, a
 * ten-fold CV equal to lesc_cross_validate, the store-only table of an empty store, and
 * the refusals. */
#include "core/experiments/request.h"
#include "core/methods/outcome.h"
#include "core/data/artificial.h"
#include "core/data/csv.h"
#include "core/base/error.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static char *tmpdir;
static char *spec;   /* a 150-sample cut of the artificial set: FEATURES.csv,DISTRIBUTIONS.csv */

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

static char *
store_path (const char *name)
{
  return g_build_filename (tmpdir, name, NULL);
}

static void
test_grid (void)
{
  const LescMethod *m = lesc_method_find ("lesc");
  LescMethodSetup setup = { m };
  lesc_run_params_init (&setup.params, m);
  const double l1[] = { 0.1, 10 }, l2[] = { 0.1 };
  g_autoptr (LescExperimentRequest) r = lesc_experiment_request_new_grid (spec, &setup, l1, 2, l2, 1);
  r->store_path = store_path ("grid.sqlite");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescGrid) g = lesc_experiment_request_run (r, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g->n1, ==, 2);
  g_assert_cmpuint (g->n2, ==, 1);
  g_autoptr (LescDataset) ds = lesc_dataset_open (spec, NULL, &error);
  g_assert_no_error (error);
  for (guint i1 = 0; i1 < 2; i1++)
    {
      const LescRunRecord *c = &g->cells[i1];
      g_assert_cmpint (c->id, >, 0);
      g_assert_cmpfloat (c->lambda1, ==, l1[i1]);
      LescRunParams p = setup.params;
      p.values[lesc_method_param_index (m, "lambda1")] = l1[i1];
      p.values[lesc_method_param_index (m, "lambda2")] = l2[0];
      g_autoptr (LescRunOutcome) o = lesc_run_outcome_compute (m, ds, &p, NULL, NULL, &error);
      g_assert_no_error (error);
      for (guint j = 0; j < LESC_N_MEASURES; j++)
        g_assert_cmpfloat_with_epsilon (c->measures[j], o->measures[LESC_KL_TRUTH_RECOVERED][j], 1e-12);
    }
  /* Again: the same numbers, from the store (two rows, nothing added). */
  g_autoptr (LescGrid) again = lesc_experiment_request_run (r, NULL, &error);
  g_assert_no_error (error);
  for (guint i1 = 0; i1 < 2; i1++)
    {
      g_assert_cmpint (again->cells[i1].id, ==, g->cells[i1].id);
      g_assert_cmpfloat (again->cells[i1].measures[0], ==, g->cells[i1].measures[0]);
    }
  g_autoptr (LescStore) store = lesc_store_open_existing (r->store_path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (lesc_store_count (store, &error), ==, 2);
}

static void
test_cv (void)
{
  const LescMethod *m = lesc_method_find ("glle");
  LescMethodSetup setup = { m };
  lesc_run_params_init (&setup.params, m);
  g_autoptr (LescExperimentRequest) r = lesc_experiment_request_new_cv (spec, &setup, 1, 3, 7);
  r->store_path = store_path ("cv.sqlite");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescCvResult) cv = lesc_experiment_request_run (r, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cv->folds, ==, 3);
  g_assert_cmpuint (cv->fold_seed, ==, 7);
  /* The same experiment straight through the core, on a store of its own. */
  g_autofree char *path = store_path ("cv-direct.sqlite");
  LescExperimentOptions o = { 0 };
  o.store = lesc_store_open (path, &error);
  g_assert_no_error (error);
  LescExperimentCounts counts = { 0 };
  const char *specs[] = { spec };
  g_autoptr (LescCvResult) direct = lesc_cross_validate (specs, 1, &setup, 1, 3, 7, &o, &counts, &error);
  g_assert_no_error (error);
  lesc_store_close (o.store);
  g_assert_cmpuint (counts.runs_computed, ==, 3);
  lesc_experiment_counts_clear (&counts);
  for (guint f = 0; f < 3; f++)
    for (guint j = 0; j < LESC_N_MEASURES; j++)
      {
        g_assert_true (isfinite (cv->cells[f].measures[j]));
        g_assert_cmpfloat (cv->cells[f].measures[j], ==, direct->cells[f].measures[j]);
      }
}

static void
test_table_store_only (void)
{
  const LescMethod *m = lesc_method_find ("km");
  LescMethodSetup setups[2] = { { m }, { lesc_method_find ("lp") } };
  lesc_run_params_init (&setups[0].params, setups[0].method);
  lesc_run_params_init (&setups[1].params, setups[1].method);
  const char *sets[] = { spec, NULL };
  g_autoptr (LescExperimentRequest) r = lesc_experiment_request_new_table (sets, setups, 2, TRUE);
  r->store_path = store_path ("empty.sqlite");
  g_autoptr (GError) error = NULL;
  g_autoptr (LescRecoveryTable) t = lesc_experiment_request_run (r, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (t->n_datasets, ==, 1);
  g_assert_cmpuint (t->n_methods, ==, 2);
  g_assert_cmpint (t->cells[0].id, ==, 0);
  g_assert_cmpint (t->cells[1].id, ==, 0);
  /* Computed, then found by the store-only request. */
  r->store_only = FALSE;
  g_autoptr (LescRecoveryTable) computed = lesc_experiment_request_run (r, NULL, &error);
  g_assert_no_error (error);
  r->store_only = TRUE;
  g_autoptr (LescRecoveryTable) found = lesc_experiment_request_run (r, NULL, &error);
  g_assert_no_error (error);
  for (guint k = 0; k < 2; k++)
    {
      g_assert_cmpint (found->cells[k].id, >, 0);
      g_assert_cmpfloat (found->cells[k].measures[LESC_MEASURE_KL], ==, computed->cells[k].measures[LESC_MEASURE_KL]);
    }
}

static void
test_refused (void)
{
  const char *sets[] = { NULL };
  g_autoptr (LescExperimentRequest) r = lesc_experiment_request_new_table (sets, NULL, 0, TRUE);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_experiment_request_run (r, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  /* A store that is not one: the error names the file. */
  const LescMethod *m = lesc_method_find ("km");
  LescMethodSetup setup = { m };
  lesc_run_params_init (&setup.params, m);
  const char *one[] = { spec, NULL };
  g_autoptr (LescExperimentRequest) bad = lesc_experiment_request_new_table (one, &setup, 1, TRUE);
  bad->store_path = store_path ("not-a-store.sqlite");
  g_assert_true (g_file_set_contents (bad->store_path, "hello, this is text", -1, NULL));
  g_assert_null (lesc_experiment_request_run (bad, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "not-a-store.sqlite"));
  /* Cancelled before it starts: nothing computed. */
  g_clear_error (&error);
  LescMethodSetup glle = { lesc_method_find ("glle") };
  lesc_run_params_init (&glle.params, glle.method);
  g_autoptr (LescExperimentRequest) cv = lesc_experiment_request_new_cv (spec, &glle, 1, 3, 1);
  cv->store_path = store_path ("cancel.sqlite");
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_cancellable_cancel (c);
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, c);
  g_assert_null (lesc_experiment_request_run (cv, &progress, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("lesc-request-XXXXXX", NULL);
  g_autoptr (LescDataset) ds = small_artificial ();
  g_autofree char *x = g_build_filename (tmpdir, "small-x.csv", NULL);
  g_autofree char *y = g_build_filename (tmpdir, "small-y.csv", NULL);
  g_autoptr (GError) error = NULL;
  if (!lesc_dataset_save_csv (ds, x, y, &error))
    g_error ("%s", error->message);
  spec = g_strdup_printf ("%s,%s", x, y);
  g_test_add_func ("/request/grid", test_grid);
  g_test_add_func ("/request/cv", test_cv);
  g_test_add_func ("/request/table-store-only", test_table_store_only);
  g_test_add_func ("/request/refused", test_refused);
  int status = g_test_run ();
  g_autoptr (GDir) dir = g_dir_open (tmpdir, 0, NULL);
  for (const char *name; dir != NULL && (name = g_dir_read_name (dir)) != NULL;)
    {
      g_autofree char *p = g_build_filename (tmpdir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (tmpdir);
  return status;
}
