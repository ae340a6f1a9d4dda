"""Benchmark: fuzz every parser of outside input, 10,000 examples each, and count crashes.

The targets are the property tests' (tests/fuzzing/): submissions against the
grader, task directories, terminal output given to the outcome parser, code-model
replies (answers, review verdicts, what an OpenAI-compatible server sends), journal
files, saved model files, config YAML and limits. Each example ends in a correct
result, a clear error (one MleWorldError line) or a crash (anything else escaping,
a wrong result, or an example still running after --hang-s seconds). One extra
case prints 100 MB through the executor's output cap into the outcome parser, and
times the parser on the whole 100 MB as well.

Results go to benchmarks/results/fuzz.json (goal: 0 crashes); a partial file is
rewritten after each target.

    nohup nice -n 10 python benchmarks/fuzz.py --jobs 6 &   # 10,000 examples per parser
    python benchmarks/fuzz.py --examples 200 --only journal_lines outcome_parser
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import platform
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the shared targets live beside the tests

from fuzzing import config, journal, model, outcome, replies, tasks  # noqa: E402
from fuzzing.garble import scratch  # noqa: E402
from fuzzing.harness import Target, Verdict, judge, tally  # noqa: E402

OUT = ROOT / "benchmarks" / "results" / "fuzz.json"
PARTIAL = OUT.with_suffix(".partial.json")
DEV_RECORDS = ROOT / "tests" / "world" / "fast" / "fixtures" / "dev_records.jsonl.gz"


@contextlib.contextmanager
def trained_model() -> Iterator[model.ModelEnv]:
    """A small fast model trained on the world tests' 220 real records (about 10 s)."""
    from mleworld.corpus.store import Corpus
    from mleworld.training.fast import train_fast

    with scratch() as tmp:
        corpus = Corpus.create(Path(tmp) / "corpus")
        corpus.import_jsonl(DEV_RECORDS)
        out = Path(tmp) / "model"
        train_fast(Corpus.open(corpus.path), out, data_dirs=None)
        yield model.model_env(out)


def _plain() -> contextlib.nullcontext[None]:
    return contextlib.nullcontext()


# name -> (how its env is made, the target given that env)
TARGETS: dict[str, tuple[Callable[[], Any], Callable[[Any], Target]]] = {
    "submission": (tasks.make_tasks, lambda _env: tasks.GRADER),
    "task_directory": (_plain, lambda _env: tasks.TASK_DIR),
    "outcome_parser": (_plain, lambda _env: outcome.OUTCOME),
    "code_reply": (_plain, lambda _env: replies.EXTRACT),
    "review_reply": (_plain, lambda _env: replies.REVIEW),
    "openai_server_reply": (replies.reply_server, lambda _env: replies.SERVER),
    "journal_lines": (_plain, lambda _env: journal.JOURNAL),
    "model_files": (trained_model, model.model_target),
    "config_yaml": (_plain, lambda _env: config.CONFIG),
    "limits_dict": (_plain, lambda _env: config.LIMITS),
}


def run_chunk(name: str, examples: int, hang_s: float) -> dict[str, Any]:
    """One worker's share of a target: its own env and its own random examples."""
    make_env, make_target = TARGETS[name]
    with make_env() as env:
        target = make_target(env)
        started = time.perf_counter()
        counts = tally(target, env, examples, hang_s=hang_s)
        seconds = time.perf_counter() - started
    return {
        "parser": target.parser,
        "tried": counts.tried,
        "correct": counts.correct,
        "errors": counts.errors,
        "crashes": counts.crashes,
        "crash_examples": counts.crash_examples or [],
        "error_examples": (counts.error_examples or [])[:3],
        "seconds": round(seconds, 1),
        "slowest_example_s": round(counts.slowest_s, 3),
    }


