/* Low-rank representation: min ‖Z‖_* + λ₂‖E‖₂,₁ s.t. A = AZ + E, A = xᵀ (q×n)
 * (docs/methods.md §6; the reference is solve_lrr.m + lrra.m of the gLESC repository).
 *
 * Row-space reduction. From the SVD x = UΣWᵀ keep the r singular values above
 * max(n, q)·eps(σ_max) (MATLAB orth): Q = U_r (n×r), A = W_rΣQᵀ. The reference solves
 * min ‖Z̃‖_* + λ₂‖E‖₂,₁ s.t. A = BZ̃ + E with B = AQ = W_rΣ (q×r), Z̃ r×n, Z = QZ̃.
 *
 * The ALM in the coordinates of W_r. Every q×n quantity of the reference lives in range(W_r)
 * (A and BZ̃ do, E is a column-scaled A − BZ̃ + Y₁/μ and Y₁ a sum of A − BZ̃ − E), and the
 * column norms of the ℓ2,1 shrink do not change under the rotation, so the iteration is
 * the reference's with A → ΣQᵀ (r×n), B → Σ, E → W_rᵀE, Y₁ → W_rᵀY₁: BᵀB + I = Σ² + I is
 * diagonal and every step but the SVT is elementwise, O(rn) instead of O(qrn). The stop
 * test max|R₁| is on the q×n entries, which are not rotation invariant: max_j ‖R̃₁eⱼ‖₂
 * bounds them (W_r's rows have norm ≤ 1), and when it does not decide the test the entries
 * W_rR̃₁ are formed. While E = 0 the iteration has a closed form (diagonal_phase below).
 * Constants and update order as lrra.m. The SVT takes the Gram route (shrink.h) where its
 * error estimate stays below a tenth of the stopping tolerance.
 *
 * Optimality certificates (from the SVD above, O(nr) and O(r²n)). The problem is convex
 * with linear constraints, so (Z, E) is optimal iff a multiplier Y (q×n) has
 * AᵀY ∈ ∂‖Z‖_* and Y ∈ λ₂∂‖E‖₂,₁.
 *  * Range: Z = QQᵀ, E = 0 (feasible: AQQᵀ = A). ∂‖QQᵀ‖_* = {QQᵀ + G : QᵀG = 0, GQ = 0,
 *    ‖G‖₂ ≤ 1} and AᵀY = QΣW_rᵀY lies in range(Q), so G = 0 and W_rᵀY = Σ⁻¹Qᵀ; the
 *    smallest columns come with Y = W_rΣ⁻¹Qᵀ. ∂‖0‖₂,₁ asks ‖Yⱼ‖ ≤ λ₂, so Z = QQᵀ, E = 0
 *    is optimal iff max_j ‖Σ⁻¹Qᵀeⱼ‖ ≤ λ₂ (with < it is the unique optimum: E = 0 is then
 *    forced, and QQᵀ is the unique minimiser of ‖Z‖_* s.t. A = AZ). Movie 0.0895, SBU_3DFE
 *    0.040, SJAFFE 1.09, Yeast 0.71.
 *  * Zero: Z = 0, E = A. Y = λ₂Â (Â: A with its non-zero columns normalised, zero
 *    columns 0) is in λ₂∂‖A‖₂,₁, and ∂‖0‖_* is the unit ball of ‖·‖₂, so Z = 0 is optimal
 *    if λ₂‖BᵀÂ‖₂ ≤ 1 (in the reduced problem; ‖BᵀÂ‖₂ = ‖ΣP‖₂ with P = Â in the W_r
 *    coordinates). Holds for λ₂ ≤ 0.0040 on SJAFFE, ≤ 4.6e-4 on Yeast.
 * The ALM stops on feasibility (residual < 1e-8), not optimality. Where its E stays 0 to
 * the end it reaches QQᵀ to rounding (SBU_3DFE λ₂ = 0.1: 2e-13; SJAFFE λ₂ = 10: 4e-10),
 * but elsewhere it stops short of the certified optimum: Yeast λ₂ = 1 objective 24.023
 * against 24 (Z 2e-4 apart), λ₂ = 1e-4 17.9 against 1.11; SJAFFE λ₂ = 1e-4 8.2 against
 * 0.33. LESC keeps the ALM's answer (the reference's); options.certified takes the
 * proven optimum. */
