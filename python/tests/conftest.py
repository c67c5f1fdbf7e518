"""Fixtures of the lesc package tests: the terminal program built beside the package
($LESC_CLI), the benchmark data folder ($LESC_DATASETS) and the artificial set."""
import os
import subprocess

import numpy as np
import pytest

import lesc

ALL_METHODS = [m.name for m in lesc.methods()]


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("LESC_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("LESC_CLI does not name the lesc program (run through meson test)")

    def run(*args, check=True):
        r = subprocess.run([path, *args], capture_output=True, text=True, timeout=300)
        if check and r.returncode != 0:
            raise AssertionError(f"lesc {' '.join(args)} failed ({r.returncode}): {r.stderr}")
        return r
    return run


@pytest.fixture(scope="session")
def artificial():
    return lesc.load("artificial")


@pytest.fixture(scope="session")
def small(artificial, tmp_path_factory):
    """Every 20th row of the artificial set (125 rows: every method takes well under a
    second) as arrays and as a CSV file the terminal program reads (features, then the three
    distribution columns)."""
    x, d = artificial.features[::20], artificial.distributions[::20]
    path = tmp_path_factory.mktemp("small") / "small.csv"
    header = [f"f{j}" for j in range(x.shape[1])] + [f"label{j + 1}" for j in range(d.shape[1])]
    np.savetxt(path, np.hstack([x, d]), delimiter=",", fmt="%.17g", header=",".join(header),
               comments="")
    return x, d, lesc.binarize(d), str(path)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes minutes (run with LESC_SLOW=1)")


def pytest_collection_modifyitems(config, items):
    if os.environ.get("LESC_SLOW") == "1":
        return
    skip = pytest.mark.skip(reason="slow: set LESC_SLOW=1 (meson test --suite slow)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def datasets():
    d = os.environ.get("LESC_DATASETS", "")
    if not d or not os.path.isdir(d):
        pytest.skip(f"no benchmark data sets (LESC_DATASETS = '{d}')")
    return d


def read_csv(path):
    """A table written by lesc (a header line, then numbers)."""
    return np.loadtxt(path, delimiter=",", skiprows=1, ndmin=2)
