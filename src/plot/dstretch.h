/* Decorrelation stretch with MATLAB `decorrstretch` semantics (docs/figures.md §1).
 *
 * A table of P pixels × B bands (samples are rows, as everywhere) is mapped by an affine
 * transform out = a·T + offset that decorrelates the bands and gives each output band the
 * target mean and standard deviation; optionally followed by the `Tol` linear contrast
 * stretch (MATLAB `stretchlim` limits). The fit (T, offset, limits) is kept so that it can
 * be applied to other tables (the scatter figure's `shared` fit, docs/figures.md §2). */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

typedef enum {
  LESC_DSTRETCH_CORRELATION, /* default */
  LESC_DSTRETCH_COVARIANCE,
} LescDstretchMode;

typedef struct {
  LescDstretchMode mode;
  const double *target_mean;    /* B values; NULL = the band means */
  const double *target_sigma;   /* n_target_sigma values: 1 (scalar) or B; NULL = band σ */
  gsize n_target_sigma;
  gboolean use_tol;             /* linear stretch after the transform */
  double tol_low, tol_high;     /* 0 ≤ low < high ≤ 1; see lesc_dstretch_options_set_tol */
  const gsize *sample_rows;     /* rows used for the statistics (MATLAB SampleSubs); NULL = all */
  gsize n_sample_rows;
} LescDstretchOptions;

/* Correlation mode, default targets, no Tol, all rows. */
void lesc_dstretch_options_init (LescDstretchOptions *opt);
/* Tol as MATLAB takes it: a scalar t (0 ≤ t < 0.5) meaning [t, 1 − t]. */
gboolean lesc_dstretch_options_set_tol (LescDstretchOptions *opt, double t, GError **error);
/* Tol as a pair [low, high], 0 ≤ low < high ≤ 1. */
gboolean lesc_dstretch_options_set_tol_pair (LescDstretchOptions *opt, double low, double high,
                                             GError **error);

typedef struct {
  gsize bands;
  LescDstretchMode mode;
  double *t;            /* B×B column-major; row = input band, column = output band */
  double *offset;       /* B: out = a·T + offset */
  double *mean;         /* B: band means of the sample rows */
  double *sigma;        /* B: band standard deviations (divisor P_s − 1) */
  double *target_mean;  /* B */
  double *target_sigma; /* B */
  double *eigenvalues;  /* B, ascending: of R (correlation) or C (covariance), before clipping */
  gboolean has_limits;  /* Tol was given */
  double *low, *high;   /* B: the Tol limits (stretchlim of the fitted table's output) */
} LescDstretch;

/* Fit the stretch to `a` (P×B, P ≥ 1, B ≥ 1, finite). */
LescDstretch *lesc_dstretch_fit (const LescMatrix *a, const LescDstretchOptions *opt, GError **error);
void lesc_dstretch_free (LescDstretch *d);

/* The fitted map applied to `a` (any P, the fit's B columns): a·T + offset, then the Tol
 * stretch when the fit has limits. Not clamped otherwise (MATLAB behaviour). */
LescMatrix *lesc_dstretch_apply (const LescDstretch *d, const LescMatrix *a, GError **error);

/* Fit and apply in one call (what MATLAB's decorrstretch(A, …) returns). */
LescMatrix *lesc_dstretch (const LescMatrix *a, const LescDstretchOptions *opt, GError **error);

/* MATLAB stretchlim for one column: 65 536-bin histogram on [0, 1], low = first bin whose
 * CDF > tol_low, high = first bin whose CDF ≥ tol_high, limits = bin / 65535; [0, 1] when
 * they coincide. */
void lesc_stretchlim (const LescMatrix *x, gsize col, double tol_low, double tol_high,
                      double *low, double *high);

/* Clamp every entry to [0, 1] in place; the number of entries that changed. */
gsize lesc_clamp_unit (LescMatrix *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescDstretch, lesc_dstretch_free)

G_END_DECLS
