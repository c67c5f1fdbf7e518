#include "core/methods/lp.h"

#include "core/methods/baseline.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

LescMatrix *
lesc_lp_transition (const LescMatrix *x, gboolean keep_diagonal, gsize *isolated,
                    GError **error)
{
  gsize n = x->rows;
  LescMatrix *p = lesc_sq_distances (x, x); /* becomes P in place */
  for (gsize j = 0; j < n; j++)             /* exact symmetry for the row minima */
    for (gsize i = j + 1; i < n; i++)
      LESC_AT (p, i, j) = LESC_AT (p, j, i) = 0.5 * (LESC_AT (p, i, j) + LESC_AT (p, j, i));
  /* m_i: the smallest squared distance among the terms of row i (0 with the diagonal);
   * sigma_i = s_i·exp(m_i/2) = Σ_k exp(−(d_ik − m_i)/2) ∈ [1, n]. */
  g_autofree double *m = g_new (double, n);
  g_autofree double *sigma = g_new0 (double, n);
  for (gsize i = 0; i < n; i++)
    {
      double best = keep_diagonal || n == 1 ? 0.0 : INFINITY;
      for (gsize k = 0; k < n && best > 0.0; k++)
        if (k != i)
          best = fmin (best, LESC_AT (p, k, i));
      m[i] = best;
      for (gsize k = 0; k < n; k++)
        if (k != i)
          sigma[i] += exp (-(LESC_AT (p, k, i) - best) / 2.0);
      if (keep_diagonal)
        sigma[i] += 1.0;
    }
  /* P_ij = exp(−(d_ij − (m_i + m_j)/2)/2) / sqrt(σ_i σ_j): the exponent is ≤ 0 */
  gsize lonely = 0;
  for (gsize j = 0; j < n; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (p, i, j) = i == j ? (keep_diagonal ? 1.0 / sigma[i] : 0.0)
                                 : exp (-(LESC_AT (p, i, j) - 0.5 * (m[i] + m[j])) / 2.0)
                                     / sqrt (sigma[i] * sigma[j]);
  for (gsize i = 0; i < n; i++)
    {
      gboolean any = FALSE;
      for (gsize j = 0; j < n && !any; j++)
        any = LESC_AT (p, i, j) != 0.0;
      lonely += !any;
    }
  if (isolated != NULL)
    *isolated = lonely;
  return p;
}

/* Lower Cholesky factor in place, by blocks (dpotrf, dtrsm, dsyrk: the same arithmetic as
 * LAPACK's blocked dpotrf), so that a long factorization can be cancelled between blocks. */
static gboolean
blocked_cholesky (LescMatrix *a, LescProgress *progress, GError **error)
{
  gsize n = a->rows, nb = 256;
  int lda = (int) n;
  for (gsize k = 0; k < n; k += nb)
    {
      if (lesc_progress_cancelled (progress, error))
        return FALSE;
      /* the work left is ∝ (n − k)³ */
      double left = (double) (n - k) / (double) n;
      lesc_progress_report (progress, 0.2 + 0.7 * (1.0 - left * left * left), "propagation");
      gsize kb = MIN (nb, n - k), rest = n - k - kb;
      double *akk = a->data + k + k * n;
      lapack_int info = LAPACKE_dpotrf (LAPACK_COL_MAJOR, 'L', (lapack_int) kb, akk, lda);
      if (info != 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                       "lp: I − αP is not positive definite (Cholesky failed at column %zu)",
                       k + (gsize) info);
          return FALSE;
        }
      if (rest == 0)
        break;
      double *a21 = akk + kb, *a22 = a->data + (k + kb) + (k + kb) * n;
      cblas_dtrsm (CblasColMajor, CblasRight, CblasLower, CblasTrans, CblasNonUnit, (int) rest,
                   (int) kb, 1.0, akk, lda, a21, lda);
      cblas_dsyrk (CblasColMajor, CblasLower, CblasNoTrans, (int) rest, (int) kb, -1.0, a21, lda,
                   1.0, a22, lda);
    }
  return TRUE;
}

