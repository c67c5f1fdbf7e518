/* Label names stored beside the numbers in a .mat file (read by matfile.c while it has
 * the file open). */
#pragma once
#include <matio.h>
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* The variable names accepted: "labelNames", "label_names", "labelnames". */
extern const char *const lesc_mat_label_name_variables[];

/* The `o` label names in the open file `mat` (its directory `dir` of `ndir` names): a
 * cell array of o strings, or a char matrix of o rows (trailing blanks dropped). NULL
 * without an error when the file has no such variable; NULL with an error naming the file
 * (`path`) and the variable when it has one that is not o names. */
char **lesc_mat_label_names (mat_t *mat, char *const *dir, size_t ndir, gsize o, const char *path,
                             GError **error);

G_END_DECLS
