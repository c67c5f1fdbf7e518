/* Products with a dense symmetric matrix read from its lower triangle: the LE step applies
 * its (n+1)×(n+1) quadratic form to c right-hand sides at every optimizer iteration
 * (docs/reformulations.md §1). One sweep over the n²/2 stored entries serves all right-hand sides
 * (a general product reads n² and, in OpenBLAS, copies them on every call). */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

/* Doubles of workspace lesc_symmetric_product needs for an n×n matrix and k columns. */
gsize lesc_symmetric_product_work (gsize n, gsize k);
/* y (n×k) = A x (n×k), A n×n symmetric, column-major; only the entries on and below the
 * diagonal are read. `work` holds lesc_symmetric_product_work (n, k) doubles. `threads` 0:
 * as many as BLAS uses (OPENBLAS_NUM_THREADS). The work is split into fixed parts summed
 * in a fixed order, so the result is the same to the bit for any thread count. */
void lesc_symmetric_product (const LescMatrix *a, const double *x, gsize k, double *y,
                             double *work, guint threads);
/* out[i] = g[i] + λ f[i], i < len: the entries of the pencil G + λF. The LE step forms
 * its quadratic form with it, so that a pencil product equals a product with that form to
 * the bit. */
void lesc_symmetric_pencil_entries (const double *g, const double *f, double lambda,
                                    double *out, gsize len);
/* The pencil product for b values of λ at once: y_l = (G + λ_l F) x_l for l < b, x_l and
 * y_l the n×c column groups l of x and y (n×bc); G and F symmetric, lower triangles read.
 * Each group's result is the same to the bit as lesc_symmetric_product with the matrix
 * formed by lesc_symmetric_pencil_entries, for any b and thread count: the entries are
 * formed per slice of rows in the cache, so G and F are read from memory once for all b.
 * `work`: lesc_symmetric_product_work (n, b·c) doubles. */
void lesc_symmetric_pencil_product (const LescMatrix *g, const LescMatrix *f,
                                    const double *lambdas, guint b, const double *x, gsize c,
                                    double *y, double *work, guint threads);
/* The threads BLAS runs with (OpenBLAS's setting; the processor count otherwise). */
guint lesc_blas_threads (void);

G_END_DECLS
