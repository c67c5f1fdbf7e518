/* The large form of the LE step in path coordinates (docs/methods.md §11): the reference's
 * unknowns W ((n+1)×c), start and optimizer on the Nyström kernel H ≈ E Eᵀ,
 * E = K(X, Z) K(Z, Z)^{-1/2}, never formed n×n.
 *
 * Every step of the optimizer is a combination of gradients Φ̂ᵀR = [E EᵀR; 1ᵀR], so
 * W − W0 stays in range(E) × R. With E = U S Pᵀ (U n×r orthonormal) the coordinates v of
 * W = W0 + [U, 0; 0, 1](v − v0) are an orthonormal basis of that subspace, where the
 * iteration is the same (optimizer.h), and Φ̂W = Ψv with Ψ = [U S², 1] and
 * v0 = [UᵀW0_h; w0_b]. The fit is then the ordinary LE objective on Ψ's r + 1 columns. */
#include "core/solvers/le.h"
#include "core/solvers/le-private.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"
#include "core/solvers/landmarks.h"

#include <cblas.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

/* Eigenvalues of K(Z, Z) below √ε·λ_max are dropped from its inverse square root: U's
 * departure from orthonormality grows like ε/τ and the kernel's truncation like τ·λ_max,
 * so τ = √ε keeps both at about 1.5e-8. */
#define PATH_CUTOFF 1.4901161193847656e-08

/* a (rows×cols, column-major, leading dimension lda) ← a·b in place, b cols×out (out ≤
 * cols), in blocks of rows. */
static void
times_in_place (double *a, gsize rows, gsize cols, gsize lda, const double *b, gsize out)
{
  const gsize block = 256;
  g_autofree double *t = g_new (double, block * cols);
  for (gsize i0 = 0; i0 < rows; i0 += block)
    {
      gsize nb = MIN (block, rows - i0);
      for (gsize j = 0; j < cols; j++)
        memcpy (t + j * nb, a + i0 + j * lda, nb * sizeof (double));
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) nb, (int) out, (int) cols,
                   1.0, t, (int) nb, b, (int) cols, 0.0, a + i0, (int) lda);
    }
}

/* Eigenvalues (ascending) and vectors of the symmetric `a` (lower triangle) in place. */
static gboolean
eigen (LescMatrix *a, double *values, const char *what, GError **error)
{
  lapack_int info = LAPACKE_dsyevd (LAPACK_COL_MAJOR, 'V', 'L', (lapack_int) a->rows, a->data,
                                    (lapack_int) a->rows, values);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "LE step (large): the eigenvalue solver failed on %s (dsyevd info %d)", what,
                   (int) info);
      return FALSE;
    }
  return TRUE;
}

