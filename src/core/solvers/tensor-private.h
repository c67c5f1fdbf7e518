/* The tensor step's state and the functions its three files share: tensor.c (set-up,
 * the ALM loop, the stopping rule), tensor-fft.c (FFTs along the sample index, the `views`
 * SVT) and tensor-pass.c (the pass over the spectra). Included only inside solvers/. */
#pragma once
#include "core/base/progress.h"

#define TENSOR_MAX_THREADS 16
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

/* ---- FFTs (tensor-fft.c) ---- */

/* Fills re/im[k] with entry (j0 + k, f) of a transposed spectrum, k < count. */
typedef void (*SpectrumGather) (gconstpointer data, gsize f, gsize j0, gsize count,
                                double *re, double *im);

/* A stored transposed spectrum (m×n_h). */
typedef struct {
  const double *re, *im;
  gsize m;
} StoredSpectrum;

/* Real n×m (columns of length n) → the transposed spectra m×n_h (split real/imaginary);
 * with `subtract`, re/im ← spectra − re/im. */
G_GNUC_INTERNAL void tensor_fft_forward (gsize n, gsize m, const double *in, double *re, double *im,
                                         gboolean subtract);
/* The transposed spectrum that `gather` produces → the real n×n output, `scale` times the
 * unnormalized inverse transform, on `threads` threads. */
G_GNUC_INTERNAL void tensor_fft_backward (gsize n, guint threads, SpectrumGather gather,
                                          gconstpointer data, double scale, double *out);
/* SpectrumGathers: one StoredSpectrum; the sum of two (data: an array of two). */
G_GNUC_INTERNAL void tensor_gather_stored (gconstpointer data, gsize f, gsize j0, gsize count,
                                           double *re, double *im);
G_GNUC_INTERNAL void tensor_gather_sum (gconstpointer data, gsize f, gsize j0, gsize count,
                                        double *re, double *im);
/* The `views` SVT: Ĝ of both views from T̂, threshold tau. FALSE on error or cancel. */
G_GNUC_INTERNAL gboolean tensor_svt_views (Tensor *tn, double tau, GError **error);

/* ---- the pass over the spectra (tensor-pass.c) ---- */

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

/* g = [x y]·M for one column (scalars or LescVec4): g₁ = m₁₁x + conj(m₁₂)y, g₂ = m₁₂x + m₂₂y. */
#define MIX(m11, m22, mr, mi, xr, xi, yr, yi, g1r, g1i, g2r, g2i) \
  do {                                                           \
    g1r = (xr) * (m11) + (yr) * (mr) + (yi) * (mi);              \
    g1i = (xi) * (m11) + (yi) * (mr) - (yr) * (mi);              \
    g2r = (xr) * (mr) - (xi) * (mi) + (yr) * (m22);              \
    g2i = (xr) * (mi) + (xi) * (mr) + (yi) * (m22);              \
  } while (0)

/* Runs a pass on tn->threads threads. FALSE when cancelled. */
G_GNUC_INTERNAL gboolean tensor_run_pass (Pass *ps, GError **error);
