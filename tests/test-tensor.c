/* gLESC's tensor step (docs/methods.md §7) against an independent, literal implementation
 * of its update rules (dense DFT by its definition, zgesvd of every n×2 slice in the
 * official loop order, n×n dgesv solves), on small odd-n and even-n problems;
 * SJAFFE's iteration count; error paths and cancel.
 *
 * Yeast-alpha (iterations, seconds, cancel latency) runs only on request:
 *   LESC_TEST_DATASETS=DIR OPENBLAS_NUM_THREADS=2 \
 *     build/tests/test-tensor -m perf -p /tensor/yeast-alpha --verbose */
#include "core/data/dataset.h"
#include "core/base/error.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/solvers/tensor.h"
#include "core/data/matfile.h"
#include "testutil.h"

#include <complex.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

/* ---- the independent reference ---- */

/* c (m×n) = op(a) op(b) by plain loops; lda, ldb are the stored row counts */
static void
ref_matmul (const double *a, gboolean ta, int lda, const double *b, gboolean tb, int ldb,
            double *c, int m, int n, int k)
{
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0.0;
        for (int p = 0; p < k; p++)
          s += (ta ? a[p + i * lda] : a[i + p * lda]) * (tb ? b[j + p * ldb] : b[p + j * ldb]);
        c[i + j * m] = s;
      }
}

/* m ← U max(Σ − τ, 0) Vᵀ by dgesvd */
static void
ref_svt_real (double *m, int n, double tau)
{
  g_autofree double *s = g_new (double, n), *u = g_new (double, n * n), *vt = g_new (double, n * n);
  g_autofree double *superb = g_new (double, n);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'S', 'S', n, n, m, n, s, u, n, vt, n, superb), ==, 0);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        double v = 0.0;
        for (int p = 0; p < n; p++)
          v += u[i + p * n] * MAX (s[p] - tau, 0.0) * vt[p + j * n];
        m[i + j * n] = v;
      }
}

/* wshrinkObj(·, τ, [n n 2], 0, 3): DFT along the row index, per frequency the n×2 slice
 * shrunk by zgesvd, the loop running to int16(n/2 + 1) (rounded half away from zero) when
 * `official_loop`, else to ⌊n/2⌋ + 1; slice n + 2 − i ← conj(slice i); inverse DFT, real part. */
static void
ref_svt_samples (const double *t1, const double *t2, double *g1, double *g2, int n, double tau,
                 gboolean official_loop)
{
  g_autofree double complex *h = g_new (double complex, 2 * n * n); /* h[f + j n + v n²] */
  g_autofree double complex *root = g_new (double complex, n);     /* e^(−2πik/n) */
  for (int k = 0; k < n; k++)
    root[k] = cexp (-2.0 * I * G_PI * (double) k / n);
  const double *t[2] = { t1, t2 };
  for (int v = 0; v < 2; v++)
    for (int j = 0; j < n; j++)
      for (int f = 0; f < n; f++)
        {
          double complex s = 0;
          for (int i = 0; i < n; i++)
            s += t[v][i + j * n] * root[(f * i) % n];
          h[f + j * n + v * n * n] = s;
        }
  int end = official_loop ? (int) round (n / 2.0 + 1.0) : n / 2 + 1;
  g_autofree lapack_complex_double *sl = g_new (lapack_complex_double, 2 * n);
  g_autofree lapack_complex_double *u = g_new (lapack_complex_double, 2 * n);
  lapack_complex_double vt[4];
  double sv[2], superb[1];
  for (int i = 1; i <= end; i++)
    {
      int f = i - 1;
      for (int v = 0; v < 2; v++)
        for (int j = 0; j < n; j++)
          sl[j + v * n] = h[f + j * n + v * n * n];
      g_assert_cmpint (LAPACKE_zgesvd (LAPACK_COL_MAJOR, 'S', 'S', n, 2, sl, n, sv, u, n, vt, 2, superb), ==, 0);
      for (int v = 0; v < 2; v++)
        for (int j = 0; j < n; j++)
          {
            double complex r = 0;
            for (int p = 0; p < 2; p++)
              r += u[j + p * n] * MAX (sv[p] - tau, 0.0) * vt[p + v * 2];
            h[f + j * n + v * n * n] = r;
            if (i >= 2)
              h[(n - f) + j * n + v * n * n] = conj (r);
          }
    }
  double *g[2] = { g1, g2 };
  for (int v = 0; v < 2; v++)
    for (int j = 0; j < n; j++)
      for (int i = 0; i < n; i++)
        {
          double complex s = 0;
          for (int f = 0; f < n; f++)
            s += h[f + j * n + v * n * n] * conj (root[(f * i) % n]);
          g[v][i + j * n] = creal (s) / n;
        }
}

