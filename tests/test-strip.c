/* The λ₁ strip as one run (lesc_method_run_strip, lesc_le_fit_batch): every value's
 * distributions are its own single run's to the bit — for GLLE, LESC and gLESC, with full
 * BFGS (few unknowns) and L-BFGS, on one and two BLAS threads — and the values that run
 * together really share the pass (the batch applies to these problems). The default
 * suite takes L-BFGS with GLLE on three values; test-strip-slow (this file built with
 * LESC_STRIP_SLOW, suite slow) the whole artificial set, all three methods, eight values
 * and both thread counts. */
#include "core/base/blasthreads.h"
#include "core/base/error.h"
#include "core/data/artificial.h"
#include "core/data/dataset.h"
#include "core/methods/glle.h"
#include "core/methods/run.h"
#include "core/numeric/preprocess.h"
#include "core/solvers/le.h"
#include "core/solvers/smoothness.h"

#include <string.h>

static const double strip_values[] = { 1e-3, 1e-2, 0.1, 1, 10, 100, 1e3, 1e4 };
G_GNUC_UNUSED static const double few_values[] = { 1e-2, 1, 100 };
#define N_VALUES G_N_ELEMENTS (strip_values)

/* every `step`-th row of the artificial set: n samples */
static LescDataset *
artificial_rows (gsize n, gsize step)
{
  g_autoptr (LescDataset) art = lesc_dataset_new_artificial ();
  g_autofree gsize *rows = g_new (gsize, n);
  for (gsize i = 0; i < n; i++)
    rows[i] = (step * i) % art->features->rows;
  return lesc_dataset_new ("part", lesc_matrix_select_rows (art->features, rows, n),
                           lesc_matrix_select_rows (art->truth, rows, n), NULL);
}

typedef struct {
  LescMatrix *cells[N_VALUES];
  guint order[N_VALUES];
  guint done;
} Cells;

static void
cell_done (guint index, LescMatrix *d, gpointer data)
{
  Cells *c = data;
  g_assert_cmpuint (index, <, N_VALUES);
  g_assert_null (c->cells[index]);
  c->cells[index] = d;
  c->order[c->done++] = index;
}

static void
check_method (const char *name, const LescDataset *ds, int threads, const double *values, guint nv)
{
  const LescMethod *m = lesc_method_find (name);
  int saved = lesc_blas_threads_get ();
  lesc_blas_threads_set (threads);
  LescRunParams p;
  lesc_run_params_init (&p, m);
  g_autoptr (LescRunCache) cache = lesc_run_cache_new (0);
#ifdef LESC_STRIP_SLOW
  /* the singles through a cache of their own (equal to uncached runs: test-runcache) */
  g_autoptr (LescRunCache) singles = lesc_run_cache_new (0);
#else
  LescRunCache *singles = NULL;   /* uncached: nothing shared with the strip */
#endif
  Cells cells = { 0 };
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_method_run_strip (m, ds, &p, values, nv, cache, NULL, cell_done, &cells,
                                        &error));
  g_assert_no_error (error);
  g_assert_cmpuint (cells.done, ==, nv);
  for (guint v = 0; v < nv; v++)
    {
      LescRunParams pv = p;
      lesc_run_params_set (&pv, m, "lambda1", values[v]);
      g_autoptr (LescMatrix) single = lesc_method_run_cached (m, ds, &pv, singles, NULL, NULL,
                                                              &error);
      g_assert_no_error (error);
      LescMatrix *d = cells.cells[v];
      g_assert_nonnull (d);
      g_assert_cmpuint (d->rows, ==, single->rows);
      g_assert_cmpuint (d->cols, ==, single->cols);
      g_assert_cmpmem (d->data, d->rows * d->cols * sizeof (double), single->data,
                       single->rows * single->cols * sizeof (double));
      lesc_matrix_free (d);
    }
  lesc_blas_threads_set (saved);
}

