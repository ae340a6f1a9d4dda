"""The four learned heads of the fast world model, each a LightGBM model plus a few numbers.

* `ClassHead`: a multiclass model over the classes seen often enough in
  training (rarer ones are `Other`), with a temperature fitted on held-out runs
  so its probabilities are calibrated.
* `RuntimeHead`: log runtime of a run that does not crash, with a Gaussian
  residual, so P(runtime > limit) follows any time limit a query gives.
* `MetricHead`: the metric as an offset from an anchor (the parent's metric,
  else the similarity-weighted metric of the nearest programs of the task, else
  the task median), in units of the task's metric spread; the offset is shrunk
  by a factor fitted on held-out runs, so a head that learned nothing leaves
  the anchor alone.
* `SubmissionHead`: whether the run leaves ./submission/submission.csv.

Each head fits on a training part, picks its rounds and calibration on the
held-out part, then refits on everything with those rounds. Saved as LightGBM
text models and JSON (persist.py).

This module owns fitting and applying the heads; which features they read is
features.py's business, how their outputs combine is model.py's.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from mleworld.world.fast.lgbm import (
    expect_consistent,
    fit_booster,
    lgbm_params,
    nll,
    predict_booster,
    softmax,
    within_tolerance,
)
from mleworld.world.fast.persist import load_booster, load_json, reading, save_booster, save_json

RUNTIME_COLUMNS = ("pred_log_runtime", "runtime_margin")


def with_runtime(X: np.ndarray, log_runtime: np.ndarray, limits: np.ndarray) -> np.ndarray:
    """The class head's input: the features plus the runtime head's estimate and its margin to the limit."""
    margin = np.log1p(limits) - log_runtime
    return np.hstack([X, log_runtime[:, None], margin[:, None]])


class ClassHead:
    """P(exception class | features) over `classes` (the last is `Other`)."""

    def __init__(
        self, classes: Sequence[str], booster: Any | None, temperature: float, prior: np.ndarray
    ) -> None:
        self.classes = list(classes)
        self.booster = booster
        self.temperature = float(temperature)
        self.prior = np.asarray(prior, dtype=np.float64)

    @classmethod
    def fit(
        cls,
        X: np.ndarray,
        labels: Sequence[str],
        classes: Sequence[str],
        fit_rows: np.ndarray,
        cal_rows: np.ndarray,
        *,
        seed: int = 0,
        threads: int = 1,
    ) -> tuple[ClassHead, dict[str, Any], np.ndarray | None]:
        """The head, a report, and the calibrated logits of the held-out rows (from the part model)."""
        index = {c: i for i, c in enumerate(classes)}
        y = np.array([index[c] for c in labels], dtype=np.int32)
        prior = (np.bincount(y, minlength=len(classes)) + 0.1) / (len(y) + 0.1 * len(classes))
        if len(set(y.tolist())) < 2:
            head = cls(classes, None, 1.0, prior)
            return head, {"rounds": 0, "temperature": 1.0}, head.raw(X[cal_rows])
        params = lgbm_params("multiclass", seed, threads, num_class=len(classes))
        part, full, rounds = fit_booster(params, X, y, fit_rows, cal_rows)
        temperature = 1.0
        report: dict[str, Any] = {"rounds": rounds}
        cal_raw = None
        if part is not None:
            raw = predict_booster(part, X[cal_rows], raw_score=True).reshape(len(cal_rows), -1)
            grid = np.exp(np.linspace(np.log(0.4), np.log(4.0), 61))
            losses = [nll(softmax(raw / t), y[cal_rows]) for t in grid]
            temperature = float(grid[int(np.argmin(losses))])
            report["cal_nll_raw"] = nll(softmax(raw), y[cal_rows])
            report["cal_nll"] = float(min(losses))
            report["cal_accuracy"] = float(np.mean(raw.argmax(axis=1) == y[cal_rows]))
            cal_raw = raw / temperature
        report["temperature"] = temperature
        return cls(classes, full, temperature, prior), report, cal_raw

    def raw(self, X: np.ndarray) -> np.ndarray:
        """Calibrated logits (n, classes); a constant prior when training saw a single class."""
        if self.booster is None:
            return np.tile(np.log(self.prior), (len(X), 1))
        raw = predict_booster(self.booster, X, raw_score=True).reshape(len(X), -1)
        return raw / self.temperature

    def save(self, directory: Path) -> None:
        if self.booster is not None:
            save_booster(directory / "class_head.txt", self.booster)
        save_json(
            directory / "class_head.json",
            {
                "classes": self.classes,
                "temperature": self.temperature,
                "prior": self.prior.tolist(),
                "has_booster": self.booster is not None,
            },
        )

    @classmethod
    def load(cls, directory: Path) -> ClassHead:
        with reading(directory / "class_head.json"):
            meta = load_json(directory / "class_head.json")
            booster = (
                load_booster(directory / "class_head.txt") if meta.get("has_booster") else None
            )
            classes = [str(c) for c in meta.get("classes", [])]
            expect_consistent(
                directory / "class_head.json",
                len(classes) >= 1 and len(meta.get("prior", [])) == len(classes),
            )
            if booster is not None:
                expect_consistent(
                    directory / "class_head.txt", booster.num_model_per_iteration() == len(classes)
                )
            return cls(
                classes, booster, float(meta.get("temperature", 1.0)), np.asarray(meta["prior"])
            )


class RuntimeHead:
    """log(1 + runtime) of a run that does not crash, and the chance it overruns a limit."""

    def __init__(
        self, booster: Any | None, mean: float, sigma: float, crash_log_runtime: float
    ) -> None:
        self.booster = booster
        self.mean = float(mean)
        self.sigma = float(sigma)
        self.crash_log_runtime = float(crash_log_runtime)

    @classmethod
    def fit(
        cls,
        X: np.ndarray,
        log_runtime: np.ndarray,
        timed_out: np.ndarray,
        crashed: np.ndarray,
        fit_rows: np.ndarray,
        cal_rows: np.ndarray,
        *,
        seed: int = 0,
        threads: int = 1,
    ) -> tuple[RuntimeHead, dict[str, Any], np.ndarray]:
        """The head, a report, and the part model's log runtimes of the held-out rows."""
        crash_log = float(np.median(log_runtime[crashed])) if crashed.any() else 0.5
        keep = ~crashed
        rows = np.flatnonzero(keep)
        if len(rows) < 10:
            mean = float(np.mean(log_runtime[rows])) if len(rows) else 1.0
            return cls(None, mean, 1.0, crash_log), {"rounds": 0}, np.full(len(cal_rows), mean)
        # A timeout ran at least to the limit: its runtime is known only from below.
        # Half a log unit past the limit is a fair central guess for a run that was cut.
        target = np.where(timed_out, log_runtime + 0.5, log_runtime)
        position = {r: i for i, r in enumerate(rows)}
        sub_fit = np.array([position[r] for r in fit_rows if keep[r]], dtype=np.int64)
        sub_cal = np.array([position[r] for r in cal_rows if keep[r]], dtype=np.int64)
        params = lgbm_params("huber", seed, threads, alpha=1.0)
        part, full, rounds = fit_booster(params, X[rows], target[rows], sub_fit, sub_cal)
        sigma = 0.6
        report: dict[str, Any] = {"rounds": rounds}
        cal_pred = (
            predict_booster(part, X[cal_rows])
            if part is not None
            else np.full(len(cal_rows), np.nan)
        )
        if part is not None and len(sub_cal) >= 5:
            cal = rows[sub_cal]
            finished = cal[~timed_out[cal]]
            if len(finished) >= 5:
                residual = log_runtime[finished] - predict_booster(part, X[finished])
                sigma = float(max(0.15, 1.4826 * np.median(np.abs(residual - np.median(residual)))))
                report["cal_mae_log"] = float(np.mean(np.abs(residual)))
        report["sigma"] = sigma
        return cls(full, float(np.mean(target[rows])), sigma, crash_log), report, cal_pred

    @staticmethod
    def out_of_fold(
        X: np.ndarray,
        log_runtime: np.ndarray,
        timed_out: np.ndarray,
        crashed: np.ndarray,
        groups: Sequence[str],
        *,
        folds: int = 4,
        rounds: int = 150,
        seed: int = 0,
        threads: int = 1,
    ) -> np.ndarray:
        """Each row's log runtime as predicted by a model that never saw its group (run).

        The class head reads the runtime estimate as a feature; on its training
        rows that estimate must come from models blind to them, or the class head
        would learn to trust it more than it deserves.
        """
        import lightgbm as lgb

        unique = sorted(set(groups))
        rng = np.random.default_rng(seed)
        fold_of_group = {g: i % folds for i, g in enumerate(rng.permutation(unique).tolist())}
        fold = np.array([fold_of_group[g] for g in groups])
        target = np.where(timed_out, log_runtime + 0.5, log_runtime)
        keep = ~crashed
        fallback = float(np.mean(target[keep])) if keep.any() else 1.0
        out = np.full(len(X), fallback)
        params = lgbm_params("huber", seed, threads, alpha=1.0)
        for f in range(folds):
            train = np.flatnonzero(keep & (fold != f))
            test = np.flatnonzero(fold == f)
            if len(train) < 10 or len(test) == 0:
                continue
            booster = lgb.train(
                params, lgb.Dataset(X[train], target[train]), num_boost_round=rounds
            )
            out[test] = predict_booster(booster, X[test])
        return out

    def log_runtime(self, X: np.ndarray) -> np.ndarray:
        if self.booster is None:
            return np.full(len(X), self.mean)
        return predict_booster(self.booster, X)

    def p_over(self, log_runtime: np.ndarray, limits: np.ndarray) -> np.ndarray:
        """P(runtime > limit) under a Gaussian on log(1 + runtime)."""
        from scipy.special import ndtr

        z = (np.log1p(limits) - log_runtime) / self.sigma
        return 1.0 - ndtr(z)

    def save(self, directory: Path) -> None:
        if self.booster is not None:
            save_booster(directory / "runtime_head.txt", self.booster)
        save_json(
            directory / "runtime_head.json",
            {
                "mean": self.mean,
                "sigma": self.sigma,
                "crash_log_runtime": self.crash_log_runtime,
                "has_booster": self.booster is not None,
            },
        )

    @classmethod
    def load(cls, directory: Path) -> RuntimeHead:
        with reading(directory / "runtime_head.json"):
            meta = load_json(directory / "runtime_head.json")
            booster = (
                load_booster(directory / "runtime_head.txt") if meta.get("has_booster") else None
            )
            return cls(
                booster, float(meta["mean"]), float(meta["sigma"]), float(meta["crash_log_runtime"])
            )