/* §7.3: A = T₁ + T₂, B = T₁ − T₂, matrix SVTs, G₁ = (A + B)/2, G₂ = (A − B)/2 */
static void
ref_svt_views (const double *t1, const double *t2, double *g1, double *g2, int n, double tau)
{
  g_autofree double *a = g_new (double, n * n), *b = g_new (double, n * n);
  for (int i = 0; i < n * n; i++)
    a[i] = t1[i] + t2[i], b[i] = t1[i] - t2[i];
  ref_svt_real (a, n, tau);
  ref_svt_real (b, n, tau);
  for (int i = 0; i < n * n; i++)
    g1[i] = (a[i] + b[i]) / 2, g2[i] = (a[i] - b[i]) / 2;
}

/* max absolute row sum of a rows×cols matrix */
static double
ref_norm_inf (const double *m, int rows, int cols)
{
  double best = 0.0;
  for (int i = 0; i < rows; i++)
    {
      double s = 0.0;
      for (int j = 0; j < cols; j++)
        s += fabs (m[i + j * rows]);
      best = MAX (best, s);
    }
  return best;
}

/* §7.1, literally. Returns the number of iterations; z1, z2 n×n. */
static guint
ref_tensor (const LescMatrix *x, const LescMatrix *l, double beta, gboolean views,
            gboolean official_loop, double *z1, double *z2)
{
  int n = (int) x->rows, dv[2] = { (int) x->cols, (int) l->cols }, dd = dv[0] + dv[1];
  double *xv[2], *y[2], *e[2], *w[2], *g[2], *z[2] = { z1, z2 };
  for (int v = 0; v < 2; v++)
    {
      const LescMatrix *in = v == 0 ? x : l;
      xv[v] = g_new (double, dv[v] * n);                /* X_v = inᵀ */
      for (int i = 0; i < n; i++)
        for (int k = 0; k < dv[v]; k++)
          xv[v][k + i * dv[v]] = LESC_AT (in, i, k);
      y[v] = g_new0 (double, dv[v] * n);
      e[v] = g_new0 (double, dv[v] * n);
      w[v] = g_new0 (double, n * n);
      g[v] = g_new0 (double, n * n);
      memset (z[v], 0, sizeof (double) * n * n);
    }
  g_autofree double *xtx = g_new (double, n * n), *lhs = g_new (double, n * n);
  g_autofree double *rhs = g_new (double, n * n), *tmp = g_new (double, MAX (n, dd) * n);
  g_autofree double *xz = g_new (double, dd * n), *f = g_new (double, dd * n);
  g_autofree double *t1 = g_new (double, n * n), *t2 = g_new (double, n * n);
  g_autofree lapack_int *piv = g_new (lapack_int, n);
  double thr = 1e-7, mu = 1e-4, rho = 1e-4;
  guint it = 0;
  for (;;)
    {
      for (int v = 0; v < 2; v++)
        {
          int d = dv[v];
          /* Z_v ← (I + (μ/ρ)XᵀX)⁻¹ [(XᵀY + μXᵀX − μXᵀE − W)/ρ + G] */
          ref_matmul (xv[v], TRUE, d, xv[v], FALSE, d, xtx, n, n, d);
          g_autofree double *xty = g_new (double, n * n), *xte = g_new (double, n * n);
          ref_matmul (xv[v], TRUE, d, y[v], FALSE, d, xty, n, n, d);
          ref_matmul (xv[v], TRUE, d, e[v], FALSE, d, xte, n, n, d);
          for (int i = 0; i < n * n; i++)
            {
              rhs[i] = (xty[i] + mu * xtx[i] - mu * xte[i] - w[v][i]) / rho + g[v][i];
              lhs[i] = (mu / rho) * xtx[i];
            }
          for (int i = 0; i < n; i++)
            lhs[i + i * n] += 1.0;
          g_assert_cmpint (LAPACKE_dgesv (LAPACK_COL_MAJOR, n, n, lhs, n, piv, rhs, n), ==, 0);
          memcpy (z[v], rhs, sizeof (double) * n * n);
          /* E ← column shrink of [X₁ − X₁Z₁ + Y₁/μ; X₂ − X₂Z₂ + Y₂/μ] */
          for (int u = 0, off = 0; u < 2; off += dv[u], u++)
            {
              ref_matmul (xv[u], FALSE, dv[u], z[u], FALSE, n, tmp, dv[u], n, n);
              for (int j = 0; j < n; j++)
                for (int k = 0; k < dv[u]; k++)
                  f[off + k + j * dd] = xv[u][k + j * dv[u]] - tmp[k + j * dv[u]]
                                        + y[u][k + j * dv[u]] / mu;
            }
          for (int j = 0; j < n; j++)
            {
              double s = 0.0;
              for (int k = 0; k < dd; k++)
                s += f[k + j * dd] * f[k + j * dd];
              double nrm = sqrt (s), gain = nrm > beta / mu ? (nrm - beta / mu) / nrm : 0.0;
              for (int u = 0, off = 0; u < 2; off += dv[u], u++)
                for (int k = 0; k < dv[u]; k++)
                  e[u][k + j * dv[u]] = f[off + k + j * dd] * gain;
            }
          /* Y_v ← Y_v + μ(X_v − X_vZ_v − E_v) */
          ref_matmul (xv[v], FALSE, d, z[v], FALSE, n, tmp, d, n, n);
          for (int i = 0; i < d * n; i++)
            y[v][i] += mu * (xv[v][i] - tmp[i] - e[v][i]);
        }
      for (int i = 0; i < n * n; i++)
        t1[i] = z[0][i] + w[0][i] / rho, t2[i] = z[1][i] + w[1][i] / rho;
      if (views)
        ref_svt_views (t1, t2, g[0], g[1], n, 1.0 / rho);
      else
        ref_svt_samples (t1, t2, g[0], g[1], n, 1.0 / rho, official_loop);
      for (int v = 0; v < 2; v++)
        for (int i = 0; i < n * n; i++)
          w[v][i] += rho * (z[v][i] - g[v][i]);
      gboolean converged = TRUE;
      for (int v = 0; v < 2; v++)
        {
          ref_matmul (xv[v], FALSE, dv[v], z[v], FALSE, n, xz, dv[v], n, n);
          for (int i = 0; i < dv[v] * n; i++)
            xz[i] = xv[v][i] - xz[i] - e[v][i];
          for (int i = 0; i < n * n; i++)
            tmp[i] = z[v][i] - g[v][i];
          if (ref_norm_inf (xz, dv[v], n) > thr || ref_norm_inf (tmp, n, n) > thr)
            converged = FALSE;
        }
      if (it > 200)
        thr = 1.0;
      it++;
      mu = MIN (2.0 * mu, 1e11);
      rho = MIN (2.0 * rho, 1e13);
      if (converged)
        break;
    }
  for (int v = 0; v < 2; v++)
    g_free (xv[v]), g_free (y[v]), g_free (e[v]), g_free (w[v]), g_free (g[v]);
  return it;
}

