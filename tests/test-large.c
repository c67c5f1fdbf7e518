/* The large-data formulation (docs/methods.md §11): with m = n landmarks it is the
 * reference to rounding; the program's choice of formulation, its note and its record. */
#include "core/methods/run.h"
#include "core/base/error.h"
#include "core/methods/glle.h"
#include "core/experiments/experiment.h"
#include "core/numeric/preprocess.h"
#include "core/solvers/landmarks.h"
#include "testmatrix.h"
#include "testrandom.h"

#include <math.h>

/* n samples in q dimensions around c centres; the truth leans to the nearest centre */
static LescDataset *
make_data (gsize n, gsize q, gsize c, guint32 seed)
{
  g_autofree double *u = lesc_test_uniform (n * (q + c), seed);
  LescMatrix *x = lesc_matrix_new (n, q);
  LescMatrix *y = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    {
      gsize centre = i % c;
      for (gsize j = 0; j < q; j++)
        LESC_AT (x, i, j) = (j == centre % q ? 3.0 : 0.0) + 2.0 * u[i * (q + c) + j] - 1.0;
      double sum = 0.0;
      for (gsize j = 0; j < c; j++)
        sum += LESC_AT (y, i, j) = (j == centre ? 2.0 : 0.0) + u[i * (q + c) + q + j];
      for (gsize j = 0; j < c; j++)
        LESC_AT (y, i, j) /= sum;
    }
  return lesc_dataset_new ("generated", x, y, NULL);
}

static LescMatrix *
run_scale (const LescMethod *m, const LescDataset *ds, LescScale scale, guint landmarks,
           LescRunResult *result)
{
  LescRunParams p;
  lesc_run_params_init (&p, m);
  p.scale = scale;
  p.landmarks = landmarks;
  g_autoptr (GError) error = NULL;
  LescMatrix *d = lesc_method_run (m, ds, &p, NULL, result, &error);
  g_assert_no_error (error);
  return d;
}

/* m = n landmarks (every sample, in order): the large-data form's kernel is the
 * reference's bit for bit, and the exact kNN graph without the n×n distances is the
 * reference's graph to rounding. LESC (the same C) then gives the reference's
 * distributions exactly; GLLE's graph weights differ in the last bits, which the capped
 * optimizer's 300 steps amplify (docs/optimizer.md §5) — to below 0.01 here. */
static void
test_equals_reference (void)
{
  g_autoptr (LescDataset) ds = make_data (240, 5, 3, 11);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  g_autoptr (LescSmoothness) dense = lesc_glle_laplacian (x, 20, 10.0, NULL, NULL);
  g_autoptr (LescSmoothness) sparse = lesc_glle_laplacian_sparse (x, 20, 10.0, &(LescKnnSearch) { LESC_KNN_EXACT }, NULL, NULL, NULL, NULL);
  g_autoptr (LescMatrix) md = lesc_smoothness_dense (dense);
  g_autoptr (LescMatrix) ms = lesc_smoothness_dense (sparse);
  g_assert_cmpfloat (lesc_test_max_difference (md, ms), <, 1e-13);
  g_assert_cmpfloat (lesc_test_max_difference (md, ms), >=, 0.0);
  const LescMethod *methods[] = { lesc_method_find ("lesc"), lesc_method_find ("glle") };
  const double tolerance[] = { 1e-14, 0.01 };
  for (guint k = 0; k < G_N_ELEMENTS (methods); k++)
    {
      LescRunResult ra, rb;
      g_autoptr (LescMatrix) a = run_scale (methods[k], ds, LESC_SCALE_REFERENCE, 0, &ra);
      g_autoptr (LescMatrix) b = run_scale (methods[k], ds, LESC_SCALE_LARGE, 240, &rb);
      g_assert_false (ra.large);
      g_assert_true (rb.large);
      g_assert_cmpuint (rb.landmarks, ==, 240);
      double diff = lesc_test_max_difference (a, b);
      g_test_message ("%s: m = n against the reference: %.3g (f %.17g, %.17g)",
                      methods[k]->name, diff, ra.le.objective, rb.le.objective);
      g_assert_cmpfloat (diff, <, tolerance[k]);
      /* fewer landmarks: a different, nearby answer */
      LescRunResult rc;
      g_autoptr (LescMatrix) c = run_scale (methods[k], ds, LESC_SCALE_LARGE, 60, &rc);
      g_assert_cmpuint (rc.landmarks, ==, 60);
      double near = lesc_test_max_difference (a, c);
      g_test_message ("%s: m = 60: %.3g", methods[k]->name, near);
      g_assert_cmpfloat (near, >, 1e-6);
      g_assert_cmpfloat (near, <, 0.2);
      lesc_run_result_clear (&ra);
      lesc_run_result_clear (&rb);
      lesc_run_result_clear (&rc);
    }
}

/* LP on the full graph (k = n − 1) and KM with every class member sampled (m ≥ n): the
 * large-data forms equal the reference to rounding, in every flavour; with a small k and m
 * a nearby answer */
