/* The reference quasi-Newton optimizer (docs/optimizer.md): the cubic step, the first
 * iterations by hand, convergence on quadratics and Rosenbrock, L-BFGS (its two-loop
 * recursion with and without a helper thread), the quadratic shortcut, the same
 * iteration in an orthonormal basis, the exit codes and cancellation. */
#include "core/numeric/optimizer.h"
#include "core/base/random.h"
#include "core/numeric/twoloop.h"
#include "core/numeric/anderson.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

/* f = ½xᵀAx − bᵀx with a dense symmetric A (n×n) */
typedef struct {
  gsize n;
  const double *a;
  const double *b;
  guint calls;
} Quadratic;

static double
quad_f (const double *x, double *grad, gpointer data)
{
  Quadratic *q = data;
  q->calls++;
  double f = 0.0;
  for (gsize i = 0; i < q->n; i++)
    {
      double ax = 0.0;
      for (gsize j = 0; j < q->n; j++)
        ax += q->a[i + j * q->n] * x[j];
      f += 0.5 * x[i] * ax - q->b[i] * x[i];
      if (grad)
        grad[i] = ax - q->b[i];
    }
  return f;
}

static void
quad_h (const double *p, double *v, gpointer data)
{
  Quadratic *q = data;
  for (gsize i = 0; i < q->n; i++)
    {
      v[i] = 0.0;
      for (gsize j = 0; j < q->n; j++)
        v[i] += q->a[i + j * q->n] * p[j];
    }
}

static double
rosenbrock (const double *x, double *grad, gpointer data)
{
  double a = 1.0 - x[0], b = x[1] - x[0] * x[0];
  if (grad)
    {
      grad[0] = -2.0 * a - 400.0 * x[0] * b;
      grad[1] = 200.0 * b;
    }
  return a * a + 100.0 * b * b;
}

static void
test_cubic_step (void)
{
  /* c(z) = z² − z through (0, 0, −1), (1, 0, 1): minimum at 0.5; on [0.6, 0.9] the end 0.6 */
  g_assert_cmpfloat (fabs (lesc_optimizer_cubic_min (0, 1, 0, 0, -1, 1, 0, 1) - 0.5), <, 1e-15);
  g_assert_cmpfloat (fabs (lesc_optimizer_cubic_min (0.6, 0.9, 0, 0, -1, 1, 0, 1) - 0.6), <, 1e-15);
  /* α₁ = 1, α₂ = 3: c(z) = ½z³ − z, stationary point z = √(2/3): α = 1 + 2√(2/3) */
  double want = 1.0 + 2.0 * sqrt (2.0 / 3.0);
  g_assert_cmpfloat (fabs (lesc_optimizer_cubic_min (1, 5, 1, 0, -0.5, 3, -0.5, 0.25) - want), <, 1e-12);
  /* reversed interval ends and reversed points give the same minimiser */
  g_assert_cmpfloat (fabs (lesc_optimizer_cubic_min (5, 1, 1, 0, -0.5, 3, -0.5, 0.25) - want), <, 1e-12);
  /* a cubic rising everywhere on the interval: the left end */
  g_assert_cmpfloat (lesc_optimizer_cubic_min (2, 4, 0, 0, 1, 1, 1, 1), ==, 2.0);
}

/* f = ½‖x‖² from (1, 2), by hand: α₀ = 1/‖g‖_∞ = 0.5 is accepted at once (Armijo and
 * curvature hold), x₁ = (0.5, 1); BFGS with y = s leaves H = I, so p = −g, α = 1 reaches
 * x₂ = 0 exactly: exit 1 (gradient) after 2 iterations and 1 + 3 + 3 = 7 evaluations. */
static void
test_first_iterations_by_hand (void)
{
  const double a[] = { 1, 0, 0, 1 }, b[] = { 0, 0 };
  Quadratic q = { 2, a, b, 0 };
  LescOptimizerProblem pr = { 2, quad_f, NULL, &q };
  LescOptimizerOptions o;
  lesc_optimizer_options_init (&o, 2);
  double x[] = { 1, 2 };
  LescOptimizerReport r;
  g_assert_true (lesc_optimizer_minimize (&pr, &o, x, NULL, &r, NULL));
  g_assert_cmpint (r.exit_flag, ==, LESC_OPT_EXIT_GRADIENT);
  g_assert_cmpuint (r.iterations, ==, 2);
  g_assert_cmpuint (r.evaluations, ==, 7);
  g_assert_cmpuint (q.calls, ==, 7);
  g_assert_cmpuint (r.gradients, ==, 3);
  g_assert_false (r.lbfgs);
  g_assert_cmpfloat (x[0], ==, 0.0);
  g_assert_cmpfloat (x[1], ==, 0.0);
}

