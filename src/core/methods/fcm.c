#include "core/methods/fcm.h"

#include "core/methods/baseline.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"
#include "core/base/random.h"
#include "core/base/simd.h"
#include "core/numeric/anderson.h"

#include <cblas.h>
#include <float.h>
#include <math.h>
#include <string.h>

static void
normalise_columns (LescMatrix *u)
{
  for (gsize i = 0; i < u->cols; i++)
    {
      double s = 0.0;
      for (gsize k = 0; k < u->rows; k++)
        s += LESC_AT (u, k, i);
      for (gsize k = 0; k < u->rows; k++)
        LESC_AT (u, k, i) /= s;
    }
}

/* One sweep is two halves: centres from u_old (fcm_centres), new memberships from the
 * centres (fcm_memberships). Compiled for AVX2 too: their loops are divisions, products
 * and comparisons (no sum of products that could be fused), so every clone gives the same
 * bits, vectorized or not. Powers other than 2 as exp (p log v): a fifth less time than
 * pow, results within a few ulps of it (docs/speed.md). */
LESC_SIMD_CLONES LESC_VECTORIZE static void
fcm_centres (const LescMatrix *x, const LescMatrix *u_old, double beta, LescMatrix *um,
             LescMatrix *centres)
{
  gsize t = u_old->rows, n = u_old->cols, q = x->cols;
  gboolean square = beta == 2.0; /* the default: no pow() in the inner loops */
  for (gsize i = 0; i < n; i++)
    {
      double s = 0.0;
      for (gsize k = 0; k < t; k++)
        s += LESC_AT (u_old, k, i);
      for (gsize k = 0; k < t; k++)
        {
          double v = LESC_AT (u_old, k, i) / s;
          v = v > DBL_EPSILON ? v : DBL_EPSILON;
          LESC_AT (um, k, i) = square ? v * v : exp (beta * log (v));
        }
    }
  /* centres = (U^β X) / row sums of U^β */
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) t, (int) q, (int) n, 1.0,
               um->data, (int) t, x->data, (int) n, 0.0, centres->data, (int) t);
  for (gsize k = 0; k < t; k++)
    {
      double s = 0.0;
      for (gsize i = 0; i < n; i++)
        s += LESC_AT (um, k, i);
      for (gsize j = 0; j < q; j++)
        LESC_AT (centres, k, j) /= s;
    }
}

LESC_SIMD_CLONES LESC_VECTORIZE static void
fcm_memberships (const LescMatrix *x, const LescMatrix *centres, double beta, LescMatrix *u_new)
{
  gsize t = u_new->rows, n = u_new->cols;
  gboolean square = beta == 2.0;
  g_autoptr (LescMatrix) d2 = lesc_sq_distances (centres, x); /* t×n */
  double e = -2.0 / (beta - 1.0);
  for (gsize i = 0; i < n; i++)
    {
      /* δ^e / Σ δ^e computed as (δ/δ_min)^e / Σ (δ/δ_min)^e: no overflow */
      double dmin = INFINITY;
      for (gsize k = 0; k < t; k++)
        {
          /* δ² for β = 2 (then the power is −1 on δ²), δ otherwise; δ ≥ ε */
          double d2v = LESC_AT (d2, k, i);
          double d = square ? (d2v > DBL_EPSILON * DBL_EPSILON ? d2v : DBL_EPSILON * DBL_EPSILON)
                            : (sqrt (d2v) > DBL_EPSILON ? sqrt (d2v) : DBL_EPSILON);
          LESC_AT (d2, k, i) = d;
          dmin = d < dmin ? d : dmin;
        }
      double s = 0.0;
      for (gsize k = 0; k < t; k++)
        {
          double v = square ? dmin / LESC_AT (d2, k, i) : exp (e * log (LESC_AT (d2, k, i) / dmin));
          LESC_AT (u_new, k, i) = v;
          s += v;
        }
      for (gsize k = 0; k < t; k++)
        LESC_AT (u_new, k, i) /= s;
    }
}

static void
fcm_sweep (const LescMatrix *x, const LescMatrix *u_old, double beta, LescMatrix *um,
           LescMatrix *centres, LescMatrix *u_new)
{
  fcm_centres (x, u_old, beta, um, centres);
  fcm_memberships (x, centres, beta, u_new);
}

