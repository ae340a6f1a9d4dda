"""Import a competition prepared by MLE-bench as a task.

MLE-bench prepares a competition into `<prepared>/public/` (train/test files,
a sample submission, `description.md`) and `<prepared>/private/` (the answers,
usually `test.csv` or `answers.csv`); the leaderboard lives in MLE-bench's
repository (`mlebench/competitions/<id>/leaderboard.csv`). `import_mlebench`
turns that into a task in this project's layout:

- `public/` mirrors the prepared public files (hard links where the filesystem
  allows, copies otherwise), plus `public/sample_submission.csv` holding exactly
  the id and target columns the grader expects;
- `private/answers.csv` holds the id and target columns of MLE-bench's answers
  (True/False labels become 1/0 for probability metrics);
- `private/leaderboard.csv` is MLE-bench's leaderboard, copied;
- `description.md` is MLE-bench's description; `task.yaml` names the metric,
  id column, target columns and direction from `LITE` (the 22 MLE-bench Lite
  competitions, each checked against MLE-bench's own grader), or from explicit
  overrides for any other competition.

This module owns the competition table and the import; grading is grading.py's.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from mleworld import paths
from mleworld.errors import MleWorldError
from mleworld.tasks.metrics import get_metric
from mleworld.tasks.publish import require_valid, staged_directory
from mleworld.tasks.task import Task

IMPORTER = "mleworld.mlebench"


@dataclass(frozen=True)
class Competition:
    """How one MLE-bench competition maps onto a task."""

    id: str
    metric: str
    id_column: str
    # None: every column of the sample submission except the id (class columns)
    target_columns: tuple[str, ...] | None
    answers: str = "private/test.csv"  # relative to the prepared directory
    sample_submission: str = "public/sample_submission.csv"

    @property
    def direction(self) -> str:
        return get_metric(self.metric).direction


def _c(
    id: str,
    metric: str,
    id_column: str,
    targets: tuple[str, ...] | None,
    answers: str = "private/test.csv",
    sample: str = "public/sample_submission.csv",
) -> Competition:
    return Competition(id, metric, id_column, targets, answers, sample)


# The 22 competitions of MLE-bench Lite; answers/sample paths as in each
# competition's config.yaml, id and targets as its grade.py reads them.
LITE: dict[str, Competition] = {
    c.id: c
    for c in (
        _c("aerial-cactus-identification", "auc", "id", ("has_cactus",)),
        _c("aptos2019-blindness-detection", "qwk", "id_code", ("diagnosis",)),
        _c(
            "denoising-dirty-documents",
            "rmse",
            "id",
            ("value",),
            "private/answers.csv",
            "public/sampleSubmission.csv",
        ),
        _c(
            "detecting-insults-in-social-commentary",
            "auc",
            "Comment",
            ("Insult",),
            sample="public/sample_submission_null.csv",
        ),
        _c("dog-breed-identification", "logloss", "id", None),
        _c(
            "dogs-vs-cats-redux-kernels-edition", "logloss", "id", ("label",), "private/answers.csv"
        ),
        _c("histopathologic-cancer-detection", "auc", "id", ("label",), "private/answers.csv"),
        _c(
            "jigsaw-toxic-comment-classification-challenge",
            "auc_columnwise",
            "id",
            ("toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"),
        ),
        _c("leaf-classification", "logloss", "id", None),
        _c("mlsp-2013-birds", "auc", "Id", ("Probability",), "private/answers.csv"),
        _c("new-york-city-taxi-fare-prediction", "rmse", "key", ("fare_amount",)),
        _c(
            "nomad2018-predict-transparent-conductors",
            "rmsle_columnwise",
            "id",
            ("formation_energy_ev_natom", "bandgap_energy_ev"),
        ),
        _c(
            "plant-pathology-2020-fgvc7",
            "auc_columnwise",
            "image_id",
            ("healthy", "multiple_diseases", "rust", "scab"),
        ),
        _c(
            "random-acts-of-pizza",
            "auc",
            "request_id",
            ("requester_received_pizza",),
            sample="public/sampleSubmission.csv",
        ),
        _c("ranzcr-clip-catheter-line-classification", "auc_columnwise", "StudyInstanceUID", None),
        _c("siim-isic-melanoma-classification", "auc", "image_name", ("target",)),
        _c("spooky-author-identification", "logloss", "id", ("EAP", "HPL", "MWS")),
        _c("tabular-playground-series-dec-2021", "accuracy", "Id", ("Cover_Type",)),
        _c("tabular-playground-series-may-2022", "auc", "id", ("target",)),
        # The public sample is zipped; MLE-bench keeps a plain copy beside the answers.
        _c(
            "text-normalization-challenge-english-language",
            "accuracy",
            "id",
            ("after",),
            "private/answers.csv",
            "private/sample_submission.csv",
        ),
        _c(
            "text-normalization-challenge-russian-language",
            "accuracy",
            "id",
            ("after",),
            "private/answers.csv",
            "private/sample_submission.csv",
        ),
        _c(
            "the-icml-2013-whale-challenge-right-whale-redux",
            "auc",
            "clip",
            ("probability",),
            sample="public/sampleSubmission.csv",
        ),
    )
}


def competition_for(
    competition: str,
    metric: str | None = None,
    id_column: str | None = None,
    target_columns: tuple[str, ...] | None = None,
) -> Competition:
    """The table's entry for `competition`, with any overrides applied."""
    base = LITE.get(competition)
    if base is None:
        if not (metric and id_column):
            raise MleWorldError(
                f"competition {competition!r} is not one of the 22 MLE-bench Lite competitions; "
                "pass --metric and --id-column (and --target) to import it, or use one of: "
                + ", ".join(sorted(LITE))
            )
        base = Competition(competition, metric, id_column, target_columns)
    get_metric(metric or base.metric)
    return Competition(
        base.id,
        metric or base.metric,
        id_column or base.id_column,
        target_columns if target_columns is not None else base.target_columns,
        base.answers,
        base.sample_submission,
    )