#include "core/solvers/lrr.h"
#include "core/base/blasthreads.h"
#include "core/base/error.h"
#include "core/numeric/shrink.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#define LRR_TOL      1e-8
#define LRR_MAX_ITER 1000000
#define LRR_RHO      1.1
#define LRR_MU0      1e-6
#define LRR_MU_MAX   1e10
/* a certificate is used when it holds by more than this relative margin (rounding) */
#define CERTIFICATE_MARGIN 1e-9
/* the Gram route's error budget per SVT (shrink.h): a tenth of the stopping tolerance
 * (SJAFFE: Z within 8e-12 of the direct route's) */
#define LRR_SVT_MAX_ERROR (LRR_TOL / 10.0)
#define LRR_SERIAL_FLOPS 3e8
/* columns per block when the residual entries W_rR̃₁ are formed */
#define RESIDUAL_BLOCK 256

double
lesc_lrr_memory_estimate (gsize n, gsize q)
{
  double dn = (double) n, dq = (double) q, r = (double) MIN (n, q);
  /* Z (n×n); the SVD of x (copy, U, Wᵀ); nine r×n ALM arrays and the SVT's copy and
   * U (r×n); E (q×n); the SVT's r×r arrays and dsyevd's workspace ~ 2r² */
  double doubles = dn * dn + 2.0 * dn * dq + r * dq + 11.0 * r * dn + dq * dn + 6.0 * r * r;
  return 8.0 * doubles;
}

void
lesc_lrr_factors_free (LescLrrFactors *f)
{
  if (f == NULL)
    return;
  lesc_matrix_free (f->basis);
  lesc_matrix_free (f->coefficients);
  lesc_matrix_free (f->e);
  g_free (f);
}

LescMatrix *
lesc_lrr_factors_product (const LescLrrFactors *f, GError **error)
{
  gsize n = f->basis->rows, r = f->basis->cols;
  LescMatrix *z = lesc_matrix_try_new (n, n, error);
  if (z != NULL && r > 0)
    cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) n, (int) r, 1.0,
                 f->basis->data, (int) n, f->coefficients->data, (int) r, 0.0, z->data, (int) n);
  return z;
}

/* The SVD of x: U (n×k), σ (k), Wᵀ (k×q), k = min(n, q), and r (MATLAB orth's rank). */
typedef struct {
  LescMatrix *u, *wt;
  double *s;
  gsize r;
} RowSpace;

static void
row_space_clear (RowSpace *rs)
{
  lesc_matrix_free (rs->u);
  lesc_matrix_free (rs->wt);
  g_free (rs->s);
}

static gboolean
row_space (const LescMatrix *x, RowSpace *rs, GError **error)
{
  gsize n = x->rows, q = x->cols, k = MIN (n, q);
  memset (rs, 0, sizeof *rs);
  g_autoptr (LescMatrix) a = lesc_matrix_try_new (n, q, error);
  rs->u = a ? lesc_matrix_try_new (n, k, error) : NULL;
  rs->wt = rs->u ? lesc_matrix_try_new (k, q, error) : NULL;
  if (rs->wt == NULL)
    return FALSE;
  rs->s = g_new (double, k);
  memcpy (a->data, x->data, n * q * sizeof (double));
  lapack_int info = LAPACKE_dgesdd (LAPACK_COL_MAJOR, 'S', (lapack_int) n, (lapack_int) q,
                                    a->data, (lapack_int) n, rs->s, rs->u->data, (lapack_int) n,
                                    rs->wt->data, (lapack_int) k);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "LRR: the SVD of the %zu×%zu features failed (dgesdd info %d)", n, q, (int) info);
      return FALSE;
    }
  double tol = (double) MAX (n, q) * (nextafter (rs->s[0], INFINITY) - rs->s[0]);
  while (rs->r < k && rs->s[rs->r] > tol)
    rs->r++;
  return TRUE;
}

