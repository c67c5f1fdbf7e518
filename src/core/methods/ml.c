#include "core/methods/ml.h"

#include "core/methods/baseline.h"
#include "core/base/error.h"
#include "core/solvers/ann.h"

#include <cblas.h>
#include <lapacke.h>
#include <math.h>

#define MAX_NEWTON_STEPS 500
#define MAX_HALVINGS 60
#define ARMIJO 1e-4

void
lesc_lle_weights_free (LescLleWeights *w)
{
  if (w == NULL)
    return;
  g_free (w->index);
  g_free (w->weight);
  g_free (w);
}

LescLleWeights *
lesc_lle_weights (const LescMatrix *x, gsize k, LescKnnSearch *search, double *dimension,
                  double *recall, LescProgress *progress, GError **error)
{
  gsize n = x->rows, q = x->cols;
  g_autofree gsize *index = g_new (gsize, MAX (n * k, 1));
  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.8);
  if (!lesc_knn_search (x, k, FALSE, search, dimension, index, recall, &sub, error))
    return NULL;
  g_autofree double *weight = g_new (double, n * k);
  g_autofree double *z = g_new (double, k * q); /* k×q: neighbour − sample */
  g_autofree double *gram = g_new (double, k * k);
  g_autofree double *w = g_new (double, k);
  g_autoptr (LescMatrix) xt = lesc_matrix_transpose (x); /* q×n: samples contiguous */
  for (gsize i = 0; i < n; i++)
    {
      if (i % 512 == 0)
        {
          if (lesc_progress_cancelled (progress, error))
            return NULL;
          lesc_progress_report (progress, 0.8 + 0.2 * (double) i / (double) n, "weights");
        }
      const double *xi = xt->data + i * q;
      for (gsize t = 0; t < k; t++)
        {
          const double *xn = xt->data + index[i + t * n] * q;
          for (gsize col = 0; col < q; col++)
            z[t + col * k] = xn[col] - xi[col];
        }
      cblas_dgemm (CblasColMajor, CblasNoTrans, CblasTrans, (int) k, (int) k, (int) q, 1.0, z,
                   (int) k, z, (int) k, 0.0, gram, (int) k);
      double trace = 0.0;
      for (gsize t = 0; t < k; t++)
        trace += gram[t + t * k];
      double reg = trace > 0.0 ? 1e-3 * trace : 1e-3;
      for (gsize t = 0; t < k; t++)
        {
          gram[t + t * k] += reg;
          w[t] = 1.0;
        }
      lapack_int info = LAPACKE_dposv (LAPACK_COL_MAJOR, 'L', (lapack_int) k, 1, gram,
                                       (lapack_int) k, w, (lapack_int) k);
      if (info != 0)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                       "ml: the local Gram matrix of sample %zu is not positive definite", i + 1);
          return NULL;
        }
      double sum = 0.0;
      for (gsize t = 0; t < k; t++)
        sum += w[t];
      for (gsize t = 0; t < k; t++)
        weight[i + t * n] = w[t] / sum;
    }
  LescLleWeights *out = g_new (LescLleWeights, 1);
  out->n = n;
  out->k = k;
  out->index = g_steal_pointer (&index);
  out->weight = g_steal_pointer (&weight);
  return out;
}

/* y = M v, M = (I − W)ᵀ(I − W) + ridge·I; work (n) holds (I − W)v. */
static void
apply_m (const LescLleWeights *w, double ridge, const double *v, double *y, double *work)
{
  gsize n = w->n, k = w->k;
  for (gsize r = 0; r < n; r++)
    work[r] = v[r];
  for (gsize t = 0; t < k; t++)
    for (gsize r = 0; r < n; r++)
      work[r] -= w->weight[r + t * n] * v[w->index[r + t * n]];
  for (gsize r = 0; r < n; r++)
    y[r] = work[r] + ridge * v[r];
  for (gsize t = 0; t < k; t++)
    for (gsize r = 0; r < n; r++)
      y[w->index[r + t * n]] -= w->weight[r + t * n] * work[r];
}

void
lesc_manifold_apply (const LescLleWeights *w, double ridge, const double *v, double *y)
{
  g_autofree double *work = g_new (double, w->n);
  apply_m (w, ridge, v, y, work);
}

