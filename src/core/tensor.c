/* gLESC's tensor step (algorithms.md §7; reference Affinity_by_tSVD.m + wshrinkObj.m).
 *
 * The update order, constants and stopping rule of §7.1, arranged to be cheap (§11):
 *
 * * Spectral state. Z_v, G_v and the multiplier W_v (kept as U_v = W_v/ρ, the only way it
 *   enters) live as their spectra along the sample (row) index: the real FFT of every
 *   column, frequencies 0..⌊n/2⌋ (n_h of them), stored transposed (n×n_h, so frequency
 *   f's slice over all n columns is contiguous), real and imaginary parts apart so that
 *   BLAS works on them. The `samples` SVT (§7.2) then needs no FFT, and neither does the
 *   Z update: with X̂_v = F X_vᵀ (computed once) and R̂ = F R,
 *     X_v R = Σ_f (w_f/n) Re(X̂_v(f, :)ᴴ R̂(f, :))   (Parseval; w_f = 1 at 0 and n/2, else 2),
 *     F (R + X_vᵀV) = R̂ + X̂_v V.
 *   Inverse FFTs happen only where a spatial matrix is needed: the ‖Z_v − G_v‖∞ test when
 *   its Frobenius bounds do not decide it, the `views` SVT, the n×n Cholesky path and
 *   the output.
 * * One pass per frequency does the SVT of the n×2 slice (from its 2×2 Gram matrix, see
 *   svt_slice), the multiplier update and the next Z update's start while the slices are
 *   in cache; the frequencies are shared among threads for large n.
 * * The Z_v solve (I + aX_vᵀX_v)⁻¹R, a = μ/ρ, uses one Cholesky factorization per view
 *   and distinct a: by Woodbury R − X_vᵀ(a⁻¹I + X_vX_vᵀ)⁻¹X_vR (a d×d factor) when d < n,
 *   else the n×n factor of I + aX_vᵀX_v. */
#include "core/tensor.h"
#include "core/error.h"
#include "core/shrink.h"

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
#define TENSOR_MAX_THREADS 4

typedef struct {
  gsize d;                  /* rows of X_v */
  gsize off;                /* first row of E_v in the stacked E */
  const double *xs;         /* the input, samples in rows: X_vᵀ (n×d) */
  double *x;                /* X_v (d×n) */
  double *y;                /* Y_v (d×n) */
  double *res;              /* X_v − X_v Z_v (d×n) */
  double *xxt;              /* X_v X_vᵀ (d×d; Woodbury only) */
  double *xh_re, *xh_im;    /* X̂_vᵀ (d×n_h): X̂_v = F X_vᵀ */
  double *xw_re, *xw_im;    /* the same scaled by w_f/n */
  /* Transposed spectra (n×n_h each) of Z_v; of G_v, which between iterations holds
   * R₀ = G_v − U_v instead (the Z update's start, made in the same pass as U_v); and of
   * U_v = W_v/ρ for the coming iteration's ρ (the multiplier only enters divided by ρ). */
  double *zr, *zi;
  double *gr, *gi;
  double *ur, *ui;
  double *factor;           /* lower Cholesky factor of a⁻¹I + X_vX_vᵀ (d×d) or I + aX_vᵀX_v (n×n) */
  double factor_a;          /* the a it was made for; 0 before the first */
  gboolean woodbury;
} View;

