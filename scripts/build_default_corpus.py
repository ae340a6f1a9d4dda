"""Build the shipped default corpus from agent runs: ingest, refine (filter, dedup, split), ship.

The runs come from `mleworld corpus synthesize` (the builtin agent on the task
suite) and, optionally, from other builtin agent runs (benchmarks/agent_suite.py).
The result replaces `src/mleworld/data/corpus/default.jsonl.gz` and
`default_holdout.json`, which `mleworld ... default` reads.

    mleworld corpus synthesize --tasks all --runs 24 --steps 12 --defect-rate 0.35 \\
        --workers 2 --seed 0 --out build/synth
    python scripts/build_default_corpus.py build/synth/runs [MORE_RUN_DIRS...] --per-task 25

The shipped corpus was then relabelled (its timeouts re-run on the fixed sandbox,
see corpus/relabel.py) and the result shipped as it is, holdout included:

    mleworld corpus relabel default --out build/relabel --workers 2
    python scripts/build_default_corpus.py --ship build/relabel/corpus

Later runs are added to the shipped corpus with its holdout kept as it is (new
records of holdout programs, and copies of them, are left out), e.g. session 18's
time-ordered drafts of the two date tasks:

    mleworld corpus synthesize --tasks seattle-weather,daily-births --runs 10 --steps 12 \\
        --defect-rate 0.35 --workers 2 --seed 1800 --out build/synth-time
    python scripts/build_default_corpus.py build/synth-time/runs --extend default

`--drop-uninterrupted-timeouts-before UNIX_TIME` leaves out timeout records made
before that time whose output shows no KeyboardInterrupt: before the sandbox
reset SIGINT for programs started from a background job, such programs never
got the deadline's interrupt, so their outputs do not show what a timeout prints.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path

from mleworld.corpus.default import resolve_corpus, ship_default
from mleworld.corpus.ingest import ingest_runs
from mleworld.corpus.pipeline import extend_corpus, refine_corpus
from mleworld.corpus.store import Corpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="*", type=Path)
    parser.add_argument("--ship", type=Path, help="ship this built corpus as it is (no runs)")
    parser.add_argument("--per-task", type=int, default=25)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("build/default-corpus"))
    parser.add_argument("--drop-uninterrupted-timeouts-before", type=float, default=None)
    parser.add_argument("--no-ship", action="store_true", help="build only; leave the package data")
    parser.add_argument(
        "--extend", help="add the runs to this corpus (`default`), keeping its holdout"
    )
    args = parser.parse_args()
    if args.ship is not None:
        print("ship:", json.dumps(ship_default(Corpus.open(args.ship))))
        return
    if not args.runs:
        parser.error("give run folders to build from, or --ship CORPUS")
    if args.extend is not None:
        if args.out.exists():
            shutil.rmtree(args.out)
        report = extend_corpus(resolve_corpus(args.extend), args.runs, args.out)
        print("extend:", json.dumps(report.to_dict()))
        if not args.no_ship:
            print("ship:", json.dumps(ship_default(Corpus.open(args.out))))
        return

    with tempfile.TemporaryDirectory(prefix="default-corpus-") as tmp:
        raw = Corpus.create(Path(tmp) / "raw")
        print("ingest:", json.dumps(ingest_runs(args.runs, raw).to_dict()))
        source = raw
        cutoff = args.drop_uninterrupted_timeouts_before
        if cutoff is not None:
            kept = Corpus.create(Path(tmp) / "kept")
            dropped = 0

            def keep() -> object:
                nonlocal dropped
                for record in raw.iter_records():
                    if (
                        record.outcome == "timeout"
                        and record.created_at < cutoff
                        and "KeyboardInterrupt" not in record.y.term_out
                    ):
                        dropped += 1
                        continue
                    yield record

            kept.append(keep())
            print(f"dropped {dropped} timeout record(s) made without the deadline's interrupt")
            source = kept
        if args.out.exists():
            shutil.rmtree(args.out)
        report = refine_corpus(source, args.out, holdout_per_task=args.per_task, seed=args.seed)
        print("refine:", json.dumps(report.to_dict()))
    if not args.no_ship:
        print("ship:", json.dumps(ship_default(Corpus.open(args.out))))


if __name__ == "__main__":
    main()
