/* The LE step's objective and choices, shared by le.c and le-batch.c (one unit). */
#pragma once
#include "core/solvers/le.h"
#include "core/numeric/tridiagonal.h"
#include "core/numeric/optimizer.h"

G_BEGIN_DECLS

struct _LescLeObjective {
  gsize n, c;
  gsize k;                 /* columns of Φ̂: n + 1, or m + 1 on m landmarks */
  const LescMatrix *phi;   /* n×k, from `kernel` */
  LescLeKernel *own_kernel;/* the kernel when made for this objective */
  const LescMatrix *l;
  const LescSmoothness *m;
  double lambda;
  double width;            /* σ_k */
  LescMatrix *q;           /* Φ̂ᵀΦ̂ + λΦ̂ᵀMΦ̂ (lower triangle), or NULL: the operator chain */
  double *d, *t;           /* n×c work */
  double *work;            /* for the products with Q */
  LescTridiagonal *tri;    /* Q = U T Uᵀ, the optimizer's unknowns Ŵ = UᵀW; or NULL */
  double *mapped;          /* (n+1)×c: W = UŴ (with `tri`) */
  gpointer watch;          /* what watches the optimizer (fit_reference) */
  const LescLeKernel *path;/* the kernel when the unknowns are path coordinates (le-path.c) */
  double *path_work;       /* (r+1)×c: for mapping them back */
};

/* out (n×c) = Φ̂ w */
void lesc_le_phi_times (const LescLeObjective *o, const double *w, double *out);
/* f(W) and, when `grad` is not NULL, ∇f(W) (LescObjectiveFunc) */
double lesc_le_objective_func (const double *w, double *grad, gpointer data);
/* v = ∇²f p (LescHessianFunc) */
void lesc_le_objective_hessian_func (const double *p, double *v, gpointer data);
/* The optimizer's options for a fit of n samples on k columns of Φ̂ and c labels. */
void lesc_le_options_for (gsize n, gsize k, gsize c, LescOptimizerOptions *o);
/* TRUE when the fit works through Q (for `products` iterations), and when Q is then
 * reduced to tridiagonal form. */
gboolean lesc_le_form_pays (gsize n, gsize k, gsize c, const LescSmoothness *m, guint products);
gboolean lesc_le_tridiagonal_pays (gsize samples, gsize n, gsize c, guint products);
/* W0 ~ U(0, 1), rows×c (MATLAB rand (rows, c)). */
LescMatrix *lesc_le_initial_weights (gsize rows, gsize c, guint32 seed);
gboolean lesc_le_check_input (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                              double lambda, GError **error);
/* The objective for λ on x, l, m; Q formed when `quadratic_form_wanted` (from `parts`
 * where given); `report` (may be NULL) receives the seconds of the kernel and of Q. */
LescLeObjective *lesc_le_objective_make (const LescMatrix *x, const LescMatrix *l,
                                         const LescSmoothness *m, double lambda,
                                         gboolean quadratic_form_wanted, const LescLeParts *parts,
                                         LescProgress *progress, LescLeReport *report,
                                         GError **error);

/* The path form (le-path.c): the start v0 = [UᵀW0_h; w0_b] ((r+1)×c) of the reference's
 * W0 for `seed`; a coordinate vector v mapped to the reference's unknowns
 * out = [U v_h; v_b] ((n+1)×c; `work`: r×c); and the model's landmark weights
 * [T v_h; v_b] ((m+1)×c). */
LescMatrix *lesc_le_path_start (const LescLeKernel *k, gsize c, guint32 seed);
void lesc_le_path_to_original (const LescLeKernel *k, gsize c, const double *v, double *out,
                               double *work);
LescMatrix *lesc_le_path_weights (const LescLeKernel *k, const LescMatrix *v);

G_END_DECLS
