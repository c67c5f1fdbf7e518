/* The LE regression step shared by GLLE, LESC and gLESC (algorithms.md §4):
 * min_W ‖Φ̂W − L‖² + λ tr((Φ̂W)ᵀ M (Φ̂W)), Φ̂ = [RBF kernel, 1], D = row softmax(Φ̂W). */
#pragma once
#include "core/matrix.h"
#include "core/progress.h"
#include "core/smoothness.h"

G_BEGIN_DECLS

typedef enum {
  LESC_VARIANT_REFERENCE,  /* the official quasi-Newton optimizer (§4.5), default */
  LESC_VARIANT_CONVERGED,  /* the exact optimum over the distinct rows (§4.6) */
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
} LescLeReport;

/* Fit on x (n×q z-scored) and logical labels l (n×c). `distributions` (may be NULL)
 * receives the n×c recovered distributions of the training samples. */
LescLeModel *lesc_le_fit (const LescMatrix *x, const LescMatrix *l, const LescSmoothness *m,
                          double lambda, LescVariant variant, guint32 seed,
                          LescProgress *progress, LescLeReport *report,
                          LescMatrix **distributions, GError **error);
/* softmax([K(x_new, x_train), 1] W) */
LescMatrix *lesc_le_predict (const LescLeModel *model, const LescMatrix *x_new);
void lesc_le_model_free (LescLeModel *model);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescLeModel, lesc_le_model_free)

G_END_DECLS