/* max_j ‖Σ⁻¹Qᵀeⱼ‖ over the n rows of Q */
static double
range_certificate (const RowSpace *rs)
{
  gsize n = rs->u->rows;
  g_autofree double *sq = g_new0 (double, n);
  for (gsize i = 0; i < rs->r; i++)
    {
      const double *col = rs->u->data + i * n;
      double inv = 1.0 / rs->s[i];
      for (gsize j = 0; j < n; j++)
        sq[j] += (col[j] * inv) * (col[j] * inv);
    }
  double m = 0.0;
  for (gsize j = 0; j < n; j++)
    m = MAX (m, sq[j]);
  return sqrt (m);
}

/* ‖ΣP‖₂ with P the columns of Ã = ΣQᵀ (r×n) normalised, or NAN when a column norm of ΣP
 * (a lower bound) already shows λ₂‖ΣP‖₂ > 1. */
static double
zero_certificate (const RowSpace *rs, const LescMatrix *at, double lambda2, GError **error)
{
  gsize r = at->rows, n = at->cols;
  g_autoptr (LescMatrix) sp = lesc_matrix_try_new (r, n, error);
  if (sp == NULL)
    return -1.0;
  double lower = 0.0;
  for (gsize j = 0; j < n; j++)
    {
      const double *a = at->data + j * r;
      double *p = sp->data + j * r;
      double na = 0.0, np = 0.0;
      for (gsize i = 0; i < r; i++)
        na += a[i] * a[i];
      na = sqrt (na);
      for (gsize i = 0; i < r; i++)
        {
          p[i] = na > 0.0 ? rs->s[i] * (a[i] / na) : 0.0;
          np += p[i] * p[i];
        }
      lower = MAX (lower, sqrt (np));
    }
  if (lambda2 * lower > 1.0)
    return NAN;
  g_autoptr (LescMatrix) g = lesc_matrix_try_new (r, r, error);
  if (g == NULL)
    return -1.0;
  cblas_dsyrk (CblasColMajor, CblasLower, CblasNoTrans, (int) r, (int) n, 1.0, sp->data, (int) r,
               0.0, g->data, (int) r);
  g_autofree double *ev = g_new (double, r);
  if (LAPACKE_dsyevd (LAPACK_COL_MAJOR, 'N', 'L', (lapack_int) r, g->data, (lapack_int) r, ev) != 0)
    return NAN;   /* not decided: the ALM */
  return sqrt (MAX (ev[r - 1], 0.0));
}

/* R = x − y, Y += μR, Y/μ' into d; returns max |R|. */
static double
dual_step (const double *x, const double *y, double *mult, double *d, gsize len, double mu,
           double mu_next)
{
  double m = 0.0;
  for (gsize i = 0; i < len; i++)
    {
      double res = x[i] - y[i];
      m = MAX (m, fabs (res));
      mult[i] += mu * res;
      d[i] = mult[i] / mu_next;
    }
  return m;
}

/* The same for rows×cols matrices: the squared column norms of R into norm2[cols]. */
static void
dual_step_columns (const double *x, const double *y, double *mult, double *d, gsize rows,
                   gsize cols, double mu, double mu_next, double *norm2)
{
  for (gsize j = 0; j < cols; j++)
    {
      double s = 0.0;
      for (gsize i = j * rows; i < (j + 1) * rows; i++)
        {
          double res = x[i] - y[i];
          s += res * res;
          mult[i] += mu * res;
          d[i] = mult[i] / mu_next;
        }
      norm2[j] = s;
    }
}

/* sqrt of the largest of v[0..n) */
static double
max_sqrt (const double *v, gsize n)
{
  double m = 0.0;
  for (gsize i = 0; i < n; i++)
    m = MAX (m, v[i]);
  return sqrt (m);
}

