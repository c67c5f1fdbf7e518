"""The six measures as metric functions, and scorers that let scikit-learn's GridSearchCV
tune a method in the recovery setting (scikit-learn is not needed to import this module).

Metric functions, ``f(D_true, D_pred)`` for two n×c distribution tables, the mean over the
rows: ``chebyshev``, ``clark``, ``canberra``, ``kl_divergence`` (lower is better) and
``cosine``, ``intersection`` (higher is better).

The recovery setting: a method recovers the distributions of the very samples it is
given, and they are compared with the ground truth of those samples. GridSearchCV then
needs one split whose training and test rows are all rows (``RecoverySplit``), and a
scorer that holds the ground truth, because GridSearchCV hands the scorer only X and the
logical labels L:

    search = GridSearchCV(lesc.GLESC(), {"lambda1": [0.1, 1, 10]},
                          scoring=lesc.metrics.recovery_scorer(D_true, "cheb"),
                          cv=lesc.metrics.RecoverySplit())
    search.fit(X, L)

The losses (cheb, clark, canber, kl) are scored as their negatives, so that greater is
better for every scorer, as scikit-learn expects (its "neg_mean_squared_error" likewise).
"""

import numpy as np

from . import measures
from ._arrays import matrix

MEASURES = ("cheb", "clark", "canber", "kl", "cosine", "intersec")
LOSSES = ("cheb", "clark", "canber", "kl")   # lower is better; scored as negatives


def _measure(key, D_true, D_pred, kl="truth-recovered"):
    return measures(D_pred, D_true, kl=kl)[key]


def chebyshev(D_true, D_pred):
    """The mean over the rows of max_j |D_true − D_pred| (lower is better)."""
    return _measure("cheb", D_true, D_pred)


def clark(D_true, D_pred):
    """The mean Clark distance (lower is better)."""
    return _measure("clark", D_true, D_pred)


def canberra(D_true, D_pred):
    """The mean Canberra metric (lower is better)."""
    return _measure("canber", D_true, D_pred)


def kl_divergence(D_true, D_pred, kl="truth-recovered"):
    """The mean Kullback–Leibler divergence KL(D_true‖D_pred) (kl="recovered-truth":
    KL(D_pred‖D_true)); lower is better."""
    return _measure("kl", D_true, D_pred, kl)


def cosine(D_true, D_pred):
    """The mean cosine coefficient (higher is better)."""
    return _measure("cosine", D_true, D_pred)


def intersection(D_true, D_pred):
    """The mean intersection similarity (higher is better)."""
    return _measure("intersec", D_true, D_pred)


class RecoverySplit:
    """A cross-validation splitter for the recovery setting: one split in which the
    training rows and the test rows are all the rows (``cv=`` of GridSearchCV,
    cross_validate, …)."""

    def split(self, X, y=None, groups=None):
        n = X.shape[0] if hasattr(X, "shape") else len(X)
        rows = np.arange(n)
        yield rows, rows

    def get_n_splits(self, X=None, y=None, groups=None):
        return 1

    def __repr__(self):
        return "RecoverySplit()"


class _RecoveryScorer:
    def __init__(self, truth, measure, kl):
        if measure not in MEASURES:
            raise ValueError(f"measure '{measure}': expected one of {', '.join(MEASURES)}")
        self.truth = matrix(truth, "truth", "labels")
        self.measure, self.kl = measure, kl
        self.sign = -1.0 if measure in LOSSES else 1.0

    def __call__(self, estimator, X, L=None):
        D = getattr(estimator, "distributions_", None)
        if D is None:
            raise ValueError(f"recovery_scorer: {type(estimator).__name__} has no "
                             "distributions_ (is it fitted? is it a lesc estimator?)")
        n = X.shape[0] if hasattr(X, "shape") else len(X)
        if D.shape != self.truth.shape or n != self.truth.shape[0]:
            raise ValueError(
                f"recovery_scorer: the estimator recovered {D.shape[0]}×{D.shape[1]} "
                f"distributions, the test rows are {n} and the truth is "
                f"{self.truth.shape[0]}×{self.truth.shape[1]}: in the recovery setting the "
                "rows fitted, the rows scored and the truth are all the rows "
                "(cv=lesc.metrics.RecoverySplit())")
        return self.sign * measures(D, self.truth, kl=self.kl)[self.measure]

    def __repr__(self):
        sign = "-" if self.sign < 0 else ""
        return f"recovery_scorer({sign}{self.measure})"


def recovery_scorer(truth, measure="cheb", kl="truth-recovered"):
    """A scorer ``scorer(estimator, X, L)`` for GridSearchCV in the recovery setting: the
    measure between the fitted estimator's ``distributions_`` and ``truth`` (n×c, the
    ground truth of all rows), negated for the losses (cheb, clark, canber, kl) so that
    greater is better. Use it with ``cv=RecoverySplit()``."""
    return _RecoveryScorer(truth, measure, kl)


def recovery_scorers(truth, kl="truth-recovered"):
    """All six recovery scorers as a dict (GridSearchCV's multi-metric ``scoring=``, with
    ``refit="cheb"`` or another key)."""
    return {key: _RecoveryScorer(truth, key, kl) for key in MEASURES}
