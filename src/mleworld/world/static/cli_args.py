"""Command-line options read with argparse: their values when the sandbox runs the program.

The sandbox starts a program as `python runfile.py`, with no arguments, so `parse_args()`
gives every option its default, converted by its `type` as argparse converts a text
default. A parser whose options are all declared with literal arguments, on lines that
surely run, is built again here with the installed argparse and parsed on no arguments
(or on the literal list the program passes). The namespace it gives holds those values,
so `args.lr`, `args.folds` or `args.model` reach the parameter checks, loops and
f-strings as the literals they are. An option declared with anything else (a `type` that
is the program's own function, an action class analysis does not know), sub-commands, or
a parse argparse refuses (a required option missing: it exits) leave the namespace
unknown, as before.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from typing import TYPE_CHECKING, Any

from mleworld.world.static.params import literal
from mleworld.world.static.values import UNKNOWN, Const, Instance, Obj, Seq, Value

if TYPE_CHECKING:
    from mleworld.world.static.walker import Walker

_NOT_HELD = literal(UNKNOWN)  # what `literal` gives for a value it cannot spell


class _Lost:
    """A parser analysis stopped following (an option it cannot rebuild)."""


_LOST = _Lost()
# the keywords of ArgumentParser and add_argument rebuilt here; any other loses the parser
_PARSER_KEYWORDS = frozenset(
    {"prog", "description", "epilog", "usage", "add_help", "formatter_class"}
)
_OPTION_KEYWORDS = frozenset(
    {
        "default",
        "type",
        "help",
        "required",
        "action",
        "choices",
        "nargs",
        "dest",
        "metavar",
        "const",
    }
)
_TEXT_ONLY = ("help", "metavar")
# the `type=` and `action=` objects an option may name (argparse converts text with them)
_TYPES = (int, float, str, bool, argparse.BooleanOptionalAction)
_PARSES = frozenset({"parse_args", "parse_known_args"})


def is_parser(value: Value) -> bool:
    return isinstance(value, Instance) and value.cls is argparse.ArgumentParser


def method(
    walker: Walker, parser: Instance, name: str, args: list[Value], kw: dict[str, Value]
) -> Value:
    """`parser.add_argument(...)` declares an option on the rebuilt parser;
    `parser.parse_args()` gives the namespace; anything else loses the parser."""
    real = _rebuilt(parser)
    if name == "add_argument" and real is not _LOST:
        if not walker.certain or not _declared(real, args, kw):
            parser.real = _LOST
        return UNKNOWN
    if name in _PARSES and real is not _LOST:
        return _parsed(real, name, args, kw)
    if name not in ("print_help", "print_usage", "format_help", "format_usage"):
        parser.real = _LOST  # sub-commands, groups, set_defaults: not followed
    return UNKNOWN


def attribute(namespace: argparse.Namespace, attr: str) -> Value:
    """`args.lr` of a namespace parsed here: the value as a literal."""
    return _value(getattr(namespace, attr)) if hasattr(namespace, attr) else UNKNOWN


def set_attribute(walker: Walker, namespace: argparse.Namespace, attr: str, value: Value) -> None:
    """`args.lr = 0.1`: the namespace holds it where the line surely runs and the value is
    a literal; otherwise the option's value is no longer known."""
    spelt = literal(value)
    if walker.certain and spelt is not _NOT_HELD:
        setattr(namespace, attr, spelt)
    elif hasattr(namespace, attr):
        delattr(namespace, attr)


def _rebuilt(parser: Instance) -> Any:
    if parser.real is None:
        spelt = {name: _spelt(value) for name, value in parser.given.items()}
        if not parser.bound or set(spelt) - _PARSER_KEYWORDS or _NOT_HELD in spelt.values():
            parser.real = _LOST
        else:
            try:
                parser.real = argparse.ArgumentParser(**spelt)
            except Exception:
                parser.real = _LOST
    return parser.real


def _declared(real: argparse.ArgumentParser, args: list[Value], kw: dict[str, Value]) -> bool:
    flags = [literal(a) for a in args]
    options = {name: _spelt(value) for name, value in kw.items()}
    for name in _TEXT_ONLY:  # texts that change nothing parsed: left out when not known
        if options.get(name) is _NOT_HELD:
            del options[name]
    if not flags or not all(isinstance(f, str) for f in flags) or set(options) - _OPTION_KEYWORDS:
        return False
    if _NOT_HELD in options.values():
        return False
    try:
        real.add_argument(*flags, **options)
    except Exception:
        return False
    return True


def _parsed(
    real: argparse.ArgumentParser, name: str, args: list[Value], kw: dict[str, Value]
) -> Value:
    given = args[0] if args else kw.get("args", Const(None))
    words = literal(given)
    if len(args) > 1 or set(kw) - {"args"} or words is _NOT_HELD:
        return UNKNOWN
    if words is not None and not (
        isinstance(words, list | tuple) and all(isinstance(w, str) for w in words)
    ):
        return UNKNOWN
    quiet = io.StringIO()
    try:
        with contextlib.redirect_stderr(quiet), contextlib.redirect_stdout(quiet):
            result = getattr(real, name)(list(words or []))
    except (Exception, SystemExit):
        return UNKNOWN  # argparse refuses (a required option): left to the run
    if name == "parse_known_args":
        namespace, rest = result
        return Seq([Obj(namespace, "argparse.Namespace"), _value(rest)], "tuple")
    return Obj(result, "argparse.Namespace")


def _spelt(value: Value) -> Any:
    """A keyword's value as argparse takes it: a literal, or one of the known types."""
    if isinstance(value, Obj) and any(value.obj is t for t in _TYPES):
        return value.obj
    if (
        isinstance(value, Obj)
        and isinstance(value.obj, type)
        and issubclass(value.obj, argparse.HelpFormatter)
    ):
        return value.obj
    return literal(value)


def _value(real: Any) -> Value:
    if real is None or isinstance(real, bool | int | float | str):
        return Const(real)
    if isinstance(real, list | tuple) and all(
        isinstance(v, bool | int | float | str) for v in real
    ):
        return Seq([Const(v) for v in real], "list" if isinstance(real, list) else "tuple")
    return UNKNOWN


__all__ = ["attribute", "is_parser", "method", "set_attribute"]