static int
by_decreasing_bound (gconstpointer a, gconstpointer b, gpointer bound)
{
  double x = ((const double *) bound)[*(const gsize *) a];
  double y = ((const double *) bound)[*(const gsize *) b];
  return (x < y) - (x > y);
}

/* The stop test on R₁ = W_rR̃₁ (q×n) with R̃₁ = R̃ − Ẽ, or diag(ρ)Qᵀ when rho is given (the
 * closed form): TRUE when max|R₁| < tol. norm2[j] = ‖R̃₁eⱼ‖² bounds column j's entries
 * (the rows of W_r have norm ≤ 1), so only columns whose bound reaches tol are formed,
 * largest bound first, and the first entry ≥ tol decides. *res1 receives max|R₁| (when
 * TRUE, bounds stand in for the columns not formed) or the first entry ≥ tol found. */
static gboolean
residual_below (const RowSpace *rs, const LescMatrix *rt, const LescMatrix *et, const double *rho,
                const double *norm2, double tol, double *res1)
{
  gsize r = rs->r, n = rs->u->rows, q = rs->wt->cols, k = rs->wt->rows;
  g_autofree gsize *cols = g_new (gsize, n);
  gsize m = 0;
  double bound = 0.0;   /* the largest bound below tol */
  for (gsize j = 0; j < n; j++)
    if (norm2[j] >= tol * tol)
      cols[m++] = j;
    else
      bound = MAX (bound, norm2[j]);
  *res1 = sqrt (bound);
  g_qsort_with_data (cols, (gint) m, sizeof (gsize), by_decreasing_bound, (gpointer) norm2);
  gsize b = MIN (m, RESIDUAL_BLOCK);
  g_autofree double *d = g_new (double, r * MAX (b, 1));
  g_autofree double *full = g_new (double, q * MAX (b, 1));
  for (gsize j0 = 0; j0 < m; j0 += b)
    {
      gsize w = MIN (b, m - j0);
      for (gsize c = 0; c < w; c++)
        for (gsize i = 0; i < r; i++)
          {
            gsize col = cols[j0 + c];
            d[i + c * r] = rho != NULL ? rho[i] * LESC_AT (rs->u, col, i)
                                       : LESC_AT (rt, i, col) - LESC_AT (et, i, col);
          }
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) q, (int) w, (int) r, 1.0,
                   rs->wt->data, (int) k, d, (int) r, 0.0, full, (int) q);
      for (gsize i = 0; i < q * w; i++)
        *res1 = MAX (*res1, fabs (full[i]));
      if (*res1 >= tol)
        return FALSE;
    }
  return TRUE;
}

static gboolean
validate (const LescMatrix *x, double lambda2, GError **error)
{
  if (x == NULL || x->rows < 1 || x->cols < 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LRR: the features x must be a non-empty n×q matrix");
      return FALSE;
    }
  if (!(lambda2 > 0.0) || !isfinite (lambda2))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "LRR: lambda2 must be a positive finite number (got %g)", lambda2);
      return FALSE;
    }
  gsize bi, bj;
  if (!lesc_matrix_all_finite (x, &bi, &bj))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LRR: the features x hold a non-finite value at row %zu, column %zu",
                   bi + 1, bj + 1);
      return FALSE;
    }
  return TRUE;
}

/* The ALM while E = 0, in closed form. Qᵀ has orthonormal rows, so diag(v)Qᵀ has the
 * singular values |vᵢ| and SVT(diag(v)Qᵀ, τ) = diag(sign(vᵢ)·max(|vᵢ| − τ, 0))Qᵀ. The
 * iteration starts at zero and Ã = diag(σ)Qᵀ, so as long as the ℓ2,1 shrink leaves E = 0
 * every iterate is diag(·)Qᵀ: Z̃ = diag(a)Qᵀ, J = diag(b)Qᵀ, Ỹ₁ = diag(y₁)Qᵀ,
 * Y₂ = diag(y₂)Qᵀ, and an iteration costs O(r) plus O(nr) for the column norms of the
 * shrink test (‖w ⊙ Qᵀeⱼ‖ ≤ λ₂/μ for every j) and of the stop test. This is the same
 * iteration (it differs from the matrix form by rounding only). Movie and SBU_3DFE stay
 * in it to the end; elsewhere it covers the first iterations, until E becomes non-zero. */
