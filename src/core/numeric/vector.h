/* Level-1 operations on long vectors (the optimizer's), single-threaded: the calls are
 * short, memory-bound and many, so threads would cost more than they bring (and BLAS
 * worker threads spinning between calls would compete with the threaded products). The
 * two-loop recursion, forty such calls in a row, splits its vectors itself (twoloop.h). */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Σ aᵢbᵢ (a fixed summation order: eight partial sums, then the tail) */
double lesc_dot (const double *a, const double *b, gsize n);
/* y ← y + αx (x and y must not overlap) */
void   lesc_axpy (double alpha, const double *x, double *y, gsize n);
/* x ← αx */
void   lesc_scale (double alpha, double *x, gsize n);
/* One pass for lesc_axpy (α, x, y) and then lesc_dot (z, y), bit for bit (the two-loop
 * recursion reads the updated vector once instead of twice); z must not overlap y. */
double lesc_axpy_dot (double alpha, const double *x, double *y, const double *z, gsize n);
/* One pass for lesc_scale (α, y) and then lesc_dot (z, y), bit for bit. */
double lesc_scale_dot (double alpha, double *y, const double *z, gsize n);

G_END_DECLS
