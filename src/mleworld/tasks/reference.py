"""The reference leaderboard of a factory-built task.

A factory task has no human teams to rank against, so it gets a reference
ladder instead: the reference solutions are fitted on train, predict test, and
are scored by the task's own grader on the hidden answers. They run from a
constant prediction through linear models, k-NN, trees and forests to
LightGBM (reference_models.py), and on to the strong top: cross-validated
boosters, a cross-validated linear model, a random forest with out-of-bag
predictions and their blend weighted on out-of-fold predictions
(reference_strong.py). Rows placed around them (reference_shape.py: how many
teams, and the crowded top and long weak tail of real leaderboards) fill the
ladder, which is written best first in MLE-bench's format (`score` column plus
`teamId`/`teamName`) and documented as a reference, not as human teams
(`reference_note`). The references' scores, the strong references' bootstrap
standard error and the team count go into task.yaml (reference_summary.py).

Everything is seeded and scores are written to 6 significant digits, so the
same inputs give byte-identical files. This module owns fitting and scoring
the solutions in turn, the bootstrap, assembling the ladder and its note; it
does not build features (reference_features.py), define the models
(reference_models.py, reference_strong.py), decide the ladder's shape
(reference_shape.py), split data or write the other task files (factory.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mleworld.tasks.encoding import Encoding
from mleworld.tasks.leaderboard import medal_positions
from mleworld.tasks.metrics import Metric
from mleworld.tasks.reference_features import Features
from mleworld.tasks.reference_models import (
    JointOutput,
    Problem,
    fit_joint,
    fit_one,
    model_specs,
    random_guess,
    tuned_lgbm,
)
from mleworld.tasks.reference_shape import CROWD_REFERENCES, Anchor, place_rungs
from mleworld.tasks.reference_strong import strong_references
from mleworld.tasks.reference_summary import CONSTANT, LadderSummary
from mleworld.tasks.sample_submission import sample_values

if TYPE_CHECKING:
    from mleworld.tasks.task import Task

__all__ = [
    "BOOTSTRAP_DRAWS",
    "Features",
    "Fitted",
    "build_leaderboard",
    "fit_references",
    "ladder",
    "reference_note",
]

BOOTSTRAP_DRAWS = 100


@dataclass(frozen=True)
class Fitted:
    """One reference solution, the score the task's grader gave it and its test columns."""

    name: str
    score: float
    columns: dict[str, np.ndarray] | None = field(default=None, compare=False, repr=False)


def fit_references(
    train_raw: pd.DataFrame,
    test_raw: pd.DataFrame,
    encoding: Encoding,
    feature_columns: list[str],
    score: Callable[[dict[str, np.ndarray]], float],
    sample: dict[str, Any],
    seed: int,
) -> list[Fitted]:
    """Fit every reference solution on train and score its test predictions."""
    problem = Problem(encoding, train_raw)
    feats = Features(feature_columns, seed).fit(train_raw)
    train_x = feats.transform(train_raw)
    test_x = feats.transform(test_raw)
    n_test = len(test_raw)
    results: list[Fitted] = []

    def record(name: str, columns: dict[str, np.ndarray]) -> None:
        try:
            value = float(score(columns))
        except Exception:  # a reference that cannot be graded is left off the ladder
            return
        if np.isfinite(value):
            results.append(Fitted(name, value, columns))

    record(CONSTANT, problem.constant_columns(sample, n_test))
    record("random-guess", random_guess(problem, n_test, seed))
    for spec in model_specs():
        x_tr, x_te = train_x[spec.matrix], test_x[spec.matrix]
        if spec.multi_output and len(problem.y) > 1:
            joint = fit_joint(spec.build(problem.is_clf, seed), x_tr, problem.y)
            cache: dict[str, Any] = {}
            record(
                spec.name, problem.predict(lambda j, m=joint, c=cache: JointOutput(m, j, c), x_te)
            )
            continue
        models = [fit_one(spec.build(problem.is_clf, seed), x_tr, y) for y in problem.y]
        record(spec.name, problem.predict(lambda j, models=models: models[j], x_te))
    tuned = [tuned_lgbm(problem, j, train_x["boost"], seed) for j in range(len(problem.y))]
    record("lightgbm-tuned", problem.predict(lambda j: tuned[j], test_x["boost"]))
    for strong in strong_references(problem, (train_x, test_x), feats.code_columns, seed):
        record(strong.name, problem.columns(strong.test))
    return results


