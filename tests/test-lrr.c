/* LRR (docs/methods.md §6): the row-space solve against an independent full n×n solve,
 * the residual tolerance, SJAFFE's rank and convergence, error paths. */
#include "core/data/dataset.h"
#include "core/base/error.h"
#include "core/solvers/lrr.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/data/matfile.h"
#include "testutil.h"
#include "testrandom.h"

#include <lapacke.h>
#include <math.h>
#include <string.h>

/* ---- the independent reference: lrra on the full problem, B = A (q×n), Z n×n ---- */

static void
ref_matmul (const double *a, gboolean ta, const double *b, gboolean tb, double *c,
            int m, int n, int k, int lda, int ldb)
{
  /* c (m×n) = op(a) op(b), plain loops */
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      {
        double s = 0.0;
        for (int p = 0; p < k; p++)
          s += (ta ? a[p + i * lda] : a[i + p * lda]) * (tb ? b[j + p * ldb] : b[p + j * ldb]);
        c[i + j * m] = s;
      }
}

/* m (rows×cols) ← U max(Σ − τ, 0) Vᵀ by dgesvd */
static void
ref_svt (double *m, int rows, int cols, double tau)
{
  int k = MIN (rows, cols);
  g_autofree double *s = g_new (double, k);
  g_autofree double *u = g_new (double, rows * k);
  g_autofree double *vt = g_new (double, k * cols);
  g_autofree double *superb = g_new (double, k);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'S', 'S', rows, cols, m, rows, s, u, rows,
                                   vt, k, superb), ==, 0);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      {
        double v = 0.0;
        for (int p = 0; p < k; p++)
          if (s[p] > tau)
            v += u[i + p * rows] * (s[p] - tau) * vt[p + j * k];
        m[i + j * rows] = v;
      }
}

/* Full-problem inexact ALM (lrra with X = A, dictionary A), constants of §6. */
static void
ref_lrr_full (const LescMatrix *x, double lambda, double *z, double *e)
{
  int n = (int) x->rows, q = (int) x->cols;
  g_autofree double *a = g_new (double, q * n);      /* A = xᵀ */
  for (int i = 0; i < n; i++)
    for (int j = 0; j < q; j++)
      a[j + i * q] = LESC_AT (x, i, j);
  g_autofree double *inv = g_new0 (double, n * n);   /* (AᵀA + I)⁻¹ by dgesv */
  g_autofree double *ata = g_new (double, n * n);
  ref_matmul (a, TRUE, a, FALSE, ata, n, n, q, q, q);
  for (int i = 0; i < n; i++)
    {
      ata[i + i * n] += 1.0;
      inv[i + i * n] = 1.0;
    }
  g_autofree lapack_int *piv = g_new (lapack_int, n);
  g_assert_cmpint (LAPACKE_dgesv (LAPACK_COL_MAJOR, n, n, ata, n, piv, inv, n), ==, 0);
  g_autofree double *atx = g_new (double, n * n);
  ref_matmul (a, TRUE, a, FALSE, atx, n, n, q, q, q);
  g_autofree double *j = g_new0 (double, n * n);
  g_autofree double *y1 = g_new0 (double, q * n);
  g_autofree double *y2 = g_new0 (double, n * n);
  g_autofree double *rhs = g_new (double, n * n);
  g_autofree double *tmp = g_new (double, MAX (n, q) * n);
  g_autofree double *xmaz = g_new (double, q * n);
  memset (z, 0, sizeof (double) * n * n);
  memset (e, 0, sizeof (double) * q * n);
  double mu = 1e-6;
  for (int it = 0; it < 1000000; it++)
    {
      for (int i = 0; i < n * n; i++)
        j[i] = z[i] + y2[i] / mu;
      ref_svt (j, n, n, 1.0 / mu);
      /* Z = inv (AᵀX − AᵀE + J + (AᵀY₁ − Y₂)/μ) */
      g_autofree double *ate = g_new (double, n * n);
      g_autofree double *aty = g_new (double, n * n);
      ref_matmul (a, TRUE, e, FALSE, ate, n, n, q, q, q);
      ref_matmul (a, TRUE, y1, FALSE, aty, n, n, q, q, q);
      for (int i = 0; i < n * n; i++)
        rhs[i] = atx[i] - ate[i] + j[i] + (aty[i] - y2[i]) / mu;
      ref_matmul (inv, FALSE, rhs, FALSE, z, n, n, n, n, n);
      ref_matmul (a, FALSE, z, FALSE, tmp, q, n, n, q, n);
      for (int i = 0; i < q * n; i++)
        xmaz[i] = a[i] - tmp[i];
      for (int c = 0; c < n; c++)
        {
          double s = 0.0;
          for (int r = 0; r < q; r++)
            s += pow (xmaz[r + c * q] + y1[r + c * q] / mu, 2);
          double nrm = sqrt (s), g = nrm > lambda / mu ? (nrm - lambda / mu) / nrm : 0.0;
          for (int r = 0; r < q; r++)
            e[r + c * q] = (xmaz[r + c * q] + y1[r + c * q] / mu) * g;
        }
      double stop = 0.0;
      for (int i = 0; i < q * n; i++)
        stop = MAX (stop, fabs (xmaz[i] - e[i]));
      for (int i = 0; i < n * n; i++)
        stop = MAX (stop, fabs (z[i] - j[i]));
      if (stop < 1e-8)
        return;
      for (int i = 0; i < q * n; i++)
        y1[i] += mu * (xmaz[i] - e[i]);
      for (int i = 0; i < n * n; i++)
        y2[i] += mu * (z[i] - j[i]);
      mu = MIN (1e10, 1.1 * mu);
    }
  g_assert_not_reached ();
}

