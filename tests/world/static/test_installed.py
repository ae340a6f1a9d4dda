"""Questions static/ answers for readers outside its walk: installed libraries by dotted name
(installed.py), import statements (imports.py), names bound anywhere (scopes.py)."""

from __future__ import annotations

import ast

import sklearn.ensemble
import sklearn.metrics

from mleworld.world.static.imports import import_failure, module_aliases
from mleworld.world.static.installed import (
    is_module,
    library_object,
    positional_parameters,
)
from mleworld.world.static.kwargs import rejection
from mleworld.world.static.scopes import bound_anywhere


def test_a_dotted_name_is_the_installed_object() -> None:
    cls = library_object("sklearn.ensemble.RandomForestClassifier")
    assert cls is sklearn.ensemble.RandomForestClassifier
    assert library_object("sklearn.ensemble.RandomForestClassifier.fit") is cls.fit
    assert library_object("sklearn.ensemble.NoSuchForest") is None
    assert library_object("no_such_package_xyz.thing") is None


def test_a_rejected_keyword_is_named_for_readers_outside_the_walk() -> None:
    forest = library_object("sklearn.ensemble.RandomForestClassifier")
    found = rejection(forest, [], {"n_estimator": None, "max_depth": None}, False)
    assert found is not None and found.keyword == "n_estimator"
    assert found.message == (
        "TypeError: RandomForestClassifier.__init__() got an unexpected keyword argument "
        "'n_estimator'"
    )
    assert rejection(forest, [], {"n_estimators": None, "max_depth": None}, False) is None


def test_positional_parameters_follow_the_installed_signature() -> None:
    assert positional_parameters("sklearn.model_selection.GridSearchCV") == (
        "estimator",
        "param_grid",
    )
    assert positional_parameters("sklearn.decomposition.PCA") == ("n_components",)
    assert positional_parameters("sklearn.ensemble.RandomForestClassifier") == ("n_estimators",)
    assert positional_parameters("no_such_package_xyz.Model") == ()


def test_submodules_are_told_from_functions() -> None:
    assert is_module("sklearn.metrics") and is_module("os.path") and is_module("scipy.stats")
    assert not is_module("sklearn.metrics.roc_auc_score")
    assert not is_module("no_such_package_xyz.sub")


def _statement(source: str) -> ast.Import | ast.ImportFrom:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.Import | ast.ImportFrom)
    return node


def test_import_failure_is_the_line_python_ends_with() -> None:
    assert import_failure(_statement("import os, sklearn.metrics")) is None
    assert import_failure(_statement("import no_such_package_xyz")) == (
        "ModuleNotFoundError: No module named 'no_such_package_xyz'"
    )
    assert import_failure(_statement("import os.nope")) == (
        "ModuleNotFoundError: No module named 'os.nope'; 'os' is not a package"
    )
    assert import_failure(_statement("from sklearn.metrics import accuracy_score, f1_scor")) == (
        "ImportError: cannot import name 'f1_scor' from 'sklearn.metrics' "
        f"({sklearn.metrics.__file__})"
    )
    assert import_failure(_statement("from . import sibling")) is None


def test_module_aliases_are_the_top_level_imports() -> None:
    tree = ast.parse(
        "import numpy as np\nimport os.path\nfrom sklearn import metrics as m\n"
        "from . import local\nif True:\n    import json\n"
    )
    assert module_aliases(tree) == {"np": "numpy", "os": "os", "m": "sklearn.metrics"}


def test_bound_anywhere_covers_every_scope_and_pattern() -> None:
    tree = ast.parse(
        "import os.path\n"
        "def f(a, *args, k=1, **kw):\n    global g\n    g = lambda q: q\n    return [i for i in a]\n"
        "class C:\n    attr = 1\n"
        "match (1, 2):\n    case (x, *rest):\n        pass\n"
        "try:\n    pass\nexcept ValueError as err:\n    pass\n"
    )
    bound = bound_anywhere(tree)
    expected = {"os", "f", "a", "args", "k", "kw", "g", "q", "i", "C", "attr", "x", "rest", "err"}
    assert expected <= bound
    assert "ValueError" not in bound and "path" not in bound
