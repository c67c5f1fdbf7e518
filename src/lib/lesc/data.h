/* Data sets: the benchmark files, CSV tables and the built-in artificial set, read exactly
 * as the terminal program `lesc` reads its DATA argument. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct _LescData LescData;

/* Read a data set: "artificial" (built in), PATH.mat, PATH.csv, FEATURES.csv,DISTS.csv or
 * a NAME looked up in `data_dir` (may be NULL), then in $LESC_DATA_DIR. The data are
 * checked (finite numbers, distributions summing to 1, logical labels of 0 and 1).
 * NULL with an error naming the file when it cannot be read or used. */
LescData   *lesc_data_load (const char *spec, const char *data_dir, GError **error);
void        lesc_data_free (LescData *data);

const char *lesc_data_get_name (const LescData *data);
gsize       lesc_data_get_n_samples (const LescData *data);   /* n */
gsize       lesc_data_get_n_features (const LescData *data);  /* q */
gsize       lesc_data_get_n_labels (const LescData *data);    /* c */
/* The name of label j, or NULL when the file names none. */
const char *lesc_data_get_label_name (const LescData *data, gsize j);
/* FALSE when the data set has logical labels but no ground-truth distributions. */
gboolean    lesc_data_has_distributions (const LescData *data);

/* Copy a table into `out` (row-major; n×q, n×c, n×c). copy_distributions returns FALSE and
 * leaves `out` alone when there are no distributions. */
void        lesc_data_copy_features (const LescData *data, double *out);
gboolean    lesc_data_copy_distributions (const LescData *data, double *out);
void        lesc_data_copy_logical (const LescData *data, double *out);

/* What reading chose about the file (one sentence each, e.g. a column dropped). */
guint       lesc_data_get_n_notes (const LescData *data);
const char *lesc_data_get_note (const LescData *data, guint i);

/* Logical labels from label distributions (n×c, row-major) the usual way: per row, the
 * labels in descending order of degree until their sum exceeds 0.5 get 1, the others 0.
 * FALSE with LESC_ERROR_DATA when an entry is not finite or negative. */
gboolean    lesc_binarize_array (gsize n, gsize c, const double *distributions,
                                 double *logical, GError **error);

G_END_DECLS
