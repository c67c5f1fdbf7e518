/* LP's low-rank large form and the choice between it and the k-graph (docs/methods.md §11,
 * "LP"): m = n is the reference, the Woodbury solve is a dense solve, the choice follows
 * its rule and says so, a run too big for the limit is refused in one line. */
#include "core/methods/lp.h"
#include "core/methods/baseline.h"
#include "core/methods/run.h"
#include "core/experiments/experiment.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"
#include "core/solvers/landmarks.h"
#include "testrandom.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

/* n samples in q dimensions, uniform in [0, width)^q; labels: the nearest of c centres and
 * the next one */
static void
make_data (gsize n, gsize q, gsize c, double width, guint32 seed, LescMatrix **x, LescMatrix **l)
{
  g_autofree double *u = lesc_test_uniform (n * q, seed);
  *x = lesc_matrix_new (n, q);
  *l = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    {
      for (gsize j = 0; j < q; j++)
        LESC_AT (*x, i, j) = width * u[i * q + j];
      gsize centre = (gsize) (LESC_AT (*x, i, 0) / width * (double) c) % c;
      LESC_AT (*l, i, centre) = 1.0;
      LESC_AT (*l, i, (centre + 1 + i % 2) % c) = 1.0;
    }
}

static double
max_difference (const LescMatrix *a, const LescMatrix *b)
{
  g_assert_cmpuint (a->rows, ==, b->rows);
  g_assert_cmpuint (a->cols, ==, b->cols);
  double worst = 0.0;
  for (gsize e = 0; e < a->rows * a->cols; e++)
    worst = fmax (worst, fabs (a->data[e] - b->data[e]));
  return worst;
}

/* m = n (every row a landmark, in order): EEᵀ = K(X, X)K⁺K(X, X) is the affinity up to the
 * eigenvalues below the cutoff, so D̃ is the reference's to about the cutoff times the
 * conditioning. The data here (3 features spread over [0, 4)) keep K's smallest eigenvalue
 * above the cutoff: nothing is dropped and the difference is rounding, amplified by
 * λ_max/λ_min of K through W = VΛ^(−½). Both diagonal conventions. */
static void
test_all_landmarks (void)
{
  g_autoptr (LescMatrix) x = NULL;
  g_autoptr (LescMatrix) l = NULL;
  make_data (150, 3, 4, 4.0, 5, &x, &l);
  for (int keep = 0; keep < 2; keep++)
    {
      g_autoptr (GError) error = NULL;
      gsize isolated = 7, isolated_low = 7, rank = 0;
      g_autoptr (LescMatrix) a = lesc_lp_propagate (x, l, 0.5, keep, &isolated, NULL, &error);
      g_assert_no_error (error);
      g_autoptr (LescMatrix) b = lesc_lp_propagate_lowrank (x, l, 0.5, keep, 150, 1, &isolated_low,
                                                            &rank, NULL, &error);
      g_assert_no_error (error);
      double diff = max_difference (a, b);
      g_test_message ("diagonal %d: m = n = 150, rank %zu, max |ΔD̃| = %.3g", keep, rank, diff);
      g_assert_cmpuint (rank, ==, 150);
      g_assert_cmpuint (isolated, ==, 0);
      g_assert_cmpuint (isolated_low, ==, 0);
      g_assert_cmpfloat (diff, <, 1e-9);
      /* and it is not trivially so: 60 landmarks differ, a little */
      g_autoptr (LescMatrix) c = lesc_lp_propagate_lowrank (x, l, 0.5, keep, 60, 1, NULL, &rank,
                                                            NULL, &error);
      g_assert_no_error (error);
      double near = max_difference (a, c);
      g_test_message ("diagonal %d: m = 60, rank %zu, max |ΔD̃| = %.3g", keep, rank, near);
      g_assert_cmpfloat (near, >, 1e-6);
      g_assert_cmpfloat (near, <, 0.2);
    }
}

/* The Woodbury solve against a dense one of the same low-rank system: with m < n, form
 * P = D^(−½)(EEᵀ + Δ)D^(−½) densely from the same E (via K(X, Z)K(Z, Z)⁺K(Z, X) by the same
 * whitening) and solve (I − αP)D̃ = (1 − α)L by LAPACK. */
