/* The LE regression step shared by GLLE, LESC and gLESC (docs/methods.md §4):
 * min_W ‖Φ̂W − L‖² + λ tr((Φ̂W)ᵀ M (Φ̂W)), Φ̂ = [RBF kernel, 1], D = row softmax(Φ̂W). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"
#include "core/solvers/smoothness.h"
#include "core/solvers/letrace.h"

G_BEGIN_DECLS

typedef enum {
  LESC_VARIANT_REFERENCE,  /* the official quasi-Newton optimizer (docs/optimizer.md), default */
  LESC_VARIANT_CONVERGED,  /* the exact optimum over the distinct rows (docs/methods.md §4.6) */
} LescVariant;

const char *lesc_variant_key (LescVariant v);  /* "reference", "converged" */
gboolean    lesc_variant_from_string (const char *s, LescVariant *out);

/* What predicting new samples needs: the training features, kernel width and W. */
typedef struct {
  LescMatrix *x_train;  /* n×q, z-scored */
  double width;         /* σ_k */
  LescMatrix *w;        /* (n+1)×c */
} LescLeModel;

typedef struct {
  guint iterations;
  guint evaluations;
  int exit_flag;        /* fminlbfgs' code: 1 gradient, 2 TolX, 0 MaxIter, −2/4/−1 line search */
  double objective;
  double grad_inf;
  double seconds_kernel;  /* distances, width, kernel */
  double seconds_form;    /* Q = Φ̂ᵀΦ̂ + λΦ̂ᵀMΦ̂ (0 when the operator chain is used; with its
                           * parts cached, only the sum) */
  double seconds_reduce;  /* Q's tridiagonal form (0 when the sweeps over Q are used) */
  gboolean tridiagonal;   /* the optimizer ran in the basis of Q's tridiagonal form */
  double seconds_solve;   /* the optimizer (reference) or the solve (converged), and Φ̂W */
} LescLeReport;

/* The parts of the LE step that do not depend on λ, so that a cache can keep them
 * (methods/runcache.h): the feature map Φ̂ = [K, 1] with its kernel width and Gram matrix
 * Φ̂ᵀΦ̂ (per data set), and Φ̂ᵀMΦ̂ (per smoothness matrix M). With them the reference
 * optimizer's quadratic form Q = Φ̂ᵀΦ̂ + λΦ̂ᵀMΦ̂ costs O(n²) for a new λ. */
typedef struct {
  LescMatrix *phi;      /* Φ̂ = [K, 1], n×(n+1); or n×(m+1) on m landmarks */
  double width;         /* σ_k, the mean pairwise distance (of the landmarks) */
  LescMatrix *landmarks;/* m×q: the kernel's columns in the large-data form; NULL: every
                         * sample (the reference) */
  /* The large form's path coordinates (le-path.c; NULL in the reference): Φ̂ above is
   * Ψ = [U S², 1], n×(r+1), whose columns span the steps of the reference's W on the
   * Nyström kernel E Eᵀ = U S² Uᵀ; `path_s2` holds S² (r), `path_weights` (m×r) maps a
   * coordinate to landmark weights, E ᵀW = S v (methods.md §11). */
  double *path_s2;
  LescMatrix *path_weights;
} LescLeKernel;

/* Φ̂ of x (n×q z-scored); NULL and an error when cancelled or all rows are equal. */
LescLeKernel *lesc_le_kernel_new (const LescMatrix *x, LescProgress *progress, GError **error);
/* The large-data form (docs/methods.md §11): the kernel's Nyström approximation on m
 * landmark rows z of x (landmarks.h), σ_k the mean pairwise distance among them, in path
 * coordinates (le-path.c). Handed to lesc_le_fit_with in LescLeParts.kernel, the optimizer
 * runs the reference's iterations on at most (m + 1)×c coordinates; with m ≥ n it is the
 * reference's own Φ̂ (all n rows in order), bit for bit. */
LescLeKernel *lesc_le_kernel_new_landmarks (const LescMatrix *x, gsize m, guint32 seed,
                                            GError **error);
/* The path form on m ≤ n landmarks (what lesc_le_kernel_new_landmarks makes for m < n),
 * also for m = n (a test of the factored code against the reference). */
LescLeKernel *lesc_le_kernel_new_path (const LescMatrix *x, gsize m, guint32 seed,
                                       GError **error);
void lesc_le_kernel_free (LescLeKernel *k);
/* Φ̂ᵀΦ̂ and Φ̂ᵀMΦ̂ (lower triangles, (n+1)×(n+1)). */
LescMatrix *lesc_le_gram (const LescLeKernel *k, LescProgress *progress, GError **error);
LescMatrix *lesc_le_smoothness_form (const LescLeKernel *k, const LescMatrix *gram,
                                     const LescSmoothness *m, LescProgress *progress,
                                     GError **error);
