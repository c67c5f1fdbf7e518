/* The large form's LE step in path coordinates (src/core/solvers/le-path.c,
 * docs/methods.md §11): with m = n it is the reference's fit through the factored code;
 * its objective's gradient; its start and gradient are the reference's mapped into the
 * path coordinates; its errors. */
#include "core/solvers/le.h"
#include "core/solvers/le-private.h"
#include "core/base/error.h"
#include "core/methods/glle.h"
#include "core/numeric/preprocess.h"
#include "core/numeric/vector.h"
#include "testmatrix.h"
#include "testrandom.h"

#include <float.h>
#include <math.h>
#include <string.h>

/* n samples in q dimensions around c centres, logical labels of the nearest centre and one
 * more at random */
static void
make_data (gsize n, gsize q, gsize c, guint32 seed, LescMatrix **x, LescMatrix **l)
{
  g_autofree double *u = lesc_test_uniform (n * (q + 1), seed);
  g_autoptr (LescMatrix) raw = lesc_matrix_new (n, q);
  *l = lesc_matrix_new (n, c);
  for (gsize i = 0; i < n; i++)
    {
      gsize centre = i % c;
      for (gsize j = 0; j < q; j++)
        LESC_AT (raw, i, j) = (j == centre % q ? 3.0 : 0.0) + 2.0 * u[i * (q + 1) + j] - 1.0;
      LESC_AT (*l, i, centre) = 1.0;
      LESC_AT (*l, i, (gsize) (u[i * (q + 1) + q] * (double) c) % c) = 1.0;
    }
  *x = lesc_zscore (raw);
}

/* The reference fit and the path form's fit with m = n landmarks (every row, the factored
 * code): the largest difference of their Φ̂W, their objectives, and the reference's own
 * change when λ moves by one ulp. */
