/* Logical labels from distributions, "the way of Xu et al. 2018" (docs/methods.md §2):
 * per row, labels in stable descending order of degree; cumulate; stop at the first
 * position where the sum exceeds 0.5 strictly; those labels get 1. */
#pragma once
#include "core/numeric/matrix.h"

G_BEGIN_DECLS

#define LESC_BINARIZE_THRESHOLD 0.5

LescMatrix *lesc_binarize (const LescMatrix *distributions, double threshold);

G_END_DECLS
