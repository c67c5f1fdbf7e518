/* Label names stored beside the numbers in a .mat file: the variable names accepted and
 * the conversion of what matio read (matfile.c checks the variable first, matcheck.h). */
#pragma once
#include <matio.h>
#include "core/data/dataset.h"

G_BEGIN_DECLS

/* "labelNames", "label_names", "labelnames". */
extern const char *const lesc_mat_label_name_variables[];

/* The `o` names in the text variable `v` (a cell array of o strings, or a char matrix of
 * o rows; trailing blanks dropped), as UTF-8; NULL with an error naming the file (`path`)
 * and the variable when it is not o names. */
char **lesc_mat_names_of (const matvar_t *v, gsize o, const char *path, GError **error);

G_END_DECLS
