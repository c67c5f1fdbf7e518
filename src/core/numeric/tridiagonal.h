/* A symmetric matrix in tridiagonal form, A = U T Uᵀ (U orthogonal, Householder
 * reflectors as LAPACK's dsytrd leaves them). The LE step's quasi-Newton iteration is
 * invariant under an orthogonal change of its unknowns, so it can run on T — one
 * product costs O(n) per column instead of O(n²) (le.c, docs/reformulations.md §2). */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/progress.h"

G_BEGIN_DECLS

typedef struct _LescTridiagonal LescTridiagonal;

/* Reduces the n×n symmetric `a` (its lower triangle; taken over: overwritten and owned
 * by the result, freed on failure) in panels of columns with a cancellation check and a progress report between
 * them — the same steps as LAPACK's dsytrd. NULL with `error` set when cancelled. */
LescTridiagonal *lesc_tridiagonal_new (LescMatrix *a, LescProgress *progress, GError **error);
gsize lesc_tridiagonal_size (const LescTridiagonal *t);
/* The diagonal (n) and subdiagonal (n − 1) of T. */
const double *lesc_tridiagonal_diagonal (const LescTridiagonal *t);
const double *lesc_tridiagonal_subdiagonal (const LescTridiagonal *t);
/* y (n×k) = s T x (n×k), column-major. */
void lesc_tridiagonal_product (const LescTridiagonal *t, double s, const double *x, gsize k,
                               double *y);
/* x (n×k) ← Uᵀx (into T's basis) or U x (back), in place. */
void lesc_tridiagonal_to_basis (const LescTridiagonal *t, double *x, gsize k);
void lesc_tridiagonal_from_basis (const LescTridiagonal *t, double *x, gsize k);
void lesc_tridiagonal_free (LescTridiagonal *t);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescTridiagonal, lesc_tridiagonal_free)

G_END_DECLS