static gboolean
check_args (const LescMatrix *x, gsize t, double beta, GError **error)
{
  gsize n = x->rows, q = x->cols;
  if (t < 1 || !(beta > 1.0) || !isfinite (beta) || n < 1 || q < 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "fcm: clusters = %zu, beta = %g on %zu×%zu features; expected clusters ≥ 1, "
                   "beta > 1 and a non-empty feature matrix", t, beta, n, q);
      return FALSE;
    }
  return TRUE;
}

static LescMatrix *
initial_memberships (gsize t, gsize n, guint32 seed)
{
  LescRandom rng;
  lesc_random_init (&rng, seed);
  LescMatrix *u = lesc_matrix_new (t, n);
  for (gsize k = 0; k < t; k++) /* numpy rand(t, n): row-major draws */
    for (gsize i = 0; i < n; i++)
      LESC_AT (u, k, i) = lesc_random_double (&rng);
  normalise_columns (u);
  for (gsize m = 0; m < t * n; m++)
    u->data[m] = fmax (u->data[m], DBL_EPSILON);
  return u;
}

static double
frobenius_distance (const LescMatrix *a, const LescMatrix *b)
{
  double s = 0.0;
  for (gsize m = 0; m < a->rows * a->cols; m++)
    s += (a->data[m] - b->data[m]) * (a->data[m] - b->data[m]);
  return sqrt (s);
}

/* progress: how far the change has fallen from the first sweep's towards tol */
static void
report_progress (LescProgress *progress, double first_change, double change, double tol)
{
  double frac = first_change > tol && change < first_change
                  ? log (first_change / change) / log (first_change / tol) : 0.0;
  lesc_progress_report (progress, frac, "clustering");
}

LescMatrix *
lesc_fcm_cluster (const LescMatrix *x, gsize t, double beta, guint32 seed, guint max_iter,
                  double tol, LescMatrix **centres, LescFcmReport *report,
                  LescProgress *progress, GError **error)
{
  gsize n = x->rows, q = x->cols;
  if (!check_args (x, t, beta, error))
    return NULL;
  g_autoptr (LescMatrix) u = initial_memberships (t, n, seed);
  g_autoptr (LescMatrix) u_new = lesc_matrix_new (t, n);
  g_autoptr (LescMatrix) um = lesc_matrix_new (t, n);
  g_autoptr (LescMatrix) v = lesc_matrix_new (t, q);
  guint sweeps = 0;
  double change = INFINITY, first_change = 0.0;
  while (sweeps + 1 < max_iter)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      fcm_sweep (x, u, beta, um, v, u_new);
      sweeps++;
      change = frobenius_distance (u_new, u);
      LescMatrix *swap = u;
      u = u_new;
      u_new = swap;
      if (sweeps == 1)
        first_change = change;
      if (change < tol)
        break;
      report_progress (progress, first_change, change, tol);
    }
  if (report != NULL)
    {
      report->iterations = sweeps;
      report->last_change = change;
    }
  if (centres != NULL)
    *centres = g_steal_pointer (&v);
  return g_steal_pointer (&u);
}

/* The same fixed point, reached by Anderson acceleration of the centres (anderson.h):
 * x_k the centres, g(x_k) the centres of U(x_k). Each step also makes the plain sweep
 * from U(x_k) and stops on its change, the quantity lesc_fcm_cluster stops on, so the
 * result is a plain sweep's output whose change is below tol. Plain sweeps until the
 * iteration converges linearly and its change is below ACCELERATE_BELOW: accelerated from
 * the start it leaves the plain path near the saddles that path passes (a cluster
 * splitting) and lands on another fixed point. An extrapolated point is kept only when
 * its sweep's change is smaller than the last kept one's; otherwise the loop goes back to
 * the plain sweep from the last kept point and the acceleration starts afresh.
 * docs/methods.md §8.1 says how far this moves the results. */
#define ANDERSON_MEMORY 5
#define STEADY_SWEEPS 10
#define ACCELERATE_BELOW 1e-5

