/* Finding samples for the sample inspector of both explorers (docs/figures.md §2, "Finding
 * a sample"): by number, by a condition on a label's degree, or by a row name.
 *
 *   ""                      every sample
 *   "123", "#123"           sample 123 (counted from 1)
 *   "label 3 > 0.5"         a label by number …
 *   "happy >= 0.4"          … or by name (case-insensitive); < <= > >= = ≤ ≥ ≠ !=
 *   "happy > 0.4 and sad < 0.1"   conditions joined by "and" (or "&") all hold
 *   "anything else"         row names containing it (case-insensitive), when there are
 *                           row names; otherwise refused with what can be typed
 *
 * The conditions read one table (the caller's choice: the ground truth, else the logical
 * labels). Numbers follow the rule of core/base/number.h. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* The samples (guint32 indices, ascending) of the n rows of `values` (n×c) that `text`
 * selects; `label_names` (c, may be NULL) and `row_names` (n, may be NULL) as above. NULL
 * with an error (G_IO_ERROR_INVALID_ARGUMENT) that quotes what was typed. */
GArray *lesc_sample_search (const char *text, const LescMatrix *values, const char *const *label_names,
                            const char *const *row_names, GError **error);

G_END_DECLS