typedef struct {
  gsize n, nh;
  View v[2];
  double *e;                /* [E₁; E₂] stacked, (d₁ + d₂)×n */
  double *p, *t, *s;        /* Z-update work, max(d)×n */
  double *real;             /* n×n spatial work (the first output's storage) */
  double *wf;               /* Parseval weights, n_h */
  double *rowsum;           /* max(n, d) row sums */
  guint threads;            /* workers for the per-frequency pass */
  GPtrArray *blocks;        /* everything above, freed together */
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

/* Real n×m (columns of length n) → the transposed spectra m×n_h (split real/imaginary). */
static void
fft_forward (gsize n, gsize m, const double *in, double *re, double *im)
{
  gsize nh = n / 2 + 1, b = MIN (FFT_BLOCK, m);
  g_autofree double *rbuf = g_new0 (double, n * b);
  g_autofree double *cbuf = g_new0 (double, 2 * nh * b);   /* interleaved complex */
  int len = (int) n;
  g_mutex_lock (&plan_lock);
  fftw_plan plan = fftw_plan_many_dft_r2c (1, &len, (int) b, rbuf, NULL, 1, (int) n,
                                           (fftw_complex *) cbuf, NULL, 1, (int) nh, FFTW_ESTIMATE);
  g_mutex_unlock (&plan_lock);
  for (gsize j0 = 0; j0 < m; j0 += b)
    {
      gsize bb = MIN (b, m - j0);
      memcpy (rbuf, in + j0 * n, bb * n * sizeof (double));
      fftw_execute (plan);
      for (gsize f = 0; f < nh; f++)
        for (gsize k = 0; k < bb; k++)
          {
            re[j0 + k + f * m] = cbuf[2 * (f + k * nh)];
            im[j0 + k + f * m] = cbuf[2 * (f + k * nh) + 1];
          }
    }
  plan_destroy (plan);
}

/* One term of a sum of transposed spectra. */
typedef struct {
  const double *re, *im;
  double sign;
} SpectrumTerm;

/* The sum of `count` transposed spectra (m×n_h) → real n×m, unnormalized (n times the
 * inverse transform). */
static void
fft_backward (gsize n, gsize m, const SpectrumTerm *terms, int count, double *out)
{
  gsize nh = n / 2 + 1, b = MIN (FFT_BLOCK, m);
  g_autofree double *rbuf = g_new0 (double, n * b);
  g_autofree double *cbuf = g_new0 (double, 2 * nh * b);   /* interleaved complex */
  int len = (int) n;
  g_mutex_lock (&plan_lock);
  fftw_plan plan = fftw_plan_many_dft_c2r (1, &len, (int) b, (fftw_complex *) cbuf, NULL, 1, (int) nh,
                                           rbuf, NULL, 1, (int) n,
                                           FFTW_ESTIMATE | FFTW_DESTROY_INPUT);
  g_mutex_unlock (&plan_lock);
  for (gsize j0 = 0; j0 < m; j0 += b)
    {
      gsize bb = MIN (b, m - j0);
      for (gsize f = 0; f < nh; f++)
        for (gsize k = 0; k < bb; k++)
          {
            gsize i = j0 + k + f * m;
            double sr = 0.0, si = 0.0;
            for (int t = 0; t < count; t++)
              {
                sr += terms[t].sign * terms[t].re[i];
                si += terms[t].sign * terms[t].im[i];
              }
            cbuf[2 * (f + k * nh)] = sr;
            cbuf[2 * (f + k * nh) + 1] = si;
          }
      fftw_execute (plan);
      memcpy (out + j0 * n, rbuf, bb * n * sizeof (double));
    }
  plan_destroy (plan);
}

/* ---- memory ---- */

static double
estimate_doubles (gsize n, gsize q, gsize c, gboolean views)
{
  double dn = (double) n, nh = (double) (n / 2 + 1), d = (double) (q + c);
  double dmax = (double) MAX (q, c);
  /* spectra of Z, G, U (2 views), the two outputs (the first is also the n×n work) */
  double doubles = 6.0 * 2.0 * nh * dn + 2.0 * dn * dn;
  /* X_v, Y_v, X_v − X_vZ_v, E (d×n each); X̂_v twice; Z-update work */
  doubles += 4.0 * d * dn + 4.0 * nh * d + 3.0 * dmax * dn;
  /* factors: n×n for a view with d_v ≥ n, else d_v×d_v (and X_vX_vᵀ) */
  doubles += q >= n ? dn * dn : 2.0 * (double) q * (double) q;
  doubles += c >= n ? dn * dn : 2.0 * (double) c * (double) c;
  if (views)  /* dense n×n SVD: U, Vᵀ and dgesdd's work (~4n²) */
    doubles += 6.0 * dn * dn;
  return doubles;
}

double
lesc_tensor_memory_estimate_for (gsize n, gsize q, gsize c, const LescTensorOptions *options)
{
  return 8.0 * estimate_doubles (n, q, c, options != NULL && options->fft_over_views);
}

double
lesc_tensor_memory_estimate (gsize n, gsize q, gsize c)
{
  return lesc_tensor_memory_estimate_for (n, q, c, NULL);
}

/* Zero-filled, freed with the Tensor. Successive blocks start at different offsets within
 * a page (72 doubles apart, modulo 512): the per-frequency pass streams twelve arrays at
 * once, and with equal page offsets they would all compete for the same cache sets. */
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

/* ---- the updates ---- */

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
  lapack_int info = LAPACKE_dpotrf (LAPACK_COL_MAJOR, 'L', (lapack_int) dim, v->factor, (lapack_int) dim);
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

/* Z_v ← (I + (μ/ρ)X_vᵀX_v)⁻¹ [X_vᵀ(Y_v + μX_v − μE_v)/ρ − W_v/ρ + G_v]; then res = X_v − X_vZ_v. */
static gboolean
update_z (Tensor *tn, View *v, double mu, double rho, GError **error)
{
  gsize n = tn->n, nh = tn->nh, d = v->d, ld_e = tn->v[0].d + tn->v[1].d;
  double a = mu / rho;
  if (v->factor_a != a && !factorize (tn, v, a, error))
    return FALSE;
  double *p = tn->p, *t = tn->t, *s = tn->s;
  for (gsize j = 0; j < n; j++)
    for (gsize k = 0; k < d; k++)
      p[k + j * d] = v->y[k + j * d] + mu * v->x[k + j * d] - mu * tn->e[v->off + k + j * ld_e];
  /* R̂₀ = Ĝ − Û (made by dual_slice) becomes Ẑ's start; Ĝ gets the old Ẑ's storage */
  double *tmp = v->zr;
  v->zr = v->gr, v->gr = tmp;
  tmp = v->zi;
  v->zi = v->gi, v->gi = tmp;
  if (v->woodbury)
    {
      /* T = X R₀; S = (a⁻¹I + XXᵀ)⁻¹ X(R₀ + XᵀP/ρ); Z = R₀ + Xᵀ(P/ρ − S); XZ = T + XXᵀ(P/ρ − S) */
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) d, (int) n, (int) nh,
                   1.0, v->xw_re, (int) d, v->zr, (int) n, 0.0, t, (int) d);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) d, (int) n, (int) nh,
                   1.0, v->xw_im, (int) d, v->zi, (int) n, 1.0, t, (int) d);
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      memcpy (s, t, d * n * sizeof (double));
      cblas_dsymm (CblasColMajor, CblasLeft, CblasLower, (int) d, (int) n, 1.0 / rho, v->xxt, (int) d,
                   p, (int) d, 1.0, s, (int) d);
      LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) d, (lapack_int) n, v->factor,
                      (lapack_int) d, s, (lapack_int) d);
      for (gsize i = 0; i < d * n; i++)
        s[i] = p[i] / rho - s[i];
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) n, (int) nh, (int) d,
                   1.0, s, (int) d, v->xh_re, (int) d, 1.0, v->zr, (int) n);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) n, (int) nh, (int) d,
                   1.0, s, (int) d, v->xh_im, (int) d, 1.0, v->zi, (int) n);
      cblas_dsymm (CblasColMajor, CblasLeft, CblasLower, (int) d, (int) n, 1.0, v->xxt, (int) d,
                   s, (int) d, 1.0, t, (int) d);
    }
  else
    {
      /* spatially: R = R₀ + XᵀP/ρ; Z = (I + aXᵀX)⁻¹R; XZ; Ẑ = F Z */
      double *r = tn->real;
      fft_backward (n, n, &(SpectrumTerm) { v->zr, v->zi, 1.0 }, 1, r);
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) n, (int) d,
                   1.0 / rho, v->xs, (int) n, p, (int) d, 1.0 / (double) n, r, (int) n);
      LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) n, (lapack_int) n, v->factor,
                      (lapack_int) n, r, (lapack_int) n);
      cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) d, (int) n, (int) n,
                   1.0, v->xs, (int) n, r, (int) n, 0.0, t, (int) d);
      fft_forward (n, n, r, v->zr, v->zi);
    }
  for (gsize i = 0; i < d * n; i++)
    v->res[i] = v->x[i] - t[i];
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