static void
test_bfgs_quadratic (void)
{
  /* A = [3 1; 1 2], b = (1, 1): x* = A⁻¹b = (0.2, 0.4) */
  const double a[] = { 3, 1, 1, 2 }, b[] = { 1, 1 };
  Quadratic q = { 2, a, b, 0 };
  LescOptimizerProblem pr = { 2, quad_f, NULL, &q };
  LescOptimizerOptions o;
  lesc_optimizer_options_init (&o, 2);
  double x[] = { 5, -3 };
  LescOptimizerReport r;
  g_assert_true (lesc_optimizer_minimize (&pr, &o, x, NULL, &r, NULL));
  g_test_message ("2-D quadratic: exit %d after %u iterations, %u evaluations", r.exit_flag,
                  r.iterations, r.evaluations);
  /* a literal transcription of the MATLAB code (numpy) also takes 8 iterations; the
   * last one is decided by rounding noise in the slopes (it ends with exit 2 there) */
  g_assert_cmpuint (r.iterations, ==, 8);
  g_assert_true (r.exit_flag == 2 || r.exit_flag == -2);
  g_assert_cmpfloat (fabs (x[0] - 0.2), <, 1e-6);
  g_assert_cmpfloat (fabs (x[1] - 0.4), <, 1e-6);
  g_assert_cmpfloat (fabs (r.f - (-0.3)), <, 1e-12);   /* f* = −½bᵀx* = −0.3 */
}

static void
test_rosenbrock (void)
{
  LescOptimizerProblem pr = { 2, rosenbrock, NULL, NULL };
  LescOptimizerOptions o;
  lesc_optimizer_options_init (&o, 2);
  double x[] = { -1.2, 1.0 };
  LescOptimizerReport r;
  g_assert_true (lesc_optimizer_minimize (&pr, &o, x, NULL, &r, NULL));
  g_test_message ("Rosenbrock: exit %d after %u iterations, %u evaluations, f = %g", r.exit_flag,
                  r.iterations, r.evaluations, r.f);
  g_assert_cmpfloat (fabs (x[0] - 1.0), <, 1e-4);
  g_assert_cmpfloat (fabs (x[1] - 1.0), <, 2e-4);
  g_assert_cmpfloat (r.f, <, 1e-8);
  /* the same counts as a literal numpy transcription of the MATLAB code */
  g_assert_cmpint (r.exit_flag, ==, LESC_OPT_EXIT_STEP);
  g_assert_cmpuint (r.iterations, ==, 32);
  g_assert_cmpuint (r.evaluations, ==, 119);

  /* MaxIter: exit 0 after exactly max_iter iterations */
  double y[] = { -1.2, 1.0 };
  o.max_iter = 3;
  g_assert_true (lesc_optimizer_minimize (&pr, &o, y, NULL, &r, NULL));
  g_assert_cmpint (r.exit_flag, ==, LESC_OPT_EXIT_MAX_ITER);
  g_assert_cmpuint (r.iterations, ==, 3);
  g_assert_cmpfloat (r.f, <, rosenbrock ((double[]) { -1.2, 1.0 }, NULL, NULL));
}

/* tridiagonal A = tridiag(−1, 3, −1) (n = 60), b = 1 */
static double *
tridiag (gsize n)
{
  double *a = g_new0 (double, n * n);
  for (gsize i = 0; i < n; i++)
    {
      a[i + i * n] = 3.0;
      if (i + 1 < n)
        a[i + (i + 1) * n] = a[i + 1 + i * n] = -1.0;
    }
  return a;
}

static double
residual_inf (gsize n, const double *a, const double *b, const double *x)
{
  double m = 0.0;
  for (gsize i = 0; i < n; i++)
    {
      double r = -b[i];
      for (gsize j = 0; j < n; j++)
        r += a[i + j * n] * x[j];
      m = fmax (m, fabs (r));
    }
  return m;
}

