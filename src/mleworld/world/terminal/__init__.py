"""Predicted terminal output: the text a program would print, without running it.

`predicted_output(program, exc_type, ...)` is the one entry point (output.py);
what a crash is (its class, message and line) is static analysis' finding
(world/static/), which the caller passes; the rest of the package is the
abstract run the output is rendered from:

==================  ==========================================================
output.py           the API: clean runs, crashes, timeouts, tracebacks
walk.py             the walker: its state, its lines and events
statements.py       statements in program order, names, assignment
calls.py            calls into the program's own functions and classes
services.py         scores, folds, cost and output the library model asks for
expressions.py      values of expressions (f-strings, arithmetic, comprehensions)
library.py          where a library call goes; the small cases answered there
pycalls.py          Python's builtins, logging, os, math
tabular.py          numpy and pandas functions (shapes, mostly)
learning.py         scikit-learn metrics, splitters, cross-validation, fit cost
objects.py          methods, attributes and subscripts, by value type
table_methods.py    methods, attributes and subscripts of DataFrames and Series
model_methods.py    methods of models, splitters and searches
boosting.py         what LightGBM prints while it trains
scores.py           what a scoring call returns, given the predicted metric
values.py           the value types, and the data overview's tables
prints.py           values as printed text, format specs, log records
frames.py           DataFrames and Series as pandas prints them
trace.py            the walk's result (lines and events) and its limits
locate.py           where static analysis' finding sits in the abstract run
nodes.py            positions in the source: statements, headers, the failing node
messages.py         the exception line; syntax errors as CPython prints them
==================  ==========================================================
"""

from mleworld.world.terminal.output import predicted_output

__all__ = ["predicted_output"]
