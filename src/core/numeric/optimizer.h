/* The quasi-Newton optimizer of the official LE code (docs/optimizer.md): D. Kroon's
 * fminlbfgs with its defaults — full BFGS (H₀ = I) below 3000 unknowns, L-BFGS with
 * memory 20 above, the bracketing/sectioning line search with cubic interpolation and
 * forward-difference slopes, TolFun = TolX = 1e-6, MaxIter = 300.
 *
 * Two exact shortcuts (docs/optimizer.md §4), neither changing the algorithm: function-only evaluations at
 * the trial points (the gradient only at an accepted point), and the O(N²) BFGS update.
 * For an objective that is an exact quadratic the caller may also supply its Hessian
 * product: the line then needs one product per iteration, and every trial value
 * φ(α) = f + α gᵀp + ½α² pᵀHp and the accepted gradient g + αHp come from it (the same
 * numbers in exact arithmetic; rounding differs from evaluating f afresh).
 *
 * The iteration uses x only through inner products, sums and scalar multiples (H₀ = I),
 * so it is the same in any orthonormal basis x = U x̂ — except the ∞-norms of the first
 * step length and the two stop tests. A caller solving in such a basis supplies
 * `to_original` (v ↦ U v̂): those norms are then taken of U v̂, mapped back whenever the
 * bound ‖v‖_∞ ≥ ‖v‖₂/√N cannot decide the test by itself. U may also have orthonormal
 * columns spanning a subspace that holds every step (`original_n` > n: the length of U v̂). */
#pragma once
#include "core/base/progress.h"

G_BEGIN_DECLS

/* f(x); when `grad` is not NULL also ∇f(x) into it. */
typedef double (*LescObjectiveFunc) (const double *x, double *grad, gpointer user_data);
/* v = ∇²f p (constant Hessian: the objective is quadratic). */
typedef void (*LescHessianFunc) (const double *p, double *v, gpointer user_data);
/* out = U v: a vector in the original coordinates. */
typedef void (*LescBasisFunc) (const double *v, double *out, gpointer user_data);

/* Called with the start (iteration 0, step 0) and each accepted iterate: `iteration` steps done, x, f(x), the step length α
 * of the line search that reached it and ∇f(x). Reads only: the iteration does not
 * depend on it. */
typedef void (*LescIterateFunc) (guint iteration, const double *x, double f, double step,
                                 const double *grad, gpointer user_data);

typedef struct {
  gsize n;                   /* unknowns */
  LescObjectiveFunc func;
  LescHessianFunc hessian;   /* optional: only for exact quadratics */
  gpointer user_data;
  LescBasisFunc to_original; /* optional: the unknowns are coordinates in a basis U */
  LescIterateFunc iterate;   /* optional: watches the iterates (x in the basis U) */
  gsize original_n;          /* with to_original: the length of U v̂ (0: n) */
} LescOptimizerProblem;

typedef struct {
  guint max_iter;            /* 300 */
  double tol_fun;            /* 1e-6: ‖∇f‖_∞ */
  double tol_x;              /* 1e-6: max |x − x_prev| */
  double max_fun_evals;      /* 100·N − 1 */
  gsize bfgs_limit;          /* full BFGS when N < this (3000), else L-BFGS */
  guint store_n;             /* L-BFGS memory (20) */
  guint threads;             /* the two-loop recursion's (twoloop.h); 0: automatic */
  const char *stage;         /* progress text; NULL: "optimizer" */
} LescOptimizerOptions;

/* Exit flags, the reference's codes. */
enum {
  LESC_OPT_EXIT_MAX_ITER = 0,      /* MaxIter reached */
  LESC_OPT_EXIT_GRADIENT = 1,      /* ‖∇f‖_∞ < TolFun */
  LESC_OPT_EXIT_STEP = 2,          /* max |Δx| < TolX */
  LESC_OPT_EXIT_F_MINIMUM = 4,     /* line search reached f_min */
  LESC_OPT_EXIT_EVALUATIONS = -1,  /* line search exceeded MaxFunEvals */
  LESC_OPT_EXIT_LINE_SEARCH = -2,  /* line search found no acceptable point */
};

typedef struct {
  int exit_flag;
  guint iterations;
  guint evaluations;   /* objective calls as the reference counts them (trials + gradients) */
  guint gradients;
  double f;
  double grad_inf;     /* ‖∇f‖_∞ at the returned x */
  gboolean lbfgs;
} LescOptimizerReport;

/* The defaults of the reference for n unknowns. */
void lesc_optimizer_options_init (LescOptimizerOptions *o, gsize n);

/* Minimize from x (in: the start; out: the result). FALSE only when cancelled
 * (G_IO_ERROR_CANCELLED) or out of memory (LESC_ERROR_MEMORY); x then holds the last
 * accepted point. A line-search failure is not an error: see report->exit_flag. */
gboolean lesc_optimizer_minimize (const LescOptimizerProblem *problem,
                                  const LescOptimizerOptions *options, double *x,
                                  LescProgress *progress, LescOptimizerReport *report,
                                  GError **error);

/* The same minimization one iteration at a time, so that several runs on quadratics can
 * share their Hessian products (lesc_le_fit_batch: one pass over the stored forms for
 * all of them). lesc_optimizer_minimize is exactly new, step until no direction is left,
 * finish. */
typedef struct _LescOptimizerRun LescOptimizerRun;
/* The start and its evaluation; NULL when out of memory. `problem`, `options`, x and
 * `progress` must outlive the run. */
LescOptimizerRun *lesc_optimizer_run_new (const LescOptimizerProblem *problem,
                                          const LescOptimizerOptions *options, double *x,
                                          LescProgress *progress, GError **error);
/* The direction p of the next iteration (its Hessian product is what the step needs), or
 * NULL when the run has stopped. */
const double *lesc_optimizer_run_direction (const LescOptimizerRun *r);
/* One iteration; `hp` = ∇²f p for the direction above, or NULL: the problem's own
 * Hessian product (or, without one, its function) is called. */
void lesc_optimizer_run_step (LescOptimizerRun *r, const double *hp);
/* The report and the outcome (as lesc_optimizer_minimize's); frees the run. */
gboolean lesc_optimizer_run_finish (LescOptimizerRun *r, LescOptimizerReport *report,
                                    GError **error);

/* Bytes the optimizer allocates for n unknowns with these options. */
double lesc_optimizer_memory_estimate (gsize n, const LescOptimizerOptions *options);

/* The line search's cubic step (exposed for tests): the global minimiser on [a, b] of the
 * cubic through (α₁, f₁, f′₁) and (α₂, f₂, f′₂). */
double lesc_optimizer_cubic_min (double a, double b, double alpha1, double f1, double fp1,
                                 double alpha2, double f2, double fp2);

G_END_DECLS
