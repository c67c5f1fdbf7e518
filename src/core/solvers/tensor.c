/* gLESC's tensor step (algorithms.md §7; reference Affinity_by_tSVD.m + wshrinkObj.m).
 *
 * The update order, constants and stopping rule of §7.1, arranged so that an iteration
 * reads and writes its n×n state once (§11; the step is bound by memory traffic):
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
 *   spinning threads would take the cores from the pass's own. */
#include "core/solvers/tensor.h"
#include "core/base/error.h"
#include "core/numeric/shrink.h"
#include "core/base/simd.h"
#include "core/numeric/smalldense.h"

#include <cblas.h>
#include <fftw3.h>
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
#define TENSOR_MAX_THREADS 16
#define TENSOR_AUTO_THREADS 4
/* Views with at most SMALL_D rows form D and accumulate X_vR₀ with the hand-written
 * kernels (form_small, accumulate_small), not BLAS, whose packing dominates for such thin
 * products. */
#define SMALL_D 8

typedef struct {
  gsize d;                  /* rows of X_v */
  gsize off;                /* first row of E_v in the stacked E */
  const double *xs;         /* the input, samples in rows: X_vᵀ (n×d) */
  double *x;                /* X_v (d×n) */
  double *y;                /* Y_v (d×n) */
  double *res;              /* X_v − X_v Z_v (d×n) */
  double *xz;               /* X_v Z_v (d×n) */
  double *xrt;              /* (X_v R₀)ᵀ (n×d; Woodbury), accumulated by the pass */
  double *st;               /* Sᵀ of Z = R₀ + X_vᵀS (n×d; Woodbury) */
  double *xxt;              /* X_v X_vᵀ (d×d; Woodbury; both triangles when small) */
  double *xh_re, *xh_im;    /* X̂_vᵀ (d×n_h): X̂_v = F X_vᵀ */
  double *xw_re, *xw_im;    /* the same scaled by w_f/n */
  double *tr, *ti;          /* T̂_v (n×n_h) */
  double *zr, *zi;          /* Ẑ_v, in iterations that may be the last */
  double *gr, *gi;          /* Ĝ_v (`views` only) */
  double *dr, *di;          /* d ≥ n: D̂ before the pass, R̂₀ after it */
  double *factor;           /* lower Cholesky factor of a⁻¹I + X_vX_vᵀ (d×d) or I + aX_vᵀX_v (n×n) */
  double factor_a;          /* the a it was made for; 0 before the first */
  gboolean woodbury;
  gboolean small;           /* Woodbury with d ≤ LESC_SMALL_DENSE_MAX: no BLAS threads */
} View;

typedef struct {
  gsize n, nh;
  View v[2];
  double *e;                /* [E₁; E₂] stacked, (d₁ + d₂)×n */
  double *p, *t;            /* Z-update work, max(d)×n */
  double *m;                /* the SVT's 2×2 matrix per frequency: m₁₁, m₂₂, Re m₁₂, Im m₁₂ */
  double *fro;              /* per frequency w_f‖Z_v − G_v‖² of its slice, v = 1, 2 */
  double *real;             /* n×n spatial work (the first output's storage) */
  double *wf;               /* Parseval weights, n_h */
  double *rowsum;           /* max(n, d) row sums */
  double *dbuf[2][2][2];    /* [block parity][view][re, im]: a block's D (n×B); zero between uses */
  double *rbuf[2][2][2];    /* the same for the block's R₀ */
  gsize block, panel;       /* frequencies per block, rows per BLAS panel */
  guint threads;
  GPtrArray *blocks;        /* the allocations above, freed together */
  gboolean out_of_memory;
  LescProgress *progress;
} Tensor;

/* ---- FFTs along the row index of column-major arrays; spectra stored transposed ----
 * FFTW works on blocks of FFT_BLOCK columns gathered into small contiguous buffers (its
 * fastest layout); the gather and scatter do the transposition. */

#define FFT_BLOCK 16

/* FFTW's planner is not thread-safe; execution is. */
static GMutex plan_lock;

static void
plan_destroy (fftw_plan plan)
{
  g_mutex_lock (&plan_lock);
  fftw_destroy_plan (plan);
  g_mutex_unlock (&plan_lock);
}

/* Real n×m (columns of length n) → the transposed spectra m×n_h (split real/imaginary);
 * with `subtract`, re/im ← spectra − re/im. */
static void
fft_forward (gsize n, gsize m, const double *in, double *re, double *im, gboolean subtract)
{
  gsize nh = n / 2 + 1, b = MIN (FFT_BLOCK, m);
  g_autofree double *rbuf = g_new0 (double, n * b);
  g_autofree double *cbuf = g_new0 (double, 2 * nh * b);   /* interleaved complex */
  int len = (int) n;
  g_mutex_lock (&plan_lock);
  fftw_plan plan = fftw_plan_many_dft_r2c (1, &len, (int) b, rbuf, NULL, 1, (int) n,
                                           (fftw_complex *) cbuf, NULL, 1, (int) nh, FFTW_ESTIMATE);
  g_mutex_unlock (&plan_lock);
  double sign = subtract ? -1.0 : 0.0;
  for (gsize j0 = 0; j0 < m; j0 += b)
    {
      gsize bb = MIN (b, m - j0);
      memcpy (rbuf, in + j0 * n, bb * n * sizeof (double));
      fftw_execute (plan);
      for (gsize f = 0; f < nh; f++)
        for (gsize k = 0; k < bb; k++)
          {
            gsize i = j0 + k + f * m;
            re[i] = cbuf[2 * (f + k * nh)] + sign * re[i];
            im[i] = cbuf[2 * (f + k * nh) + 1] + sign * im[i];
          }
    }
  plan_destroy (plan);
}