# -- the ladder ------------------------------------------------------------------


def _sig6(x: float) -> float:
    return float(f"{x:.6g}")


def ladder(
    fitted: list[Fitted],
    higher_is_better: bool,
    entries: int,
    seed: int,
    *,
    score_se: float = 0.0,
    best_possible: float | None = None,
) -> pd.DataFrame:
    """`entries` leaderboard rows, best first: the references at least as good as the
    constant prediction and the rows reference_shape.py places around them."""
    if not fitted:
        raise ValueError("no reference solution could be scored")
    sign = 1.0 if higher_is_better else -1.0
    by_name = {f.name: f for f in fitted}
    floor = (
        by_name[CONSTANT].score * sign
        if CONSTANT in by_name
        else min(f.score * sign for f in fitted)
    )
    on = [f for f in fitted if f.score * sign >= floor]
    anchors = [Anchor(f.name, f.score * sign) for f in on]
    bound = np.inf if best_possible is None else best_possible * sign
    rungs = place_rungs(anchors, floor, score_se, bound, entries, seed)
    rows: list[tuple[str, float, str]] = [
        (f"ref-{f.name}", f.score, f"fitted: {f.name}") for f in on
    ]
    above = [r for r in rungs if r.reference.startswith("above")]
    between = [r for r in rungs if not r.reference.startswith("above")]
    rows += [
        (f"ref-above-{i + 1:02d}", r.goodness * sign, r.reference) for i, r in enumerate(above)
    ]
    rows += [
        (f"ref-mix-{i + 1:04d}", r.goodness * sign, r.reference) for i, r in enumerate(between)
    ]
    frame = pd.DataFrame(rows, columns=["teamName", "score", "reference"])
    frame["score"] = [_sig6(s) for s in frame["score"]]
    frame = frame.sort_values(
        ["score", "teamName"], ascending=[not higher_is_better, True], kind="mergesort"
    ).reset_index(drop=True)
    frame.insert(0, "teamId", np.arange(1, len(frame) + 1))
    return frame[["teamId", "teamName", "score", "reference"]]


def strongest(fitted: list[Fitted], higher_is_better: bool) -> Fitted:
    """The best-scoring reference (the first name among equal scores)."""
    return sorted(fitted, key=lambda f: (-f.score if higher_is_better else f.score, f.name))[0]


def bootstrap_se(
    columns: dict[str, np.ndarray], answers: pd.DataFrame, task: Task, score: float, seed: int
) -> float:
    """Standard error of a submission's test score (`score`, as the grader gave it) over
    resamples of the test rows.

    Resamples are scored with the task's metric on the aligned arrays, once that metric
    has been seen to reproduce the grader's score on all rows; otherwise each resample
    goes through the grader itself (rows renumbered so repeated rows stay distinct).
    """
    from mleworld.errors import MleWorldError
    from mleworld.tasks.grading import grade
    from mleworld.tasks.metrics import get_metric

    metric = get_metric(task.metric)
    targets = list(task.target_columns)
    submission = pd.DataFrame({name: columns[name] for name in targets})
    truth = answers[targets].reset_index(drop=True)
    y_true, y_pred = truth.to_numpy(), submission.to_numpy()
    if metric.needs_numeric:
        y_true, y_pred = y_true.astype(float), y_pred.astype(float)

    def direct(rows: np.ndarray) -> float:
        return float(metric(y_true[rows], y_pred[rows]))

    def graded(rows: np.ndarray) -> float:
        ids = np.arange(len(rows)).astype(str)
        sub = submission.iloc[rows].reset_index(drop=True)
        ans = truth.iloc[rows].reset_index(drop=True)
        sub.insert(0, task.id_column, ids)
        ans.insert(0, task.id_column, ids)
        return grade(sub, ans, task)

    n = len(truth)
    try:
        same = abs(direct(np.arange(n)) - score) <= 1e-9 * max(1.0, abs(score))
    except (MleWorldError, ValueError, TypeError):
        same = False
    score_rows = direct if same else graded
    rng = np.random.default_rng(seed + 5)
    scores = []
    for _ in range(BOOTSTRAP_DRAWS):
        rows = rng.integers(0, n, size=n)
        try:
            value = score_rows(rows)
        except (MleWorldError, ValueError):  # e.g. a resample with one class: AUC undefined
            continue
        if np.isfinite(value):
            scores.append(value)
    return float(np.std(scores, ddof=1)) if len(scores) > 1 else 0.0


