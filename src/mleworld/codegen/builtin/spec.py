"""The structured description of one builtin program, and its one-line embedding.

A `ProgramSpec` holds every choice that shapes a program: the model family and
its hyperparameters, preprocessing, feature blocks, the validation scheme, an
optional blend, and `Style` (how the program is written: layout, names, logging,
string formatting, comments, imports, paths). Rendering a spec against a task
profile always gives the same text, so the improve and debug stages re-render a
parent after changing one field. The spec travels inside the program as one
comment line, ``# mleworld-spec: {...}``; injected defects are never part of it.

This module owns the record and its (de)serialisation; sampling specs is
drafts.py's job and writing code is render/'s.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

SPEC_PREFIX = "# mleworld-spec: "
SPEC_VERSION = 1
_SPEC_LINE = re.compile(r"^# mleworld-spec: (\{.*\})\s*$", re.MULTILINE)


@dataclass
class Style:
    structure: str = "main"  # flat | main | helpers | class
    prep_api: str = "pipeline"  # pipeline (sklearn ColumnTransformer) | manual (pandas + numpy)
    log: str = "print"  # print | logging
    fmt: str = "f"  # f | format | percent
    name_seed: int = 0  # picks identifiers from the variants in render/names.py
    imports: str = "from"  # from | module | mixed
    import_order: str = "grouped"  # grouped | sorted | loose
    comments: str = "sparse"  # none | sparse | verbose
    paths: str = "const"  # const | pathlib | inline | osjoin
    columns: str = "hardcoded"  # hardcoded | inferred
    chatty: bool = False  # print shapes and progress along the way
    metric_label: int = 0  # which spelling of the metric name the score line uses
    score_line: str = "validation"  # validation | cv | final (the printed summary form)
    fe_style: str = "function"  # function | loop | combined
    sub_style: str = "sample"  # sample (copy the sample) | frame (build from test ids)
    warnings_off: bool = False
    docstring: bool = False
    multi_style: str = "loop"  # loop | wrapper (MultiOutput*), multi-target tasks only
    target_wrap: str = "manual"  # manual | transformed (TransformedTargetRegressor), log target
    pipeline_ctor: str = "class"  # class (Pipeline([...])) | helper (make_pipeline)


@dataclass
class ProgramSpec:
    family: str = "rf"  # linear | knn | rf | et | lgbm | hgb | gbm | nb | sgd
    params: dict[str, Any] = field(default_factory=dict)
    validation: str = "holdout"  # holdout | kfold
    # date tasks: validate on the latest rows (tail hold-out, TimeSeriesSplit)
    time_order: bool = False
    n_splits: int = 5
    n_repeats: int = 1
    val_size: float = 0.2
    cv_score: str = "mean"  # mean (of fold scores) | oof (score of out-of-fold predictions)
    final_fit: str = "refit"  # refit on all rows | fold_average (kfold) | reuse (holdout model)
    seed: int = 42
    num_impute: str = "median"  # median | mean | zero
    cat_encoding: str = "onehot"  # onehot | ordinal | category (lightgbm native) | frequency
    scale: bool = False
    high_card: str = "drop"  # drop | frequency
    date_features: bool = True
    log_target: bool = False
    features: list[str] = field(default_factory=list)  # extra feature blocks
    text: dict[str, Any] = field(default_factory=dict)  # TF-IDF settings
    ensemble: dict[str, Any] | None = None  # {"family", "params", "weight", "how"}
    max_train_rows: int | None = None
    n_jobs: int = 1
    style: Style = field(default_factory=Style)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["v"] = SPEC_VERSION
        return data

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ProgramSpec:
        style_names = {f.name for f in fields(Style)}
        style = Style(**{k: v for k, v in (data.get("style") or {}).items() if k in style_names})
        names = {f.name for f in fields(cls)} - {"style"}
        return cls(style=style, **{k: v for k, v in data.items() if k in names})

    def copy(self, **changes: Any) -> ProgramSpec:
        return replace(ProgramSpec.from_dict(json.loads(self.to_json())), **changes)

    def header(self) -> str:
        return SPEC_PREFIX + self.to_json()


def extract_spec(code: str | None) -> ProgramSpec | None:
    """The spec embedded in a builtin program, or None (code from elsewhere, or damaged)."""
    if not code:
        return None
    match = _SPEC_LINE.search(code)
    if not match:
        return None
    try:
        data = json.loads(match.group(1))
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict) or data.get("v") != SPEC_VERSION:
        return None
    try:
        return ProgramSpec.from_dict(data)
    except TypeError:
        return None


def spec_diff(a: ProgramSpec, b: ProgramSpec) -> list[str]:
    """Dotted paths of the fields that differ between two specs (params and style included)."""
    return _diff(a.to_dict(), b.to_dict(), "")


def _diff(a: Any, b: Any, prefix: str) -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[str] = []
        for key in sorted(set(a) | set(b)):
            out += _diff(a.get(key), b.get(key), f"{prefix}{key}.")
        return out
    return [] if a == b else [prefix.rstrip(".")]