def _find_answers(prepared: Path, comp: Competition) -> Path:
    candidates = [
        prepared / comp.answers,
        prepared / "private" / "answers.csv",
        prepared / "private" / "test.csv",
    ]
    for path in candidates:
        if path.is_file():
            return path
    raise MleWorldError(
        f"no answers file in {prepared / 'private'} (looked for {comp.answers}, answers.csv, "
        "test.csv); pass the `prepared` directory MLE-bench wrote"
    )


def _find_sample(prepared: Path, comp: Competition) -> Path:
    candidates = [
        prepared / comp.sample_submission,
        prepared / "public" / "sample_submission.csv",
        prepared / "public" / "sampleSubmission.csv",
        prepared / "private" / "sample_submission.csv",
    ]
    for path in candidates:
        if path.is_file():
            return path
    raise MleWorldError(
        f"no sample submission in {prepared / 'public'} (looked for {comp.sample_submission}); "
        "pass the `prepared` directory MLE-bench wrote"
    )


def _find_leaderboard(prepared: Path, leaderboard: Path | None, comp: Competition) -> Path:
    if leaderboard is not None:
        if not leaderboard.is_file():
            raise MleWorldError(f"leaderboard {leaderboard} does not exist; pass the CSV file")
        return leaderboard
    for path in (
        prepared / "private" / "leaderboard.csv",
        prepared / "leaderboard.csv",
        prepared.parent / "leaderboard.csv",
    ):
        if path.is_file():
            return path
    raise MleWorldError(
        f"no leaderboard.csv next to {prepared}; pass --leaderboard "
        f"<mle-bench>/mlebench/competitions/{comp.id}/leaderboard.csv"
    )


def _find_description(prepared: Path) -> Path | None:
    for path in (
        prepared / "public" / "description.md",
        prepared / "description.md",
        prepared.parent / "description.md",
    ):
        if path.is_file():
            return path
    return None


def _mirror(src: Path, dst: Path) -> None:
    """Recreate `src` under `dst`, hard-linking files (copying across filesystems)."""
    for root, dirs, files in os.walk(src):
        dirs.sort()
        rel = Path(root).relative_to(src)
        (dst / rel).mkdir(parents=True, exist_ok=True)
        for name in sorted(files):
            source, target = Path(root) / name, dst / rel / name
            try:
                os.link(source, target)
            except OSError:
                shutil.copy2(source, target)


def _read(path: Path, id_column: str) -> pd.DataFrame:
    try:
        return pd.read_csv(path, dtype={id_column: str}, keep_default_na=False, na_values=[""])
    except (ValueError, OSError, pd.errors.ParserError) as exc:
        raise MleWorldError(f"cannot read {path} ({str(exc).splitlines()[0]})") from None


