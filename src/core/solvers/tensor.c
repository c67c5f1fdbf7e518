/* gLESC's tensor step (docs/methods.md §7; the official Affinity_by_tSVD.m + wshrinkObj.m).
 *
 * The update order, constants and stopping rule of docs/methods.md §7.1, arranged so that an iteration
 * reads and writes its n×n state once (docs/reformulations.md §7; the step is bound by memory traffic):
 *
 * * Spectral state. Matrices live as their spectra along the sample (row) index: the real
 *   FFT of every column, frequencies 0..⌊n/2⌋ (n_h of them), stored transposed (n×n_h, so
 *   frequency f's slice over all n columns is contiguous), real and imaginary parts apart.
 * * Only T_v = Z_v + W_v/ρ, the last SVT input, is kept. The `samples` SVT acts on each
 *   frequency's slice [t₁ t₂] as a 2×2 matrix M_f, so G = T·M_f, and with r = ρ/ρ' (the
 *   multiplier only enters divided by the coming ρ'):
 *     W/ρ' = r(T − G),   R₀ = G − W/ρ' = G + r(G − T)   (the next Z update's start),
 *     Z' = R₀ + D,       T' = Z' + W/ρ' = G + D,        D = Ẑ' − R̂₀.
 *   Z is written out only in iterations that may be the last (the residual test, which
 *   comes first, passed): the output and the ‖Z − G‖∞ test need it. The `views` variant
 *   keeps G too (its SVT is not per frequency).
 * * The Z update (I + aX_vᵀX_v)⁻¹(R₀ + X_vᵀP/ρ), a = μ/ρ, is by Woodbury
 *     Z = R₀ + X_vᵀS,  S = P/ρ − (a⁻¹I + X_vX_vᵀ)⁻¹(X_vR₀ + X_vX_vᵀP/ρ)   (d×n),
 *   so D = X̂_v S, and all it needs from the big arrays is X_vR₀ = Σ_f (w_f/n)
 *   Re(X̂_v(f, :)ᴴ R̂₀(f, :)) (Parseval; w_f = 1 at 0 and n/2, else 2). A view with d ≥ n is
 *   solved spatially with an n×n Cholesky factor instead and hands D over in a full array.
 * * The pass: frequencies in blocks of B. For each block, D = X̂S (row panels), then per
 *   frequency the SVT of the n×2 slice and R₀, then X_vR₀ += (row panels) — the block's D
 *   and R₀ stay in cache. The panels' products are hand-written for d ≤ 8, BLAS calls small
 *   enough to stay on the calling thread for d ≤ 64, and one OpenBLAS-threaded call per
 *   block beyond. Threads share a block's frequencies and row panels; every sum runs in an
 *   order fixed by the problem's size, not by the thread count.
 * * No call in the iteration wakes OpenBLAS's thread pool for d ≤ 64 (smalldense.c): its
 *   spinning threads would take the cores from the pass's own.
 * * A view with more features than that (SBU_3DFE 243, Movie 1869) is held in the
 *   eigenbasis of X_vX_vᵀ = UΛUᵀ: X_v → UᵀX_v turns every d×d product of the Woodbury
 *   solve into a diagonal scaling (Movie: 108 of 558 GFlop per iteration), and changes
 *   nothing else: (I + aX_vᵀX_v)⁻¹ and X_vᵀP are invariant, E_v and Y_v rotate with the
 *   constraint X_v = X_vZ_v + E_v, and the ℓ2,1 shrink sees the same column norms. Only the
 *   stopping rule's ‖X_v − X_vZ_v − E_v‖∞ (maximum row sum) is not invariant: bounds in
 *   the rotated coordinates decide it, and the rows are rotated back when they do not. */
#include "core/solvers/tensor.h"
#include "core/base/blasthreads.h"
#include "core/base/prefault.h"
#include "core/solvers/tensor-private.h"
#include "core/base/error.h"
#include "core/numeric/shrink.h"
#include "core/numeric/smalldense.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#define TENSOR_THR      1e-7
#define TENSOR_MAX_ITER 200
#define TENSOR_MU0      1e-4
#define TENSOR_MU_MAX   1e11
#define TENSOR_RHO0     1e-4
#define TENSOR_RHO_MAX  1e13
#define TENSOR_FACTOR   2.0
#define TENSOR_AUTO_THREADS 4