/* ---- problems ---- */

typedef struct {
  LescMatrix *x, *l;
} Problem;

static Problem
make_problem (gsize n, gsize d, gsize c, guint32 seed)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  g_autoptr (LescMatrix) raw = lesc_matrix_new (n, d);
  for (gsize i = 0; i < n * d; i++)
    raw->data[i] = lesc_random_double (&r) - 0.5;
  Problem p = { lesc_zscore (raw), lesc_matrix_new (n, c) };
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (p.l, i, lesc_random_u32 (&r) % c) = 1.0;   /* at least one relevant label */
      for (gsize j = 0; j < c; j++)
        if (lesc_random_double (&r) < 0.3)
          LESC_AT (p.l, i, j) = 1.0;
    }
  return p;
}

static void
problem_clear (Problem *p)
{
  lesc_matrix_free (p->x);
  lesc_matrix_free (p->l);
}

/* Runs the solver and the reference with the same options; returns the solver's Z₁, Z₂. */
static void
compare (const Problem *p, double beta, gboolean views, gboolean single, LescMatrix **z1,
         LescMatrix **z2)
{
  gsize n = p->x->rows;
  LescTensorOptions opt = { views, single, 0, FALSE };
  LescTensorReport rep;
  g_autoptr (GError) error = NULL;
  g_assert_true (lesc_tensor_step (p->x, p->l, beta, &opt, NULL, &rep, z1, z2, &error));
  g_assert_no_error (error);
  g_autoptr (LescMatrix) r1 = lesc_matrix_new (n, n);
  g_autoptr (LescMatrix) r2 = lesc_matrix_new (n, n);
  guint it = ref_tensor (p->x, p->l, beta, views, !single, r1->data, r2->data);
  double d1 = lesc_matrix_max_abs_diff (*z1, r1), d2 = lesc_matrix_max_abs_diff (*z2, r2);
  g_test_message ("n = %zu, d = %zu, c = %zu, %s%s: %u iterations (reference %u); "
                  "|ΔZ₁| %.1e, |ΔZ₂| %.1e", n, p->x->cols, p->l->cols,
                  views ? "views" : "samples", single ? ", single shrink" : "", rep.iterations, it, d1, d2);
  g_assert_cmpuint (rep.iterations, ==, it);
  g_assert_cmpfloat (d1, <, 1e-10);
  g_assert_cmpfloat (d2, <, 1e-10);
}