/* The QP in ν = s∘μ:  min νᵀM̃ν, M̃ = SMS, ν ≥ 1. */
typedef struct {
  const LescLleWeights *w;
  double ridge;
  const double *s;
  gsize n;
  double *u, *work; /* scratch */
} SignedOp;

/* y = M̃ v, restricted to the free variables when `mask` is not NULL (v must then be 0
 * outside it; y is set to 0 there). */
static void
signed_apply (SignedOp *op, const double *v, double *y, const guint8 *mask)
{
  for (gsize i = 0; i < op->n; i++)
    op->u[i] = op->s[i] * v[i];
  apply_m (op->w, op->ridge, op->u, y, op->work);
  for (gsize i = 0; i < op->n; i++)
    y[i] = (mask == NULL || mask[i]) ? op->s[i] * y[i] : 0.0;
}

static double
kkt_residual (const double *nu, const double *h, gsize n)
{
  double res = 0.0;
  for (gsize i = 0; i < n; i++)
    res = fmax (res, fabs (fmin (nu[i] - 1.0, 2.0 * h[i])));
  return res;
}

static double
dot (const double *a, const double *b, gsize n)
{
  double s = 0.0;
  for (gsize i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

/* Preconditioned CG for M̃_FF d = −h_F from d = 0, until max|residual| ≤ target. */
static guint
free_newton_direction (SignedOp *op, const guint8 *free, const double *h, const double *diag,
                       double target, guint max_steps, double *d, double *r, double *z,
                       double *p, double *qv)
{
  gsize n = op->n;
  double rz = 0.0, rmax = 0.0;
  for (gsize i = 0; i < n; i++)
    {
      d[i] = 0.0;
      r[i] = free[i] ? -h[i] : 0.0;
      z[i] = r[i] / diag[i];
      p[i] = z[i];
      rz += r[i] * z[i];
      rmax = fmax (rmax, fabs (r[i]));
    }
  guint steps = 0;
  while (rmax > target && steps < max_steps && rz > 0.0)
    {
      signed_apply (op, p, qv, free);
      double pq = dot (p, qv, n);
      if (!(pq > 0.0))
        break;
      double a = rz / pq, rz_new = 0.0;
      rmax = 0.0;
      for (gsize i = 0; i < n; i++)
        {
          d[i] += a * p[i];
          r[i] -= a * qv[i];
          z[i] = r[i] / diag[i];
          rz_new += r[i] * z[i];
          rmax = fmax (rmax, fabs (r[i]));
        }
      double b = rz_new / rz;
      rz = rz_new;
      for (gsize i = 0; i < n; i++)
        p[i] = z[i] + b * p[i];
      steps++;
    }
  return steps;
}

gboolean
lesc_manifold_qp (const LescLleWeights *w, double ridge, const double *sign, double tol,
                  double *mu, LescQpReport *report, LescProgress *progress, GError **error)
{
  gsize n = w->n, k = w->k;
  if (!(ridge > 0.0) || !(tol > 0.0))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "ml: ridge = %g and tolerance = %g, expected both > 0", ridge, tol);
      return FALSE;
    }
  for (gsize i = 0; i < n; i++)
    if (sign[i] != 1.0 && sign[i] != -1.0)
      {
        g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                     "ml: bound sign of sample %zu is %g, expected +1 or −1", i + 1, sign[i]);
        return FALSE;
      }
  g_autofree double *buf = g_new0 (double, 11 * n);
  double *nu = buf, *h = buf + n, *d = buf + 2 * n, *r = buf + 3 * n, *z = buf + 4 * n,
         *p = buf + 5 * n, *qv = buf + 6 * n, *trial = buf + 7 * n, *diag = buf + 8 * n;
  SignedOp op = { w, ridge, sign, n, buf + 9 * n, buf + 10 * n };
  g_autofree guint8 *free = g_new (guint8, n);

  /* diag(M) = 1 + ridge + Σ of the squared weights of each column of W */
  for (gsize i = 0; i < n; i++)
    diag[i] = 1.0 + ridge;
  for (gsize t = 0; t < k; t++)
    for (gsize i = 0; i < n; i++)
      diag[w->index[i + t * n]] += w->weight[i + t * n] * w->weight[i + t * n];

  for (gsize i = 0; i < n; i++)
    nu[i] = 1.0;
  signed_apply (&op, nu, h, NULL);
  double res = kkt_residual (nu, h, n), res0 = res;
  guint steps = 0, cg_total = 0;
  while (res > tol)
    {
      if (steps >= MAX_NEWTON_STEPS)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                       "ml: the label-manifold QP did not converge in %d steps (KKT residual "
                       "%.3g, wanted ≤ %.3g)", MAX_NEWTON_STEPS, res, tol);
          return FALSE;
        }
      if (lesc_progress_cancelled (progress, error))
        return FALSE;
      lesc_progress_report (progress, res0 > tol ? log (res0 / res) / log (res0 / tol) : 1.0,
                            "label manifold");
      /* Bertsekas' ε-binding set: at (or within ε of) the bound and pushed towards it */
      double eps = fmin (1e-3, res);
      gsize n_free = 0;
      for (gsize i = 0; i < n; i++)
        {
          free[i] = !(nu[i] - 1.0 <= eps && h[i] > 0.0);
          n_free += free[i];
        }
      double target = fmax (0.25 * tol, 0.01 * res) / 2.0; /* on h = g/2 */
      cg_total += free_newton_direction (&op, free, h, diag, target, (guint) (2 * n_free + 100),
                                         d, r, z, p, qv);
      double slope_free = 0.0; /* −Σ_F h_i d_i ≥ 0 */
      for (gsize i = 0; i < n; i++)
        if (free[i])
          slope_free -= h[i] * d[i];
        else
          d[i] = -h[i] / diag[i];
      /* projected line search with the Armijo rule along the projection arc */
      double alpha = 1.0;
      gboolean accepted = FALSE;
      for (int halving = 0; halving <= MAX_HALVINGS && !accepted; halving++, alpha *= 0.5)
        {
          double bound_part = 0.0;
          for (gsize i = 0; i < n; i++)
            {
              trial[i] = fmax (1.0, nu[i] + alpha * d[i]);
              z[i] = trial[i] - nu[i]; /* the step δ */
              if (!free[i])
                bound_part += h[i] * (nu[i] - trial[i]);
            }
          /* f(ν + δ) − f(ν) = 2δᵀh + δᵀM̃δ, exact to rounding in δ */
          signed_apply (&op, z, qv, NULL);
          double change = 2.0 * dot (z, h, n) + dot (z, qv, n);
          double predicted = 2.0 * (alpha * slope_free + bound_part);
          accepted = -change >= ARMIJO * predicted && predicted > 0.0;
        }
      if (!accepted)
        {
          g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                       "ml: the label-manifold QP stalled (no descent; KKT residual %.3g, "
                       "wanted ≤ %.3g)", res, tol);
          return FALSE;
        }
      for (gsize i = 0; i < n; i++)
        nu[i] = trial[i];
      signed_apply (&op, nu, h, NULL);
      res = kkt_residual (nu, h, n);
      steps++;
    }
  gsize at_bound = 0;
  for (gsize i = 0; i < n; i++)
    {
      mu[i] = sign[i] * nu[i];
      at_bound += nu[i] == 1.0;
    }
  if (report != NULL)
    {
      report->iterations = steps;
      report->cg_iterations = cg_total;
      report->n_free = n - at_bound;
      report->objective = dot (nu, h, n);
      report->kkt_residual = res;
    }
  return TRUE;
}

