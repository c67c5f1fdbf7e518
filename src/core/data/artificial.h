/* The built-in artificial data set. */
#pragma once
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* The built-in artificial data set (docs/methods.md §9). */
LescDataset *lesc_dataset_new_artificial (void);

G_END_DECLS
