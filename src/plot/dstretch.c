/* Decorrelation stretch (docs/figures.md §1): statistics, pseudo-inverse tolerances, final
 * rescale, offset and the optional stretchlim contrast stretch. */
#include "plot/dstretch.h"
#include "core/base/error.h"

#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

#define STRETCH_BINS 65536

void
lesc_dstretch_options_init (LescDstretchOptions *opt)
{
  memset (opt, 0, sizeof *opt);
  opt->mode = LESC_DSTRETCH_CORRELATION;
}

gboolean
lesc_dstretch_options_set_tol (LescDstretchOptions *opt, double t, GError **error)
{
  if (!(t >= 0.0 && t < 0.5))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "decorrelation stretch: Tol = %g, expected a scalar in [0, 0.5)", t);
      return FALSE;
    }
  return lesc_dstretch_options_set_tol_pair (opt, t, 1.0 - t, error);
}

gboolean
lesc_dstretch_options_set_tol_pair (LescDstretchOptions *opt, double low, double high,
                                    GError **error)
{
  if (!(low >= 0.0 && high <= 1.0 && low < high))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "decorrelation stretch: Tol = [%g, %g], expected 0 ≤ low < high ≤ 1", low, high);
      return FALSE;
    }
  opt->use_tol = TRUE;
  opt->tol_low = low;
  opt->tol_high = high;
  return TRUE;
}

void
lesc_dstretch_free (LescDstretch *d)
{
  if (d == NULL)
    return;
  g_free (d->t);
  g_free (d->offset);
  g_free (d->mean);
  g_free (d->sigma);
  g_free (d->target_mean);
  g_free (d->target_sigma);
  g_free (d->eigenvalues);
  g_free (d->low);
  g_free (d->high);
  g_free (d);
}

static gboolean
check_input (const LescMatrix *a, const LescDstretchOptions *opt, GError **error)
{
  if (a == NULL || a->rows == 0 || a->cols == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "decorrelation stretch: the table is empty, expected P ≥ 1 rows and B ≥ 1 bands");
      return FALSE;
    }
  gsize bi, bj;
  if (!lesc_matrix_all_finite (a, &bi, &bj))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "decorrelation stretch: entry (%zu, %zu) is not finite", bi + 1, bj + 1);
      return FALSE;
    }
  gsize b = a->cols;
  if (opt->sample_rows != NULL)
    {
      if (opt->n_sample_rows == 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "decorrelation stretch: sample_rows is empty");
          return FALSE;
        }
      for (gsize i = 0; i < opt->n_sample_rows; i++)
        if (opt->sample_rows[i] >= a->rows)
          {
            g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                         "decorrelation stretch: sample row %zu outside 1..%zu",
                         opt->sample_rows[i] + 1, a->rows);
            return FALSE;
          }
    }
  if (opt->target_mean != NULL)
    for (gsize j = 0; j < b; j++)
      if (!isfinite (opt->target_mean[j]))
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "decorrelation stretch: target mean of band %zu is not finite", j + 1);
          return FALSE;
        }
  if (opt->target_sigma != NULL)
    {
      if (opt->n_target_sigma != 1 && opt->n_target_sigma != b)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                       "decorrelation stretch: %zu target sigmas, expected 1 or %zu",
                       opt->n_target_sigma, b);
          return FALSE;
        }
      for (gsize j = 0; j < opt->n_target_sigma; j++)
        if (!(opt->target_sigma[j] >= 0.0 && isfinite (opt->target_sigma[j])))
          {
            g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                         "decorrelation stretch: target sigma %g, expected finite and ≥ 0",
                         opt->target_sigma[j]);
            return FALSE;
          }
    }
  if (opt->use_tol && !(opt->tol_low >= 0.0 && opt->tol_high <= 1.0 && opt->tol_low < opt->tol_high))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "decorrelation stretch: Tol = [%g, %g], expected 0 ≤ low < high ≤ 1",
                   opt->tol_low, opt->tol_high);
      return FALSE;
    }
  return TRUE;
}

/* Band means and the centred sample covariance (divisor P_s − 1) over the sample rows. */
static void
band_statistics (const LescMatrix *a, const LescDstretchOptions *opt, double *m, double *c)
{
  gsize b = a->cols;
  gsize ps = opt->sample_rows ? opt->n_sample_rows : a->rows;
#define ROW(k) (opt->sample_rows ? opt->sample_rows[k] : (k))
  for (gsize j = 0; j < b; j++)
    {
      double s = 0.0;
      for (gsize k = 0; k < ps; k++)
        s += LESC_AT (a, ROW (k), j);
      m[j] = s / (double) ps;
    }
  memset (c, 0, b * b * sizeof (double));
  if (ps < 2)
    return;
  for (gsize i = 0; i < b; i++)
    for (gsize j = i; j < b; j++)
      {
        double s = 0.0;
        for (gsize k = 0; k < ps; k++)
          s += (LESC_AT (a, ROW (k), i) - m[i]) * (LESC_AT (a, ROW (k), j) - m[j]);
        c[i + j * b] = c[j + i * b] = s / (double) (ps - 1);
      }
#undef ROW
}

