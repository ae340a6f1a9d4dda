"""The exception line of a predicted crash, and syntax errors as CPython prints them.

`crash_message` writes the last line when no message was given, naming the
implicated object as CPython and the libraries would: `KeyError: 'price'`,
`KeyError: "['Prcie'] not in index"`, `TypeError: LogisticRegression.__init__()
got an unexpected keyword argument 'normalize'`, `ModuleNotFoundError: No
module named 'm'`, `FileNotFoundError: [Errno 2] No such file or directory:
'path'`. An undefined name's and a missing module attribute's line (CPython's
suggestion included) are static analysis' findings (static/names.py,
static/module_attrs.py): world/fast passes them as the message.

`syntax_output` is a syntax error in CPython's own format, read from the real
parser when the program does not compile.

Not here: finding the crash point (locate.py).
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import traceback
from typing import TYPE_CHECKING, Any

from mleworld.world.static import imports
from mleworld.world.static.imports import import_failure
from mleworld.world.static.installed import library_object
from mleworld.world.static.suggest import best_match, with_suggestion
from mleworld.world.terminal.locate import Location
from mleworld.world.terminal.names import _bad_keyword, _callee_qualname
from mleworld.world.terminal.nodes import _const
from mleworld.world.terminal.trace import hint_of

if TYPE_CHECKING:
    from mleworld.world.terminal.output import Parsed

__all__ = ["SIGNAL_TEXT", "crash_message", "syntax_output"]


# What the shell or the interpreter prints for deaths without a Python traceback.
SIGNAL_TEXT = {
    "Killed": "Killed",
    "SegmentationFault": "Segmentation fault (core dumped)",
    "Aborted": "Aborted (core dumped)",
    "BusError": "Bus error (core dumped)",
    "Terminated": "Terminated",
}


def crash_message(exc_type: str, loc: Location, parsed: Parsed) -> str:
    if loc.message:
        return f"{exc_type}: {loc.message}"
    node = loc.inner or loc.node
    if exc_type == "KeyError":
        return _key_message(loc, node)
    if exc_type == "TypeError":
        return _type_message(parsed, node)
    if exc_type in ("ModuleNotFoundError", "ImportError"):
        return _import_message(exc_type, node)
    if exc_type in ("FileNotFoundError", "OSError", "PermissionError", "IsADirectoryError"):
        path = loc.value if isinstance(loc.value, str) else _first_string(node) or "input/data.csv"
        errno = {
            "PermissionError": "[Errno 13] Permission denied",
            "IsADirectoryError": "[Errno 21] Is a directory",
        }
        prefix = errno.get(exc_type, "[Errno 2] No such file or directory")
        cls = "FileNotFoundError" if exc_type == "OSError" else exc_type
        return f"{cls}: {prefix}: {path!r}"
    if exc_type in ("NameError", "UnboundLocalError"):
        name = node.id if isinstance(node, ast.Name) else _first_name(node) or "x"
        if exc_type == "UnboundLocalError":
            return (
                f"UnboundLocalError: cannot access local variable '{name}' where it is not "
                "associated with a value"
            )
        return f"NameError: name '{name}' is not defined"
    if exc_type == "AttributeError":
        return _attribute_message(node, loc.value)
    if exc_type == "ZeroDivisionError":
        return "ZeroDivisionError: division by zero"
    if exc_type == "IndexError":
        return "IndexError: index 1 is out of bounds for axis 1 with size 1"
    if exc_type == "MemoryError":
        return "MemoryError: Unable to allocate 7.45 GiB for an array with shape (1000000, 1000) and data type float64"
    if exc_type == "ValueError":
        return _value_message(node)
    if exc_type in ("KeyboardInterrupt", "StopIteration", "AssertionError"):
        return exc_type
    if exc_type == "NotImplementedError":
        return exc_type
    if exc_type == "RecursionError":
        return "RecursionError: maximum recursion depth exceeded"
    return f"{exc_type}: {_callee(node) or 'the program'} failed"


def _key_message(loc: Location, node: ast.AST) -> str:
    key = loc.value
    if isinstance(key, list):
        key = list(loc.absent) or key[:1]
    if key is None and isinstance(node, ast.Subscript):
        key = _const(node.slice)
        if isinstance(node.slice, ast.List):
            key = [_const(e) for e in node.slice.elts if isinstance(_const(e), str)]
        elif key is None:
            key = hint_of(node.slice) or None
    if isinstance(key, list) and key:
        return f'KeyError: "{[k for k in key]!r} not in index"'
    if isinstance(key, (str, int)):
        return f"KeyError: {key!r}"
    return "KeyError: 'target'"


def _type_message(parsed: Parsed, node: ast.AST) -> str:
    call = (
        node
        if isinstance(node, ast.Call)
        else next((n for n in ast.walk(node) if isinstance(n, ast.Call)), None)
    )
    if call is not None and (call.keywords or call.args):
        qual = _callee_qualname(parsed, call)
        target = library_object(qual) if qual else None
        if inspect.isclass(target) and target.__init__ is object.__init__:
            return f"TypeError: {target.__name__}() takes no arguments"
    if call is not None and call.keywords:
        bad = _bad_keyword(parsed, call) or next(
            (k.arg for k in reversed(call.keywords) if k.arg), None
        )
        if bad:
            return f"TypeError: {_callee_qual(parsed, call)}() got an unexpected keyword argument '{bad}'"
    if isinstance(node, ast.BinOp):
        return "TypeError: unsupported operand type(s) for +: 'float' and 'str'"
    if isinstance(node, ast.Subscript):
        return "TypeError: 'NoneType' object is not subscriptable"
    if call is not None:
        return (
            f"TypeError: {_callee_qual(parsed, call)}() missing 1 required positional argument: 'y'"
        )
    return "TypeError: 'NoneType' object is not callable"


def _callee_qual(parsed: Parsed, call: ast.Call) -> str:
    name = _callee(call) or "function"
    qual = _callee_qualname(parsed, call)
    obj = library_object(qual) if qual else None
    if inspect.isclass(obj) or (obj is None and name[:1].isupper()):
        return f"{name}.__init__"
    return name


def _callee(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        return hint_of(node.func) or None
    call = next((n for n in ast.walk(node) if isinstance(n, ast.Call)), None)
    return hint_of(call.func) if call is not None else None


def _import_message(exc_type: str, node: ast.AST) -> str:
    if not isinstance(node, (ast.Import, ast.ImportFrom)):
        return "ModuleNotFoundError: No module named 'module'"
    known = import_failure(node)
    if known is not None and known.startswith(f"{exc_type}:"):
        return known
    # The class predicted is not the one this machine's imports give (another machine, or
    # a guess): say it of the module the statement names.
    if isinstance(node, ast.ImportFrom) and node.module:
        if exc_type == "ImportError" and not _missing(node.module.split(".")[0]):
            name = node.names[0].name
            return f"ImportError: cannot import name '{name}' from '{node.module}' ({_module_file(node.module)})"
        return f"ModuleNotFoundError: No module named '{_missing_part(node.module)}'"
    failing = [a.name for a in node.names if _missing(a.name.split(".")[0])]
    module = failing[0] if failing else node.names[0].name
    return f"ModuleNotFoundError: No module named '{_missing_part(module)}'"


def _missing(module: str) -> bool:
    return isinstance(imports.status(module), imports.Missing)


def _missing_part(module: str) -> str:
    """Python names the first part of a dotted import that cannot be found."""
    top = module.split(".")[0]
    return top if _missing(top) else module


def _module_file(module: str) -> str:
    import importlib.util

    top, _, rest = module.partition(".")
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        spec = None
    origin = getattr(spec, "origin", None)
    if not origin:
        return f"{sys.prefix}/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages/{module.replace('.', '/')}/__init__.py"
    if not rest:
        return origin
    base = origin.rsplit("/", 1)[0]
    return f"{base}/{rest.replace('.', '/')}/__init__.py"


def _attribute_message(node: ast.AST, known: Any = None) -> str:
    attr_node = (
        node
        if isinstance(node, ast.Attribute)
        else next((n for n in ast.walk(node) if isinstance(n, ast.Attribute)), None)
    )
    if attr_node is None:
        return "AttributeError: 'NoneType' object has no attribute 'shape'"
    attr = attr_node.attr
    if isinstance(known, tuple) and len(known) == 3:
        owner, cls = known[1], library_object(known[2])
    else:
        owner = _owner_type(attr_node.value)
        cls = library_object(f"pandas.{owner}") if owner in ("DataFrame", "Series") else None
    return with_suggestion(
        f"AttributeError: '{owner}' object has no attribute '{attr}'",
        best_match(attr, sorted(dir(cls))) if cls is not None else None,
    )


def _owner_type(node: ast.AST) -> str:
    name = hint_of(node).lower()
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        return "Series"
    if any(w in name for w in ("model", "clf", "est", "reg", "pipe")):
        return "NoneType"
    return "DataFrame"


def _value_message(node: ast.AST) -> str:
    callee = _callee(node) or ""
    if callee in ("fit", "fit_transform", "train"):
        return "ValueError: could not convert string to float: 'unknown'"
    if callee in ("predict", "predict_proba", "transform"):
        return "ValueError: X has 10 features, but the model is expecting 12 features as input."
    if callee == "DataFrame":
        return "ValueError: All arrays must be of the same length"
    if callee.endswith("_score") or callee.endswith("_error") or callee == "log_loss":
        return "ValueError: Found input variables with inconsistent numbers of samples: [100, 80]"
    return "ValueError: could not convert string to float: 'unknown'"


def _first_string(node: ast.AST) -> str | None:
    for n in ast.walk(node):
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            return n.value
    return None


def _first_name(node: ast.AST) -> str | None:
    for n in ast.walk(node):
        if isinstance(n, ast.Name):
            return n.id
    return None


def syntax_output(
    source_lines: list[str],
    error: BaseException | None,
    exc_type: str,
    message: str | None,
    line: int | None,
    program: str,
) -> str:
    """A syntax error as CPython prints it: location lines, then the class line."""
    if error is None:
        try:
            compile(program, "runfile.py", "exec", dont_inherit=True)
        except SyntaxError as exc:
            error = exc
        except (ValueError, MemoryError, RecursionError):
            pass
    if isinstance(error, SyntaxError) and (line is None or error.lineno == line):
        error.filename = "runfile.py"
        text = "".join(traceback.format_exception_only(type(error), error))
        lines = text.rstrip("\n").split("\n")
        real_cls = type(error).__name__
        if message:
            lines[-1] = _class_line(exc_type, message)
        elif real_cls != exc_type:
            lines[-1] = f"{exc_type}: {error.msg}"
        return "\n".join(lines) + "\n"
    if isinstance(error, ValueError):
        return _class_line(exc_type, message or "source code cannot contain null bytes") + "\n"
    lineno = line if line is not None and 1 <= line <= len(source_lines) else len(source_lines) or 1
    text = source_lines[lineno - 1].rstrip("\r\n") if source_lines else ""
    msg = _class_line(
        exc_type,
        message or ("unexpected indent" if exc_type == "IndentationError" else "invalid syntax"),
    )
    fake = SyntaxError(
        msg.split(": ", 1)[-1], ("runfile.py", lineno, len(text) + 1, text, lineno, len(text) + 1)
    )
    out = "".join(traceback.format_exception_only(SyntaxError, fake)).rstrip("\n").split("\n")
    out[-1] = msg
    return "\n".join(out) + "\n"


def _class_line(exc_type: str, message: str) -> str:
    text = message.strip("\n")
    m = re.match(r"^([A-Za-z_][\w.]*)(?::|$)", text)
    if m and m.group(1).rsplit(".", 1)[-1] == exc_type:
        return text
    return f"{exc_type}: {text}"