/* Fills re/im[k] with entry (j0 + k, f) of a transposed spectrum, k < count. */
typedef void (*SpectrumGather) (gconstpointer data, gsize f, gsize j0, gsize count,
                                double *re, double *im);

/* A stored transposed spectrum (m×n_h). */
typedef struct {
  const double *re, *im;
  gsize m;
} StoredSpectrum;

static void
gather_stored (gconstpointer data, gsize f, gsize j0, gsize count, double *re, double *im)
{
  const StoredSpectrum *s = data;
  memcpy (re, s->re + j0 + f * s->m, count * sizeof (double));
  memcpy (im, s->im + j0 + f * s->m, count * sizeof (double));
}

/* The sum of two stored transposed spectra. */
static void
gather_sum (gconstpointer data, gsize f, gsize j0, gsize count, double *re, double *im)
{
  const StoredSpectrum *s = data;
  gsize i = j0 + f * s[0].m;
  for (gsize k = 0; k < count; k++)
    {
      re[k] = s[0].re[i + k] + s[1].re[i + k];
      im[k] = s[0].im[i + k] + s[1].im[i + k];
    }
}

/* Columns [j_begin, j_end) of the transposed spectrum that `gather` produces (m×n_h) →
 * the same columns of the real n×m output, `scale` times the unnormalized inverse
 * transform (which is n times the inverse). */
static void
fft_backward_range (gsize n, gsize j_begin, gsize j_end, SpectrumGather gather, gconstpointer data,
                    double scale, double *out)
{
  gsize nh = n / 2 + 1, b = MIN (FFT_BLOCK, j_end - j_begin);
  g_autofree double *rbuf = g_new0 (double, n * b);
  g_autofree double *cbuf = g_new0 (double, 2 * nh * b);   /* interleaved complex */
  double re[FFT_BLOCK], im[FFT_BLOCK];
  int len = (int) n;
  g_mutex_lock (&plan_lock);
  fftw_plan plan = fftw_plan_many_dft_c2r (1, &len, (int) b, (fftw_complex *) cbuf, NULL, 1, (int) nh,
                                           rbuf, NULL, 1, (int) n,
                                           FFTW_ESTIMATE | FFTW_DESTROY_INPUT);
  g_mutex_unlock (&plan_lock);
  for (gsize j0 = j_begin; j0 < j_end; j0 += b)
    {
      gsize bb = MIN (b, j_end - j0);
      for (gsize f = 0; f < nh; f++)
        {
          gather (data, f, j0, bb, re, im);
          for (gsize k = 0; k < bb; k++)
            {
              cbuf[2 * (f + k * nh)] = re[k];
              cbuf[2 * (f + k * nh) + 1] = im[k];
            }
        }
      fftw_execute (plan);
      if (scale == 1.0)
        memcpy (out + j0 * n, rbuf, bb * n * sizeof (double));
      else
        for (gsize i = 0; i < bb * n; i++)
          out[j0 * n + i] = scale * rbuf[i];
    }
  plan_destroy (plan);
}

typedef struct {
  gsize n, j_begin, j_end;
  SpectrumGather gather;
  gconstpointer data;
  double scale;
  double *out;
} BackwardJob;

static gpointer
backward_job_run (gpointer data)
{
  BackwardJob *job = data;
  fft_backward_range (job->n, job->j_begin, job->j_end, job->gather, job->data, job->scale, job->out);
  return NULL;
}

/* fft_backward_range over all n columns of an n×n result, on `threads` threads. */
static void
fft_backward (gsize n, guint threads, SpectrumGather gather, gconstpointer data, double scale,
              double *out)
{
  BackwardJob jobs[TENSOR_MAX_THREADS];
  GThread *workers[TENSOR_MAX_THREADS] = { NULL };
  guint nt = CLAMP (threads, 1, TENSOR_MAX_THREADS);
  for (guint k = 0; k < nt; k++)
    {
      /* column ranges in whole FFT blocks */
      gsize blocks = (n + FFT_BLOCK - 1) / FFT_BLOCK;
      jobs[k] = (BackwardJob) { n, MIN (n, blocks * k / nt * FFT_BLOCK), MIN (n, blocks * (k + 1) / nt * FFT_BLOCK),
                                gather, data, scale, out };
      if (k > 0 && jobs[k].j_end > jobs[k].j_begin)
        workers[k] = g_thread_try_new ("lesc-fft", backward_job_run, &jobs[k], NULL);
    }
  backward_job_run (&jobs[0]);
  for (guint k = 1; k < nt; k++)
    if (workers[k] != NULL)
      g_thread_join (workers[k]);
    else if (jobs[k].j_end > jobs[k].j_begin)
      backward_job_run (&jobs[k]);
}

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
  return p + shift;
}