LescLeKernel *
lesc_le_kernel_new_path (const LescMatrix *x, gsize m, guint32 seed, GError **error)
{
  gsize n = x->rows;
  m = MIN (m, n);
  g_autofree gsize *index = g_new (gsize, MAX (m, 1));
  g_autoptr (LescMatrix) z = lesc_landmarks_select_index (x, m, seed, index);
  double width = lesc_mean_pairwise_distance (z);
  if (!(width > 0.0))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LE step: all %zu landmark rows of %zu samples are identical (kernel width 0)",
                   z->rows, n);
      return NULL;
    }
  g_autoptr (LescMatrix) cross = lesc_rbf_kernel (x, z, width);   /* K(X, Z) */
  /* K(Z, Z) = the landmarks' rows of K(X, Z); T0 = V_r Λ_r^{-1/2} in place of V */
  g_autoptr (LescMatrix) t0 = lesc_matrix_new (m, m);
  for (gsize j = 0; j < m; j++)
    for (gsize i = j; i < m; i++)
      LESC_AT (t0, i, j) = LESC_AT (cross, index[i], j);
  g_autofree double *lambda = g_new (double, m);
  if (!eigen (t0, lambda, "the landmarks' kernel", error))
    return NULL;
  gsize first = 0;
  while (first < m && !(lambda[first] > PATH_CUTOFF * lambda[m - 1]))
    first++;
  gsize r = m - first;
  if (r == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "LE step (large): the landmarks' kernel has no positive eigenvalue");
      return NULL;
    }
  double *v = t0->data + first * m;
  for (gsize j = 0; j < r; j++)
    cblas_dscal ((int) m, 1.0 / sqrt (lambda[first + j]), v + j * m, 1);
  /* E = K(X, Z) T0 into Ψ's first r columns; its Gram EᵀE = P S² Pᵀ */
  g_autoptr (LescMatrix) psi = lesc_matrix_try_new (n, r + 1, error);
  if (psi == NULL)
    return NULL;
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) r, (int) m, 1.0,
               cross->data, (int) n, v, (int) m, 0.0, psi->data, (int) n);
  g_clear_pointer (&cross, lesc_matrix_free);
  g_autoptr (LescMatrix) p = lesc_matrix_new (r, r);
  cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) r, (int) n, 1.0, psi->data, (int) n,
               0.0, p->data, (int) r);
  g_autofree double *s2 = g_new (double, r);
  if (!eigen (p, s2, "the Nyström factor's Gram matrix", error))
    return NULL;
  /* EᵀE ≥ Λ_r in exact arithmetic: a non-positive S² is rounding of a vanishing direction */
  gsize drop = 0;
  while (drop < r && !(s2[drop] > 0.0))
    drop++;
  gsize rr = r - drop;
  double *pp = p->data + drop * r;
  for (gsize j = 0; j < rr; j++)
    cblas_dscal ((int) r, sqrt (s2[drop + j]), pp + j * r, 1);
  /* Ψ_h = E P S = U S²; the landmark weights T = T0 P S */
  times_in_place (psi->data, n, r, n, pp, rr);
  LescMatrix *weights = lesc_matrix_new (m, rr);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) m, (int) rr, (int) r, 1.0, v,
               (int) m, pp, (int) r, 0.0, weights->data, (int) m);
  psi->cols = rr + 1;
  for (gsize i = 0; i < n; i++)
    LESC_AT (psi, i, rr) = 1.0;
  LescLeKernel *kernel = g_new0 (LescLeKernel, 1);
  kernel->phi = g_steal_pointer (&psi);
  kernel->width = width;
  kernel->landmarks = g_steal_pointer (&z);
  kernel->path_s2 = g_memdup2 (s2 + drop, rr * sizeof (double));
  kernel->path_weights = weights;
  return kernel;
}

/* Ψ_h's first r columns in rows n, the coordinate count r. */
static gsize
path_rank (const LescLeKernel *k)
{
  return k->phi->cols - 1;
}

LescMatrix *
lesc_le_path_start (const LescLeKernel *k, gsize c, guint32 seed)
{
  gsize n = k->phi->rows, r = path_rank (k);
  g_autoptr (LescMatrix) w0 = lesc_le_initial_weights (n + 1, c, seed);
  LescMatrix *v = lesc_matrix_new (r + 1, c);
  /* UᵀW0_h = S⁻² Ψ_hᵀ W0_h */
  cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) r, (int) c, (int) n, 1.0,
               k->phi->data, (int) n, w0->data, (int) (n + 1), 0.0, v->data, (int) (r + 1));
  for (gsize j = 0; j < c; j++)
    {
      for (gsize i = 0; i < r; i++)
        LESC_AT (v, i, j) /= k->path_s2[i];
      LESC_AT (v, r, j) = LESC_AT (w0, n, j);
    }
  return v;
}

void
lesc_le_path_to_original (const LescLeKernel *k, gsize c, const double *v, double *out,
                          double *work)
{
  gsize n = k->phi->rows, r = path_rank (k);
  for (gsize j = 0; j < c; j++)
    {
      for (gsize i = 0; i < r; i++)
        work[i + j * r] = v[i + j * (r + 1)] / k->path_s2[i];
      out[n + j * (n + 1)] = v[r + j * (r + 1)];
    }
  /* U = Ψ_h S⁻² */
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) c, (int) r, 1.0,
               k->phi->data, (int) n, work, (int) r, 0.0, out, (int) (n + 1));
}

LescMatrix *
lesc_le_path_weights (const LescLeKernel *k, const LescMatrix *v)
{
  gsize m = k->path_weights->rows, r = path_rank (k), c = v->cols;
  LescMatrix *w = lesc_matrix_new (m + 1, c);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) m, (int) c, (int) r, 1.0,
               k->path_weights->data, (int) m, v->data, (int) (r + 1), 0.0, w->data,
               (int) (m + 1));
  for (gsize j = 0; j < c; j++)
    LESC_AT (w, m, j) = LESC_AT (v, r, j);
  return w;
}
