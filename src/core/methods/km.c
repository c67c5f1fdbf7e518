/* KM baseline (docs/methods.md §8.2, docs/reformulations.md §8): kernel distance of every sample to the centre of
 * each label's positive samples, in one pass over the n×n kernel. */
#include "core/methods/km.h"
#include "core/methods/baseline.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"

#include <cblas.h>
#include <math.h>

static const LescParamSpec km_params[] = {
  { "eta", "η", "added to the squared radius before dividing", 1e-7, 1e-15, 1, TRUE, FALSE },
};

LescMatrix *
lesc_km_degrees (const LescMatrix *x, const LescMatrix *l, double eta, LescKmMembership rule,
                 LescProgress *progress, GError **error)
{
  gsize n = x->rows, c = l->cols;
  lesc_progress_report (progress, 0.0, "kernel");
  if (lesc_progress_cancelled (progress, error))
    return NULL;
  double width = lesc_mean_pairwise_distance (x);
  if (!isfinite (width))
    {
      /* squared distances beyond 1.8e308: not identical rows, too large numbers */
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "km: the distances between the %zu feature rows overflow (features of "
                   "about 1e154 or more; rescale them)", n);
      return NULL;
    }
  if (!(width > 0.0))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "km: all %zu feature rows are identical (kernel width 0)", n);
      return NULL;
    }
  lesc_progress_report (progress, 0.4, "kernel");
  if (lesc_progress_cancelled (progress, error))
    return NULL;
  g_autoptr (LescMatrix) k = lesc_rbf_kernel (x, x, width);
  lesc_progress_report (progress, 0.8, "kernel");
  if (lesc_progress_cancelled (progress, error))
    return NULL;
  /* T = K L (n×c); u_j = l_jᵀ T_j = 1ᵀ K_{C_j C_j} 1 */
  g_autoptr (LescMatrix) tk = lesc_matrix_new (n, c);
  cblas_dsymm (CblasColMajor, CblasLeft, CblasUpper, (int) n, (int) c, 1.0, k->data, (int) n,
               l->data, (int) n, 0.0, tk->data, (int) n);
  g_clear_pointer (&k, lesc_matrix_free);
  g_autofree double *nj = g_new0 (double, c), *uj = g_new0 (double, c);
  for (gsize j = 0; j < c; j++)
    for (gsize i = 0; i < n; i++)
      {
        nj[j] += LESC_AT (l, i, j);
        uj[j] += LESC_AT (l, i, j) * LESC_AT (tk, i, j);
      }
  return lesc_km_degrees_from_sums (l, tk, nj, uj, eta, rule);
}

LescMatrix *
lesc_km_degrees_from_sums (const LescMatrix *l, const LescMatrix *tk, const double *nj_,
                           const double *uj_, double eta, LescKmMembership rule)
{
  gsize n = l->rows, c = l->cols;
  gboolean all_radius = rule == LESC_KM_SQRT_ALL_RADIUS;
  LescMatrix *d = lesc_matrix_new (n, c);
  for (gsize j = 0; j < c; j++)
    {
      double nj = nj_[j], uj = uj_[j];
      if (nj == 0.0)
        continue; /* no positive sample: the column stays 0 */
      double r2 = 0.0;
      for (gsize i = 0; i < n; i++)
        {
          double s2 = fmax (0.0, 1.0 - 2.0 * LESC_AT (tk, i, j) / nj + uj / (nj * nj));
          LESC_AT (d, i, j) = s2;
          if (all_radius || LESC_AT (l, i, j) == 1.0)
            r2 = fmax (r2, s2);
        }
      for (gsize i = 0; i < n; i++)
        {
          double ratio = LESC_AT (d, i, j) / (r2 + eta);
          double v = all_radius ? 1.0 - sqrt (ratio) : 1.0 - ratio;
          LESC_AT (d, i, j) = LESC_AT (l, i, j) * v;
        }
    }
  return d;
}

static double
km_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  if (params->scale == LESC_SCALE_LARGE)
    {
      /* the width's m×m distances, the sampled members (≤ c·m rows of x), a block of their
       * kernel (≤ 2²⁴ entries), T and the degrees */
      double m = (double) lesc_run_params_landmarks (params, n), u = MIN ((double) n, m * (double) c);
      return 8.0 * (m * m + u * ((double) q + (double) c) + 16777216.0 + 3.0 * (double) n * (double) c);
    }
  return 8.0 * (double) n * ((double) n + 2.0 * (double) c + 2.0);
}

static LescMatrix *
km_recover (const LescProblem *problem, const LescRunParams *params, gboolean want_model,
            LescProgress *progress, LescRunResult *result, GError **error)
{
  const LescMethod *m = &lesc_method_km;
  if (!lesc_baseline_check_problem (problem, m->name, error)
      || !lesc_run_params_check (params, m, error))
    return NULL;
  /* published: PyLDL's membership with the degrees divided by their row sums, the best
   * fit to the published rows of the candidates tried (docs/reproducing.md) */
  gboolean published = params->flavour == LESC_FLAVOUR_PUBLISHED;
  const LescMatrix *x = problem->x;
  LescKmMembership rule = params->flavour == LESC_FLAVOUR_PAPER ? LESC_KM_LINEAR_CLASS_RADIUS
                                                                : LESC_KM_SQRT_ALL_RADIUS;
  gint64 clock = g_get_monotonic_time ();
  double eta = lesc_run_params_get (params, m, "eta", NAN);
  LescMatrix *d = NULL;
  if (params->scale == LESC_SCALE_LARGE)
    {
      gsize batch = lesc_run_params_landmarks (params, x->rows);
      d = lesc_km_degrees_sampled (x, problem->l, eta, rule, batch, params->seed, progress, error);
      if (result != NULL)
        result->landmarks = (guint) batch;
    }
  else
    d = lesc_km_degrees (x, problem->l, eta, rule, progress, error);
  if (d == NULL)
    return NULL;
  lesc_run_result_lap (result, "kernel", &clock);
  if (published)
    lesc_baseline_normalise_rows (d, problem->l, m->name);
  else
    lesc_matrix_row_softmax (d);
  lesc_run_result_lap (result, "degrees", &clock);
  lesc_progress_report (progress, 1.0, "degrees");
  return d;
}

const LescMethod lesc_method_km = {
  .name = "km",
  .display_name = "KM",
  .description = "membership from the kernel distance to each label's class centre",
  .reconstructed = FALSE,
  .has_mapping = FALSE,
  .uses_seed = FALSE,
  .uses_variant = FALSE,
  .published_note = "The flavour published comes within 0.0064 (Chebyshev) and 0.009 (the other "
                     "measures) of its published rows on SJAFFE, Yeast-alpha and Yeast-cold",
  .published_flavour = TRUE,
  .params = km_params,
  .n_params = G_N_ELEMENTS (km_params),
  .recover = km_recover,
  .memory_estimate = km_memory,
  .reference_max_n = 20000,
  .large_landmarks = TRUE,
};
