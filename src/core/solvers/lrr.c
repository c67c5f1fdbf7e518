/* Low-rank representation by the inexact ALM with the row-space reduction
 * (docs/methods.md §6; the official solve_lrr.m + lrra.m of the gLESC repository).
 *
 * A = xᵀ (q×n). Q (n×r) is an orthonormal basis of range(x) (MATLAB orth), B = AQ (q×r);
 * the ALM solves min ‖Z̃‖_* + λ₂‖E‖₂,₁ s.t. A = BZ̃ + E for Z̃ (r×n), and Z = QZ̃.
 * Constants and update order as lrra.m; (BᵀB + I)⁻¹ is applied through its Cholesky
 * factor (the reference forms the inverse), and the SVT skips its SVD in the early
 * iterations where a norm bound already shows every singular value ≤ 1/μ (J = 0). */
#include "core/solvers/lrr.h"
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

double
lesc_lrr_memory_estimate (gsize n, gsize q)
{
  double dn = (double) n, dq = (double) q, r = (double) MIN (n, q);
  /* Z (n×n); A, E, Y₁, Y₁/μ, A − BZ̃, shrink input (q×n); J, Z̃, Y₂, Y₂/μ and the SVT's
   * copy and U (r×n); the SVD of x (copy, U, Vᵀ) and of the SVT (Vᵀ, work ~ 4r²). */
  double doubles = dn * dn + 6.0 * dq * dn + 6.0 * r * dn + 2.0 * dn * dq + r * dq
                   + 6.0 * r * r + 4.0 * r * r;
  return 8.0 * doubles;
}

/* Q: the left singular vectors of x whose singular values exceed max(n, q)·eps(σ_max)
 * (MATLAB orth). Returns an n×r matrix (r may be 0), or NULL and an error. */
static LescMatrix *
row_space_basis (const LescMatrix *x, GError **error)
{
  gsize n = x->rows, q = x->cols, k = MIN (n, q);
  g_autoptr (LescMatrix) a = lesc_matrix_try_new (n, q, error);
  g_autoptr (LescMatrix) u = a ? lesc_matrix_try_new (n, k, error) : NULL;
  if (u == NULL)
    return NULL;
  memcpy (a->data, x->data, n * q * sizeof (double));
  g_autofree double *s = g_new (double, k);
  g_autofree double *vt = g_new (double, k * q);
  lapack_int info = LAPACKE_dgesdd (LAPACK_COL_MAJOR, 'S', (lapack_int) n, (lapack_int) q,
                                    a->data, (lapack_int) n, s, u->data, (lapack_int) n,
                                    vt, (lapack_int) k);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "LRR: the SVD of the %zu×%zu features failed (dgesdd info %d)", n, q, (int) info);
      return NULL;
    }
  double tol = (double) MAX (n, q) * (nextafter (s[0], INFINITY) - s[0]);
  gsize r = 0;
  while (r < k && s[r] > tol)
    r++;
  u->cols = r;  /* the first r columns are the first r·n entries */
  return g_steal_pointer (&u);
}

/* R = x − y, Y += μR, Y/μ' into d; returns max |R|. The same operations, in the same order
 * per entry, as separate passes. */
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

