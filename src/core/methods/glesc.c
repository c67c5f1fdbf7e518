/* gLESC (docs/methods.md §7): the t-SVD tensor step over the feature and label views,
 * C = (Z₁ + Z₂)/2, then the LE step. */
#include "core/methods/method.h"
#include "core/solvers/tensor.h"

#include <math.h>

static const LescParamSpec glesc_params[] = {
  { "lambda1", "λ₁ (LE trade-off)", "Weight of the sample-correlation smoothness term (demo: 10)",
    10, 1e-6, 1e6, TRUE, FALSE },
  { "lambda2", "λ₂ = β (tensor error weight)", "Weight of the ℓ2,1 error term of the tensor step (demo: 10)",
    10, 1e-6, 1e6, TRUE, FALSE },
};

static LescTensorOptions
tensor_options (const LescRunParams *params)
{
  /* C = (Z₁ + Z₂)/2 straight from the spectra: one n×n output */
  return (LescTensorOptions) { params->tensor_fft_views, params->odd_n_single_shrink, 0, TRUE };
}

static double
glesc_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  double z = 8.0 * (double) n * (double) n;
  LescTensorOptions options = tensor_options (params);
  return MAX (lesc_tensor_memory_estimate_for (n, q, c, &options),
              z + lesc_le_memory_estimate (n, c, params->variant));
}

extern const LescMethod lesc_method_glesc;

static LescSmoothness *
glesc_correlation (const LescProblem *problem, const LescRunParams *params, LescProgress *progress,
                   LescRunResult *result, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  LescTensorOptions options = tensor_options (params);
  LescTensorReport report = { 0 };
  LescMatrix *c = NULL, *unused = NULL;
  double lambda2 = lesc_run_params_get (params, &lesc_method_glesc, "lambda2", NAN);
  if (!lesc_tensor_step (problem->x, problem->l, lambda2, &options, progress, &report, &c,
                         &unused, error))
    return NULL;
  result->correlation_iterations = report.iterations;
  lesc_run_result_add_stage (result, "tensor", lesc_seconds_since (t0));
  return lesc_smoothness_new_correlation (c, params->c_paper_orientation);
}

static LescMatrix *
glesc_recover (const LescProblem *problem, const LescRunParams *params, gboolean want_model,
               LescProgress *progress, LescRunResult *result, GError **error)
{
  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.4);
  g_autoptr (LescSmoothness) m = glesc_correlation (problem, params, progress ? &sub : NULL, result, error);
  if (m == NULL)
    return NULL;
  sub = lesc_progress_sub (progress, 0.4, 1.0);
  return lesc_method_le_stage (problem, params, m,
                               lesc_run_params_get (params, &lesc_method_glesc, "lambda1", NAN),
                               NULL, want_model, progress ? &sub : NULL, result, error);
}

const LescMethod lesc_method_glesc = {
  .name = "glesc",
  .display_name = "gLESC",
  .description = "Generalized label enhancement with sample correlations (TKDE 2021): t-SVD tensor step + LE step",
  .reconstructed = FALSE,
  .has_mapping = TRUE,
  .uses_seed = TRUE,
  .uses_variant = TRUE,
  .params = glesc_params,
  .n_params = G_N_ELEMENTS (glesc_params),
  .recover = glesc_recover,
  .smoothness = glesc_correlation,
  .cached_stage = "correlation (cached)",
  .memory_estimate = glesc_memory,
};