static const LescParamSpec ml_params[] = {
  { "neighbours", "Neighbours K (0: c + 1)",
    "LLE neighbours per sample; 0 = the flavour's rule (paper: labels + 1, pyldl: labels)", 0,
    0, 1000, FALSE, TRUE },
};

static LescMatrix *
ml_recover (const LescProblem *problem, const LescRunParams *params, gboolean want_model,
            LescProgress *progress, LescRunResult *result, GError **error)
{
  const LescMethod *m = &lesc_method_ml;
  if (!lesc_baseline_check_problem (problem, m->name, error)
      || !lesc_run_params_check (params, m, error))
    return NULL;
  const LescMatrix *x = problem->x, *l = problem->l;
  gsize n = x->rows, c = l->cols;
  gsize k = (gsize) lesc_run_params_get (params, m, "neighbours", 0);
  if (k == 0)
    {
      k = params->flavour == LESC_FLAVOUR_PYLDL ? c : c + 1;
      if (k > n - 1 && n >= 2)
        {
          /* the default (c + 1) on fewer samples: every other sample is a neighbour */
          if (result != NULL)
            g_snprintf (result->default_note, sizeof result->default_note, "ml: neighbours = %zu (the default "
                        "%zu is more than the %zu other sample%s)", n - 1, k, n - 1,
                        n == 2 ? "" : "s");
          k = n - 1;
        }
    }
  if (k > n - 1)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "ml: neighbours = %zu, but a sample has only %zu other%s (n = %zu)", k, n - 1,
                   n - 1 == 1 ? "" : "s",
                   n);
      return NULL;
    }
  gint64 clock = g_get_monotonic_time ();
  LescProgress sub = lesc_progress_sub (progress, 0.0, 0.3);
  /* the large-data form differs from the reference only in its neighbour search (ann.h) */
  LescKnnSearch search = params->scale == LESC_SCALE_LARGE ? params->knn : LESC_KNN_EXACT;
  double recall = 1.0, dimension = 0.0;
  g_autoptr (LescLleWeights) w = lesc_lle_weights (x, k, &search, &dimension, &recall, &sub, error);
  if (w == NULL)
    return NULL;
  if (params->scale == LESC_SCALE_LARGE)
    lesc_run_result_set_graph (result, 0, search, recall, dimension);
  lesc_run_result_lap (result, "weights", &clock);
  g_autoptr (LescMatrix) d = lesc_matrix_new (n, c);
  g_autofree double *sign = g_new (double, n);
  for (gsize j = 0; j < c; j++)
    {
      for (gsize i = 0; i < n; i++)
        sign[i] = LESC_AT (l, i, j) == 1.0 ? 1.0 : -1.0;
      sub = lesc_progress_sub (progress, 0.3 + 0.7 * (double) j / (double) c,
                               0.3 + 0.7 * (double) (j + 1) / (double) c);
      LescQpReport rep;
      if (!lesc_manifold_qp (w, LESC_ML_RIDGE, sign, LESC_ML_KKT_TOLERANCE, d->data + j * n,
                             &rep, &sub, error))
        return NULL;
      g_debug ("ml: label %zu: %u Newton steps, %u CG steps, %zu free, KKT %.2g", j + 1,
               rep.iterations, rep.cg_iterations, rep.n_free, rep.kkt_residual);
    }
  lesc_matrix_row_softmax (d);
  lesc_run_result_lap (result, "label manifold", &clock);
  lesc_progress_report (progress, 1.0, "label manifold");
  return g_steal_pointer (&d);
}

