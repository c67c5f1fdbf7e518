/* NumPy .npz archives (np.savez, np.savez_compressed): a zip file of .npy arrays, read
 * with libzip. The arrays are named like the variables of a .mat file (dataset.h):
 * `features`, the truth as `labels`/`labelDistribution`/`label_distribution`, the logical
 * labels as `logicalLabel`/`logical_label`. */
#pragma once
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* A data set from an .npz archive (not validated, see validate.h). */
LescDataset *lesc_dataset_load_npz (const char *path, GError **error);

/* The first of `names` held in the archive, as a double matrix; `which` (may be NULL)
 * receives the name found. */
LescMatrix *lesc_npz_read_array (const char *path, const char *const *names, const char **which,
                                 GError **error);

G_END_DECLS