/* ---- sizes ---- */

/* Frequencies per block: the block's D and R₀ (n×B, both views, two blocks) stay in the
 * last-level cache; wider blocks for many features, where the X_vR₀ update of a d×n
 * matrix per block would otherwise dominate. */
static gsize
block_size (gsize dmax)
{
  return dmax <= 64 ? 32 : 256;
}

/* Rows per panel (per BLAS call): small enough that OpenBLAS runs a call in the calling
 * thread (m·n·k below its 2¹⁸ threshold) when the features are few, so the pass's threads
 * do not queue for its pool; and a multiple of 12 panels of nearly equal size, so that 1,
 * 2, 3 or 4 threads get equal shares. */
static gsize
panel_rows (gsize n, gsize dmax, gsize block)
{
  gsize cap = dmax <= 64 ? CLAMP ((1u << 18) / (block * dmax), 64, 512) / 16 * 16 : 512;
  gsize panels = ((n + cap - 1) / cap + 11) / 12 * 12;
  gsize rows = ((n + panels - 1) / panels + 15) / 16 * 16;
  return MAX (16, MIN (rows, cap));
}

static double
estimate_doubles (gsize n, gsize q, gsize c, gboolean views, gboolean average)
{
  double dn = (double) n, nh = (double) (n / 2 + 1), d = (double) (q + c);
  double dmax = (double) MAX (q, c), spectrum = 2.0 * nh * dn;
  /* T̂ and Ẑ of both views; the outputs (the first is also the n×n work) */
  double doubles = 4.0 * spectrum + (average ? 1.0 : 2.0) * dn * dn;
  if (views)   /* Ĝ of both views; dense n×n SVD: its copy, U, Vᵀ and work (~4n²) */
    doubles += 2.0 * spectrum + 7.0 * dn * dn;
  /* block buffers; X_v, Y_v, X_v − X_vZ_v, X_vZ_v, (X_vR₀)ᵀ, Sᵀ and E (d×n each); X̂_v
   * twice; work */
  doubles += 16.0 * dn * (double) block_size (MAX (q, c));
  doubles += 7.0 * d * dn + 4.0 * nh * d + 2.0 * dmax * dn + 6.0 * nh;
  /* a view with d_v ≥ n: its n×n factor and D̂; else its d_v×d_v factor and X_vX_vᵀ */
  doubles += q >= n ? dn * dn + spectrum : 2.0 * (double) q * (double) q;
  doubles += c >= n ? dn * dn + spectrum : 2.0 * (double) c * (double) c;
  /* a view held in its eigenbasis: U, and X_vᵀU while the view is set up */
  doubles += q < n && q > LESC_SMALL_DENSE_MAX ? (double) q * (double) q + dn * (double) q : 0.0;
  doubles += c < n && c > LESC_SMALL_DENSE_MAX ? (double) c * (double) c + dn * (double) c : 0.0;
  return doubles;
}

double
lesc_tensor_memory_estimate_for (gsize n, gsize q, gsize c, const LescTensorOptions *options)
{
  return 8.0 * estimate_doubles (n, q, c, options != NULL && options->fft_over_views,
                                 options != NULL && options->average);
}

double
lesc_tensor_memory_estimate (gsize n, gsize q, gsize c)
{
  return lesc_tensor_memory_estimate_for (n, q, c, NULL);
}

/* Zero-filled, freed with the Tensor. Successive blocks start at different offsets within
 * a page (72 doubles apart, modulo 512): the pass streams several arrays at once, and
 * with equal page offsets they would compete for the same cache sets. */
