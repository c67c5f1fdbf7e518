/* lesc bench --fidelity: the large-data formulation against the reference on real data. */
#pragma once
#include "core/methods/method.h"

/* Per data set and method: both formulations with `params` (their scale set by each),
 * the Chebyshev distance of the large-data distributions to the reference's, and how much
 * each of the six measures against the truth moves (KL recovered‖truth, as the published
 * tables); with `floor` also the reference against itself with λ₁ one ulp larger (its own
 * sensitivity to the last bits). Returns an exit status. */
int lesc_bench_fidelity (char **sets, char **names, const LescRunParams *params, gboolean csv,
                         gboolean floor);