static void
test_lbfgs_and_quadratic_shortcut (void)
{
  gsize n = 60;
  g_autofree double *a = tridiag (n);
  g_autofree double *b = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    b[i] = 1.0;
  LescOptimizerOptions o;
  lesc_optimizer_options_init (&o, n);
  o.bfgs_limit = 10;   /* force L-BFGS */
  o.store_n = 5;

  Quadratic q1 = { n, a, b, 0 };
  LescOptimizerProblem plain = { n, quad_f, NULL, &q1 };
  g_autofree double *x1 = g_new0 (double, n);
  LescOptimizerReport r1;
  g_assert_true (lesc_optimizer_minimize (&plain, &o, x1, NULL, &r1, NULL));
  g_assert_true (r1.lbfgs);
  g_test_message ("L-BFGS: exit %d after %u iterations", r1.exit_flag, r1.iterations);
  g_assert_cmpfloat (residual_inf (n, a, b, x1), <, 1e-4);

  /* the Hessian shortcut: one objective call, the same path up to rounding (compared
   * over the first 8 iterations, before the slopes are dominated by rounding noise) */
  Quadratic q2 = { n, a, b, 0 };
  LescOptimizerProblem fast = { n, quad_f, quad_h, &q2 };
  g_autofree double *x2 = g_new0 (double, n);
  LescOptimizerReport r2;
  g_assert_true (lesc_optimizer_minimize (&fast, &o, x2, NULL, &r2, NULL));
  g_assert_cmpuint (q2.calls, ==, 1);
  g_assert_cmpfloat (residual_inf (n, a, b, x2), <, 1e-4);
  /* the two-loop recursion's helper thread changes no bit of the whole run */
  o.threads = 2;
  g_autofree double *x4 = g_new0 (double, n);
  LescOptimizerReport r4;
  g_assert_true (lesc_optimizer_minimize (&fast, &o, x4, NULL, &r4, NULL));
  g_assert_cmpuint (r4.iterations, ==, r2.iterations);
  g_assert_cmpuint (r2.iterations, >, 10);
  g_assert_cmpmem (x4, n * sizeof (double), x2, n * sizeof (double));
  o.threads = 0;
  o.max_iter = 8;
  memset (x1, 0, n * sizeof (double));
  memset (x2, 0, n * sizeof (double));
  g_assert_true (lesc_optimizer_minimize (&plain, &o, x1, NULL, &r1, NULL));
  g_assert_true (lesc_optimizer_minimize (&fast, &o, x2, NULL, &r2, NULL));
  g_assert_cmpint (r1.exit_flag, ==, LESC_OPT_EXIT_MAX_ITER);
  g_assert_cmpint (r2.exit_flag, ==, LESC_OPT_EXIT_MAX_ITER);
  g_assert_cmpuint (r2.evaluations, ==, r1.evaluations);
  for (gsize i = 0; i < n; i++)
    g_assert_cmpfloat (fabs (x1[i] - x2[i]), <, 1e-9);
  o.max_iter = 300;

  /* full BFGS on the same problem */
  o.bfgs_limit = 3000;
  Quadratic q3 = { n, a, b, 0 };
  LescOptimizerProblem full = { n, quad_f, quad_h, &q3 };
  g_autofree double *x3 = g_new0 (double, n);
  LescOptimizerReport r3;
  g_assert_true (lesc_optimizer_minimize (&full, &o, x3, NULL, &r3, NULL));
  g_assert_false (r3.lbfgs);
  g_assert_cmpfloat (residual_inf (n, a, b, x3), <, 1e-4);
}

/* The problem of `Quadratic` in the coordinates x = U x̂. */
typedef struct {
  Quadratic q;      /* Uᵀ A U and Uᵀb */
  const double *u;  /* n×n orthogonal */
  guint mapped;
} Rotated;

static void
rotated_to_original (const double *v, double *out, gpointer data)
{
  Rotated *r = data;
  gsize n = r->q.n;
  r->mapped++;
  for (gsize i = 0; i < n; i++)
    {
      out[i] = 0.0;
      for (gsize j = 0; j < n; j++)
        out[i] += r->u[i + j * n] * v[j];
    }
}

static double
rotated_f (const double *x, double *grad, gpointer data)
{
  return quad_f (x, grad, &((Rotated *) data)->q);
}