LescMatrix *
lesc_lp_propagate (const LescMatrix *x, const LescMatrix *l, double alpha,
                   gboolean keep_diagonal, gsize *isolated, LescProgress *progress,
                   GError **error)
{
  gsize n = x->rows, c = l->cols;
  if (!(alpha >= 0.0 && alpha < 1.0) || l->rows != n)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "lp: alpha = %g with %zu samples and %zu label rows; expected 0 ≤ alpha < 1 "
                   "and one label row per sample", alpha, n, l->rows);
      return NULL;
    }
  lesc_progress_report (progress, 0.0, "propagation");
  g_autoptr (LescMatrix) a = lesc_lp_transition (x, keep_diagonal, isolated, error);
  if (a == NULL)
    return NULL;
  if (lesc_progress_cancelled (progress, error))
    return NULL;
  lesc_progress_report (progress, 0.2, "propagation");
  for (gsize t = 0; t < n * n; t++)
    a->data[t] *= -alpha;
  for (gsize i = 0; i < n; i++)
    LESC_AT (a, i, i) += 1.0;
  if (!blocked_cholesky (a, progress, error))
    return NULL;
  if (lesc_progress_cancelled (progress, error))
    return NULL;
  lesc_progress_report (progress, 0.9, "propagation");
  LescMatrix *d = lesc_matrix_new (n, c);
  for (gsize t = 0; t < n * c; t++)
    d->data[t] = (1.0 - alpha) * l->data[t];
  LAPACKE_dpotrs (LAPACK_COL_MAJOR, 'L', (lapack_int) n, (lapack_int) c, a->data,
                  (lapack_int) n, d->data, (lapack_int) n);
  return d;
}

static const LescParamSpec lp_params[] = {
  { "alpha", "α", "share of the propagated labels at each step (0 ≤ α < 1)", 0.5, 0, 0.99,
    FALSE, FALSE },
};

/* P (n×n, factored in place), the row minima and sums, and the degrees (n×c). */
static double
lp_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  if (params->scale == LESC_SCALE_LARGE)
    {
      /* the neighbour search's 256×n block, the n×k table, 4nk directed pairs, the graph
       * (3 words per edge, up to 2nk edges) and P, CG's vectors, the degrees */
      double k = (double) MIN (lesc_run_params_neighbours (params), MAX (n, 2) - 1);
      double graph = 8.0 * (double) n * (256.0 + 13.0 * k + 8.0 + (double) c);
      double lowrank = lesc_lp_lowrank_memory (n, q, c, lesc_run_params_landmarks (params, n));
      switch (lesc_lp_large_form_named (params))
        {
        case 'm':
          return lowrank;
        case 'k':
          return graph;
        default:
          return MAX (graph, lowrank);
        }
    }
  return 8.0 * (double) n * ((double) n + (double) c + 2.0);
}