typedef struct {
  double *a, *y1, *d1, *y2, *d2;   /* Z̃, Ỹ₁, Ỹ₁/μ, Y₂, Y₂/μ as diag(·)Qᵀ */
  double mu;
} Diagonal;

static void
diagonal_clear (Diagonal *g)
{
  g_free (g->a);
  g_free (g->y1);
  g_free (g->d1);
  g_free (g->y2);
  g_free (g->d2);
}

/* m = diag(v)Qᵀ (r×n) */
static void
row_scaled_qt (const RowSpace *rs, const double *v, LescMatrix *m)
{
  gsize r = rs->r, n = rs->u->rows;
  for (gsize c = 0; c < n; c++)
    for (gsize i = 0; i < r; i++)
      m->data[i + c * r] = v[i] * LESC_AT (rs->u, c, i);
}

/* max_j ‖w ⊙ Qᵀeⱼ‖ into *m, and ‖w2 ⊙ Qᵀeⱼ‖² into norm2[j] */
static void
column_norms (const RowSpace *rs, const double *w, const double *w2, double *m, double *acc,
              double *norm2)
{
  gsize r = rs->r, n = rs->u->rows;
  memset (acc, 0, n * sizeof (double));
  memset (norm2, 0, n * sizeof (double));
  for (gsize i = 0; i < r; i++)
    {
      const double *q = rs->u->data + i * n;
      double wi = w[i], wi2 = w2[i];
      for (gsize j = 0; j < n; j++)
        {
          acc[j] += (wi * q[j]) * (wi * q[j]);
          norm2[j] += (wi2 * q[j]) * (wi2 * q[j]);
        }
    }
  double a = 0.0;
  for (gsize j = 0; j < n; j++)
    a = MAX (a, acc[j]);
  *m = sqrt (a);
}

typedef enum { CLOSED_FORM_CONVERGED, CLOSED_FORM_LEFT, CLOSED_FORM_CANCELLED } ClosedForm;

/* Runs the closed form from zero: CONVERGED when the stop test passed in it (Z̃ =
 * diag(g->a)Qᵀ, E = 0); LEFT with g holding the state at the start of the first iteration
 * whose shrink leaves a column non-zero (not counted in rep->iterations). */