static void
test_baselines_equal_reference (void)
{
  g_autoptr (LescDataset) ds = make_data (300, 6, 4, 17);
  const char *names[] = { "lp", "km" };
  const LescFlavour flavours[] = { LESC_FLAVOUR_PUBLISHED, LESC_FLAVOUR_PAPER, LESC_FLAVOUR_PYLDL };
  for (guint k = 0; k < G_N_ELEMENTS (names); k++)
    for (guint f = 0; f < G_N_ELEMENTS (flavours); f++)
      {
        const LescMethod *m = lesc_method_find (names[k]);
        LescRunParams p;
        lesc_run_params_init (&p, m);
        p.flavour = flavours[f];
        g_autoptr (GError) error = NULL;
        LescRunResult ra, rb, rc;
        p.scale = LESC_SCALE_REFERENCE;
        g_autoptr (LescMatrix) a = lesc_method_run (m, ds, &p, NULL, &ra, &error);
        g_assert_no_error (error);
        p.scale = LESC_SCALE_LARGE;
        p.neighbours = 299;
        p.landmarks = 300;
        g_autoptr (LescMatrix) b = lesc_method_run (m, ds, &p, NULL, &rb, &error);
        g_assert_no_error (error);
        g_assert_true (rb.large);
        double full = lesc_test_max_difference (a, b);
        p.neighbours = 10;
        p.landmarks = 40;
        g_autoptr (LescMatrix) c = lesc_method_run (m, ds, &p, NULL, &rc, &error);
        g_assert_no_error (error);
        double near = lesc_test_max_difference (a, c);
        g_test_message ("%s (%s): full %.3g, small %.3g", names[k], lesc_flavour_key (flavours[f]),
                        full, near);
        g_assert_cmpfloat (full, <, 1e-12);
        /* (the published KM divides by the row sums: one relevant label per row here makes
         * every row one-hot, whatever the centres) */
        if (k == 0 || flavours[f] != LESC_FLAVOUR_PUBLISHED)
          g_assert_cmpfloat (near, >, 1e-9);
        g_assert_cmpfloat (near, <, 0.1);
        lesc_run_result_clear (&ra);
        lesc_run_result_clear (&rb);
        lesc_run_result_clear (&rc);
      }
}

/* the large form's model keeps its landmarks: predicting the training rows gives the
 * run's distributions */
static void
test_model (void)
{
  g_autoptr (LescDataset) ds = make_data (300, 4, 3, 23);
  const LescMethod *m = lesc_method_find ("lesc");
  LescRunParams p;
  lesc_run_params_init (&p, m);
  p.scale = LESC_SCALE_LARGE;
  p.landmarks = 50;
  LescRunResult r;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) d = lesc_method_run_with_model (m, ds, &p, NULL, &r, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r.model);
  g_assert_cmpuint (r.model->x_train->rows, ==, 50);
  g_assert_cmpuint (r.model->w->rows, ==, 51);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  g_autoptr (LescMatrix) again = lesc_le_predict (r.model, x);
  g_assert_cmpfloat (lesc_test_max_difference (d, again), <, 1e-12);
  lesc_run_result_clear (&r);
}

/* landmarks: seeded, distinct, in increasing row order; all rows when m ≥ n */
static void
test_landmarks (void)
{
  g_autoptr (LescDataset) ds = make_data (500, 3, 2, 3);
  gsize idx[500], again[500];
  g_autoptr (LescMatrix) z = lesc_landmarks_select_index (ds->features, 50, 7, idx);
  g_autoptr (LescMatrix) z2 = lesc_landmarks_select_index (ds->features, 50, 7, again);
  g_assert_cmpuint (z->rows, ==, 50);
  for (gsize i = 0; i < 50; i++)
    {
      g_assert_cmpuint (idx[i], ==, again[i]);
      if (i > 0)
        g_assert_cmpuint (idx[i], >, idx[i - 1]);
      g_assert_cmpfloat (LESC_AT (z, i, 2), ==, LESC_AT (ds->features, idx[i], 2));
    }
  g_autoptr (LescMatrix) all = lesc_landmarks_select_index (ds->features, 900, 7, idx);
  g_assert_cmpuint (all->rows, ==, 500);
  for (gsize i = 0; i < 500; i++)
    g_assert_cmpuint (idx[i], ==, i);
}

/* `auto`: the reference where it fits and n is small; above the method's n, or when the
 * reference does not fit the limit, the large form with a note; neither fits: refused */
