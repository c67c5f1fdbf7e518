/* The LE regression step (docs/methods.md §4): kernel feature map, the reference optimizer
 * (`reference`) or the exact optimum over the distinct rows (`converged`).
 *
 * Cost. The objective is a quadratic in W: f(W) = ‖Φ̂W − L‖² + λ tr((Φ̂W)ᵀMΦ̂W), with the
 * constant Hessian 2Φ̂ᵀ(I + λM)Φ̂. The optimizer therefore needs one Hessian product per
 * iteration (optimizer.h), applied either as the chain Φ̂ᵀ((I + λM)(Φ̂p)) — two passes
 * over the n×n kernel plus M — or, when that is cheaper over the iteration cap, through
 * Q = Φ̂ᵀΦ̂ + λΦ̂ᵀMΦ̂ (its lower triangle), then one sweep over that triangle per iteration
 * for all c columns (symmetric.c). Φ̂ᵀΦ̂ depends only on the data and Φ̂ᵀMΦ̂ only on M
 * (smoothness.c: n³ flops for a graph Laplacian or a low-rank C, 3n³ for a dense C), so a
 * cache that keeps them (LescLeParts) makes a change of λ cost O(n²) before the
 * iterations; without a cache they are formed for the fit and Q is summed in place.
 * Φ̂ᵀMΦ̂ is never formed per evaluation (docs/reformulations.md §1, §2).
 * With many labels (L-BFGS, c·300 ≳ n) even those sweeps cost more than reducing Q once
 * to tridiagonal form Q = U T Uᵀ (tridiagonal.c): the optimizer then runs on Ŵ = UᵀW,
 * where the iteration is the same (optimizer.h) and a product costs O(n) per column. */
#include "core/solvers/le.h"
#include "core/solvers/le-private.h"
#include "core/base/error.h"
#include "core/solvers/kernel.h"
#include "core/numeric/optimizer.h"
#include "core/numeric/preprocess.h"
#include "core/base/random.h"
#include "core/numeric/symmetric.h"
#include "core/numeric/tridiagonal.h"
#include "core/numeric/vector.h"

#include <cblas.h>
#include <float.h>
#include <lapacke.h>
#include <math.h>
#include <string.h>

const char *
lesc_variant_key (LescVariant v)
{
  return v == LESC_VARIANT_CONVERGED ? "converged" : "reference";
}

gboolean
lesc_variant_from_string (const char *s, LescVariant *out)
{
  if (g_ascii_strcasecmp (s, "reference") == 0)
    *out = LESC_VARIANT_REFERENCE;
  else if (g_ascii_strcasecmp (s, "converged") == 0)
    *out = LESC_VARIANT_CONVERGED;
  else
    return FALSE;
  return TRUE;
}

void
lesc_le_model_free (LescLeModel *model)
{
  if (model == NULL)
    return;
  lesc_matrix_free (model->x_train);
  lesc_matrix_free (model->w);
  g_free (model);
}

/* Φ̂ = [K, 1] from K (n×m) in place: one more column of ones. */
static LescMatrix *
append_ones (LescMatrix *phi)
{
  gsize n = phi->rows, m = phi->cols;
  phi->data = g_realloc (phi->data, n * (m + 1) * sizeof (double));
  phi->cols = m + 1;
  for (gsize i = 0; i < n; i++)
    LESC_AT (phi, i, m) = 1.0;
  return phi;
}

/* Φ̂ = [K(a, b), 1] (rows of a × (rows of b + 1)). */
static LescMatrix *
feature_map (const LescMatrix *a, const LescMatrix *b, double width)
{
  return append_ones (lesc_rbf_kernel (a, b, width));
}

typedef LescLeObjective Objective;

/* out (n×c) = Φ̂ w */
void
lesc_le_phi_times (const Objective *o, const double *w, double *out)
{
  int n = (int) o->n, k = (int) o->k;
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, n, (int) o->c, k, 1.0, o->phi->data,
               n, w, k, 0.0, out, n);
}

/* out ((n+1)×c) = s Φ̂ᵀ r */
static void
phi_t_times (const Objective *o, double s, const double *r, double *out)
{
  int n = (int) o->n, k = (int) o->k;
  cblas_dgemm (CblasColMajor, CblasTrans, CblasNoTrans, k, (int) o->c, n, s, o->phi->data, n,
               r, n, 0.0, out, k);
}

