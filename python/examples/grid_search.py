#!/usr/bin/env python3
"""Tune gLESC's λ₁ and λ₂ with scikit-learn's GridSearchCV in the recovery setting.

    python3 python/examples/grid_search.py [DATA] [--every K]

The recovery setting: the method recovers the distributions of the very samples it is
given (X and their logical labels L), and they are compared with the ground truth of those
samples. So the search has one split whose training and test rows are all rows
(lesc.metrics.RecoverySplit), and a scorer that holds the ground truth
(lesc.metrics.recovery_scorer), because GridSearchCV hands a scorer only X and L. Losses
are scored as their negatives (greater is better for every scorer).

DATA: anything lesc.load reads (default: the built-in artificial set); --every K keeps every
K-th row (default 8) so that the six fits take seconds. Needs scikit-learn (Debian:
python3-sklearn).
"""
import argparse

import numpy as np
from sklearn.model_selection import GridSearchCV

import lesc

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("data", nargs="?", default="artificial")
parser.add_argument("--every", type=int, default=8)
args = parser.parse_args()

data = lesc.load(args.data)
X, truth, L = (a[::args.every] for a in data)
print(f"{data.name}: {X.shape[0]} samples, {X.shape[1]} features, {L.shape[1]} labels")

search = GridSearchCV(
    lesc.GLESC(),
    {"lambda1": [0.1, 1.0, 10.0], "lambda2": [0.001, 10.0]},
    scoring=lesc.metrics.recovery_scorers(truth),   # all six measures…
    refit="cheb",                                   # …the best by Chebyshev is refitted
    cv=lesc.metrics.RecoverySplit())
search.fit(X, L)

results = search.cv_results_
print(f"{'lambda1':>8} {'lambda2':>8} {'cheb':>8} {'kl':>8} {'intersec':>9}")  # best first
for i in np.argsort(results["rank_test_cheb"]):
    p = results["params"][i]
    print(f"{p['lambda1']:8g} {p['lambda2']:8g} {-results['mean_test_cheb'][i]:8.5f} "
          f"{-results['mean_test_kl'][i]:8.5f} {results['mean_test_intersec'][i]:9.5f}")
print("best:", search.best_params_, f"cheb {-search.best_score_:.5f}")
best = search.best_estimator_       # refitted on all rows: its distributions_ are the best
print("its measures:", {k: round(v, 4)
                        for k, v in lesc.measures(best.distributions_, truth).items()})