LescMatrix *
lesc_fcm_cluster_accelerated (const LescMatrix *x, gsize t, double beta, guint32 seed,
                              guint max_iter, double tol, LescMatrix **centres,
                              LescFcmReport *report, LescProgress *progress, GError **error)
{
  gsize n = x->rows, q = x->cols;
  if (!check_args (x, t, beta, error))
    return NULL;
  g_autoptr (LescMatrix) u = initial_memberships (t, n, seed);
  g_autoptr (LescMatrix) um = lesc_matrix_new (t, n);
  g_autoptr (LescMatrix) u_next = lesc_matrix_new (t, n);
  g_autoptr (LescMatrix) u_kept = lesc_matrix_new (t, n);   /* the plain sweep from the kept point */
  g_autoptr (LescMatrix) v = lesc_matrix_new (t, q);
  g_autoptr (LescMatrix) g = lesc_matrix_new (t, q);
  g_autoptr (LescMatrix) g_kept = lesc_matrix_new (t, q);
  g_autoptr (LescAnderson) aa = lesc_anderson_new (t * q, ANDERSON_MEMORY);
  fcm_centres (x, u, beta, um, v);   /* x_0: the centres of U0, as the first sweep makes them */
  fcm_memberships (x, v, beta, u);
  guint sweeps = 0, rejected = 0, steady = 0;
  gboolean engaged = FALSE, extrapolated = FALSE;
  double change = INFINITY, first_change = 0.0, kept = INFINITY;
  double last_plain = INFINITY, last_ratio = INFINITY;
  while (sweeps + 1 < max_iter)
    {
      if (lesc_progress_cancelled (progress, error))
        return NULL;
      fcm_centres (x, u, beta, um, g);
      fcm_memberships (x, g, beta, u_next);
      sweeps++;
      change = frobenius_distance (u_next, u);
      if (sweeps == 1)
        first_change = change;
      if (change < tol)
        break;
      if (extrapolated && !(change < kept))
        {
          /* back to the plain sweep from the last kept point */
          rejected++;
          lesc_anderson_reset (aa);
          memcpy (v->data, g_kept->data, t * q * sizeof (double));
          memcpy (u->data, u_kept->data, t * n * sizeof (double));
          kept = INFINITY;
          continue;
        }
      kept = change;
      memcpy (g_kept->data, g->data, t * q * sizeof (double));
      memcpy (u_kept->data, u_next->data, t * n * sizeof (double));
      report_progress (progress, first_change, change, tol);
      /* plain sweeps until the iteration is near its end and converges linearly */
      double ratio = change / last_plain;
      steady = ratio < 1.0 && fabs (ratio - last_ratio) < 1e-3 ? steady + 1 : 0;
      last_ratio = ratio;
      last_plain = change;
      if (!engaged && steady >= STEADY_SWEEPS && change < ACCELERATE_BELOW)
        engaged = TRUE;
      extrapolated = engaged && lesc_anderson_step (aa, v->data, g->data, v->data);
      if (extrapolated)
        fcm_memberships (x, v, beta, u);
      else
        memcpy (u->data, u_next->data, t * n * sizeof (double));
    }
  g_debug ("fcm: accelerated, %u steps, %u rejected, last change %.3g", sweeps, rejected, change);
  if (report != NULL)
    {
      report->iterations = sweeps;
      report->last_change = change;
    }
  if (centres != NULL)
    *centres = g_steal_pointer (&g);
  return g_steal_pointer (&u_next);
}

LescMatrix *
lesc_fcm_compose (const LescMatrix *u, const LescMatrix *l, gboolean normalise)
{
  gsize t = u->rows, n = u->cols, c = l->cols;
  g_autoptr (LescMatrix) qm = lesc_matrix_new (c, t); /* Q = Lᵀ Uᵀ */
  cblas_dgemm (CblasColMajor, CblasTrans, CblasTrans, (int) c, (int) t, (int) n, 1.0,
               l->data, (int) n, u->data, (int) t, 0.0, qm->data, (int) c);
  if (normalise)
    {
      for (gsize k = 0; k < t; k++)
        {
          double s = 0.0;
          for (gsize j = 0; j < c; j++)
            s += LESC_AT (qm, j, k);
          if (s > 0.0)
            for (gsize j = 0; j < c; j++)
              LESC_AT (qm, j, k) /= s;
        }
      for (gsize j = 0; j < c; j++)
        {
          double s = 0.0;
          for (gsize k = 0; k < t; k++)
            s += LESC_AT (qm, j, k);
          if (s > 0.0)
            for (gsize k = 0; k < t; k++)
              LESC_AT (qm, j, k) /= s;
        }
    }
  LescMatrix *d = lesc_matrix_new (n, c);
  for (gsize j = 0; j < c; j++)
    for (gsize i = 0; i < n; i++)
      {
        double best = 0.0; /* all products are ≥ 0 */
        for (gsize k = 0; k < t; k++)
          best = fmax (best, LESC_AT (qm, j, k) * LESC_AT (u, k, i));
        LESC_AT (d, i, j) = best;
      }
  return d;
}