/* the batch applies to the sets below (else the strip would only be single runs in turn) */
static void
assert_batch_applies (const LescDataset *ds)
{
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescSmoothness) m = lesc_glle_laplacian (x, 20, 10.0, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (lesc_le_batch_applies (ds->features->rows, ds->logical->cols, m,
                                        LESC_VARIANT_REFERENCE));
  g_assert_false (lesc_le_batch_applies (ds->features->rows, ds->logical->cols, m,
                                         LESC_VARIANT_CONVERGED));
}

static void
test_bfgs (gconstpointer name)
{
  g_autoptr (LescDataset) ds = artificial_rows (150, 17);
  assert_batch_applies (ds);
  check_method (name, ds, 1, strip_values, N_VALUES);
  check_method (name, ds, 2, strip_values, N_VALUES);
}

static void
test_lbfgs (gconstpointer name)
{
  /* (n + 1)·c ≥ 3000 unknowns: L-BFGS; n large enough that Q is not reduced to
   * tridiagonal form (with c = 3 from n ≈ 1900 on) */
#ifdef LESC_STRIP_SLOW
  g_autoptr (LescDataset) ds = lesc_dataset_new_artificial ();
#else
  g_autoptr (LescDataset) ds = artificial_rows (1950, 1);
#endif
  g_assert_cmpuint ((ds->features->rows + 1) * ds->logical->cols, >=, 3000);
  assert_batch_applies (ds);
#ifdef LESC_STRIP_SLOW
  check_method (name, ds, 1, strip_values, N_VALUES);
  check_method (name, ds, 2, strip_values, N_VALUES);
#else
  check_method (name, ds, 1, few_values, G_N_ELEMENTS (few_values));
#endif
}

/* the converged variant has no batch: the strip runs the values one by one, still equal */
static void
test_converged (void)
{
  g_autoptr (LescDataset) ds = artificial_rows (150, 17);
  const LescMethod *m = lesc_method_find ("glle");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  p.variant = LESC_VARIANT_CONVERGED;
  Cells cells = { 0 };
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_method_run_strip (m, ds, &p, strip_values, N_VALUES, NULL, NULL, cell_done,
                                        &cells, &error));
  g_assert_no_error (error);
  for (guint v = 0; v < N_VALUES; v++)
    {
      g_assert_cmpuint (cells.order[v], ==, v);
      LescRunParams pv = p;
      lesc_run_params_set (&pv, m, "lambda1", strip_values[v]);
      g_autoptr (LescMatrix) single = lesc_method_run (m, ds, &pv, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (cells.cells[v]->data, single->rows * single->cols * sizeof (double),
                       single->data, single->rows * single->cols * sizeof (double));
      lesc_matrix_free (cells.cells[v]);
    }
}

static void
test_errors (void)
{
  g_autoptr (LescDataset) ds = artificial_rows (50, 3);
  Cells cells = { 0 };
  g_autoptr (GError) error = NULL;
  LescRunParams p;
  const LescMethod *km = lesc_method_find ("km");
  lesc_run_params_init (&p, km);
  g_assert_false (lesc_method_run_strip (km, ds, &p, strip_values, N_VALUES, NULL, NULL, cell_done,
                                         &cells, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  const LescMethod *glle = lesc_method_find ("glle");
  lesc_run_params_init (&p, glle);
  double bad[] = { 1.0, -2.0 };
  g_assert_false (lesc_method_run_strip (glle, ds, &p, bad, 2, NULL, NULL, cell_done, &cells,
                                         &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (cells.done, ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  static const char *names[] = { "glle", "lesc", "glesc" };
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *bfgs = g_strdup_printf ("/strip/bfgs/%s", names[s]);
      g_test_add_data_func (bfgs, names[s], test_bfgs);
    }
#ifdef LESC_STRIP_SLOW
  for (guint s = 0; s < 3; s++)
    {
      g_autofree char *lbfgs = g_strdup_printf ("/strip/artificial/%s", names[s]);
      g_test_add_data_func (lbfgs, names[s], test_lbfgs);
    }
#else
  g_test_add_data_func ("/strip/lbfgs/glle", "glle", test_lbfgs);
#endif
  g_test_add_func ("/strip/converged", test_converged);
  g_test_add_func ("/strip/errors", test_errors);
  return g_test_run ();
}