/* f = ‖D − L‖² + λ⟨D, MD⟩ for D = o->d; leaves MD in o->t. */
static double
objective_at_d (const Objective *o)
{
  gsize nc = o->n * o->c;
  lesc_smoothness_apply (o->m, o->d, o->c, o->t);
  double fit = 0.0, smooth = 0.0;
  for (gsize e = 0; e < nc; e++)
    {
      double r = o->d[e] - o->l->data[e];
      fit += r * r;
      smooth += o->d[e] * o->t[e];
    }
  return fit + o->lambda * smooth;
}

double
lesc_le_objective_func (const double *w, double *grad, gpointer data)
{
  Objective *o = data;
  lesc_le_phi_times (o, w, o->d);
  double f = objective_at_d (o);
  if (grad != NULL)
    {
      /* ∇f = Φ̂ᵀ[2(D − L) + 2λMD] */
      for (gsize e = 0; e < o->n * o->c; e++)
        o->t[e] = (o->d[e] - o->l->data[e]) + o->lambda * o->t[e];
      phi_t_times (o, 2.0, o->t, grad);
    }
  return f;
}

void
lesc_le_objective_hessian_func (const double *p, double *v, gpointer data)
{
  Objective *o = data;
  int k = (int) o->k;
  if (o->tri != NULL)
    {
      lesc_tridiagonal_product (o->tri, 2.0, p, o->c, v);
      return;
    }
  if (o->q != NULL)
    {
      lesc_symmetric_product (o->q, p, o->c, v, o->work, 0);
      for (gsize e = 0; e < (gsize) k * o->c; e++)
        v[e] *= 2.0;
      return;
    }
  lesc_le_phi_times (o, p, o->d);
  lesc_smoothness_apply (o->m, o->d, o->c, o->t);
  for (gsize e = 0; e < o->n * o->c; e++)
    o->t[e] = o->d[e] + o->lambda * o->t[e];
  phi_t_times (o, 2.0, o->t, v);
}

/* In the basis of T: out = UŴ. */
static void
basis_to_original (const double *v, double *out, gpointer data)
{
  Objective *o = data;
  memcpy (out, v, o->k * o->c * sizeof (double));
  lesc_tridiagonal_from_basis (o->tri, out, o->c);
}

/* The optimizer's unknowns in the reference's coordinates (its ∞-norms): through T's
 * basis, then from path coordinates (le-path.c). */
static void
unknowns_to_original (const double *v, double *out, gpointer data)
{
  Objective *o = data;
  if (o->path == NULL)
    {
      basis_to_original (v, out, o);
      return;
    }
  if (o->tri != NULL)
    {
      basis_to_original (v, o->mapped, o);
      v = o->mapped;
    }
  lesc_le_path_to_original (o->path, o->c, v, out, o->path_work);
}

/* In the basis of T: f(UŴ) and Uᵀ∇f(UŴ) (only the optimizer's first evaluation). */
static double
basis_objective_func (const double *w, double *grad, gpointer data)
{
  Objective *o = data;
  basis_to_original (w, o->mapped, o);
  double f = lesc_le_objective_func (o->mapped, grad, o);
  if (grad != NULL)
    lesc_tridiagonal_to_basis (o->tri, grad, o->c);
  return f;
}

/* Relative times, in the units where forming Q costs flops/2 (calibrated on this
 * machine's timings): a general pass over an n×n matrix with c right-hand sides (dgemm,
 * memory-bound for small c and copying the matrix on every call), and one symmetric
 * product with Q (half the matrix read). */
static double
pass_cost (double n, double m, double c)
{
  return n * m * (c + 20.0);
}

static double
symmetric_pass_cost (double n, double c)
{
  return n * n * (1.7 * c + 2.0);
}

/* Φ̂ is n×k: k = n + 1, or m + 1 on m landmarks (docs/methods.md §11). */
gboolean
lesc_le_form_pays (gsize n_, gsize k_, gsize c_, const LescSmoothness *m, guint products)
{
  double n = (double) n_, c = (double) c_, k = (double) k_;
  double per_column = lesc_smoothness_apply_flops (m);
  double chain = 2.0 * pass_cost (n, k - 1.0, c) + (per_column > 2.0 * n * n
                                                      ? 2.0 * pass_cost (n, n, c)
                                                      : 0.5 * c * per_column);
  double form = 0.5 * (n * k * k + lesc_smoothness_form_flops (m, k_));
  return form + products * symmetric_pass_cost (k, c) < products * chain;
}