static double
max_abs (const LescMatrix *m)
{
  double best = 0.0;
  for (gsize i = 0; i < m->rows * m->cols; i++)
    best = MAX (best, fabs (m->data[i]));
  return best;
}

static void
test_odd (void)
{
  Problem p = make_problem (7, 3, 2, 11);
  g_autoptr (LescMatrix) a1 = NULL, a2 = NULL, b1 = NULL, b2 = NULL, c1 = NULL, c2 = NULL;
  compare (&p, 1.0, FALSE, FALSE, &a1, &a2);
  g_assert_cmpfloat (max_abs (a1), >, 0.05);   /* a non-trivial Z in both views */
  g_assert_cmpfloat (max_abs (a2), >, 0.05);
  /* the odd-n double shrink matters, and turning it off matches the plain loop */
  compare (&p, 1.0, FALSE, TRUE, &b1, &b2);
  double delta = MAX (lesc_matrix_max_abs_diff (a1, b1), lesc_matrix_max_abs_diff (a2, b2));
  g_test_message ("odd n: double vs single shrink differ by %.2e", delta);
  g_assert_cmpfloat (delta, >, 1e-6);
  compare (&p, 1.0, TRUE, FALSE, &c1, &c2);
  g_assert_cmpfloat (MAX (lesc_matrix_max_abs_diff (a1, c1), lesc_matrix_max_abs_diff (a2, c2)), >, 1e-6);
  problem_clear (&p);
}

static void
test_even (void)
{
  Problem p = make_problem (8, 3, 2, 12);
  g_autoptr (LescMatrix) a1 = NULL, a2 = NULL, b1 = NULL, b2 = NULL, c1 = NULL, c2 = NULL;
  compare (&p, 1.0, FALSE, FALSE, &a1, &a2);
  g_assert_cmpfloat (max_abs (a1), >, 0.05);
  g_assert_cmpfloat (max_abs (a2), >, 0.05);
  /* even n: the odd-n option changes nothing */
  compare (&p, 1.0, FALSE, TRUE, &b1, &b2);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (a1, b1), ==, 0.0);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (a2, b2), ==, 0.0);
  compare (&p, 1.0, TRUE, FALSE, &c1, &c2);
  problem_clear (&p);
}

/* more features than samples: the n×n Cholesky path for the feature view */
static void
test_wide (void)
{
  Problem p = make_problem (5, 8, 2, 13);
  g_autoptr (LescMatrix) a1 = NULL, a2 = NULL, b1 = NULL, b2 = NULL;
  compare (&p, 10.0, FALSE, FALSE, &a1, &a2);
  g_assert_cmpfloat (max_abs (a1), >, 0.05);
  compare (&p, 10.0, TRUE, FALSE, &b1, &b2);
  problem_clear (&p);
}

/* 151 samples: two blocks of frequencies and four row panels, with the hand-written
 * kernels (d ≤ 8) and with BLAS (d = 12); n ≥ d for both. */
static void
test_blocks (void)
{
  Problem small = make_problem (151, 3, 2, 16), wide = make_problem (151, 12, 9, 17);
  g_autoptr (LescMatrix) a1 = NULL, a2 = NULL, b1 = NULL, b2 = NULL;
  compare (&small, 1.0, FALSE, FALSE, &a1, &a2);
  g_assert_cmpfloat (max_abs (a1), >, 0.05);
  compare (&wide, 1.0, FALSE, FALSE, &b1, &b2);
  g_assert_cmpfloat (max_abs (b1), >, 0.05);
  problem_clear (&small);
  problem_clear (&wide);
}

/* Every sum runs in an order fixed by the problem, so the thread count does not change a
 * bit of the result (n = 600: the automatic choice would be threads). */