LescMatrix *
lesc_lrr (const LescMatrix *x, double lambda2, LescProgress *progress,
          LescLrrReport *report, LescMatrix **e_out, GError **error)
{
  if (!validate (x, lambda2, error))
    return NULL;
  gsize n = x->rows, q = x->cols;
  g_autoptr (LescMatrix) qb = row_space_basis (x, error);
  if (qb == NULL)
    return NULL;
  gsize r = qb->cols;
  g_autoptr (LescMatrix) z = lesc_matrix_try_new (n, n, error);
  g_autoptr (LescMatrix) e = z ? lesc_matrix_try_new (q, n, error) : NULL;
  if (e == NULL)
    return NULL;
  LescLrrReport rep = { 0, r, 0.0 };

  if (r > 0)
    {
      /* A = xᵀ; B = AQ; the Cholesky factor of BᵀB + I; BᵀA. */
      g_autoptr (LescMatrix) a = lesc_matrix_transpose (x);
      g_autoptr (LescMatrix) b = lesc_matrix_new (q, r);
      g_autoptr (LescMatrix) chol = lesc_matrix_new (r, r);
      g_autoptr (LescMatrix) bta = lesc_matrix_new (r, n);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) q, (int) r, (int) n,
                   1.0, x->data, (int) n, qb->data, (int) n, 0.0, b->data, (int) q);
      cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) r, (int) q,
                   1.0, b->data, (int) q, 0.0, chol->data, (int) r);
      for (gsize i = 0; i < r; i++)
        LESC_AT (chol, i, i) += 1.0;
      if (LAPACKE_dpotrf (LAPACK_COL_MAJOR, 'L', (lapack_int) r, chol->data, (lapack_int) r) != 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                       "LRR: BᵀB + I is not positive definite (r = %zu)", r);
          return NULL;
        }
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) r, (int) n, (int) q,
                   1.0, b->data, (int) q, a->data, (int) q, 0.0, bta->data, (int) r);

      /* ALM state (r×n: J, Z̃, Y₂, Y₂/μ; q×n: E, Y₁, Y₁/μ, A − BZ̃, work), all zero. */
      g_autoptr (LescMatrix) j = lesc_matrix_try_new (r, n, error);
      g_autoptr (LescMatrix) zt = j ? lesc_matrix_try_new (r, n, error) : NULL;
      g_autoptr (LescMatrix) y2 = zt ? lesc_matrix_try_new (r, n, error) : NULL;
      g_autoptr (LescMatrix) d2 = y2 ? lesc_matrix_try_new (r, n, error) : NULL;
      g_autoptr (LescMatrix) y1 = d2 ? lesc_matrix_try_new (q, n, error) : NULL;
      g_autoptr (LescMatrix) d1 = y1 ? lesc_matrix_try_new (q, n, error) : NULL;
      g_autoptr (LescMatrix) xmaz = d1 ? lesc_matrix_try_new (q, n, error) : NULL;
      g_autoptr (LescMatrix) t = xmaz ? lesc_matrix_try_new (q, n, error) : NULL;
      g_autoptr (LescSvtWork) svt = t ? lesc_svt_work_new (r, n, error) : NULL;
      if (svt == NULL)
        return NULL;
      gsize rn = r * n, qn = q * n;
      double mu = LRR_MU0;
      const double log_span = log (LRR_MU_MAX / LRR_MU0);

      while (rep.iterations < LRR_MAX_ITER)
        {
          if (lesc_progress_cancelled (progress, error))
            return NULL;
          rep.iterations++;
          /* 1. J = SVT(Z̃ + Y₂/μ, 1/μ) */
          for (gsize i = 0; i < rn; i++)
            j->data[i] = zt->data[i] + d2->data[i];
          if (lesc_svt_with (svt, j->data, 1.0 / mu, error) < 0)
            return NULL;
          /* 2. Z̃ = (BᵀB + I)⁻¹ (BᵀA − BᵀE + J + (BᵀY₁ − Y₂)/μ) */
          for (gsize i = 0; i < qn; i++)
            t->data[i] = d1->data[i] - e->data[i];
          for (gsize i = 0; i < rn; i++)
            zt->data[i] = bta->data[i] + j->data[i] - d2->data[i];
          cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) r, (int) n, (int) q,
                       1.0, b->data, (int) q, t->data, (int) q, 1.0, zt->data, (int) r);
          LAPACKE_dpotrs_work (LAPACK_COL_MAJOR, 'L', (lapack_int) r, (lapack_int) n, chol->data,
                               (lapack_int) r, zt->data, (lapack_int) r);
          /* 3. E = column shrink of A − BZ̃ + Y₁/μ with τ = λ₂/μ */
          memcpy (xmaz->data, a->data, qn * sizeof (double));
          cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) q, (int) n, (int) r,
                       -1.0, b->data, (int) q, zt->data, (int) r, 1.0, xmaz->data, (int) q);
          for (gsize i = 0; i < qn; i++)
            e->data[i] = xmaz->data[i] + d1->data[i];
          lesc_shrink_columns (e->data, q, n, lambda2 / mu);
          /* 4. residuals R₁ = A − BZ̃ − E, R₂ = Z̃ − J; the multipliers Y += μR and Y/μ for
           * the next μ in the same pass (not used when the test below ends the loop) */
          double mu_next = MIN (LRR_MU_MAX, LRR_RHO * mu);
          double res1 = dual_step (xmaz->data, e->data, y1->data, d1->data, qn, mu, mu_next);
          double res2 = dual_step (zt->data, j->data, y2->data, d2->data, rn, mu, mu_next);
          rep.residual = MAX (res1, res2);
          if (rep.residual < LRR_TOL)
            break;
          mu = mu_next;
          lesc_progress_report (progress, 0.99 * log (mu / LRR_MU0) / log_span, "low-rank representation");
        }
      /* Z = QZ̃ */
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) n, (int) r,
                   1.0, qb->data, (int) n, zt->data, (int) r, 0.0, z->data, (int) n);
    }
  else
    {
      /* x = 0: Z = 0 and E = A = 0 are optimal. */
      rep.residual = 0.0;
    }

  lesc_progress_report (progress, 1.0, "low-rank representation");
  if (report != NULL)
    *report = rep;
  if (e_out != NULL)
    *e_out = g_steal_pointer (&e);
  return g_steal_pointer (&z);
}
