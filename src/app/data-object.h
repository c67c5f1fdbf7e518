/* A loaded data set shared between the window and the worker threads (reference-counted,
 * immutable once made), with the numbers of its summary. */
#pragma once
#include <gio/gio.h>
#include "core/dataset.h"

G_BEGIN_DECLS

typedef struct {
  gsize n, q, o;
  double sum_min, sum_max;      /* row sums of the ground truth */
  gsize not_distributions;      /* rows with |sum − 1| > 1e-5 or a negative degree */
  gsize zero_degrees;           /* exact zeros in the ground truth */
  gsize distinct_rows;          /* distinct feature rows */
  double cardinality;           /* mean number of 1s per logical row */
  gboolean logical_from_file;
} LescDataFacts;

#define LESC_TYPE_DATA_OBJECT (lesc_data_object_get_type ())
G_DECLARE_FINAL_TYPE (LescDataObject, lesc_data_object, LESC, DATA_OBJECT, GObject)

/* Takes ownership of `dataset`; computes the facts (call from a worker for big sets). */
LescDataObject *lesc_data_object_new (LescDataset *dataset);
const LescDataset *lesc_data_object_get_dataset (LescDataObject *self);
const LescDataFacts *lesc_data_object_get_facts (LescDataObject *self);
const char *lesc_data_object_get_name (LescDataObject *self);
/* The label names, or "label 1", … when the data set has none. */
char *lesc_data_object_dup_label_name (LescDataObject *self, gsize j);

/* Open `spec` (see lesc_dataset_open) in a worker thread. */
void lesc_data_object_open_async (const char *spec, const char *data_dir,
                                  GCancellable *cancellable, GAsyncReadyCallback callback,
                                  gpointer user_data);
LescDataObject *lesc_data_object_open_finish (GAsyncResult *result, GError **error);

G_END_DECLS
