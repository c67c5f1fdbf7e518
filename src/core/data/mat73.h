/* MAT v7.3 (HDF5) variables that matio cannot class: files written by h5py or other HDF5
 * tools store the MATLAB_class attribute as a NULLPAD string (MATLAB writes NULLTERM), and
 * matio then sees no class at all (docs/formats.md, "MAT v7.3"). These read the attribute
 * and the numbers with HDF5 itself. Call under the lock that guards matio and HDF5. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* Before matio describes a v7.3 file: the header's version field must be 0x0200 (matio
 * reads a file marked otherwise as v5, unchecked: a 685-byte "7.3" file marked 0x0100
 * made it allocate 2 GB) and HDF5 must open the file; then, as matio allocates what the
 * file's types and shapes state even to list the variables, every object is visited: each attribute's string or value must be
 * at most 64 KB, and each dataset of references (cell arrays, structs) may hold no more
 * references than the memory limit allows. Else LESC_ERROR_FORMAT naming the object. */
gboolean lesc_mat73_check (const char *path, GError **error);

/* The matio class (enum matio_classes) named by the MATLAB_class attribute of the dataset
 * `name` of the v7.3 file `path`, whatever the string's padding; MAT_C_EMPTY (0) when
 * there is no such dataset or attribute, or the class is not a numeric one. */
int lesc_mat73_numeric_class (const char *path, const char *name);

/* The dataset `name` as a rows×cols matrix of doubles (MATLAB's rows×cols is stored by
 * HDF5 as cols×rows); LESC_ERROR_FORMAT when its shape is not that or it cannot be read. */
LescMatrix *lesc_mat73_read (const char *path, const char *name, guint64 rows, guint64 cols,
                             GError **error);

G_END_DECLS
