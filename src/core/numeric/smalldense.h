/* Dense kernels for matrices of a few dozen rows, computed on the calling thread.
 * OpenBLAS hands even tiny dsymm, dpotrf and dtrsm calls to its thread pool, whose
 * threads then spin for a while and take the cores from the caller's own threads (the
 * tensor step's pass). Column-major throughout; meant for d ≤ LESC_SMALL_DENSE_MAX. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

#define LESC_SMALL_DENSE_MAX 64

/* g (d×d, both triangles) = x xᵀ for x d×n. */
void lesc_small_gram (const double *x, gsize d, gsize n, double *g);

/* The lower Cholesky factor of the symmetric positive definite d×d matrix a, in place
 * (the strict upper triangle is left alone). FALSE when a is not positive definite. */
gboolean lesc_small_cholesky (double *a, gsize d);

/* b (d×cols) ← (L Lᵀ)⁻¹ b for the lower factor l from lesc_small_cholesky. */
void lesc_small_cholesky_solve (const double *l, gsize d, double *b, gsize cols);

/* c (d×cols) += alpha a b for a d×d (both triangles stored) and b d×cols. */
void lesc_small_multiply_add (double alpha, const double *a, gsize d, const double *b, gsize cols,
                              double *c);

G_END_DECLS