static void
test_threads (void)
{
  const gsize feature_counts[] = { 3, 12 };
  for (gsize k = 0; k < G_N_ELEMENTS (feature_counts); k++)
    {
      Problem p = make_problem (600, feature_counts[k], 5, 18 + (guint32) k);
      g_autoptr (LescMatrix) r1 = NULL, r2 = NULL;
      for (guint threads = 1; threads <= 3; threads++)
        {
          LescTensorOptions opt = { FALSE, FALSE, threads, FALSE };
          LescTensorReport rep;
          g_autoptr (GError) error = NULL;
          LescMatrix *z1 = NULL, *z2 = NULL;
          g_assert_true (lesc_tensor_step (p.x, p.l, 10.0, &opt, NULL, &rep, &z1, &z2, &error));
          g_assert_no_error (error);
          if (r1 == NULL)
            {
              r1 = z1, r2 = z2;
              g_assert_cmpfloat (max_abs (r1), >, 0.01);
              continue;
            }
          g_test_message ("d = %zu, %u threads: %u iterations", feature_counts[k], threads, rep.iterations);
          g_assert_cmpfloat (lesc_matrix_max_abs_diff (z1, r1), ==, 0.0);
          g_assert_cmpfloat (lesc_matrix_max_abs_diff (z2, r2), ==, 0.0);
          lesc_matrix_free (z1);
          lesc_matrix_free (z2);
        }
      problem_clear (&p);
    }
}

/* `average` gives (Z₁ + Z₂)/2 from the spectra in one output (gLESC's C). */
static void
test_average (void)
{
  Problem p = make_problem (151, 3, 2, 19);
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) z1 = NULL, z2 = NULL, c = NULL, none = NULL;
  g_assert_true (lesc_tensor_step (p.x, p.l, 1.0, NULL, NULL, NULL, &z1, &z2, &error));
  LescTensorOptions opt = { FALSE, FALSE, 0, TRUE };
  g_assert_true (lesc_tensor_step (p.x, p.l, 1.0, &opt, NULL, NULL, &c, &none, &error));
  g_assert_no_error (error);
  g_assert_null (none);
  double worst = 0.0;
  for (gsize i = 0; i < c->rows * c->cols; i++)
    worst = MAX (worst, fabs (c->data[i] - 0.5 * (z1->data[i] + z2->data[i])));
  g_test_message ("|C − (Z₁ + Z₂)/2| ≤ %.1e", worst);
  g_assert_cmpfloat (worst, <, 1e-14);
  g_assert_cmpfloat (max_abs (c), >, 0.01);
  g_assert_cmpfloat (lesc_tensor_memory_estimate_for (2465, 24, 18, &opt), <,
                     lesc_tensor_memory_estimate (2465, 24, 18) - 8.0 * 0.9 * 2465 * 2465);
  problem_clear (&p);
}

