"""Text-level defects: small edits of a program's source that break it the way people do.

A wrong column name, a keyword the API does not take, a missing import or a
misspelt variable, another platform's input path, a method that does not
exist, a syntax slip, a submission that is not written where it is collected.
Each injector takes a `defects.Target` and returns the edited source and a
one-line description, or None when the program offers no place for it.
defects.py owns the registry and the choice of kind.
"""

from __future__ import annotations

import ast
import random
import re
from typing import TYPE_CHECKING

from mleworld.codegen.builtin import edits
from mleworld.codegen.builtin.profile import TaskProfile

if TYPE_CHECKING:
    from mleworld.codegen.builtin.defects import Target


def site_lines(t: Target, *names: str) -> set[int]:
    if not t.sites:
        return set()
    return {line for name in names for line in t.sites.get(name, [])}


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


def wrong_column(t: Target, rng: random.Random) -> tuple[str, str] | None:
    tree = edits.parse(t.code)
    if tree is None:
        return None
    cols = _columns(t.profile)
    lines = t.code.split("\n")
    safe_lines = site_lines(t, "target_const", "num_cols", "cat_cols")
    if t.spec is not None and t.spec.style.sub_style == "frame":
        safe_lines |= site_lines(t, "id_const")
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


def wrong_kwarg(t: Target, rng: random.Random) -> tuple[str, str] | None:
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
    return add_keyword(t.code, call, f"{key}={value}"), f"{name}: added {key}={value}"


def add_keyword(code: str, call: ast.Call, text: str) -> str:
    """`code` with `text` (`key=value`) passed last to `call`."""
    last = call.args + [k.value for k in call.keywords]
    if last:
        end = max(last, key=lambda n: (n.end_lineno, n.end_col_offset))
        span = edits.Span(end.end_lineno, end.end_col_offset, end.end_lineno, end.end_col_offset)  # type: ignore[arg-type]
        return edits.replace_spans(code, [(span, f", {text}")])
    span = edits.Span(
        call.end_lineno, call.end_col_offset - 1, call.end_lineno, call.end_col_offset - 1
    )  # type: ignore[arg-type]
    return edits.replace_spans(code, [(span, text)])


def _lgbm_fit_options(t: Target, tree: ast.Module) -> list[tuple[ast.Call, str, str, str]]:
    """LightGBM 4 dropped `early_stopping_rounds` / `verbose` from fit(); code models still pass them."""
    spec = t.spec
    if spec is None or spec.family != "lgbm" or spec.style.prep_api != "manual" or spec.ensemble:
        return []
    fit_lines = site_lines(t, "fit")
    out = []
    for call in edits.calls(tree):
        if edits.call_name(call) == "fit" and call.lineno in fit_lines and len(call.args) == 2:
            out.append((call, "add", "early_stopping_rounds", "50"))
            out.append((call, "add", "verbose", "False"))
    return out


# --- undefined name -----------------------------------------------------------------


def undefined_name(t: Target, rng: random.Random) -> tuple[str, str] | None:
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


def wrong_path(t: Target, rng: random.Random) -> tuple[str, str] | None:
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


def wrong_attribute(t: Target, rng: random.Random) -> tuple[str, str] | None:
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


def syntax(t: Target, rng: random.Random) -> tuple[str, str] | None:
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


def missing_submission(t: Target, rng: random.Random) -> tuple[str, str] | None:
    lines = t.code.split("\n")
    writes = site_lines(t, "submission_write") or {
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
