"""Static analysis over a set of real runs: false findings on clean runs, hits on crashes.

`scan(records, data_dir)` analyses each record's program against the folder its
task's programs read as ./input/ and compares the first fatal finding with the
observed outcome: a clean run with a fatal finding is a false finding; a crash
whose class and message's first line the finding names is a hit. The text a clean
run's printed expression shows (shown.py) must stand in its output word for word;
one that does not is a wrong text. Used by benchmarks/static_scan.py over the
default corpus and the foreign set, and by a sampled test in the suite.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mleworld.world.static.analyze import analyze

CLEAN_CLASSES = frozenset({None, "None"})


@dataclass
class ScanResult:
    clean: int = 0
    crashes: int = 0
    false_findings: list[dict[str, Any]] = field(default_factory=list)
    hits: Counter[str] = field(default_factory=Counter)  # detector -> crashes named exactly
    class_hits: Counter[str] = field(default_factory=Counter)  # detector -> class right only
    near_misses: list[dict[str, Any]] = field(default_factory=list)  # class right, text not
    texts_shown: int = 0  # printed texts computed on clean runs, each found in the output
    wrong_texts: list[dict[str, Any]] = field(default_factory=list)  # computed, not printed
    failures: list[dict[str, Any]] = field(default_factory=list)  # the analysis itself failed

    def to_dict(self) -> dict[str, Any]:
        return {
            "clean": self.clean,
            "texts_shown": self.texts_shown,
            "wrong_texts": len(self.wrong_texts),
            "wrong_text_examples": self.wrong_texts[:20],
            "crashes": self.crashes,
            "false_findings": len(self.false_findings),
            "false_by_detector": dict(
                sorted(Counter(f["detector"] for f in self.false_findings).items())
            ),
            "false_finding_examples": self.false_findings[:20],
            "exact_hits_by_detector": dict(sorted(self.hits.items())),
            "class_hits_by_detector": dict(sorted(self.class_hits.items())),
            "near_miss_examples": self.near_misses[:20],
            "analysis_failures": self.failures,
        }


# A set literal in a message (scikit-learn lists a parameter's options as one): its order
# changes from process to process with string hashing, so it is compared sorted.
_SET = re.compile(r"\{([^{}]*)\}")


def same_message(predicted: str, observed: str) -> bool:
    """Whether two exception lines say the same, a set literal's order aside."""

    def canonical(line: str) -> str:
        return _SET.sub(lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}", line)

    return canonical(predicted) == canonical(observed)


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else ""


def scan(records: Iterable[Any], data_dir: Callable[[str], Path | None]) -> ScanResult:
    result = ScanResult()
    for record in records:
        if getattr(record, "timed_out", False):
            continue
        observed = record.y.exc_type
        report = analyze(record.x.program, data_dir(record.task_id))
        if report.failure is not None:
            result.failures.append(
                {"program": record.node_id or record.id, "error": report.failure[:300]}
            )
        first = report.first_fatal
        if observed in CLEAN_CLASSES:
            result.clean += 1
            _check_texts(result, record, report.printed)
            if first is not None:
                result.false_findings.append(
                    {
                        "task": record.task_id,
                        "program": record.node_id or record.id,
                        "detector": first.detector,
                        "message": first.message[:300],
                        "line": first.line,
                    }
                )
            continue
        result.crashes += 1
        if first is None or first.exc_type != observed:
            continue
        message_head = first.message.strip().splitlines()[-1].strip() if first.message else ""
        if message_head and same_message(message_head, _last_line(record.y.term_out)):
            result.hits[first.detector] += 1
        else:
            result.class_hits[first.detector] += 1
            result.near_misses.append(
                {
                    "program": record.node_id or record.id,
                    "predicted": first.message[:200],
                    "observed": _last_line(record.y.term_out)[:200],
                }
            )
    return result


def _check_texts(result: ScanResult, record: Any, printed: dict[Any, Any]) -> None:
    for position, text in printed.items():
        if not isinstance(text, str):
            continue
        if text in record.y.term_out:
            result.texts_shown += 1
        else:
            result.wrong_texts.append(
                {"program": record.node_id or record.id, "line": position[0], "text": text[:300]}
            )
