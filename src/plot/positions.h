/* Where the Distributions figure puts the samples (docs/figures.md §2): the artificial set
 * on its grid (x₁, x₂); other data at its first two principal components
 * (core/numeric/pca.h), or at two feature columns the user chose. One rule for the window,
 * the terminal explorer and `lesc plot scatter`. */
#pragma once
#include "core/data/dataset.h"

G_BEGIN_DECLS

typedef struct {
  LescMatrix *xy;             /* n×2 */
  gboolean grid;              /* the artificial set's regular grid: drawn as filled cells */
  gboolean pca;               /* principal components */
  char *x_label, *y_label;    /* "x₁", "PC 1 (62 % of the variance)", "feature 3" */
} LescPositions;

/* The built-in artificial set (not a file of that name): a grid in its two features. */
gboolean lesc_positions_is_grid (const LescDataset *ds);

/* The grid for the artificial set, else the principal components: `embedding` (n×2) with
 * the shares of the variance in `explained` when the caller holds them, computed here
 * when NULL. Data with fewer than two samples or features falls back to the features
 * (the second axis the sample's number when there is one feature). */
LescPositions *lesc_positions_default (const LescDataset *ds, const LescMatrix *embedding,
                                       const double explained[2]);
/* Feature columns `ax` and `ay` (0-based, clamped to the last column). */
LescPositions *lesc_positions_features (const LescDataset *ds, gsize ax, gsize ay);
void lesc_positions_free (LescPositions *p);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LescPositions, lesc_positions_free)

G_END_DECLS
