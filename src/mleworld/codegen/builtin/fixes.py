"""The precise repairs, one function per failure kind (see debug.py for the order).

Each takes a `DebugInput` and returns a `Repair` that edits the parent's
source, or None when the failure is not of the form it knows.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
from pathlib import Path

import pandas as pd

from mleworld.codegen.builtin import edits, known
from mleworld.codegen.builtin.debug_types import DebugInput, Repair
from mleworld.codegen.builtin.failures import quoted

# --- columns --------------------------------------------------------------------------


def real_columns(public_dir: Path) -> list[str]:
    cols: list[str] = []
    for name in ("train.csv", "test.csv", "sample_submission.csv"):
        path = public_dir / name
        if path.is_file():
            try:
                cols += [c for c in pd.read_csv(path, nrows=0).columns if c not in cols]
            except (ValueError, pd.errors.ParserError):
                continue
    return cols


def closest(name: str, options: list[str], cutoff: float = 0.6) -> str | None:
    if name in options:
        return name
    hits = difflib.get_close_matches(name, options, n=1, cutoff=cutoff)
    if hits:
        return hits[0]
    norm = {re.sub(r"[\W_]+", "", o).lower(): o for o in options}
    return norm.get(re.sub(r"[\W_]+", "", name).lower())


_DTYPE_WORDS = {
    "object",
    "str",
    "string",
    "int64",
    "float64",
    "columns",
    "index",
    "category",
    "bool",
}


def key_error(d: DebugInput) -> Repair | None:
    cols = real_columns(d.public_dir)
    msg = d.failure.message
    # pandas lists column names in single quotes, also inside a double-quoted message
    names = re.findall(r"'([^']+)'", msg) or quoted(msg)
    names = [n for n in names if n not in _DTYPE_WORDS and "[" not in n and " not in " not in n]
    tree = edits.parse(d.code)
    if tree is None:
        return None
    fixes: dict[str, str] = {}
    for name in dict.fromkeys(n for n in names if n and n not in cols):
        real = closest(name, cols)
        if real:
            fixes[name] = real
    if not fixes:
        return None
    spans = [
        (edits.Span.of(node), _requote(d.code, node, fixes[node.value]))
        for node in edits.string_constants(tree)
        if node.value in fixes
    ]
    if not spans:
        return None
    what = ", ".join(f"{k!r} -> {v!r}" for k, v in fixes.items())
    return Repair(
        edits.replace_spans(d.code, spans),
        f"Fix the KeyError by using the column names that exist in the data ({what}).",
        "column_name",
        True,
    )


def _requote(code: str, node: ast.Constant, value: str) -> str:
    line = code.split("\n")[node.lineno - 1].encode("utf-8")
    quote = line[node.col_offset : node.col_offset + 1].decode("utf-8", "replace")
    if quote in ("'", '"') and quote not in value:
        return f"{quote}{value}{quote}"
    return repr(value)


def missing_column_value_error(d: DebugInput) -> Repair | None:
    """pandas 'columns not in index' can surface as ValueError in some calls."""
    if "not in index" in d.failure.message or "not found in axis" in d.failure.message:
        return key_error(d)
    return None


# --- names and imports ---------------------------------------------------------------


def name_error(d: DebugInput) -> Repair | None:
    match = re.search(r"name '(\w+)' is not defined", d.failure.message) or re.search(
        r"local variable '(\w+)'", d.failure.message
    )
    if not match:
        return None
    name = match.group(1)
    statement = known.import_for(name)
    if statement:
        return Repair(
            edits.add_import(d.code, statement),
            f"Add the missing import (`{statement}`) that the NameError for {name} points to.",
            "import",
            True,
        )
    tree = edits.parse(d.code)
    if tree is None:
        return None
    defined = sorted(edits.defined_names(tree))
    hint = re.search(r"Did you mean: '(\w+)'", d.failure.message)
    real = hint.group(1) if hint and hint.group(1) in defined else closest(name, defined, 0.7)
    if not real or real == name:
        return None
    spans = [
        (edits.Span.of(node), real)
        for node in ast.walk(tree)
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load)
    ]
    return Repair(
        edits.replace_spans(d.code, spans),
        f"Use the variable that is actually defined ({real}) where the code referred to {name}.",
        "name",
        True,
    )


def module_not_found(d: DebugInput) -> Repair | None:
    match = re.search(r"No module named '([\w.]+)'", d.failure.message)
    if not match:
        return None
    module = match.group(1).split(".")[0]
    if module not in known.SUBSTITUTES:
        return None
    target, classes = known.SUBSTITUTES[module]
    code = d.code
    for old, new in classes.items():
        code = re.sub(
            rf"from {module} import (.*)\b{old}\b", rf"from {target} import \1{new} as {old}", code
        )
        code = re.sub(rf"\b{module}\.{old}\b", f"{target}.{new}", code)
    code = re.sub(
        rf"^import {module} as (\w+)", rf"import {target} as \1", code, flags=re.MULTILINE
    )
    code = re.sub(rf"^import {module}$", f"import {target}", code, flags=re.MULTILINE)
    code = re.sub(
        rf"\b{module}\.(\w+)\b", lambda m: f"{target}.{classes.get(m.group(1), m.group(1))}", code
    )
    return Repair(
        code,
        f"{module} is not installed; use {target}, which offers the same scikit-learn style API.",
        "module",
        True,
    )


# --- keywords -----------------------------------------------------------------------

_KEYWORD_FIXES = {
    ("HistGradientBoostingClassifier", "n_estimators"): "max_iter",
    ("HistGradientBoostingRegressor", "n_estimators"): "max_iter",
    ("OneHotEncoder", "sparse"): "sparse_output",
    ("SGDClassifier", "n_iter"): "max_iter",
    ("SGDRegressor", "n_iter"): "max_iter",
    ("train_test_split", "val_size"): "test_size",
}


def unexpected_keyword(d: DebugInput) -> Repair | None:
    match = re.search(r"unexpected keyword argument '(\w+)'", d.failure.message)
    if not match:
        return None
    kw = match.group(1)
    owner_m = re.search(r"(\w+)(?:\.(\w+))?\(\) got an unexpected keyword", d.failure.message)
    owner, method = (owner_m.group(1), owner_m.group(2)) if owner_m else (None, None)
    tree = edits.parse(d.code)
    if tree is None:
        return None
    calls = [c for c in edits.calls(tree) if any(k.arg == kw for k in c.keywords)]
    if owner:
        named = [c for c in calls if edits.call_name(c) in (owner, method)]
        calls = named or calls
    if not calls:
        return None
    spans: list[tuple[edits.Span, str]] = []
    action = ""
    for call in calls:
        name = edits.call_name(call)
        cls = owner if owner and owner != "__init__" and name == (method or owner) else name
        keyword = next(k for k in call.keywords if k.arg == kw)
        if name == "mean_squared_error" and kw == "squared":
            call_text = without_keyword(d.code, call, keyword)
            np_ = "np" if re.search(r"^import numpy as np", d.code, re.MULTILINE) else None
            wrapped = f"{np_}.sqrt({call_text})" if np_ else f"({call_text}) ** 0.5"
            spans.append((edits.Span.of(call), wrapped))
            action = "take the square root of mean_squared_error instead of passing squared=False"
            continue
        right = _KEYWORD_FIXES.get((cls or name, kw))
        if right is None:
            valid = known.parameters(cls or name, method if owner == cls else None) or []
            hits = difflib.get_close_matches(kw, valid, n=1, cutoff=0.75)
            right = hits[0] if hits else None
        if right and right not in {k.arg for k in call.keywords}:
            span = edits.Span(
                keyword.lineno, keyword.col_offset, keyword.lineno, keyword.col_offset + len(kw)
            )
            spans.append((span, right))
            action = f"rename the keyword {kw}= to {right}= ({cls or name} has no {kw})"
        else:
            spans.append((edits.Span.of(call), without_keyword(d.code, call, keyword)))
            action = f"drop the keyword {kw}=, which {cls or name} does not accept"
    code = edits.replace_spans(d.code, spans)
    return Repair(code, f"Fix the TypeError: {action}.", "keyword", True)


def without_keyword(code: str, call: ast.Call, keyword: ast.keyword) -> str:
    """The source of `call` with one keyword argument (and its comma) removed."""
    func = ast.get_source_segment(code, call.func) or ""
    parts = []
    for arg in call.args:
        parts.append(ast.get_source_segment(code, arg) or ast.unparse(arg))
    for k in call.keywords:
        if k is keyword:
            continue
        value = ast.get_source_segment(code, k.value) or ast.unparse(k.value)
        parts.append(f"{k.arg}={value}" if k.arg else f"**{value}")
    return f"{func}({', '.join(parts)})"


def takes_no_arguments(d: DebugInput) -> Repair | None:
    match = re.search(r"(\w+)\(\) takes no arguments", d.failure.message)
    if not match:
        return None
    owner = match.group(1)
    tree = edits.parse(d.code)
    if tree is None:
        return None
    spans = [
        (edits.Span.of(c), f"{ast.get_source_segment(d.code, c.func)}()")
        for c in edits.calls(tree)
        if edits.call_name(c) == owner and (c.args or c.keywords)
    ]
    if not spans:
        return None
    return Repair(
        edits.replace_spans(d.code, spans),
        f"{owner} takes no arguments; construct it without any.",
        "keyword",
        True,
    )


# --- values ---------------------------------------------------------------------------


def proba_shape(d: DebugInput) -> Repair | None:
    msg = d.failure.message
    if "y should be a 1d array" not in msg and "bad input shape" not in msg:
        return None
    if d.profile.output != "proba":
        return None
    code = re.sub(r"(\.predict_proba\(([^()]|\([^()]*\))*\))(?!\s*\[)", r"\1[:, 1]", d.code)
    return Repair(
        code,
        "Score and submit the probability of the positive class (column 1 of predict_proba), not the 2-D array.",
        "proba_column",
        True,
    )


# --- paths ----------------------------------------------------------------------------


def file_not_found(d: DebugInput) -> Repair | None:
    match = re.search(r"No such file or directory: '([^']+)'", d.failure.message)
    if not match:
        return None
    missing = match.group(1)
    files = (
        sorted(p.name for p in d.public_dir.iterdir() if p.is_file())
        if d.public_dir.is_dir()
        else []
    )
    base = missing.rstrip("/").rsplit("/", 1)[-1]
    real = closest(base, files, 0.5) if files else None
    wrong_dir = missing[: -len(base)].rstrip("/") if missing.endswith(base) else missing.rstrip("/")
    tree = edits.parse(d.code)
    if tree is None:
        return None
    spans = []
    for node in edits.string_constants(tree):
        value = node.value
        if real and _same_path(value, missing):
            spans.append((edits.Span.of(node), _requote(d.code, node, f"./input/{real}")))
        elif wrong_dir and _same_path(value, wrong_dir) and not _same_path(wrong_dir, "./input"):
            new = "./input/" if value.endswith("/") else "./input"
            spans.append((edits.Span.of(node), _requote(d.code, node, new)))
        elif real and value.endswith(base) and value != base and "input" in value and base != real:
            spans.append((edits.Span.of(node), _requote(d.code, node, value[: -len(base)] + real)))
        elif real and value == base and base != real:
            spans.append((edits.Span.of(node), _requote(d.code, node, real)))
    if not spans:
        return None
    return Repair(
        edits.replace_spans(d.code, spans),
        f"Read the data from ./input/ where it actually is ({missing} does not exist).",
        "path",
        True,
    )


def _same_path(a: str, b: str) -> bool:
    """Equal as paths ("./data/" and "data" are; pathlib drops the "./")."""
    return bool(a) and bool(b) and os.path.normpath(a) == os.path.normpath(b)


# --- syntax ----------------------------------------------------------------------------


def syntax(d: DebugInput) -> Repair | None:
    """Try the fix the message points to, then the usual suspects near the reported line."""
    line_no = d.failure.line
    lines = d.code.split("\n")
    if line_no is None or not 1 <= line_no <= len(lines):
        return None
    msg = d.failure.message
    attempts: list[tuple[int, str, str]] = []  # (line index, new text, what)
    i = line_no - 1
    if "expected ':'" in msg:
        attempts.append((i, lines[i].rstrip() + ":", "add the missing colon"))
    if (
        "unexpected indent" in msg
        or "unindent does not match" in msg
        or "expected an indented block" in msg
    ):
        attempts.append((i, _reindent(lines, i), "fix the indentation"))
    missing_here = lines[i].count("(") - lines[i].count(")")
    if "was never closed" in msg and missing_here > 0:
        attempts.append((i, lines[i].rstrip() + ")" * missing_here, "close the parenthesis"))
    # an unclosed parenthesis is reported on its own line or on one of the next lines
    for j in range(i, max(-1, i - 4), -1):
        missing = lines[j].count("(") - lines[j].count(")")
        if missing > 0 and not lines[j].rstrip().endswith(("(", ",", "\\", "[", "{")):
            attempts.append((j, lines[j].rstrip() + ")" * missing, "close the parenthesis"))
    for j in range(i, max(-1, i - 3), -1):
        if re.match(r"\s*(for|if|elif|else|def|class|with|while|try|except)\b[^:]*$", lines[j]):
            attempts.append((j, lines[j].rstrip() + ":", "add the missing colon"))
    for j, text, what in attempts:
        trial = lines[:j] + [text] + lines[j + 1 :]
        code = "\n".join(trial)
        if edits.parse(code) is not None:
            return Repair(
                code, f"Fix the {d.failure.exc_type} on line {j + 1}: {what}.", "syntax", True
            )
    return None


def _reindent(lines: list[str], i: int) -> str:
    prev = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
    indent = len(prev) - len(prev.lstrip())
    if prev.rstrip().endswith(":"):
        indent += 4
    return " " * indent + lines[i].lstrip()


# --- attributes -----------------------------------------------------------------------

_ATTRIBUTE_FIXES = {
    "as_matrix": "to_numpy",
    "fill_na": "fillna",
    "length": "len",
    "value_count": "value_counts",
    "reset_idx": "reset_index",
    "predict_probas": "predict_proba",
    "predict_probability": "predict_proba",
    "iteritems": "items",
}
_NUMPY_ALIASES = {"float": "float64", "int": "int64", "bool": "bool_", "object": "object_"}


def attribute(d: DebugInput) -> Repair | None:
    msg = d.failure.message
    match = re.search(r"has no attribute '(\w+)'", msg)
    if not match:
        return None
    attr = match.group(1)
    owner_m = re.search(r"module '([\w.]+)'|'(\w+)' object", msg)
    owner = (owner_m.group(1) or owner_m.group(2)) if owner_m else "the object"
    if owner == "numpy" and attr in _NUMPY_ALIASES:
        code = re.sub(rf"\bnp\.{attr}\b(?!\d)", f"np.{_NUMPY_ALIASES[attr]}", d.code)
        return Repair(
            code,
            f"numpy has no `{attr}` alias any more; use np.{_NUMPY_ALIASES[attr]}.",
            "attribute",
            True,
        )
    hint = re.search(r"Did you mean: '(\w+)'", msg)
    right = hint.group(1) if hint else _ATTRIBUTE_FIXES.get(attr)
    if right is None:
        right = closest(attr, _attribute_pool(), 0.75)
    if not right or right == attr:
        return None
    code = re.sub(rf"\.{re.escape(attr)}\b", f".{right}", d.code)
    return Repair(
        code, f"Fix the AttributeError: {owner} has no `{attr}`; call `{right}`.", "attribute", True
    )


def _attribute_pool() -> list[str]:
    import numpy as np

    pool = set(dir(pd.DataFrame)) | set(dir(pd.Series)) | set(dir(np))
    pool |= {
        "fit",
        "predict",
        "predict_proba",
        "transform",
        "fit_transform",
        "score",
        "get_params",
        "set_params",
    }
    return sorted(p for p in pool if not p.startswith("_"))


# --- no submission --------------------------------------------------------------------


def missing_submission(d: DebugInput) -> Repair | None:
    """A write to a literal path other than ./submission/ is pointed there."""
    tree = edits.parse(d.code)
    if tree is None:
        return None
    lines = d.code.split("\n")
    for call in edits.calls(tree):
        if edits.call_name(call) != "to_csv" or not call.args:
            continue
        arg = call.args[0]
        if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
            continue
        if "submission/" in arg.value.replace("\\", "/") or not arg.value.endswith(".csv"):
            continue
        code = edits.replace_spans(d.code, [(edits.Span.of(arg), '"./submission/submission.csv"')])
        lines = code.split("\n")
        line = lines[call.lineno - 1]
        indent = line[: len(line) - len(line.lstrip())]
        lines.insert(call.lineno - 1, f'{indent}os.makedirs("./submission", exist_ok=True)')
        code = "\n".join(lines)
        if not re.search(r"^import os\b", code, re.MULTILINE):
            code = edits.add_import(code, "import os")
        return Repair(
            code,
            f"The submission went to {arg.value}; write it to ./submission/submission.csv, where it is collected.",
            "submission",
            True,
        )
    if any(edits.call_name(c) == "to_csv" for c in edits.calls(tree)):
        return None  # it writes somewhere already; the cause is elsewhere
    return _add_write(d, tree)


_SUBMISSION_NAME = re.compile(r"(final_|my_)?(sub|subm|submission)(_df)?")


def _add_write(d: DebugInput, tree: ast.Module) -> Repair | None:
    """No write at all: save the frame the program built last for the submission."""
    last: tuple[ast.stmt, str] | None = None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            base = target.value if isinstance(target, ast.Subscript) else target
            if isinstance(base, ast.Name) and _SUBMISSION_NAME.fullmatch(base.id.lower()):
                if last is None or node.lineno > last[0].lineno:
                    last = (node, base.id)
            elif (
                isinstance(base, ast.Attribute)
                and isinstance(base.value, ast.Name)
                and base.value.id == "self"
                and _SUBMISSION_NAME.fullmatch(base.attr.lower())
            ):
                last = (node, f"self.{base.attr}")
    if last is None:
        return None
    node, name = last
    lines = d.code.split("\n")
    first = lines[node.lineno - 1]
    indent = first[: len(first) - len(first.lstrip())]
    at = node.end_lineno or node.lineno
    lines[at:at] = [
        f'{indent}os.makedirs("./submission", exist_ok=True)',
        f'{indent}{name}.to_csv("./submission/submission.csv", index=False)',
    ]
    return Repair(
        edits.ensure_import("\n".join(lines), "import os"),
        f"The program never wrote its submission; save {name} to ./submission/submission.csv.",
        "submission",
        True,
    )


# --- cost -----------------------------------------------------------------------------


def too_slow(d: DebugInput) -> Repair | None:
    """Programs without a spec: cut the big numbers (rounds, folds, repeats)."""
    if d.spec is not None:
        return None
    code = d.code
    code = re.sub(
        r"\b(n_estimators|max_iter|iterations|num_boost_round|n_iter|epochs)\s*=\s*(\d{4,})",
        lambda m: f"{m.group(1)}={min(300, int(m.group(2)))}",
        code,
    )
    code = re.sub(r"\bn_repeats\s*=\s*\d+", "n_repeats=1", code)
    code = re.sub(r"\bcv\s*=\s*(\d{2,})", "cv=3", code)
    code = re.sub(r"\bn_splits\s*=\s*(\d{2,})", "n_splits=5", code)
    if code == d.code:
        return None
    return Repair(
        code, "The run timed out: train far fewer boosting rounds and folds.", "cost", True
    )
