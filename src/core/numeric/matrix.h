/* Dense matrices.
 *
 * Column-major, as BLAS, LAPACK and MATLAB: element (i, j) of a rows×cols matrix is
 * data[i + j·rows]. Samples are rows (features n×q, distributions n×o), exactly as in
 * the reference MATLAB code. Nothing in the project transposes silently. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  gsize rows;
  gsize cols;
  double *data;
} LescMatrix;

#define LESC_AT(m, i, j) ((m)->data[(gsize) (i) + (gsize) (j) * (m)->rows])

/* Zero-filled; aborts when memory is exhausted (use try_new for large solver buffers). */
LescMatrix *lesc_matrix_new (gsize rows, gsize cols);
/* Zero-filled; NULL and LESC_ERROR_MEMORY when it cannot be allocated. */
LescMatrix *lesc_matrix_try_new (gsize rows, gsize cols, GError **error);
LescMatrix *lesc_matrix_new_from (gsize rows, gsize cols, const double *data);
LescMatrix *lesc_matrix_copy (const LescMatrix *m);
void        lesc_matrix_free (LescMatrix *m);

LescMatrix *lesc_matrix_transpose (const LescMatrix *m);
/* The rows listed in `rows` (n of them), in that order. */
LescMatrix *lesc_matrix_select_rows (const LescMatrix *m, const gsize *rows, gsize n);

/* TRUE when every entry is finite; otherwise the first bad entry's position. */
gboolean lesc_matrix_all_finite (const LescMatrix *m, gsize *bad_row, gsize *bad_col);
/* max |a − b| over entries; +Inf when shapes differ. */
double   lesc_matrix_max_abs_diff (const LescMatrix *a, const LescMatrix *b);
gboolean lesc_matrix_same_shape (const LescMatrix *a, const LescMatrix *b);

/* Row softmax in place: exp(v − max v) / Σ exp(v − max v) for every row. */
void lesc_matrix_row_softmax (LescMatrix *m);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescMatrix, lesc_matrix_free)

G_END_DECLS
