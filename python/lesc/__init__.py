"""Label enhancement for NumPy: recover label distributions from logical (0/1) labels.

The seven methods of LESC Explorer -- FCM, KM, LP, ML, GLLE, LESC and gLESC -- on NumPy
arrays, through the same C library (liblesc) as the terminal program ``lesc``, so that
``lesc.recover(X, L, method="lesc")`` gives the numbers of ``lesc recover DATA -m lesc``.

    >>> import lesc
    >>> data = lesc.load("artificial")
    >>> D = lesc.recover(data.features, data.logical, method="glesc", lambda1=0.01)
    >>> lesc.measures(D, data.distributions)["cheb"]        # doctest: +SKIP

Arrays: ``X`` is n×q (samples × features) and ``L`` is n×c (samples × labels, 0 or 1,
every row at least one 1), of any integer, boolean or floating dtype and any memory layout,
or pandas DataFrames (also with the nullable Int64, Float64 and boolean dtypes, when no
value is missing); they are converted to C-ordered float64 (the result does not depend on
the input's layout).

Estimators in scikit-learn's conventions (scikit-learn is not needed): ``lesc.GLESC(lambda1=
0.1).fit(X, L)``, ``fit_transform``, ``predict``/``transform`` for the methods with a mapping
(GLLE, LESC, gLESC); ``lesc.metrics`` has the six measures and scorers for GridSearchCV.
The result ``D`` is an n×c float64 array whose rows sum to 1.

Errors: bad shapes, NaN or infinite values, labels other than 0/1, unknown methods or
parameters and out-of-range values raise ValueError (TypeError for arrays that are not
numbers) before any work; a run that would exceed the memory limit raises MemoryError;
unreadable files raise OSError. Ctrl-C (KeyboardInterrupt) stops a running solve promptly
(the binding looks every 50 ms; the solvers stop at their next cancel check, a fraction of
a second); solves release the GIL, so threads can run them in parallel.
"""

from collections import namedtuple

import numpy as np

from . import _lesc
from ._arrays import inputs, matrix

__version__ = _lesc.library_version
__all__ = [
    "recover", "measures", "binarize", "load", "methods", "Dataset", "MethodInfo",
    "ParamSpec", "LabelEnhancer", "NotFittedError", "FCM", "KM", "LP", "ML", "GLLE", "LESC",
    "GLESC", "metrics",
]

DEFAULT_SEED = 5489
_OPTION_KEYS = tuple(_lesc.option_keys())   # "variant", "c-orientation", …

ParamSpec = namedtuple(
    "ParamSpec", "name label description default min max log_scale integer")
ParamSpec.__doc__ = """A numeric parameter of a method: its keyword, label, description,
default value, accepted range [min, max], whether it is tuned on a log scale and whether it
takes whole numbers only."""

MethodInfo = namedtuple(
    "MethodInfo", "name display_name description has_model uses_seed uses_variant params")
MethodInfo.__doc__ = """A method: its key ("glesc"), display name ("gLESC"), a one-line
description, whether it learns a mapping to new samples (fit + predict), whether it uses the
seed and the variant, and its parameters (a tuple of ParamSpec)."""


def methods():
    """The methods in the paper's order (FCM, KM, LP, ML, GLLE, LESC, gLESC) as MethodInfo
    tuples with their parameter specs."""
    return [MethodInfo(*m[:6], tuple(ParamSpec(*p) for p in m[6]))
            for m in _lesc.methods()]


_METHODS = {m.name: m for m in methods()}


def _method(name):
    if not isinstance(name, str):
        raise TypeError(f"method: expected a name such as 'glesc', got {type(name).__name__}")
    m = _METHODS.get(name.lower())
    if m is None:
        raise ValueError(f"unknown method '{name}' (expected {', '.join(_METHODS)})")
    return m


class Dataset(namedtuple("Dataset", "features distributions logical")):
    """A data set as arrays: features (n×q), distributions (n×c ground truth, or None when
    the data have only logical labels) and logical (n×c, 0/1). Also ``name``,
    ``label_names`` (a list, or None) and ``notes`` (what reading chose about the file)."""


