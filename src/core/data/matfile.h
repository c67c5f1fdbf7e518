/* MATLAB .mat files in the Geng format. */
#pragma once
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* A Geng-format MATLAB file (see matfile.c for the variable names accepted). */
LescDataset *lesc_dataset_load_mat (const char *path, GError **error);

/* One variable of a .mat file, the first of `names` present, as a double matrix. */
LescMatrix *lesc_mat_read_variable (const char *path, const char *const *names, GError **error);
extern const char *const lesc_mat_logical_names[]; /* "logicalLabel", "logical_label" */

G_END_DECLS