def _as_numbers(column: pd.Series) -> pd.Series:
    """True/False (or "True"/"False") labels as 1/0; other values unchanged."""
    text = column.astype(str).str.strip().str.lower()
    if set(text.unique()) <= {"true", "false"}:
        return (text == "true").astype("int64")
    return column


def import_mlebench(
    prepared: str | Path,
    competition: str,
    out: str | Path | None = None,
    leaderboard: str | Path | None = None,
    *,
    metric: str | None = None,
    id_column: str | None = None,
    target_columns: tuple[str, ...] | None = None,
    overwrite: bool = False,
    validate: bool = True,
) -> Task:
    """Turn MLE-bench's prepared competition into a task at `out` (default: the cache)."""
    prepared = Path(prepared)
    if not (prepared / "public").is_dir() or not (prepared / "private").is_dir():
        raise MleWorldError(
            f"{prepared} is not a prepared MLE-bench competition (it needs public/ and private/); "
            "pass <data-dir>/<competition>/prepared"
        )
    comp = competition_for(competition, metric, id_column, target_columns)
    met = get_metric(comp.metric)
    answers_src = _find_answers(prepared, comp)
    sample_src = _find_sample(prepared, comp)
    board_src = _find_leaderboard(prepared, Path(leaderboard) if leaderboard else None, comp)
    description_src = _find_description(prepared)

    sample = _read(sample_src, comp.id_column)
    if comp.id_column not in sample.columns:
        raise MleWorldError(
            f"{sample_src.name} has no id column {comp.id_column!r} (columns: "
            f"{', '.join(map(str, sample.columns))}); pass --id-column"
        )
    targets = comp.target_columns or tuple(c for c in sample.columns if c != comp.id_column)
    answers = _read(answers_src, comp.id_column)
    missing = [c for c in (comp.id_column, *targets) if c not in answers.columns]
    if missing:
        raise MleWorldError(
            f"{answers_src} lacks column(s) {', '.join(missing)}; check --competition or --target"
        )
    missing = [c for c in targets if c not in sample.columns]
    if missing:
        raise MleWorldError(f"{sample_src} lacks target column(s) {', '.join(missing)}")
    answers = answers[[comp.id_column, *targets]].copy()
    sample = sample[[comp.id_column, *targets]].copy()
    if met.needs_numeric:
        for col in targets:
            answers[col] = _as_numbers(answers[col])
            sample[col] = _as_numbers(sample[col])

    destination = Path(out) if out is not None else paths.home() / "tasks" / comp.id
    if destination.exists() and any(destination.iterdir()) and not overwrite:
        raise MleWorldError(
            f"output directory {destination} is not empty; remove it or pass another --out"
        )
    with staged_directory(destination) as build:
        _mirror(prepared / "public", build / "public")
        public_sample = build / "public" / "sample_submission.csv"
        if public_sample.exists():
            public_sample.unlink()  # a hard link: never write through it into MLE-bench's copy
        sample.to_csv(public_sample, index=False, lineterminator="\n")
        (build / "private").mkdir()
        answers.to_csv(build / "private" / "answers.csv", index=False, lineterminator="\n")
        shutil.copyfile(board_src, build / "private" / "leaderboard.csv")
        public_description = build / "public" / "description.md"
        if description_src is not None:
            text = description_src.read_text(encoding="utf-8", errors="replace")
        else:
            text = (
                f"# {comp.id}\n\nMLE-bench competition `{comp.id}`. Predict "
                + ", ".join(f"`{c}`" for c in targets)
                + f" for each `{comp.id_column}` of the test data; scored with {met.name} "
                f"({met.description}; {'higher' if met.higher_is_better else 'lower'} is better). "
                "Write the columns of `sample_submission.csv`.\n"
            )
            public_description.write_text(text, encoding="utf-8")
        (build / "description.md").write_text(text, encoding="utf-8")
        task = Task(
            path=build,
            id=comp.id,
            name=comp.id,
            metric=met.name,
            direction=comp.direction,
            id_column=comp.id_column,
            target_columns=tuple(targets),
            source=f"mle-bench:{comp.id}",
            created_by=IMPORTER,
        )
        task.save()

    from dataclasses import replace

    task = replace(task, path=destination)
    if validate:
        require_valid(destination)
    return task
