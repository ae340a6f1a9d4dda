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
=================== =============================================== ==================

The plan never mentions the defect; `Generation.meta["defect"]` records it for
analysis. This module owns injection; repairs are debug.py's job.
"""

from __future__ import annotations

import ast
import math
import random
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from mleworld.codegen.builtin import edits
from mleworld.codegen.builtin.profile import TaskProfile
from mleworld.codegen.builtin.spec import ProgramSpec

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
}


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


# --- wrong column -------------------------------------------------------------------


def misspell_column(name: str, existing: set[str], rng: random.Random) -> str:
    """A plausible wrong spelling of a column name that is not a real column."""
    options: list[str] = []
    if name.lower() != name:
        options.append(name.lower())
    if name[:1].islower():
        options.append(name[:1].upper() + name[1:])
    if "_" in name:
        head, *rest = name.split("_")
        options.append(head + "".join(p.title() for p in rest))
    elif re.search(r"[a-z][A-Z]", name):
        options.append(re.sub(r"(?<=[a-z])([A-Z])", r"_\1", name).lower())
    options.append(name[:-1] if name.endswith("s") and len(name) > 3 else name + "s")
    if len(name) > 3:
        i = rng.randrange(1, len(name) - 1)
        options.append(name[:i] + name[i + 1 :])
        options.append(name[:i] + name[i + 1] + name[i] + name[i + 2 :])
    synonyms = {
        "target": "label",
        "label": "target",
        "id": "Id",
        "price": "Price",
        "class": "label",
    }
    if name.lower() in synonyms:
        options.append(synonyms[name.lower()])
    options = [o for o in dict.fromkeys(options) if o and o not in existing and o != name]
    return rng.choice(options) if options else name + "_"


def _columns(profile: TaskProfile) -> set[str]:
    return set(profile.feature_columns) | set(profile.label_columns) | {profile.id_column}


def _wrong_column(t: Target, rng: random.Random) -> tuple[str, str] | None:
    tree = edits.parse(t.code)
    if tree is None:
        return None
    cols = _columns(t.profile)
    lines = t.code.split("\n")
    safe_lines = _site_lines(t, "target_const", "num_cols", "cat_cols")
    if t.spec is not None and t.spec.style.sub_style == "frame":
        safe_lines |= _site_lines(t, "id_const")
    cands = []
    for node in edits.string_constants(tree):
        if node.value not in cols:
            continue
        line = lines[node.lineno - 1]
        if t.sites is not None and node.lineno not in safe_lines and "CLASS_COLUMNS" in line:
            continue
        if (
            t.sites is not None
            and node.lineno not in safe_lines
            and node.value == t.profile.id_column
        ):
            continue
        cands.append(node)
    if not cands:
        return None
    node = rng.choice(cands)
    wrong = misspell_column(node.value, cols, rng)
    quote = lines[node.lineno - 1].encode()[node.col_offset : node.col_offset + 1].decode()
    text = f"{quote}{wrong}{quote}" if quote in "'\"" else repr(wrong)
    return edits.replace_spans(
        t.code, [(edits.Span.of(node), text)]
    ), f"{node.value!r} -> {wrong!r}"


def _site_lines(t: Target, *names: str) -> set[int]:
    if not t.sites:
        return set()
    return {line for name in names for line in t.sites.get(name, [])}


# --- wrong keyword ------------------------------------------------------------------

_KWARG_DEFECTS: dict[str, list[tuple[str, str, str]]] = {
    "RandomForestClassifier": [
        ("rename", "n_estimators", "n_estimator"),
        ("add", "learning_rate", "0.05"),
    ],
    "RandomForestRegressor": [
        ("rename", "n_estimators", "n_estimator"),
        ("add", "learning_rate", "0.05"),
    ],
    "ExtraTreesClassifier": [
        ("rename", "n_estimators", "num_trees"),
        ("add", "learning_rate", "0.1"),
    ],
    "ExtraTreesRegressor": [
        ("rename", "n_estimators", "num_trees"),
        ("add", "learning_rate", "0.1"),
    ],
    "HistGradientBoostingClassifier": [
        ("rename", "max_iter", "n_estimators"),
        ("add", "n_estimators", "300"),
    ],
    "HistGradientBoostingRegressor": [
        ("rename", "max_iter", "n_estimators"),
        ("add", "n_estimators", "300"),
    ],
    "GradientBoostingClassifier": [("add", "num_leaves", "31"), ("add", "colsample_bytree", "0.8")],
    "GradientBoostingRegressor": [("add", "num_leaves", "31"), ("add", "colsample_bytree", "0.8")],
    "LogisticRegression": [("rename", "max_iter", "max_iters"), ("add", "normalize", "True")],
    "Ridge": [("add", "normalize", "True")],
    "Lasso": [("add", "normalize", "True")],
    "KNeighborsClassifier": [("rename", "n_neighbors", "n_neighbours")],
    "KNeighborsRegressor": [("rename", "n_neighbors", "n_neighbours")],
    "OneHotEncoder": [("rename", "sparse_output", "sparse"), ("add", "sparse", "False")],
    "StratifiedKFold": [("rename", "n_splits", "n_folds")],
    "KFold": [("rename", "n_splits", "n_folds")],
    "RepeatedStratifiedKFold": [("add", "shuffle", "True")],
    "RepeatedKFold": [("add", "shuffle", "True")],
    "train_test_split": [("rename", "stratify", "stratified"), ("rename", "test_size", "val_size")],
    "TfidfVectorizer": [
        ("rename", "max_features", "max_feature"),
        ("rename", "ngram_range", "ngrams"),
    ],
    "MultinomialNB": [("add", "fit_intercept", "True")],
    "ComplementNB": [("add", "fit_intercept", "True")],
    "SGDClassifier": [("rename", "max_iter", "n_iter")],
    "SGDRegressor": [("rename", "max_iter", "n_iter")],
    "mean_squared_error": [("add", "squared", "False")],
    "log_loss": [("add", "eps", "1e-15")],
    "LabelEncoder": [("add", "handle_unknown", '"ignore"')],
    "StandardScaler": [("add", "with_median", "False")],
    "ColumnTransformer": [("add", "sparse", "False")],
    "make_column_transformer": [("add", "sparse", "False")],
    "TransformedTargetRegressor": [("rename", "inverse_func", "inverse")],
    "VotingClassifier": [("rename", "voting", "vote")],
}


def _wrong_kwarg(t: Target, rng: random.Random) -> tuple[str, str] | None:
    tree = edits.parse(t.code)
    if tree is None:
        return None
    options: list[tuple[ast.Call, str, str, str]] = []
    for call in edits.calls(tree):
        name = call_name = edits.call_name(call)
        for op, key, value in _KWARG_DEFECTS.get(call_name, []):
            present = {k.arg for k in call.keywords}
            if (
                op == "rename"
                and key in present
                or op == "add"
                and key not in present
                and (call.args or call.keywords or name == "LabelEncoder")
            ):
                options.append((call, op, key, value))
    options += _lgbm_fit_options(t, tree)
    if not options:
        return None
    call, op, key, value = rng.choice(options)
    name = edits.call_name(call)
    if op == "rename":
        kw = next(k for k in call.keywords if k.arg == key)
        # the keyword's span starts at its name in Python >= 3.9
        span = edits.Span(kw.lineno, kw.col_offset, kw.lineno, kw.col_offset + len(key))
        return edits.replace_spans(t.code, [(span, value)]), f"{name}: {key}= -> {value}="
    last = call.args + [k.value for k in call.keywords]
    if last:
        end = max(last, key=lambda n: (n.end_lineno, n.end_col_offset))
        span = edits.Span(end.end_lineno, end.end_col_offset, end.end_lineno, end.end_col_offset)  # type: ignore[arg-type]
        text = f", {key}={value}"
    else:
        span = edits.Span(
            call.end_lineno, call.end_col_offset - 1, call.end_lineno, call.end_col_offset - 1
        )  # type: ignore[arg-type]
        text = f"{key}={value}"
    return edits.replace_spans(t.code, [(span, text)]), f"{name}: added {key}={value}"


def _lgbm_fit_options(t: Target, tree: ast.Module) -> list[tuple[ast.Call, str, str, str]]:
    """LightGBM 4 dropped `early_stopping_rounds` / `verbose` from fit(); code models still pass them."""
    spec = t.spec
    if spec is None or spec.family != "lgbm" or spec.style.prep_api != "manual" or spec.ensemble:
        return []
    fit_lines = _site_lines(t, "fit")
    out = []
    for call in edits.calls(tree):
        if edits.call_name(call) == "fit" and call.lineno in fit_lines and len(call.args) == 2:
            out.append((call, "add", "early_stopping_rounds", "50"))
            out.append((call, "add", "verbose", "False"))
    return out


# --- undefined name -----------------------------------------------------------------


def _undefined_name(t: Target, rng: random.Random) -> tuple[str, str] | None:
    tree = edits.parse(t.code)
    if tree is None:
        return None
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    imports = []
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                bound = (alias.asname or alias.name).split(".")[0]
                if bound in used and bound not in ("os", "Path"):
                    imports.append((node, alias))
    if imports and (rng.random() < 0.6 or not _typo_candidates(tree)):
        node, alias = rng.choice(imports)
        bound = (alias.asname or alias.name).split(".")[0]
        rest = [a for a in node.names if a is not alias]
        if rest:
            clone = (
                ast.ImportFrom(node.module, rest, node.level)
                if isinstance(node, ast.ImportFrom)
                else ast.Import(rest)
            )
            text = ast.unparse(clone)
        else:
            text = ""
        code = edits.replace_spans(t.code, [(edits.Span.of(node), text)])
        if not rest:
            lines = code.split("\n")
            if not lines[node.lineno - 1].strip():
                del lines[node.lineno - 1]
            code = "\n".join(lines)
        return code, f"import of {bound} left out"
    cands = _typo_candidates(tree)
    if not cands:
        return None
    node = rng.choice(cands)
    defined = edits.defined_names(tree)
    wrong = _misspell_identifier(node.id, defined, rng)
    return edits.replace_spans(
        t.code, [(edits.Span.of(node), wrong)]
    ), f"{node.id} misspelt as {wrong}"


def _typo_candidates(tree: ast.Module) -> list[ast.Name]:
    """Loads of program variables (not modules, not builtins) after their first store."""
    stores: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = min(stores.get(node.id, node.lineno), node.lineno)
    out = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Name)
            and isinstance(node.ctx, ast.Load)
            and node.id in stores
            and node.lineno > stores[node.id]
            and len(node.id) >= 3
            and not node.id.isupper()
        ):
            out.append(node)
    return out


def _misspell_identifier(name: str, defined: set[str], rng: random.Random) -> str:
    swaps = {
        "val": "valid",
        "valid": "val",
        "train": "trn",
        "test": "tst",
        "pred": "preds",
        "preds": "pred",
    }
    options = []
    for a, b in swaps.items():
        if a in name.split("_"):
            options.append("_".join(b if p == a else p for p in name.split("_")))
    if name.endswith("s"):
        options.append(name[:-1])
    else:
        options.append(name + "s")
    if name[0].isupper():
        options.append(name.lower())
    if len(name) > 3:
        i = rng.randrange(1, len(name) - 1)
        options.append(name[:i] + name[i + 1] + name[i] + name[i + 2 :])
    options = [
        o for o in dict.fromkeys(options) if o.isidentifier() and o not in defined and o != name
    ]
    return rng.choice(options) if options else name + "_1"


# --- wrong path -------------------------------------------------------------------

_DIRS = ["../input/", "/kaggle/input/", "./data/", "data/", "../data/"]
_FILES = {
    "train.csv": ["training.csv", "train_data.csv", "Train.csv"],
    "test.csv": ["testing.csv", "test_data.csv"],
}


def _wrong_path(t: Target, rng: random.Random) -> tuple[str, str] | None:
    tree = edits.parse(t.code)
    if tree is None:
        return None
    cands = []
    for node in edits.string_constants(tree):
        value = node.value
        if value.rstrip("/") in ("./input", "input") or (
            value.endswith(".csv") and "input" in value and "submission" not in value
        ):
            cands.append(node)
    if not cands:
        return None
    node = rng.choice(cands)
    value = node.value
    if value.endswith(".csv") and rng.random() < 0.4:
        base = value.rsplit("/", 1)[-1]
        if base in _FILES:
            new = value[: -len(base)] + rng.choice(_FILES[base])
        else:
            new = rng.choice(_DIRS) + base
    elif value.endswith(".csv"):
        new = rng.choice(_DIRS) + value.rsplit("/", 1)[-1]
    else:
        new = rng.choice(_DIRS)
        if not value.endswith("/"):
            new = new.rstrip("/")
    quote = (
        t.code.split("\n")[node.lineno - 1].encode()[node.col_offset : node.col_offset + 1].decode()
    )
    text = f"{quote}{new}{quote}" if quote in ("'", '"') else repr(new)
    return edits.replace_spans(t.code, [(edits.Span.of(node), text)]), f"{value} -> {new}"


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
    for at in sorted(_site_lines(t, "submission_build", "submission_ids")):
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
    for at in _site_lines(t, "val_predict", "predict_body"):
        if ")[:, 1]" in lines[at - 1] and "predict_proba" in lines[at - 1]:
            out.append(at)
    return out


def _names(spec: ProgramSpec, profile: TaskProfile) -> Any:
    from mleworld.codegen.builtin.render.names import pick_names

    return pick_names(spec.style.name_seed, not profile.is_classification)


# --- wrong attribute ------------------------------------------------------------------

_ATTRS = [
    (".predict_proba(", ".predict_probas("),
    (".to_numpy(", ".as_matrix("),
    ("np.float32", "np.float"),
    (".fillna(", ".fill_na("),
    (".str.len()", ".str.length()"),
    (".value_counts(", ".value_count("),
    (".reset_index(", ".reset_idx("),
]


def _wrong_attribute(t: Target, rng: random.Random) -> tuple[str, str] | None:
    lines = t.code.split("\n")
    options = [
        (i, a, b)
        for i, line in enumerate(lines)
        if not line.lstrip().startswith("#")
        for a, b in _ATTRS
        if a in line
    ]
    if not options:
        return None
    i, a, b = rng.choice(options)
    lines[i] = lines[i].replace(a, b, 1)
    return "\n".join(lines), f"{a.strip('.(')} -> {b.strip('.(')}"


# --- syntax --------------------------------------------------------------------------


def _syntax(t: Target, rng: random.Random) -> tuple[str, str] | None:
    lines = t.code.split("\n")
    closers = [
        i
        for i, line in enumerate(lines)
        if line.rstrip().endswith(")")
        and not line.lstrip().startswith("#")
        and line.count("(") == line.count(")")
        and "(" in line
    ]
    headers = [
        i
        for i, line in enumerate(lines)
        if re.match(r"\s*(for|if|def|with|class|else|elif)\b.*:\s*$", line) and "lambda" not in line
    ]
    inner = [
        i
        for i in range(1, len(lines))
        if lines[i].startswith("    ")
        and lines[i].strip()
        and lines[i - 1].strip()
        and not lines[i - 1].rstrip().endswith(":")
        and len(lines[i]) - len(lines[i].lstrip()) == len(lines[i - 1]) - len(lines[i - 1].lstrip())
        and not lines[i].lstrip().startswith(("#", ")", "]"))
        and not lines[i].rstrip().endswith(",")
        and not lines[i - 1].rstrip().endswith(("(", ",", "[", "{"))
    ]
    kinds = [k for k, c in (("paren", closers), ("colon", headers), ("indent", inner)) if c]
    if not kinds:
        return None
    kind = rng.choice(kinds)
    if kind == "paren":
        i = rng.choice(closers)
        lines[i] = lines[i].rstrip()[:-1]
        return "\n".join(lines), f"line {i + 1}: closing parenthesis dropped"
    if kind == "colon":
        i = rng.choice(headers)
        lines[i] = lines[i].rstrip()[:-1]
        return "\n".join(lines), f"line {i + 1}: colon dropped"
    i = rng.choice(inner)
    if rng.random() < 0.5:
        lines[i] = "    " + lines[i]
        return "\n".join(lines), f"line {i + 1}: indented one level too deep"
    lines[i] = lines[i][2:]
    return "\n".join(lines), f"line {i + 1}: dedented by two spaces"


# --- missing submission --------------------------------------------------------------


def _missing_submission(t: Target, rng: random.Random) -> tuple[str, str] | None:
    lines = t.code.split("\n")
    writes = _site_lines(t, "submission_write") or {
        i + 1 for i, line in enumerate(lines) if ".to_csv(" in line and "submission" in line
    }
    if not writes:
        return None
    at = sorted(writes)[0]
    line = lines[at - 1]
    if rng.random() < 0.5:
        # written next to the script instead of into ./submission/
        new = re.sub(
            r"\.to_csv\((.*?), index=False\)", '.to_csv("submission.csv", index=False)', line
        )
        if new == line:
            return None
        lines[at - 1] = new
        return "\n".join(lines), "submission written to ./submission.csv"
    indent = line[: len(line) - len(line.lstrip())]
    siblings = [
        other for other in lines if other.startswith(indent) and other.strip() and other is not line
    ]
    if not siblings:
        return None
    del lines[at - 1]
    return "\n".join(lines), "submission write left out"


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
    "wrong_column": _wrong_column,
    "wrong_kwarg": _wrong_kwarg,
    "undefined_name": _undefined_name,
    "wrong_path": _wrong_path,
    "shape_dtype": _shape_dtype,
    "wrong_attribute": _wrong_attribute,
    "syntax": _syntax,
    "missing_submission": _missing_submission,
    "timeout": _timeout,
}
