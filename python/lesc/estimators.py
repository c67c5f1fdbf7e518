"""The seven methods as estimators in scikit-learn's conventions, without needing
scikit-learn: every parameter is an explicit keyword of ``__init__`` stored unchanged (and
checked only by ``fit``), ``get_params``/``set_params`` behave as BaseEstimator's, so
``sklearn.base.clone``, Pipeline and GridSearchCV take them as they are.

    est = lesc.GLESC(lambda1=0.1).fit(X, L)      # L: n×c logical labels (0/1)
    est.distributions_                           # the training rows' distributions
    est.predict(X_new)                           # GLLE, LESC, gLESC: new samples

FCM, KM, LP and ML recover the distributions of the samples they are given and learn no
mapping: they have ``fit`` and ``fit_transform`` only. docs/python.md has the details.
"""

import inspect

from . import DEFAULT_SEED, _METHODS, _lesc, _memory, _settings
from ._arrays import check_feature_names, feature_names, inputs, matrix


def _store(estimator, arguments):
    """__init__'s keywords as attributes, unchanged (scikit-learn's rule: no checks, no
    copies, nothing else set; fit checks them)."""
    for key, value in arguments.items():
        if key != "self":
            setattr(estimator, key, value)


def _labels_arg(L, y):
    if L is not None and y is not None:
        raise TypeError("fit: give the labels once, as L or as y")
    return y if L is None else L


class NotFittedError(ValueError, AttributeError):
    """predict or transform before fit (a ValueError and an AttributeError, as
    scikit-learn's NotFittedError)."""


class LabelEnhancer:
    """The base of the seven estimators. After ``fit(X, L)``: ``distributions_`` (the n×c
    recovered distributions of the training rows), ``n_features_in_``, when X is a
    DataFrame with string column names ``feature_names_in_``, and when L is 1-D (class
    labels) ``classes_``, the label of each column of the distributions."""

    _name = None      # the method's key in the registry
    _options = ()     # the options of ``lesc recover`` the method reads (as keywords)

    @classmethod
    def info(cls):
        """The MethodInfo of this method."""
        return _METHODS[cls._name]

    @classmethod
    def _get_param_names(cls):
        """The keywords of ``__init__``, sorted (as BaseEstimator's)."""
        sig = inspect.signature(cls.__init__)
        return sorted(p.name for p in sig.parameters.values() if p.name != "self")

    def get_params(self, deep=True):
        """The constructor's parameters as a dict; with deep=True, also those of parameters
        that are estimators themselves (``name__key``), as BaseEstimator.get_params."""
        out = {}
        for key in self._get_param_names():
            value = getattr(self, key)
            if deep and hasattr(value, "get_params") and not isinstance(value, type):
                out.update((f"{key}__{k}", v) for k, v in value.get_params().items())
            out[key] = value
        return out

    def set_params(self, **params):
        """Set parameters by name (``name__key`` for a nested estimator's); an unknown name
        raises ValueError. Values are checked by the next ``fit``. Returns self."""
        if not params:
            return self
        valid = self.get_params(deep=True)
        nested = {}
        for key, value in params.items():
            key, delim, sub_key = key.partition("__")
            if key not in valid:
                raise ValueError(f"Invalid parameter {key!r} for estimator {self!r}. Valid "
                                 f"parameters are: {self._get_param_names()!r}.")
            if delim:
                nested.setdefault(key, {})[sub_key] = value
            else:
                setattr(self, key, value)
                valid[key] = value
        for key, sub_params in nested.items():
            valid[key].set_params(**sub_params)
        return self

    def __repr__(self):
        defaults = {p.name: p.default for p in
                    inspect.signature(type(self).__init__).parameters.values()}
        changed = [f"{k}={v!r}" for k, v in self.get_params(deep=False).items()
                   if not (v is defaults[k] or (type(v) is type(defaults[k]) and v == defaults[k]))]
        return f"{type(self).__name__}({', '.join(changed)})"

    def _more_tags(self):
        # scikit-learn's estimator tags: y (L) is needed, and it is a label matrix
        return {"requires_y": True, "multioutput": True}

    def _run(self, X, L, progress, fit_mapping):
        m = self.info()
        names = feature_names(X)
        x, labels, classes = inputs(X, L)
        numbers = {p.name: getattr(self, p.name) for p in m.params}
        options = {key: getattr(self, key) for key in self._options}
        values, seed, opts = _settings(m, getattr(self, "seed", DEFAULT_SEED),
                                       getattr(self, "variant", None), {**numbers, **options})
        memory = _memory(self.memory_limit)
        if fit_mapping:
            self.model_, d = _lesc.fit(m.name, x, labels, values, seed, opts, memory, progress)
        else:
            d = _lesc.recover(m.name, x, labels, values, seed, opts, memory, progress)
        self.distributions_ = d
        self.n_features_in_ = x.shape[1]
        for attr, value in (("feature_names_in_", names), ("classes_", classes)):
            if value is not None:
                setattr(self, attr, value)
            elif hasattr(self, attr):
                delattr(self, attr)
        return self

    def fit(self, X, L=None, progress=None, *, y=None):
        """Recover the distributions of the rows of (X, L) into ``distributions_``.

        X: n×q features; L: n×c logical labels (0/1, every row at least one 1), or 1-D
        class labels (each sample's class becomes its one label); arrays, lists or
        DataFrames; ``y=`` is another name for L (scikit-learn passes it so). progress:
        called as progress(fraction, stage) while it runs. Returns self."""
        return self._run(X, _labels_arg(L, y), progress, fit_mapping=False)

    def fit_transform(self, X, L=None, progress=None, *, y=None):
        """``fit(X, L)`` and return ``distributions_`` (n×c float64, rows summing to 1)."""
        return self.fit(X, _labels_arg(L, y), progress).distributions_


