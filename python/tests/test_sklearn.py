"""scikit-learn's conventions: explicit keyword parameters, get_params/set_params as
BaseEstimator's, clone, fit → self, transform/predict, n_features_in_/feature_names_in_,
pandas (also nullable) inputs, the scorers of lesc.metrics with GridSearchCV in the recovery
setting, and sklearn's own check_estimator on every estimator (when scikit-learn is
installed: Debian python3-sklearn)."""
import inspect
import pickle
import warnings

import numpy as np
import pytest

import lesc

ESTIMATORS = [lesc.FCM, lesc.KM, lesc.LP, lesc.ML, lesc.GLLE, lesc.LESC, lesc.GLESC]
MAPPING = (lesc.GLLE, lesc.LESC, lesc.GLESC)
# the options of `lesc recover` each method reads, and their defaults (src/lib/params.c)
OPTIONS = {
    "fcm": {"flavour": "published"}, "km": {"flavour": "published"},
    "lp": {"flavour": "published"}, "ml": {"flavour": "published"},
    "glle": {"variant": "reference"},
    "lesc": {"variant": "reference", "c_orientation": "code"},
    "glesc": {"variant": "reference", "c_orientation": "code", "tensor_fft": "samples",
              "odd_n_double_shrink": "on"},
}


@pytest.fixture(scope="module")
def xl(small):
    return small[0], small[2], small[1]


@pytest.mark.parametrize("cls", ESTIMATORS, ids=lambda c: c.__name__)
def test_signature_is_the_registry(cls):
    """Every parameter is an explicit keyword with the registry's default (lesc.methods()),
    plus the options the method reads, its seed when it uses one and memory_limit."""
    m = cls.info()
    params = inspect.signature(cls).parameters
    assert all(p.kind is p.KEYWORD_ONLY for p in params.values())
    expected = {p.name: p.default for p in m.params}
    expected.update(OPTIONS[m.name])
    if m.uses_seed:
        expected["seed"] = lesc.DEFAULT_SEED
    expected["memory_limit"] = None
    assert {k: p.default for k, p in params.items()} == expected
    for p in m.params:   # whole-number parameters default to ints
        assert isinstance(params[p.name].default, int) == p.integer
    est = cls()
    assert est.get_params() == expected
    assert "_params" not in vars(est) and set(vars(est)) == set(expected)


def test_glesc_signature_shows_lambdas():
    sig = str(inspect.signature(lesc.GLESC))
    assert sig.startswith("(*, lambda1=10.0, lambda2=10.0, seed=5489")
    assert "lambda1=0.01, k=20, sigma=10.0" in str(inspect.signature(lesc.GLLE))


def test_explicit_defaults_give_the_default_run(xl):
    """The options' defaults in the signatures are the library's: passing them explicitly
    to recover changes nothing."""
    x, logical, _ = xl
    for cls in (lesc.KM, lesc.GLESC):
        est = cls()
        explicit = {k: v for k, v in est.get_params().items() if k != "memory_limit"}
        np.testing.assert_array_equal(
            est.fit_transform(x, logical),
            lesc.recover(x, logical, cls.info().name, **explicit))
        np.testing.assert_array_equal(est.distributions_,
                                      lesc.recover(x, logical, cls.info().name))


def test_params_stored_unchanged_and_checked_by_fit(xl):
    x, logical, _ = xl
    est = lesc.GLESC(lambda1="big", seed=-1, variant="fast")   # __init__ validates nothing
    assert (est.lambda1, est.seed, est.variant) == ("big", -1, "fast")
    with pytest.raises(TypeError, match="lambda1: expected a number"):
        est.fit(x, logical)
    with pytest.raises(ValueError, match="lambda1"):
        lesc.GLESC(lambda1=-1.0).fit(x, logical)
    with pytest.raises(ValueError, match="variant 'fast'"):
        lesc.GLLE(variant="fast").fit(x, logical)
    with pytest.raises(ValueError, match="flavour 'x'"):
        lesc.KM(flavour="x").fit(x, logical)
    with pytest.raises(TypeError, match="unexpected keyword argument 'k'"):
        lesc.GLESC(k=3)


def test_get_set_params_round_trip():
    est = lesc.GLESC(lambda1=0.5, tensor_fft="views")
    params = est.get_params()
    assert params["lambda1"] == 0.5 and params["tensor_fft"] == "views"
    assert est.set_params(**params) is est and est.get_params() == params
    assert est.set_params(lambda2=0.01, seed=7).lambda2 == 0.01 and est.seed == 7
    assert est.set_params() is est
    with pytest.raises(ValueError, match=r"Invalid parameter 'k' for estimator GLESC\("):
        est.set_params(k=3)
    with pytest.raises(ValueError, match="Invalid parameter 'lambda3'"):
        est.set_params(lambda3__x=3)
    assert repr(est) == ("GLESC(lambda1=0.5, lambda2=0.01, seed=7, tensor_fft='views')")
    assert repr(lesc.KM()) == "KM()"


