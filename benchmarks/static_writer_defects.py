"""Static analysis on the builtin writer's own shape and dtype defects: named before the run?

Issue 13's experiment showed which crashes the fast model misses most in the agent's own
programs: submissions filled with arrays of the wrong length ("Length of values (N) does
not match length of index (M)") and text columns reaching a model. This benchmark asks the
builtin code model (defect rate 1) for drafts on every suite task, keeps those whose
injected defect is of the `shape_dtype` kind, and counts how many the static analysis names
with a fatal finding; `--run N` runs the first N named ones for real (sandbox-free, in a
scratch folder whose ./input is the task's public data) and counts those whose last line
of output is exactly the finding's message.

    MLEWORLD_HOME=... .venv/bin/python benchmarks/static_writer_defects.py [--drafts 40] [--run 20]

Writes benchmarks/results/static_writer_defects.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from mleworld.codegen.base import CodeRequest
from mleworld.codegen.builtin import BuiltinCodeModel
from mleworld.tasks.suite import resolve_task, suite_names
from mleworld.world.static.analyze import analyze

OUT = Path(__file__).resolve().parent / "results" / "static_writer_defects.json"


def _last_line(code: str, public: Path, limit_s: float) -> str | None:
    """Python's last line of output when `code` crashes, else None."""
    with tempfile.TemporaryDirectory() as work:
        os.symlink(public, Path(work) / "input")
        (Path(work) / "runfile.py").write_text(code)
        try:
            proc = subprocess.run(
                [sys.executable, "runfile.py"],
                cwd=work,
                capture_output=True,
                text=True,
                timeout=limit_s,
            )
        except subprocess.TimeoutExpired:
            return "TimeoutError"
    lines = proc.stderr.strip().splitlines()
    return lines[-1] if proc.returncode and lines else None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--drafts", type=int, default=40, help="drafts asked for per task")
    parser.add_argument("--run", type=int, default=0, help="run this many named programs")
    parser.add_argument("--limit-s", type=float, default=300.0)
    args = parser.parse_args()
    began = time.perf_counter()
    writer = BuiltinCodeModel(seed=0, defect_rate=1.0)
    rows: list[dict[str, Any]] = []
    for name in suite_names():
        task = resolve_task(name)
        for seed in range(args.drafts):
            made = writer.generate(CodeRequest(stage="draft", prompt="", task=task, seed=seed))
            defect = made.meta.get("defect") or {}
            if defect.get("kind") != "shape_dtype":
                continue
            finding = analyze(made.code, task.public_dir).first_fatal
            rows.append(
                {
                    "task": name,
                    "seed": seed,
                    "defect": defect.get("detail"),
                    "named": None if finding is None else finding.message,
                    "code": made.code,
                    "public": str(task.public_dir),
                }
            )
    checked = []
    for row in [r for r in rows if r["named"]][: args.run]:
        real = _last_line(row["code"], Path(row["public"]), args.limit_s)
        checked.append({"task": row["task"], "seed": row["seed"], "named": row["named"],
                        "real": real, "exact": real == row["named"]})  # fmt: skip
    by_defect: dict[str, Counter[str]] = {}
    for row in rows:
        counts = by_defect.setdefault(str(row["defect"]), Counter())
        counts["programs"] += 1
        counts["named"] += row["named"] is not None
    result = {
        "drafts_per_task": args.drafts,
        "programs": len(rows),
        "named": sum(r["named"] is not None for r in rows),
        "by_defect": {k: dict(v) for k, v in sorted(by_defect.items())},
        "run": len(checked),
        "run_exact": sum(c["exact"] for c in checked),
        "checked": checked,
        "missed": [
            {"task": r["task"], "seed": r["seed"], "defect": r["defect"]}
            for r in rows
            if r["named"] is None
        ],  # fmt: skip
        "seconds": round(time.perf_counter() - began, 1),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps({k: v for k, v in result.items() if k not in ("checked", "missed")}, indent=2))


if __name__ == "__main__":
    main()