static double *
tensor_alloc (Tensor *tn, gsize count)
{
  if (tn->out_of_memory)
    return NULL;
  gsize shift = (tn->blocks->len * 72) % 512;
  double *p = count > G_MAXSIZE / sizeof (double) - 512 ? NULL
              : g_try_malloc0 ((count + shift + 1) * sizeof (double));
  if (p == NULL)
    {
      tn->out_of_memory = TRUE;
      return NULL;
    }
  g_ptr_array_add (tn->blocks, p);
  lesc_prefault (p, (count + shift + 1) * sizeof (double));
  return p + shift;
}

/* ---- the small updates (d×n) ---- */

/* The Cholesky factor for a = μ/ρ (kept while a does not change). */
static gboolean
factorize (Tensor *tn, View *v, double a, GError **error)
{
  gsize n = tn->n, d = v->d, dim = v->woodbury ? d : n;
  if (v->rotation != NULL)
    {
      /* (a⁻¹I + Λ)⁻¹ */
      for (gsize i = 0; i < d; i++)
        v->factor[i] = 1.0 / (1.0 / a + v->xxt[i]);
      v->factor_a = a;
      return TRUE;
    }
  if (v->woodbury)
    {
      memcpy (v->factor, v->xxt, d * d * sizeof (double));
      for (gsize i = 0; i < d; i++)
        v->factor[i + i * d] += 1.0 / a;
    }
  else
    {
      cblas_dsyrk (CblasColMajor, CblasLower, CblasNoTrans, (int) n, (int) d, a, v->xs, (int) n,
                   0.0, v->factor, (int) n);
      for (gsize i = 0; i < n; i++)
        v->factor[i + i * n] += 1.0;
    }
  lapack_int info = v->small ? (lesc_small_cholesky (v->factor, d) ? 0 : 1)
                    : LAPACKE_dpotrf (LAPACK_COL_MAJOR, 'L', (lapack_int) dim, v->factor, (lapack_int) dim);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "tensor step: Cholesky factorization of the %zu×%zu Z-update matrix failed "
                   "(info %d, μ/ρ = %g)", dim, dim, (int) info, a);
      return FALSE;
    }
  v->factor_a = a;
  return TRUE;
}

/* Z_v ← (I + (μ/ρ)X_vᵀX_v)⁻¹ [R₀ + X_vᵀP/ρ], P = Y_v + μX_v − μE_v, as S (Woodbury) or as
 * D̂ = Ẑ_v − R̂₀ (d ≥ n); then X_vZ_v and res = X_v − X_vZ_v. */
static gboolean
update_z (Tensor *tn, View *v, double mu, double rho, GError **error)
{
  gsize n = tn->n, d = v->d, ld_e = tn->v[0].d + tn->v[1].d;
  double a = mu / rho;
  if (v->factor_a != a && !factorize (tn, v, a, error))
    return FALSE;
  double *p = tn->p, *t = tn->t;
  for (gsize j = 0; j < n; j++)
    for (gsize k = 0; k < d; k++)
      p[k + j * d] = v->y[k + j * d] + mu * v->x[k + j * d] - mu * tn->e[v->off + k + j * ld_e];
  if (v->woodbury)
    {
      /* S = P/ρ − W, W = (a⁻¹I + XXᵀ)⁻¹(XR₀ + XXᵀP/ρ) = (a⁻¹I + XXᵀ)⁻¹XR; and
       * XZ = X(I + aXᵀX)⁻¹R = (I + aXXᵀ)⁻¹XR = W/a (push-through), no third product */
      for (gsize j = 0; j < n; j++)
        for (gsize k = 0; k < d; k++)
          t[k + j * d] = v->xrt[j + k * n];
      if (v->rotation != NULL)
        for (gsize j = 0; j < n; j++)
          for (gsize k = 0; k < d; k++)
            t[k + j * d] = (t[k + j * d] + v->xxt[k] * p[k + j * d] / rho) * v->factor[k];
      else if (v->small)
        {
          lesc_small_multiply_add (1.0 / rho, v->xxt, d, p, n, t);
          lesc_small_cholesky_solve (v->factor, d, t, n);
        }
      else
        {
          cblas_dsymm (CblasColMajor, CblasLeft, CblasLower, (int) d, (int) n, 1.0 / rho, v->xxt,
                       (int) d, p, (int) d, 1.0, t, (int) d);
          LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) d, (lapack_int) n, v->factor,
                          (lapack_int) d, t, (lapack_int) d);
        }
      for (gsize j = 0; j < n; j++)
        for (gsize k = 0; k < d; k++)
          {
            v->xz[k + j * d] = t[k + j * d] / a;
            v->st[j + k * n] = p[k + j * d] / rho - t[k + j * d];
          }
    }
  else
    {
      /* spatially: R = R₀ + XᵀP/ρ; Z = (I + aXᵀX)⁻¹R; XZ; D̂ = F Z − R̂₀ */
      double *r = tn->real;
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      tensor_fft_backward (n, tn->threads, tensor_gather_stored, &(StoredSpectrum) { v->dr, v->di, n }, 1.0, r);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) n, (int) d,
                   1.0 / rho, v->xs, (int) n, p, (int) d, 1.0 / (double) n, r, (int) n);
      LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) n, (lapack_int) n, v->factor,
                      (lapack_int) n, r, (lapack_int) n);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) d, (int) n, (int) n,
                   1.0, v->xs, (int) n, r, (int) n, 0.0, v->xz, (int) d);
      tensor_fft_forward (n, n, r, v->dr, v->di, TRUE);
    }
  for (gsize i = 0; i < d * n; i++)
    v->res[i] = v->x[i] - v->xz[i];
  return TRUE;
}