def test_nested_params_as_base_estimator():
    """A parameter holding an estimator shows its parameters as name__key (deep=True) and
    takes them through set_params, as BaseEstimator does (no lesc parameter holds one, but
    subclasses and wrappers may)."""
    inner = lesc.KM(eta=0.1)
    est = lesc.GLLE(memory_limit=inner)
    deep = est.get_params(deep=True)
    assert deep["memory_limit__eta"] == 0.1 and deep["memory_limit__flavour"] == "published"
    assert "memory_limit__eta" not in est.get_params(deep=False)
    est.set_params(memory_limit__eta=0.2, lambda1=1.0)
    assert inner.eta == 0.2 and est.lambda1 == 1.0
    with pytest.raises(ValueError, match="Invalid parameter 'nope' for estimator KM"):
        est.set_params(memory_limit__nope=1)


def test_fit_returns_self_transform_predict(xl):
    x, logical, truth = xl
    for cls in ESTIMATORS:
        est = cls()
        assert est.fit(x, logical) is est
        assert est.n_features_in_ == x.shape[1]
        assert not hasattr(est, "feature_names_in_")
        np.testing.assert_array_equal(est.distributions_,
                                      lesc.recover(x, logical, cls.info().name))
        assert hasattr(est, "predict") == hasattr(est, "transform") == (cls in MAPPING)
    est = lesc.GLLE().fit(x, logical)
    np.testing.assert_array_equal(est.transform(x[:7]), est.predict(x[:7]))
    np.testing.assert_allclose(est.transform(x), est.distributions_, atol=1e-10)
    with pytest.raises(ValueError, match=r"X has 2 features, but GLLE is expecting \d+"):
        est.predict(x[:, :2])
    with pytest.raises(lesc.NotFittedError, match="not fitted yet"):
        lesc.LESC().predict(x)
    assert issubclass(lesc.NotFittedError, ValueError)
    assert issubclass(lesc.NotFittedError, AttributeError)
    # y= is L by another name (scikit-learn passes it so); both at once is refused
    np.testing.assert_array_equal(lesc.KM().fit_transform(x, y=logical),
                                  lesc.KM().fit_transform(x, logical))
    with pytest.raises(TypeError, match="once"):
        lesc.KM().fit(x, logical, y=logical)
    with pytest.raises(ValueError, match="requires y to be passed, but the target y is None"):
        lesc.KM().fit(x)


def test_one_d_class_labels(xl):
    """A 1-D L holds class labels: each sample's class is its one logical label."""
    x, logical, _ = xl
    cls = np.argmax(logical, axis=1)
    names = np.array(["a", "b", "c"])[cls]
    one_hot = np.eye(3)[cls]
    expected = lesc.recover(x, one_hot, "glesc")
    est = lesc.GLESC().fit(x, names)
    np.testing.assert_array_equal(est.distributions_, expected)
    assert list(est.classes_) == ["a", "b", "c"]
    np.testing.assert_array_equal(lesc.recover(x, cls, "glesc"), expected)
    assert not hasattr(est.fit(x, one_hot), "classes_")
    with pytest.raises(ValueError, match="1 class"):
        lesc.KM().fit(x, np.zeros(len(x)))


def test_pickle_and_clone_unfitted():
    est = lesc.LESC(lambda1=0.3)
    again = pickle.loads(pickle.dumps(est))
    assert type(again) is lesc.LESC and again.get_params() == est.get_params()


@pytest.mark.parametrize("cls", MAPPING, ids=lambda c: c.__name__)
def test_pickle_fitted_mapping(cls, xl):
    """A fitted mapping pickles as the bytes of a model file and predicts the same after."""
    x, logical, _ = xl
    est = cls().fit(x[::2], logical[::2])
    again = pickle.loads(pickle.dumps(est))
    assert again.model_ is not est.model_
    np.testing.assert_array_equal(again.predict(x[1::2]), est.predict(x[1::2]))
    np.testing.assert_array_equal(again.distributions_, est.distributions_)
    assert again.get_params() == est.get_params()
    state = est.__getstate__()
    assert state["model_"][:8] == b"LESCMODL"      # a model file, as --save-model writes
    damaged = bytearray(state["model_"])
    damaged[100] ^= 1
    with pytest.raises(ValueError, match="model bytes: damaged model file .*SHA-256"):
        est.__setstate__(dict(state, model_=bytes(damaged)))
    with pytest.raises(ValueError, match="model bytes: truncated"):
        est.__setstate__(dict(state, model_=state["model_"][:-9]))
    km = pickle.loads(pickle.dumps(lesc.KM().fit(x, logical)))   # arrays only
    np.testing.assert_array_equal(km.distributions_, lesc.recover(x, logical, "km"))


