"""Static analysis: what a program will raise, read against the real environment and data.

`analyze(program, data_dir)` compiles the program and walks it in execution
order against the installed packages and the task's ./input/ files, reporting
each predicted failure as a `Finding` (exception class, the exact text Python
prints, line, detector, evidence, confidence) in a `StaticReport`, with whether
the program writes its submission and numeric signals for a learned model.

Detectors: DETECTORS in report.py (syntax, imports, names, module_attrs, kwargs, files,
columns, params, dtypes, positions, boosters, reductions, lengths, offsets, computed,
arrays, scalars, fit_failures, features_in, json, unfitted, submission), one module each; walker.py, flow.py and expressions.py hold the walk.
"""

from mleworld.world.static.analyze import analyze
from mleworld.world.static.report import DETECTORS, FATAL_CONFIDENCE, Finding, StaticReport

__all__ = ["DETECTORS", "FATAL_CONFIDENCE", "Finding", "StaticReport", "analyze"]