/* TRUE when a fit of n samples, c labels works through Q (and so wants the Gram matrix
 * and Φ̂ᵀMΦ̂): the reference variant, when that is cheaper than the operator chain. The
 * choice does not depend on what is cached, so a cached fit equals an uncached one. */
gboolean lesc_le_uses_quadratic_form (gsize n, gsize c, const LescSmoothness *m,
                                      LescVariant variant);
/* Bytes held by Φ̂, or by one (n+1)×(n+1) form. */
double lesc_le_kernel_bytes (gsize n);

/* What a fit may take from a cache; every member may be NULL (computed for the fit). */
typedef struct {
  const LescLeKernel *kernel;
  const LescMatrix *gram;
  const LescMatrix *form;
} LescLeParts;

/* Fit on x (n×q z-scored) and logical labels l (n×c) with the smoothness matrix m (n×n)
 * and trade-off λ ≥ 0. `model` (may be NULL: not wanted) receives what prediction needs;
 * `numerical` (may be NULL) receives Φ̂W (n×c) — the recovered distributions are its row
 * softmax. The `converged` variant computes W (an SVD-based least-squares solve) only
 * when `model` is wanted. */
gboolean lesc_le_fit (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                      double lambda, LescVariant variant, guint32 seed,
                      LescProgress *progress, LescLeReport *report,
                      LescLeModel **model, LescMatrix **numerical, GError **error);
/* lesc_le_fit with parts from a cache (`parts` may be NULL) and, when `trace` is not
 * NULL, the optimizer's record kept in it (letrace.h); neither changes the result by a
 * bit. `progress` receives provisional frames of the distributions while the reference
 * optimizer runs (progress.h) and, last, the final distributions. */
gboolean lesc_le_fit_with (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                           double lambda, LescVariant variant, guint32 seed,
                           const LescLeParts *parts, LescLeTrace *trace,
                           LescProgress *progress, LescLeReport *report, LescLeModel **model,
                           LescMatrix **numerical, GError **error);
/* A fit for each of b values of λ with everything else the same (the explorer's λ
 * strip): the values' optimizers advance together and share one pass over the forms per
 * iteration (le-batch.c). Each value's Φ̂W and report are its lesc_le_fit_with's (the
 * reference variant, no landmarks) to the bit; `done` receives them (the matrix is the
 * callee's) as each value's run stops — the values that converge first come first.
 * Only where lesc_le_batch_applies: the fits work through Q without its tridiagonal
 * form. `parts` may be NULL or lack members (made here once for all values). */
typedef void (*LescLeBatchDone) (guint index, LescMatrix *numerical, const LescLeReport *report,
                                 gpointer data);
gboolean lesc_le_batch_applies (gsize n, gsize c, const LescSmoothness *m, LescVariant variant);
gboolean lesc_le_fit_batch (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                            const double *lambdas, guint b, guint32 seed,
                            const LescLeParts *parts, LescProgress *progress,
                            LescLeBatchDone done, gpointer data, GError **error);
/* Bytes the LE step holds at its peak for n samples and c labels. */
double lesc_le_memory_estimate (gsize n, gsize c, LescVariant variant);
/* The same for the large-data form on m landmarks (reference variant). */
double lesc_le_large_memory_estimate (gsize n, gsize m, gsize c);
/* The objective itself, for tests and diagnostics: Φ̂ from x (kernel width = mean
 * pairwise distance), f(W) and ∇f(W) for W (n+1)×c column-major, and the Hessian product
 * 2Φ̂ᵀ(I + λM)Φ̂p through the operator chain or (`quadratic_form`) the formed Q. */
typedef struct _LescLeObjective LescLeObjective;
LescLeObjective *lesc_le_objective_new (const LescMatrix *x, const LescMatrix *l,
                                        const LescSmoothness *m, double lambda,
                                        gboolean quadratic_form, GError **error);
double lesc_le_objective_eval (LescLeObjective *o, const double *w, double *grad);
void   lesc_le_objective_hessian (LescLeObjective *o, const double *p, double *v);
void   lesc_le_objective_free (LescLeObjective *o);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLeObjective, lesc_le_objective_free)

/* softmax([K(x_new, x_train), 1] W) */
LescMatrix *lesc_le_predict (const LescLeModel *model, const LescMatrix *x_new);
void lesc_le_model_free (LescLeModel *model);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLeModel, lesc_le_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLeKernel, lesc_le_kernel_free)

G_END_DECLS