METRIC_EXTRA = (
    "anchor_kind",
    "anchor_log_abs",
    "rel_parent",
    "rel_nb",
    "rel_nb_top",
    "rel_task_median",
    "rel_family_median",
    "nb_metric_sim",
    "nb_metric_spread_rel",
    "nb_metric_count",
    "scale_rel",
)


class MetricHead:
    """The metric as anchor + shrink * scale * offset, the offset learned.

    The shrinkage is chosen separately for rows anchored on the parent's metric
    and for the others: an improve step usually lands near its parent, and an
    offset that helps drafts can only hurt there.
    """

    GROUPS = ("parent", "other")
    # The columns it reads: what a program models with (families, settings, preprocessing),
    # what the task is, and the metric candidates. Not the hashed tokens: a few hundred
    # metrics are too few to learn from thousands of sparse token columns.
    PREFIXES = (
        "family_",
        "max_",
        "min_learning_rate",
        "count_",
        "n_families",
        "log_work",
        "metric_",
        "lower_is_better",
        "stage_",
        "log_train_rows",
        "train_cols",
        "has_parent",
    )

    def __init__(
        self, booster: Any | None, shrink: dict[str, float], columns: Sequence[int] = ()
    ) -> None:
        self.booster = booster
        self.shrink = {g: float(shrink.get(g, 0.0)) for g in self.GROUPS}
        self.columns = np.asarray(list(columns), dtype=np.int64)

    @classmethod
    def select(cls, names: Sequence[str]) -> list[int]:
        """Indices of the metric head's columns among the feature names (the extras are always in)."""
        keep = [i for i, n in enumerate(names) if n.startswith(cls.PREFIXES)]
        return keep + list(range(len(names), len(names) + len(METRIC_EXTRA)))

    @staticmethod
    def groups(X: np.ndarray) -> np.ndarray:
        """Per row: True when its anchor is the parent's metric (the anchor-kind column)."""
        from mleworld.world.fast.anchor import KIND_PARENT

        return MetricHead.kinds(X) == KIND_PARENT

    @staticmethod
    def kinds(X: np.ndarray) -> np.ndarray:
        """Per row of the full metric matrix: its anchor's kind (anchor.py's KIND_*)."""
        return X[:, -len(METRIC_EXTRA) + METRIC_EXTRA.index("anchor_kind")]

    @classmethod
    def fit(
        cls,
        X: np.ndarray,
        target: np.ndarray,
        fit_rows: np.ndarray,
        cal_rows: np.ndarray,
        anchor: np.ndarray,
        scale: np.ndarray,
        observed: np.ndarray,
        *,
        names: Sequence[str],
        seed: int = 0,
        threads: int = 1,
    ) -> tuple[MetricHead, dict[str, Any]]:
        """`X`, `target` (the offset in scale units) etc. cover only rows with a metric and an anchor."""
        none = dict.fromkeys(cls.GROUPS, 0.0)
        columns = cls.select(names)
        if len(target) < 20:
            return cls(None, none, columns), {"rounds": 0, "shrink": none}
        clipped = np.clip(target, -5.0, 5.0)
        params = lgbm_params(
            "huber",
            seed,
            threads,
            alpha=0.5,
            num_leaves=4,
            min_data_in_leaf=20,
            learning_rate=0.03,
            lambda_l2=5.0,
        )
        kind = cls.kinds(X)
        part, full, rounds = fit_booster(params, X[:, columns], clipped, fit_rows, cal_rows)
        X = np.column_stack([X[:, columns], kind])
        shrink = dict(none)
        report: dict[str, Any] = {"rounds": rounds}
        if part is not None and len(cal_rows):
            offset = predict_booster(part, X[cal_rows, :-1])
            on_parent = X[cal_rows, -1] == _kind_parent()
            grid = np.linspace(0.0, 1.0, 11)
            for group, mask in (("parent", on_parent), ("other", ~on_parent)):
                if mask.sum() < 5:
                    continue
                rows = cal_rows[mask]
                hits = [
                    float(
                        np.mean(
                            within_tolerance(
                                anchor[rows] + s * scale[rows] * offset[mask], observed[rows]
                            )
                        )
                    )
                    for s in grid
                ]
                best = max(hits)
                # An offset must earn its place: it has to beat the bare anchor on the
                # held-out runs by a clear margin (2 points, and at least two programs),
                # and the least shrinkage that does as well is taken.
                margin = max(0.02, 2.0 / mask.sum())
                if best - hits[0] >= margin:
                    shrink[group] = float(
                        grid[min(i for i, h in enumerate(hits) if h >= best - 1e-9)]
                    )
                report[f"cal_within5_anchor_{group}"] = hits[0]
                report[f"cal_within5_{group}"] = best
                report[f"cal_rows_{group}"] = int(mask.sum())
        report["shrink"] = shrink
        report["columns"] = len(columns)
        booster = full if any(v > 0 for v in shrink.values()) else None
        return cls(booster, shrink, columns), report

    def offset(self, X: np.ndarray) -> np.ndarray:
        """The learned offset (in scale units) for rows of the full metric matrix."""
        if self.booster is None or len(X) == 0:
            return np.zeros(len(X))
        from mleworld.world.fast.anchor import KIND_REFERENCE

        factor = np.where(self.groups(X), self.shrink["parent"], self.shrink["other"])
        # A reference-anchored row (a task training never saw) keeps its anchor: no training
        # row had that anchor, so the offsets learned from the others would not apply.
        factor = np.where(self.kinds(X) == KIND_REFERENCE, 0.0, factor)
        return factor * predict_booster(self.booster, X[:, self.columns])

    def save(self, directory: Path) -> None:
        if self.booster is not None:
            save_booster(directory / "metric_head.txt", self.booster)
        save_json(
            directory / "metric_head.json",
            {
                "shrink": self.shrink,
                "columns": self.columns.tolist(),
                "has_booster": self.booster is not None,
            },
        )

    @classmethod
    def load(cls, directory: Path) -> MetricHead:
        with reading(directory / "metric_head.json"):
            meta = load_json(directory / "metric_head.json")
            shrink = meta.get("shrink")
            expect_consistent(
                directory / "metric_head.json",
                isinstance(shrink, dict)
                and all(isinstance(v, (int, float)) for v in shrink.values()),
            )
            columns = meta.get("columns", [])
            expect_consistent(
                directory / "metric_head.json",
                isinstance(columns, list) and all(isinstance(c, int) and c >= 0 for c in columns),
            )
            booster = (
                load_booster(directory / "metric_head.txt") if meta.get("has_booster") else None
            )
            if booster is not None:
                expect_consistent(
                    directory / "metric_head.txt", booster.num_feature() == len(columns)
                )
            return cls(booster, shrink, columns)


