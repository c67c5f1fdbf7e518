/* MATLAB .mat files in the Geng format (v5, compressed or not, and v7.3). */
#pragma once
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* A Geng-format MATLAB file (see matfile.c for the variable names accepted). */
LescDataset *lesc_dataset_load_mat (const char *path, GError **error);

/* One variable of a .mat file, the first of `names` present, as a double matrix. */
LescMatrix *lesc_mat_read_variable (const char *path, const char *const *names, GError **error);

/* Whether the file `path` starts with `text` (at most 32 bytes): "MATLAB " for any MAT
 * file with a header, "MATLAB 7.3" for HDF5 ones. */
gboolean lesc_mat_starts_with (const char *path, const char *text);
extern const char *const lesc_mat_logical_names[]; /* "logicalLabel", "logical_label" */

/* Write `m` as the double variable `name` and, when `settings` is not NULL, that text as
 * the char variable `settings_name`, to `path` as a MAT v5 file (compressed), atomically. */
gboolean lesc_mat_write (const char *path, const char *name, const LescMatrix *m,
                         const char *settings_name, const char *settings, GError **error);

/* Write `m` as the double variable `name` and, when `settings` is not NULL, that text as
 * the char variable `settings_name`, to `path` as a MAT v5 file (compressed), atomically. */
gboolean lesc_mat_write (const char *path, const char *name, const LescMatrix *m,
                         const char *settings_name, const char *settings, GError **error);

G_END_DECLS