static void
rotated_h (const double *p, double *v, gpointer data)
{
  quad_h (p, v, &((Rotated *) data)->q);
}

/* out = Uᵀ v */
static void
rotate (gsize n, const double *u, const double *v, double *out)
{
  for (gsize j = 0; j < n; j++)
    {
      out[j] = 0.0;
      for (gsize i = 0; i < n; i++)
        out[j] += u[i + j * n] * v[i];
    }
}

/* The iteration is the same in an orthonormal basis when the ∞-norms of the first step
 * and of the stop tests are taken in the original coordinates: the same exit, iterations
 * and evaluations, and U x̂ = x up to rounding — for each way of stopping, L-BFGS and
 * BFGS. */
static void
test_basis_invariance (void)
{
  const gsize n = 40;
  LescRandom r;
  lesc_random_init (&r, 77);
  /* A = BᵀB/n + I/10 (tens of iterations, yet stable in rounding: ∞-norms taken of x̂
   * instead stop it one iteration late), b, x0 and a random orthogonal U (QR) */
  g_autofree double *bm = g_new (double, n * n), *a = g_new0 (double, n * n);
  g_autofree double *b = g_new (double, n), *x0 = g_new (double, n);
  g_autofree double *u = g_new (double, n * n), *tau = g_new (double, n);
  for (gsize e = 0; e < n * n; e++)
    bm[e] = lesc_random_double (&r) - 0.5, u[e] = lesc_random_double (&r) - 0.5;
  for (gsize i = 0; i < n; i++)
    b[i] = lesc_random_double (&r), x0[i] = 3.0 * lesc_random_double (&r);
  for (gsize j = 0; j < n; j++)
    for (gsize i = 0; i < n; i++)
      {
        for (gsize k = 0; k < n; k++)
          a[i + j * n] += bm[k + i * n] * bm[k + j * n] / (double) n;
        a[i + j * n] += i == j ? 0.1 : 0.0;
      }
  g_assert_cmpint (LAPACKE_dgeqrf (LAPACK_COL_MAJOR, n, n, u, n, tau), ==, 0);
  g_assert_cmpint (LAPACKE_dorgqr (LAPACK_COL_MAJOR, n, n, n, u, n, tau), ==, 0);
  g_autofree double *au = g_new (double, n * n), *ar = g_new (double, n * n);
  g_autofree double *br = g_new (double, n);
  for (gsize j = 0; j < n; j++)
    quad_h (u + j * n, au + j * n, &(Quadratic) { n, a, b, 0 });   /* A U */
  for (gsize j = 0; j < n; j++)
    rotate (n, u, au + j * n, ar + j * n);                         /* Uᵀ A U */
  rotate (n, u, b, br);

  struct {
    gsize bfgs_limit;
    double tol_x;
    guint max_iter;
    int exit_flag;
  } cases[] = {
    { 10, 1e-6, 300, LESC_OPT_EXIT_GRADIENT },
    { 10, 1e-2, 300, LESC_OPT_EXIT_STEP },
    { 10, 1e-6, 6, LESC_OPT_EXIT_MAX_ITER },
    { 3000, 1e-6, 300, LESC_OPT_EXIT_GRADIENT },
  };
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      LescOptimizerOptions o;
      lesc_optimizer_options_init (&o, n);
      o.bfgs_limit = cases[c].bfgs_limit;
      o.tol_x = cases[c].tol_x;
      o.max_iter = cases[c].max_iter;
      o.store_n = 5;
      Quadratic q = { n, a, b, 0 };
      LescOptimizerProblem plain = { n, quad_f, quad_h, &q };
      g_autofree double *x = g_memdup2 (x0, n * sizeof (double));
      LescOptimizerReport r1, r2;
      g_assert_true (lesc_optimizer_minimize (&plain, &o, x, NULL, &r1, NULL));

      Rotated rq = { { n, ar, br, 0 }, u, 0 };
      LescOptimizerProblem rotated = { n, rotated_f, rotated_h, &rq, rotated_to_original };
      g_autofree double *xr = g_new (double, n), *back = g_new (double, n);
      rotate (n, u, x0, xr);
      g_assert_true (lesc_optimizer_minimize (&rotated, &o, xr, NULL, &r2, NULL));
      rotated_to_original (xr, back, &rq);
      g_test_message ("case %u: exit %d / %d after %u / %u iterations; %u vectors mapped back",
                      c, r1.exit_flag, r2.exit_flag, r1.iterations, r2.iterations, rq.mapped);
      g_assert_cmpint (r1.exit_flag, ==, cases[c].exit_flag);
      g_assert_cmpint (r2.exit_flag, ==, r1.exit_flag);
      g_assert_cmpuint (r2.iterations, ==, r1.iterations);
      g_assert_cmpuint (r2.evaluations, ==, r1.evaluations);
      g_assert_cmpuint (r2.lbfgs, ==, r1.lbfgs);
      g_assert_cmpfloat (fabs (r2.f - r1.f), <=, 1e-10 * fabs (r1.f));
      g_assert_cmpfloat (fabs (r2.grad_inf - r1.grad_inf), <=, 1e-9);
      for (gsize i = 0; i < n; i++)
        g_assert_cmpfloat (fabs (back[i] - x[i]), <=, 1e-10);
      /* the first step, the report, and the stop tests near the end */
      g_assert_cmpuint (rq.mapped, >=, cases[c].max_iter == 300 ? 4 : 2);
    }
}

