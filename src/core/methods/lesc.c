/* LESC (docs/methods.md §6), reconstructed: LRR of the features, then the LE step with
 * C = Z. No official LESC code exists; the pieces come from the gLESC repository. */
#include "core/solvers/lrr.h"
#include "core/methods/method.h"

#include <math.h>

static const LescParamSpec lesc_params[] = {
  { "lambda1", "λ₁ (LE trade-off)", "Weight of the sample-correlation smoothness term",
    10, 1e-6, 1e6, TRUE, FALSE },
  { "lambda2", "λ₂ (low-rank coefficient)", "Weight of the ℓ2,1 error term of the low-rank representation",
    0.1, 1e-6, 1e6, TRUE, FALSE },
};

/* C = Z = QZ̃ (lrr.h: Q an n×r basis of range(x), Z̃ r×n). When 4r ≤ n the LE step applies
 * I − C through the factors, O(nr) per column instead of O(n²), and forms its quadratic
 * form in n³ + O(n²r) flops instead of 4n³; Z itself is not formed. Otherwise C is the
 * dense n×n product. */
static LescSmoothness *
correlation_smoothness (LescLrrFactors *f, gboolean paper, gboolean large, GError **error)
{
  gsize n = f->basis->rows, r = f->basis->cols;
  if (4 * r <= n || large)
    return lesc_smoothness_new_correlation_factored (NULL, g_steal_pointer (&f->basis),
                                                     g_steal_pointer (&f->coefficients), paper);
  LescMatrix *z = lesc_lrr_factors_product (f, error);
  return z != NULL ? lesc_smoothness_new_correlation (z, paper) : NULL;
}

static double
lesc_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  double z = 8.0 * (double) n * (double) n;
  if (params->scale == LESC_SCALE_LARGE)
    {
      /* C stays factored (4r ≤ n for r ≤ q): the LRR without its n×n Z, then the LE step
       * on m landmarks; the factors (n×r, r×n) live through both */
      double r = (double) MIN (n, q), factors = 16.0 * (double) n * r;
      return MAX (lesc_lrr_memory_estimate (n, q) - z,
                  factors + lesc_le_large_memory_estimate (n, lesc_run_params_landmarks (params, n), c));
    }
  return MAX (lesc_lrr_memory_estimate (n, q) + z, z + lesc_le_memory_estimate (n, c, params->variant));
}

extern const LescMethod lesc_method_lesc;

static LescSmoothness *
lesc_correlation (const LescProblem *problem, const LescRunParams *params, LescProgress *progress,
                  LescRunResult *result, GError **error)
{
  gint64 t0 = g_get_monotonic_time ();
  LescLrrReport lrr;
  double lambda2 = lesc_run_params_get (params, &lesc_method_lesc, "lambda2", NAN);
  g_autoptr (LescLrrFactors) f = lesc_lrr_solve (problem->x, lambda2, NULL, FALSE, progress, &lrr,
                                                 error);
  if (f == NULL)
    return NULL;
  result->correlation_iterations = lrr.iterations;
  LescSmoothness *m = correlation_smoothness (f, params->c_paper_orientation,
                                              params->scale == LESC_SCALE_LARGE, error);
  if (m == NULL)
    return NULL;
  lesc_run_result_add_stage (result, "lrr", lesc_seconds_since (t0));
  return m;
}

static LescMatrix *
lesc_recover (const LescProblem *problem, const LescRunParams *params, gboolean want_model,
              LescProgress *progress, LescRunResult *result, GError **error)
{
  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.3);
  g_autoptr (LescSmoothness) m = lesc_correlation (problem, params, progress ? &sub : NULL, result, error);
  if (m == NULL)
    return NULL;
  sub = lesc_progress_sub (progress, 0.3, 1.0);
  return lesc_method_le_stage (problem, params, m,
                               lesc_run_params_get (params, &lesc_method_lesc, "lambda1", NAN),
                               NULL, want_model, progress ? &sub : NULL, result, error);
}

const LescMethod lesc_method_lesc = {
  .name = "lesc",
  .display_name = "LESC",
  .description = "Label enhancement with sample correlations (AAAI 2020), reconstructed: LRR of the features + LE step",
  .reconstructed = TRUE,
  .has_mapping = TRUE,
  .uses_seed = TRUE,
  .uses_variant = TRUE,
  .params = lesc_params,
  .n_params = G_N_ELEMENTS (lesc_params),
  .recover = lesc_recover,
  .memory_estimate = lesc_memory,
  .reference_max_n = 12000,
  .large_landmarks = TRUE,
  .smoothness = lesc_correlation,
  .cached_stage = "correlation (cached)",
};
