"""Repairs chosen from the traceback.

`repair` reads the failure (exception class, message, program line) and tries
a precise fix first:

* KeyError on a column            -> the closest column in the real CSV headers
* NameError                       -> the missing import, or the closest defined name
* TypeError unexpected keyword    -> the right keyword (from the real signature), else drop it
* ValueError 2-D probabilities    -> the positive-class column
* FileNotFoundError               -> the real file under ./input/
* SyntaxError / IndentationError  -> close the parenthesis, add the colon, fix the indent
* AttributeError                  -> the attribute that exists (``to_numpy`` for ``as_matrix``)
* ModuleNotFoundError             -> an installed library with the same API
* no submission written           -> write ./submission/submission.csv
* TimeoutError / MemoryError      -> fewer rounds, folds and rows (from the spec)
* OSError non-existent directory  -> create the folder first (library_fixes.py)
* ValueError date format          -> parse the dates without the format
* InvalidParameterError           -> the parameter left at its default

A fix must leave a program that compiles. When no precise fix applies, a
program with a spec is re-rendered from it (which drops any injected defect),
or, when the parent already was the clean rendering, re-rendered from a safer,
simpler spec; a program without a spec is replaced by a fresh safe draft
(model.py does the re-rendering). The fixes themselves are in fixes.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mleworld.codegen.builtin import edits, fixes, library_fixes
from mleworld.codegen.builtin.debug_types import DebugInput, Render, Repair
from mleworld.codegen.builtin.failures import Failure


def repair(d: DebugInput) -> Repair | None:
    """A precise repair of the parent, or None when none applies."""
    exc = d.failure.exc_type
    fixers: list[Callable[[DebugInput], Repair | None]] = []
    if d.failure.clean:
        fixers = [fixes.missing_submission]
    elif exc == "KeyError":
        fixers = [fixes.key_error]
    elif exc == "NameError" or exc == "UnboundLocalError":
        fixers = [fixes.name_error]
    elif exc == "TypeError":
        fixers = [fixes.unexpected_keyword, fixes.takes_no_arguments]
    elif exc in ("SyntaxError", "IndentationError", "TabError"):
        fixers = [fixes.syntax]
    elif exc == "FileNotFoundError":
        fixers = [fixes.file_not_found]
    elif exc == "AttributeError":
        fixers = [fixes.attribute]
    elif exc in ("ModuleNotFoundError", "ImportError"):
        fixers = [fixes.module_not_found]
    elif exc == "ValueError":
        fixers = [fixes.proba_shape, fixes.missing_column_value_error, library_fixes.date_format]
    elif exc == "OSError":
        fixers = [library_fixes.missing_folder]
    elif exc == "InvalidParameterError":
        fixers = [library_fixes.bad_param]
    elif exc in ("TimeoutError", "MemoryError"):
        fixers = [fixes.too_slow]
    for fixer in fixers:
        result = fixer(d)
        if result is not None and edits.parse(result.code) is not None and result.code != d.code:
            return result
    return None


def describe_cause(failure: Failure) -> str:
    """One clause naming what went wrong, for the plan of a re-rendered repair."""
    msg = failure.message
    if failure.clean:
        return "the run finished without a usable ./submission/submission.csv"
    string = re.search(r"could not convert string to float: '([^']*)'", msg)
    if string:
        return f"a string column reached the model (the value {string.group(1)!r} is not a number)"
    if (
        "non-numeric data" in msg
        or "with string dtype" in msg
        or "dtypes must be int, float or bool" in msg
    ):
        return "a string column was treated as numeric"
    if "Length of values" in msg or "does not match index length" in msg or "same length" in msg:
        return "the submission was filled from an array of the wrong length"
    if "contains NaN" in msg:
        return "missing values reached the model"
    first = msg.split(". ")[0][:120]
    return f"the run failed with {failure.exc_type}" + (f" ({first})" if first else "")


__all__ = ["DebugInput", "Render", "Repair", "describe_cause", "repair"]