static void
test_woodbury_equals_dense (void)
{
  g_autoptr (LescMatrix) x = NULL;
  g_autoptr (LescMatrix) l = NULL;
  gsize n = 120, m = 25, c = 3;
  make_data (n, 2, c, 3.0, 8, &x, &l);
  for (int keep = 0; keep < 2; keep++)
    {
      g_autoptr (GError) error = NULL;
      double alpha = keep ? 0.9 : 0.5;
      g_autoptr (LescMatrix) z = lesc_landmarks_select (x, m, 3);
      g_autoptr (LescMatrix) w = lesc_lp_landmark_whitening (z, &error);
      g_assert_no_error (error);
      gsize r = w->cols;
      g_autoptr (LescMatrix) e = lesc_matrix_new (n, r);
      g_autofree double *mu = g_new0 (double, n);
      lesc_lp_landmark_rows (x, 0, n, z, w, FALSE, mu, NULL, e->data, n);
      /* A = EEᵀ with the reference's diagonal; degrees; P; I − αP */
      g_autoptr (LescMatrix) a = lesc_matrix_new (n, n);
      for (gsize i = 0; i < n; i++)
        for (gsize j = 0; j < n; j++)
          {
            double s = 0.0;
            for (gsize t = 0; t < r; t++)
              s += LESC_AT (e, i, t) * LESC_AT (e, j, t);
            LESC_AT (a, i, j) = i == j ? (keep ? 1.0 : 0.0) : s;
          }
      g_autofree double *deg = g_new0 (double, n);
      for (gsize i = 0; i < n; i++)
        for (gsize j = 0; j < n; j++)
          deg[i] += LESC_AT (a, i, j);
      for (gsize i = 0; i < n; i++)
        for (gsize j = 0; j < n; j++)
          LESC_AT (a, i, j) = (i == j) - alpha * LESC_AT (a, i, j) / sqrt (deg[i] * deg[j]);
      g_autoptr (LescMatrix) dense = lesc_matrix_new (n, c);
      for (gsize t = 0; t < n * c; t++)
        dense->data[t] = (1.0 - alpha) * l->data[t];
      g_autofree lapack_int *pivots = g_new (lapack_int, n);
      g_assert_cmpint (LAPACKE_dgesv (LAPACK_COL_MAJOR, (lapack_int) n, (lapack_int) c, a->data,
                                      (lapack_int) n, pivots, dense->data, (lapack_int) n), ==, 0);
      g_autoptr (LescMatrix) woodbury = lesc_lp_propagate_lowrank (x, l, alpha, keep, m, 3, NULL,
                                                                   NULL, NULL, &error);
      g_assert_no_error (error);
      double diff = max_difference (dense, woodbury);
      g_test_message ("diagonal %d, α = %g: rank %zu of m = %zu, Woodbury against dense %.3g",
                      keep, alpha, r, m, diff);
      g_assert_cmpfloat (diff, <, 1e-12);
      g_assert_cmpfloat (LESC_AT (woodbury, 0, 0), !=, LESC_AT (woodbury, 1, 0));
    }
}

static LescDataset *
dataset (gsize n, gsize q, double width, guint32 seed)
{
  LescMatrix *x = NULL, *l = NULL;
  make_data (n, q, 4, width, seed, &x, &l);
  return lesc_dataset_new ("generated", x, NULL, l);
}

/* The rule: the low-rank form when twice its sampled loss is below the graph's. Low-dimensional data with a wide
 * affinity (3 features over [0, 3): every sample within a few widths of every other) take
 * the low-rank form; 60 features over [0, 6) (squared distances about 180: each row's
 * affinity in its few nearest) take the k-graph. The run says which and records it. */