/* p = −Hg by the textbook two-loop recursion, pairs newest first */
static void
two_loop_by_hand (gsize n, const double *const *s, const double *const *y, const double *ys,
                  guint stored, const double *g, double *p)
{
  double a[32];
  memcpy (p, g, n * sizeof (double));
  for (guint k = 0; k < stored; k++)
    {
      double d = 0.0;
      for (gsize i = 0; i < n; i++)
        d += s[k][i] * p[i];
      a[k] = d / ys[k];
      for (gsize i = 0; i < n; i++)
        p[i] -= a[k] * y[k][i];
    }
  double yy = 0.0;
  for (gsize i = 0; i < n; i++)
    yy += y[0][i] * y[0][i];
  for (gsize i = 0; i < n; i++)
    p[i] *= ys[0] / yy;
  for (guint k = stored; k-- > 0;)
    {
      double d = 0.0;
      for (gsize i = 0; i < n; i++)
        d += y[k][i] * p[i];
      double b = d / ys[k];
      for (gsize i = 0; i < n; i++)
        p[i] += (a[k] - b) * s[k][i];
    }
  for (gsize i = 0; i < n; i++)
    p[i] = -p[i];
}

/* The two-loop recursion in halves: the textbook result, and the same bits with and
 * without its helper thread, over repeated calls (the barrier carries its state over). */
static void
test_two_loop_threads (void)
{
  const gsize n = 1003;
  const guint m = 7;
  LescRandom r;
  lesc_random_init (&r, 31);
  double *sv[7], *yv[7], ys[7];
  for (guint k = 0; k < m; k++)
    {
      sv[k] = g_new (double, n);
      yv[k] = g_new (double, n);
      ys[k] = 0.0;
      for (gsize i = 0; i < n; i++)
        {
          sv[k][i] = lesc_random_double (&r) - 0.5;
          yv[k][i] = sv[k][i] * (1.0 + lesc_random_double (&r));   /* yᵀs > 0 */
          ys[k] += yv[k][i] * sv[k][i];
        }
    }
  g_autofree double *g = g_new (double, n), *want = g_new (double, n);
  g_autofree double *p1 = g_new (double, n), *p2 = g_new (double, n);
  LescTwoLoop *one = lesc_two_loop_new (n, m, 1), *two = lesc_two_loop_new (n, m, 2);
  g_assert_false (lesc_two_loop_threaded (one));
  g_assert_true (lesc_two_loop_threaded (two));
  for (guint call = 0; call < 50; call++)
    {
      guint stored = 1 + call % m;
      for (gsize i = 0; i < n; i++)
        g[i] = lesc_random_double (&r) - 0.5;
      two_loop_by_hand (n, (const double *const *) sv, (const double *const *) yv, ys, stored,
                        g, want);
      lesc_two_loop_direction (one, (const double *const *) sv, (const double *const *) yv, ys,
                               stored, g, p1);
      lesc_two_loop_direction (two, (const double *const *) sv, (const double *const *) yv, ys,
                               stored, g, p2);
      g_assert_cmpmem (p1, n * sizeof (double), p2, n * sizeof (double));
      for (gsize i = 0; i < n; i++)
        g_assert_cmpfloat (fabs (p1[i] - want[i]), <=, 1e-11 * (1.0 + fabs (want[i])));
    }
  lesc_two_loop_free (one);
  lesc_two_loop_free (two);
  for (guint k = 0; k < m; k++)
    g_free (sv[k]), g_free (yv[k]);
}