class _MappingEnhancer(LabelEnhancer):
    """A method that also learns a mapping from features to distributions: ``predict`` (and
    ``transform``, the same) gives the distributions of new samples, their features
    z-scored with the training rows' means and deviations."""

    def fit(self, X, L=None, progress=None, *, y=None):
        return self._run(X, _labels_arg(L, y), progress, fit_mapping=True)

    fit.__doc__ = LabelEnhancer.fit.__doc__ + " The mapping is kept for predict."

    def predict(self, X):
        """Distributions (n×c float64) for new samples X (n×q: the training columns)."""
        if not hasattr(self, "model_"):
            raise NotFittedError(f"This {type(self).__name__} instance is not fitted yet: "
                                 "call fit(X, L) first")
        check_feature_names(self, X)
        x = matrix(X, "X", "features")
        if x.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {x.shape[1]} features, but {type(self).__name__} is "
                             f"expecting {self.n_features_in_} features as input")
        return _lesc.predict(self.model_, x)

    def transform(self, X):
        """The same as predict(X): the distributions of the samples X."""
        return self.predict(X)

    def __getstate__(self):
        # the mapping as the bytes of a model file (docs/formats.md, "Model files")
        state = self.__dict__.copy()
        if "model_" in state:
            state["model_"] = _lesc.model_to_bytes(state["model_"])
        return state

    def __setstate__(self, state):
        if isinstance(state.get("model_"), bytes):
            state = dict(state, model_=_lesc.model_from_bytes(state["model_"]))
        self.__dict__.update(state)


# The estimators. Their defaults are the registry's (lesc.methods(); a test checks they
# agree); the options are those of `lesc recover` each method reads.

