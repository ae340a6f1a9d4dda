"""What the fast model makes of a query whose packages are not this machine's.

Static analysis reads a program against the packages installed here. When a
query's x describes another machine (`mleworld predict --packages FILE`, see
world/environment.py), `effect(x, report)` says what changes there:

* a module x lists as failing to import that analysis could import here fails
  there: a ModuleNotFoundError finding at its import, with Python's message;
* an import failure analysis found here, for a module x's packages provide
  there, does not happen there and is dropped;
* every package the program imports whose version there differs from the one
  here is named in the evidence, and the prediction doubts what analysis and
  training learned from this machine's versions: p_max gives up the share
  `doubt` of itself to the other classes (VERSION_DOUBT per difference,
  compounded; a major version weighs most).

A query whose x matches this machine (every corpus record made here) gets
None: nothing changes.

This module owns those rules; the model applies them (model.py).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from mleworld.codegen.packages import installed_packages
from mleworld.world.environment import (
    canonical,
    distributions_of,
    imported_distributions,
    program_modules,
)
from mleworld.world.format import WorldInput
from mleworld.world.static.report import Finding

MISSING_CONFIDENCE = 0.97  # the file lists no distribution of the module: import fails there
# Share of p_max given up per imported package whose version differs.
VERSION_DOUBT = {"major": 0.25, "minor": 0.10, "patch": 0.03}
DETECTOR = "packages"


@dataclass
class EnvironmentEffect:
    """How the prediction changes on the machine x describes."""

    first_fatal: Finding | None  # the finding that stops the program there
    findings: list[Finding]  # the report's findings that hold there, plus new ones
    notes: list[dict[str, Any]] = field(default_factory=list)  # version differences
    doubt: float = 0.0  # share of p_max that moves to the other classes


def _import_line(program: str, module: str) -> tuple[int | None, str]:
    """The first line importing top-level `module`, and its text."""
    try:
        tree = ast.parse(program)
    except (SyntaxError, ValueError):
        tree = None
    if tree is not None:
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            if any(name.split(".")[0] == module for name in names):
                lines = program.splitlines()
                return node.lineno, lines[node.lineno - 1].strip()
    pattern = re.compile(rf"^\s*(?:import|from)\s+{re.escape(module)}\b")
    for number, line in enumerate(program.splitlines(), start=1):
        if pattern.match(line):
            return number, line.strip()
    return None, ""


def _step(here: str, there: str) -> str | None:
    """Which part of a version differs (major, minor, patch), None when they agree or one is unknown."""
    if not here or not there or here == there:
        return None
    a = re.findall(r"\d+", here.split("+")[0])
    b = re.findall(r"\d+", there.split("+")[0])
    for part, (x, y) in zip(("major", "minor"), zip(a, b, strict=False), strict=False):
        if int(x) != int(y):
            return part
    return "patch"


def _is_import_failure(finding: Finding, modules: set[str]) -> bool:
    if finding.exc_type not in ("ModuleNotFoundError", "ImportError") or not finding.fatal:
        return False
    quoted = re.findall(r"'([^']+)'", finding.message)
    return any(q.split(".")[0] in modules for q in quoted)


def effect(
    x: WorldInput, report: Any, local: Mapping[str, str] | None = None
) -> EnvironmentEffect | None:
    """What changes on the machine `x` describes; None when it is this machine.

    `local`: this machine's versions (default: the installed default packages
    and whatever the program imports).
    """
    program = x.program
    here_failing = set(_failing_here(program))
    there_failing = set(x.failing_imports)
    there = {canonical(k): v for k, v in x.packages.items()}
    if local is None:
        local = _local_versions(program, there)
    else:
        local = {canonical(k): v for k, v in local.items()}
    new_failures = [m for m in x.failing_imports if m not in here_failing]
    # Only a module the other machine demonstrably provides stops failing there.
    resolved = {
        m for m in here_failing - there_failing if any(d in there for d in distributions_of(m))
    }
    notes: list[dict[str, Any]] = []
    keep = 1.0
    for dist in imported_distributions(program, there):
        step = _step(local.get(dist, ""), there[dist])
        if step is None:
            continue
        keep *= 1.0 - VERSION_DOUBT[step]
        module = next((m for m in _modules_of(program, dist)), dist)
        line, _ = _import_line(program, module)
        notes.append(
            {
                "exc_type": "None",
                "message": f"{dist} {there[dist]} there, {local[dist]} here: static analysis "
                f"checked the program against {local[dist]} ({step} version differs)",
                "line": line,
                "detector": DETECTOR,
                "evidence": f"{dist}=={there[dist]}",
                "confidence": VERSION_DOUBT[step],
                "fatal": False,
            }
        )
    if not new_failures and not resolved and not notes:
        return None
    findings = [f for f in report.findings if not _is_import_failure(f, resolved)] if report else []
    added = []
    for module in new_failures:
        line, source = _import_line(program, module)
        added.append(
            Finding(
                exc_type="ModuleNotFoundError",
                message=f"No module named '{module}'",
                line=line,
                detector="imports",
                evidence=source or f"import {module}",
                confidence=MISSING_CONFIDENCE,
                reached_at=line,
            )
        )
    return EnvironmentEffect(
        first_fatal=_first(report, resolved, added),
        findings=sorted([*findings, *added], key=lambda f: (f.line is None, f.line or 0)),
        notes=notes,
        doubt=1.0 - keep,
    )


def _first(report: Any, resolved: set[str], added: Sequence[Finding]) -> Finding | None:
    """The first fatal finding there: the report's first that still holds, or an earlier new one."""
    first = None
    if report is not None:
        ranked = report.order or list(range(len(report.findings)))
        for index in ranked:
            finding = report.findings[index]
            if (
                finding.fatal
                and finding.confidence >= 0.5
                and not _is_import_failure(finding, resolved)
            ):
                first = finding
                break
    for finding in added:
        if first is None or finding.order_line < first.order_line:
            first = finding
    return first


def _modules_of(program: str, dist: str) -> list[str]:
    return [m for m in program_modules(program) if dist in distributions_of(m)]


def _failing_here(program: str) -> list[str]:
    """The program's imports this interpreter cannot find (codegen.packages, on the cached parse)."""
    from mleworld.codegen.packages import failing_imports

    return failing_imports("\n".join(f"import {m}" for m in program_modules(program)))


@cache
def _installed_version(dist: str) -> str:
    """This machine's version of a distribution ("" when not installed); cached per process,
    as installed_packages is: environments do not change under a running agent."""
    import importlib.metadata

    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return ""


def _local_versions(program: str, there: Mapping[str, str]) -> dict[str, str]:
    versions = {canonical(k): v for k, v in installed_packages().items()}
    for dist in imported_distributions(program, there):
        if dist not in versions and _installed_version(dist):
            versions[dist] = _installed_version(dist)
    return versions


__all__ = ["DETECTOR", "MISSING_CONFIDENCE", "VERSION_DOUBT", "EnvironmentEffect", "effect"]
