/* LESC (docs/methods.md §6), reconstructed: LRR of the features, then the LE step with
 * C = Z. No official LESC code exists; the pieces come from the gLESC repository. */
#include "core/solvers/lrr.h"
#include "core/methods/method.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

static const LescParamSpec lesc_params[] = {
  { "lambda1", "λ₁ (LE trade-off)", "Weight of the sample-correlation smoothness term",
    10, 1e-6, 1e6, TRUE, FALSE },
  { "lambda2", "λ₂ (low-rank coefficient)", "Weight of the ℓ2,1 error term of the low-rank representation",
    0.1, 1e-6, 1e6, TRUE, FALSE },
};

/* C = Z lies in the column space of the features (the row-space reduction, docs/methods.md §6:
 * Z = QZ̃ with Q a basis of range(x)), so C = UV with U the thin-QR basis of x (its span
 * contains range(x) whatever the rank of x) and V = UᵀZ. The LE step then applies I − C
 * in O(nq) per column instead of O(n²): forming its quadratic form costs 2n³ instead of
 * 4n³. Used when it pays (4q ≤ n) and when UV reproduces Z to rounding (checked);
 * otherwise C stays dense. */
static LescSmoothness *
correlation_smoothness (const LescMatrix *x, LescMatrix *z, gboolean paper)
{
  gsize n = x->rows, q = x->cols;
  if (4 * q > n)
    return lesc_smoothness_new_correlation (z, paper);
  g_autoptr (LescMatrix) u = lesc_matrix_copy (x);
  g_autofree double *tau = g_new (double, q);
  if (LAPACKE_dgeqrf (LAPACK_COL_MAJOR, (lapack_int) n, (lapack_int) q, u->data,
                      (lapack_int) n, tau) != 0
      || LAPACKE_dorgqr (LAPACK_COL_MAJOR, (lapack_int) n, (lapack_int) q, (lapack_int) q,
                         u->data, (lapack_int) n, tau) != 0)
    return lesc_smoothness_new_correlation (z, paper);
  g_autoptr (LescMatrix) v = lesc_matrix_new (q, n);
  cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, (int) q, (int) n, (int) n, 1.0,
               u->data, (int) n, z->data, (int) n, 0.0, v->data, (int) q);
  /* max |Z − UV| against max |Z|, by column blocks */
  gsize block = 256;
  g_autoptr (LescMatrix) r = lesc_matrix_new (n, MIN (block, n));
  double zmax = 0.0, rmax = 0.0;
  for (gsize j0 = 0; j0 < n; j0 += block)
    {
      gsize b = MIN (block, n - j0);
      memcpy (r->data, z->data + j0 * n, n * b * sizeof (double));
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) b, (int) q, -1.0,
                   u->data, (int) n, v->data + j0 * q, (int) q, 1.0, r->data, (int) n);
      for (gsize e = 0; e < n * b; e++)
        {
          zmax = fmax (zmax, fabs (z->data[j0 * n + e]));
          rmax = fmax (rmax, fabs (r->data[e]));
        }
    }
  if (!(rmax <= 1e-12 * zmax))
    return lesc_smoothness_new_correlation (z, paper);
  return lesc_smoothness_new_correlation_factored (z, g_steal_pointer (&u), g_steal_pointer (&v),
                                                   paper);
}

static double
lesc_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  double z = 8.0 * (double) n * (double) n;
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
  LescMatrix *z = lesc_lrr (problem->x, lambda2, progress, &lrr, NULL, error);
  if (z == NULL)
    return NULL;
  result->correlation_iterations = lrr.iterations;
  LescSmoothness *m = correlation_smoothness (problem->x, z, params->c_paper_orientation);
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
  .smoothness = lesc_correlation,
  .cached_stage = "correlation (cached)",
};