/* Ĝ_v ← Ẑ_v + Û_v, the spectrum of the SVT's input T_v = Z_v + W_v/ρ (`views` variant;
 * slice_job_run forms it slice by slice). */
static void
form_svt_input (Tensor *tn, View *v)
{
  double *restrict gr = v->gr, *restrict gi = v->gi;
  const double *restrict zr = v->zr, *restrict zi = v->zi, *restrict ur = v->ur, *restrict ui = v->ui;
  for (gsize i = 0; i < tn->nh * tn->n; i++)
    {
      gr[i] = zr[i] + ur[i];
      gi[i] = zi[i] + ui[i];
    }
}

/* The multiplier update at one spectral entry (z, SVT input t, SVT output g, multiplier u):
 * W_v ← W_v + ρ(Z_v − G_v), kept as U_v = W_v/ρ' for the next ρ'; since W_v + ρ(Z_v − G_v)
 * = ρ(T_v − G_v), u ← (ρ/ρ')(t − g). Then g ← g − u, the next Z update's R₀. Adds
 * |z − g|² (before that) to sum. A macro so that the operands stay in registers. */
#define DUAL_POINT(z, t, g, u, ratio, sum)            \
  do {                                                \
    double g_ = (g), d_ = (z) - g_;                   \
    double u_ = (ratio) * ((t) - g_);                 \
    (u) = u_;                                         \
    (g) = g_ - u_;                                    \
    (sum) += d_ * d_;                                 \
  } while (0)