def build_leaderboard(
    *,
    train_raw: pd.DataFrame,
    test_raw: pd.DataFrame,
    encoding: Encoding,
    feature_columns: list[str],
    answers: pd.DataFrame,
    task: Task,
    seed: int,
    entries: int,
) -> tuple[pd.DataFrame, list[Fitted], LadderSummary]:
    """Fit the reference solutions, grade them with the task's grader, build the ladder."""
    from mleworld.errors import MleWorldError
    from mleworld.tasks.grading import grade

    ids = answers[[task.id_column]].reset_index(drop=True)

    def score(columns: dict[str, np.ndarray]) -> float:
        submission = ids.copy()
        for name in task.target_columns:
            submission[name] = columns[name]
        return grade(submission, answers, task)

    fitted = fit_references(
        train_raw,
        test_raw,
        encoding,
        feature_columns,
        score,
        sample_values(encoding, train_raw),
        seed,
    )
    higher = encoding.metric.higher_is_better
    best = strongest(fitted, higher)
    # The SE a strong submission's test score has: the median over the strongest reference
    # and the two best of the crowd's anchors. One reference alone can be degenerate
    # (probabilities at the floor on every row give the same score on every resample).
    anchors = [f for f in fitted if f is not best and f.name in CROWD_REFERENCES]
    strong = [best, *sorted(anchors, key=lambda f: -f.score if higher else f.score)[:2]]
    se = float(
        np.median(
            [
                bootstrap_se(f.columns or {}, answers.reset_index(drop=True), task, f.score, seed)
                for f in strong
            ]
        )
    )
    try:  # the answers themselves, graded: the best score a submission can reach
        best_possible: float | None = float(grade(answers.copy(), answers, task))
    except MleWorldError:
        best_possible = None
    frame = ladder(fitted, higher, entries, seed, score_se=se, best_possible=best_possible)
    constant = next((f.score for f in fitted if f.name == CONSTANT), None)
    off = tuple(
        f.name
        for f in fitted
        if constant is not None and (f.score < constant if higher else f.score > constant)
    )
    summary = LadderSummary(
        teams=len(frame),
        strongest=best.name,
        score_se=_sig6(se),
        best_possible=None if best_possible is None else _sig6(best_possible),
        references={f.name: _sig6(f.score) for f in fitted},
        off_ladder=off,
    )
    return frame, fitted, summary


def reference_note(fitted: list[Fitted], metric: Metric, summary: LadderSummary) -> str:
    """private/README.md: what the leaderboard is and what each fitted solution scored."""
    best_first = sorted(fitted, key=lambda f: -f.score if metric.higher_is_better else f.score)
    gold, silver, bronze = medal_positions(summary.teams)
    off = set(summary.off_ladder)
    lines = [
        "# Reference leaderboard",
        "",
        f"`leaderboard.csv` holds {summary.teams} scores ({metric.name}, "
        f"{'higher' if metric.higher_is_better else 'lower'} is better), best first. They are "
        "NOT human teams: each `ref-<model>` row is a real reference solution fitted on "
        "public/train.csv and graded on answers.csv. The other rows are placed around them "
        "so the ladder reads like a real Kaggle leaderboard of that size: `ref-mix-NNNN` rows "
        "lie between two neighbouring references, half of them in a crowd between the weakest "
        "strong reference (tuned or cross-validated boosting, the blend) and the strongest, "
        "the rest in a tail thinning out towards the constant prediction; the "
        f"{gold - 1} `ref-above-NN` rows stand for teams that beat every reference and lie "
        f"within one test-set bootstrap standard error of a strong reference's score "
        f"({summary.score_se:.6g}) above the strongest "
        f"reference, `{summary.strongest}`, which sits at the gold position ({gold}; silver "
        f"{silver}, bronze {bronze}). Gold therefore requires at least matching the strongest "
        "reference.",
        "",
        "| reference solution | score | on the ladder |",
        "|---|---|---|",
        *(
            f"| {f.name} | {_sig6(f.score):.6g} | "
            f"{'no: worse than the constant prediction' if f.name in off else 'yes'} |"
            for f in best_first
        ),
        "",
    ]
    return "\n".join(lines)