/* ---- the small updates (d×n) ---- */

/* The Cholesky factor for a = μ/ρ (kept while a does not change). */
static gboolean
factorize (Tensor *tn, View *v, double a, GError **error)
{
  gsize n = tn->n, d = v->d, dim = v->woodbury ? d : n;
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
      /* S = P/ρ − (a⁻¹I + XXᵀ)⁻¹(XR₀ + XXᵀP/ρ); XZ = XR₀ + XXᵀS */
      for (gsize j = 0; j < n; j++)
        for (gsize k = 0; k < d; k++)
          t[k + j * d] = v->xz[k + j * d] = v->xrt[j + k * n];
      if (v->small)
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
          v->st[j + k * n] = t[k + j * d] = p[k + j * d] / rho - t[k + j * d];
      if (v->small)
        lesc_small_multiply_add (1.0, v->xxt, d, t, n, v->xz);
      else
        cblas_dsymm (CblasColMajor, CblasLeft, CblasLower, (int) d, (int) n, 1.0, v->xxt, (int) d,
                     t, (int) d, 1.0, v->xz, (int) d);
    }
  else
    {
      /* spatially: R = R₀ + XᵀP/ρ; Z = (I + aXᵀX)⁻¹R; XZ; D̂ = F Z − R̂₀ */
      double *r = tn->real;
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      fft_backward (n, tn->threads, gather_stored, &(StoredSpectrum) { v->dr, v->di, n }, 1.0, r);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) n, (int) d,
                   1.0 / rho, v->xs, (int) n, p, (int) d, 1.0 / (double) n, r, (int) n);
      LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) n, (lapack_int) n, v->factor,
                      (lapack_int) n, r, (lapack_int) n);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) d, (int) n, (int) n,
                   1.0, v->xs, (int) n, r, (int) n, 0.0, v->xz, (int) d);
      fft_forward (n, n, r, v->dr, v->di, TRUE);
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

/* §7.1 step 3, first half: ‖X_v − X_vZ_v − E_v‖∞ ≤ thr for both views. It is known before
 * the SVT; only when it holds can the iteration be the last. */
static gboolean
residuals_within (Tensor *tn, double thr)
{
  gsize ld_e = tn->v[0].d + tn->v[1].d;
  for (int k = 0; k < 2; k++)
    {
      const View *v = &tn->v[k];
      if (norm_inf_diff (v->res, v->d, tn->e + v->off, ld_e, v->d, tn->n, tn->rowsum) > thr)
        return FALSE;
    }
  return TRUE;
}

/* ---- the pass over the spectra ---- */

typedef enum {
  PASS_SAMPLES,      /* T ← G + D, the `samples` SVT, R₀ */
  PASS_VIEWS_INPUT,  /* `views`: T ← G + D (the SVT follows over whole matrices) */
  PASS_VIEWS_OUTPUT, /* `views`: R₀ from the new G */
} PassKind;

typedef struct {
  Tensor *tn;
  PassKind kind;
  gboolean maybe_last;  /* write Ẑ and ‖Z − G‖² too */
  gboolean odd_double;  /* the official odd-n double shrink of the last frequency */
  double tau;           /* SVT threshold 1/ρ */
  double r_last;        /* ρ/ρ' of the previous iteration (in T = Z + W/ρ) */
  double r;             /* ρ/ρ' of this one (R₀ for the next Z update) */
  guint nt;             /* threads taking part (known once all have started) */
  GMutex lock;
  GCond cond;
  guint arrived, generation;
  gboolean started, stop;
} Pass;

/* Pointers to frequency f's slice of every array the per-frequency work touches. */
typedef struct {
  double *t[2][2], *z[2][2], *g[2][2];   /* [view][re, im] */
  double *d[2][2], *r[2][2];             /* D (read), R₀ (written) */
  gboolean clear_d[2];                   /* zero D once read (BLAS then adds to it) */
  double *m;
} Slice;

static void
slice_at (const Pass *ps, gsize b, gsize f, Slice *sl)
{
  Tensor *tn = ps->tn;
  gsize n = tn->n, o = f * n, ob = (f - b * tn->block) * n;
  for (int v = 0; v < 2; v++)
    {
      View *w = &tn->v[v];
      sl->t[v][0] = w->tr + o, sl->t[v][1] = w->ti + o;
      sl->z[v][0] = w->zr + o, sl->z[v][1] = w->zi + o;
      sl->g[v][0] = w->gr ? w->gr + o : NULL, sl->g[v][1] = w->gi ? w->gi + o : NULL;
      sl->clear_d[v] = w->woodbury && w->d > SMALL_D;
      for (int p = 0; p < 2; p++)
        if (w->woodbury)
          sl->d[v][p] = tn->dbuf[b & 1][v][p] + ob, sl->r[v][p] = tn->rbuf[b & 1][v][p] + ob;
        else
          sl->d[v][p] = sl->r[v][p] = (p == 0 ? w->dr : w->di) + o;
    }
  sl->m = tn->m + 4 * f;
}

