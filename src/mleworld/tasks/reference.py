"""The reference leaderboard of a factory-built task.

A factory task has no human teams to rank against, so it gets a reference
ladder instead: the reference solutions (reference_models.py) are fitted on
train, predict test, and are scored by the task's own grader on the hidden
answers. Entries placed between neighbouring solutions (with a seeded jitter,
denser near the top as on real leaderboards) fill the ladder to the requested
size. Every entry lies within the range the fitted solutions reached. The
ladder is written best first in MLE-bench's format (`score` column plus
`teamId`/`teamName`) and is documented as a reference, not as human teams
(`reference_note`).

Everything is seeded and scores are written to 6 significant digits, so the
same inputs give byte-identical files. This module owns fitting and scoring
the solutions in turn, the ladder and its note; it does not build features
(reference_features.py), define the models (reference_models.py), split data
or write the other task files (factory.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mleworld.tasks.encoding import Encoding
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
from mleworld.tasks.sample_submission import sample_values

if TYPE_CHECKING:
    from mleworld.tasks.task import Task

__all__ = [
    "Features",
    "Fitted",
    "build_leaderboard",
    "fit_references",
    "ladder",
    "reference_note",
]


@dataclass(frozen=True)
class Fitted:
    """One reference solution and the score the task's grader gave it."""

    name: str
    score: float


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
    train_x = dict(zip(("dense", "wide", "boost"), feats.transform(train_raw), strict=True))
    test_x = dict(zip(("dense", "wide", "boost"), feats.transform(test_raw), strict=True))
    n_test = len(test_raw)
    results: list[Fitted] = []

    def record(name: str, columns: dict[str, np.ndarray]) -> None:
        try:
            value = float(score(columns))
        except Exception:  # a reference that cannot be graded is left off the ladder
            return
        if np.isfinite(value):
            results.append(Fitted(name, value))

    record("constant-train-prior", problem.constant_columns(sample, n_test))
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
    return results


# -- the ladder ------------------------------------------------------------------


def _sig6(x: float) -> float:
    return float(f"{x:.6g}")


def ladder(fitted: list[Fitted], higher_is_better: bool, entries: int, seed: int) -> pd.DataFrame:
    """`entries` leaderboard rows, best first, spanning the fitted solutions' scores."""
    if not fitted:
        raise ValueError("no reference solution could be scored")
    ranked = sorted(fitted, key=lambda f: (f.score if higher_is_better else -f.score, f.name))
    scores = np.array([f.score for f in ranked])  # worst -> best
    rng = np.random.default_rng(seed + 2)
    rows: list[tuple[str, float, str]] = [
        (f"ref-{f.name}", f.score, f"fitted: {f.name}") for f in ranked
    ]
    extra = max(0, entries - len(rows))
    if extra:
        k = len(scores)
        positions = np.linspace(0.0, 1.0, k) if k > 1 else np.zeros(1)
        # Beta(2, 1) puts more entries near the top, as on real leaderboards.
        q = np.sort(rng.beta(2.0, 1.0, size=extra))
        segment = np.minimum((q * (k - 1)).astype(int), max(k - 2, 0))
        if k > 1:
            base = np.interp(q, positions, scores)
            gaps = np.abs(scores[np.minimum(segment + 1, k - 1)] - scores[segment])
        else:
            base, gaps = np.repeat(scores, extra), np.zeros(extra)
        # Jitter in proportion to the local gap keeps close solutions close.
        floor = 1e-4 * max(float(np.ptp(scores)), abs(float(scores[-1])), 1e-6)
        values = base + rng.normal(0.0, 1.0, size=extra) * (0.25 * gaps + floor)
        low, high = float(scores.min()), float(scores.max())
        values = np.where(values > high, 2 * high - values, values)
        values = np.clip(np.where(values < low, 2 * low - values, values), low, high)
        for i, (seg, value) in enumerate(zip(segment, values, strict=True)):
            lower, upper = ranked[seg].name, ranked[min(seg + 1, k - 1)].name
            rows.append((f"ref-mix-{i + 1:02d}", float(value), f"between {lower} and {upper}"))
    frame = pd.DataFrame(rows, columns=["teamName", "score", "reference"])
    frame["score"] = [_sig6(s) for s in frame["score"]]
    frame = frame.sort_values(
        ["score", "teamName"], ascending=[not higher_is_better, True], kind="mergesort"
    ).reset_index(drop=True)
    frame.insert(0, "teamId", np.arange(1, len(frame) + 1))
    return frame[["teamId", "teamName", "score", "reference"]]


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
) -> tuple[pd.DataFrame, list[Fitted]]:
    """Fit the reference solutions, grade them with the task's grader, build the ladder."""
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
    return ladder(fitted, encoding.metric.higher_is_better, entries, seed), fitted


def reference_note(fitted: list[Fitted], metric: Metric, entries: int) -> str:
    """private/README.md: what the leaderboard is and what each fitted solution scored."""
    best_first = sorted(fitted, key=lambda f: -f.score if metric.higher_is_better else f.score)
    lines = [
        "# Reference leaderboard",
        "",
        f"`leaderboard.csv` holds {entries} scores ({metric.name}, "
        f"{'higher' if metric.higher_is_better else 'lower'} is better), best first. They are "
        "NOT human teams: each `ref-<model>` row is a real reference solution fitted on "
        "public/train.csv and graded on answers.csv; each `ref-mix-NN` row is placed between two "
        "neighbouring solutions with a seeded jitter so the ladder reads like a real leaderboard. "
        "Medal thresholds computed on it measure progress against these references.",
        "",
        "| reference solution | score |",
        "|---|---|",
        *(f"| {f.name} | {_sig6(f.score):.6g} |" for f in best_first),
        "",
    ]
    return "\n".join(lines)
