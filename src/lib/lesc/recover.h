/* Recovering label distributions, and models that predict them for new samples. */
#pragma once
#include <gio/gio.h>
#include <lesc/methods.h>

G_BEGIN_DECLS

/* Called from the thread doing the work, at most ~10 times a second and at every change of
 * stage: the fraction done (0..1) and the stage ("kernel", "le", …). */
typedef void (*LescProgressFunc) (double fraction, const char *stage, gpointer user_data);

/* Recover the label distributions of n samples from their features (n×q) and logical
 * labels (n×c, 0/1; every row at least one 1) with the method and settings of `params`;
 * `distributions` (n×c) receives them, each row summing to 1. The features are z-scored
 * first, as by `lesc recover`. Inputs are checked before any work (n ≥ 2, q ≥ 1, c ≥ 2,
 * finite features, labels of 0 and 1): LESC_ERROR_DATA naming the table, row and column.
 * `progress` and `cancellable` may be NULL; cancelling makes the call return promptly with
 * G_IO_ERROR_CANCELLED. Safe to call from several threads at once. */
gboolean lesc_recover (const LescParams *params, gsize n, gsize q, gsize c,
                       const double *features, const double *logical, double *distributions,
                       LescProgressFunc progress, gpointer user_data,
                       GCancellable *cancellable, GError **error);

/* What a method with a mapping (lesc_method_has_model) learned: the z-scoring of the
 * training features, the training features themselves, the kernel width and W. */
typedef struct _LescMapping LescMapping;

/* lesc_recover that also keeps the mapping (`distributions` may be NULL when the training
 * rows' distributions are not wanted). LESC_ERROR_USAGE for a method without a mapping. */
LescMapping *lesc_mapping_fit (const LescParams *params, gsize n, gsize q, gsize c,
                           const double *features, const double *logical,
                           double *distributions, LescProgressFunc progress,
                           gpointer user_data, GCancellable *cancellable, GError **error);
void       lesc_mapping_free (LescMapping *model);
const LescMethod *lesc_mapping_get_method (const LescMapping *model);
gsize      lesc_mapping_get_n_features (const LescMapping *model);   /* q */
gsize      lesc_mapping_get_n_labels (const LescMapping *model);     /* c */

/* The mapping as bytes — a model file as `lesc recover --save-model` writes it, without
 * label names or settings (docs/formats.md, "Model files") — and back: a mapping from such
 * bytes (or from a model file's contents); LESC_ERROR_FORMAT for bytes of another format
 * version, truncated or damaged (checksum). */
GBytes      *lesc_mapping_to_bytes (const LescMapping *model);
LescMapping *lesc_mapping_new_from_bytes (GBytes *bytes, GError **error);

/* Distributions (n×c) for n new samples (n×q raw features, z-scored with the training
 * data's means and deviations). LESC_ERROR_DATA when q is not the model's or a feature is
 * not finite. */
gboolean   lesc_predict (const LescMapping *model, gsize n, gsize q, const double *features,
                         double *distributions, GError **error);

G_END_DECLS
