"""Inputs of any dtype and layout give the float64 C-ordered result; bad inputs are refused
with a clear message before any work."""
import numpy as np
import pytest

import lesc


@pytest.fixture(scope="module")
def xl(small):
    return small[0], small[2]


@pytest.mark.parametrize("method,step", [("km", 1), ("glle", 2), ("glesc", 2)])
def test_layouts_and_dtypes(method, step, xl):
    x, logical = xl[0][::step], xl[1][::step]
    x32 = x.astype(np.float32)
    xi = np.round(x * 100).astype(np.int64)
    cases = {
        "float32": (x32, x32.astype(np.float64)),
        "int64": (xi, xi.astype(np.float64)),
        "int16": (xi.astype(np.int16), xi.astype(np.float64)),
        "fortran": (np.asfortranarray(x), x),
        "transposed view": (np.ascontiguousarray(x.T).T, x),
    }
    wide = np.zeros((x.shape[0] * 2, x.shape[1] * 3))
    wide[::2, ::3] = x
    cases["strided"] = (wide[::2, ::3], x)
    cases["list"] = (x.tolist(), x)
    for name, (given, as_float64) in cases.items():
        expected = lesc.recover(as_float64, logical, method)
        got = lesc.recover(given, logical, method)
        assert np.array_equal(got, expected), name
    reference = lesc.recover(x, logical, method)
    for labels in (logical.astype(bool), logical.astype(np.uint8), np.asfortranarray(logical),
                   logical.astype(np.float32), np.repeat(logical, 2, axis=1)[:, ::2]):
        assert np.array_equal(lesc.recover(x, labels, method), reference)


class _Sparse:
    """What lesc recognises as a scipy.sparse matrix (scipy is not needed for the test)."""
    nnz = 0

    def toarray(self):
        raise AssertionError("not to be densified")


def refused(exc, match, fn, *args, **kw):
    with pytest.raises(exc, match=match):
        fn(*args, **kw)


def test_bad_inputs(xl):
    x, logical = xl
    nan = x.copy()
    nan[3, 1] = np.nan
    refused(ValueError, r"X: row 3, column 1 is nan", lesc.recover, nan, logical)
    inf = x.copy()
    inf[0, 0] = np.inf
    refused(ValueError, r"X: row 0, column 0 is inf", lesc.recover, inf, logical)
    refused(ValueError, r"X: expected a 2-D array .* shape \(%d,\)" % x.shape[0], lesc.recover,
            x[:, 0], logical)
    refused(ValueError, r"L: expected a 2-D array", lesc.recover, x, logical[None])
    refused(TypeError, r"X: expected an array of numbers .* dtype <U", lesc.recover,
            x.astype(str), logical)
    # an object array of numbers is read as numbers (None as NaN, refused), others refused
    refused(ValueError, r"X: row 0, column 1 is nan", lesc.recover, np.array([[1, None]] * 3),
            logical[:3])
    refused(TypeError, r"dtype object with an entry that is not one \(float\(\) argument",
            lesc.recover, np.array([[1, {}]] * 3), logical[:3])
    np.testing.assert_array_equal(lesc.recover(x.astype(object), logical, "km"),
                                  lesc.recover(x, logical, "km"))
    refused(ValueError, r"Complex data not supported \(dtype complex128", lesc.recover,
            x.astype(complex), logical)
    refused(ValueError, r"X has %d rows but L has 10" % x.shape[0], lesc.recover, x, logical[:10])
    two = logical.copy()
    two[5, 2] = 2
    refused(ValueError, r"logical labels: row 5, column 2 is 2 \(expected 0 or 1\)",
            lesc.recover, x, two)
    empty = logical.copy()
    empty[7] = 0
    refused(ValueError, r"logical labels: row 7 has no 1", lesc.recover, x, empty)
    refused(ValueError, r"X: 1 sample\(s\) \(shape=\(1, \d+\)\) while a minimum of 2 is required",
            lesc.recover, x[:1], logical[:1])
    refused(ValueError, r"at least 2 labels", lesc.recover, x, logical[:, :1])
    refused(ValueError, r"X: 0 feature\(s\) \(shape=\(\d+, 0\)\) while a minimum of 1", lesc.recover,
            x[:, :0], logical)
    refused(ValueError, r"X: 0 sample\(s\)", lesc.recover, x[:0], logical[:0])
    refused(TypeError, r"X: sparse matrices are not supported", lesc.recover, _Sparse(), logical)


def test_bad_settings(xl):
    x, logical = xl
    refused(ValueError, r"unknown method 'nope'", lesc.recover, x, logical, "nope")
    refused(ValueError, r"gLESC has no parameter 'k' \(its parameters: .*lambda1",
            lesc.recover, x, logical, "glesc", k=3)
    refused(ValueError, r"lambda1", lesc.recover, x, logical, "glesc", lambda1=-1.0)
    refused(TypeError, r"lambda1: expected a number", lesc.recover, x, logical, "glesc",
            lambda1="big")
    refused(ValueError, r"variant 'fast': expected reference, converged or large", lesc.recover, x,
            logical, "glle", variant="fast")
    refused(ValueError, r"flavour 'x': expected published, paper or pyldl", lesc.recover, x, logical, "km",
            flavour="x")
    refused(ValueError, r"seed: expected", lesc.recover, x, logical, "glesc", seed=-1)
    refused(ValueError, r"seed: expected", lesc.recover, x, logical, "glesc", seed=2**32)
    refused(MemoryError, r"more than the limit", lesc.recover, x, logical, "glesc",
            memory_limit=1000)
    refused(ValueError, r"memory_limit", lesc.recover, x, logical, memory_limit=-5)
    refused(TypeError, r"unexpected keyword argument 'k'", lesc.GLESC, k=3)
    refused(ValueError, r"Invalid parameter 'k' for estimator GLESC", lesc.GLESC().set_params,
            k=3)
    refused(ValueError, r"call fit", lesc.GLLE().predict, x)
    est = lesc.GLLE().fit(x, logical)
    refused(ValueError, r"X has 1 features, but GLLE is expecting %d features" % x.shape[1],
            est.predict, x[:, :1])
    bad = x.copy()
    bad[2, 0] = np.nan
    refused(ValueError, r"X: row 2, column 0 is nan", est.predict, bad)


def test_bad_measures_binarize_load(artificial, tmp_path):
    d = artificial.distributions
    refused(ValueError, r"D is .* but truth is", lesc.measures, d, d[:, :2])
    refused(ValueError, r"kl 'up': expected truth-recovered or recovered-truth",
            lesc.measures, d, d, kl="up")
    nan = d.copy()
    nan[1, 1] = np.nan
    refused(ValueError, r"D: row 1, column 1 is nan", lesc.measures, nan, d)
    neg = d.copy()
    neg[4, 0] = -0.5
    refused(ValueError, r"row 4, column 0 is -0.5 \(degrees cannot be negative\)",
            lesc.binarize, neg)
    refused(OSError, r"no-such-data", lesc.load, str(tmp_path / "no-such-data.mat"))
    broken = tmp_path / "broken.mat"
    broken.write_bytes(b"MATLAB 5.0 but not really")
    refused(ValueError, r"broken.mat", lesc.load, str(broken))
    ragged = tmp_path / "ragged.csv"
    ragged.write_text("a,b,c\n1,2,0.5\n1,2\n")
    refused(ValueError, r"ragged.csv", lesc.load, str(ragged))
    refused(TypeError, r"data: expected a name or a path", lesc.load, 3)