/* A range of frequencies [f0, f1) for one worker: the `samples` SVT of each slice (unless
 * `dual_only`, after the `views` SVT) and the multiplier update; its share of
 * ‖Z_v − G_v‖_F². */
typedef struct {
  Tensor *tn;
  gsize f0, f1;
  gboolean dual_only;
  gboolean odd_double;
  double tau, ratio;
  double fro2[2];
} SliceJob;

/* Variant `samples` (§7.2) for one frequency f: the SVT of the n×2 slice S = [s₁ s₂],
 * s_v = T̂_v(f, :) = Ẑ_v(f, :) + Û_v(f, :), with threshold th, and the multiplier update.
 * SᴴS = [a b; b̄ c] gives the right singular vectors and σ₊; the smaller singular value is
 * σ₋ = r₁₁r₂₂/σ₊ from the R factor of S (one Gram–Schmidt step against the longer
 * column), as accurate as a direct SVD (λ₋ = σ₋² of the Gram matrix alone loses the digits
 * that matter near τ). S ← S·M, M = V·diag(max(σ − th, 0)/σ)·Vᴴ = g₋I + (g₊ − g₋)P₊, where
 * P₊ = ½I + (SᴴS − ½(a + c)I)/δ projects on the larger singular value's vector. */
static void
svt_dual_slice (SliceJob *job, gsize f, double th)
{
  Tensor *tn = job->tn;
  gsize n = tn->n, o = f * n;
  const double *restrict z1r = tn->v[0].zr + o, *restrict z1i = tn->v[0].zi + o;
  const double *restrict z2r = tn->v[1].zr + o, *restrict z2i = tn->v[1].zi + o;
  double *restrict s1r = tn->v[0].gr + o, *restrict s1i = tn->v[0].gi + o;
  double *restrict s2r = tn->v[1].gr + o, *restrict s2i = tn->v[1].gi + o;
  double *restrict u1r = tn->v[0].ur + o, *restrict u1i = tn->v[0].ui + o;
  double *restrict u2r = tn->v[1].ur + o, *restrict u2i = tn->v[1].ui + o;
  double a = 0.0, c = 0.0, br = 0.0, bi = 0.0;
  for (gsize j = 0; j < n; j++)
    {
      double xr = s1r[j] = z1r[j] + u1r[j], xi = s1i[j] = z1i[j] + u1i[j];
      double yr = s2r[j] = z2r[j] + u2r[j], yi = s2i[j] = z2i[j] + u2i[j];
      a += xr * xr + xi * xi;
      c += yr * yr + yi * yi;
      br += xr * yr + xi * yi;
      bi += xr * yi - xi * yr;
    }
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
  double r2 = 0.0;
  for (gsize j = 0; j < n; j++)
    {
      double rr = pr * s1r[j] - pi * s1i[j] + qr * s2r[j] - qi * s2i[j];
      double ri = pr * s1i[j] + pi * s1r[j] + qr * s2i[j] + qi * s2r[j];
      r2 += rr * rr + ri * ri;
    }
  double delta = hypot (a - c, 2.0 * hypot (br, bi));
  double sp = sqrt (0.5 * (a + c + delta));
  double sm = sp > 0.0 ? sqrt (MAX (a, c)) * sqrt (r2) / sp : 0.0;
  double gp = sp > th ? (sp - th) / sp : 0.0;
  double gm = sm > th ? (sm - th) / sm : 0.0;
  double m11 = gm, m22 = gm, mr = 0.0, mi = 0.0;   /* M = [m₁₁ m₁₂; conj(m₁₂) m₂₂] */
  if (delta > 0.0)
    {
      double h = 0.5 * (a - c) / delta, dg = gp - gm;
      m11 = gm + dg * (0.5 + h);
      m22 = gm + dg * (0.5 - h);
      mr = dg * br / delta;
      mi = dg * bi / delta;
    }
  /* [s₁ s₂] ← [s₁ s₂]·M, then the multiplier update with T = the old [s₁ s₂] */
  double e1 = 0.0, e2 = 0.0, ratio = job->ratio;
  for (gsize j = 0; j < n; j++)
    {
      double xr = s1r[j], xi = s1i[j], yr = s2r[j], yi = s2i[j];
      double g1r = xr * m11 + yr * mr + yi * mi;
      double g1i = xi * m11 + yi * mr - yr * mi;
      double g2r = xr * mr - xi * mi + yr * m22;
      double g2i = xr * mi + xi * mr + yi * m22;
      DUAL_POINT (z1r[j], xr, g1r, u1r[j], ratio, e1);
      DUAL_POINT (z1i[j], xi, g1i, u1i[j], ratio, e1);
      DUAL_POINT (z2r[j], yr, g2r, u2r[j], ratio, e2);
      DUAL_POINT (z2i[j], yi, g2i, u2i[j], ratio, e2);
      s1r[j] = g1r, s1i[j] = g1i, s2r[j] = g2r, s2i[j] = g2i;
    }
  job->fro2[0] += tn->wf[f] * e1;
  job->fro2[1] += tn->wf[f] * e2;
}

