"""Where in a program's source a statement or expression is, for the crash's caret.

The statement a line belongs to (and the functions around it), the header of
a compound statement, the expressions of a statement in source order, the one
among them that fails for an exception class (the subscript for a KeyError,
the division for a ZeroDivisionError, the call otherwise), and the statement
that encloses an expression.

Not here: the crash point among the walk's events (locate.py).
"""

from __future__ import annotations

import ast
from typing import Any

from mleworld.world.terminal.trace import hint_of

_OPERATIONS = frozenset(
    {
        *("fit", "fit_transform", "predict", "predict_proba", "transform", "train", "score"),
        *("read_csv", "read_parquet", "merge", "concat", "to_csv", "DataFrame"),
    }
)

_READ_CALLS = frozenset(
    {
        *("read_csv", "read_parquet", "read_json", "read_feather", "read_excel", "read_table"),
        *("open", "load", "loadtxt", "read_text", "imread"),
    }
)


def _statement_at(tree: ast.Module, line: int) -> tuple[ast.stmt | None, list[Any]]:
    body: list[ast.stmt] = tree.body
    funcs: list[Any] = []
    found: ast.stmt | None = None
    while True:
        inner = None
        for s in body:
            end = getattr(s, "end_lineno", s.lineno) or s.lineno
            if s.lineno <= line <= end:
                inner = s
                break
        if inner is None:
            return found, funcs
        found = inner
        if _covers(inner, line):
            return found, funcs
        if isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
            funcs.append(inner)
        body = _child_bodies(inner, line)
        if not body:
            return found, funcs


def _child_bodies(s: ast.stmt, line: int) -> list[ast.stmt]:
    for name in ("body", "orelse", "finalbody", "handlers"):
        part = getattr(s, name, None)
        if not part:
            continue
        first = part[0].lineno
        last = getattr(part[-1], "end_lineno", part[-1].lineno) or part[-1].lineno
        if first <= line <= last:
            if name == "handlers":
                for h in part:
                    if h.lineno <= line <= (h.end_lineno or h.lineno):
                        return list(h.body)
                return []
            return list(part)
    if isinstance(s, ast.ClassDef):
        return list(s.body)
    return []


def _covers(s: ast.AST, line: int) -> bool:
    start = getattr(s, "lineno", 0)
    return start <= line <= _header_end(s)


def _header_end(s: ast.AST) -> int:
    body = getattr(s, "body", None)
    if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return s.lineno
    if isinstance(body, list) and body and isinstance(s, ast.stmt):
        return max(s.lineno, body[0].lineno - 1)
    return getattr(s, "end_lineno", None) or getattr(s, "lineno", 0)


def _header_exprs(s: ast.AST) -> list[ast.AST]:
    if isinstance(s, (ast.For, ast.AsyncFor)):
        return [s.iter]
    if isinstance(s, (ast.If, ast.While)):
        return [s.test]
    if isinstance(s, (ast.With, ast.AsyncWith)):
        return [item.context_expr for item in s.items]
    if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Try)):
        return []
    return [s]


def _nodes_in(s: ast.AST, line: int | None = None) -> list[ast.AST]:
    nodes = [n for expr in _header_exprs(s) for n in ast.walk(expr)]
    if line is not None:
        on_line = [n for n in nodes if getattr(n, "lineno", None) == line]
        nodes = on_line or nodes
    return sorted(
        (n for n in nodes if hasattr(n, "col_offset")),
        key=lambda n: (n.lineno, n.col_offset, -(n.end_col_offset or 0)),  # type: ignore[attr-defined]
    )


def _pick(stmt: ast.AST, exc_type: str, implicated: dict[str, Any], line: int | None) -> ast.AST:
    """The failing expression within a statement, for the caret line."""
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        return stmt
    nodes = _nodes_in(stmt, line)
    keys = implicated.get("keys") or []

    def first(pred: Any) -> ast.AST | None:
        return next((n for n in nodes if pred(n)), None)

    found: ast.AST | None = None
    if exc_type == "KeyError":
        found = first(lambda n: isinstance(n, ast.Subscript) and _const(n.slice) in keys) or first(
            lambda n: (
                isinstance(n, ast.Subscript)
                and isinstance(n.slice, (ast.Constant, ast.Name, ast.Attribute, ast.List))
            )
        )
    elif exc_type == "AttributeError":
        attr = implicated.get("attr")
        found = first(lambda n: isinstance(n, ast.Attribute) and n.attr == attr) or first(
            lambda n: isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
        )
        if isinstance(found, ast.Call):
            found = found.func
    elif exc_type in ("NameError", "UnboundLocalError"):
        name = implicated.get("name")
        found = first(lambda n: isinstance(n, ast.Name) and n.id == name)
    elif exc_type == "TypeError" and implicated.get("keyword"):
        kw = implicated["keyword"]
        found = first(lambda n: isinstance(n, ast.Call) and any(k.arg == kw for k in n.keywords))
    elif exc_type in ("FileNotFoundError", "OSError", "PermissionError", "IsADirectoryError"):
        found = first(lambda n: isinstance(n, ast.Call) and hint_of(n.func) in _READ_CALLS)
    elif exc_type == "ZeroDivisionError":
        found = first(
            lambda n: (
                isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Div, ast.FloorDiv, ast.Mod))
            )
        )
    elif exc_type == "IndexError":
        found = first(lambda n: isinstance(n, ast.Subscript))
    if found is None:
        found = first(lambda n: isinstance(n, ast.Call) and hint_of(n.func) in _OPERATIONS)
    if found is None:
        found = first(lambda n: isinstance(n, ast.Call))
    if found is None:
        found = _value_of(stmt)
    return found


def _value_of(stmt: ast.AST) -> ast.AST:
    value = getattr(stmt, "value", None)
    if isinstance(stmt, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)):
        return value if value is not None else stmt
    exprs = _header_exprs(stmt)
    return exprs[0] if exprs else stmt


def _const(node: ast.AST) -> Any:
    return node.value if isinstance(node, ast.Constant) else None


def _enclosing_stmt(tree: ast.Module, target: ast.AST) -> ast.AST | None:
    line = getattr(target, "lineno", 0)
    for n in ast.walk(tree):
        compound = (ast.FunctionDef, ast.ClassDef, ast.If, ast.For, ast.With, ast.Try)
        spans = isinstance(n, ast.stmt) and n.lineno <= line <= (n.end_lineno or n.lineno)
        if spans and not isinstance(n, compound) and _contains(n, target):
            return n
    return None


def _contains(root: ast.AST, target: ast.AST) -> bool:
    return any(n is target for n in ast.walk(root))