/* fminlbfgs's options for the unknowns of a fit of n samples on k columns of Φ̂: with
 * landmarks (k < n + 1) the method is the one the reference takes for its (n + 1)c
 * unknowns — L-BFGS from 3000 on — so that a large-data fit never switches to full BFGS
 * only because it has fewer unknowns (docs/methods.md §11). */
void
lesc_le_options_for (gsize n, gsize k, gsize c, LescOptimizerOptions *o)
{
  lesc_optimizer_options_init (o, k * c);
  if ((n + 1) * c >= o->bfgs_limit)
    o->bfgs_limit = MIN (o->bfgs_limit, k * c);
}

/* Reducing Q to tridiagonal form (half of dsytrd's 4/3·n³ flops in memory-bound
 * matrix–vector products) and four basis changes of c columns, against the sweeps over Q
 * it saves. Only for L-BFGS: BFGS's own N×N updates dominate its iterations. */
gboolean
lesc_le_tridiagonal_pays (gsize samples, gsize n_, gsize c_, guint products)
{
  double n = (double) n_ + 1.0, c = (double) c_;
  gsize unknowns = (n_ + 1) * c_;
  LescOptimizerOptions o;
  lesc_le_options_for (samples, n_ + 1, c_, &o);
  if (unknowns < o.bfgs_limit)
    return FALSE;
  return 1.1 * n * n * n + 16.0 * n * n * c < products * symmetric_pass_cost (n, c);
}

double
lesc_le_memory_estimate (gsize n, gsize c, LescVariant variant)
{
  double n2 = 8.0 * (double) n * (double) (n + 1);
  if (variant == LESC_VARIANT_CONVERGED)
    return 4.0 * n2;   /* Φ̂, dense M, the m×m system, Φ̂'s copy for the least squares */
  LescOptimizerOptions o;
  gsize unknowns = (n + 1) * c;
  lesc_optimizer_options_init (&o, unknowns);
  /* Φ̂, Φ̂ᵀΦ̂, Φ̂ᵀMΦ̂ (Q is summed into it, or a fourth matrix with a cache) and forming
   * Φ̂ᵀMΦ̂: an n×(n+1) buffer */
  return 4.0 * n2 + lesc_optimizer_memory_estimate (unknowns, &o);
}

double
lesc_le_large_memory_estimate (gsize n, gsize m, gsize c)
{
  double k = (double) MIN (m, n) + 1.0, dn = (double) n;
  LescOptimizerOptions o;
  gsize unknowns = (gsize) k * c;
  lesc_le_options_for (n, (gsize) k, c, &o);
  /* K(X, Z) and Ψ (n×k each, le-path.c), then Ψ and the n×k buffer of Φ̂ᵀMΦ̂; the k×k
   * Gram, form, tridiagonal factor and eigenvectors; the n×c work and frames, W0 and the
   * optimizer's (n + 1)c mapped vector */
  return 8.0 * (3.0 * dn * k + 5.0 * k * k + 6.0 * dn * (double) c)
         + lesc_optimizer_memory_estimate (unknowns, &o);
}

gboolean
lesc_le_check_input (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                     double lambda, GError **error)
{
  if (x->rows < 2)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LE step: features have %zu rows; expected at least 2 samples", x->rows);
      return FALSE;
    }
  if (l->rows != x->rows || l->cols == 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LE step: logical labels are %zu×%zu; expected %zu rows and at least one label",
                   l->rows, l->cols, x->rows);
      return FALSE;
    }
  if (lesc_smoothness_size (m) != x->rows)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LE step: smoothness matrix is %zu×%zu; expected %zu×%zu",
                   lesc_smoothness_size (m), lesc_smoothness_size (m), x->rows, x->rows);
      return FALSE;
    }
  if (!isfinite (lambda) || lambda < 0.0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "LE step: λ = %g; expected a finite value ≥ 0", lambda);
      return FALSE;
    }
  gsize bi, bj;
  if (!lesc_matrix_all_finite (x, &bi, &bj))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LE step: feature (%zu, %zu) is not finite", bi + 1, bj + 1);
      return FALSE;
    }
  return TRUE;
}

/* W0 ~ U(0, 1), (n+1)×c filled column by column (MATLAB rand(n+1, c)). */
LescMatrix *
lesc_le_initial_weights (gsize rows, gsize c, guint32 seed)
{
  LescRandom rng;
  lesc_random_init (&rng, seed);
  LescMatrix *w = lesc_matrix_new (rows, c);
  for (gsize e = 0; e < rows * c; e++)
    w->data[e] = lesc_random_double (&rng);
  return w;
}