double
lesc_fcm_spread (const LescMatrix *u)
{
  double t = (double) u->rows, worst = 0.0;
  for (gsize m = 0; m < u->rows * u->cols; m++)
    worst = fmax (worst, fabs (t * u->data[m] - 1.0));
  return worst;
}

static const LescParamSpec fcm_params[] = {
  { "clusters", "Clusters t", "number of fuzzy clusters (PyLDL's default; the paper gives none)",
    50, 2, 1000, FALSE, TRUE },
  { "beta", "β (fuzzifier)", "fuzzifier of the memberships, > 1", 2, 1.05, 10, FALSE, FALSE },
};

static LescMatrix *
fcm_recover (const LescProblem *problem, const LescRunParams *params, gboolean want_model,
             LescProgress *progress, LescRunResult *result, GError **error)
{
  const LescMethod *m = &lesc_method_fcm;
  if (!lesc_baseline_check_problem (problem, m->name, error)
      || !lesc_run_params_check (params, m, error))
    return NULL;
  gsize t = (gsize) lesc_run_params_get (params, m, "clusters", 0);
  gint64 clock = g_get_monotonic_time ();
  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.98);
  LescFcmReport rep;
  double beta = lesc_run_params_get (params, m, "beta", NAN);
  /* PyLDL's loop as it is (its stopping rule is part of that flavour's numbers); the
   * others to the fixed point, accelerated (docs/methods.md §8.1) */
  g_autoptr (LescMatrix) u
    = params->flavour == LESC_FLAVOUR_PYLDL
        ? lesc_fcm_cluster (problem->x, t, beta, params->seed, LESC_FCM_MAX_ITER,
                            LESC_FCM_TOLERANCE, NULL, &rep, &sub, error)
        : lesc_fcm_cluster_accelerated (problem->x, t, beta, params->seed, LESC_FCM_MAX_ITER,
                                        LESC_FCM_ACCELERATED_TOLERANCE, NULL, &rep, &sub, error);
  if (u == NULL)
    return NULL;
  double spread = lesc_fcm_spread (u);
  g_debug ("fcm: %u sweeps, last change %.3g, max |t·u − 1| %.3g", rep.iterations,
           rep.last_change, spread);
  if (result != NULL)
    {
      result->fcm_clusters = (guint) t;
      result->fcm_spread = spread;
    }
  lesc_run_result_lap (result, "clustering", &clock);
  LescMatrix *d = lesc_fcm_compose (u, problem->l, params->flavour != LESC_FLAVOUR_PYLDL);
  lesc_matrix_row_softmax (d);
  if (result != NULL)
    {
      /* for the warning (method.h): how far the rows are from one row, and from 1/c */
      double rows = 0.0, uniform = 0.0, c = (double) d->cols;
      for (gsize j = 0; j < d->cols; j++)
        for (gsize i = 0; i < d->rows; i++)
          {
            rows = fmax (rows, c * fabs (LESC_AT (d, i, j) - LESC_AT (d, 0, j)));
            uniform = fmax (uniform, fabs (LESC_AT (d, i, j) * c - 1.0));
          }
      /* one sample is trivially "the same for every sample": no warning */
      result->fcm_row_spread = d->rows > 1 ? rows : HUGE_VAL;
      result->fcm_uniform_spread = d->rows > 1 ? uniform : HUGE_VAL;
    }
  lesc_run_result_lap (result, "composition", &clock);
  lesc_progress_report (progress, 1.0, "composition");
  return d;
}

/* The memberships U, their update and powers (t×n each), the accelerated loop's kept
 * sweep, one more t×n for the distances, the composition (n×c). */
static double
fcm_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  double t = lesc_run_params_get (params, &lesc_method_fcm, "clusters", 0);
  return 8.0 * (double) n * (5.0 * t + (double) c + (double) q);
}

const LescMethod lesc_method_fcm = {
  .name = "fcm",
  .display_name = "FCM",
  .description = "fuzzy c-means memberships composed with the cluster label prototypes",
  .reconstructed = FALSE,
  .has_mapping = FALSE,
  .uses_seed = TRUE,
  .uses_variant = FALSE,
  .published_note = "No public definition reproduces its published rows: Chebyshev published vs "
                     "this definition SJAFFE 0.132 vs 0.120, Yeast-alpha 0.044 vs 0.014, "
                     "Yeast-cold 0.141 vs 0.054; with β = 2 its memberships collapse to uniform on "
                     "SJAFFE and the Yeast sets",
  .params = fcm_params,
  .n_params = G_N_ELEMENTS (fcm_params),
  .recover = fcm_recover,
  .memory_estimate = fcm_memory,
};
