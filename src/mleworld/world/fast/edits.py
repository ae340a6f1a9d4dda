"""What a child program changed relative to its parent, and the head that prices those changes.

On an improve step the metric is anchored on the parent's metric, and the N
revisions of one parent share that anchor: only a prediction of what each
edit does can put them in order (best-of-N picks the top one). So for a
query with a parent, `edit_row` reads both programs' code facts and writes
their differences: the model family switched, log ratios of the settings
(trees, learning rate, depth, leaves, folds, regularisation, sampling),
changes in the counts of preprocessing steps (scaling, encoding, imputation,
text vectorising, validation schemes, feature blocks), a target transform
added or removed, the size of the diff, how strong the parent already is
within its task (a strong parent has less room), and how the task's typical
metric for the child's model family compares with the parent's (training
reads leave-run-out task statistics, so no run sees its own metrics there).

`EditHead` learns the change in the metric from those differences, oriented
so that a positive gain is an improvement whichever way the task's metric
points, in units of the task's metric spread. Its offset is shrunk by a
factor chosen on held-out runs, like the metric head's, but the factor is
judged by two things: the gains must order held-out edits better than chance
(a rank correlation with the real gains of two standard errors, or the head
stays off), and among the factors that keep
metric-within-5% at least as good as the bare parent anchor the largest is
taken. Any factor above zero keeps the order of siblings, which is what the
policies read; the factor only sets how far the numbers move.

This module owns the edit features and the edit head; model.py applies it on
rows anchored on the parent's metric, training/fast.py fits it.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.world.fast.code import code_facts, code_tokens, primary_family, strip_comments
from mleworld.world.fast.features import QueryFacts, TaskStats, task_metric
from mleworld.world.fast.lgbm import (
    expect_consistent,
    fit_booster,
    lgbm_params,
    predict_booster,
    within_tolerance,
)
from mleworld.world.fast.persist import load_booster, load_json, reading, save_booster, save_json
from mleworld.world.prediction import Query

# Settings compared as log(child / parent), from code.py's literal settings.
RATIO_SETTINGS = (
    "n_estimators",
    "learning_rate",
    "max_depth",
    "num_leaves",
    "min_child_samples",
    "n_splits",
    "max_iter",
    "epochs",
    "n_neighbors",
    "max_features",
    "test_size",
)
# Regularisation and sampling settings code.py does not read: keyword -> group.
_EXTRA_SETTINGS = {
    "alpha": "l_reg",
    "reg_alpha": "l_reg",
    "reg_lambda": "l_reg",
    "lambda_l1": "l_reg",
    "lambda_l2": "l_reg",
    "l2_leaf_reg": "l_reg",
    "l1_ratio": "l_reg",
    "C": "inverse_reg",
    "subsample": "sampling",
    "colsample_bytree": "sampling",
    "feature_fraction": "sampling",
    "bagging_fraction": "sampling",
    "max_samples": "sampling",
    "min_samples_split": "min_split",
}
EXTRA_GROUPS = ("l_reg", "inverse_reg", "sampling", "min_split")
_EXTRA_ASSIGN = re.compile(
    r"\b(" + "|".join(sorted(_EXTRA_SETTINGS, key=len, reverse=True)) + r")['\"]?\s*[=:]\s*"
    r"([0-9][0-9_]*(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?)"
)
# Counts whose change is an edit: preprocessing, validation, feature work, model calls.
COUNT_DELTAS = (
    "scaler",
    "encoder",
    "imputer",
    "text_vectorizer",
    "kfold",
    "cross_val",
    "split",
    "search_cv",
    "early_stopping",
    "pipeline",
    "groupby",
    "merge",
    "apply",
    "fit",
    "predict_proba",
    "def",
    "for",
    "column_literal",
)
_TARGET_TRANSFORM = ("log1p(", ".log1p(", "expm1(", ".expm1(", ".log(", "log(", "sqrt(", ".sqrt(")
_BLEND_TOKENS = (
    "VotingClassifier(",
    "VotingRegressor(",
    "StackingClassifier(",
    "StackingRegressor(",
)

EDIT_NAMES: tuple[str, ...] = (
    "edit_family_changed",
    "edit_n_families",
    "edit_blend",
    *(f"edit_log_{name}" for name in RATIO_SETTINGS),
    *(f"edit_set_{name}" for name in RATIO_SETTINGS),
    *(f"edit_log_{name}" for name in EXTRA_GROUPS),
    *(f"edit_set_{name}" for name in EXTRA_GROUPS),
    *(f"edit_count_{name}" for name in COUNT_DELTAS),
    "edit_target_transform",
    "edit_log_work",
    "edit_log_lines",
    "edit_lines_changed_frac",
    "parent_gain_z",
    "family_gain_child",
    "family_gain_parent",
    "family_gain_switch",
    "lower_is_better",
)


def _extra_settings(program: str) -> dict[str, float]:
    """The largest value each regularisation/sampling group is set to (absent groups left out)."""
    found: dict[str, float] = {}
    for match in _EXTRA_ASSIGN.finditer(program):
        try:
            value = float(match.group(2).replace("_", ""))
        except ValueError:
            continue
        group = _EXTRA_SETTINGS[match.group(1)]
        if math.isfinite(value):
            found[group] = max(found.get(group, value), value)
    return found


def _setting(facts: dict[str, float], name: str) -> float:
    key = "min_learning_rate" if name == "learning_rate" else f"max_{name}"
    return facts.get(key, math.nan)


def _log_ratio(child: float, parent: float) -> float:
    if not (math.isfinite(child) and math.isfinite(parent)) or child <= 0 or parent <= 0:
        return math.nan
    return math.log(child / parent)


def _presence(child: float, parent: float) -> float:
    """+1 the child sets it and the parent did not, -1 the other way, 0 no change in presence."""
    return float(math.isfinite(child)) - float(math.isfinite(parent))


@functools.lru_cache(maxsize=256)
def _parent_facts(
    program: str,
) -> tuple[str, list[str], dict[str, float], dict[str, float]]:
    """The parent's text facts; cached, since the N candidates of a step share one parent.

    Callers must not modify what comes back.
    """
    stripped = strip_comments(program)
    tokens = code_tokens(stripped)
    return stripped, tokens, code_facts(stripped, tokens), _extra_settings(stripped)


def edit_row(
    child: QueryFacts,
    parent_program: str,
    parent_gain_z: float,
    lower_is_better: bool | None,
    parent_metric: float = math.nan,
    stats: TaskStats | None = None,
) -> np.ndarray:
    """The child-minus-parent features of one query, in EDIT_NAMES order.

    With the parent's metric and the task's statistics, it also says how the
    task's median metric of the child's model family, and of the parent's,
    compare with the parent (oriented, in scale units): a switch to a family
    that does better on this task tends to help.
    """
    stripped, tokens, before, extra_before = _parent_facts(parent_program)
    after = child.facts
    sign = -1.0 if lower_is_better else 1.0
    family_child = family_parent = math.nan
    if stats is not None and math.isfinite(parent_metric) and stats.metric_scale > 0:
        medians = stats.family_metric
        spread = stats.metric_scale
        family_child = (
            sign * (medians.get(primary_family(after), math.nan) - parent_metric) / spread
        )
        family_parent = (
            sign * (medians.get(primary_family(before), math.nan) - parent_metric) / spread
        )
    extra_after = _extra_settings(child.stripped)
    blend_before = sum(tokens.count(t) for t in _BLEND_TOKENS)
    blend_after = sum(child.tokens.count(t) for t in _BLEND_TOKENS)
    transform_before = sum(tokens.count(t) for t in _TARGET_TRANSFORM)
    transform_after = sum(child.tokens.count(t) for t in _TARGET_TRANSFORM)
    lines_before = {line.strip() for line in stripped.splitlines() if line.strip()}
    lines_after = {line.strip() for line in child.stripped.splitlines() if line.strip()}
    changed = len(lines_before ^ lines_after) / max(1, len(lines_after))
    row: list[float] = [
        float(primary_family(after) != primary_family(before)),
        after["n_families"] - before["n_families"],
        float(blend_after - blend_before),
    ]
    row += [_log_ratio(_setting(after, n), _setting(before, n)) for n in RATIO_SETTINGS]
    row += [_presence(_setting(after, n), _setting(before, n)) for n in RATIO_SETTINGS]
    nan = math.nan
    row += [_log_ratio(extra_after.get(g, nan), extra_before.get(g, nan)) for g in EXTRA_GROUPS]
    row += [_presence(extra_after.get(g, nan), extra_before.get(g, nan)) for g in EXTRA_GROUPS]
    row += [after[f"count_{n}"] - before[f"count_{n}"] for n in COUNT_DELTAS]
    row += [
        float(transform_after - transform_before),
        after["log_work"] - before["log_work"],
        math.log1p(after["n_lines"]) - math.log1p(before["n_lines"]),
        changed,
        parent_gain_z,
        family_child,
        family_parent,
        family_child - family_parent,
        math.nan if lower_is_better is None else float(lower_is_better),
    ]
    return np.array(row, dtype=np.float64)


def edit_inputs(
    queries: Sequence[Query],
    facts: Sequence[QueryFacts],
    stats: Sequence[TaskStats | None] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """(edit features, direction) per query: NaN rows for queries without a parent program.

    The direction is +1 where a higher metric is better, -1 where lower is, so
    direction * (child - parent) is the gain.
    """
    X = np.full((len(queries), len(EDIT_NAMES)), np.nan)
    direction = np.ones(len(queries))
    for i, query in enumerate(queries):
        _, lower = task_metric(query)
        direction[i] = -1.0 if lower else 1.0
        parent = query.parent
        if parent is None or not parent.program:
            continue
        task = stats[i] if stats is not None else None
        gain_z = math.nan
        if (
            task is not None
            and parent.metric is not None
            and math.isfinite(parent.metric)
            and math.isfinite(task.metric_median)
            and math.isfinite(task.metric_scale)
            and task.metric_scale > 0
        ):
            gain_z = direction[i] * (parent.metric - task.metric_median) / task.metric_scale
        metric = parent.metric if parent.metric is not None else math.nan
        X[i] = edit_row(facts[i], parent.program, gain_z, lower, float(metric), task)
    return X, direction


def pair_order_accuracy(gain: np.ndarray, real: np.ndarray, groups: Sequence[Any]) -> float:
    """Share of pairs within a group whose predicted gains order them as the real gains do.

    Ties in the prediction count half; pairs with equal real gains are skipped. NaN with no pairs.
    """
    by_group: dict[Any, list[int]] = {}
    for i, g in enumerate(groups):
        by_group.setdefault(g, []).append(i)
    score, n = 0.0, 0
    for rows in by_group.values():
        for a, b in itertools.combinations(rows, 2):
            if real[a] == real[b]:
                continue
            n += 1
            if gain[a] == gain[b]:
                score += 0.5
            elif (gain[a] > gain[b]) == (real[a] > real[b]):
                score += 1.0
    return score / n if n else math.nan


def _spearman(a: np.ndarray, b: np.ndarray) -> float:
    """Rank correlation (average ranks for ties); 0 when either side is constant."""
    from scipy.stats import rankdata

    ra, rb = rankdata(a), rankdata(b)
    if len(a) < 3 or ra.std() == 0 or rb.std() == 0:
        return 0.0
    return float(np.corrcoef(ra, rb)[0, 1])


SHRINK_GRID = (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
MIN_ROWS = 40


class EditHead:
    """The oriented metric gain of an edit, in units of the task's metric spread, times a shrink."""

    def __init__(self, booster: Any | None, shrink: float) -> None:
        self.booster = booster
        self.shrink = float(shrink) if booster is not None else 0.0

    @classmethod
    def fit(
        cls,
        X: np.ndarray,
        gain: np.ndarray,
        direction: np.ndarray,
        scale: np.ndarray,
        *,
        fit_rows: np.ndarray | None = None,
        cal_rows: np.ndarray | None = None,
        anchor: np.ndarray | None = None,
        groups: Sequence[Any] | None = None,
        seed: int = 0,
        threads: int = 1,
    ) -> tuple[EditHead, dict[str, Any]]:
        """Fit on rows with a parent metric: `gain` = direction * (child - parent) / scale.

        With `cal_rows` (and `anchor`, the parent metrics, and `groups`, the task
        of each row) the shrink is chosen on them; without, the head is kept at
        full strength (the benchmark's out-of-fold use).
        """
        if len(gain) < MIN_ROWS:
            return cls(None, 0.0), {"rows": int(len(gain)), "shrink": 0.0}
        all_rows = np.arange(len(gain))
        fit_rows = all_rows if fit_rows is None else fit_rows
        cal = np.zeros(0, dtype=np.int64) if cal_rows is None else cal_rows
        clipped = np.clip(gain, -3.0, 3.0)
        params = lgbm_params(
            "huber",
            seed,
            threads,
            alpha=0.3,
            num_leaves=4,
            min_data_in_leaf=15,
            learning_rate=0.03,
            lambda_l2=5.0,
        )
        if not len(cal):
            import lightgbm as lgb

            booster = lgb.train(params, lgb.Dataset(X[fit_rows], clipped[fit_rows]), 150)
            return cls(booster, 1.0), {"rows": int(len(fit_rows)), "shrink": 1.0}
        part, full, rounds = fit_booster(params, X, clipped, fit_rows, cal)
        report: dict[str, Any] = {"rows": int(len(gain)), "rounds": rounds, "cal_rows": len(cal)}
        predicted = predict_booster(part, X[cal]) if part is not None else np.zeros(len(cal))
        tasks = list(groups) if groups is not None else [0] * len(gain)
        accuracy = pair_order_accuracy(predicted, gain[cal], [tasks[i] for i in cal])
        rho = _spearman(predicted, gain[cal])
        # Earned when the order agrees with the real gains by about two standard errors
        # of a rank correlation of that many rows (noise passes about one time in 40).
        needed = 2.0 / math.sqrt(max(len(cal) - 1, 1))
        report.update(cal_pair_accuracy=accuracy, cal_spearman=rho, spearman_needed=needed)
        shrink = 0.0
        if anchor is not None and rho >= needed and accuracy > 0.5:
            observed = anchor[cal] + direction[cal] * scale[cal] * gain[cal]

            def within(s: float) -> float:
                moved = anchor[cal] + direction[cal] * scale[cal] * s * predicted
                return float(np.mean(within_tolerance(moved, observed)))

            base = within(0.0)
            # The order is what best-of-N reads, and any factor keeps it; the factor only
            # decides how far numbers move, so it must not cost the anchor's closeness.
            fine = [s for s in SHRINK_GRID if within(s) >= base - 1e-9]
            shrink = max(fine) if fine else SHRINK_GRID[0]
            report["cal_within5_anchor"] = base
            report["cal_within5"] = within(shrink)
        report["shrink"] = shrink
        return cls(full if shrink > 0 else None, shrink), report

    def raw_gain(self, X: np.ndarray) -> np.ndarray:
        """The unshrunk gain (scale units); zeros when the head is off."""
        if self.booster is None or len(X) == 0:
            return np.zeros(len(X))
        return predict_booster(self.booster, X)

    def gain(self, X: np.ndarray) -> np.ndarray:
        """The shrunk gain the model adds to the parent's metric (times direction and scale)."""
        return self.shrink * self.raw_gain(X)

    @property
    def active(self) -> bool:
        return self.booster is not None and self.shrink > 0

    def save(self, directory: Path) -> None:
        if self.booster is not None:
            save_booster(directory / "edit_head.txt", self.booster)
        save_json(
            directory / "edit_head.json",
            {
                "shrink": self.shrink,
                "names": list(EDIT_NAMES),
                "has_booster": self.booster is not None,
            },
        )

    @classmethod
    def load(cls, directory: Path) -> EditHead:
        with reading(directory / "edit_head.json"):
            meta = load_json(directory / "edit_head.json")
            shrink = meta.get("shrink")
            expect_consistent(directory / "edit_head.json", isinstance(shrink, (int, float)))
            # A head trained on other edit features would read the wrong columns.
            expect_consistent(directory / "edit_head.json", meta.get("names") == list(EDIT_NAMES))
            booster = None
            if meta.get("has_booster"):
                booster = load_booster(directory / "edit_head.txt")
                expect_consistent(
                    directory / "edit_head.txt", booster.num_feature() == len(EDIT_NAMES)
                )
            return cls(booster, float(shrink))


__all__ = ["EDIT_NAMES", "EditHead", "edit_inputs", "edit_row", "pair_order_accuracy"]
