"""Input tables as C-ordered float64 arrays: NumPy arrays of any numeric dtype and layout,
nested lists, and pandas DataFrames (also the nullable Int64, Float64 and boolean columns),
refused with one clear message when they are not numbers, not 2-D, missing or not finite.
Also the feature names of a DataFrame, as scikit-learn keeps them (feature_names_in_)."""

import warnings

import numpy as np


def _is_frame(a):
    """A pandas DataFrame or Series (duck-typed: pandas is not a dependency)."""
    return hasattr(a, "dtypes") and hasattr(a, "to_numpy") and hasattr(a, "isna")


def _from_frame(frame, what):
    two_d = getattr(frame, "ndim", 1) == 2
    names = list(frame.columns) if two_d else [frame.name]
    dtypes = list(frame.dtypes) if two_d else [frame.dtype]
    for name, dtype in zip(names, dtypes):
        if getattr(dtype, "kind", "O") not in "biuf":
            raise TypeError(f"{what}: column {name!r} has dtype {dtype} (expected numbers: "
                            "float, int or bool, also pandas' Int64, Float64 and boolean)")
    missing = np.asarray(frame.isna()).reshape(len(frame), -1)
    if missing.any():
        i, j = np.argwhere(missing)[0]
        raise ValueError(f"{what}: row {i} (index {frame.index[i]!r}), column {names[j]!r} is "
                         "missing (NA or NaN): fill or drop it first")
    return frame.to_numpy(dtype=np.float64)


def _is_sparse(a):
    return hasattr(a, "toarray") and hasattr(a, "nnz")


def _array(a, what):
    """``a`` as a NumPy array of numbers (any dtype of kind b, i, u or f)."""
    if _is_sparse(a):
        raise TypeError(f"{what}: sparse matrices are not supported (convert with "
                        f"{what}.toarray())")
    arr = np.asarray(_from_frame(a, what) if _is_frame(a) else a)
    if arr.dtype.kind == "c":
        raise ValueError(f"{what}: Complex data not supported (dtype {arr.dtype}; expected "
                         "real numbers)")
    if arr.dtype.kind == "O":
        try:   # numbers held as Python objects (np.array(..., dtype=object))
            arr = arr.astype(np.float64)
        except (TypeError, ValueError) as e:
            raise TypeError(f"{what}: expected an array of numbers, got dtype object with an "
                            f"entry that is not one ({e})") from None
    if arr.dtype.kind not in "biuf":
        raise TypeError(f"{what}: expected an array of numbers (float, int or bool), "
                        f"got dtype {arr.dtype}")
    return arr


def _finite(arr, what):
    bad = ~np.isfinite(arr)
    if bad.any():
        where = np.argwhere(bad)[0]
        at = f"row {where[0]}, column {where[1]}" if arr.ndim == 2 else f"row {where[0]}"
        raise ValueError(f"{what}: {at} is {arr[tuple(where)]} (NaN and inf are not allowed: "
                         "every entry must be finite)")
    return arr


def matrix(a, what, columns):
    """``a`` as a C-ordered float64 2-D array, refusing what is not numbers, not 2-D or not
    finite (with the row and column of the first bad entry)."""
    arr = _array(a, what)
    if arr.ndim != 2:
        hint = ""
        if arr.ndim == 1:
            hint = (f": Reshape your data, {what}.reshape(-1, 1) for one column or "
                    f"{what}.reshape(1, -1) for one sample")
        raise ValueError(f"{what}: expected a 2-D array (samples × {columns}), got shape "
                         f"{arr.shape}{hint}")
    return _finite(np.ascontiguousarray(arr, dtype=np.float64), what)