/* What watches the optimizer: the per-iteration record and the provisional frames. */
typedef struct {
  Objective *o;
  LescProgress *progress;
  LescLeTrace *trace;
  guint max_iter;
  double *w;           /* (n+1)×c: an iterate in the original coordinates (with `tri`) */
  LescMatrix *frame;   /* n×c: its distributions */
} Watch;

/* The distributions softmax(Φ̂w) into wt->frame, as the batch result is made. */
static void
watch_distributions (Watch *wt, const double *w)
{
  lesc_le_phi_times (wt->o, w, wt->frame->data);
  lesc_matrix_row_softmax (wt->frame);
}

static void
snapshot (LescLeTrace *t, guint iteration, const double *x, gsize rows, gsize c)
{
  g_ptr_array_add (t->snapshots, lesc_matrix_new_from (rows, c, x));
  g_array_append_val (t->snapshot_iterations, iteration);
}

static void
watch_iterate (guint iteration, const double *x, double f, double step, const double *g,
               gpointer data)
{
  Objective *o = data;
  Watch *wt = o->watch;
  gsize nw = o->k * o->c;
  if (wt->trace != NULL)
    {
      double inf = 0.0;
      for (gsize e = 0; e < nw; e++)
        inf = fmax (inf, fabs (g[e]));
      LescLeTracePoint pt = { iteration, f, sqrt (lesc_dot (g, g, nw)),
                              o->tri != NULL || o->path != NULL ? NAN : inf, step };
      g_array_append_val (wt->trace->points, pt);
      /* in the optimizer's basis: mapped back once for all at the end */
      if (iteration % wt->trace->stride == 0)
        snapshot (wt->trace, iteration, x, o->k, o->c);
    }
  if (iteration > 0 && lesc_progress_frame_due (wt->progress))
    {
      const double *w = x;
      if (o->tri != NULL)
        {
          basis_to_original (x, wt->w, o);
          w = wt->w;
        }
      watch_distributions (wt, w);
      LescProgressFrame frame = { iteration, wt->max_iter, f, wt->frame->data, o->n, o->c, FALSE };
      lesc_progress_frame (wt->progress, &frame);
    }
}

static gboolean
fit_reference (Objective *o, LescMatrix *w, Watch *wt, LescProgress *progress,
               LescLeReport *report, GError **error)
{
  gsize unknowns = o->k * o->c;
  LescOptimizerOptions opt;
  lesc_le_options_for (o->n, o->k, o->c, &opt);
  opt.stage = unknowns < opt.bfgs_limit ? "LE step (BFGS)" : "LE step (L-BFGS)";
  if (lesc_progress_cancelled (progress, error))
    return FALSE;
  LescOptimizerProblem pr = { unknowns, lesc_le_objective_func, lesc_le_objective_hessian_func, o };
  if (o->tri != NULL)
    {
      pr.func = basis_objective_func;
      pr.to_original = basis_to_original;
      lesc_tridiagonal_to_basis (o->tri, w->data, o->c);
    }
  if (o->path != NULL)
    {
      /* path coordinates: the norms of the reference's (n + 1)c unknowns */
      pr.to_original = unknowns_to_original;
      pr.original_n = (o->n + 1) * o->c;
    }
  wt->max_iter = opt.max_iter;
  if (wt->trace != NULL)
    lesc_le_trace_reset (wt->trace, o->n, o->c, opt.max_iter);
  o->watch = wt;
  if (wt->trace != NULL || lesc_progress_wants_frames (progress))
    pr.iterate = watch_iterate;
  LescOptimizerReport r;
  LescProgress sub = lesc_progress_sub (progress, 0.1, 1.0);
  wt->progress = progress ? &sub : NULL;
  gboolean ok = lesc_optimizer_minimize (&pr, &opt, w->data, wt->progress, &r, error);
  LescLeTrace *t = wt->trace;
  if (t != NULL && t->points->len > 0)
    {
      /* the last iterate always has a snapshot */
      guint last = g_array_index (t->points, LescLeTracePoint, t->points->len - 1).iteration;
      if (t->snapshot_iterations->len == 0
          || g_array_index (t->snapshot_iterations, guint, t->snapshot_iterations->len - 1) != last)
        snapshot (t, last, w->data, o->k, o->c);
    }
  if (o->tri != NULL)
    lesc_tridiagonal_from_basis (o->tri, w->data, o->c);
  report->iterations = r.iterations;
  report->evaluations = r.evaluations;
  report->exit_flag = r.exit_flag;
  report->objective = r.f;
  report->grad_inf = r.grad_inf;
  return ok;
}