static void
test_cancel (void)
{
  g_autoptr (GCancellable) c = g_cancellable_new ();
  g_cancellable_cancel (c);
  LescProgress progress;
  lesc_progress_init (&progress, NULL, NULL, c);
  LescOptimizerProblem pr = { 2, rosenbrock, NULL, NULL };
  LescOptimizerOptions o;
  lesc_optimizer_options_init (&o, 2);
  double x[] = { -1.2, 1.0 };
  g_autoptr (GError) error = NULL;
  LescOptimizerReport r;
  g_assert_false (lesc_optimizer_minimize (&pr, &o, x, &progress, &r, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (r.iterations, ==, 1);
}

/* Anderson acceleration on a linear contraction x ← Ax + b (4×4, spectral radius 0.99):
 * with memory 4 it reaches the fixed point (solved directly) to 1e-12 within a few dozen
 * steps, where the plain iteration still misses it by more than 1e-3 after as many. */
static void
test_anderson_linear (void)
{
  const double a[16] = { 0.99, 0.0, 0.0, 0.0,   0.1, 0.9, 0.0, 0.0,
                         0.0, 0.05, 0.7, 0.0,   0.0, 0.0, 0.2, 0.5 };   /* column-major */
  const double b[4] = { 1.0, -2.0, 0.5, 3.0 };
  /* the fixed point: (I − A) x = b */
  double m[16], xs[4];
  for (int e = 0; e < 16; e++)
    m[e] = (e % 5 == 0) - a[e];
  memcpy (xs, b, sizeof xs);
  lapack_int piv[4];
  g_assert_cmpint (LAPACKE_dgesv (LAPACK_COL_MAJOR, 4, 1, m, 4, piv, xs, 4), ==, 0);
  g_autoptr (LescAnderson) aa = lesc_anderson_new (4, 4);
  double x[4] = { 0, 0, 0, 0 }, p[4] = { 0, 0, 0, 0 }, g[4];
  int steps = 0, accelerated = 0;
  double err = INFINITY;
  for (; steps < 40 && err > 1e-12; steps++)
    {
      for (int i = 0; i < 4; i++)
        {
          g[i] = b[i];
          for (int j = 0; j < 4; j++)
            g[i] += a[j * 4 + i] * x[j];
        }
      accelerated += lesc_anderson_step (aa, x, g, x);
      err = 0.0;
      for (int i = 0; i < 4; i++)
        err = fmax (err, fabs (x[i] - xs[i]));
    }
  g_assert_cmpfloat (err, <=, 1e-12);
  g_assert_cmpint (accelerated, ==, steps - 1);   /* the first step is the plain one */
  /* the plain iteration over as many steps */
  for (int s = 0; s < steps; s++)
    {
      for (int i = 0; i < 4; i++)
        {
          g[i] = b[i];
          for (int j = 0; j < 4; j++)
            g[i] += a[j * 4 + i] * p[j];
        }
      memcpy (p, g, sizeof p);
    }
  g_assert_cmpfloat (fabs (p[0] - xs[0]), >, 1e-3);
  /* after a reset the next step is the plain one */
  lesc_anderson_reset (aa);
  g_assert_false (lesc_anderson_step (aa, x, g, p));
  g_assert_cmpmem (p, sizeof p, g, sizeof g);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/anderson/linear", test_anderson_linear);
  g_test_add_func ("/optimizer/cubic-step", test_cubic_step);
  g_test_add_func ("/optimizer/first-iterations-by-hand", test_first_iterations_by_hand);
  g_test_add_func ("/optimizer/bfgs-quadratic", test_bfgs_quadratic);
  g_test_add_func ("/optimizer/rosenbrock", test_rosenbrock);
  g_test_add_func ("/optimizer/lbfgs-and-quadratic-shortcut", test_lbfgs_and_quadratic_shortcut);
  g_test_add_func ("/optimizer/basis-invariance", test_basis_invariance);
  g_test_add_func ("/optimizer/two-loop-threads", test_two_loop_threads);
  g_test_add_func ("/optimizer/cancel", test_cancel);
  return g_test_run ();
}