/* g = [x y]·M for one column (scalars or LescVec4): g₁ = m₁₁x + conj(m₁₂)y, g₂ = m₁₂x + m₂₂y. */
#define MIX(m11, m22, mr, mi, xr, xi, yr, yi, g1r, g1i, g2r, g2i) \
  do {                                                           \
    g1r = (xr) * (m11) + (yr) * (mr) + (yi) * (mi);              \
    g1i = (xi) * (m11) + (yi) * (mr) - (yr) * (mi);              \
    g2r = (xr) * (mr) - (xi) * (mi) + (yr) * (m22);              \
    g2i = (xr) * (mi) + (xi) * (mr) + (yi) * (m22);              \
  } while (0)

/* The sweeps run over a slice four entries at a time; the last group may be partial
 * (`rest` < 4 valid entries): it is read padded with zeros, which add nothing to the sums,
 * and only its valid entries are written. */
#define load_part(p, rest) \
  ({ LescVec4 v_ = { 0.0, 0.0, 0.0, 0.0 }; memcpy (&v_, (p), MIN ((rest), 4) * sizeof (double)); v_; })
#define store_part(p, v, rest) \
  do { LescVec4 w_ = (v); memcpy ((p), &w_, MIN ((rest), 4) * sizeof (double)); } while (0)

#define LD(p) (rest >= 4 ? LESC_LOAD4 (p) : load_part ((p), rest))
#define ST(p, v) do { if (rest >= 4) *(LescVec4 *) (p) = (v); else store_part ((p), (v), rest); } while (0)

/* T ← T·M_old + D (= G + D) and its Gram matrix SᴴS = [a b; b̄ c]; with `last`, also
 * Ẑ = R₀ + D, R₀ = G + r(G − T). */
static G_ALWAYS_INLINE inline void
sweep_input (const Slice *sl, gsize n, double r_last, gboolean last, double gram[4])
{
  const double m11 = sl->m[0], m22 = sl->m[1], mr = sl->m[2], mi = sl->m[3];
  double *restrict t1r = sl->t[0][0], *restrict t1i = sl->t[0][1];
  double *restrict t2r = sl->t[1][0], *restrict t2i = sl->t[1][1];
  double *restrict d1r = sl->d[0][0], *restrict d1i = sl->d[0][1];
  double *restrict d2r = sl->d[1][0], *restrict d2i = sl->d[1][1];
  double *restrict z1r = sl->z[0][0], *restrict z1i = sl->z[0][1];
  double *restrict z2r = sl->z[1][0], *restrict z2i = sl->z[1][1];
  const gboolean clear1 = sl->clear_d[0], clear2 = sl->clear_d[1];
  const LescVec4 zero = { 0.0, 0.0, 0.0, 0.0 };
  LescVec4 a = { 0 }, c = { 0 }, br = { 0 }, bi = { 0 };
  for (gsize j = 0; j < n; j += 4)
    {
      gsize rest = n - j;
      LescVec4 xr = LD (t1r + j), xi = LD (t1i + j), yr = LD (t2r + j), yi = LD (t2i + j);
      LescVec4 g1r, g1i, g2r, g2i;
      MIX (m11, m22, mr, mi, xr, xi, yr, yi, g1r, g1i, g2r, g2i);
      LescVec4 e1r = LD (d1r + j), e1i = LD (d1i + j), e2r = LD (d2r + j), e2i = LD (d2i + j);
      if (clear1)
        {
          ST (d1r + j, zero);
          ST (d1i + j, zero);
        }
      if (clear2)
        {
          ST (d2r + j, zero);
          ST (d2i + j, zero);
        }
      if (last)
        {
          ST (z1r + j, g1r + r_last * (g1r - xr) + e1r);
          ST (z1i + j, g1i + r_last * (g1i - xi) + e1i);
          ST (z2r + j, g2r + r_last * (g2r - yr) + e2r);
          ST (z2i + j, g2i + r_last * (g2i - yi) + e2i);
        }
      xr = g1r + e1r, xi = g1i + e1i, yr = g2r + e2r, yi = g2i + e2i;
      ST (t1r + j, xr);
      ST (t1i + j, xi);
      ST (t2r + j, yr);
      ST (t2i + j, yi);
      a += xr * xr + xi * xi;
      c += yr * yr + yi * yi;
      br += xr * yr + xi * yi;
      bi += xr * yi - xi * yr;
    }
  gram[0] = LESC_HSUM4 (a), gram[1] = LESC_HSUM4 (c);
  gram[2] = LESC_HSUM4 (br), gram[3] = LESC_HSUM4 (bi);
}

/* The `samples` SVT of the slice S = [t₁ t₂] with threshold th as a 2×2 matrix:
 * S·M, M = V·diag(max(σ − th, 0)/σ)·Vᴴ = g₋I + (g₊ − g₋)P₊, where P₊ = ½I + (SᴴS −
 * ½(a + c)I)/δ projects on the larger singular value's vector. σ₊ comes from the Gram
 * matrix; the smaller σ₋ = r₁₁r₂₂/σ₊ from the R factor of S (one Gram–Schmidt step
 * against the longer column), as accurate as a direct SVD (σ₋² of the Gram matrix alone
 * loses the digits that matter near th). */