/* The trace's snapshots of W (in the optimizer's basis) into distributions: one change of
 * basis and one product with Φ̂ for all of them. */
static void
trace_finish (Objective *o, LescLeTrace *t)
{
  guint s = t->snapshots->len;
  gsize k = o->k, c = o->c;
  if (s == 0 || ((LescMatrix *) t->snapshots->pdata[0])->rows != k)
    return;
  g_autoptr (LescMatrix) w = lesc_matrix_new (k, c * s);
  for (guint i = 0; i < s; i++)
    memcpy (w->data + i * k * c, ((LescMatrix *) t->snapshots->pdata[i])->data,
            k * c * sizeof (double));
  g_ptr_array_set_size (t->snapshots, 0);
  if (o->tri != NULL)
    lesc_tridiagonal_from_basis (o->tri, w->data, c * s);
  g_autoptr (LescMatrix) d = lesc_matrix_new (o->n, c * s);
  cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) o->n, (int) (c * s), (int) k,
               1.0, o->phi->data, (int) o->n, w->data, (int) k, 0.0, d->data, (int) o->n);
  for (guint i = 0; i < s; i++)
    {
      LescMatrix *one = lesc_matrix_new_from (o->n, c, d->data + i * o->n * c);
      lesc_matrix_row_softmax (one);
      g_ptr_array_add (t->snapshots, one);
    }
}

/* D̃* = P (PᵀP + λPᵀMP)⁻¹ PᵀL over the m distinct rows (docs/methods.md §4.6), into o->d. */
static gboolean
solve_converged (Objective *o, const LescMatrix *x, GError **error)
{
  gsize n = o->n, c = o->c;
  g_autofree gsize *group = g_new (gsize, n);
  gsize m = lesc_distinct_rows (x, group, NULL);
  g_autoptr (LescMatrix) a = lesc_matrix_try_new (m, m, error);
  if (a == NULL)
    return FALSE;
  {
    g_autoptr (LescMatrix) dense = lesc_smoothness_dense (o->m);
    for (gsize j = 0; j < n; j++)
      for (gsize i = 0; i < n; i++)
        LESC_AT (a, group[i], group[j]) += o->lambda * LESC_AT (dense, i, j);
  }
  g_autoptr (LescMatrix) rhs = lesc_matrix_new (m, c);
  for (gsize i = 0; i < n; i++)
    {
      LESC_AT (a, group[i], group[i]) += 1.0;
      for (gsize j = 0; j < c; j++)
        LESC_AT (rhs, group[i], j) += LESC_AT (o->l, i, j);
    }
  lapack_int info = LAPACKE_dposv (LAPACK_COL_MAJOR, 'L', (lapack_int) m, (lapack_int) c,
                                   a->data, (lapack_int) m, rhs->data, (lapack_int) m);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "LE step (converged): the %zu×%zu system PᵀP + λPᵀMP is not positive "
                   "definite (Cholesky info %d)", m, m, (int) info);
      return FALSE;
    }
  for (gsize j = 0; j < c; j++)
    for (gsize i = 0; i < n; i++)
      o->d[i + j * n] = LESC_AT (rhs, group[i], j);
  return TRUE;
}

/* W = W0 + Φ̂⁺(D̃* − Φ̂W0), Φ̂⁺ by the SVD with cut-off n·ε·σ_max (LAPACK dgelsd). */
static gboolean
weights_for (const Objective *o, LescMatrix *w, GError **error)
{
  gsize n = o->n, k = n + 1, c = o->c;
  g_autoptr (LescMatrix) a = lesc_matrix_copy (o->phi);
  g_autoptr (LescMatrix) b = lesc_matrix_new (k, c);
  g_autofree double *r = g_new (double, n * c);
  lesc_le_phi_times (o, w->data, r);
  for (gsize j = 0; j < c; j++)
    for (gsize i = 0; i < n; i++)
      LESC_AT (b, i, j) = o->d[i + j * n] - r[i + j * n];
  g_autofree double *sv = g_new (double, n);
  lapack_int rank;
  lapack_int info = LAPACKE_dgelsd (LAPACK_COL_MAJOR, (lapack_int) n, (lapack_int) k,
                                    (lapack_int) c, a->data, (lapack_int) n, b->data,
                                    (lapack_int) k, sv, (double) n * DBL_EPSILON, &rank);
  if (info != 0)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_NUMERIC,
                   "LE step (converged): the least-squares solve for W failed (dgelsd info %d)",
                   (int) info);
      return FALSE;
    }
  for (gsize e = 0; e < k * c; e++)
    w->data[e] += b->data[e];
  return TRUE;
}

