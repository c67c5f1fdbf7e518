/* Saved models: what GLLE, LESC and gLESC learn (the mapping the ten-fold CV uses) kept in
 * a file, so that `lesc predict` gives distributions for samples the run never saw.
 *
 * The file (docs/formats.md, "Model files"), all numbers little-endian:
 *   0        8 bytes  magic "LESCMODL"
 *   8        u32      format version (LESC_MODEL_VERSION)
 *   12       u32      T, the length of the text block
 *   16       T bytes  text block: a GKeyFile, [model] method, [labels] names,
 *                     [settings] the run's settings (experiment.h: data set, data checksum,
 *                     parameters, seed, variant, lesc version)
 *            zero bytes to the next multiple of 8 (offset H)
 *   H        u64 n, u64 q, u64 c   training rows, features, labels
 *   H+24     f64      kernel width σ
 *   H+32     f64[q] mean, f64[q] sd   the z-scoring of the data (sd 1 for a constant column)
 *            f64[n·q] training features, z-scored, column-major
 *            f64[(n+1)·c] W, column-major
 *   end−32   32 bytes SHA-256 of every byte before it
 * A new sample x gets softmax([K((x − mean)/sd, X_train), 1]·W) with the RBF kernel of
 * width σ. A file of another version, of the wrong length or with a wrong checksum is
 * refused (LESC_ERROR_FORMAT). */
#pragma once
#include "core/experiments/experiment.h"
#include "core/solvers/le.h"

G_BEGIN_DECLS

#define LESC_MODEL_VERSION 1u

typedef struct {
  const LescMethod *method;
  char **label_names;    /* c names, or NULL */
  char **settings;       /* key, value, … (experiment.h) */
  gsize q, c;
  double *mean, *sd;     /* q each */
  LescLeModel *le;       /* z-scored training features, kernel width, W */
} LescModel;

void lesc_model_free (LescModel *model);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescModel, lesc_model_free)

/* Recover with `m` (GLLE, LESC or gLESC) and keep the mapping. With hold_out < 0, on every
 * row (the recovered distributions are lesc_method_run's); with 0 ≤ hold_out < folds, on
 * the rows outside fold `hold_out` of the split `lesc cv` makes with `fold_seed` — the
 * features z-scored over all rows and W fitted on the training rows, exactly as cross-
 * validation does — returning the training rows' distributions (`train_rows`, may be
 * NULL, receives their indices, n of them allocated by the caller; `n_train` their count). */
LescMatrix *lesc_model_train (const LescMethod *m, const LescDataset *ds, const LescRunParams *p,
                              int hold_out, guint folds, guint32 fold_seed,
                              LescProgress *progress, LescRunResult *result, LescModel **model,
                              gsize *train_rows, gsize *n_train, GError **error);

/* The file's bytes, and writing them atomically (lesc_output_write). */
guchar *lesc_model_format (const LescModel *model, gsize *length);
gboolean lesc_model_save (const LescModel *model, const char *path, GError **error);
/* Read a model file; refuses another version, a truncated or damaged file. */
LescModel *lesc_model_load (const char *path, GError **error);
/* The same from the file's bytes in memory; `path` names them in errors. */
LescModel *lesc_model_parse (const guchar *bytes, gsize length, const char *path,
                             GError **error);

/* Distributions for the rows of `features` (raw, as in the data set): refuses a table
 * with another number of columns than the model's (`where` names it). */
LescMatrix *lesc_model_predict (const LescModel *model, const LescMatrix *features,
                                const char *where, GError **error);

G_END_DECLS
