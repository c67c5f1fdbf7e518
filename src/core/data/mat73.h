/* MAT v7.3 (HDF5) variables that matio cannot class: files written by h5py or other HDF5
 * tools store the MATLAB_class attribute as a NULLPAD string (MATLAB writes NULLTERM), and
 * matio then sees no class at all (docs/formats.md, "MAT v7.3"). These read the attribute
 * and the numbers with HDF5 itself. Call under the lock that guards matio and HDF5. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* The matio class (enum matio_classes) named by the MATLAB_class attribute of the dataset
 * `name` of the v7.3 file `path`, whatever the string's padding; MAT_C_EMPTY (0) when
 * there is no such dataset or attribute, or the class is not a numeric one. */
int lesc_mat73_numeric_class (const char *path, const char *name);

/* The dataset `name` as a rows×cols matrix of doubles (MATLAB's rows×cols is stored by
 * HDF5 as cols×rows); LESC_ERROR_FORMAT when its shape is not that or it cannot be read. */
LescMatrix *lesc_mat73_read (const char *path, const char *name, guint64 rows, guint64 cols,
                             GError **error);

G_END_DECLS