LescLeKernel *
lesc_le_kernel_new (const LescMatrix *x, LescProgress *progress, GError **error)
{
  gsize n = x->rows;
  /* squared distances once: the width, then the kernel in place */
  g_autoptr (LescMatrix) k = lesc_sq_distances_self (x, progress, error);
  if (k == NULL)
    return NULL;
  double width = lesc_mean_distance_from_sq (k);
  if (!isfinite (width))
    {
      /* squared distances beyond 1.8e308: not identical rows, too large numbers */
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LE step: the distances between the %zu feature rows overflow (features of "
                   "about 1e154 or more; rescale them)", n);
      return NULL;
    }
  if (!(width > 0.0))
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_DATA,
                   "LE step: all %zu feature rows are identical (kernel width 0)", n);
      return NULL;
    }
  double s = -1.0 / (2.0 * width * width);
  for (gsize e = 0; e < n * n; e++)
    k->data[e] = exp (k->data[e] * s);
  LescLeKernel *kernel = g_new0 (LescLeKernel, 1);
  kernel->phi = append_ones (g_steal_pointer (&k));
  kernel->width = width;
  return kernel;
}

LescLeKernel *
lesc_le_kernel_new_landmarks (const LescMatrix *x, gsize m, guint32 seed, GError **error)
{
  gsize n = x->rows;
  if (m >= n)
    {
      /* every sample in order: the reference's own Φ̂, bit for bit */
      LescLeKernel *all = lesc_le_kernel_new (x, NULL, error);
      if (all != NULL)
        all->landmarks = lesc_matrix_copy (x);
      return all;
    }
  return lesc_le_kernel_new_path (x, m, seed, error);
}

void
lesc_le_kernel_free (LescLeKernel *k)
{
  if (k == NULL)
    return;
  lesc_matrix_free (k->phi);
  lesc_matrix_free (k->landmarks);
  lesc_matrix_free (k->path_weights);
  g_free (k->path_s2);
  g_free (k);
}

double
lesc_le_kernel_bytes (gsize n)
{
  return 8.0 * (double) (n + 1) * (double) (n + 1);
}

LescMatrix *
lesc_le_gram (const LescLeKernel *k, LescProgress *progress, GError **error)
{
  return lesc_gram_lower (k->phi, progress, error);
}

LescMatrix *
lesc_le_smoothness_form (const LescLeKernel *k, const LescMatrix *gram, const LescSmoothness *m,
                         LescProgress *progress, GError **error)
{
  return lesc_smoothness_form (m, k->phi, gram, progress, error);
}

/* Q = Φ̂ᵀΦ̂ + λΦ̂ᵀMΦ̂ (lower triangles) from its parts, each taken from `parts` or made here;
 * a form made here receives the sum in place. */
static LescMatrix *
quadratic_form (const LescLeKernel *kernel, const LescSmoothness *m, double lambda,
                const LescLeParts *parts, LescProgress *progress, GError **error)
{
  g_autoptr (LescMatrix) own_gram = NULL;
  g_autoptr (LescMatrix) own_form = NULL;
  const LescMatrix *gram = parts != NULL ? parts->gram : NULL;
  const LescMatrix *form = parts != NULL ? parts->form : NULL;
  if (gram == NULL)
    gram = own_gram = lesc_le_gram (kernel, progress, error);
  if (gram == NULL)
    return NULL;
  if (form == NULL)
    form = own_form = lesc_le_smoothness_form (kernel, gram, m, progress, error);
  if (form == NULL)
    return NULL;
  gsize k = gram->rows;
  LescMatrix *q = own_form != NULL ? g_steal_pointer (&own_form) : lesc_matrix_try_new (k, k, error);
  if (q == NULL)
    return NULL;
  /* the entries as a pencil product forms them (lesc_le_fit_batch) */
  for (gsize j = 0; j < k; j++)
    lesc_symmetric_pencil_entries (gram->data + j * k + j, form->data + j * k + j, lambda,
                                   q->data + j * k + j, k - j);
  return q;
}

