/* The L-BFGS direction p = −H g by the two-loop recursion (docs/optimizer.md), with every
 * vector split into two fixed halves whose partial dot products are always added in one
 * order — so the result is the same to the bit whether a helper thread takes the second
 * half or not. On long vectors the recursion is bound by the cache bandwidth of one core
 * (its 2m stored vectors are read twice per call); a second core nearly halves it. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

typedef struct _LescTwoLoop LescTwoLoop;

/* For vectors of n entries and at most m pairs. `threads` 0: a helper thread when BLAS
 * runs with more than one thread and n is long enough to gain; 1: none; 2: one. */
LescTwoLoop *lesc_two_loop_new (gsize n, guint m, guint threads);
/* p = −H g, H from the `stored` pairs (s[k], y[k]) with yᵀs in ys[k], k = 0 the newest,
 * and the initial scaling γ = s₀ᵀy₀ / y₀ᵀy₀. p must not overlap the other vectors. */
void lesc_two_loop_direction (LescTwoLoop *t, const double *const *s, const double *const *y,
                              const double *ys, guint stored, const double *g, double *p);
gboolean lesc_two_loop_threaded (const LescTwoLoop *t);
void lesc_two_loop_free (LescTwoLoop *t);

G_END_DECLS