static void
test_choice (void)
{
  const LescMethod *lp = &lesc_method_lp;
  struct { gsize q; double width; gboolean lowrank; } cases[] = { { 3, 3.0, TRUE }, { 60, 6.0, FALSE } };
  for (guint k = 0; k < G_N_ELEMENTS (cases); k++)
    {
      g_autoptr (LescDataset) ds = dataset (1500, cases[k].q, cases[k].width, 21 + k);
      LescLpForm form;
      lesc_lp_choose_form (ds->features, 200, 20, LESC_DEFAULT_SEED, &form);
      g_test_message ("q = %zu: low-rank loss %.3g, graph loss %.3g", cases[k].q,
                      form.lowrank_loss, form.graph_loss);
      g_assert_cmpuint (form.rows, ==, 200);
      g_assert_cmpint (form.lowrank, ==, 2.0 * form.lowrank_loss < form.graph_loss);
      g_assert_cmpint (form.lowrank, ==, cases[k].lowrank);
      g_assert_cmpfloat (cases[k].lowrank ? form.lowrank_loss : form.graph_loss, <, 0.05);
      g_assert_cmpfloat (cases[k].lowrank ? form.graph_loss : form.lowrank_loss, >, 0.2);
      LescRunParams p;
      lesc_run_params_init (&p, lp);
      p.scale = LESC_SCALE_LARGE;
      p.landmarks = 200;
      p.neighbours = 20;
      LescRunResult r;
      g_autoptr (GError) error = NULL;
      g_autoptr (LescMatrix) d = lesc_method_run (lp, ds, &p, NULL, &r, &error);
      g_assert_no_error (error);
      g_assert_true (r.large);
      g_assert_cmpuint (r.landmarks, ==, cases[k].lowrank ? 200 : 0);
      g_assert_cmpuint (r.neighbours, ==, cases[k].lowrank ? 0 : 20);
      g_test_message ("%s", r.default_note);
      g_assert_nonnull (strstr (r.default_note, cases[k].lowrank ? "LP: low-rank affinity (m = 200)"
                                                                 : "LP: k-graph (k = 20)"));
      g_autofree char *form_text = lesc_run_result_formulation (&r);
      g_assert_cmpstr (form_text, ==, cases[k].lowrank ? "large m=200" : "large k=20");
      for (gsize i = 0; i < d->rows; i += 97)
        {
          double s = 0.0;
          for (gsize j = 0; j < d->cols; j++)
            s += LESC_AT (d, i, j);
          g_assert_cmpfloat (fabs (s - 1.0), <, 1e-12);
        }
      lesc_run_result_clear (&r);
      /* naming one size insists on its form */
      p.neighbours = 0;
      g_autoptr (LescMatrix) forced = lesc_method_run (lp, ds, &p, NULL, &r, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (r.landmarks, ==, 200);
      g_assert_cmpstr (r.default_note, ==, "LP: low-rank affinity (named by --landmarks)");
      lesc_run_result_clear (&r);
    }
}

/* n = 60 000 with a 0.3 GB limit: refused before any work, in one line with both estimates;
 * with 1 GB the low-rank form alone (about 0.55 GB at m = 1000) fits. */
static void
test_memory_refusal (void)
{
  const LescMethod *lp = &lesc_method_lp;
  LescRunParams p, chosen;
  lesc_run_params_init (&p, lp);
  p.memory_limit = 0.3e9;
  double bytes = 0.0;
  char *note = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_false (lesc_method_choose_scale (lp, "big", 60000, 100, 10, &p, &chosen, &bytes, &note,
                                            &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_MEMORY);
  g_test_message ("%s", error->message);
  g_assert_null (strchr (error->message, '\n'));
  g_assert_nonnull (strstr (error->message, "LP on big (n = 60000; the reference needs about"));
  g_clear_error (&error);
  p.memory_limit = 1e9;
  p.scale = LESC_SCALE_LARGE;
  p.landmarks = 1000;
  g_assert_true (lesc_method_choose_scale (lp, "big", 60000, 100, 10, &p, &chosen, &bytes, &note,
                                           &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (bytes, >, 0.45e9);
  g_assert_cmpfloat (bytes, <, 0.6e9);
}

/* The store's key: what the choice depends on (m and k), or the one size a run named */
static void
test_store_key (void)
{
  const LescMethod *lp = &lesc_method_lp;
  LescRunParams v;
  lesc_run_params_init (&v, lp);
  v.scale = LESC_SCALE_LARGE;
  g_autofree char *both = lesc_run_variant_text (lp, &v);
  g_assert_cmpstr (both, ==, "flavour=published large m=1000 k=60 knn=auto");
  v.landmarks = 500;
  g_autofree char *lowrank = lesc_run_variant_text (lp, &v);
  g_assert_cmpstr (lowrank, ==, "flavour=published large m=500");
  v.neighbours = 30;
  g_autofree char *chosen = lesc_run_variant_text (lp, &v);
  g_assert_cmpstr (chosen, ==, "flavour=published large m=500 k=30 knn=auto");
  v.landmarks = 0;
  g_autofree char *graph = lesc_run_variant_text (lp, &v);
  g_assert_cmpstr (graph, ==, "flavour=published large k=30 knn=auto");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lp-lowrank/all-landmarks", test_all_landmarks);
  g_test_add_func ("/lp-lowrank/woodbury-equals-dense", test_woodbury_equals_dense);
  g_test_add_func ("/lp-lowrank/choice", test_choice);
  g_test_add_func ("/lp-lowrank/memory-refusal", test_memory_refusal);
  g_test_add_func ("/lp-lowrank/store-key", test_store_key);
  return g_test_run ();
}
