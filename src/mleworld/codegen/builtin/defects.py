"""Injected defects: the mistakes code models make in ML programs.

With `defect_rate` R, a share R of the builtin writer's programs carries one
defect of a kind that LLM-written ML code really has (the proportions follow
the crash classes reported for such programs: ValueError and TypeError most
often, then NameError, KeyError, SyntaxError, AttributeError, missing files,
timeouts):

=================== =============================================== ==================
kind                what goes wrong                                 typical exception
=================== =============================================== ==================
wrong_column        a column name with a typo or a plausible        KeyError
                    wrong spelling (``Age`` -> ``age``)
wrong_kwarg         a keyword the API does not take (``sparse=``    TypeError
                    for OneHotEncoder, ``n_estimators=`` for
                    HistGradientBoosting, ``squared=False``)
undefined_name      an import left out, or a variable misspelt      NameError
wrong_path          the input path of another platform              FileNotFoundError
                    (``../input/``, ``/kaggle/input/``)
shape_dtype         a string column fed to the model, arrays of     ValueError / TypeError
                    different lengths, a 2-D probability array
                    scored as 1-D
wrong_attribute     a method or alias that does not exist           AttributeError
                    (``as_matrix``, ``np.float``)
syntax              an unclosed parenthesis, a stray indent,        SyntaxError /
                    a missing colon                                 IndentationError
missing_submission  the write is left out or goes to the wrong      (clean exit, no
                    place                                           submission)
timeout             far too much training: thousands of slow        TimeoutError
                    boosting rounds over repeated K-fold
missing_folder      a copy of the submission saved first into a     OSError
                    folder nobody creates (``./output/``)
date_format         dates parsed with a format the data does not    ValueError
                    have (``format="%d/%m/%Y"`` on ISO dates)
bad_param           a parameter value older scikit-learn took       InvalidParameterError
                    (``max_features="auto"``, ``loss="deviance"``)
=================== =============================================== ==================

The plan never mentions the defect; `Generation.meta["defect"]` records it for
analysis. This module owns the registry, the choice of kind and the defects
that need the spec (shape/dtype, timeout); the source-level edits are in
mistakes.py, and those the data and the installed libraries punish in
library_mistakes.py; repairs are debug.py's job.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from mleworld.codegen.builtin import edits, library_mistakes, mistakes
from mleworld.codegen.builtin.mistakes import site_lines
from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.spec import ProgramSpec
from mleworld.errors import ConfigError

WEIGHTS: dict[str, float] = {
    "shape_dtype": 0.17,
    "wrong_kwarg": 0.16,
    "undefined_name": 0.12,
    "wrong_column": 0.12,
    "syntax": 0.1,
    "wrong_attribute": 0.08,
    "missing_submission": 0.09,
    "wrong_path": 0.06,
    "timeout": 0.1,
    "missing_folder": 0.04,
    "date_format": 0.04,
    "bad_param": 0.06,
}
EXPECTED = {
    "wrong_column": "KeyError",
    "wrong_kwarg": "TypeError",
    "undefined_name": "NameError",
    "wrong_path": "FileNotFoundError",
    "shape_dtype": "ValueError",
    "wrong_attribute": "AttributeError",
    "syntax": "SyntaxError",
    "missing_submission": "None",
    "timeout": "TimeoutError",
    "missing_folder": "OSError",
    "date_format": "ValueError",
    "bad_param": "InvalidParameterError",
}


def check_kinds(kinds: Sequence[str] | None) -> tuple[str, ...] | None:
    """The defect kinds asked for, checked against the registry (None: every kind)."""
    if kinds is None:
        return None
    chosen = tuple(dict.fromkeys(kinds))
    unknown = [k for k in chosen if k not in WEIGHTS]
    if unknown or not chosen:
        raise ConfigError(
            f"unknown defect kind(s) {', '.join(unknown) or '(none given)'}; "
            f"choose among {', '.join(WEIGHTS)}"
        )
    return chosen


@dataclass
class Defect:
    kind: str
    detail: str
    expected: str  # the exception class a run is expected to end with

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


Rerender = Callable[[dict[str, Any] | None, str | None], tuple[str, dict[str, list[int]]]]


@dataclass
class Target:
    """What the injector may work on."""

    code: str
    sites: dict[str, list[int]] | None
    spec: ProgramSpec | None
    profile: TaskProfile
    rerender: Rerender | None  # re-render the spec with overrides / a render-level defect


def inject(
    target: Target, rng: random.Random, kinds: list[str] | None = None
) -> tuple[str, Defect] | None:
    """Break the program once; None when no kind applies."""
    pool = dict(WEIGHTS) if kinds is None else {k: WEIGHTS[k] for k in kinds}
    while pool:
        kind = rng.choices(list(pool), weights=list(pool.values()), k=1)[0]
        pool.pop(kind)
        result = _INJECTORS[kind](target, rng)
        if result is None:
            continue
        code, detail = result
        if code == target.code:
            continue
        compiles = edits.parse(code) is not None
        if compiles == (kind == "syntax"):
            continue
        return code, Defect(kind, detail, EXPECTED[kind])
    return None


# --- shapes and dtypes ---------------------------------------------------------------


def _shape_dtype(t: Target, rng: random.Random) -> tuple[str, str] | None:
    options = []
    spec, p = t.spec, t.profile
    if spec is not None and t.rerender is not None:
        text_only = p.has_text and (spec.family == "nb" or not spec.text.get("use_other", True))
        string_cols = p.categorical_columns + p.high_card_columns
        inferred_pipeline_text = spec.style.columns == "inferred" and p.has_text
        if string_cols and not text_only and not inferred_pipeline_text:
            options.append("string_feature")
    if t.sites and spec is not None:
        if spec.style.structure != "helpers" and t.sites.get("submission_build"):
            options.append("lengths")
        if p.metric == "auc" and not spec.ensemble and _val_proba_lines(t):
            options.append("proba_2d")
    if not options:
        return None
    choice = rng.choice(options)
    if choice == "string_feature":
        code, _ = t.rerender(None, "string_feature")  # type: ignore[misc]
        return code, "a string column is passed to the model unencoded"
    if choice == "proba_2d":
        lines = t.code.split("\n")
        at = rng.choice(_val_proba_lines(t))
        lines[at - 1] = lines[at - 1].replace(")[:, 1]", ")", 1)
        return "\n".join(lines), "2-D probabilities scored as if 1-D"
    if t.profile.n_train == t.profile.n_test:
        return None
    lines = t.code.split("\n")
    names = _names(spec, t.profile)  # type: ignore[arg-type]
    train, test = names.train, names.test
    for at in sorted(site_lines(t, "submission_build", "submission_ids")):
        line = lines[at - 1]
        if re.search(rf"\b{re.escape(test)}\[", line):
            lines[at - 1] = re.sub(rf"\b{re.escape(test)}\[", f"{train}[", line, count=1)
            return "\n".join(lines), "submission ids taken from the training rows"
    at = t.sites["submission_build"][0]  # type: ignore[index]
    lhs, sep, _ = lines[at - 1].partition(" = ")
    if not sep:
        return None
    names = _names(spec, t.profile)  # type: ignore[arg-type]
    if "self." in lines[at - 1]:
        rhs = f"self.{names.y}.to_numpy()"  # the training labels
    else:
        rhs = names.val_pred  # the validation predictions, still in scope
        n_val = _validation_rows(spec, t.profile)  # type: ignore[arg-type]
        if n_val is None or n_val == t.profile.n_test:
            return None
    lines[at - 1] = f"{lhs} = {rhs}"
    return "\n".join(lines), "submission filled with an array of the wrong length"


def _validation_rows(spec: ProgramSpec, profile: TaskProfile) -> int | None:
    if spec.validation == "holdout":
        return math.ceil(spec.val_size * profile.n_train)
    if profile.n_train % spec.n_splits:
        return None  # fold sizes differ; the last fold's size is not certain
    return profile.n_train // spec.n_splits


def _val_proba_lines(t: Target) -> list[int]:
    lines = t.code.split("\n")
    out = []
    for at in site_lines(t, "val_predict", "predict_body"):
        if ")[:, 1]" in lines[at - 1] and "predict_proba" in lines[at - 1]:
            out.append(at)
    return out


def _names(spec: ProgramSpec, profile: TaskProfile) -> Any:
    from mleworld.codegen.builtin.render.names import pick_names

    return pick_names(spec.style.name_seed, not profile.is_classification)


# --- timeout -------------------------------------------------------------------------


def heavy_overrides(profile: TaskProfile, spec: ProgramSpec, rng: random.Random) -> dict[str, Any]:
    """Settings whose training cost is many times the task's time limit.

    Slow boosting (sklearn GradientBoosting, one tree at a time, shallow trees
    so memory stays small) over repeated K-fold. The cost per tree is a lower
    bound measured on a fast CPU, so the real run is slower still.
    """
    rows = max(profile.n_train, 50)
    width = max(1, len(profile.feature_columns))
    per_tree = 3e-7 * rows * max(1.0, width / 8) + 1.5e-4
    targets = len(profile.label_columns) if profile.is_multi_target else 1
    needed = 4.0 * profile.time_limit_s
    n_splits = 5
    trees = 20000
    for trees in (5000, 10000, 20000, 50000):
        if trees * per_tree * targets * n_splits * 10 >= needed:
            break
    per_fit = trees * per_tree * targets
    repeats = max(1, math.ceil(needed / (per_fit * n_splits)))
    return {
        "family": "gbm",
        "params": {"n_estimators": trees, "learning_rate": 0.001, "max_depth": 4},
        "validation": "kfold",
        "n_splits": n_splits,
        "n_repeats": repeats,
        "final_fit": "refit" if spec.final_fit != "fold_average" else "fold_average",
        "ensemble": None,
        "scale": spec.scale,
    }


def _timeout(t: Target, rng: random.Random) -> tuple[str, str] | None:
    if t.spec is None or t.rerender is None:
        return None
    overrides = heavy_overrides(t.profile, t.spec, rng)
    code, _ = t.rerender(overrides, "timeout")
    return code, (
        f"{overrides['params']['n_estimators']} boosting rounds x "
        f"{overrides['n_splits'] * overrides['n_repeats']} folds"
    )


_INJECTORS: dict[str, Callable[[Target, random.Random], tuple[str, str] | None]] = {
    "wrong_column": mistakes.wrong_column,
    "wrong_kwarg": mistakes.wrong_kwarg,
    "undefined_name": mistakes.undefined_name,
    "wrong_path": mistakes.wrong_path,
    "shape_dtype": _shape_dtype,
    "wrong_attribute": mistakes.wrong_attribute,
    "syntax": mistakes.syntax,
    "missing_submission": mistakes.missing_submission,
    "timeout": _timeout,
    "missing_folder": library_mistakes.missing_folder,
    "date_format": library_mistakes.date_format,
    "bad_param": library_mistakes.bad_param,
}