/* After the `views` SVT: the multiplier update of frequency f (T = Z + U recomputed). */
static void
dual_slice (SliceJob *job, gsize f)
{
  Tensor *tn = job->tn;
  gsize n = tn->n, o = f * n;
  double ratio = job->ratio;
  for (int k = 0; k < 2; k++)
    {
      const double *restrict zr = tn->v[k].zr + o, *restrict zi = tn->v[k].zi + o;
      double *restrict gr = tn->v[k].gr + o, *restrict gi = tn->v[k].gi + o;
      double *restrict ur = tn->v[k].ur + o, *restrict ui = tn->v[k].ui + o;
      double e = 0.0;
      for (gsize j = 0; j < n; j++)
        {
          DUAL_POINT (zr[j], zr[j] + ur[j], gr[j], ur[j], ratio, e);
          DUAL_POINT (zi[j], zi[j] + ui[j], gi[j], ui[j], ratio, e);
        }
      job->fro2[k] += tn->wf[f] * e;
    }
}

static gpointer
slice_job_run (gpointer data)
{
  SliceJob *job = data;
  Tensor *tn = job->tn;
  GCancellable *cancel = tn->progress != NULL ? tn->progress->cancellable : NULL;
  for (gsize f = job->f0; f < job->f1; f++)
    {
      /* a cancelled run stops here (its state is discarded) */
      if (f % 64 == 0 && cancel != NULL && g_cancellable_is_cancelled (cancel))
        return NULL;
      if (job->dual_only)
        dual_slice (job, f);
      else
        svt_dual_slice (job, f, job->odd_double && tn->n % 2 == 1 && f == tn->nh - 1
                                  ? 2.0 * job->tau : job->tau);
    }
  return NULL;
}

/* Runs the slice jobs over all frequencies on tn->threads threads; sets fro2[v] = ‖Z_v − G_v‖_F²
 * (partial sums added in a fixed order). */
static void
svt_dual (Tensor *tn, gboolean dual_only, double tau, gboolean odd_double, double ratio,
          double fro2[2])
{
  SliceJob jobs[TENSOR_MAX_THREADS];
  GThread *threads[TENSOR_MAX_THREADS] = { NULL };
  guint nt = tn->threads;
  for (guint k = 0; k < nt; k++)
    {
      jobs[k] = (SliceJob) { tn, tn->nh * k / nt, tn->nh * (k + 1) / nt, dual_only, odd_double,
                             tau, ratio, { 0.0, 0.0 } };
      if (k > 0)
        threads[k] = g_thread_try_new ("lesc-tensor", slice_job_run, &jobs[k], NULL);
    }
  slice_job_run (&jobs[0]);
  for (guint k = 1; k < nt; k++)
    {
      if (threads[k] != NULL)
        g_thread_join (threads[k]);
      else
        slice_job_run (&jobs[k]);
    }
  fro2[0] = fro2[1] = 0.0;
  for (guint k = 0; k < nt; k++)
    for (int v = 0; v < 2; v++)
      fro2[v] += jobs[k].fro2[v];
}