/* E ← column shrink of [X₁ − X₁Z₁ + Y₁/μ; X₂ − X₂Z₂ + Y₂/μ] with τ = β/μ. */
static void
update_e (Tensor *tn, double mu, double beta)
{
  gsize n = tn->n, ld_e = tn->v[0].d + tn->v[1].d;
  for (int k = 0; k < 2; k++)
    {
      const View *v = &tn->v[k];
      for (gsize j = 0; j < n; j++)
        for (gsize i = 0; i < v->d; i++)
          tn->e[v->off + i + j * ld_e] = v->res[i + j * v->d] + v->y[i + j * v->d] / mu;
    }
  lesc_shrink_columns (tn->e, ld_e, n, beta / mu);
}

/* Y_v ← Y_v + μ(X_v − X_vZ_v − E_v) */
static void
update_y (Tensor *tn, View *v, double mu)
{
  gsize ld_e = tn->v[0].d + tn->v[1].d;
  for (gsize j = 0; j < tn->n; j++)
    for (gsize i = 0; i < v->d; i++)
      v->y[i + j * v->d] += mu * (v->res[i + j * v->d] - tn->e[v->off + i + j * ld_e]);
}

/* ‖M‖∞ (maximum absolute row sum) of the rows×cols matrix a − b (leading dimensions lda, ldb). */
static double
norm_inf_diff (const double *a, gsize lda, const double *b, gsize ldb, gsize rows, gsize cols,
               double *rowsum)
{
  memset (rowsum, 0, rows * sizeof (double));
  for (gsize j = 0; j < cols; j++)
    for (gsize i = 0; i < rows; i++)
      rowsum[i] += fabs (a[i + j * lda] - (b != NULL ? b[i + j * ldb] : 0.0));
  double m = 0.0;
  for (gsize i = 0; i < rows; i++)
    m = MAX (m, rowsum[i]);
  return m;
}

/* docs/methods.md §7.1 step 3, first half: ‖X_v − X_vZ_v − E_v‖∞ ≤ thr for both views. It is known before
 * the SVT; only when it holds can the iteration be the last. */