/* `report` (may be NULL) receives the seconds of the kernel and of forming Q. */
LescLeObjective *
lesc_le_objective_make (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                        double lambda, gboolean quadratic_form_wanted, const LescLeParts *parts,
                        LescProgress *progress, LescLeReport *report, GError **error)
{
  if (!lesc_le_check_input (x, l, m, lambda, error))
    return NULL;
  gsize n = x->rows, c = l->cols;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (LescLeObjective) o = g_new0 (LescLeObjective, 1);
  const LescLeKernel *kernel = parts != NULL ? parts->kernel : NULL;
  if (kernel == NULL)
    kernel = o->own_kernel = lesc_le_kernel_new (x, progress, error);
  if (kernel == NULL)
    return NULL;
  g_return_val_if_fail (kernel->phi->rows == n && kernel->phi->cols >= 2, NULL);
  o->n = n;
  o->k = kernel->phi->cols;
  o->c = c;
  o->l = l;
  o->m = m;
  o->lambda = lambda;
  o->width = kernel->width;
  o->phi = kernel->phi;
  if (kernel->path_weights != NULL)
    {
      o->path = kernel;
      o->path_work = g_new (double, o->k * c);
    }
  o->d = g_new (double, n * c);
  o->t = g_new (double, n * c);
  gint64 t1 = g_get_monotonic_time ();
  if (report != NULL)
    report->seconds_kernel = (double) (t1 - t0) / 1e6;
  if (quadratic_form_wanted)
    {
      o->q = quadratic_form (kernel, m, lambda, parts, progress, error);
      if (o->q == NULL)
        return NULL;
      o->work = g_new (double, lesc_symmetric_product_work (o->k, c));
      if (report != NULL)
        report->seconds_form = (double) (g_get_monotonic_time () - t1) / 1e6;
    }
  return g_steal_pointer (&o);
}

LescLeObjective *
lesc_le_objective_new (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                       double lambda, gboolean quadratic_form, GError **error)
{
  return lesc_le_objective_make (x, l, m, lambda, quadratic_form, NULL, NULL, NULL, error);
}

double
lesc_le_objective_eval (LescLeObjective *o, const double *w, double *grad)
{
  return lesc_le_objective_func (w, grad, o);
}

void
lesc_le_objective_hessian (LescLeObjective *o, const double *p, double *v)
{
  lesc_le_objective_hessian_func (p, v, o);
}

void
lesc_le_objective_free (LescLeObjective *o)
{
  if (o == NULL)
    return;
  lesc_le_kernel_free (o->own_kernel);
  lesc_matrix_free (o->q);
  lesc_tridiagonal_free (o->tri);
  g_free (o->mapped);
  g_free (o->path_work);
  g_free (o->d);
  g_free (o->t);
  g_free (o->work);
  g_free (o);
}

gboolean
lesc_le_uses_quadratic_form (gsize n, gsize c, const LescSmoothness *m, LescVariant variant)
{
  return variant == LESC_VARIANT_REFERENCE && lesc_le_form_pays (n, n + 1, c, m, 300);
}

gboolean
lesc_le_fit (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m, double lambda,
             LescVariant variant, guint32 seed, LescProgress *progress, LescLeReport *report,
             LescLeModel **model, LescMatrix **numerical, GError **error)
{
  return lesc_le_fit_with (x, l, m, lambda, variant, seed, NULL, NULL, progress, report, model,
                           numerical, error);
}