static void
test_errors (void)
{
  Problem p = make_problem (6, 3, 2, 14);
  g_autoptr (LescMatrix) short_l = lesc_matrix_new (5, 2);
  g_autoptr (GError) error = NULL;
  LescMatrix *z1 = NULL, *z2 = NULL;
  g_assert_false (lesc_tensor_step (p.x, short_l, 10.0, NULL, NULL, NULL, &z1, &z2, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_nonnull (strstr (error->message, "5 rows, expected 6"));
  g_clear_error (&error);
  g_assert_false (lesc_tensor_step (p.x, p.l, -1.0, NULL, NULL, NULL, &z1, &z2, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  LESC_AT (p.l, 4, 1) = NAN;
  g_assert_false (lesc_tensor_step (p.x, p.l, 10.0, NULL, NULL, NULL, &z1, &z2, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_nonnull (strstr (error->message, "logical labels l"));
  g_assert_null (z1);
  g_assert_null (z2);
  problem_clear (&p);
}

static void
cancel_on_report (double fraction, const char *stage, gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));
}

static void
test_cancel (void)
{
  Problem p = make_problem (9, 3, 2, 15);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  LescProgress prog;
  lesc_progress_init (&prog, cancel_on_report, cancel, cancel);
  g_autoptr (GError) error = NULL;
  LescMatrix *z1 = NULL, *z2 = NULL;
  g_assert_false (lesc_tensor_step (p.x, p.l, 10.0, NULL, &prog, NULL, &z1, &z2, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (z1);
  problem_clear (&p);
}

static void
test_memory_estimate (void)
{
  double n = 2465;
  double est = lesc_tensor_memory_estimate (2465, 24, 18);
  g_assert_cmpfloat (est, >, 8.0 * 6.0 * n * n);   /* 2 spectra per view (n² each) and the outputs */
  g_assert_cmpfloat (est, <, 8.0 * 7.0 * n * n);
  LescTensorOptions views = { TRUE, FALSE };
  g_assert_cmpfloat (lesc_tensor_memory_estimate_for (2465, 24, 18, &views), >, est + 8.0 * 5.0 * n * n);
  /* a view with at least as many rows as samples keeps an n×n factor */
  g_assert_cmpfloat (lesc_tensor_memory_estimate (213, 243, 6), >, 8.0 * 9.0 * 213 * 213);
}

static Problem
load_problem (const char *file)
{
  Problem p = { NULL, NULL };
  g_autofree char *path = lesc_test_dataset_path (file);
  if (path == NULL)
    return p;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  p.x = lesc_zscore (ds->features);
  p.l = lesc_matrix_copy (ds->logical);
  return p;
}

/* SJAFFE, β = 10 (the demo): 39 iterations (tests/reference/official-code-runs.csv, docs/methods.md §7.1). */
static void
test_sjaffe (void)
{
  Problem p = load_problem ("sjaffe.mat");
  if (p.x == NULL)
    return;
  LescTensorReport rep;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) z1 = NULL, z2 = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_assert_true (lesc_tensor_step (p.x, p.l, 10.0, NULL, NULL, &rep, &z1, &z2, &error));
  g_assert_no_error (error);
  g_test_message ("SJAFFE tensor step: %u iterations, %.2f s", rep.iterations,
                  (g_get_monotonic_time () - t0) / 1e6);
  g_assert_cmpuint (rep.iterations, ==, 39);
  problem_clear (&p);
}

typedef struct {
  GCancellable *cancel;
  gint64 cancelled_at;
} CancelLater;

static gpointer
cancel_after_a_second (gpointer data)
{
  CancelLater *c = data;
  g_usleep (G_USEC_PER_SEC);
  c->cancelled_at = g_get_monotonic_time ();
  g_cancellable_cancel (c->cancel);
  return NULL;
}

/* Yeast-alpha (n = 2465), perf mode only: 36 iterations (§7.1), the time, and how fast a
 * cancel one second into the run returns. */
static void
test_yeast_alpha (void)
{
  if (!g_test_perf ())
    {
      g_test_skip ("a benchmark: run with -m perf");
      return;
    }
  Problem p = load_problem ("yeast-alpha.mat");
  if (p.x == NULL)
    return;
  LescTensorReport rep;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescMatrix) z1 = NULL, z2 = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_assert_true (lesc_tensor_step (p.x, p.l, 10.0, NULL, NULL, &rep, &z1, &z2, &error));
  g_assert_no_error (error);
  double seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_test_message ("Yeast-alpha tensor step: %u iterations, %.2f s", rep.iterations, seconds);
  g_test_minimized_result (seconds, "Yeast-alpha tensor step: %.2f s", seconds);
  g_assert_cmpuint (rep.iterations, ==, 36);

  /* cancel after 1 s from another thread */
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  CancelLater later = { cancel, 0 };
  GThread *thread = g_thread_new ("cancel", cancel_after_a_second, &later);
  LescProgress prog;
  lesc_progress_init (&prog, NULL, NULL, cancel);
  LescMatrix *c1 = NULL, *c2 = NULL;
  g_assert_false (lesc_tensor_step (p.x, p.l, 10.0, NULL, &prog, NULL, &c1, &c2, &error));
  gint64 returned = g_get_monotonic_time ();
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_thread_join (thread);
  g_test_message ("Yeast-alpha tensor step: cancel returned after %.0f ms",
                  (returned - later.cancelled_at) / 1e3);
  problem_clear (&p);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tensor/reference/odd", test_odd);
  g_test_add_func ("/tensor/reference/even", test_even);
  g_test_add_func ("/tensor/reference/wide", test_wide);
  g_test_add_func ("/tensor/reference/blocks", test_blocks);
  g_test_add_func ("/tensor/threads", test_threads);
  g_test_add_func ("/tensor/average", test_average);
  g_test_add_func ("/tensor/errors", test_errors);
  g_test_add_func ("/tensor/cancel", test_cancel);
  g_test_add_func ("/tensor/memory-estimate", test_memory_estimate);
  g_test_add_func ("/tensor/sjaffe", test_sjaffe);
  g_test_add_func ("/tensor/yeast-alpha", test_yeast_alpha);
  return g_test_run ();
}