static ClosedForm
diagonal_phase (const RowSpace *rs, double lambda2, LescProgress *progress, LescLrrReport *rep,
                Diagonal *g, GError **error)
{
  gsize r = rs->r, n = rs->u->rows;
  const double *s = rs->s;
  g->a = g_new0 (double, r);
  g->y1 = g_new0 (double, r);
  g->d1 = g_new0 (double, r);
  g->y2 = g_new0 (double, r);
  g->d2 = g_new0 (double, r);
  g->mu = LRR_MU0;
  g_autofree double *a = g_new (double, r), *b = g_new (double, r), *rho = g_new (double, r);
  g_autofree double *shrink_in = g_new (double, r), *qmax = g_new0 (double, r);
  g_autofree double *acc = g_new (double, n), *norm2 = g_new (double, n);
  for (gsize i = 0; i < r; i++)
    for (gsize j = 0; j < n; j++)
      qmax[i] = MAX (qmax[i], fabs (LESC_AT (rs->u, j, i)));
  const double log_span = log (LRR_MU_MAX / LRR_MU0);
  while (rep->iterations < LRR_MAX_ITER)
    {
      if (lesc_progress_cancelled (progress, error))
        return CLOSED_FORM_CANCELLED;
      double mu = g->mu, tau = 1.0 / mu;
      for (gsize i = 0; i < r; i++)
        {
          /* 1. J = SVT(Z̃ + Y₂/μ, 1/μ); 2. Z̃ (Ẽ = 0); 3. R̃ = Ã − ΣZ̃ and the shrink input */
          double v = g->a[i] + g->d2[i];
          b[i] = copysign (MAX (fabs (v) - tau, 0.0), v);
          a[i] = (s[i] * (s[i] + g->d1[i]) + b[i] - g->d2[i]) / (s[i] * s[i] + 1.0);
          rho[i] = s[i] - s[i] * a[i];
          shrink_in[i] = rho[i] + g->d1[i];
        }
      double shrink_max;
      column_norms (rs, shrink_in, rho, &shrink_max, acc, norm2);
      if (shrink_max > lambda2 / mu)
        return CLOSED_FORM_LEFT;   /* E ≠ 0 from here: the matrix form takes over */
      rep->iterations++;
      rep->closed_form_iterations++;
      /* 4. R₁ = R̃, R₂ = Z̃ − J; the multipliers */
      double mu_next = MIN (LRR_MU_MAX, LRR_RHO * mu), res2 = 0.0;
      for (gsize i = 0; i < r; i++)
        {
          g->a[i] = a[i];
          res2 = MAX (res2, fabs (a[i] - b[i]) * qmax[i]);
          g->y1[i] += mu * rho[i];
          g->d1[i] = g->y1[i] / mu_next;
          g->y2[i] += mu * (a[i] - b[i]);
          g->d2[i] = g->y2[i] / mu_next;
        }
      double res1;
      if (res2 < LRR_TOL && residual_below (rs, NULL, NULL, rho, norm2, LRR_TOL, &res1))
        {
          rep->residual = MAX (res1, res2);
          return CLOSED_FORM_CONVERGED;
        }
      rep->residual = MAX (res2, max_sqrt (norm2, n));
      g->mu = mu_next;
      lesc_progress_report (progress, 0.99 * log (g->mu / LRR_MU0) / log_span, "low-rank representation");
    }
  return CLOSED_FORM_CONVERGED;
}

