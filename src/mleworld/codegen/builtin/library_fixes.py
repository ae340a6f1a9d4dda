"""Precise repairs of the failures the data and the installed libraries cause.

The counterparts of library_mistakes.py's defects, read off the real traceback:

* OSError "Cannot save file into a non-existent directory: 'X'" -> create X first;
* ValueError "time data ... doesn't match format" -> parse the dates without the format;
* InvalidParameterError "The 'p' parameter of Cls must be ..." -> drop p= from Cls(...).

Each takes a `DebugInput` and returns a `Repair`, or None when the failure is not of
the form it knows (debug.py tries them in order, as fixes.py's).
"""

from __future__ import annotations

import re

from mleworld.codegen.builtin import edits
from mleworld.codegen.builtin.debug_types import DebugInput, Repair
from mleworld.codegen.builtin.fixes import without_keyword


def missing_folder(d: DebugInput) -> Repair | None:
    found = re.search(r"non-existent directory: '([^']+)'", d.failure.message)
    line = d.failure.line
    if found is None or line is None:
        return None
    lines = d.code.split("\n")
    if not 1 <= line <= len(lines):
        return None
    folder = found.group(1)
    text = lines[line - 1]
    indent = text[: len(text) - len(text.lstrip())]
    lines.insert(line - 1, f"{indent}os.makedirs({folder!r}, exist_ok=True)")
    return Repair(
        edits.ensure_import("\n".join(lines), "import os"),
        f"Create the folder {folder}/ before saving into it.",
        "folder",
        True,
    )


def date_format(d: DebugInput) -> Repair | None:
    if (
        "doesn't match format" not in d.failure.message
        and "unconverted data" not in d.failure.message
    ):
        return None
    tree = edits.parse(d.code)
    if tree is None:
        return None
    spans = []
    for call in edits.calls(tree):
        fmt = next((k for k in call.keywords if k.arg == "format"), None)
        if edits.call_name(call) == "to_datetime" and fmt is not None:
            spans.append((edits.Span.of(call), without_keyword(d.code, call, fmt)))
    if not spans:
        return None
    return Repair(
        edits.replace_spans(d.code, spans),
        "Parse the dates without a fixed format string: the data is not written that way.",
        "date_format",
        True,
    )


def bad_param(d: DebugInput) -> Repair | None:
    found = re.search(r"The '(\w+)' parameter of (\w+) must be", d.failure.message)
    tree = edits.parse(d.code)
    if found is None or tree is None:
        return None
    key, owner = found.groups()
    spans = []
    for call in edits.calls(tree):
        keyword = next((k for k in call.keywords if k.arg == key), None)
        if edits.call_name(call) == owner and keyword is not None:
            spans.append((edits.Span.of(call), without_keyword(d.code, call, keyword)))
    if not spans:
        return None
    return Repair(
        edits.replace_spans(d.code, spans),
        f"Leave {key}= of {owner} at its default: the installed scikit-learn rejects the value.",
        "parameter",
        True,
    )