static G_ALWAYS_INLINE inline void
slice_svt (const Slice *sl, gsize n, const double gram[4], double th)
{
  const double *restrict s1r = sl->t[0][0], *restrict s1i = sl->t[0][1];
  const double *restrict s2r = sl->t[1][0], *restrict s2i = sl->t[1][1];
  double a = gram[0], c = gram[1], br = gram[2], bi = gram[3];
  /* r₂₂² = ‖p s₁ + q s₂‖²: s₂ − s₁b/a when a ≥ c, else s₁ − s₂b̄/c */
  double pr = 1.0, pi = 0.0, qr = 1.0, qi = 0.0;
  if (a >= c)
    {
      pr = a > 0.0 ? -br / a : 0.0;
      pi = a > 0.0 ? -bi / a : 0.0;
    }
  else
    {
      qr = -br / c;
      qi = bi / c;
    }
  LescVec4 acc = { 0 };
  for (gsize j = 0; j < n; j += 4)
    {
      gsize rest = n - j;
      LescVec4 xr = LD (s1r + j), xi = LD (s1i + j), yr = LD (s2r + j), yi = LD (s2i + j);
      LescVec4 rr = pr * xr - pi * xi + qr * yr - qi * yi;
      LescVec4 ri = pr * xi + pi * xr + qr * yi + qi * yr;
      acc += rr * rr + ri * ri;
    }
  double r2 = LESC_HSUM4 (acc);
  double delta = hypot (a - c, 2.0 * hypot (br, bi));
  double sp = sqrt (0.5 * (a + c + delta));
  double sm = sp > 0.0 ? sqrt (MAX (a, c)) * sqrt (r2) / sp : 0.0;
  double gp = sp > th ? (sp - th) / sp : 0.0;
  double gm = sm > th ? (sm - th) / sm : 0.0;
  double *m = sl->m;
  m[0] = m[1] = gm, m[2] = m[3] = 0.0;
  if (delta > 0.0)
    {
      double h = 0.5 * (a - c) / delta, dg = gp - gm;
      m[0] = gm + dg * (0.5 + h);
      m[1] = gm + dg * (0.5 - h);
      m[2] = dg * br / delta;
      m[3] = dg * bi / delta;
    }
}

/* R₀ = G + r(G − T) = T·N, N = (1 + r)M − rI, into the slice's R₀ storage; with `last`,
 * ‖Z − G‖² of both views into e. */
static G_ALWAYS_INLINE inline void
sweep_output (const Slice *sl, gsize n, double r, gboolean last, double e[2])
{
  const double m11 = sl->m[0], m22 = sl->m[1], mr = sl->m[2], mi = sl->m[3];
  const double n11 = (1.0 + r) * m11 - r, n22 = (1.0 + r) * m22 - r;
  const double nr = (1.0 + r) * mr, ni = (1.0 + r) * mi;
  const double *restrict t1r = sl->t[0][0], *restrict t1i = sl->t[0][1];
  const double *restrict t2r = sl->t[1][0], *restrict t2i = sl->t[1][1];
  double *restrict d1r = sl->r[0][0], *restrict d1i = sl->r[0][1];
  double *restrict d2r = sl->r[1][0], *restrict d2i = sl->r[1][1];
  const double *restrict z1r = sl->z[0][0], *restrict z1i = sl->z[0][1];
  const double *restrict z2r = sl->z[1][0], *restrict z2i = sl->z[1][1];
  LescVec4 e1 = { 0 }, e2 = { 0 };
  for (gsize j = 0; j < n; j += 4)
    {
      gsize rest = n - j;
      LescVec4 xr = LD (t1r + j), xi = LD (t1i + j), yr = LD (t2r + j), yi = LD (t2i + j);
      LescVec4 g1r, g1i, g2r, g2i;
      MIX (n11, n22, nr, ni, xr, xi, yr, yi, g1r, g1i, g2r, g2i);
      ST (d1r + j, g1r);
      ST (d1i + j, g1i);
      ST (d2r + j, g2r);
      ST (d2i + j, g2i);
      if (last)
        {
          MIX (m11, m22, mr, mi, xr, xi, yr, yi, g1r, g1i, g2r, g2i);
          LescVec4 u1r = LD (z1r + j) - g1r, u1i = LD (z1i + j) - g1i;
          LescVec4 u2r = LD (z2r + j) - g2r, u2i = LD (z2i + j) - g2i;
          e1 += u1r * u1r + u1i * u1i;
          e2 += u2r * u2r + u2i * u2i;
        }
    }
  e[0] = LESC_HSUM4 (e1), e[1] = LESC_HSUM4 (e2);
}


/* `views`, before its SVT: T ← G + D; with `last`, Ẑ = G + r(G − T) + D. */
static void
sweep_views_input (const Slice *sl, gsize n, double r_last, gboolean last)
{
  for (int v = 0; v < 2; v++)
    for (int p = 0; p < 2; p++)
      {
        double *restrict t = sl->t[v][p], *restrict z = sl->z[v][p], *restrict d = sl->d[v][p];
        const double *restrict g = sl->g[v][p];
        for (gsize j = 0; j < n; j++)
          {
            if (last)
              z[j] = g[j] + r_last * (g[j] - t[j]) + d[j];
            t[j] = g[j] + d[j];
            if (sl->clear_d[v])
              d[j] = 0.0;
          }
      }
}