def test_model_bytes_read_a_saved_model_file(cli, tmp_path, small):
    """The bytes are those of `lesc recover --save-model`: a saved file unpickles into an
    estimator that predicts as `lesc predict`."""
    x, truth, logical, path = small
    model, new, out = tmp_path / "m.lescm", tmp_path / "new.csv", tmp_path / "p.csv"
    cli("recover", path, "--label-columns", "3", "-m", "glle", "--save-model", str(model))
    np.savetxt(new, x[:9], delimiter=",", fmt="%.17g", header="a,b,c", comments="")
    cli("predict", str(model), str(new), "-o", str(out))
    est = lesc.GLLE()
    est.__setstate__({"model_": model.read_bytes(), "n_features_in_": x.shape[1]})
    expected = np.loadtxt(out, delimiter=",", skiprows=1, ndmin=2)
    assert np.max(np.abs(est.predict(x[:9]) - expected)) <= 1e-12


def test_metrics_functions_known_values():
    truth = np.array([[0.5, 0.5], [1.0, 0.0]])
    d = np.array([[0.75, 0.25], [0.5, 0.5]])
    assert lesc.metrics.chebyshev(truth, d) == pytest.approx((0.25 + 0.5) / 2)
    assert lesc.metrics.intersection(truth, d) == pytest.approx((0.75 + 0.5) / 2)
    assert lesc.metrics.kl_divergence(truth, d) == pytest.approx(
        (0.5 * np.log(0.5 / 0.75) + 0.5 * np.log(0.5 / 0.25) + np.log(1 / 0.5)) / 2)
    assert lesc.metrics.cosine(truth, truth) == pytest.approx(1.0)
    for f in (lesc.metrics.clark, lesc.metrics.canberra):
        assert f(truth, truth) == pytest.approx(0.0) and f(truth, d) > 0


def test_recovery_scorer(xl):
    x, logical, truth = xl
    est = lesc.GLESC(lambda1=0.1).fit(x, logical)
    d = lesc.recover(x, logical, "glesc", lambda1=0.1)
    m = lesc.measures(d, truth)
    scorers = lesc.metrics.recovery_scorers(truth)
    for key, scorer in scorers.items():
        sign = -1 if key in lesc.metrics.LOSSES else 1
        assert scorer(est, x, logical) == pytest.approx(sign * m[key], rel=1e-12)
    assert repr(scorers["kl"]) == "recovery_scorer(-kl)"
    with pytest.raises(ValueError, match="RecoverySplit"):
        scorers["cheb"](lesc.GLESC().fit(x[:50], logical[:50]), x[:50], logical[:50])
    with pytest.raises(ValueError, match="no distributions_"):
        scorers["cheb"](lesc.GLESC(), x, logical)
    with pytest.raises(ValueError, match="measure 'mse'"):
        lesc.metrics.recovery_scorer(truth, "mse")
    split = list(lesc.metrics.RecoverySplit().split(x))
    assert len(split) == 1 and list(split[0][0]) == list(split[0][1]) == list(range(len(x)))


# --- pandas ----------------------------------------------------------------------------

def test_dataframes_and_feature_names(xl):
    pd = pytest.importorskip("pandas")
    x, logical, _ = xl
    cols = [f"f{j}" for j in range(x.shape[1])]
    X = pd.DataFrame(x, columns=cols)
    est = lesc.GLESC().fit(X, pd.DataFrame(logical, columns=["a", "b", "c"]))
    assert list(est.feature_names_in_) == cols and est.feature_names_in_.dtype == object
    np.testing.assert_array_equal(est.distributions_, lesc.recover(x, logical, "glesc"))
    with pytest.warns(UserWarning, match="X does not have valid feature names"):
        np.testing.assert_array_equal(est.predict(X.iloc[:5]), est.predict(x[:5]))
    with pytest.raises(ValueError, match="Feature names must be in the same order"):
        est.predict(X[cols[::-1]])
    with pytest.raises(ValueError, match="Feature names unseen at fit time:\n- g0"):
        est.predict(X.rename(columns={"f0": "g0"}))
    with pytest.warns(UserWarning, match="X does not have valid feature names"):
        est.predict(x[:3])
    plain = lesc.GLESC().fit(x, logical)
    with pytest.warns(UserWarning, match="X has feature names, but GLESC was fitted without"):
        plain.predict(X.iloc[:3])
    assert not hasattr(plain, "feature_names_in_")
    # integer column names are not feature names (as in scikit-learn)
    assert not hasattr(lesc.GLLE().fit(pd.DataFrame(x), logical), "feature_names_in_")
    with pytest.raises(TypeError, match="all strings"):
        lesc.GLLE().fit(pd.DataFrame(x, columns=[0] + cols[1:]), logical)