/* The inexact ALM in the W_r coordinates (top of the file): Z̃ into zt, Ẽ into et. */
static gboolean
alm (const RowSpace *rs, const LescMatrix *at, double lambda2, const LescLrrOptions *o,
     LescProgress *progress, LescLrrReport *rep, LescMatrix *zt, LescMatrix *et, GError **error)
{
  gsize r = at->rows, n = at->cols, rn = r * n;
  const double *s = rs->s;
  Diagonal g = { 0 };
  ClosedForm phase = diagonal_phase (rs, lambda2, progress, rep, &g, error);
  if (phase != CLOSED_FORM_LEFT)
    {
      if (phase == CLOSED_FORM_CONVERGED)
        row_scaled_qt (rs, g.a, zt);   /* Ẽ = 0 */
      diagonal_clear (&g);
      return phase == CLOSED_FORM_CONVERGED;
    }
  g_autoptr (LescMatrix) j = lesc_matrix_try_new (r, n, error);
  g_autoptr (LescMatrix) y2 = j ? lesc_matrix_try_new (r, n, error) : NULL;
  g_autoptr (LescMatrix) d2 = y2 ? lesc_matrix_try_new (r, n, error) : NULL;
  g_autoptr (LescMatrix) y1 = d2 ? lesc_matrix_try_new (r, n, error) : NULL;
  g_autoptr (LescMatrix) d1 = y1 ? lesc_matrix_try_new (r, n, error) : NULL;
  g_autoptr (LescMatrix) rt = d1 ? lesc_matrix_try_new (r, n, error) : NULL;
  g_autoptr (LescSvtWork) svt = rt ? lesc_svt_work_new (r, n, error) : NULL;
  if (svt == NULL)
    {
      diagonal_clear (&g);
      return FALSE;
    }
  /* the state where the closed form stopped (Ẽ = 0) */
  row_scaled_qt (rs, g.a, zt);
  row_scaled_qt (rs, g.y1, y1);
  row_scaled_qt (rs, g.d1, d1);
  row_scaled_qt (rs, g.y2, y2);
  row_scaled_qt (rs, g.d2, d2);
  double mu = g.mu;
  diagonal_clear (&g);
  lesc_svt_work_use_gram (svt, o->direct_svd ? 0.0 : LRR_SVT_MAX_ERROR);
  g_autofree double *denom = g_new (double, r);
  for (gsize i = 0; i < r; i++)
    denom[i] = s[i] * s[i] + 1.0;
  const double log_span = log (LRR_MU_MAX / LRR_MU0);
  g_autofree double *norm2 = g_new (double, n);
  while (rep->iterations < LRR_MAX_ITER)
    {
      if (lesc_progress_cancelled (progress, error))
        return FALSE;
      rep->iterations++;
      /* 1. J = SVT(Z̃ + Y₂/μ, 1/μ) */
      for (gsize i = 0; i < rn; i++)
        j->data[i] = zt->data[i] + d2->data[i];
      if (lesc_svt_with (svt, j->data, 1.0 / mu, error) < 0)
        return FALSE;
      /* 2. Z̃ = (Σ² + I)⁻¹(Σ(Ã − Ẽ + Y₁/μ) + J − Y₂/μ);
       * 3. R̃ = Ã − ΣZ̃, Ẽ = column shrink of R̃ + Y₁/μ with τ = λ₂/μ */
      for (gsize c = 0; c < n; c++)
        for (gsize i = 0; i < r; i++)
          {
            gsize e = i + c * r;
            double z = (s[i] * (at->data[e] - et->data[e] + d1->data[e]) + j->data[e]
                        - d2->data[e]) / denom[i];
            zt->data[e] = z;
            rt->data[e] = at->data[e] - s[i] * z;
            et->data[e] = rt->data[e] + d1->data[e];
          }
      lesc_shrink_columns (et->data, r, n, lambda2 / mu);
      /* 4. R₁ = R̃ − Ẽ, R₂ = Z̃ − J; Y += μR and Y/μ' for the next μ in the same pass */
      double mu_next = MIN (LRR_MU_MAX, LRR_RHO * mu);
      dual_step_columns (rt->data, et->data, y1->data, d1->data, r, n, mu, mu_next, norm2);
      double res2 = dual_step (zt->data, j->data, y2->data, d2->data, rn, mu, mu_next), res1;
      if (res2 < LRR_TOL && residual_below (rs, rt, et, NULL, norm2, LRR_TOL, &res1))
        {
          rep->residual = MAX (res1, res2);
          break;
        }
      rep->residual = MAX (res2, max_sqrt (norm2, n));   /* a bound, should the loop end here */
      mu = mu_next;
      lesc_progress_report (progress, 0.99 * log (mu / LRR_MU0) / log_span, "low-rank representation");
    }
  LescSvtCounts counts = lesc_svt_work_counts (svt);
  rep->svt_skipped = counts.skipped;
  rep->svt_gram = counts.gram;
  rep->svt_direct = counts.direct;
  return TRUE;
}