/* `views`, after its SVT: R₀ = G + r(G − T); with `last`, ‖Z − G‖² into e. */
static void
sweep_views_output (const Slice *sl, gsize n, double r, gboolean last, double e[2])
{
  for (int v = 0; v < 2; v++)
    {
      e[v] = 0.0;
      for (int p = 0; p < 2; p++)
        {
          const double *restrict t = sl->t[v][p], *restrict z = sl->z[v][p], *restrict g = sl->g[v][p];
          double *restrict d = sl->r[v][p];
          for (gsize j = 0; j < n; j++)
            {
              d[j] = g[j] + r * (g[j] - t[j]);
              if (last)
                e[v] += (z[j] - g[j]) * (z[j] - g[j]);
            }
        }
    }
}

LESC_SIMD_CLONES static void
slice_work (Pass *ps, gsize b, gsize f)
{
  Tensor *tn = ps->tn;
  gsize n = tn->n;
  Slice sl;
  slice_at (ps, b, f, &sl);
  double e[2] = { 0.0, 0.0 };
  if (ps->kind == PASS_SAMPLES)
    {
      double gram[4];
      if (ps->maybe_last)
        sweep_input (&sl, n, ps->r_last, TRUE, gram);
      else
        sweep_input (&sl, n, ps->r_last, FALSE, gram);
      gboolean doubled = ps->odd_double && n % 2 == 1 && f == tn->nh - 1;
      slice_svt (&sl, n, gram, doubled ? 2.0 * ps->tau : ps->tau);
      if (ps->maybe_last)
        sweep_output (&sl, n, ps->r, TRUE, e);
      else
        sweep_output (&sl, n, ps->r, FALSE, e);
    }
  else if (ps->kind == PASS_VIEWS_INPUT)
    sweep_views_input (&sl, n, ps->r_last, ps->maybe_last);
  else
    sweep_views_output (&sl, n, ps->r, ps->maybe_last, e);
  tn->fro[2 * f] = tn->wf[f] * e[0];
  tn->fro[2 * f + 1] = tn->wf[f] * e[1];
}


/* D (rows j0..j1 of the n×fb block, re and im) = Sᵀ X̂ for view w, frequencies from f0;
 * each entry summed over k in order. The panel of Sᵀ stays in the first-level cache. */
LESC_SIMD_CLONES static void
form_small (const View *w, gsize n, gsize j0, gsize j1, gsize f0, gsize fb, double *dr, double *di)
{
  gsize d = w->d;
  for (gsize f = 0; f < fb; f++)
    {
      const double *xr = w->xh_re + (f0 + f) * d, *xi = w->xh_im + (f0 + f) * d;
      double *outr = dr + f * n, *outi = di + f * n;
      for (gsize j = j0; j < j1; j += 4)
        {
          gsize rest = j1 - j;
          LescVec4 sk = LD (w->st + j);
          LescVec4 ar = sk * xr[0], ai = sk * xi[0];
          for (gsize k = 1; k < d; k++)
            {
              sk = LD (w->st + j + k * n);
              ar += sk * xr[k];
              ai += sk * xi[k];
            }
          ST (outr + j, ar);
          ST (outi + j, ai);
        }
    }
}

/* (X_vR₀)ᵀ rows j0..j1 (+)= R₀ X̂_wᵀ over the block's frequencies (in order, re then im).
 * The panel of (X_vR₀)ᵀ stays in the first-level cache. */
LESC_SIMD_CLONES static void
accumulate_small (View *w, gsize n, gsize j0, gsize j1, gsize f0, gsize fb, const double *rr,
                  const double *ri, gboolean first)
{
  gsize d = w->d;
  if (first)
    for (gsize k = 0; k < d; k++)
      memset (w->xrt + j0 + k * n, 0, (j1 - j0) * sizeof (double));
  for (gsize f = 0; f < fb; f++)
    {
      const double *xr = w->xw_re + (f0 + f) * d, *xi = w->xw_im + (f0 + f) * d;
      const double *inr = rr + f * n, *ini = ri + f * n;
      for (gsize j = j0; j < j1; j += 4)
        {
          gsize rest = j1 - j;
          LescVec4 a = LD (inr + j), b = LD (ini + j);
          for (gsize k = 0; k < d; k++)
            {
              double *acc = w->xrt + j + k * n;
              ST (acc, LD (acc) + (a * xr[k] + b * xi[k]));
            }
        }
    }
}

#undef LD
#undef ST

/* One row panel's share of a block's BLAS-sized work for view w: rows [j0, j0 + rows),
 * frequencies [f0, f0 + fb), the block's buffers re/im; `first`: the pass's first block. */
typedef void (*PanelWork) (const Tensor *tn, View *w, gsize j0, gsize rows, gsize f0, gsize fb,
                           double *re, double *im, gboolean first);

