"""Label enhancement for NumPy: recover label distributions from logical (0/1) labels.

The seven methods of LESC Explorer -- FCM, KM, LP, ML, GLLE, LESC and gLESC -- on NumPy
arrays, through the same C library (liblesc) as the terminal program ``lesc``, so that
``lesc.recover(X, L, method="lesc")`` gives the numbers of ``lesc recover DATA -m lesc``.

    >>> import lesc
    >>> data = lesc.load("artificial")
    >>> D = lesc.recover(data.features, data.logical, method="glesc", lambda1=0.01)
    >>> lesc.measures(D, data.distributions)["cheb"]        # doctest: +SKIP

Arrays: ``X`` is n×q (samples × features) and ``L`` is n×c (samples × labels, 0 or 1,
every row at least one 1), of any integer, boolean or floating dtype and any memory layout;
they are converted to C-ordered float64 (the result does not depend on the input's layout).
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

__version__ = _lesc.library_version
__all__ = [
    "recover", "measures", "binarize", "load", "methods", "Dataset", "MethodInfo",
    "ParamSpec", "LabelEnhancer", "FCM", "KM", "LP", "ML", "GLLE", "LESC", "GLESC",
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


def _matrix(a, what, columns):
    """``a`` as a C-ordered float64 2-D array, refusing what is not numbers, not 2-D or not
    finite (with the row and column of the first bad entry)."""
    arr = np.asarray(a)
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{what}: expected an array of numbers (float, int or bool), "
                        f"got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise ValueError(f"{what}: expected a 2-D array (samples × {columns}), got shape "
                         f"{arr.shape}")
    arr = np.ascontiguousarray(arr, dtype=np.float64)
    bad = ~np.isfinite(arr)
    if bad.any():
        i, j = np.argwhere(bad)[0]
        raise ValueError(f"{what}: row {i}, column {j} is {arr[i, j]} (every entry must be "
                         "finite)")
    return arr


def _inputs(X, L):
    x = _matrix(X, "X", "features")
    labels = _matrix(L, "L", "labels")
    if x.shape[0] != labels.shape[0]:
        raise ValueError(f"X has {x.shape[0]} rows but L has {labels.shape[0]}: one row per "
                         "sample in both")
    return x, labels


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

    X: n×q features (z-scored inside, as ``lesc recover`` does); L: n×c logical labels.
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
    x, labels = _inputs(X, L)
    values, seed, options = _settings(m, seed, variant, params)
    return _lesc.recover(m.name, x, labels, values, seed, options, _memory(memory_limit),
                         progress)


def measures(D, truth, kl="truth-recovered"):
    """The six measures between recovered distributions D and the ground truth (both n×c),
    each the mean over the rows: a dict with keys "cheb", "clark", "canber", "kl", "cosine"
    and "intersec" (lower is better for the first four). kl: "truth-recovered"
    (KL(truth‖D), the paper's) or "recovered-truth" (the official demos')."""
    d = _matrix(D, "D", "labels")
    t = _matrix(truth, "truth", "labels")
    if d.shape != t.shape:
        raise ValueError(f"D is {d.shape[0]}×{d.shape[1]} but truth is {t.shape[0]}×{t.shape[1]}")
    return _lesc.measures(d, t, kl)


def binarize(truth):
    """Logical labels (n×c float64 of 0 and 1) from label distributions: per row, the labels
    in descending order of degree until their sum exceeds 0.5 get 1."""
    return _lesc.binarize(_matrix(truth, "truth", "labels"))


class LabelEnhancer:
    """A label-enhancement method in scikit-learn style: parameters in the constructor,
    ``fit_transform(X, L)`` for the recovered distributions, ``get_params``/``set_params``.
    After ``fit``, ``distributions_`` holds the training rows' distributions."""

    _name = None

    def __init__(self, *, seed=DEFAULT_SEED, variant="reference", memory_limit=None, **params):
        self.seed = seed
        self.variant = variant
        self.memory_limit = memory_limit
        self._params = {}
        self.set_params(**params)

    @classmethod
    def info(cls):
        """The MethodInfo of this method."""
        return _METHODS[cls._name]

    def get_params(self, deep=True):
        """The parameters: the method's numeric ones (defaults until set), seed, variant,
        memory_limit and any options set."""
        out = {p.name: p.default for p in self.info().params}
        out.update(self._params)
        out.update(seed=self.seed, variant=self.variant, memory_limit=self.memory_limit)
        return out

    def set_params(self, **params):
        """Set parameters by name; unknown names raise ValueError. Returns self."""
        known = {p.name for p in self.info().params}
        for key, value in params.items():
            if key in ("seed", "variant", "memory_limit"):
                setattr(self, key, value)
            elif key in known or key.replace("_", "-") in _OPTION_KEYS:
                self._params[key] = value
            else:
                raise ValueError(f"{self.info().display_name} has no parameter '{key}' "
                                 f"(its parameters: {', '.join(sorted(known)) or 'none'})")
        return self

    def _recover(self, X, L, progress):
        return recover(X, L, self._name, seed=self.seed, variant=self.variant,
                       memory_limit=self.memory_limit, progress=progress, **self._params)

    def fit(self, X, L, progress=None):
        """Recover the training rows' distributions into ``distributions_``. Returns self."""
        self.distributions_ = self._recover(X, L, progress)
        return self

    def fit_transform(self, X, L, progress=None):
        """The recovered distributions of (X, L): an n×c float64 array."""
        return self.fit(X, L, progress).distributions_

    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in self._params.items())
        return f"{type(self).__name__}({args})"


class _MappingEnhancer(LabelEnhancer):
    """A method that learns a mapping from features to distributions: ``fit(X, L)`` keeps
    it, ``predict(X_new)`` applies it to new samples (features z-scored with the training
    means and deviations)."""

    def fit(self, X, L, progress=None):
        m = self.info()
        x, labels = _inputs(X, L)
        values, seed, options = _settings(m, self.seed, self.variant, self._params)
        self.model_, self.distributions_ = _lesc.fit(m.name, x, labels, values, seed, options,
                                                     _memory(self.memory_limit), progress)
        self.n_features_in_ = x.shape[1]
        return self

    def predict(self, X):
        """Distributions (n×c float64) for new samples X (n×q, the training columns)."""
        if not hasattr(self, "model_"):
            raise ValueError(f"{type(self).__name__}.predict: call fit(X, L) first")
        return _lesc.predict(self.model_, _matrix(X, "X", "features"))


def _estimator(name, base):
    m = _METHODS[name]
    lines = [f"{m.display_name}: {m.description}", "", "Parameters (keyword, default, range):"]
    for p in m.params:
        lines.append(f"  {p.name} = {p.default:g}  [{p.min:g}, {p.max:g}]  {p.label}")
    if not m.params:
        lines.append("  none")
    if m.uses_seed:
        lines.append("  seed = 5489  the random start")
    if m.uses_variant:
        lines.append('  variant = "reference" or "converged"')
    cls = type(m.display_name.upper(), (base,), {"_name": name, "__doc__": "\n".join(lines),
                                                 "__module__": __name__})
    return cls


FCM = _estimator("fcm", LabelEnhancer)
KM = _estimator("km", LabelEnhancer)
LP = _estimator("lp", LabelEnhancer)
ML = _estimator("ml", LabelEnhancer)
GLLE = _estimator("glle", _MappingEnhancer)
LESC = _estimator("lesc", _MappingEnhancer)
GLESC = _estimator("glesc", _MappingEnhancer)