static double
fit_both (gsize n, gsize q, gsize c, double lambda, double *fa, double *fb, double *spread)
{
  g_autoptr (LescMatrix) x = NULL;
  g_autoptr (LescMatrix) l = NULL;
  make_data (n, q, c, 31, &x, &l);
  g_autoptr (LescSmoothness) m = lesc_glle_laplacian (x, 20, 10.0, NULL, NULL);
  g_autoptr (GError) error = NULL;
  LescLeReport ra, rb;
  g_autoptr (LescMatrix) a = NULL;
  g_autoptr (LescMatrix) b = NULL;
  g_assert_true (lesc_le_fit (x, l, m, lambda, LESC_VARIANT_REFERENCE, 5489, NULL, &ra, NULL, &a,
                              &error));
  g_assert_no_error (error);
  g_autoptr (LescLeKernel) k = lesc_le_kernel_new_path (x, n, 5489, &error);
  g_assert_no_error (error);
  g_assert_nonnull (k->path_weights);
  LescLeParts parts = { k, NULL, NULL };
  g_autoptr (LescLeModel) model = NULL;
  g_assert_true (lesc_le_fit_with (x, l, m, lambda, LESC_VARIANT_REFERENCE, 5489, &parts, NULL,
                                   NULL, &rb, &model, &b, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ra.iterations, >, 10);
  g_assert_cmpuint (model->w->rows, ==, n + 1);
  /* the model's landmark weights reproduce the fit */
  g_autoptr (LescMatrix) soft = lesc_matrix_copy (b);
  lesc_matrix_row_softmax (soft);
  g_autoptr (LescMatrix) again = lesc_le_predict (model, x);
  g_assert_cmpfloat (lesc_test_max_difference (soft, again), <, 1e-9);
  g_test_message ("reference: %u iterations, exit %d; path form: %u, exit %d", ra.iterations,
                  ra.exit_flag, rb.iterations, rb.exit_flag);
  /* the reference's own sensitivity to its last bits: λ one ulp larger */
  g_autoptr (LescMatrix) a2 = NULL;
  LescLeReport r2;
  g_assert_true (lesc_le_fit (x, l, m, lambda * (1.0 + DBL_EPSILON), LESC_VARIANT_REFERENCE,
                              5489, NULL, &r2, NULL, &a2, &error));
  g_assert_no_error (error);
  *spread = lesc_test_max_difference (a, a2);
  *fa = ra.objective;
  *fb = rb.objective;
  return lesc_test_max_difference (a, b);
}

/* m = n: E Eᵀ is the kernel up to eigenvalues below √ε·λ_max (none here: 16 features),
 * so the path coordinates replay the reference's iterations with other rounding. Full
 * BFGS converging (363 unknowns, 204 iterations): 1e-7 in Φ̂W, as the reference against
 * itself with λ one ulp larger (2e-7). L-BFGS capped at 300 iterations (3303 unknowns)
 * amplifies any change of the last bits (docs/optimizer.md §5): measured 0.0065 in Φ̂W,
 * the reference against itself 0.0072. */
static void
test_equals_reference (void)
{
  double fa, fb, spread;
  double d = fit_both (120, 16, 3, 1.0, &fa, &fb, &spread);
  g_test_message ("BFGS, m = n = 120: max |ΔΦ̂W| %.3g (reference, λ + ulp: %.3g), f %.12g "
                  "against %.12g", d, spread, fa, fb);
  g_assert_cmpfloat (d, <, 1e-5);
  g_assert_cmpfloat (d, >, 0.0);
  g_assert_cmpfloat (fabs (fa - fb), <, 1e-9 * fabs (fa));
  d = fit_both (1100, 16, 3, 1.0, &fa, &fb, &spread);
  g_test_message ("L-BFGS, m = n = 1100: max |ΔΦ̂W| %.3g (reference, λ + ulp: %.3g), f %.12g "
                  "against %.12g", d, spread, fa, fb);
  g_assert_cmpfloat (d, <, 3.0 * spread);
  g_assert_cmpfloat (d, <, 0.02);
  g_assert_cmpfloat (fabs (fa - fb), <, 5e-4 * fabs (fa));
}

/* ∇f in path coordinates against central differences (m < n); at m = n the start and the
 * gradient are the reference's: f(v0) = f(W0), and ‖∇_v f‖ = ‖∇_W f‖ (U orthonormal,
 * ∇_W f = [U; 1]∇_v f). */
static void
test_gradient (void)
{
  gsize n = 150, c = 3;
  g_autoptr (LescMatrix) x = NULL;
  g_autoptr (LescMatrix) l = NULL;
  make_data (n, 3, c, 7, &x, &l);
  g_autoptr (LescSmoothness) m = lesc_glle_laplacian (x, 10, 1.0, NULL, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescLeKernel) k = lesc_le_kernel_new_path (x, 40, 3, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (k->landmarks->rows, ==, 40);
  g_assert_cmpuint (k->phi->cols, <=, 41);
  LescLeParts parts = { k, NULL, NULL };
  g_autoptr (LescLeObjective) o = lesc_le_objective_make (x, l, m, 0.5, FALSE, &parts, NULL, NULL,
                                                           &error);
  g_assert_no_error (error);
  gsize nw = k->phi->cols * c;
  g_autoptr (LescMatrix) v = lesc_le_path_start (k, c, 5489);
  g_autofree double *g = g_new (double, nw);
  lesc_le_objective_eval (o, v->data, g);
  double worst = 0.0, scale = 0.0;
  for (gsize e = 0; e < nw; e += 7)
    {
      double keep = v->data[e], h = 1e-4;
      v->data[e] = keep + h;
      double fp = lesc_le_objective_eval (o, v->data, NULL);
      v->data[e] = keep - h;
      double fm = lesc_le_objective_eval (o, v->data, NULL);
      v->data[e] = keep;
      worst = fmax (worst, fabs ((fp - fm) / (2.0 * h) - g[e]));
      scale = fmax (scale, fabs (g[e]));
    }
  g_test_message ("m = 40: gradient against central differences %.3g (largest entry %.3g)",
                  worst, scale);
  g_assert_cmpfloat (scale, >, 1.0);
  g_assert_cmpfloat (worst, <, 1e-6 * scale);

  /* m = n against the reference's objective at W0 */
  g_autoptr (LescLeKernel) all = lesc_le_kernel_new_path (x, n, 5489, &error);
  g_assert_no_error (error);
  LescLeParts pa = { all, NULL, NULL };
  g_autoptr (LescLeObjective) op = lesc_le_objective_make (x, l, m, 0.5, FALSE, &pa, NULL, NULL,
                                                            &error);
  g_assert_no_error (error);
  g_autoptr (LescLeObjective) ref = lesc_le_objective_new (x, l, m, 0.5, FALSE, &error);
  g_assert_no_error (error);
  gsize na = all->phi->cols * c;
  g_autoptr (LescMatrix) v0 = lesc_le_path_start (all, c, 5489);
  g_autoptr (LescMatrix) w0 = lesc_le_initial_weights (n + 1, c, 5489);
  g_autofree double *gv = g_new (double, na);
  g_autofree double *gw = g_new (double, (n + 1) * c);
  double fv = lesc_le_objective_eval (op, v0->data, gv);
  double fw = lesc_le_objective_eval (ref, w0->data, gw);
  double nv = sqrt (lesc_dot (gv, gv, na)), nref = sqrt (lesc_dot (gw, gw, (n + 1) * c));
  /* and [U; 1]∇_v f entry by entry */
  g_autofree double *mapped = g_new (double, (n + 1) * c);
  g_autofree double *work = g_new (double, na);
  lesc_le_path_to_original (all, c, gv, mapped, work);
  double entry = 0.0;
  for (gsize e = 0; e < (n + 1) * c; e++)
    entry = fmax (entry, fabs (mapped[e] - gw[e]));
  g_test_message ("m = n: f %.15g against %.15g; ‖∇‖ %.15g against %.15g; entries %.3g", fv, fw,
                  nv, nref, entry);
  g_assert_cmpfloat (fabs (fv - fw), <, 1e-8 * fw);
  g_assert_cmpfloat (fabs (nv - nref), <, 1e-8 * nref);
  g_assert_cmpfloat (entry, <, 1e-7 * nref);
}

/* identical rows (width 0) and no landmarks: one error each, no kernel */
static void
test_errors (void)
{
  g_autoptr (LescMatrix) same = lesc_matrix_new (30, 2);
  for (gsize e = 0; e < 60; e++)
    same->data[e] = 1.5;
  g_autoptr (GError) error = NULL;
  LescLeKernel *k = lesc_le_kernel_new_path (same, 10, 1, &error);
  g_assert_null (k);
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_nonnull (strstr (error->message, "identical"));
  g_clear_error (&error);
  g_autoptr (LescMatrix) x = NULL;
  g_autoptr (LescMatrix) l = NULL;
  make_data (30, 2, 2, 3, &x, &l);
  k = lesc_le_kernel_new_path (x, 0, 1, &error);
  g_assert_null (k);
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lepath/equals-reference", test_equals_reference);
  g_test_add_func ("/lepath/gradient", test_gradient);
  g_test_add_func ("/lepath/errors", test_errors);
  return g_test_run ();
}
