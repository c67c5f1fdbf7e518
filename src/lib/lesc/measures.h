/* The six label-enhancement measures between ground-truth and recovered distributions. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

#define LESC_MEASURE_COUNT 6

/* Measure i (< LESC_MEASURE_COUNT) in the fixed order Chebyshev, Clark, Canberra,
 * Kullback-Leibler, Cosine, Intersection: its key ("cheb", "clark", "canber", "kl",
 * "cosine", "intersec"), its title, and whether lower values are better. */
const char *lesc_measure_get_key (guint i);
const char *lesc_measure_get_title (guint i);
gboolean    lesc_measure_is_lower_better (guint i);

/* The mean over the n rows of each measure between `truth` and `recovered` (both n×c,
 * row-major) into values[LESC_MEASURE_COUNT]. `kl` is "truth-recovered" (KL(truth‖recovered),
 * the paper's, and NULL's) or "recovered-truth" (the official demos'). LESC_ERROR_DATA for
 * an entry that is not finite; LESC_ERROR_USAGE for another `kl`. */
gboolean lesc_measures_evaluate (gsize n, gsize c, const double *truth, const double *recovered,
                                 const char *kl, double values[LESC_MEASURE_COUNT],
                                 GError **error);

G_END_DECLS