/* Variant `views` (§7.3): A = T₁ + T₂, B = T₁ − T₂, each replaced by its matrix SVT,
 * G₁ = (A + B)/2, G₂ = (A − B)/2. */
static gboolean
svt_views (Tensor *tn, double tau, GError **error)
{
  gsize n = tn->n, len = tn->nh * n;
  View *v1 = &tn->v[0], *v2 = &tn->v[1];
  for (gsize i = 0; i < len; i++)
    {
      double ar = v1->gr[i] + v2->gr[i], ai = v1->gi[i] + v2->gi[i];
      v2->gr[i] = v1->gr[i] - v2->gr[i];
      v2->gi[i] = v1->gi[i] - v2->gi[i];
      v1->gr[i] = ar;
      v1->gi[i] = ai;
    }
  for (int k = 0; k < 2; k++)
    {
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      View *v = &tn->v[k];
      fft_backward (n, n, &(SpectrumTerm) { v->gr, v->gi, 1.0 }, 1, tn->real);
      cblas_dscal ((int) (n * n), 1.0 / (double) n, tn->real, 1);
      if (lesc_svt (tn->real, n, n, tau, error) < 0)
        return FALSE;
      fft_forward (n, n, tn->real, v->gr, v->gi);
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

/* §7.1 step 3: converged unless ‖X_v − X_vZ_v − E_v‖∞ > thr or ‖Z_v − G_v‖∞ > thr for some v.
 * ‖Z_v − G_v‖∞ lies between ‖·‖_F/√n and √n‖·‖_F; it is computed exactly (inverse FFT)
 * only when those bounds do not decide. Sets *converged; FALSE when cancelled. */
static gboolean
check_converged (Tensor *tn, double thr, const double fro[2], gboolean *converged, GError **error)
{
  gsize n = tn->n, ld_e = tn->v[0].d + tn->v[1].d;
  double *rowsum = tn->rowsum;
  *converged = FALSE;
  for (int k = 0; k < 2; k++)
    {
      const View *v = &tn->v[k];
      if (norm_inf_diff (v->res, v->d, tn->e + v->off, ld_e, v->d, n, rowsum) > thr)
        return TRUE;
    }
  double root_n = sqrt ((double) n);
  for (int k = 0; k < 2; k++)
    {
      const View *v = &tn->v[k];
      if (fro[k] * root_n <= thr * (1.0 - 1e-9))
        continue;
      if (fro[k] / root_n > thr * (1.0 + 1e-9))
        return TRUE;
      if (lesc_progress_cancelled (tn->progress, error))
        return FALSE;
      /* Z_v − G_v, where Ĝ_v = R̂₀ + Û_v at this point */
      SpectrumTerm diff[3] = { { v->zr, v->zi, 1.0 }, { v->gr, v->gi, -1.0 }, { v->ur, v->ui, -1.0 } };
      fft_backward (n, n, diff, 3, tn->real);
      if (norm_inf_diff (tn->real, n, NULL, 0, n, n, rowsum) / (double) n > thr)
        return TRUE;
    }
  *converged = TRUE;
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
view_init (Tensor *tn, View *v, const LescMatrix *input, gsize off)
{
  gsize n = tn->n, nh = tn->nh, d = input->cols;
  v->d = d;
  v->off = off;
  v->xs = input->data;
  v->woodbury = d < n;
  v->x = tensor_alloc (tn, d * n);
  v->y = tensor_alloc (tn, d * n);
  v->res = tensor_alloc (tn, d * n);
  v->xh_re = tensor_alloc (tn, nh * d);
  v->xh_im = tensor_alloc (tn, nh * d);
  v->xw_re = tensor_alloc (tn, nh * d);
  v->xw_im = tensor_alloc (tn, nh * d);
  v->xxt = v->woodbury ? tensor_alloc (tn, d * d) : NULL;
  v->factor = tensor_alloc (tn, v->woodbury ? d * d : n * n);
  v->zr = tensor_alloc (tn, nh * n);
  v->zi = tensor_alloc (tn, nh * n);
  v->gr = tensor_alloc (tn, nh * n);
  v->gi = tensor_alloc (tn, nh * n);
  v->ur = tensor_alloc (tn, nh * n);
  v->ui = tensor_alloc (tn, nh * n);
  if (tn->out_of_memory)
    return;
  for (gsize j = 0; j < n; j++)
    for (gsize k = 0; k < d; k++)
      v->x[k + j * d] = input->data[j + k * n];
  /* X_v X_vᵀ = inputᵀ input */
  if (v->woodbury)
    cblas_dsyrk (CblasColMajor, CblasLower, CblasTrans, (int) d, (int) n, 1.0, input->data, (int) n,
                 0.0, v->xxt, (int) d);
  fft_forward (n, d, input->data, v->xh_re, v->xh_im);
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
  LescTensorOptions opts = { FALSE, FALSE };
  if (options != NULL)
    opts = *options;
  gsize n = x->rows, nh = n / 2 + 1, dmax = MAX (x->cols, l->cols);

  g_autoptr (LescMatrix) out1 = lesc_matrix_try_new (n, n, error);
  g_autoptr (LescMatrix) out2 = out1 ? lesc_matrix_try_new (n, n, error) : NULL;
  if (out2 == NULL)
    return FALSE;
  Tensor tn = { 0 };
  tn.n = n;
  tn.nh = nh;
  tn.progress = progress;
  tn.blocks = g_ptr_array_new_with_free_func (g_free);
  /* the per-frequency pass is memory-bound: worth a second thread only for large n */
  tn.threads = n >= 512 ? CLAMP (g_get_num_processors (), 1, TENSOR_MAX_THREADS) : 1;
  tn.real = out1->data;
  tn.wf = tensor_alloc (&tn, nh);
  tn.rowsum = tensor_alloc (&tn, MAX (n, dmax));
  tn.e = tensor_alloc (&tn, (x->cols + l->cols) * n);
  tn.p = tensor_alloc (&tn, dmax * n);
  tn.t = tensor_alloc (&tn, dmax * n);
  tn.s = tensor_alloc (&tn, dmax * n);
  if (!tn.out_of_memory)
    for (gsize f = 0; f < nh; f++)
      tn.wf[f] = f == 0 || 2 * f == n ? 1.0 : 2.0;
  view_init (&tn, &tn.v[0], x, 0);
  view_init (&tn, &tn.v[1], l, x->cols);
  gboolean ok = FALSE;
  if (tn.out_of_memory)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_MEMORY,
                   "tensor step: cannot allocate its work space (about %.0f MB for n = %zu)",
                   lesc_tensor_memory_estimate_for (n, x->cols, l->cols, &opts) / 1e6, n);
      goto out;
    }

  double mu = TENSOR_MU0, rho = TENSOR_RHO0, thr = TENSOR_THR;
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
      if (lesc_progress_cancelled (progress, error))
        goto out;
      double rho_next = MIN (TENSOR_FACTOR * rho, TENSOR_RHO_MAX);
      double fro2[2];
      if (opts.fft_over_views)
        {
          form_svt_input (&tn, &tn.v[0]);
          form_svt_input (&tn, &tn.v[1]);
          if (!svt_views (&tn, 1.0 / rho, error))
            goto out;
        }
      svt_dual (&tn, opts.fft_over_views, 1.0 / rho, !opts.odd_n_single_shrink, rho / rho_next, fro2);
      if (lesc_progress_cancelled (progress, error))
        goto out;
      double fro[2] = { sqrt (fro2[0] / (double) n), sqrt (fro2[1] / (double) n) };
      gboolean converged;
      if (!check_converged (&tn, thr, fro, &converged, error))
        goto out;
      if (t > TENSOR_MAX_ITER)
        thr = 1.0;
      t++;
      mu = MIN (TENSOR_FACTOR * mu, TENSOR_MU_MAX);
      rho = rho_next;
      lesc_progress_report (progress, MIN (0.98, t / 40.0), "tensor step");
      if (converged)
        break;
    }

  /* Z_v = F⁻¹Ẑ_v (the real part: c2r reads the conjugate-symmetric half) */
  fft_backward (n, n, &(SpectrumTerm) { tn.v[0].zr, tn.v[0].zi, 1.0 }, 1, out1->data);
  fft_backward (n, n, &(SpectrumTerm) { tn.v[1].zr, tn.v[1].zi, 1.0 }, 1, out2->data);
  cblas_dscal ((int) (n * n), 1.0 / (double) n, out1->data, 1);
  cblas_dscal ((int) (n * n), 1.0 / (double) n, out2->data, 1);
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