def load(data, data_dir=None):
    """Read a data set as the terminal program reads its DATA argument: "artificial" (the
    built-in set), a .mat or .csv path, "FEATURES.csv,DISTRIBUTIONS.csv", or a name such as
    "Yeast_alpha" looked up in ``data_dir`` and then in $LESC_DATA_DIR. Returns a Dataset."""
    if not isinstance(data, str):
        raise TypeError(f"data: expected a name or a path, got {type(data).__name__}")
    name, x, d, logical, labels, notes = _lesc.load(data, None if data_dir is None else str(data_dir))
    out = Dataset(x, d, logical)
    out.name, out.label_names, out.notes = name, labels, notes
    return out


def _settings(method, seed, variant, params):
    """Numeric parameters and options (keywords with '_' for '-': c_orientation=…)."""
    values, options = {}, {}
    if variant is not None:
        options["variant"] = variant
    for key, value in params.items():
        option = key.replace("_", "-")
        if option in _OPTION_KEYS:
            if not isinstance(value, str):
                raise TypeError(f"{key}: expected a string, got {value!r}")
            options[option] = value
        elif isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
            raise TypeError(f"{key}: expected a number, got {value!r}")
        else:
            values[key] = float(value)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= 2**32 - 1:
        raise ValueError(f"seed: expected a whole number 0 … 4294967295, got {seed!r}")
    return values, int(seed), options


def _memory(limit):
    if limit is None:
        return 0.0
    if not limit > 0:
        raise ValueError(f"memory_limit: expected a positive number of bytes, got {limit!r}")
    return float(limit)


def recover(X, L, method="glesc", *, seed=DEFAULT_SEED, variant="reference",
            memory_limit=None, progress=None, **params):
    """Recover label distributions: an n×c float64 array whose rows sum to 1.

    X: n×q features (z-scored inside, as ``lesc recover`` does); L: n×c logical labels
    (or 1-D class labels: each sample's class is its one label, columns in sorted order).
    method: "fcm", "km", "lp", "ml", "glle", "lesc" or "glesc" (case-insensitive).
    params: the method's parameters by name (``lesc.methods()`` lists them and their
    ranges), e.g. ``lambda1=0.01, lambda2=0.001`` for gLESC; options of ``lesc recover``
    with '_' for '-': ``c_orientation="paper"``, ``tensor_fft="views"``,
    ``odd_n_double_shrink="off"``, ``flavour="pyldl"``.
    seed: the random start of the methods that use one; variant: "reference" (the official
    optimizer) or "converged" (the exact optimum) for GLLE, LESC and gLESC.
    memory_limit: bytes a run may take (default 80 % of the physical memory).
    progress: called as progress(fraction, stage) from the calling thread while it waits;
    an exception it raises stops the solve and is raised here.
    """
    m = _method(method)
    x, labels, _ = inputs(X, L)
    values, seed, options = _settings(m, seed, variant, params)
    return _lesc.recover(m.name, x, labels, values, seed, options, _memory(memory_limit),
                         progress)


def measures(D, truth, kl="truth-recovered"):
    """The six measures between recovered distributions D and the ground truth (both n×c),
    each the mean over the rows: a dict with keys "cheb", "clark", "canber", "kl", "cosine"
    and "intersec" (lower is better for the first four). kl: "truth-recovered"
    (KL(truth‖D), the paper's) or "recovered-truth" (the official demos')."""
    d = matrix(D, "D", "labels")
    t = matrix(truth, "truth", "labels")
    if d.shape != t.shape:
        raise ValueError(f"D is {d.shape[0]}×{d.shape[1]} but truth is {t.shape[0]}×{t.shape[1]}")
    return _lesc.measures(d, t, kl)


def binarize(truth):
    """Logical labels (n×c float64 of 0 and 1) from label distributions: per row, the labels
    in descending order of degree until their sum exceeds 0.5 get 1."""
    return _lesc.binarize(matrix(truth, "truth", "labels"))


from .estimators import (  # noqa: E402  (they use the functions above)
    LabelEnhancer, NotFittedError, FCM, KM, LP, ML, GLLE, LESC, GLESC)
from . import metrics  # noqa: E402
