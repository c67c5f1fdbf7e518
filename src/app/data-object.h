/* A loaded data set shared between the window and the worker threads (reference-counted,
 * immutable once made), with what validation found (validate.h). */
#pragma once
#include <gio/gio.h>
#include "core/data/dataset.h"
#include "core/data/validate.h"
#include "core/data/open.h"
#include "plot/positions.h"

G_BEGIN_DECLS

#define LESC_TYPE_DATA_OBJECT (lesc_data_object_get_type ())
G_DECLARE_FINAL_TYPE (LescDataObject, lesc_data_object, LESC, DATA_OBJECT, GObject)

/* Takes ownership of `dataset`, validated with `report`. */
LescDataObject *lesc_data_object_new (LescDataset *dataset, const LescValidateReport *report);
/* The built-in artificial data set. */
LescDataObject *lesc_data_object_new_artificial (void);
const LescDataset *lesc_data_object_get_dataset (LescDataObject *self);
const LescValidateReport *lesc_data_object_get_report (LescDataObject *self);
const char *lesc_data_object_get_name (LescDataObject *self);
/* The data set's checksum (what a figure is of, figure.h); NULL for NULL. */
const char *lesc_data_object_get_checksum (LescDataObject *self);
/* The spec lesc_dataset_open reads it from again: its file, or its name when built in. */
const char *lesc_data_object_get_spec (LescDataObject *self);
/* How it was read (label or logical columns of a single table file, renormalized), so
 * that the experiments read the file the same way. */
void lesc_data_object_get_open_options (LescDataObject *self, LescOpenOptions *options);
/* The label names: those given by the person (set_label_names), else the file's, else
 * "label 1", …. */
char *lesc_data_object_dup_label_name (LescDataObject *self, gsize j);
/* Names given in the explorer (o strings; NULL: back to the file's). Main thread only;
 * emits "label-names-changed". */
void  lesc_data_object_set_label_names (LescDataObject *self, const char *const *names);
/* TRUE when the names in use come from the file (or there are none). */
gboolean lesc_data_object_has_given_names (LescDataObject *self);

/* The samples in two dimensions: the scores of the first two principal components of the
 * z-scored features (numeric/pca.h), computed once per data set (the open thread does it;
 * safe from any thread). NULL when there are fewer than two features or samples.
 * `explained` (may be NULL) receives each component's share of the variance. */
const LescMatrix *lesc_data_object_get_embedding (LescDataObject *self, double explained[2]);

/* The built-in artificial set, whose two features are a grid drawn as it is. */
gboolean lesc_data_object_is_grid (LescDataObject *self);
/* Where the figures put the samples unless told otherwise (plot/positions.h), from the
 * embedding above. */
LescPositions *lesc_data_object_positions (LescDataObject *self);
/* The o label names in use (NULL-terminated; g_strfreev). */
char **lesc_data_object_dup_label_names (LescDataObject *self);

typedef struct {
  char *spec;
  char *data_dir;
  gsize label_columns;    /* a single table file: how many trailing columns are labels */
  gboolean renormalize;   /* divide rows that do not sum to 1 by their sums */
  gboolean logical;       /* those columns are 0/1 logical labels (no ground truth) */
} LescOpenRequest;

/* Open and validate in a worker thread. */
void lesc_data_object_open_async (const LescOpenRequest *request, GCancellable *cancellable,
                                  GAsyncReadyCallback callback, gpointer user_data);
/* Signal "label-names-changed": the names in use changed. */

/* The data, or NULL with the error; `report` (may be NULL) receives what validation found
 * also when it refused the data (e.g. the rows that are not distributions). */
LescDataObject *lesc_data_object_open_finish (GAsyncResult *result, LescValidateReport *report,
                                              GError **error);

G_END_DECLS