def merged(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    row = dict(chunks[0])
    for key in ("tried", "correct", "errors", "crashes"):
        row[key] = sum(c[key] for c in chunks)
    row["crash_examples"] = [e for c in chunks for e in c["crash_examples"]][:5]
    row["error_examples"] = list(dict.fromkeys(e for c in chunks for e in c["error_examples"]))[:3]
    row["seconds"] = round(sum(c["seconds"] for c in chunks), 1)  # summed over workers
    row["slowest_example_s"] = max(c["slowest_example_s"] for c in chunks)
    row["workers"] = len(chunks)
    return row


def huge_output(megabytes: int) -> dict[str, Any]:
    """One program that printed `megabytes` MB, through the cap, then the parser uncapped."""
    from mleworld.execution.parsing import last_fatal, parse_exception, parse_metric

    run = outcome.huge_run(megabytes)
    started = time.perf_counter()
    verdict: Verdict = judge(outcome.OUTCOME, run, None)
    capped_s = time.perf_counter() - started
    text = run.data.decode("utf-8")
    timings: dict[str, float] = {}
    found: dict[str, Any] = {}
    for label, parse in (
        ("parse_exception", lambda: parse_exception(text, 1, False)),
        ("parse_metric", lambda: parse_metric(text)[0]),
        ("last_fatal", lambda: getattr(last_fatal(text), "cls", None)),
    ):
        started = time.perf_counter()
        found[label] = parse()
        timings[label] = round(time.perf_counter() - started, 2)
    return {
        "megabytes": megabytes,
        "through_the_output_cap": {
            "verdict": verdict.kind,
            "detail": verdict.detail,
            "seconds": round(capped_s, 2),
            "cap_bytes": run.cap,
        },
        "uncapped_parse_seconds": timings,
        "uncapped_results": found,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="Examples per parser.")
    parser.add_argument("--only", nargs="*", choices=sorted(TARGETS), help="Just these parsers.")
    parser.add_argument("--hang-s", type=float, default=60.0, help="Per-example time limit.")
    parser.add_argument("--huge-mb", type=int, default=100, help="Size of the huge-output case.")
    parser.add_argument(
        "--jobs", type=int, default=1, help="Worker processes; each parser's examples are split."
    )
    parser.add_argument(
        "--update",
        action="store_true",
        help="Keep the other parsers' rows of the existing results (rerun a few after a fix).",
    )
    args = parser.parse_args()

    import hypothesis
    import numpy
    import pandas

    results: dict[str, Any] = {
        "benchmark": "fuzz",
        "examples_per_parser": args.examples,
        "hang_s": args.hang_s,
        "python": platform.python_version(),
        "hypothesis": hypothesis.__version__,
        "numpy": numpy.__version__,
        "pandas": pandas.__version__,
        "started": time.strftime("%Y-%m-%d %H:%M:%S"),
        "parsers": {},
    }
    if args.update and OUT.is_file():
        previous = json.loads(OUT.read_text(encoding="utf-8"))
        results["parsers"] = previous.get("parsers", {})
        if "huge_output" in previous:
            results["huge_output"] = previous["huge_output"]
        results["updated"] = sorted(args.only or TARGETS)
    results["jobs"] = args.jobs
    names = args.only or list(TARGETS)
    shares = [
        args.examples // args.jobs + (k < args.examples % args.jobs) for k in range(args.jobs)
    ]
    # Spawned workers: fresh interpreters, each with its own hypothesis seed.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=context) as pool:
        futures = {
            name: [pool.submit(run_chunk, name, n, args.hang_s) for n in shares if n]
            for name in names
        }
        for name in names:
            row = merged([f.result() for f in futures[name]])
            results["parsers"][name] = row
            print(
                f"{name}: tried {row['tried']}, correct {row['correct']}, errors {row['errors']}, "
                f"crashes {row['crashes']} ({row['seconds']} worker-s)",
                flush=True,
            )
            PARTIAL.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    if args.huge_mb:
        print(f"huge output ({args.huge_mb} MB) ...", flush=True)
        results["huge_output"] = huge_output(args.huge_mb)
    rows = results["parsers"].values()
    huge_crash = results.get("huge_output", {}).get("through_the_output_cap", {})
    results["total"] = {
        "tried": sum(r["tried"] for r in rows),
        "crashes": sum(r["crashes"] for r in rows) + (huge_crash.get("verdict") == "crash"),
    }
    results["finished"] = time.strftime("%Y-%m-%d %H:%M:%S")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    PARTIAL.unlink(missing_ok=True)
    print(f"total crashes: {results['total']['crashes']} -> {OUT}")


if __name__ == "__main__":
    main()