/* The block's D = X̂_v S. */
static void
panel_form_d (const Tensor *tn, View *w, gsize j0, gsize rows, gsize f0, gsize fb, double *re,
              double *im, gboolean first)
{
  gsize n = tn->n;
  int d = (int) w->d;
  if (w->d <= SMALL_D)
    {
      form_small (w, n, j0, j0 + rows, f0, fb, re, im);
      return;
    }
  /* onto the zeros the sweeps left: OpenBLAS's β = 0 would clear the panel in a pass of its own */
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) rows, (int) fb, d, 1.0,
               w->st + j0, (int) n, w->xh_re + f0 * w->d, d, 1.0, re + j0, (int) n);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) rows, (int) fb, d, 1.0,
               w->st + j0, (int) n, w->xh_im + f0 * w->d, d, 1.0, im + j0, (int) n);
}

/* (X_vR₀)ᵀ += the block's R₀ X̂_vᵀ (weighted). */
static void
panel_accumulate (const Tensor *tn, View *w, gsize j0, gsize rows, gsize f0, gsize fb, double *re,
                  double *im, gboolean first)
{
  gsize n = tn->n;
  int d = (int) w->d;
  if (w->d <= SMALL_D)
    {
      accumulate_small (w, n, j0, j0 + rows, f0, fb, re, im, first);
      return;
    }
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) rows, d, (int) fb, 1.0,
               re + j0, (int) n, w->xw_re + f0 * w->d, d, first ? 0.0 : 1.0, w->xrt + j0, (int) n);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) rows, d, (int) fb, 1.0,
               im + j0, (int) n, w->xw_im + f0 * w->d, d, 1.0, w->xrt + j0, (int) n);
}

/* `work` on block b's buffers buf[b & 1] for every Woodbury view, on thread k's row panels
 * (≡ k mod nt). A view with many features is worth OpenBLAS's own threads: thread 0 takes
 * all its rows in one call while the others wait at the barrier. */
static void
each_panel (Pass *ps, guint k, gsize b, double *buf[2][2][2], PanelWork work)
{
  Tensor *tn = ps->tn;
  gsize n = tn->n, f0 = b * tn->block, fb = MIN (tn->block, tn->nh - f0);
  for (int v = 0; v < 2; v++)
    {
      View *w = &tn->v[v];
      if (!w->woodbury)
        continue;
      if (!w->small)
        {
          if (k == 0)
            work (tn, w, 0, n, f0, fb, buf[b & 1][v][0], buf[b & 1][v][1], b == 0);
          continue;
        }
      for (gsize j0 = k * tn->panel; j0 < n; j0 += ps->nt * tn->panel)
        work (tn, w, j0, MIN (tn->panel, n - j0), f0, fb, buf[b & 1][v][0], buf[b & 1][v][1],
              b == 0);
    }
}

/* All threads meet; the last to arrive looks for a cancel. FALSE: stop the pass. */
static gboolean
pass_barrier (Pass *ps)
{
  GCancellable *cancel = ps->tn->progress != NULL ? ps->tn->progress->cancellable : NULL;
  g_mutex_lock (&ps->lock);
  guint generation = ps->generation;
  if (++ps->arrived == ps->nt)
    {
      ps->arrived = 0;
      ps->generation++;
      if (cancel != NULL && g_cancellable_is_cancelled (cancel))
        ps->stop = TRUE;
      g_cond_broadcast (&ps->cond);
    }
  else
    while (generation == ps->generation)
      g_cond_wait (&ps->cond, &ps->lock);
  gboolean go = !ps->stop;
  g_mutex_unlock (&ps->lock);
  return go;
}

typedef struct {
  Pass *ps;
  guint k;
} Worker;

/* Thread k's part of the pass: per block, its share of the block's frequencies, then its
 * row panels of the X_vR₀ update and of the next block's D. */
static gpointer
pass_worker (gpointer data)
{
  Worker *wk = data;
  Pass *ps = wk->ps;
  Tensor *tn = ps->tn;
  gboolean form = ps->kind != PASS_VIEWS_OUTPUT, reduce = ps->kind != PASS_VIEWS_INPUT;
  gsize nb = (tn->nh + tn->block - 1) / tn->block;
  g_mutex_lock (&ps->lock);
  while (!ps->started)
    g_cond_wait (&ps->cond, &ps->lock);
  g_mutex_unlock (&ps->lock);
  if (form)
    each_panel (ps, wk->k, 0, tn->dbuf, panel_form_d);
  if (!pass_barrier (ps))
    return NULL;
  for (gsize b = 0; b < nb; b++)
    {
      gsize f0 = b * tn->block, fb = MIN (tn->block, tn->nh - f0);
      for (gsize f = f0 + fb * wk->k / ps->nt; f < f0 + fb * (wk->k + 1) / ps->nt; f++)
        slice_work (ps, b, f);
      if (!pass_barrier (ps))
        return NULL;
      if (reduce)
        each_panel (ps, wk->k, b, tn->rbuf, panel_accumulate);
      if (form && b + 1 < nb)
        each_panel (ps, wk->k, b + 1, tn->dbuf, panel_form_d);
      if (b + 1 < nb && !pass_barrier (ps))
        return NULL;
    }
  return NULL;
}