gboolean
lesc_le_fit_with (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                  double lambda, LescVariant variant, guint32 seed, const LescLeParts *parts,
                  LescLeTrace *trace, LescProgress *progress, LescLeReport *report,
                  LescLeModel **model, LescMatrix **numerical, GError **error)
{
  LescLeReport local;
  if (report == NULL)
    report = &local;
  memset (report, 0, sizeof *report);
  if (!lesc_le_check_input (x, l, m, lambda, error))
    return FALSE;
  gsize n = x->rows, c = l->cols;
  const LescLeKernel *given = parts != NULL ? parts->kernel : NULL;
  gsize k = given != NULL ? given->phi->cols : n + 1;
  if (given != NULL && given->landmarks != NULL && variant != LESC_VARIANT_REFERENCE)
    {
      g_set_error (error, LESC_ERROR, LESC_ERROR_USAGE,
                   "LE step: the %s variant has no large-data form (landmarks); use reference",
                   lesc_variant_key (variant));
      return FALSE;
    }
  gboolean form = variant == LESC_VARIANT_REFERENCE && lesc_le_form_pays (n, k, c, m, 300);
  lesc_progress_report (progress, 0.0, form ? "LE step: kernel and quadratic form" : "LE step: kernel");
  g_autoptr (LescLeObjective) o = lesc_le_objective_make (x, l, m, lambda, form, parts, progress, report,
                                                 error);
  if (o == NULL)
    return FALSE;
  if (form && lesc_le_tridiagonal_pays (n, k - 1, c, 300))
    {
      gint64 t = g_get_monotonic_time ();
      LescProgress sub = lesc_progress_sub (progress, 0.0, 0.1);
      o->tri = lesc_tridiagonal_new (g_steal_pointer (&o->q), progress ? &sub : NULL, error);
      if (o->tri == NULL)
        return FALSE;
      o->mapped = g_new (double, k * c);
      report->seconds_reduce = (double) (g_get_monotonic_time () - t) / 1e6;
      report->tridiagonal = TRUE;
    }
  g_autoptr (LescMatrix) w = o->path != NULL ? lesc_le_path_start (o->path, c, seed)
                                             : lesc_le_initial_weights (k, c, seed);
  g_autoptr (LescMatrix) frame = lesc_matrix_new (n, c);
  g_autofree double *mapped = o->tri != NULL ? g_new (double, k * c) : NULL;
  Watch wt = { o, NULL, trace, 0, mapped, frame };
  gint64 t0 = g_get_monotonic_time ();
  gboolean ok;
  if (variant == LESC_VARIANT_REFERENCE)
    {
      ok = fit_reference (o, w, &wt, progress, report, error);
      if (ok)
        lesc_le_phi_times (o, w->data, o->d);
    }
  else
    {
      ok = solve_converged (o, x, error);
      if (ok)
        {
          report->objective = objective_at_d (o);
          report->exit_flag = LESC_OPT_EXIT_GRADIENT;
        }
      if (ok && model != NULL)
        ok = weights_for (o, w, error);
    }
  if (!ok)
    return FALSE;
  /* the last frame: the distributions exactly as the caller makes them from Φ̂W */
  memcpy (frame->data, o->d, n * c * sizeof (double));
  lesc_matrix_row_softmax (frame);
  LescProgressFrame last = { report->iterations, wt.max_iter, report->objective, frame->data, n, c,
                             TRUE };
  lesc_progress_frame (progress, &last);
  if (trace != NULL)
    {
      if (variant == LESC_VARIANT_REFERENCE)
        trace_finish (o, trace);
      else
        {
          /* the exact optimum: one point, no iterations */
          lesc_le_trace_reset (trace, n, c, 0);
          LescLeTracePoint pt = { 0, report->objective, NAN, NAN, 0.0 };
          g_array_append_val (trace->points, pt);
          snapshot (trace, 0, frame->data, n, c);
        }
    }
  report->seconds_solve = (double) (g_get_monotonic_time () - t0) / 1e6;
  if (numerical != NULL)
    *numerical = lesc_matrix_new_from (n, c, o->d);
  if (model != NULL)
    {
      LescLeModel *mo = g_new0 (LescLeModel, 1);
      /* prediction needs the kernel's columns: every sample, or the landmarks */
      mo->x_train = lesc_matrix_copy (given != NULL && given->landmarks != NULL
                                      ? given->landmarks : x);
      mo->width = o->width;
      mo->w = o->path != NULL ? lesc_le_path_weights (o->path, w) : g_steal_pointer (&w);
      *model = mo;
    }
  lesc_progress_report (progress, 1.0, "LE step: done");
  return TRUE;
}

LescMatrix *
lesc_le_predict (const LescLeModel *model, const LescMatrix *x_new)
{
  g_return_val_if_fail (x_new->cols == model->x_train->cols, NULL);
  g_autoptr (LescMatrix) phi = feature_map (x_new, model->x_train, model->width);
  gsize n = x_new->rows, k = phi->cols, c = model->w->cols;
  LescMatrix *out = lesc_matrix_new (n, c);
  if (n > 0)
    cblas_dgemm (CblasColMajor, CblasNoTrans, CblasNoTrans, (int) n, (int) c, (int) k, 1.0,
                 phi->data, (int) n, model->w->data, (int) k, 0.0, out->data, (int) n);
  lesc_matrix_row_softmax (out);
  return out;
}