def labels(L):
    """The logical labels as an n×c float64 matrix. A 1-D L holds class labels (single-
    label data, numbers or strings): each sample's class becomes its one logical label,
    the columns in the order of ``np.unique`` (returned as the second value, else None)."""
    if L is None:
        raise ValueError("L: requires y to be passed, but the target y is None (fit(X, L) "
                         "needs the logical labels L)")
    if _is_sparse(L) or getattr(L, "ndim", None) == 2:
        return matrix(L, "L", "labels"), None
    if _is_frame(L) and L.isna().any():
        raise ValueError(f"L: row {int(np.argmax(np.asarray(L.isna())))} is missing (NA): "
                         "fill or drop it first")
    arr = np.asarray(L.to_numpy() if _is_frame(L) else L)
    if arr.ndim != 1:
        return matrix(arr, "L", "labels"), None
    if arr.dtype.kind in "biufc" or arr.dtype.kind == "O" and not all(
            isinstance(v, str) for v in arr):
        arr = _finite(_array(arr, "L"), "L")
    classes, index = np.unique(arr, return_inverse=True)
    if len(classes) < 2:
        raise ValueError(f"L: 1-D class labels with {len(classes)} class(es): label "
                         "enhancement needs at least 2 labels")
    out = np.zeros((len(arr), len(classes)))
    out[np.arange(len(arr)), index] = 1.0
    return out, classes


def inputs(X, L):
    """X (n×q) and L (n×c, or 1-D class labels) checked and converted; also the classes of
    a 1-D L (None for a matrix)."""
    x = matrix(X, "X", "features")
    if x.shape[0] < 2:
        raise ValueError(f"X: {x.shape[0]} sample(s) (shape={x.shape}) while a minimum of 2 "
                         "is required")
    if x.shape[1] < 1:
        raise ValueError(f"X: {x.shape[1]} feature(s) (shape={x.shape}) while a minimum of 1 "
                         "is required.")
    logical, classes = labels(L)
    if x.shape[0] != logical.shape[0]:
        raise ValueError(f"X has {x.shape[0]} rows but L has {logical.shape[0]}: one row per "
                         "sample in both")
    return x, logical, classes


def feature_names(X):
    """The column names of a DataFrame when they are all strings (an object array), None
    for other inputs and for names that are not strings; TypeError for a mix."""
    columns = getattr(X, "columns", None)
    if columns is None or not _is_frame(X):
        return None
    names = np.asarray(columns, dtype=object)
    strings = [isinstance(n, str) for n in names]
    if all(strings) and len(names):
        return names
    if any(strings):
        raise TypeError("X: feature names are used only when they are all strings; got "
                        f"{sorted({type(n).__name__ for n in names})}: make them strings "
                        "(X.columns = X.columns.astype(str))")
    return None


def _listing(names, limit=5):
    shown = [f"- {n}\n" for n in names[:limit]]
    return "".join(shown) + ("- ...\n" if len(names) > limit else "")


def check_feature_names(estimator, X):
    """At predict/transform: the names of X against those seen by fit. A warning when one
    side has names and the other not; ValueError when they differ (the messages are
    scikit-learn's, so that tools looking for them find them)."""
    fitted = getattr(estimator, "feature_names_in_", None)
    given = feature_names(X)
    cls = type(estimator).__name__
    if fitted is None and given is None:
        return
    if fitted is None:
        warnings.warn(f"X has feature names, but {cls} was fitted without feature names",
                      UserWarning, stacklevel=3)
        return
    if given is None:
        warnings.warn(f"X does not have valid feature names, but {cls} was fitted with "
                      "feature names", UserWarning, stacklevel=3)
        return
    if len(fitted) == len(given) and all(fitted == given):
        return
    unseen = sorted(set(given) - set(fitted))
    missing = sorted(set(fitted) - set(given))
    message = "The feature names should match those that were passed during fit.\n"
    if unseen:
        message += "Feature names unseen at fit time:\n" + _listing(unseen)
    if missing:
        message += "Feature names seen at fit time, yet now missing:\n" + _listing(missing)
    if not unseen and not missing:
        message += "Feature names must be in the same order as they were in fit.\n"
    raise ValueError(message)
