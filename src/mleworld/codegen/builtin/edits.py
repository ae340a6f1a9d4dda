"""Precise edits of Python source: replace a node's text, find calls and strings.

Used by defects.py (to break a program the way people do) and debug.py /
improve.py (to repair or tweak a program that carries no spec). Positions come
from `ast`, whose column offsets count UTF-8 bytes; the helpers convert them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    lineno: int  # 1-based
    col: int  # byte offset
    end_lineno: int
    end_col: int

    @classmethod
    def of(cls, node: ast.AST) -> Span:
        return cls(
            node.lineno, node.col_offset, node.end_lineno or node.lineno, node.end_col_offset or 0
        )  # type: ignore[attr-defined]


def replace_spans(code: str, edits: list[tuple[Span, str]]) -> str:
    """Apply non-overlapping replacements (applied from the end backwards)."""
    lines = code.split("\n")
    data = [line.encode("utf-8") for line in lines]
    for span, text in sorted(edits, key=lambda e: (e[0].lineno, e[0].col), reverse=True):
        first, last = span.lineno - 1, span.end_lineno - 1
        head = data[first][: span.col]
        tail = data[last][span.end_col :]
        new = (head + text.encode("utf-8") + tail).split(b"\n")
        data[first : last + 1] = new
    return "\n".join(d.decode("utf-8") for d in data)


def parse(code: str) -> ast.Module | None:
    try:
        return ast.parse(code)
    except (SyntaxError, ValueError):
        return None


def call_name(call: ast.Call) -> str:
    """`RandomForestClassifier` for `RandomForestClassifier(...)` or `ensemble.RandomForestClassifier(...)`."""
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def calls(tree: ast.AST) -> Iterator[ast.Call]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            yield node


def string_constants(tree: ast.AST) -> Iterator[ast.Constant]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node


def defined_names(tree: ast.AST) -> set[str]:
    """Names a program binds: assignments, loop targets, functions, classes, parameters, imports."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.alias):
            out.add((node.asname or node.name).split(".")[0])
    return out


def import_insert_line(code: str) -> int:
    """The 0-based line index after the module's last top-level import (or its header)."""
    tree = parse(code)
    lines = code.split("\n")
    if tree is not None:
        last = 0
        for node in tree.body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                last = node.end_lineno or node.lineno
        if last:
            return last
        body = tree.body
        if (
            body
            and isinstance(body[0], ast.Expr)
            and isinstance(getattr(body[0], "value", None), ast.Constant)
        ):
            return body[0].end_lineno or 1
    index = 0
    while index < len(lines) and (lines[index].startswith("#") or not lines[index].strip()):
        index += 1
    return index


def add_import(code: str, statement: str) -> str:
    lines = code.split("\n")
    at = import_insert_line(code)
    lines.insert(at, statement)
    return "\n".join(lines)


def ensure_import(code: str, statement: str) -> str:
    """`code` with `statement` (`import os`) added unless a line already starts with it."""
    if re.search(rf"^{re.escape(statement)}\b", code, re.MULTILINE):
        return code
    return add_import(code, statement)
