/* LP's low-rank large form (docs/methods.md §11, "LP"): the affinity by Nyström on m
 * landmarks, A ≈ EEᵀ + Δ (Δ diagonal: the reference's own diagonal), and (I − αP)⁻¹ by the
 * Woodbury identity — O(n·m) memory and O(n·m²) time, never n×n. */
#include "core/methods/lp.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"
#include "core/solvers/landmarks.h"

#include <cblas.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

/* rows of X per block of K(X, Z) */
#define BLOCK 512

LescMatrix *
lesc_lp_landmark_whitening (const LescMatrix *z, GError **error)
{
  gsize m = z->rows;
  g_autoptr (LescMatrix) k = lesc_sq_distances (z, z);
  for (gsize j = 0; j < m; j++)
    {
      LESC_AT (k, j, j) = 1.0;
      for (gsize i = j + 1; i < m; i++)
        LESC_AT (k, i, j) = LESC_AT (k, j, i)
          = exp (-0.25 * (LESC_AT (k, i, j) + LESC_AT (k, j, i)));
    }
  g_autofree double *w = g_new (double, m);
  lapack_int info = LAPACKE_dsyevd (LAPACK_COL_MAJOR, 'V', 'L', (lapack_int) m, k->data,
                                    (lapack_int) m, w);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "lp: the eigenvalue solver failed on the landmarks' affinity (dsyevd info %d)",
                   (int) info);
      return NULL;
    }
  /* ascending: keep those above the cutoff, largest first */
  gsize r = 0;
  while (r < m && w[m - 1 - r] > LESC_LP_LOWRANK_CUTOFF * w[m - 1])
    r++;
  LescMatrix *out = lesc_matrix_new (m, MAX (r, 1));
  for (gsize t = 0; t < r; t++)
    {
      double s = 1.0 / sqrt (w[m - 1 - t]);
      for (gsize i = 0; i < m; i++)
        LESC_AT (out, i, t) = s * LESC_AT (k, i, m - 1 - t);
    }
  return out;
}

void
lesc_lp_landmark_rows (const LescMatrix *x, gsize i0, gsize rows, const LescMatrix *z,
                       const LescMatrix *w, gboolean shift, double *mu, double *colsum,
                       double *e, gsize lde)
{
  gsize m = z->rows, r = w->cols;
  g_autoptr (LescMatrix) xb = lesc_matrix_new (rows, x->cols);
  for (gsize col = 0; col < x->cols; col++)
    memcpy (xb->data + col * rows, x->data + i0 + col * x->rows, rows * sizeof (double));
  g_autoptr (LescMatrix) f = lesc_sq_distances (xb, z);
  for (gsize i = 0; i < rows; i++)
    {
      double best = INFINITY;
      for (gsize k = 0; k < m && shift; k++)
        best = fmin (best, LESC_AT (f, i, k));
      if (shift)
        mu[i] = best;
    }
  for (gsize k = 0; k < m; k++)
    for (gsize i = 0; i < rows; i++)
      {
        double v = exp (-(LESC_AT (f, i, k) - mu[i]) / 2.0);
        LESC_AT (f, i, k) = v;
        if (colsum != NULL)
          colsum[k] += v * exp (-mu[i] / 2.0);
      }
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) rows, (int) r, (int) m, 1.0,
               f->data, (int) rows, w->data, (int) m, 0.0, e, (int) lde);
}

double
lesc_lp_lowrank_memory (gsize n, gsize q, gsize c, gsize m)
{
  /* E (n×r, r ≤ m), the label blocks and g, K(Z, Z) and its vectors, the Woodbury r×r and
   * r×c, a block of K(X, Z) with its rows of X, the landmarks */
  double dn = (double) n, dm = (double) MIN (m, n);
  return 8.0 * (dn * (dm + 3.0 * (double) c + 4.0) + 4.0 * dm * dm + dm * (double) c
                + BLOCK * (dm + (double) q) + dm * (double) q);
}