static gboolean
residuals_within (Tensor *tn, double thr)
{
  gsize ld_e = tn->v[0].d + tn->v[1].d;
  for (int k = 0; k < 2; k++)
    {
      const View *v = &tn->v[k];
      if (v->rotation == NULL)
        {
          if (norm_inf_diff (v->res, v->d, tn->e + v->off, ld_e, v->d, tn->n, tn->rowsum) > thr)
            return FALSE;
          continue;
        }
      /* R = UR̃: ‖R‖∞ ≤ Σⱼ‖R̃eⱼ‖ (U's rows have unit norm), ‖R‖∞ ≥ ‖R‖_F/√d = ‖R̃‖_F/√d */
      gsize n = tn->n, d = v->d;
      double upper = 0.0, fro2 = 0.0;
      for (gsize j = 0; j < n; j++)
        {
          double c = 0.0;
          for (gsize i = 0; i < d; i++)
            {
              double r = v->res[i + j * d] - tn->e[v->off + i + j * ld_e];
              c += r * r;
            }
          upper += sqrt (c);
          fro2 += c;
        }
      if (upper <= thr)
        continue;
      if (sqrt (fro2 / (double) d) > thr)
        return FALSE;
      /* undecided: the rows of R itself, R̃ into tn->p and UR̃ into tn->t */
      for (gsize j = 0; j < n; j++)
        for (gsize i = 0; i < d; i++)
          tn->p[i + j * d] = v->res[i + j * d] - tn->e[v->off + i + j * ld_e];
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) d, (int) n, (int) d, 1.0,
                   v->rotation, (int) d, tn->p, (int) d, 0.0, tn->t, (int) d);
      if (norm_inf_diff (tn->t, d, NULL, 0, d, n, tn->rowsum) > thr)
        return FALSE;
    }
  return TRUE;
}

/* Ẑ_v − Ĝ_v, with Ĝ = T̂·M (`samples`) or the stored Ĝ (`views`). */
typedef struct {
  const Tensor *tn;
  int v;
  gboolean views;
} ZMinusG;

static void
gather_z_minus_g (gconstpointer data, gsize f, gsize j0, gsize count, double *re, double *im)
{
  const ZMinusG *zg = data;
  const Tensor *tn = zg->tn;
  const View *v = &tn->v[zg->v], *v1 = &tn->v[0], *v2 = &tn->v[1];
  const double *m = tn->m + 4 * f;
  for (gsize k = 0; k < count; k++)
    {
      gsize i = j0 + k + f * tn->n;
      double gr, gi;
      if (zg->views)
        gr = v->gr[i], gi = v->gi[i];
      else
        {
          double g1r, g1i, g2r, g2i;
          MIX (m[0], m[1], m[2], m[3], v1->tr[i], v1->ti[i], v2->tr[i], v2->ti[i], g1r, g1i, g2r, g2i);
          gr = zg->v == 0 ? g1r : g2r;
          gi = zg->v == 0 ? g1i : g2i;
        }
      re[k] = v->zr[i] - gr;
      im[k] = v->zi[i] - gi;
    }
}

/* docs/methods.md §7.1 step 3, second half (the residuals passed): ‖Z_v − G_v‖∞ ≤ thr for both views.
 * ‖·‖∞ lies between ‖·‖_F/√n and √n‖·‖_F; it is computed exactly (inverse FFT) only when
 * those bounds do not decide. Sets *within; FALSE when cancelled. */
static gboolean
z_near_g (Tensor *tn, gboolean views, double thr, gboolean *within, GError **error)
{
  gsize n = tn->n;
  double root_n = sqrt ((double) n);
  *within = FALSE;
  for (int k = 0; k < 2; k++)
    {
      double fro2 = 0.0;
      for (gsize f = 0; f < tn->nh; f++)
        fro2 += tn->fro[2 * f + k];
      double fro = sqrt (fro2 / (double) n);
      if (fro * root_n <= thr * (1.0 - 1e-9))
        continue;
      if (fro / root_n > thr * (1.0 + 1e-9))
        return TRUE;
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      tensor_fft_backward (n, tn->threads, gather_z_minus_g, &(ZMinusG) { tn, k, views }, 1.0, tn->real);
      if (norm_inf_diff (tn->real, n, NULL, 0, n, n, tn->rowsum) / (double) n > thr)
        return TRUE;
    }
  *within = TRUE;
  return TRUE;
}

