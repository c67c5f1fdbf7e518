/* Landmarks of the large-data formulation (docs/methods.md §11): the samples whose kernel
 * columns stand for all n. */
#pragma once
#include "core/numeric/matrix.h"
#include "core/base/random.h"

G_BEGIN_DECLS

/* m rows of x (n×q) drawn uniformly without replacement with `seed` (the stream of
 * docs/methods.md §4.4, a partial Fisher–Yates shuffle), kept in the order of x; every
 * row in order when m ≥ n. index (may be NULL; m entries, or n when m ≥ n) receives
 * their row numbers. */
LescMatrix *lesc_landmarks_select_index (const LescMatrix *x, gsize m, guint32 seed,
                                         gsize *index);
LescMatrix *lesc_landmarks_select (const LescMatrix *x, gsize m, guint32 seed);

/* Keep `take` of the `count` items, drawn uniformly without replacement from `rng` (a
 * partial Fisher–Yates shuffle), sorted increasingly into items[0..take−1]; all of them,
 * untouched, when take ≥ count. */
void lesc_landmarks_sample (gsize *items, gsize count, gsize take, LescRandom *rng);

G_END_DECLS
