"""`analyze(program, data_dir)`: every static detector over one program, in one pass.

The program is compiled first (a syntax error ends the analysis: nothing else
runs). Then one walk (walker.py) evaluates it in execution order against the
real installed packages and the task's data folder, and the detectors report
along the way; functions the walk never entered are read for undefined names;
reads and writes are reconciled; the submission question is answered. The
report's signals are numeric features for a learned model.
"""

from __future__ import annotations

import ast
from pathlib import Path

from mleworld.codegen.packages import imported_modules
from mleworld.errors import MleWorldError
from mleworld.world.static import names, submission, work
from mleworld.world.static.report import DETECTORS, FATAL_CONFIDENCE, Finding, StaticReport
from mleworld.world.static.syntax import check_syntax
from mleworld.world.static.threads import one_thread
from mleworld.world.static.walker import Walker


def analyze(program: str, data_dir: Path | str | None = None) -> StaticReport:
    """Predict, without running it, what `program` will raise when run as ./runfile.py.

    `data_dir` is the folder the program sees as ./input/ (a task's public/);
    without it, reads under ./input/ and DataFrame columns are not checked.
    """
    if not isinstance(program, str):
        raise MleWorldError(f"the program to analyze must be text; got {type(program).__name__}")
    folder = Path(data_dir) if data_dir is not None else None
    if folder is not None and not folder.is_dir():
        raise MleWorldError(
            f"data folder {folder} does not exist or is not a directory; "
            "pass the folder the program sees as ./input/ (a task's public/)"
        )
    tree, error = check_syntax(program)
    if tree is None:
        assert error is not None
        report = StaticReport([error], writes_submission=False, order=[0])
        report.signals = _signals(report, program, float(len(imported_modules(program))), None)
        return report
    walker = Walker(tree, program, folder)
    failure = None
    try:
        with one_thread():  # the walk's fits are small: threads only add waiting
            walker.run()
    except RecursionError:  # a pathologically nested program: keep what was found
        pass
    except Exception as error:  # noqa: BLE001 - a defect of the analysis, not of the program
        # A prediction must not fail on any program: keep what was found, and say so
        # (`StaticReport.failure`; benchmarks/static_scan.py counts them).
        failure = f"{type(error).__name__}: {error}"
    at = walker.files.submission_at
    after_write = {id(f) for f in walker.found[at:]} if at is not None else set()
    names.deferred(walker)
    walker.files.finish(walker)
    writes = submission.decide(walker)
    walked = list(walker.found)
    rank = {id(f): (f.order_line, i) for i, f in enumerate(walked)}
    findings = sorted(walked, key=lambda f: (f.line is None, f.line or 0, rank[id(f)]))
    position = {id(f): i for i, f in enumerate(findings)}
    order = [position[id(f)] for f in sorted(walked, key=lambda f: rank[id(f)])]
    loops = work.python_fit(walker)
    report = StaticReport(
        findings,
        writes_submission=writes,
        order=order,
        work=[*walker.work, loops] if loops is not None else list(walker.work),
        after_submission=[i for i, f in enumerate(findings) if id(f) in after_write],
        printed=walker.printed.known(),
        failure=failure,
    )
    report.signals = _signals(report, program, float(len(walker.index.modules)), walker)
    return report


def _signals(
    report: StaticReport, program: str, n_imports: float, walker: Walker | None
) -> dict[str, float]:
    signals: dict[str, float] = {
        "n_lines": float(program.count("\n") + (0 if program.endswith("\n") else 1)),
        "n_imports": n_imports,
        "syntax_ok": 0.0 if walker is None else 1.0,
    }
    for detector in DETECTORS:
        mine = [f for f in report.findings if f.detector == detector]
        signals[f"{detector}_count"] = float(len(mine))
        signals[f"{detector}_max_conf"] = max((f.confidence for f in mine), default=0.0)
    fatal: list[Finding] = [
        f for f in report.findings if f.fatal and f.confidence >= FATAL_CONFIDENCE
    ]
    first = report.first_fatal
    signals["n_fatal"] = float(len(fatal))
    signals["first_fatal_conf"] = first.confidence if first is not None else 0.0
    signals["writes_submission"] = {True: 1.0, False: 0.0, None: 0.5}[report.writes_submission]
    if walker is not None:
        defs = [
            key for key, f in walker.index.functions.items() if not isinstance(f.node, ast.Lambda)
        ]
        signals["n_functions"] = float(len(defs))
        signals["n_calls"] = float(walker.index.n_calls)
        walked = sum(key in walker.walked for key in defs)
        signals["functions_walked_share"] = walked / len(defs) if defs else 1.0
        signals["frames_tracked"] = float(walker.counts["frames"])
        signals["calls_walked"] = float(walker.counts["calls_walked"])
        calls = walker.counts["calls"]
        signals["calls_lost_share"] = walker.counts["calls_lost"] / calls if calls else 0.0
        signals["unknown_writes"] = float(len(walker.files.unknown_writes))
        signals["opaque_imports"] = float(len(walker.opaque_imports))
    return signals