def test_pandas_nullable_dtypes(xl):
    pd = pytest.importorskip("pandas")
    x, logical, _ = xl
    expected = lesc.recover(x, logical, "glle")
    X = pd.DataFrame(x).astype("Float64")
    for dtype in ("Int64", "boolean", "Int8", "UInt8", "Float64"):
        L = pd.DataFrame(logical.astype(int)).astype(dtype)
        np.testing.assert_array_equal(lesc.GLLE().fit(X, L).distributions_, expected, dtype)
        np.testing.assert_array_equal(lesc.recover(X, L, "glle"), expected)
    # integer features as Int64: the same as their float64 values
    xi = np.round(x * 100).astype(np.int64)
    np.testing.assert_array_equal(lesc.recover(pd.DataFrame(xi).astype("Int64"), logical, "km"),
                                  lesc.recover(xi.astype(float), logical, "km"))
    # a Series of nullable class labels
    cls = pd.Series(np.argmax(logical, axis=1)).astype("Int64")
    np.testing.assert_array_equal(lesc.recover(x, cls, "km"),
                                  lesc.recover(x, np.eye(3)[cls.to_numpy(int)], "km"))
    # missing values: one clear error naming row and column
    L = pd.DataFrame(logical.astype(int), columns=["a", "b", "c"]).astype("Int64")
    L.iloc[4, 1] = pd.NA
    with pytest.raises(ValueError, match=r"L: row 4 \(index 4\), column 'b' is missing"):
        lesc.GLLE().fit(X, L)
    Xna = X.copy()
    Xna.iloc[2, 0] = pd.NA
    with pytest.raises(ValueError, match=r"X: row 2 \(index 2\), column 0 is missing"):
        lesc.recover(Xna, logical)
    cls[3] = pd.NA
    with pytest.raises(ValueError, match="L: row 3 is missing"):
        lesc.KM().fit(x, cls)
    with pytest.raises(TypeError, match="column 'a' has dtype category"):
        lesc.recover(x, pd.DataFrame({"a": pd.Categorical(["x"] * len(x)), "b": 1}))


# --- scikit-learn itself ---------------------------------------------------------------

def _sklearn():
    return pytest.importorskip("sklearn", reason="scikit-learn is not installed "
                               "(Debian: python3-sklearn)")


def test_base_estimator_agrees(xl):
    """sklearn's own BaseEstimator.get_params and clone on our estimators."""
    _sklearn()
    from sklearn.base import BaseEstimator, clone
    x, logical, _ = xl
    for cls in ESTIMATORS:
        est = cls(memory_limit=1e9)
        assert BaseEstimator.get_params(est) == est.get_params()
        twin = clone(est.fit(x, logical))
        assert type(twin) is cls and twin.get_params() == est.get_params()
        assert not hasattr(twin, "distributions_")


def test_pipeline(xl):
    _sklearn()
    from sklearn.decomposition import PCA
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    x, logical, _ = xl
    pipe = make_pipeline(StandardScaler(), PCA(n_components=3), lesc.GLESC(lambda1=1.0))
    d = pipe.fit(x, logical).predict(x[:4])
    z = PCA(n_components=3).fit_transform(StandardScaler().fit_transform(x))
    est = lesc.GLESC(lambda1=1.0).fit(z, logical)
    np.testing.assert_allclose(d, est.predict(z[:4]), atol=1e-12)
    assert pipe.set_params(glesc__lambda2=0.5) is pipe and pipe[-1].lambda2 == 0.5