static double
max_of (const double *v, gsize n)
{
  double mx = 0.0;
  for (gsize i = 0; i < n; i++)
    mx = MAX (mx, v[i]);
  return mx;
}

LescDstretch *
lesc_dstretch_fit (const LescMatrix *a, const LescDstretchOptions *opt, GError **error)
{
  LescDstretchOptions defaults;
  if (opt == NULL)
    {
      lesc_dstretch_options_init (&defaults);
      opt = &defaults;
    }
  if (!check_input (a, opt, error))
    return NULL;

  const gsize b = a->cols;
  const double sqrt_eps = sqrt (DBL_EPSILON);
  g_autoptr (LescDstretch) d = g_new0 (LescDstretch, 1);
  d->bands = b;
  d->mode = opt->mode;
  d->t = g_new0 (double, b * b);
  d->offset = g_new0 (double, b);
  d->mean = g_new0 (double, b);
  d->sigma = g_new0 (double, b);
  d->target_mean = g_new0 (double, b);
  d->target_sigma = g_new0 (double, b);
  d->eigenvalues = g_new0 (double, b);
  g_autofree double *c = g_new0 (double, b * b);
  g_autofree double *r = g_new0 (double, b * b);
  g_autofree double *sinv = g_new0 (double, b);
  g_autofree double *w = g_new0 (double, b);
  g_autofree double *o = g_new0 (double, b);

  /* 1–2: statistics, S⁺ with tolerance B·max(s)·sqrt(ε), targets */
  band_statistics (a, opt, d->mean, c);
  for (gsize j = 0; j < b; j++)
    d->sigma[j] = sqrt (c[j + j * b]);
  double stol = (double) b * max_of (d->sigma, b) * sqrt_eps;
  for (gsize j = 0; j < b; j++)
    {
      sinv[j] = d->sigma[j] > stol ? 1.0 / d->sigma[j] : 0.0;
      d->target_mean[j] = opt->target_mean ? opt->target_mean[j] : d->mean[j];
      if (opt->target_sigma == NULL)
        d->target_sigma[j] = d->sigma[j];
      else
        d->target_sigma[j] = opt->target_sigma[opt->n_target_sigma == 1 ? 0 : j];
    }

  /* 3: R = S⁺CS⁺ with unit diagonal (correlation) or C (covariance), eigen-decomposed */
  for (gsize i = 0; i < b; i++)
    for (gsize j = 0; j < b; j++)
      r[i + j * b] = opt->mode == LESC_DSTRETCH_CORRELATION ? sinv[i] * c[i + j * b] * sinv[j]
                                                            : c[i + j * b];
  if (opt->mode == LESC_DSTRETCH_CORRELATION)
    for (gsize j = 0; j < b; j++)
      r[j + j * b] = 1.0;
  lapack_int info = LAPACKE_dsyev (LAPACK_COL_MAJOR, 'V', 'U', (lapack_int) b, r, (lapack_int) b,
                                   d->eigenvalues);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "decorrelation stretch: eigen-decomposition failed (dsyev info %d)", (int) info);
      return NULL;
    }
  /* r now holds V (columns = eigenvectors) */

  /* 4: weights 1/sqrt(λ) with tolerance B·max(λ)·sqrt(ε); negative λ count as 0 */
  for (gsize j = 0; j < b; j++)
    w[j] = MAX (d->eigenvalues[j], 0.0);
  double ltol = (double) b * max_of (w, b) * sqrt_eps;
  for (gsize j = 0; j < b; j++)
    w[j] = w[j] > ltol ? 1.0 / sqrt (w[j]) : 0.0;

  /* 5: T = [S⁺] V diag(w) Vᵀ Σ_t */
  for (gsize i = 0; i < b; i++)
    for (gsize j = 0; j < b; j++)
      {
        double s = 0.0;
        for (gsize k = 0; k < b; k++)
          s += r[i + k * b] * w[k] * r[j + k * b];
        if (opt->mode == LESC_DSTRETCH_CORRELATION)
          s *= sinv[i];
        d->t[i + j * b] = s * d->target_sigma[j];
      }

  /* 6: final rescale so that every output band has the target σ exactly */
  for (gsize j = 0; j < b; j++)
    {
      double s = 0.0;
      for (gsize i = 0; i < b; i++)
        for (gsize k = 0; k < b; k++)
          s += d->t[i + j * b] * c[i + k * b] * d->t[k + j * b];
      o[j] = sqrt (MAX (s, 0.0));
    }
  double otol = (double) b * max_of (o, b) * sqrt_eps;
  for (gsize j = 0; j < b; j++)
    {
      double f = o[j] > otol ? d->target_sigma[j] / o[j] : 0.0;
      for (gsize i = 0; i < b; i++)
        d->t[i + j * b] *= f;
    }

  /* 7: offset = m_target − m·T */
  for (gsize j = 0; j < b; j++)
    {
      double s = 0.0;
      for (gsize i = 0; i < b; i++)
        s += d->mean[i] * d->t[i + j * b];
      d->offset[j] = d->target_mean[j] - s;
    }

  /* 8: Tol limits from the fitted table's own output */
  if (opt->use_tol)
    {
      g_autoptr (LescMatrix) out = lesc_dstretch_apply (d, a, error);
      if (out == NULL)
        return NULL;
      d->low = g_new0 (double, b);
      d->high = g_new0 (double, b);
      for (gsize j = 0; j < b; j++)
        lesc_stretchlim (out, j, opt->tol_low, opt->tol_high, &d->low[j], &d->high[j]);
      d->has_limits = TRUE;
    }
  return g_steal_pointer (&d);
}

