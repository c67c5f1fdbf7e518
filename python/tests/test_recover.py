"""lesc.recover, the estimators, load, measures and binarize against the terminal program."""
import numpy as np
import pytest

import lesc
from conftest import ALL_METHODS, read_csv


def test_load_artificial(artificial):
    x, d, logical = artificial
    assert artificial.name == "artificial"
    assert x.dtype == np.float64 and x.flags.c_contiguous
    assert x.shape[0] == d.shape[0] == logical.shape[0]
    assert d.shape == logical.shape and d.shape[1] == 3
    np.testing.assert_allclose(d.sum(axis=1), 1.0, atol=1e-12)
    assert set(np.unique(logical)) <= {0.0, 1.0}
    np.testing.assert_array_equal(lesc.binarize(d), logical)


def compare_with_cli(cli, tmp_path, method, data, x, logical, truth, *options):
    out = tmp_path / "d.csv"
    text = cli("recover", data, "-m", method, "-o", str(out), "--format", "csv",
               *options).stdout
    expected = read_csv(out)
    got = lesc.recover(x, logical, method=method)
    assert got.shape == expected.shape and got.dtype == np.float64
    assert np.max(np.abs(got - expected)) <= 1e-12
    # and the measures the terminal program printed (10 significant digits)
    header, row = text.strip().splitlines()
    cells = dict(zip(header.split(","), row.split(",")))
    for key, value in lesc.measures(got, truth).items():
        assert value == pytest.approx(float(cells[key]), rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("method", ALL_METHODS)
def test_recover_equals_cli(method, small, cli, tmp_path):
    x, truth, logical, path = small
    compare_with_cli(cli, tmp_path, method, path, x, logical, truth, "--label-columns", "3")


@pytest.mark.slow
@pytest.mark.parametrize("method", ALL_METHODS)
def test_recover_equals_cli_full_artificial(method, artificial, cli, tmp_path):
    compare_with_cli(cli, tmp_path, method, "artificial", artificial.features,
                     artificial.logical, artificial.distributions)


def test_parameters_and_options_reach_the_solver(small, cli, tmp_path):
    x, _, logical, path = small
    out = tmp_path / "d.csv"
    cli("recover", path, "--label-columns", "3", "-m", "glesc", "--lambda1", "0.5",
        "--lambda2", "0.02", "--seed", "7", "--variant", "converged", "--tensor-fft", "views",
        "-o", str(out))
    got = lesc.recover(x, logical, "GLESC", lambda1=0.5, lambda2=0.02, seed=7,
                       variant="converged", tensor_fft="views")
    assert np.max(np.abs(got - read_csv(out))) <= 1e-12
    default = lesc.recover(x, logical, "glesc")
    assert np.max(np.abs(got - default)) > 1e-6


def test_estimators(small):
    x, truth, logical, _ = small
    est = lesc.GLESC(lambda1=0.1, lambda2=0.01)
    assert est.get_params()["lambda1"] == 0.1 and est.get_params()["seed"] == 5489
    d = est.fit_transform(x, logical)
    np.testing.assert_array_equal(
        d, lesc.recover(x, logical, "glesc", lambda1=0.1, lambda2=0.01))
    assert est.set_params(lambda1=1.0) is est and est.get_params()["lambda1"] == 1.0
    km = lesc.KM()
    np.testing.assert_array_equal(km.fit_transform(x, logical), lesc.recover(x, logical, "km"))
    assert not hasattr(km, "predict")
    assert [c.__name__ for c in (lesc.FCM, lesc.KM, lesc.LP, lesc.ML, lesc.GLLE, lesc.LESC,
                                 lesc.GLESC)] == ["FCM", "KM", "LP", "ML", "GLLE", "LESC", "GLESC"]
    assert "lambda1" in lesc.GLESC.__doc__


@pytest.mark.parametrize("method", ["glle", "lesc", "glesc"])
def test_fit_predict_training_rows(method, small):
    """The mapping applied to the training rows gives the training distributions again."""
    x, _, logical, _ = small
    est = getattr(lesc, method.upper())().fit(x, logical)
    np.testing.assert_array_equal(est.distributions_, lesc.recover(x, logical, method))
    np.testing.assert_allclose(est.predict(x), est.distributions_, atol=1e-10)
    assert est.predict(x[:5]).shape == (5, logical.shape[1])


def test_methods_registry():
    ms = lesc.methods()
    assert [m.name for m in ms] == ["fcm", "km", "lp", "ml", "glle", "lesc", "glesc"]
    g = ms[-1]
    assert g.display_name == "gLESC" and g.has_model and g.uses_seed
    names = [p.name for p in g.params]
    assert "lambda1" in names and "lambda2" in names
    p = g.params[names.index("lambda1")]
    assert p.min <= p.default <= p.max


def test_measures_known_values():
    truth = np.array([[0.5, 0.5], [1.0, 0.0]])
    same = lesc.measures(truth, truth)
    assert same == pytest.approx({"cheb": 0, "clark": 0, "canber": 0, "kl": 0, "cosine": 1,
                                  "intersec": 1})
    d = np.array([[0.75, 0.25], [0.5, 0.5]])
    m = lesc.measures(d, truth)
    assert m["cheb"] == pytest.approx((0.25 + 0.5) / 2)
    assert m["intersec"] == pytest.approx((0.75 + 0.5) / 2)
    assert m["kl"] == pytest.approx((0.5 * np.log(0.5 / 0.75) + 0.5 * np.log(0.5 / 0.25)
                                     + np.log(1 / 0.5)) / 2)
    r = lesc.measures(d, truth, kl="recovered-truth")
    assert r["kl"] == pytest.approx((0.75 * np.log(0.75 / 0.5) + 0.25 * np.log(0.25 / 0.5)) / 1)


def test_load_benchmark(datasets):
    data = lesc.load("Yeast_alpha", data_dir=datasets)
    assert data.name == "yeast-alpha"
    assert data.features.shape == (2465, 24) and data.distributions.shape == (2465, 18)
    np.testing.assert_array_equal(lesc.binarize(data.distributions), data.logical)


@pytest.mark.parametrize("method", ["glle", "lesc", "glesc"])
def test_fit_predict_split_equals_cli_predict(method, artificial, cli, tmp_path):
    """fit on one part of the artificial set, predict another part: the same numbers as
    `lesc recover TRAIN --save-model M` then `lesc predict M NEW.csv` (the mapping, and the
    new rows scaled with the training rows' means and deviations)."""
    x, d = artificial.features, artificial.distributions
    train, new = np.arange(0, len(x), 13), np.arange(5, len(x), 29)
    train_csv, new_csv = tmp_path / "train.csv", tmp_path / "new.csv"
    model, out = tmp_path / "m.model", tmp_path / "p.csv"
    np.savetxt(train_csv, np.hstack([x[train], d[train]]), delimiter=",", fmt="%.17g")
    np.savetxt(new_csv, x[new], delimiter=",", fmt="%.17g", header="a,b,c", comments="")
    cli("recover", str(train_csv), "--label-columns", "3", "-m", method, "--save-model",
        str(model))
    cli("predict", str(model), str(new_csv), "-o", str(out))
    expected = read_csv(out)
    est = getattr(lesc, method.upper())().fit(x[train], lesc.binarize(d[train]))
    got = est.predict(x[new])
    assert got.shape == expected.shape == (len(new), 3)
    assert np.max(np.abs(got - expected)) <= 1e-12
    np.testing.assert_allclose(got.sum(axis=1), 1.0, atol=1e-12)
    # the held-out rows were not training rows: the prediction is not a copy of them
    assert np.max(np.abs(got - est.predict(x[train][: len(new)]))) > 1e-3