class SubmissionHead:
    """P(the run leaves a submission file), given how it ends and whether the program writes one.

    Whether ./submission/submission.csv exists after a run is almost decided by
    two things: whether the run got to its end (a crash or timeout usually comes
    before the write) and whether the program writes the file at all (static
    analysis). So the head is a table of smoothed rates per (outcome, writes)
    cell: robust where a learned model on a few hundred runs would chase noise.
    The flag a prediction reports is the cell of the outcome it predicts (`given`),
    so a predicted clean run that writes its file is said to leave it even where the
    class distribution is unsure.
    """

    OUTCOMES = ("clean", "crash", "timeout")
    WRITES = ("yes", "no", "unknown")

    def __init__(self, rates: dict[str, dict[str, float]]) -> None:
        self.rates = {o: {w: float(rates[o][w]) for w in self.WRITES} for o in self.OUTCOMES}

    @classmethod
    def fit(
        cls, outcomes: Sequence[str], writes: Sequence[bool | None], submitted: np.ndarray
    ) -> tuple[SubmissionHead, dict[str, Any]]:
        hits: dict[tuple[str, str], float] = {}
        counts: dict[tuple[str, str], float] = {}
        for outcome, wrote, sub in zip(outcomes, writes, submitted, strict=True):
            key = (outcome, cls._writes_key(wrote))
            hits[key] = hits.get(key, 0.0) + float(sub)
            counts[key] = counts.get(key, 0.0) + 1.0
        overall = {
            o: (sum(hits.get((o, w), 0.0) for w in cls.WRITES) + (0.9 if o == "clean" else 0.1))
            / (sum(counts.get((o, w), 0.0) for w in cls.WRITES) + 1.0)
            for o in cls.OUTCOMES
        }
        rates = {
            o: {
                # A program that never writes the file cannot leave one, whatever the corpus says.
                w: 0.01
                if w == "no" and counts.get((o, w), 0.0) == 0
                else (hits.get((o, w), 0.0) + 2.0 * overall[o]) / (counts.get((o, w), 0.0) + 2.0)
                for w in cls.WRITES
            }
            for o in cls.OUTCOMES
        }
        return cls(rates), {"rates": rates}

    @staticmethod
    def _writes_key(wrote: bool | None) -> str:
        return "unknown" if wrote is None else ("yes" if wrote else "no")

    def given(self, outcome: str, writes: bool | None) -> float:
        """P(a submission file) for a run that ends this way (clean, crash or timeout)."""
        return self.rates[outcome][self._writes_key(writes)]

    def save(self, directory: Path) -> None:
        save_json(directory / "submission_head.json", {"rates": self.rates})

    @classmethod
    def load(cls, directory: Path) -> SubmissionHead:
        with reading(directory / "submission_head.json"):
            rates = load_json(directory / "submission_head.json").get("rates")
            ok = isinstance(rates, dict) and all(
                isinstance(rates.get(o), dict)
                and all(isinstance(rates[o].get(w), (int, float)) for w in cls.WRITES)
                for o in cls.OUTCOMES
            )
            expect_consistent(directory / "submission_head.json", ok)
            return cls(rates)  # type: ignore[arg-type]


def _kind_parent() -> int:
    from mleworld.world.fast.anchor import KIND_PARENT

    return KIND_PARENT


__all__ = ["METRIC_EXTRA", "ClassHead", "MetricHead", "RuntimeHead", "SubmissionHead"]
