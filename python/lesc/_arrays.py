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


def matrix(a, what, columns):
    """``a`` as a C-ordered float64 2-D array, refusing what is not numbers, not 2-D or not
    finite (with the row and column of the first bad entry)."""
    arr = np.asarray(_from_frame(a, what) if _is_frame(a) else a)
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


def inputs(X, L):
    x = matrix(X, "X", "features")
    labels = matrix(L, "L", "labels")
    if x.shape[0] != labels.shape[0]:
        raise ValueError(f"X has {x.shape[0]} rows but L has {labels.shape[0]}: one row per "
                         "sample in both")
    return x, labels


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