LescMatrix *
lesc_lp_propagate_lowrank (const LescMatrix *x, const LescMatrix *l, double alpha,
                           gboolean keep_diagonal, gsize m, guint32 seed, gsize *isolated,
                           gsize *rank, LescProgress *progress, GError **error)
{
  gsize n = x->rows, c = l->cols;
  if (!(alpha >= 0.0 && alpha < 1.0) || l->rows != n || m < 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "lp: alpha = %g, %zu landmarks, %zu samples and %zu label rows; expected "
                   "0 ≤ alpha < 1, at least one landmark and one label row per sample", alpha,
                   m, n, l->rows);
      return NULL;
    }
  lesc_progress_report (progress, 0.0, "landmarks");
  g_autoptr (LescMatrix) z = lesc_landmarks_select (x, m, seed);
  m = z->rows;
  g_autoptr (LescMatrix) w = lesc_lp_landmark_whitening (z, error);
  if (w == NULL)
    return NULL;
  gsize r = w->cols;
  if (rank != NULL)
    *rank = r;
  /* E's rows, each in the scale of its nearest landmark (the guard, docs/methods.md §11):
   * f_i = exp(μ_i/2)·e_i with μ_i the squared distance to the nearest landmark (0 with the
   * diagonal kept, as the reference's m_i) */
  g_autoptr (LescMatrix) e = lesc_matrix_try_new (n, r, error);
  if (e == NULL)
    return NULL;
  g_autofree double *mu = g_new0 (double, n);
  g_autofree double *colsum = g_new0 (double, m);
  for (gsize i0 = 0; i0 < n; i0 += BLOCK)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      lesc_progress_report (progress, 0.1 + 0.6 * (double) i0 / (double) n, "landmarks");
      lesc_lp_landmark_rows (x, i0, MIN (BLOCK, n - i0), z, w, !keep_diagonal, mu + i0, colsum,
                             e->data + i0, n);
    }
  /* u = Eᵀ1 = Wᵀ K(Z, X)1 (unshifted: each landmark's sum holds its own term 1) */
  g_autofree double *u = g_new0 (double, r);
  cblas_dgemv (CblasColMajor, CblasTrans, (int) m, (int) r, 1.0, w->data, (int) m, colsum, 1,
               0.0, u, 1);
  /* σ_i = exp(μ_i/2)·d_i with d_i = e_iᵀu + q − ‖e_i‖² (q the reference's Q_ii, 0 or 1):
   * the approximation's own diagonal is replaced by the reference's. P = ẼẼᵀ + diag(q/d),
   * ẽ_i = e_i/√d_i = exp(−μ_i/4) f_i/√σ_i, so I − αP = G − αẼẼᵀ with G diagonal. */
  double q = keep_diagonal ? 1.0 : 0.0;
  /* by columns of E (contiguous): fu = Eu, size = |E||u|, ff = ‖e_i‖² in the row's scale */
  g_autofree double *fu = g_new (double, n), *size = g_new0 (double, n), *ff = g_new0 (double, n);
  cblas_dgemv (CblasColMajor, CblasNoTrans, (int) n, (int) r, 1.0, e->data, (int) n, u, 1, 0.0,
               fu, 1);
  for (gsize t = 0; t < r; t++)
    {
      const double *col = e->data + t * n;
      for (gsize i = 0; i < n; i++)
        {
          size[i] += fabs (col[i] * u[t]);
          ff[i] += col[i] * col[i];
        }
    }
  g_autofree double *g = g_new (double, n), *scale = g_new (double, n);
  for (gsize i = 0; i < n; i++)
    {
      double own = exp (-mu[i] / 2.0) * ff[i];
      double sigma = fu[i] + q - own;
      /* a degree within rounding of 0: the approximation cannot resolve this row */
      gboolean resolved = sigma > 1e3 * DBL_EPSILON * (size[i] + own + q);
      scale[i] = resolved ? exp (-mu[i] / 4.0) / sqrt (sigma) : 0.0;
      /* P_ii − ‖ẽ_i‖² = Δ_ii/d_i = (q − ‖e_i‖²)/d_i (μ_i = 0 whenever q = 1) */
      g[i] = resolved ? 1.0 - alpha * (q - own) / sigma : 1.0;
      /* isolated as in the reference: P's row all 0 (no weight, and no diagonal) */
      size[i] = resolved && keep_diagonal ? 1.0 : 0.0;
    }
  for (gsize t = 0; t < r; t++)
    {
      double *col = e->data + t * n;
      for (gsize i = 0; i < n; i++)
        {
          col[i] *= scale[i];
          size[i] += col[i] != 0.0;
        }
    }
  gsize lonely = 0;
  for (gsize i = 0; i < n; i++)
    lonely += size[i] == 0.0;
  if (isolated != NULL)
    *isolated = lonely;
  if (lesc_progress_cancelled (progress, error))
    return NULL;
  lesc_progress_report (progress, 0.75, "propagation");
  /* H = G^(−½)Ẽ; (G − αẼẼᵀ)⁻¹ = G^(−½)(I + αH S⁻¹Hᵀ)G^(−½), S = I − αHᵀH (r×r) */
  for (gsize i = 0; i < n; i++)
    g[i] = sqrt (g[i]);
  for (gsize t = 0; t < r; t++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (e, i, t) /= g[i];
  g_autoptr (LescMatrix) s = lesc_matrix_new (r, r);
  for (gsize t = 0; t < r; t++)
    LESC_AT (s, t, t) = 1.0;
  cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) r, (int) n, -alpha, e->data,
               (int) n, 1.0, s->data, (int) r);
  lapack_int info = LAPACKE_dpotrf (LAPACK_COL_MAJOR, 'L', (lapack_int) r, s->data,
                                    (lapack_int) r);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "lp: the low-rank I − αP is not positive definite (Cholesky failed at "
                   "column %d of %zu)", (int) info, r);
      return NULL;
    }
  LescMatrix *d = lesc_matrix_new (n, c);
  for (gsize j = 0; j < c; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (d, i, j) = (1.0 - alpha) * LESC_AT (l, i, j) / g[i];
  g_autoptr (LescMatrix) t = lesc_matrix_new (r, c);
  cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) r, (int) c, (int) n, 1.0,
               e->data, (int) n, d->data, (int) n, 0.0, t->data, (int) r);
  LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) r, (lapack_int) c, s->data,
                  (lapack_int) r, t->data, (lapack_int) r);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) c, (int) r, alpha,
               e->data, (int) n, t->data, (int) r, 1.0, d->data, (int) n);
  for (gsize j = 0; j < c; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (d, i, j) /= g[i];
  return d;
}
