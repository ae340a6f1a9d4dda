"""Defects that the data and the installed libraries punish, not Python itself.

Other writers' programs crash most often where the code is fine as Python but wrong
for the input files or the installed versions (issue 14's crash kinds); the builtin
writer makes three of them:

* `missing_folder`: a copy of the submission saved into a folder nobody creates
  (pandas: OSError "Cannot save file into a non-existent directory");
* `date_format`: dates parsed with a format string the data does not have
  (pandas: ValueError "time data ... doesn't match format");
* `bad_param`: a parameter value an older scikit-learn took and the installed one
  rejects (`max_features="auto"`, `loss="deviance"`, ...: InvalidParameterError at fit).

Each injector takes a `defects.Target` and returns the edited source and a one-line
description, or None when the program offers no place for it, as mistakes.py's do.
"""

from __future__ import annotations

import random
import re
from datetime import datetime
from typing import TYPE_CHECKING

from mleworld.codegen.builtin import edits
from mleworld.codegen.builtin.mistakes import add_keyword, site_lines

if TYPE_CHECKING:
    from mleworld.codegen.builtin.defects import Target

# --- a folder never created ------------------------------------------------------------

_FOLDERS = ("output", "outputs", "artifacts", "results", "preds")
_WRITE = re.compile(r"^(?P<indent>\s*)(?P<frame>[A-Za-z_][\w.]*)\.to_csv\(")


def missing_folder(t: Target, rng: random.Random) -> tuple[str, str] | None:
    """A backup of the submission written first, into a folder the program never makes."""
    lines = t.code.split("\n")
    for at in sorted(site_lines(t, "submission_write")):
        found = _WRITE.match(lines[at - 1])
        if found is None:
            continue
        folder = rng.choice(_FOLDERS)
        indent, frame = found.group("indent"), found.group("frame")
        lines.insert(at - 1, f'{indent}{frame}.to_csv("./{folder}/submission.csv", index=False)')
        return "\n".join(lines), f"a copy of the submission saved into ./{folder}/ first"
    return None


# --- a date format the data does not have ------------------------------------------------

_FORMATS = ("%d/%m/%Y", "%m/%d/%Y", "%Y%m%d", "%d-%m-%Y", "%Y/%m/%d")


def date_format(t: Target, rng: random.Random) -> tuple[str, str] | None:
    """`pd.to_datetime(col, errors="coerce")` given a format its first value does not fit."""
    examples = [e for e in t.profile.date_examples if e]
    tree = edits.parse(t.code)
    if tree is None or not examples:
        return None
    wrong = [f for f in _FORMATS if not _fits(examples[0], f)]
    calls = [c for c in edits.calls(tree) if edits.call_name(c) == "to_datetime"]
    for call in calls:
        coerce = next((k for k in call.keywords if k.arg == "errors"), None)
        if coerce is None or not wrong:
            continue
        fmt = rng.choice(wrong)
        edit = (edits.Span.of(coerce), f'format="{fmt}"')
        return edits.replace_spans(t.code, [edit]), f"dates parsed as {fmt}"
    return None


def _fits(value: str, fmt: str) -> bool:
    try:
        datetime.strptime(value.strip(), fmt)
    except ValueError:
        return False
    return True


# --- a parameter value the installed scikit-learn rejects ---------------------------------

# (parameter, value as Python source) that older scikit-learn accepted and 1.9 rejects
_REMOVED_VALUES: dict[str, tuple[str, str]] = {
    "RandomForestClassifier": ("max_features", '"auto"'),
    "RandomForestRegressor": ("max_features", '"auto"'),
    "ExtraTreesClassifier": ("max_features", '"auto"'),
    "ExtraTreesRegressor": ("max_features", '"auto"'),
    "GradientBoostingClassifier": ("loss", '"deviance"'),
    "GradientBoostingRegressor": ("loss", '"ls"'),
    "HistGradientBoostingClassifier": ("loss", '"binary_crossentropy"'),
    "HistGradientBoostingRegressor": ("loss", '"least_squares"'),
    "LogisticRegression": ("penalty", '"none"'),
    "SGDClassifier": ("loss", '"log"'),
    "SimpleImputer": ("strategy", '"mode"'),
}


def bad_param(t: Target, rng: random.Random) -> tuple[str, str] | None:
    """One estimator's parameter set to a value the installed scikit-learn no longer takes."""
    tree = edits.parse(t.code)
    if tree is None:
        return None
    options = [
        c
        for c in edits.calls(tree)
        if edits.call_name(c) in _REMOVED_VALUES and all(k.arg for k in c.keywords)
    ]  # not `Model(**params)`: the dict may name the key again
    if not options:
        return None
    call = rng.choice(options)
    name = edits.call_name(call)
    key, value = _REMOVED_VALUES[name]
    given = next((k for k in call.keywords if k.arg == key), None)
    if given is not None:
        edit = (edits.Span.of(given.value), value)
        return edits.replace_spans(t.code, [edit]), f"{name}: {key}={value}"
    return add_keyword(t.code, call, f"{key}={value}"), f"{name}: added {key}={value}"
