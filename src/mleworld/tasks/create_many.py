"""Many tasks at once: a folder of datasets and a manifest become a folder of checked tasks.

The manifest (YAML, JSON or CSV; `--manifest DIR` reads DIR/manifest.yaml,
.yml, .json or .csv) names one dataset a row: `name`, `data` (a CSV or Parquet
file, relative to the manifest), `target` (COL or COL1,COL2), `metric`,
`id_column` (optional), `split` (auto | stratified | random | group:COL |
time:COL; default auto, which is what the factory picks for the target), and
optionally `test_size`, `seed`, `positive_class`, `time_limit_s`, `about`. A
YAML or JSON manifest may give `defaults:` for every dataset.

Each task is built by the factory (factory.create_task) into OUT/NAME and kept
only if `validate_task` (every check `mleworld task validate` runs) finds
nothing; a task that fails is removed and excluded with its reasons. Known
failures are repaired once before giving up (REPAIRS: an id column that is not
a unique row id is renamed to `source_id`, and the factory numbers the rows),
and the repair is recorded. OUT/create_many.json reports what was kept and
excluded, and remembers each task's fingerprint (its manifest row and the
data file's hash): a rerun leaves a kept task whose fingerprint matches and
which still validates untouched, and rebuilds the rest, so it repairs only
what failed or changed. Builds run in parallel: processes, or Ray with
`executor="ray"`.
"""

from __future__ import annotations

import csv
import hashlib
import json
import shutil
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from mleworld.errors import MleWorldError
from mleworld.files import atomic_write_text
from mleworld.yamltext import load_yaml

REPORT_FILE = "create_many.json"
MANIFEST_NAMES = ("manifest.yaml", "manifest.yml", "manifest.json", "manifest.csv")
EXECUTORS = ("local", "ray")
_FIELDS = (
    "name",
    "data",
    "target",
    "metric",
    "id_column",
    "split",
    "test_size",
    "seed",
    "positive_class",
    "time_limit_s",
    "about",
)
FACTORY_KEY = "manifest_fingerprint"