/* Runs a pass on tn->threads threads. FALSE when cancelled. */
static gboolean
run_pass (Pass *ps, GError **error)
{
  Tensor *tn = ps->tn;
  Worker workers[TENSOR_MAX_THREADS];
  GThread *threads[TENSOR_MAX_THREADS] = { NULL };
  guint nt = tn->threads;
  ps->arrived = ps->generation = 0;
  ps->started = ps->stop = FALSE;
  g_mutex_init (&ps->lock);
  g_cond_init (&ps->cond);
  for (guint k = 1; k < nt; k++)
    {
      workers[k] = (Worker) { ps, k };
      threads[k] = g_thread_try_new ("lesc-tensor", pass_worker, &workers[k], NULL);
      if (threads[k] == NULL)
        nt = k;   /* go on with the threads that started */
    }
  /* the shares depend on nt: the workers wait until it is final */
  g_mutex_lock (&ps->lock);
  ps->nt = nt;
  ps->started = TRUE;
  g_cond_broadcast (&ps->cond);
  g_mutex_unlock (&ps->lock);
  workers[0] = (Worker) { ps, 0 };
  pass_worker (&workers[0]);
  for (guint k = 1; k < ps->nt; k++)
    g_thread_join (threads[k]);
  g_mutex_clear (&ps->lock);
  g_cond_clear (&ps->cond);
  return !lesc_progress_cancelled (tn->progress, error);
}

/* Variant `views` (§7.3): G ← T, then A = G₁ + G₂, B = G₁ − G₂, each replaced by its
 * matrix SVT, G₁ = (A + B)/2, G₂ = (A − B)/2. */
static gboolean
svt_views (Tensor *tn, double tau, GError **error)
{
  gsize n = tn->n, len = tn->nh * n;
  View *v1 = &tn->v[0], *v2 = &tn->v[1];
  for (gsize i = 0; i < len; i++)
    {
      v1->gr[i] = v1->tr[i] + v2->tr[i];
      v1->gi[i] = v1->ti[i] + v2->ti[i];
      v2->gr[i] = v1->tr[i] - v2->tr[i];
      v2->gi[i] = v1->ti[i] - v2->ti[i];
    }
  for (int k = 0; k < 2; k++)
    {
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      View *v = &tn->v[k];
      fft_backward (n, tn->threads, gather_stored, &(StoredSpectrum) { v->gr, v->gi, n }, 1.0 / (double) n, tn->real);
      if (lesc_svt (tn->real, n, n, tau, error) < 0)
        return FALSE;
      fft_forward (n, n, tn->real, v->gr, v->gi, FALSE);
    }
  for (gsize i = 0; i < len; i++)
    {
      double ar = v1->gr[i], ai = v1->gi[i], br = v2->gr[i], bi = v2->gi[i];
      v1->gr[i] = 0.5 * (ar + br);
      v1->gi[i] = 0.5 * (ai + bi);
      v2->gr[i] = 0.5 * (ar - br);
      v2->gi[i] = 0.5 * (ai - bi);
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

/* §7.1 step 3, second half (the residuals passed): ‖Z_v − G_v‖∞ ≤ thr for both views.
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
      fft_backward (n, tn->threads, gather_z_minus_g, &(ZMinusG) { tn, k, views }, 1.0, tn->real);
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

static void
view_init (Tensor *tn, View *v, const LescMatrix *input, gsize off, gboolean views)
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
    return;
  for (gsize j = 0; j < n; j++)
    for (gsize k = 0; k < d; k++)
      v->x[k + j * d] = input->data[j + k * n];
  /* X_v X_vᵀ = inputᵀ input */
  if (v->small)
    lesc_small_gram (v->x, d, n, v->xxt);
  else if (v->woodbury)
    cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) d, (int) n, 1.0, input->data, (int) n,
                 0.0, v->xxt, (int) d);
  fft_forward (n, d, input->data, v->xh_re, v->xh_im, FALSE);
  for (gsize f = 0; f < nh; f++)
    for (gsize k = 0; k < d; k++)
      {
        v->xw_re[k + f * d] = v->xh_re[k + f * d] * tn->wf[f] / (double) n;
        v->xw_im[k + f * d] = v->xh_im[k + f * d] * tn->wf[f] / (double) n;
      }
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
  /* the pass is memory-bound: a second thread pays only for large n */
  tn.threads = opts.threads > 0 ? MIN (opts.threads, TENSOR_MAX_THREADS)
               : n >= 512 ? CLAMP (g_get_num_processors (), 1, TENSOR_AUTO_THREADS) : 1;
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
  view_init (&tn, &tn.v[0], x, 0, opts.fft_over_views);
  view_init (&tn, &tn.v[1], l, x->cols, opts.fft_over_views);
  gboolean ok = FALSE;
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
          if (!run_pass (&pass, error))
            goto out;
        }
      else
        {
          pass.kind = PASS_VIEWS_INPUT;
          if (!run_pass (&pass, error) || !svt_views (&tn, 1.0 / rho, error))
            goto out;
          pass.kind = PASS_VIEWS_OUTPUT;
          if (!run_pass (&pass, error))
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
    fft_backward (n, tn.threads, gather_sum, z, 0.5 / (double) n, out1->data);
  else
    {
      fft_backward (n, tn.threads, gather_stored, &z[0], 1.0 / (double) n, out1->data);
      fft_backward (n, tn.threads, gather_stored, &z[1], 1.0 / (double) n, out2->data);
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