static void
test_automatic_choice (void)
{
  const LescMethod *glle = lesc_method_find ("glle");
  LescRunParams p, chosen;
  lesc_run_params_init (&p, glle);
  g_assert_cmpint (p.scale, ==, LESC_SCALE_AUTO);
  g_autoptr (GError) error = NULL;
  char *note = NULL;
  double bytes = 0;
  /* Movie's size: the reference, no note */
  g_assert_true (lesc_method_choose_scale (glle, "movie", 7755, 1869, 5, &p, &chosen, &bytes,
                                           &note, &error));
  g_assert_cmpint (chosen.scale, ==, LESC_SCALE_REFERENCE);
  g_assert_null (note);
  /* n = 100 000: the large form, said once */
  p.memory_limit = 4e9;
  g_assert_true (lesc_method_choose_scale (glle, "big", 100000, 100, 10, &p, &chosen, &bytes,
                                           &note, &error));
  g_assert_cmpint (chosen.scale, ==, LESC_SCALE_LARGE);
  g_assert_cmpfloat (bytes, <, 4e9);
  g_assert_cmpstr (note, ==, "big: n = 100000: using the large-data formulation (m = 1000, "
                             "k = 20, kNN by HNSW if the data's intrinsic dimension allows); "
                             "--variant reference to insist "
                             "(the reference does not fit the memory limit)");
  g_clear_pointer (&note, g_free);
  /* a small n that does not fit the limit as the reference */
  p.memory_limit = 0.2e9;
  g_assert_true (lesc_method_choose_scale (glle, "mid", 3000, 10, 3, &p, &chosen, &bytes, &note,
                                           &error));
  g_assert_cmpint (chosen.scale, ==, LESC_SCALE_LARGE);
  g_assert_nonnull (strstr (note, "m = 1000"));
  g_clear_pointer (&note, g_free);
  /* insisting on the reference: refused with its estimate */
  p.scale = LESC_SCALE_REFERENCE;
  g_assert_false (lesc_method_choose_scale (glle, "mid", 3000, 10, 3, &p, &chosen, &bytes, &note,
                                            &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_MEMORY);
  g_clear_error (&error);
  /* neither fits */
  p.scale = LESC_SCALE_AUTO;
  p.memory_limit = 1e6;
  g_assert_false (lesc_method_choose_scale (glle, "mid", 3000, 10, 3, &p, &chosen, &bytes, &note,
                                            &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_MEMORY);
  g_assert_nonnull (strstr (error->message, "the reference needs about"));
  g_assert_null (note);
  g_clear_error (&error);
  /* through a run: the result records the form and the note */
  g_autoptr (LescDataset) ds = make_data (300, 4, 3, 5);
  p.memory_limit = 0.005e9;   /* the reference's Φ̂ and forms need ~8 MB */
  p.landmarks = 100;
  LescRunResult r;
  g_autoptr (LescMatrix) d = lesc_method_run (glle, ds, &p, NULL, &r, &error);
  g_assert_no_error (error);
  g_assert_true (r.large);
  g_assert_cmpuint (r.landmarks, ==, 100);
  g_assert_cmpuint (r.neighbours, ==, 20);
  g_assert_nonnull (strstr (r.note, "generated: n = 300: using the large-data formulation (m = 100, k = 20)"));
  g_assert_cmpfloat (fabs (LESC_AT (d, 0, 0) + LESC_AT (d, 0, 1) + LESC_AT (d, 0, 2) - 1.0), <, 1e-12);
  lesc_run_result_clear (&r);
  /* the store's key of a run names the form, m and k; the reference's is unchanged */
  {
    LescRunParams v;
    lesc_run_params_init (&v, glle);
    g_autofree char *ref = lesc_run_variant_text (glle, &v);
    g_assert_cmpstr (ref, ==, "reference");
    v.scale = LESC_SCALE_LARGE;
    v.knn = LESC_KNN_EXACT;   /* `auto` as resolved for n ≤ LESC_KNN_EXACT_MAX_N (test ann) */
    g_autofree char *big = lesc_run_variant_text (glle, &v);
    g_assert_cmpstr (big, ==, "reference large m=1000 k=20");
    const LescMethod *lp = lesc_method_find ("lp");
    lesc_run_params_init (&v, lp);
    v.scale = LESC_SCALE_LARGE;
    v.neighbours = 60;
    v.knn = LESC_KNN_EXACT;
    g_autofree char *lpv = lesc_run_variant_text (lp, &v);
    g_assert_cmpstr (lpv, ==, "flavour=published large k=60");
  }
  /* gLESC has no large form: `large` runs its only form */
  const LescMethod *glesc = lesc_method_find ("glesc");
  lesc_run_params_init (&p, glesc);
  p.scale = LESC_SCALE_LARGE;
  g_assert_true (lesc_method_choose_scale (glesc, "s", 300, 4, 3, &p, &chosen, &bytes, &note, &error));
  g_assert_cmpint (chosen.scale, ==, LESC_SCALE_REFERENCE);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/large/equals-reference", test_equals_reference);
  g_test_add_func ("/large/landmarks", test_landmarks);
  g_test_add_func ("/large/model", test_model);
  g_test_add_func ("/large/baselines-equal-reference", test_baselines_equal_reference);
  g_test_add_func ("/large/automatic-choice", test_automatic_choice);
  return g_test_run ();
}