/* The neighbour search's block of squared distances (256 rows of n), the neighbours and
 * weights (n×k each), the QP's eleven work vectors and its mask, and the degrees. */
static double
ml_memory (gsize n, gsize q, gsize c, const LescRunParams *params)
{
  double k = lesc_run_params_get (params, &lesc_method_ml, "neighbours", 0);
  if (k == 0)
    k = (double) c + 1.0;
  return 8.0 * (double) n * (256.0 + 2.0 * k + 12.0 + (double) c + (double) q);
}

const LescMethod lesc_method_ml = {
  .name = "ml",
  .display_name = "ML",
  .description = "label manifold: LLE weights and one bound-constrained QP per label",
  .reconstructed = FALSE,
  .has_mapping = FALSE,
  .uses_seed = FALSE,
  .uses_variant = FALSE,
  .published_note = "No public definition reproduces its published rows: Chebyshev published vs "
                     "this definition SJAFFE 0.186 vs 0.182, Yeast-alpha 0.057 vs 0.275, "
                     "Yeast-cold 0.242 vs 0.264; Canberra on SJAFFE 3.138 vs 2.237",
  .params = ml_params,
  .n_params = G_N_ELEMENTS (ml_params),
  .recover = ml_recover,
  .memory_estimate = ml_memory,
  .reference_max_n = LESC_KNN_EXACT_MAX_N,
  .large_knn = TRUE,
};