class FCM(LabelEnhancer):
    """FCM: fuzzy C-means memberships composed with the logical labels.

    clusters: the number of clusters t (whole number, 2 … 1000); beta: the fuzzifier
    (1.05 … 10); seed: the random start; flavour: "published", "paper" or "pyldl";
    memory_limit: bytes a run may take (None: 80 % of the physical memory)."""
    _name = "fcm"
    _options = ("flavour",)

    def __init__(self, *, clusters=50, beta=2.0, seed=DEFAULT_SEED, flavour="published",
                 memory_limit=None):
        _store(self, locals())


class KM(LabelEnhancer):
    """KM: kernel memberships to each label's class.

    eta: η (1e-15 … 1); flavour: "published", "paper" or "pyldl"; memory_limit: bytes a
    run may take (None: 80 % of the physical memory)."""
    _name = "km"
    _options = ("flavour",)

    def __init__(self, *, eta=1e-07, flavour="published", memory_limit=None):
        _store(self, locals())


class LP(LabelEnhancer):
    """LP: label propagation over a similarity graph.

    alpha: α (0 … 0.99); flavour: "published", "paper" or "pyldl"; memory_limit: bytes a
    run may take (None: 80 % of the physical memory)."""
    _name = "lp"
    _options = ("flavour",)

    def __init__(self, *, alpha=0.5, flavour="published", memory_limit=None):
        _store(self, locals())


class ML(LabelEnhancer):
    """ML: manifold learning (LLE weights carried to the label space).

    neighbours: K (whole number, 0 … 1000; 0: the flavour's rule); flavour: "published",
    "paper" or "pyldl"; memory_limit: bytes a run may take (None: 80 % of the physical
    memory)."""
    _name = "ml"
    _options = ("flavour",)

    def __init__(self, *, neighbours=0, flavour="published", memory_limit=None):
        _store(self, locals())


class GLLE(_MappingEnhancer):
    """GLLE: graph Laplacian label enhancement, with a mapping to new samples.

    lambda1: λ, the LE trade-off (1e-6 … 1e6); k: neighbours K, self included (whole
    number, 1 … 1000); sigma: σ, the graph width (1e-6 … 1e6); seed: the random start;
    variant: "reference" (the official optimizer) or "converged" (the exact optimum);
    memory_limit: bytes a run may take (None: 80 % of the physical memory)."""
    _name = "glle"

    def __init__(self, *, lambda1=0.01, k=20, sigma=10.0, seed=DEFAULT_SEED,
                 variant="reference", memory_limit=None):
        _store(self, locals())


class LESC(_MappingEnhancer):
    """LESC: label enhancement with sample correlations (low-rank representation).

    lambda1: λ₁, the LE trade-off; lambda2: λ₂, the low-rank coefficient (both 1e-6 …
    1e6); seed: the random start; variant: "reference" or "converged"; c_orientation:
    "code" or "paper"; memory_limit: bytes a run may take (None: 80 % of the physical
    memory)."""
    _name = "lesc"
    _options = ("c_orientation",)

    def __init__(self, *, lambda1=10.0, lambda2=0.1, seed=DEFAULT_SEED, variant="reference",
                 c_orientation="code", memory_limit=None):
        _store(self, locals())


class GLESC(_MappingEnhancer):
    """gLESC: LESC with sample correlations from a tensor step over the views.

    lambda1: λ₁, the LE trade-off; lambda2: λ₂ = β, the tensor error weight (both 1e-6 …
    1e6); seed: the random start; variant: "reference" or "converged"; c_orientation:
    "code" or "paper"; tensor_fft: "samples" or "views"; odd_n_double_shrink: "on" or
    "off"; memory_limit: bytes a run may take (None: 80 % of the physical memory)."""
    _name = "glesc"
    _options = ("c_orientation", "tensor_fft", "odd_n_double_shrink")

    def __init__(self, *, lambda1=10.0, lambda2=10.0, seed=DEFAULT_SEED, variant="reference",
                 c_orientation="code", tensor_fft="samples", odd_n_double_shrink="on",
                 memory_limit=None):
        _store(self, locals())
