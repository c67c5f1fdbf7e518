#!/usr/bin/env python3
"""Recover label distributions for a NumPy data set and compare two methods.

    python3 python/examples/compare_methods.py [DATA]      # lesc installed with pip
    PYTHONPATH=build/python /usr/bin/python3 python/examples/compare_methods.py   # from the build

DATA is anything `lesc` reads ("artificial", a .mat/.csv file, a benchmark name with
$LESC_DATA_DIR set); default: the built-in artificial set. The data are used as plain NumPy
arrays from there on, as your own would be.
"""
import sys

import numpy as np

import lesc

data = lesc.load(sys.argv[1] if len(sys.argv) > 1 else "artificial")
X, truth, L = data.features, data.distributions, data.logical
print(f"{data.name}: {X.shape[0]} samples, {X.shape[1]} features, {L.shape[1]} labels")

# Two methods: the GLLE baseline and gLESC (sample correlations from a tensor step).
results = {
    "GLLE": lesc.GLLE().fit_transform(X, L),
    "gLESC": lesc.recover(X, L, method="glesc", lambda1=10, lambda2=10),
}
keys = ["cheb", "clark", "canber", "kl", "cosine", "intersec"]
print(f"{'':8}" + "".join(f"{k:>10}" for k in keys))
for name, D in results.items():
    m = lesc.measures(D, truth)
    print(f"{name:8}" + "".join(f"{m[k]:10.4f}" for k in keys))
print("(lower is better for the first four, higher for cosine and intersec)")

# GLLE and gLESC learn a mapping: fit on half of the samples, predict the other half.
rng = np.random.default_rng(0)
train = rng.permutation(X.shape[0]) < X.shape[0] // 2
model = lesc.GLESC(lambda1=10, lambda2=10).fit(X[train], L[train])
held_out = model.predict(X[~train])
print(f"gLESC on {int((~train).sum())} unseen samples: cheb "
      f"{lesc.measures(held_out, truth[~train])['cheb']:.4f}")