def test_grid_search_recovery_setting(xl):
    """GridSearchCV with a recovery scorer picks the λ₁ that a loop over lesc.recover picks,
    with the same (negated) Chebyshev scores."""
    _sklearn()
    from sklearn.model_selection import GridSearchCV
    x, logical, truth = xl
    grid = [0.01, 0.1, 1.0, 10.0]
    search = GridSearchCV(lesc.GLESC(lambda2=1.0), {"lambda1": grid},
                          scoring=lesc.metrics.recovery_scorer(truth, "cheb"),
                          cv=lesc.metrics.RecoverySplit())
    search.fit(x, logical)
    cheb = [lesc.measures(lesc.recover(x, logical, "glesc", lambda1=v, lambda2=1.0),
                          truth)["cheb"] for v in grid]
    np.testing.assert_allclose(search.cv_results_["mean_test_score"], -np.array(cheb),
                               rtol=1e-12)
    assert search.best_params_ == {"lambda1": grid[int(np.argmin(cheb))]}
    assert len(set(np.round(cheb, 6))) > 1          # the grid does change the result
    np.testing.assert_array_equal(search.best_estimator_.distributions_, lesc.recover(
        x, logical, "glesc", lambda2=1.0, **search.best_params_))
    # several measures at once, refit on one of them
    multi = GridSearchCV(lesc.GLLE(), {"lambda1": [0.01, 1.0]}, refit="kl",
                         cv=lesc.metrics.RecoverySplit(),
                         scoring=lesc.metrics.recovery_scorers(truth))
    multi.fit(x, logical)
    for i, v in enumerate([0.01, 1.0]):
        m = lesc.measures(lesc.recover(x, logical, "glle", lambda1=v), truth)
        for key in lesc.metrics.MEASURES:
            sign = -1 if key in lesc.metrics.LOSSES else 1
            assert multi.cv_results_[f"mean_test_{key}"][i] == pytest.approx(sign * m[key])
    assert multi.best_index_ == int(np.argmax(multi.cv_results_["mean_test_kl"]))
    # in two worker processes (joblib pickles the estimator and the scorer): the same scores
    twin = GridSearchCV(lesc.GLESC(lambda2=1.0), {"lambda1": grid}, n_jobs=2,
                        scoring=lesc.metrics.recovery_scorer(truth, "cheb"),
                        cv=lesc.metrics.RecoverySplit()).fit(x, logical)
    np.testing.assert_array_equal(twin.cv_results_["mean_test_score"],
                                  search.cv_results_["mean_test_score"])


def test_grid_search_example(tmp_path):
    """python/examples/grid_search.py runs and prints the best λ of its table."""
    _sklearn()
    import os
    import subprocess
    import sys
    example = os.path.join(os.path.dirname(__file__), "..", "examples", "grid_search.py")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(lesc.__file__)))
    r = subprocess.run([sys.executable, example, "--every", "25"], capture_output=True,
                       text=True, timeout=300, cwd=tmp_path, env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    n = len(lesc.load("artificial").features[::25])
    assert lines[0] == f"artificial: {n} samples, 3 features, 3 labels"
    rows = [line.split() for line in lines[2:8]]
    assert len(rows) == 6 and all(len(row) == 5 for row in rows)
    cheb = [float(row[2]) for row in rows]
    assert cheb == sorted(cheb)     # best first
    assert lines[8].startswith(f"best: {{'lambda1': {float(rows[0][0])}, 'lambda2': "
                               f"{float(rows[0][1])}}} cheb {rows[0][2]}")


# check_estimator: the checks that cannot apply to label enhancement, with the reason.
SKIPPED = {
    "check_fit_score_takes_y": "fit's second argument is named L (the logical labels, as "
                               "everywhere in lesc and in the literature); y= is accepted as "
                               "a keyword and Pipeline/GridSearchCV pass it by position",
}
# the checks fit data sets of 10–30 rows: GLLE's K neighbours must not exceed n, and FCM's
# clusters must not exceed the rows either
SMALL_DATA = {"GLLE": {"k": 5}, "FCM": {"clusters": 5}}


@pytest.mark.parametrize("cls", ESTIMATORS, ids=lambda c: c.__name__)
def test_check_estimator(cls):
    _sklearn()
    from sklearn.utils.estimator_checks import check_estimator
    est = cls(**SMALL_DATA.get(cls.__name__, {}))
    skipped = SKIPPED
    ran, skips = [], set()
    for estimator, check in check_estimator(est, generate_only=True):
        name = getattr(check, "func", check).__name__
        if name in skipped:
            skips.add(name)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            check(estimator)
        ran.append(name)
    assert skips == set(skipped), "a skipped check is no longer run by sklearn: update SKIPPED"
    assert len(ran) >= 25 and "check_n_features_in" in ran and "check_set_params" in ran
    assert "check_estimators_pickle" in ran
    if cls in MAPPING:
        assert "check_transformer_general" in ran and "check_estimators_nan_inf" in ran