/* ---- set-up and the driver ---- */

static gboolean
validate (const LescMatrix *x, const LescMatrix *l, double beta, LescMatrix **z1, LescMatrix **z2,
          GError **error)
{
  if (x == NULL || l == NULL || x->rows < 1 || x->cols < 1 || l->cols < 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "tensor step: the features x (n×q) and logical labels l (n×c) must be non-empty");
      return FALSE;
    }
  if (l->rows != x->rows)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "tensor step: the logical labels l have %zu rows, expected %zu (the rows of x)",
                   l->rows, x->rows);
      return FALSE;
    }
  if (!(beta > 0.0) || !isfinite (beta))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "tensor step: lambda2 (beta) must be a positive finite number (got %g)", beta);
      return FALSE;
    }
  gsize bi, bj;
  for (int k = 0; k < 2; k++)
    if (!lesc_matrix_all_finite (k == 0 ? x : l, &bi, &bj))
      {
        g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                     "tensor step: %s holds a non-finite value at row %zu, column %zu",
                     k == 0 ? "the features x" : "the logical labels l", bi + 1, bj + 1);
        return FALSE;
      }
  if (z1 == NULL || z2 == NULL)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE, "tensor step: z1 and z2 must not be NULL");
      return FALSE;
    }
  gsize big = MAX (x->rows, MAX (x->cols, l->cols));
  if (x->rows > (gsize) G_MAXINT / big)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "tensor step: n = %zu samples is beyond the 32-bit BLAS/FFTW index range", x->rows);
      return FALSE;
    }
  return TRUE;
}

static gboolean
view_init (Tensor *tn, View *v, const LescMatrix *input, gsize off, gboolean views, GError **error)
{
  gsize n = tn->n, nh = tn->nh, d = input->cols;
  v->d = d;
  v->off = off;
  v->xs = input->data;
  v->woodbury = d < n;
  v->small = v->woodbury && d <= LESC_SMALL_DENSE_MAX;
  v->x = tensor_alloc (tn, d * n);
  v->y = tensor_alloc (tn, d * n);
  v->res = tensor_alloc (tn, d * n);
  v->xz = tensor_alloc (tn, d * n);
  v->xrt = v->woodbury ? tensor_alloc (tn, d * n) : NULL;
  v->st = v->woodbury ? tensor_alloc (tn, d * n) : NULL;
  v->xh_re = tensor_alloc (tn, nh * d);
  v->xh_im = tensor_alloc (tn, nh * d);
  v->xw_re = tensor_alloc (tn, nh * d);
  v->xw_im = tensor_alloc (tn, nh * d);
  v->xxt = v->woodbury ? tensor_alloc (tn, d * d) : NULL;
  v->rotation = v->woodbury && !v->small ? tensor_alloc (tn, d * d) : NULL;
  v->factor = tensor_alloc (tn, v->woodbury ? d * d : n * n);
  v->tr = tensor_alloc (tn, nh * n);
  v->ti = tensor_alloc (tn, nh * n);
  v->zr = tensor_alloc (tn, nh * n);
  v->zi = tensor_alloc (tn, nh * n);
  v->gr = views ? tensor_alloc (tn, nh * n) : NULL;
  v->gi = views ? tensor_alloc (tn, nh * n) : NULL;
  v->dr = v->woodbury ? NULL : tensor_alloc (tn, nh * n);
  v->di = v->woodbury ? NULL : tensor_alloc (tn, nh * n);
  if (tn->out_of_memory)
    return FALSE;
  for (gsize j = 0; j < n; j++)
    for (gsize k = 0; k < d; k++)
      v->x[k + j * d] = input->data[j + k * n];
  /* X_v X_vᵀ = inputᵀ input */
  if (v->small)
    lesc_small_gram (v->x, d, n, v->xxt);
  else if (v->woodbury)
    cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) d, (int) n, 1.0, input->data, (int) n,
                 0.0, v->xxt, (int) d);
  const double *spatial = input->data;   /* X_vᵀ (n×d), the FFT's input */
  g_autofree double *rotated = NULL;
  if (v->rotation != NULL)
    {
      /* X_vX_vᵀ = UΛUᵀ (Λ ascending, into xxt[0..d)); X_v → UᵀX_v, X_vᵀ → X_vᵀU */
      g_autofree double *lambda = g_new (double, d);
      memcpy (v->rotation, v->xxt, d * d * sizeof (double));
      if (LAPACKE_dsyevd (LAPACK_COL_MAJOR, 'V', 'L', (lapack_int) d, v->rotation, (lapack_int) d,
                          lambda) != 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                       "tensor step: the eigendecomposition of the %zu×%zu Gram matrix failed", d, d);
          return FALSE;
        }
      for (gsize i = 0; i < d; i++)
        v->xxt[i] = MAX (lambda[i], 0.0);   /* PSD: a rounding-negative eigenvalue is 0 */
      rotated = g_try_new (double, n * d);
      if (rotated == NULL)
        {
          tn->out_of_memory = TRUE;
          return FALSE;
        }
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) d, (int) d, 1.0,
                   input->data, (int) n, v->rotation, (int) d, 0.0, rotated, (int) n);
      for (gsize j = 0; j < n; j++)
        for (gsize k = 0; k < d; k++)
          v->x[k + j * d] = rotated[j + k * n];
      spatial = rotated;
    }
  tensor_fft_forward (n, d, spatial, v->xh_re, v->xh_im, FALSE);
  for (gsize f = 0; f < nh; f++)
    for (gsize k = 0; k < d; k++)
      {
        v->xw_re[k + f * d] = v->xh_re[k + f * d] * tn->wf[f] / (double) n;
        v->xw_im[k + f * d] = v->xh_im[k + f * d] * tn->wf[f] / (double) n;
      }
  return TRUE;
}

