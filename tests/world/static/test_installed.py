"""Questions about the installed libraries asked by dotted name (static/installed.py, imports.py)."""

from __future__ import annotations

import ast

import sklearn.ensemble
import sklearn.metrics

from mleworld.world.static.imports import import_failure
from mleworld.world.static.installed import accepted_keywords, library_object


def test_a_dotted_name_is_the_installed_object() -> None:
    cls = library_object("sklearn.ensemble.RandomForestClassifier")
    assert cls is sklearn.ensemble.RandomForestClassifier
    assert library_object("sklearn.ensemble.RandomForestClassifier.fit") is cls.fit
    assert library_object("sklearn.ensemble.NoSuchForest") is None
    assert library_object("no_such_package_xyz.thing") is None


def test_keywords_come_from_the_installed_signature() -> None:
    keywords = accepted_keywords("sklearn.ensemble.RandomForestClassifier")
    assert keywords is not None and {"n_estimators", "max_depth"} <= keywords
    assert "n_estimator" not in keywords
    assert accepted_keywords("no_such_package_xyz.f") is None


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