static LescMatrix *
lp_recover (const LescProblem *problem, const LescRunParams *params, gboolean want_model,
            LescProgress *progress, LescRunResult *result, GError **error)
{
  const LescMethod *m = &lesc_method_lp;
  if (!lesc_baseline_check_problem (problem, m->name, error)
      || !lesc_run_params_check (params, m, error))
    return NULL;
  /* published: the features as loaded, degrees divided by their row sums (docs/reproducing.md) */
  gboolean published = params->flavour == LESC_FLAVOUR_PUBLISHED;
  const LescMatrix *x = published && problem->raw != NULL ? problem->raw : problem->x;
  gsize n = x->rows, isolated = 0;
  gint64 clock = g_get_monotonic_time ();
  double alpha = lesc_run_params_get (params, m, "alpha", NAN);
  gboolean diagonal = params->flavour == LESC_FLAVOUR_PYLDL;
  LescMatrix *d;
  gboolean lowrank = FALSE;
  if (params->scale == LESC_SCALE_LARGE)
    {
      /* the form named by --landmarks or --neighbours alone, else the one whose estimated
       * loss of affinity is smaller (docs/methods.md §11, "LP") */
      gsize k = MIN (lesc_run_params_neighbours (params), n - 1);
      gsize mm = lesc_run_params_landmarks (params, n);
      char named = lesc_lp_large_form_named (params);
      LescLpForm form = { 0 };
      if (named == 0)
        lesc_lp_choose_form (x, mm, k, params->seed, &form);
      lowrank = named == 'm' || (named == 0 && form.lowrank);
      if (lowrank)
        d = lesc_lp_propagate_lowrank (x, problem->l, alpha, diagonal, mm, params->seed,
                                       &isolated, NULL, progress, error);
      else
        {
          double recall = 1.0, dimension = 0.0;
          LescKnnSearch search = params->knn;
          d = lesc_lp_propagate_sparse (x, problem->l, alpha, diagonal, k, &search, &dimension,
                                        &recall, &isolated, progress, error);
          lesc_run_result_set_graph (result, (guint) k, search, recall, dimension);
        }
      if (result != NULL)
        {
          result->landmarks = lowrank ? (guint) mm : 0;
          result->neighbours = lowrank ? 0 : (guint) k;
          if (named != 0)
            g_snprintf (result->default_note, sizeof result->default_note,
                        "LP: %s (named by --%s)", lowrank ? "low-rank affinity" : "k-graph",
                        lowrank ? "landmarks" : "neighbours");
          else
            g_snprintf (result->default_note, sizeof result->default_note,
                        "LP: %s (%s = %zu): on %zu sampled rows the %zu landmarks miss %.2g of "
                        "a row's affinity, the %zu-neighbour graph %.2g",
                        lowrank ? "low-rank affinity" : "k-graph", lowrank ? "m" : "k",
                        lowrank ? mm : k, form.rows, mm, form.lowrank_loss, k, form.graph_loss);
        }
    }
  else
    d = lesc_lp_propagate (x, problem->l, alpha, diagonal, &isolated, progress, error);
  if (d == NULL)
    return NULL;
  if (isolated > 0)
    g_message ("lp: %zu of %zu samples are isolated (%s); they keep (1 − α) times their "
               "logical labels", isolated, n,
               lowrank ? "in the low-rank form their degree is within rounding of 0"
                       : "every affinity underflows");
  if (published)
    lesc_baseline_normalise_rows (d, problem->l, m->name);
  else
    lesc_matrix_row_softmax (d);
  lesc_run_result_lap (result, "propagation", &clock);
  lesc_progress_report (progress, 1.0, "propagation");
  return d;
}

const LescMethod lesc_method_lp = {
  .name = "lp",
  .display_name = "LP",
  .description = "label propagation over a Gaussian affinity graph, in closed form",
  .reconstructed = FALSE,
  .has_mapping = FALSE,
  .uses_seed = FALSE,
  .uses_variant = FALSE,
  .published_note = "The flavour published reproduces its published rows on SJAFFE, Yeast-alpha "
                     "and Yeast-cold to 0.0005 in every measure",
  .published_flavour = TRUE,
  .params = lp_params,
  .n_params = G_N_ELEMENTS (lp_params),
  .recover = lp_recover,
  .memory_estimate = lp_memory,
  .reference_max_n = 10000,
  .large_neighbours = LESC_LARGE_NEIGHBOURS,
  .large_landmarks = TRUE,
  .large_knn = TRUE,
};

char
lesc_lp_large_form_named (const LescRunParams *params)
{
  if (params->landmarks > 0 && params->neighbours == 0)
    return 'm';
  if (params->neighbours > 0 && params->landmarks == 0)
    return 'k';
  return 0;
}