@dataclass(frozen=True)
class Entry:
    """One dataset of the manifest, with its data path made absolute."""

    name: str
    data: str
    target: str
    metric: str
    id_column: str | None = None
    split: str = "auto"
    test_size: float = 0.2
    seed: int = 0
    positive_class: str | None = None
    time_limit_s: float = 600.0
    about: str = ""

    @property
    def group_column(self) -> str | None:
        return self.split.split(":", 1)[1] if self.split.startswith("group:") else None

    @property
    def time_column(self) -> str | None:
        return self.split.split(":", 1)[1] if self.split.startswith("time:") else None

    def fingerprint(self) -> str:
        digest = hashlib.sha256(json.dumps(asdict(self), sort_keys=True).encode())
        path = Path(self.data)
        if path.is_file():
            with open(path, "rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
        return digest.hexdigest()[:16]


# --- the manifest ------------------------------------------------------------------------


def _manifest_file(path: Path) -> Path:
    if path.is_dir():
        for name in MANIFEST_NAMES:
            if (path / name).is_file():
                return path / name
        raise MleWorldError(
            f"{path} holds no manifest; add one of {', '.join(MANIFEST_NAMES)} or pass the file"
        )
    if not path.is_file():
        raise MleWorldError(f"manifest {path} does not exist; pass a manifest file or folder")
    return path


def _rows(path: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".csv":
        rows = [dict(r) for r in csv.DictReader(text.splitlines())]
        return [{k: v for k, v in r.items() if v not in ("", None)} for r in rows], {}
    try:
        data = json.loads(text) if path.suffix.lower() == ".json" else load_yaml(text)
    except Exception as exc:  # YAML and JSON parsers raise many kinds
        raise MleWorldError(
            f"manifest {path} cannot be read ({type(exc).__name__}); fix its syntax"
        ) from None
    if isinstance(data, list):
        return data, {}
    if not isinstance(data, dict) or not isinstance(data.get("datasets"), list):
        raise MleWorldError(f"manifest {path} needs a `datasets:` list (one entry per dataset)")
    defaults = data.get("defaults") or {}
    if not isinstance(defaults, dict):
        raise MleWorldError(f"manifest {path}: `defaults:` must be a mapping")
    return data["datasets"], defaults


def read_manifest(path: str | Path) -> list[Entry]:
    """The manifest's entries; MleWorldError naming the row and field that is wrong."""
    source = _manifest_file(Path(path))
    rows, defaults = _rows(source)
    entries: list[Entry] = []
    for number, row in enumerate(rows, start=1):
        where = f"manifest {source} entry {number}"
        if not isinstance(row, dict):
            raise MleWorldError(f"{where} is not a mapping of name, data, target, metric, ...")
        merged = {**defaults, **row}
        unknown = sorted(set(merged) - set(_FIELDS))
        if unknown:
            raise MleWorldError(
                f"{where}: unknown field(s) {', '.join(unknown)}; known: {', '.join(_FIELDS)}"
            )
        missing = [k for k in ("name", "data", "target", "metric") if not merged.get(k)]
        if missing:
            raise MleWorldError(f"{where} lacks {', '.join(missing)}; every dataset needs them")
        target = merged["target"]
        merged["target"] = ",".join(target) if isinstance(target, list) else str(target)
        merged["data"] = str((source.parent / str(merged["data"])).resolve())
        split = str(merged.get("split") or "auto")
        if split not in ("auto", "stratified", "random") and not split.startswith(
            ("group:", "time:")
        ):
            raise MleWorldError(
                f"{where}: split {split!r} is not auto, stratified, random, group:COL or time:COL"
            )
        merged["split"] = split
        try:
            for key, kind in (("test_size", float), ("seed", int), ("time_limit_s", float)):
                if key in merged:
                    merged[key] = kind(merged[key])
        except (TypeError, ValueError):
            raise MleWorldError(f"{where}: {key} must be a number") from None
        for key in ("name", "metric", "id_column", "positive_class", "about"):
            if merged.get(key) is not None:
                merged[key] = str(merged[key])
        entries.append(Entry(**merged))
    names = [e.name for e in entries]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise MleWorldError(
            f"manifest {source} names {', '.join(repeated)} more than once; give each task its own name"
        )
    if not entries:
        raise MleWorldError(f"manifest {source} lists no datasets")
    return entries


# --- building one task ----------------------------------------------------------------------


@dataclass(frozen=True)
class Repair:
    name: str
    matches: Callable[[str], bool]
    apply: Callable[[Any, Entry], tuple[Any, Entry]]


def _rename_bad_id(frame: Any, entry: Entry) -> tuple[Any, Entry]:
    column = entry.id_column or "id"
    return frame.rename(columns={column: "source_id"}), replace(entry, id_column=None)


REPAIRS: tuple[Repair, ...] = (
    Repair(
        "the id column was not a unique row id: kept as feature source_id, rows numbered",
        lambda error: "not a unique row id" in error or "missing or repeated values" in error,
        _rename_bad_id,
    ),
)


def build_one(entry: Entry, out_root: str) -> dict[str, Any]:
    """Build, validate and (on failure) remove one task; never raises for the task's faults."""
    from mleworld.tasks.factory import create_task, read_table
    from mleworld.tasks.task import load_task
    from mleworld.tasks.validation import validate_task

    out = Path(out_root) / entry.name
    result: dict[str, Any] = {"name": entry.name, "fingerprint": entry.fingerprint(), "repairs": []}
    try:
        frame = read_table(entry.data)
    except MleWorldError as exc:
        return result | {"status": "excluded", "reasons": [str(exc)]}
    current = entry
    reasons: list[str] = []
    for attempt in range(len(REPAIRS) + 1):
        try:
            create_task(
                frame,
                target=current.target,
                metric=current.metric,
                name=current.name,
                out=out,
                id_column=current.id_column,
                group_column=current.group_column,
                time_column=current.time_column,
                test_size=current.test_size,
                seed=current.seed,
                source=str(entry.data),
                about=current.about,
                positive_class=current.positive_class,
                time_limit_s=current.time_limit_s,
                overwrite=True,
                validate=False,
                extra={FACTORY_KEY: result["fingerprint"]},
            )
        except MleWorldError as exc:
            reasons = [str(exc)]
            repair = next(
                (r for r in REPAIRS if r.matches(str(exc)) and r.name not in result["repairs"]),
                None,
            )
            if repair is None or attempt == len(REPAIRS):
                break
            frame, current = repair.apply(frame, current)
            result["repairs"].append(repair.name)
            continue
        reasons = validate_task(out)
        if not reasons and current.split in ("stratified", "random"):
            made = load_task(out).extra.get("split")
            if made != current.split:
                reasons = [
                    f"split {current.split} was asked for but the factory split {made} "
                    f"(it stratifies classification targets only); use split: auto or {made}"
                ]
        break
    if reasons:
        shutil.rmtree(out, ignore_errors=True)
        return result | {"status": "excluded", "reasons": reasons}
    task = load_task(out)
    return result | {
        "status": "kept",
        "reasons": [],
        "path": str(out),
        "metric": task.metric,
        "split": task.extra.get("split"),
        "rows": task.extra.get("rows"),
    }


# --- many ---------------------------------------------------------------------------------


def _still_good(entry: Entry, previous: dict[str, Any] | None, out_root: Path) -> bool:
    """A kept task from an earlier run that nothing changed and that still validates."""
    from mleworld.tasks.task import load_task
    from mleworld.tasks.validation import validate_task

    if not previous or previous.get("status") != "kept":
        return False
    if previous.get("fingerprint") != entry.fingerprint():
        return False
    directory = out_root / entry.name
    try:
        if load_task(directory).extra.get(FACTORY_KEY) != previous["fingerprint"]:
            return False
    except MleWorldError:
        return False
    return not validate_task(directory)


def _run_ray(todo: list[Entry], out: str, workers: int) -> list[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise MleWorldError(
            "--executor ray needs Ray; install it with `pip install 'mleworld[ray]'`"
        ) from None
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(num_cpus=1)(build_one)
        return list(ray.get([remote.remote(entry, out) for entry in todo]))
    finally:
        if started:
            ray.shutdown()


def create_many(
    manifest: str | Path,
    out: str | Path,
    *,
    workers: int = 1,
    executor: str = "local",
) -> dict[str, Any]:
    """Build every task the manifest lists into `out`; return (and write) the report."""
    if executor not in EXECUTORS:
        raise MleWorldError(f"unknown executor {executor!r}; use one of: {', '.join(EXECUTORS)}")
    if workers < 1:
        raise MleWorldError("--workers must be at least 1")
    entries = read_manifest(manifest)
    out_root = Path(out)
    out_root.mkdir(parents=True, exist_ok=True)
    report_path = out_root / REPORT_FILE
    previous: dict[str, dict[str, Any]] = {}
    if report_path.is_file():
        try:
            previous = {t["name"]: t for t in json.loads(report_path.read_text())["tasks"]}
        except (ValueError, KeyError, TypeError):
            previous = {}  # an unreadable report: rebuild everything
    results: dict[str, dict[str, Any]] = {}
    todo: list[Entry] = []
    for entry in entries:
        if _still_good(entry, previous.get(entry.name), out_root):
            results[entry.name] = previous[entry.name] | {"rebuilt": False}
        else:
            todo.append(entry)
    if executor == "ray" and todo:
        built = _run_ray(todo, str(out_root), workers)
    elif workers > 1 and len(todo) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(todo))) as pool:
            built = list(pool.map(build_one, todo, [str(out_root)] * len(todo)))
    else:
        built = [build_one(entry, str(out_root)) for entry in todo]
    for result in built:
        results[result["name"]] = result | {"rebuilt": True}
    tasks = [results[e.name] for e in entries]
    report = {
        "manifest": str(Path(manifest).resolve()),
        "kept": [t["name"] for t in tasks if t["status"] == "kept"],
        "excluded": {t["name"]: t["reasons"] for t in tasks if t["status"] == "excluded"},
        "rebuilt": [t["name"] for t in tasks if t["rebuilt"]],
        "tasks": tasks,
    }
    atomic_write_text(report_path, json.dumps(report, indent=2) + "\n")
    return report


def write_suite_manifest(names: list[str], folder: str | Path) -> Path:
    """Write bundled suite datasets as CSV files plus the manifest that builds them as the
    suite does (same target, metric, split, positive class, time limit); returns the manifest."""
    import yaml

    from mleworld.tasks.suite import get_entry

    root = Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    datasets = []
    for name in names:
        entry = get_entry(name)
        entry.load().to_csv(root / f"{name}.csv", index=False)
        split = "auto"
        if entry.group_column:
            split = f"group:{entry.group_column}"
        elif entry.time_column:
            split = f"time:{entry.time_column}"
        row: dict[str, Any] = {
            "name": name,
            "data": f"{name}.csv",
            "target": ",".join(entry.target),
            "metric": entry.metric,
            "split": split,
            "time_limit_s": entry.time_limit_s,
            "about": entry.about,
        }
        if entry.positive_class is not None:
            row["positive_class"] = entry.positive_class
        datasets.append(row)
    path = root / "manifest.yaml"
    path.write_text(yaml.safe_dump({"datasets": datasets}, sort_keys=False), encoding="utf-8")
    return path


__all__ = [
    "REPAIRS",
    "REPORT_FILE",
    "Entry",
    "build_one",
    "create_many",
    "read_manifest",
    "write_suite_manifest",
]