gboolean
lesc_tensor_step (const LescMatrix *x, const LescMatrix *l, double beta,
                  const LescTensorOptions *options, LescProgress *progress,
                  LescTensorReport *report, LescMatrix **z1, LescMatrix **z2,
                  GError **error)
{
  if (!validate (x, l, beta, z1, z2, error))
    return FALSE;
  LescTensorOptions opts = { FALSE, FALSE, 0, FALSE };
  if (options != NULL)
    opts = *options;
  gsize n = x->rows, nh = n / 2 + 1, dmax = MAX (x->cols, l->cols);

  g_autoptr (LescMatrix) out1 = lesc_matrix_try_new (n, n, error);
  g_autoptr (LescMatrix) out2 = out1 && !opts.average ? lesc_matrix_try_new (n, n, error) : NULL;
  if (out1 == NULL || (out2 == NULL && !opts.average))
    return FALSE;
  Tensor tn = { 0 };
  tn.n = n;
  tn.nh = nh;
  tn.progress = progress;
  tn.blocks = g_ptr_array_new_with_free_func (g_free);
  tn.block = block_size (dmax);
  tn.panel = panel_rows (n, dmax, tn.block);
  /* the pass is memory-bound: a second thread pays only for large n; none where BLAS
   * was asked for one thread (OPENBLAS_NUM_THREADS=1, or units run in parallel) */
  tn.threads = opts.threads > 0 ? MIN (opts.threads, TENSOR_MAX_THREADS)
               : n >= 512 && lesc_blas_threads_get () != 1
                   ? CLAMP (g_get_num_processors (), 1, TENSOR_AUTO_THREADS) : 1;
  tn.real = out1->data;
  tn.wf = tensor_alloc (&tn, nh);
  tn.rowsum = tensor_alloc (&tn, MAX (n, dmax));
  tn.m = tensor_alloc (&tn, 4 * nh);
  tn.fro = tensor_alloc (&tn, 2 * nh);
  tn.e = tensor_alloc (&tn, (x->cols + l->cols) * n);
  tn.p = tensor_alloc (&tn, dmax * n);
  tn.t = tensor_alloc (&tn, dmax * n);
  for (int b = 0; b < 2; b++)
    for (int v = 0; v < 2; v++)
      for (int p = 0; p < 2; p++)
        {
          tn.dbuf[b][v][p] = tensor_alloc (&tn, n * tn.block);
          tn.rbuf[b][v][p] = tensor_alloc (&tn, n * tn.block);
        }
  if (!tn.out_of_memory)
    for (gsize f = 0; f < nh; f++)
      tn.wf[f] = f == 0 || 2 * f == n ? 1.0 : 2.0;
  gboolean ok = FALSE;
  if ((!view_init (&tn, &tn.v[0], x, 0, opts.fft_over_views, error)
       || !view_init (&tn, &tn.v[1], l, x->cols, opts.fft_over_views, error))
      && !tn.out_of_memory)
    goto out;
  if (tn.out_of_memory)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
                   "tensor step: cannot allocate its work space (about %.0f MB for n = %zu)",
                   lesc_tensor_memory_estimate_for (n, x->cols, l->cols, &opts) / 1e6, n);
      goto out;
    }

  /* Start: Z = W = G = 0, so T = 0 and M = 0 (R₀ = 0, X_vR₀ = 0). */
  double mu = TENSOR_MU0, rho = TENSOR_RHO0, thr = TENSOR_THR, r_last = 0.0;
  guint t = 0;
  for (;;)
    {
      for (int k = 0; k < 2; k++)
        {
          if (lesc_progress_cancelled (progress, error))
            goto out;
          if (!update_z (&tn, &tn.v[k], mu, rho, error))
            goto out;
          update_e (&tn, mu, beta);
          update_y (&tn, &tn.v[k], mu);
        }
      double rho_next = MIN (TENSOR_FACTOR * rho, TENSOR_RHO_MAX);
      Pass pass = { .tn = &tn, .maybe_last = residuals_within (&tn, thr),
                    .odd_double = !opts.odd_n_single_shrink, .tau = 1.0 / rho,
                    .r_last = r_last, .r = rho / rho_next };
      if (!opts.fft_over_views)
        {
          pass.kind = PASS_SAMPLES;
          if (!tensor_run_pass (&pass, error))
            goto out;
        }
      else
        {
          pass.kind = PASS_VIEWS_INPUT;
          if (!tensor_run_pass (&pass, error) || !tensor_svt_views (&tn, 1.0 / rho, error))
            goto out;
          pass.kind = PASS_VIEWS_OUTPUT;
          if (!tensor_run_pass (&pass, error))
            goto out;
        }
      gboolean converged = FALSE;
      if (pass.maybe_last && !z_near_g (&tn, opts.fft_over_views, thr, &converged, error))
        goto out;
      if (t > TENSOR_MAX_ITER)
        thr = 1.0;
      t++;
      mu = MIN (TENSOR_FACTOR * mu, TENSOR_MU_MAX);
      rho = rho_next;
      r_last = pass.r;
      lesc_progress_report (progress, MIN (0.98, t / 40.0), "tensor step");
      if (converged)
        break;
    }

  /* Z_v = F⁻¹Ẑ_v (the real part: c2r reads the conjugate-symmetric half), or their mean */
  StoredSpectrum z[2] = { { tn.v[0].zr, tn.v[0].zi, n }, { tn.v[1].zr, tn.v[1].zi, n } };
  if (opts.average)
    tensor_fft_backward (n, tn.threads, tensor_gather_sum, z, 0.5 / (double) n, out1->data);
  else
    {
      tensor_fft_backward (n, tn.threads, tensor_gather_stored, &z[0], 1.0 / (double) n, out1->data);
      tensor_fft_backward (n, tn.threads, tensor_gather_stored, &z[1], 1.0 / (double) n, out2->data);
    }
  lesc_progress_report (progress, 1.0, "tensor step");
  if (report != NULL)
    report->iterations = t;
  *z1 = g_steal_pointer (&out1);
  *z2 = g_steal_pointer (&out2);
  ok = TRUE;
out:
  g_ptr_array_unref (tn.blocks);
  return ok;
}