/* ---- helpers ---- */

static LescMatrix *
random_features (gsize n, gsize q, guint32 seed)
{
  LescRandom r;
  lesc_random_init (&r, seed);
  g_autoptr (LescMatrix) raw = lesc_matrix_new (n, q);
  for (gsize i = 0; i < n * q; i++)
    raw->data[i] = lesc_random_double (&r) - 0.5;
  return lesc_zscore (raw);
}

/* max |xᵀ − xᵀZ − E| from the outputs */
static double
constraint_residual (const LescMatrix *x, const LescMatrix *z, const LescMatrix *e)
{
  gsize n = x->rows, q = x->cols;
  double m = 0.0;
  for (gsize k = 0; k < q; k++)
    for (gsize j = 0; j < n; j++)
      {
        double v = LESC_AT (x, j, k) - LESC_AT (e, k, j);
        for (gsize i = 0; i < n; i++)
          v -= LESC_AT (x, i, k) * LESC_AT (z, i, j);
        m = MAX (m, fabs (v));
      }
  return m;
}

static void
check_against_full (gsize n, gsize q, double lambda, gsize expected_rank)
{
  g_autoptr (LescMatrix) x = random_features (n, q, 7 + (guint32) n);
  g_autoptr (GError) error = NULL;
  LescLrrReport rep;
  g_autoptr (LescMatrix) e = NULL;
  g_autoptr (LescMatrix) z = lesc_lrr (x, lambda, NULL, &rep, &e, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (z->rows, ==, n);
  g_assert_cmpuint (z->cols, ==, n);
  g_assert_cmpuint (e->rows, ==, q);
  g_assert_cmpuint (e->cols, ==, n);
  g_assert_cmpuint (rep.rank, ==, expected_rank);
  g_assert_cmpfloat (rep.residual, <, 1e-8);
  g_assert_cmpfloat (constraint_residual (x, z, e), <, 1e-8);

  g_autoptr (LescMatrix) zf = lesc_matrix_new (n, n);
  g_autoptr (LescMatrix) ef = lesc_matrix_new (q, n);
  ref_lrr_full (x, lambda, zf->data, ef->data);
  double dz = lesc_matrix_max_abs_diff (z, zf), de = lesc_matrix_max_abs_diff (e, ef);
  g_test_message ("n = %zu, q = %zu: %u iterations; row-space vs full: Z %.2e, E %.2e", n, q,
                  rep.iterations, dz, de);
  g_assert_cmpfloat (dz, <, 1e-6);
  g_assert_cmpfloat (de, <, 1e-6);
  /* a non-trivial solution: neither Z nor E vanishes */
  double zmax = 0.0, emax = 0.0;
  for (gsize i = 0; i < n * n; i++)
    zmax = MAX (zmax, fabs (z->data[i]));
  for (gsize i = 0; i < q * n; i++)
    emax = MAX (emax, fabs (e->data[i]));
  g_assert_cmpfloat (zmax, >, 0.05);
  g_assert_cmpfloat (emax, >, 0.05);
}

static void
test_full_tall (void)
{
  check_against_full (40, 8, 0.1, 8);   /* n > q: r = q */
}

static void
test_full_wide (void)
{
  check_against_full (12, 30, 0.2, 11); /* n < q: centred data, r = n − 1 */
}

static void
test_zero_features (void)
{
  g_autoptr (LescMatrix) x = lesc_matrix_new (5, 3);
  g_autoptr (GError) error = NULL;
  LescLrrReport rep;
  g_autoptr (LescMatrix) e = NULL;
  g_autoptr (LescMatrix) z = lesc_lrr (x, 0.1, NULL, &rep, &e, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rep.rank, ==, 0);
  for (gsize i = 0; i < 25; i++)
    g_assert_cmpfloat (z->data[i], ==, 0.0);
  for (gsize i = 0; i < 15; i++)
    g_assert_cmpfloat (e->data[i], ==, 0.0);
}

static void
test_errors (void)
{
  g_autoptr (LescMatrix) x = random_features (6, 3, 1);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_lrr (x, 0.0, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_null (lesc_lrr (x, NAN, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_USAGE);
  g_clear_error (&error);
  LESC_AT (x, 2, 1) = INFINITY;
  g_assert_null (lesc_lrr (x, 0.1, NULL, NULL, NULL, &error));
  g_assert_error (error, LESC_ERROR, LESC_ERROR_DATA);
  g_assert_nonnull (strstr (error->message, "row 3, column 2"));
}

static void
test_cancel (void)
{
  g_autoptr (LescMatrix) x = random_features (30, 6, 3);
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  g_cancellable_cancel (cancel);
  LescProgress p;
  lesc_progress_init (&p, NULL, NULL, cancel);
  g_autoptr (GError) error = NULL;
  g_assert_null (lesc_lrr (x, 0.1, &p, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
test_memory_estimate (void)
{
  /* at least Z (n×n) and the q×n ALM state */
  g_assert_cmpfloat (lesc_lrr_memory_estimate (2465, 24), >, 8.0 * (2465.0 * 2465 + 5 * 24 * 2465));
  g_assert_cmpfloat (lesc_lrr_memory_estimate (2465, 24), <, 8.0 * 2.0 * 2465.0 * 2465);
}

/* ---- the closed form while E = 0, the certificates, the Gram-route SVT ---- */

/* ‖Z‖_* + λ₂‖E‖₂,₁ by dgesvd */
static double
objective (const LescMatrix *z, const LescMatrix *e, double lambda)
{
  gsize n = z->rows;
  g_autofree double *a = g_memdup2 (z->data, n * n * sizeof (double));
  g_autofree double *s = g_new (double, n), *superb = g_new (double, n);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'N', 'N', (int) n, (int) n, a, (int) n, s,
                                   NULL, 1, NULL, 1, superb), ==, 0);
  double f = 0.0;
  for (gsize i = 0; i < n; i++)
    f += s[i];
  for (gsize j = 0; j < e->cols; j++)
    {
      double c = 0.0;
      for (gsize i = 0; i < e->rows; i++)
        c += LESC_AT (e, i, j) * LESC_AT (e, i, j);
      f += lambda * sqrt (c);
    }
  return f;
}

/* U_r (n×r, dgesvd) and the range certificate max_j ‖Σ⁻¹U_rᵀeⱼ‖, by hand */
static LescMatrix *
basis_by_hand (const LescMatrix *x, gsize r, double *certificate)
{
  gsize n = x->rows, q = x->cols, k = MIN (n, q);
  g_autofree double *a = g_memdup2 (x->data, n * q * sizeof (double));
  g_autofree double *s = g_new (double, k), *vt = g_new (double, k * q);
  g_autofree double *superb = g_new (double, k);
  g_autoptr (LescMatrix) u = lesc_matrix_new (n, k);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'S', 'S', (int) n, (int) q, a, (int) n, s,
                                   u->data, (int) n, vt, (int) k, superb), ==, 0);
  *certificate = 0.0;
  for (gsize j = 0; j < n; j++)
    {
      double c = 0.0;
      for (gsize i = 0; i < r; i++)
        c += pow (LESC_AT (u, j, i) / s[i], 2);
      *certificate = MAX (*certificate, sqrt (c));
    }
  u->cols = r;
  return g_steal_pointer (&u);
}

/* For random feasible directions (Z + Δ, E − AΔ) the objective does not fall below f's:
 * the convex problem's optimum, checked from outside. */
static void
assert_no_better_neighbour (const LescMatrix *x, const LescMatrix *z, const LescMatrix *e,
                            double lambda)
{
  gsize n = x->rows, q = x->cols;
  double f = objective (z, e, lambda);
  for (guint t = 0; t < 40; t++)
    {
      double scale = t % 2 ? 1e-4 : 0.3;
      g_autofree double *d = lesc_test_uniform (n * n, 100 + t);
      g_autoptr (LescMatrix) z2 = lesc_matrix_copy (z);
      g_autoptr (LescMatrix) e2 = lesc_matrix_copy (e);
      for (gsize i = 0; i < n * n; i++)
        z2->data[i] += scale * d[i];
      for (gsize k = 0; k < q; k++)           /* E − AΔ keeps A = AZ + E */
        for (gsize j = 0; j < n; j++)
          {
            double v = 0.0;
            for (gsize i = 0; i < n; i++)
              v += LESC_AT (x, i, k) * scale * d[i + j * n];
            LESC_AT (e2, k, j) -= v;
          }
      g_assert_cmpfloat (objective (z2, e2, lambda), >=, f - 1e-10 * MAX (f, 1.0));
    }
}

/* Random 30×6 features (r = 6): the range certificate by hand; above it the certified
 * optimum Z = QQᵀ, E = 0, which no feasible neighbour beats; below it the ALM. */
static void
test_certificate_range (void)
{
  g_autoptr (LescMatrix) x = random_features (30, 6, 11);
  gsize n = 30;
  double c;
  g_autoptr (LescMatrix) u = basis_by_hand (x, 6, &c);
  g_autoptr (GError) error = NULL;
  LescLrrOptions certified = { .certified = TRUE };
  LescLrrReport rep;
  g_autoptr (LescLrrFactors) f = lesc_lrr_solve (x, 2.0 * c, &certified, TRUE, NULL, &rep, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (rep.range_certificate - c), <=, 1e-12 * c);
  g_assert_cmpint (rep.route, ==, LESC_LRR_RANGE);
  g_assert_cmpuint (rep.iterations, ==, 0);
  g_autoptr (LescMatrix) z = lesc_lrr_factors_product (f, &error);
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < n; j++)
      {
        double p = 0.0;
        for (gsize l = 0; l < 6; l++)
          p += LESC_AT (u, i, l) * LESC_AT (u, j, l);
        g_assert_cmpfloat (fabs (LESC_AT (z, i, j) - p), <=, 1e-13);
      }
  for (gsize i = 0; i < f->e->rows * f->e->cols; i++)
    g_assert_cmpfloat (f->e->data[i], ==, 0.0);
  g_assert_cmpfloat (fabs (objective (z, f->e, 2.0 * c) - 6.0), <=, 1e-12);
  assert_no_better_neighbour (x, z, f->e, 2.0 * c);

  /* the ALM (the default) reports the same certificate and does not beat the optimum */
  LescLrrReport alm;
  g_autoptr (LescMatrix) ea = NULL;
  g_autoptr (LescMatrix) za = lesc_lrr (x, 2.0 * c, NULL, &alm, &ea, &error);
  g_assert_no_error (error);
  g_assert_cmpint (alm.route, ==, LESC_LRR_ALM);
  g_assert_cmpfloat (alm.range_certificate, ==, rep.range_certificate);
  g_assert_cmpfloat (objective (za, ea, 2.0 * c), >=, 6.0 - 1e-7);

  /* below the certificate: the ALM whatever the option, the same bits */
  LescLrrReport below;
  g_autoptr (LescLrrFactors) fb = lesc_lrr_solve (x, 0.5 * c, &certified, FALSE, NULL, &below,
                                                  &error);
  g_autoptr (LescLrrFactors) fd = lesc_lrr_solve (x, 0.5 * c, NULL, FALSE, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (below.route, ==, LESC_LRR_ALM);
  g_assert_cmpuint (below.iterations, >, 0);
  g_assert_cmpmem (fb->coefficients->data, 6 * n * sizeof (double), fd->coefficients->data,
                   6 * n * sizeof (double));
}

/* The zero certificate: ‖BᵀÂ‖₂ = ‖AᵀÂ‖₂ by hand; below 1/‖AᵀÂ‖₂ the certified optimum
 * Z = 0, E = A, which no feasible neighbour beats. */
static void
test_certificate_zero (void)
{
  gsize n = 30, q = 6;
  g_autoptr (LescMatrix) x = random_features (n, q, 12);
  /* AᵀÂ = x x̂ᵀ, x̂ with unit rows */
  g_autoptr (LescMatrix) m = lesc_matrix_new (n, n);
  g_autofree double *norm = g_new0 (double, n);
  for (gsize j = 0; j < n; j++)
    {
      for (gsize k = 0; k < q; k++)
        norm[j] += LESC_AT (x, j, k) * LESC_AT (x, j, k);
      norm[j] = sqrt (norm[j]);
    }
  for (gsize i = 0; i < n; i++)
    for (gsize j = 0; j < n; j++)
      for (gsize k = 0; k < q; k++)
        LESC_AT (m, i, j) += LESC_AT (x, i, k) * LESC_AT (x, j, k) / norm[j];
  g_autofree double *s = g_new (double, n), *superb = g_new (double, n);
  g_assert_cmpint (LAPACKE_dgesvd (LAPACK_COL_MAJOR, 'N', 'N', (int) n, (int) n, m->data, (int) n,
                                   s, NULL, 1, NULL, 1, superb), ==, 0);
  double lambda = 0.5 / s[0];
  g_autoptr (GError) error = NULL;
  LescLrrOptions certified = { .certified = TRUE };
  LescLrrReport rep;
  g_autoptr (LescLrrFactors) f = lesc_lrr_solve (x, lambda, &certified, TRUE, NULL, &rep, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (fabs (rep.zero_certificate - s[0]), <=, 1e-12 * s[0]);
  g_assert_cmpint (rep.route, ==, LESC_LRR_ZERO);
  g_autoptr (LescMatrix) z = lesc_lrr_factors_product (f, &error);
  for (gsize i = 0; i < n * n; i++)
    g_assert_cmpfloat (z->data[i], ==, 0.0);
  for (gsize k = 0; k < q; k++)
    for (gsize j = 0; j < n; j++)
      g_assert_cmpfloat (LESC_AT (f->e, k, j), ==, LESC_AT (x, j, k));
  assert_no_better_neighbour (x, z, f->e, lambda);
  /* well above it: not computed (a column norm already rules it out) */
  LescLrrReport above;
  g_autoptr (LescLrrFactors) fa = lesc_lrr_solve (x, 1e3 / s[0], &certified, FALSE, NULL, &above,
                                                  &error);
  g_assert_true (isnan (above.zero_certificate));
  g_assert_cmpint (above.route, !=, LESC_LRR_ZERO);
}

/* While E = 0 the ALM runs in closed form; where it stays there to the end (λ₂ large) it
 * ends at the projector, as the independent full n×n ALM does; where E becomes non-zero
 * the matrix form takes over and still agrees with it. */
static void
test_closed_form (void)
{
  const struct { gsize n, q; double lambda; gboolean to_the_end; } cases[] = {
    { 40, 8, 10.0, TRUE }, { 40, 8, 0.1, FALSE }, { 12, 30, 0.2, FALSE },
  };
  for (guint t = 0; t < G_N_ELEMENTS (cases); t++)
    {
      gsize n = cases[t].n, q = cases[t].q;
      g_autoptr (LescMatrix) x = random_features (n, q, 7 + (guint32) n);
      g_autoptr (GError) error = NULL;
      LescLrrReport rep;
      g_autoptr (LescMatrix) e = NULL;
      g_autoptr (LescMatrix) z = lesc_lrr (x, cases[t].lambda, NULL, &rep, &e, &error);
      g_assert_no_error (error);
      g_autoptr (LescMatrix) zf = lesc_matrix_new (n, n);
      g_autoptr (LescMatrix) ef = lesc_matrix_new (q, n);
      ref_lrr_full (x, cases[t].lambda, zf->data, ef->data);
      double dz = lesc_matrix_max_abs_diff (z, zf), de = lesc_matrix_max_abs_diff (e, ef);
      g_test_message ("n = %zu, q = %zu, lambda2 = %g: %u iterations, %u in closed form; vs full: "
                      "Z %.2e, E %.2e", n, q, cases[t].lambda, rep.iterations,
                      rep.closed_form_iterations, dz, de);
      g_assert_cmpuint (rep.closed_form_iterations, >, 0);
      if (cases[t].to_the_end)
        {
          g_assert_cmpuint (rep.closed_form_iterations, ==, rep.iterations);
          g_assert_cmpuint (rep.svt_skipped + rep.svt_gram + rep.svt_direct, ==, 0);
          g_assert_cmpfloat (dz, <, 1e-9);
          for (gsize i = 0; i < q * n; i++)
            g_assert_cmpfloat (e->data[i], ==, 0.0);
        }
      else
        {
          g_assert_cmpuint (rep.closed_form_iterations, <, rep.iterations);
          g_assert_cmpfloat (dz, <, 1e-6);
          g_assert_cmpfloat (de, <, 1e-6);
        }
      g_assert_cmpfloat (rep.residual, <, 1e-8);
      g_assert_cmpfloat (constraint_residual (x, z, e), <, 1e-8);
    }
}

/* SJAFFE, z-scored, λ₂ = 0.1: r = 211 (the official-code-runs.csv LESC row) and convergence. */
static void
test_sjaffe (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  LescLrrReport rep;
  g_autoptr (LescMatrix) e = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescMatrix) z = lesc_lrr (x, 0.1, NULL, &rep, &e, &error);
  double seconds = (g_get_monotonic_time () - t0) / 1e6;
  g_assert_no_error (error);
  g_test_message ("SJAFFE LRR: rank %zu, %u iterations, residual %.2e, %.2f s", rep.rank,
                  rep.iterations, rep.residual, seconds);
  g_assert_cmpuint (rep.rank, ==, 211);
  g_assert_cmpfloat (rep.residual, <, 1e-8);
  g_assert_cmpuint (rep.iterations, <, 1000);
  g_assert_cmpfloat (constraint_residual (x, z, e), <, 1e-8);
}

/* SJAFFE: the Gram-route SVT against the direct SVD (same iterations, Z within a tenth of
 * the tolerance); at λ₂ = 10 the ALM stays in closed form and ends at the certified
 * projector. */
static void
test_sjaffe_routes (void)
{
  g_autofree char *path = lesc_test_dataset_path ("sjaffe.mat");
  if (path == NULL)
    return;
  g_autoptr (GError) error = NULL;
  g_autoptr (LescDataset) ds = lesc_dataset_load_mat (path, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) x = lesc_zscore (ds->features);
  LescLrrReport gram, direct;
  LescLrrOptions o = { .direct_svd = TRUE };
  g_autoptr (LescLrrFactors) fg = lesc_lrr_solve (x, 0.1, NULL, TRUE, NULL, &gram, &error);
  g_autoptr (LescLrrFactors) fd = lesc_lrr_solve (x, 0.1, &o, TRUE, NULL, &direct, &error);
  g_assert_no_error (error);
  g_autoptr (LescMatrix) zg = lesc_lrr_factors_product (fg, &error);
  g_autoptr (LescMatrix) zd = lesc_lrr_factors_product (fd, &error);
  double dz = lesc_matrix_max_abs_diff (zg, zd), de = lesc_matrix_max_abs_diff (fg->e, fd->e);
  g_test_message ("SJAFFE lambda2 = 0.1: %u iterations (%u closed form); SVTs by Gram %u, direct %u "
                  "(direct route: %u); Z %.2e, E %.2e apart", gram.iterations,
                  gram.closed_form_iterations, gram.svt_gram, gram.svt_direct, direct.svt_direct,
                  dz, de);
  g_assert_cmpuint (gram.iterations, ==, direct.iterations);
  g_assert_cmpuint (gram.svt_gram, >, 0);
  g_assert_cmpuint (direct.svt_gram, ==, 0);
  g_assert_cmpfloat (dz, <, 1e-9);
  g_assert_cmpfloat (de, <, 1e-9);

  LescLrrReport alm, cert;
  LescLrrOptions c = { .certified = TRUE };
  g_autoptr (LescLrrFactors) fa = lesc_lrr_solve (x, 10.0, NULL, FALSE, NULL, &alm, &error);
  g_autoptr (LescLrrFactors) fc = lesc_lrr_solve (x, 10.0, &c, FALSE, NULL, &cert, &error);
  g_assert_no_error (error);
  g_assert_cmpint (cert.route, ==, LESC_LRR_RANGE);
  g_assert_cmpuint (alm.closed_form_iterations, ==, alm.iterations);
  g_autoptr (LescMatrix) za = lesc_lrr_factors_product (fa, &error);
  g_autoptr (LescMatrix) zc = lesc_lrr_factors_product (fc, &error);
  g_assert_cmpfloat (lesc_matrix_max_abs_diff (za, zc), <, 1e-9);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lrr/full-problem/tall", test_full_tall);
  g_test_add_func ("/lrr/full-problem/wide", test_full_wide);
  g_test_add_func ("/lrr/zero-features", test_zero_features);
  g_test_add_func ("/lrr/errors", test_errors);
  g_test_add_func ("/lrr/cancel", test_cancel);
  g_test_add_func ("/lrr/memory-estimate", test_memory_estimate);
  g_test_add_func ("/lrr/sjaffe", test_sjaffe);
  g_test_add_func ("/lrr/sjaffe/routes", test_sjaffe_routes);
  g_test_add_func ("/lrr/closed-form", test_closed_form);
  g_test_add_func ("/lrr/certificate/range", test_certificate_range);
  g_test_add_func ("/lrr/certificate/zero", test_certificate_zero);
  return g_test_run ();
}