LescLrrFactors *
lesc_lrr_solve (const LescMatrix *x, double lambda2, const LescLrrOptions *options,
                gboolean want_e, LescProgress *progress, LescLrrReport *report, GError **error)
{
  static const LescLrrOptions defaults = { 0 };
  const LescLrrOptions *o = options != NULL ? options : &defaults;
  if (!validate (x, lambda2, error))
    return NULL;
  gsize n = x->rows, q = x->cols;
  RowSpace rs;
  if (!row_space (x, &rs, error))
    {
      row_space_clear (&rs);
      return NULL;
    }
  gsize r = rs.r, k = rs.wt->rows;
  LescLrrReport rep = { .rank = r, .route = LESC_LRR_ALM, .zero_certificate = NAN };
  g_autoptr (LescLrrFactors) f = g_new0 (LescLrrFactors, 1);
  f->basis = lesc_matrix_try_new (n, r, error);
  f->coefficients = f->basis ? lesc_matrix_try_new (r, n, error) : NULL;
  g_autoptr (LescMatrix) at = f->coefficients ? lesc_matrix_try_new (r, n, error) : NULL;
  g_autoptr (LescMatrix) et = at ? lesc_matrix_try_new (r, n, error) : NULL;
  if (et == NULL)
    {
      row_space_clear (&rs);
      return NULL;
    }
  memcpy (f->basis->data, rs.u->data, n * r * sizeof (double));
  /* Ã = ΣQᵀ */
  for (gsize c = 0; c < n; c++)
    for (gsize i = 0; i < r; i++)
      LESC_AT (at, i, c) = rs.s[i] * LESC_AT (rs.u, c, i);

  rep.range_certificate = range_certificate (&rs);
  if (rep.range_certificate <= lambda2 * (1.0 - CERTIFICATE_MARGIN))
    rep.route = LESC_LRR_RANGE;
  else
    {
      rep.zero_certificate = zero_certificate (&rs, at, lambda2, error);
      if (rep.zero_certificate < 0.0)
        {
          row_space_clear (&rs);
          return NULL;
        }
      if (lambda2 * rep.zero_certificate <= 1.0 - CERTIFICATE_MARGIN)
        rep.route = LESC_LRR_ZERO;
    }
  if (!o->certified)
    rep.route = LESC_LRR_ALM;

  gboolean ok = TRUE;
  switch (rep.route)
    {
    case LESC_LRR_RANGE:   /* Z̃ = Qᵀ, Ẽ = 0 */
      for (gsize c = 0; c < n; c++)
        for (gsize i = 0; i < r; i++)
          LESC_AT (f->coefficients, i, c) = LESC_AT (rs.u, c, i);
      break;
    case LESC_LRR_ZERO:    /* Z̃ = 0, Ẽ = Ã */
      memcpy (et->data, at->data, r * n * sizeof (double));
      break;
    case LESC_LRR_ALM:
      {
        /* SVTs of fewer than LRR_SERIAL_FLOPS on one BLAS thread (SJAFFE's 211×213, Yeast's
         * 24×2465): a second one costs more in waiting than it saves */
        double flops = 4.0 * (double) r * (double) r * (double) n + 9.0 * pow ((double) r, 3);
        int threads = flops < LRR_SERIAL_FLOPS ? lesc_blas_serial_begin () : 0;
        ok = r == 0 || alm (&rs, at, lambda2, o, progress, &rep, f->coefficients, et, error);
        lesc_blas_serial_end (threads);
      }
      break;
    }
  if (ok && want_e)
    {
      /* E = W_rẼ (for the zero certificate exactly A = xᵀ) */
      f->e = lesc_matrix_try_new (q, n, error);
      if (f->e == NULL)
        ok = FALSE;
      else if (rep.route == LESC_LRR_ZERO)
        for (gsize i = 0; i < n; i++)
          for (gsize c = 0; c < q; c++)
            LESC_AT (f->e, c, i) = LESC_AT (x, i, c);
      else if (r > 0)
        cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) q, (int) n, (int) r, 1.0,
                     rs.wt->data, (int) k, et->data, (int) r, 0.0, f->e->data, (int) q);
    }
  row_space_clear (&rs);
  if (!ok)
    return NULL;
  lesc_progress_report (progress, 1.0, "low-rank representation");
  if (report != NULL)
    *report = rep;
  return g_steal_pointer (&f);
}

LescMatrix *
lesc_lrr (const LescMatrix *x, double lambda2, LescProgress *progress,
          LescLrrReport *report, LescMatrix **e_out, GError **error)
{
  g_autoptr (LescLrrFactors) f = lesc_lrr_solve (x, lambda2, NULL, e_out != NULL, progress,
                                                 report, error);
  if (f == NULL)
    return NULL;
  LescMatrix *z = lesc_lrr_factors_product (f, error);
  if (z != NULL && e_out != NULL)
    *e_out = g_steal_pointer (&f->e);
  return z;
}