LescMatrix *
lesc_dstretch_apply (const LescDstretch *d, const LescMatrix *a, GError **error)
{
  g_return_val_if_fail (d != NULL, NULL);
  if (a == NULL || a->cols != d->bands)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "decorrelation stretch: table has %zu bands, the fit expects %zu",
                   a ? a->cols : 0, d->bands);
      return NULL;
    }
  const gsize b = d->bands, p = a->rows;
  LescMatrix *out = lesc_matrix_new (p, b);
  for (gsize j = 0; j < b; j++)
    for (gsize k = 0; k < p; k++)
      {
        double s = d->offset[j];
        for (gsize i = 0; i < b; i++)
          s += LESC_AT (a, k, i) * d->t[i + j * b];
        if (d->has_limits)
          {
            double lo = d->low[j], hi = d->high[j];
            s = (CLAMP (s, lo, hi) - lo) / (hi - lo);
            s = CLAMP (s, 0.0, 1.0);
          }
        LESC_AT (out, k, j) = s;
      }
  return out;
}

LescMatrix *
lesc_dstretch (const LescMatrix *a, const LescDstretchOptions *opt, GError **error)
{
  g_autoptr (LescDstretch) d = lesc_dstretch_fit (a, opt, error);
  if (d == NULL)
    return NULL;
  return lesc_dstretch_apply (d, a, error);
}

void
lesc_stretchlim (const LescMatrix *x, gsize col, double tol_low, double tol_high,
                 double *low, double *high)
{
  g_autofree guint64 *hist = g_new0 (guint64, STRETCH_BINS);
  for (gsize k = 0; k < x->rows; k++)
    {
      double v = CLAMP (LESC_AT (x, k, col), 0.0, 1.0);
      hist[(gsize) round (v * (STRETCH_BINS - 1))]++;
    }
  double total = (double) x->rows;
  gsize ilow = 0, ihigh = 0;
  gboolean have_low = FALSE, have_high = FALSE;
  guint64 cum = 0;
  for (gsize i = 0; i < STRETCH_BINS && !(have_low && have_high); i++)
    {
      cum += hist[i];
      double cdf = (double) cum / total;
      if (!have_low && cdf > tol_low)
        {
          ilow = i;
          have_low = TRUE;
        }
      if (!have_high && cdf >= tol_high)
        {
          ihigh = i;
          have_high = TRUE;
        }
    }
  if (!have_high) /* rounding of the CDF below 1: the last occupied bin */
    for (gsize i = STRETCH_BINS; i-- > 0;)
      if (hist[i] != 0)
        {
          ihigh = i;
          break;
        }
  if (ilow == ihigh)
    {
      *low = 0.0;
      *high = 1.0;
      return;
    }
  *low = (double) ilow / (STRETCH_BINS - 1);
  *high = (double) ihigh / (STRETCH_BINS - 1);
}

gsize
lesc_clamp_unit (LescMatrix *m)
{
  gsize changed = 0, n = m->rows * m->cols;
  for (gsize i = 0; i < n; i++)
    {
      double v = m->data[i];
      double c = CLAMP (v, 0.0, 1.0);
      if (c != v)
        {
          m->data[i] = c;
          changed++;
        }
    }
  return changed;
}
