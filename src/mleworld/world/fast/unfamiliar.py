"""How unlike its training corpus a program is, and what that does to the class distribution.

A model trained on one writer's programs is sure of itself on another
writer's code for no reason: the trees never saw the difference, so nothing
in them lowers p_max. `Familiarity` measures the difference with a few numbers
in [0, 1] per program (`SIGNALS`):

* `tokens_unseen` / `calls_unseen`: the share of the program's distinct
  identifiers (calls) that no training program used;
* `imports_unseen`: libraries no training program imported (k / (k + 1));
* `sim_gap`: 1 - the cosine similarity of its nearest training program, any task;
* `task_unseen`: training saw no program of its task;
* `unfollowed`: how much of it static analysis could not follow (functions the
  walk never entered, imported modules it could not load);
* `dynamic`: constructs whose effect only shows at run time (getattr, eval,
  callbacks a library calls back, ...);
* `calls_lost`: the share of the calls the walk met whose callee it could not
  tell (a method of a value it lost track of).

`UnfamiliarCalibration` turns them into a distribution. The class head's
log-odds of a clean run, z, are blended with an *unfamiliar-code* reading of
them, z' = (1 - w) z + w (b0 + b . signals + b_z z), where the blend weight
w is a logistic step in a . signals (a >= 0) past a threshold t >= 0, shifted so
that it is 0 for a program nothing marks as unfamiliar (the head's own
distribution stands). The threshold lets a new task by the corpus' own writer,
whose few unseen identifiers are its columns and files, keep the head's
confidence (it is right there) while another writer's idioms move it (schema 2's
w = 1 - exp(-a . s) rose steepest at the first unseen identifier, so it could
not have both); the crash mass is spread
as (1 - w) x the head's crash classes + w x the classes unfamiliar programs
ended with. (A blend of probabilities was tried first: its unfamiliar part
learned to explain only the crashes, as a mixture's maximum-likelihood
components specialise, and p_max fell too little to calibrate anything.) All
of it is fitted by log loss on held-out runs that contain unfamiliar programs
(the in-distribution calibration runs, runs of tasks an out-of-fold head never
saw, and a set written by other hands, see training/fast_unfamiliar.py), so a
program like the training corpus keeps the head's distribution and one unlike
it gets the confidence programs like it earned.

This module owns the signals and the blend; where they enter the prediction
is model.py's business, what they are fitted on training/fast.py's.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import scipy.sparse as sp

from mleworld.world.fast.persist import load_json, reading, save_json

SIGNALS: tuple[str, ...] = (
    "tokens_unseen",
    "calls_unseen",
    "imports_unseen",
    "sim_gap",
    "task_unseen",
    "unfollowed",
    "dynamic",
    "calls_lost",
)
# Tokens (as code.code_tokens spells them) whose effect static analysis cannot see.
DYNAMIC_TOKENS = frozenset(
    {
        "getattr(",
        "setattr(",
        "hasattr(",
        "eval(",
        "exec(",
        "__import__(",
        "globals(",
        "locals(",
        "vars(",
        "importlib",
        "callbacks",
        "callback",
        ".register(",
        "partial(",
        ".pipe(",
        "yield",
        "async",
        "await",
        "threading",
        "multiprocessing",
    }
)
DYNAMIC_SATURATION = 4.0  # this many dynamic constructs count as fully dynamic
CALIBRATION_FILE = "unfamiliar.json"
_CHUNK = 256
_DENSE_ROWS = 16
L2 = 1e-3  # ridge on the unfamiliar reading's slopes, per calibration run
# A signal's weight saturates here: at 200, a share of 1% unseen identifiers already gives w = 0.86.
MAX_WEIGHT_COEF = 200.0
MAX_THRESHOLD = 30.0  # in units of a . signals


def _is_identifier(token: str) -> bool:
    return token[:1].isalpha() or token[:1] == "_" or token[:1] == "."


class Familiarity:
    """What the training corpus contained: its identifiers and its imports."""

    def __init__(self, tokens: Iterable[str], imports: Iterable[str]) -> None:
        self.tokens = frozenset(tokens)
        self.imports = frozenset(imports)

    @classmethod
    def from_vocabulary(cls, vocabulary: Iterable[str], imports: Iterable[str]) -> Familiarity:
        """From a TF-IDF vocabulary (unigrams and bigrams; only unigrams are kept)."""
        return cls((t for t in vocabulary if " " not in t), imports)

    def signals(
        self,
        tokens: Sequence[Sequence[str]],
        imports: Sequence[Sequence[str]],
        reports: Sequence[Any],
        nearest: np.ndarray,
        task_seen: Sequence[bool],
    ) -> np.ndarray:
        """One row of SIGNALS per program (`nearest`: max cosine to any training program, NaN: none)."""
        out = np.zeros((len(tokens), len(SIGNALS)), dtype=np.float64)
        for i, (toks, mods, report) in enumerate(zip(tokens, imports, reports, strict=True)):
            distinct = {t for t in toks if _is_identifier(t)}
            calls = {t for t in distinct if t.endswith("(")}
            unseen_imports = len({m for m in mods if m not in self.imports})
            dynamic = sum(1 for t in toks if t in DYNAMIC_TOKENS)
            out[i] = (
                _share(distinct, self.tokens),
                _share(calls, self.tokens),
                unseen_imports / (unseen_imports + 1.0),
                1.0 - float(nearest[i]) if math.isfinite(nearest[i]) else 1.0,
                0.0 if task_seen[i] else 1.0,
                unfollowed(report),
                min(1.0, dynamic / DYNAMIC_SATURATION),
                calls_lost(report),
            )
        return np.clip(out, 0.0, 1.0)


def _share(items: set[str], known: frozenset[str]) -> float:
    if not items:
        return 0.0
    return sum(1 for t in items if t not in known) / len(items)


def unfollowed(report: Any) -> float:
    """How much of the program static analysis could not follow, from its report's signals."""
    signals = getattr(report, "signals", None) or {}
    if signals.get("static_failed"):
        return 1.0
    walked = signals.get("functions_walked_share")
    missed = 0.0 if walked is None else 1.0 - float(walked)
    opaque = float(signals.get("opaque_imports", 0.0) or 0.0)
    return float(min(1.0, max(missed, opaque / (opaque + 1.0))))


def calls_lost(report: Any) -> float:
    """The share of the calls static analysis met whose callee it could not tell."""
    signals = getattr(report, "signals", None) or {}
    if signals.get("static_failed"):
        return 1.0
    return float(signals.get("calls_lost_share", 0.0) or 0.0)


def nearest_similarity(
    vectors: sp.csr_matrix,
    pool_matrix: sp.csr_matrix,
    pool_ids: Sequence[str],
    *,
    exclude_ids: Sequence[str] | None = None,
    max_sim: float | None = None,
) -> np.ndarray:
    """Per row: the highest cosine to any pool program (any task); NaN for an empty pool.

    `exclude_ids` and `max_sim` leave out a training row's own program and its
    near copies, as the per-task neighbour statistics do (neighbours.py).
    """
    n = vectors.shape[0]
    out = np.full(n, np.nan)
    if pool_matrix.shape[0] == 0 or n == 0:
        return out
    ids = np.asarray(pool_ids, dtype=object)
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        chunk = vectors[start:stop]
        if chunk.shape[0] <= _DENSE_ROWS:
            # A prediction's few rows: the pool times dense vectors is ~8x faster than a
            # sparse product, which walks (and for .T copies) the whole pool per call.
            sims = np.asarray(pool_matrix @ chunk.toarray().T).T
        else:
            sims = (chunk @ pool_matrix.T).toarray()
        if exclude_ids is not None:
            own = np.asarray(exclude_ids[start:stop], dtype=object)
            sims[own[:, None] == ids[None, :]] = -np.inf
        if max_sim is not None:
            sims[sims > max_sim] = -np.inf
        best = sims.max(axis=1)
        out[start:stop] = np.where(np.isfinite(best), best, np.nan)
    return out


def _sigmoid(z: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30.0, 30.0)))


def _weight(signals: np.ndarray, coef: np.ndarray, threshold: float) -> np.ndarray:
    """w in [0, 1): 0 where every signal is 0, rising with a . signals past `threshold` (>= 0).

    A logistic step, shifted and scaled so that w(0) = 0: with a threshold, a little
    unfamiliarity (a new task's own identifiers) leaves the head alone while more of it
    (another writer's idioms) moves the distribution; threshold 0 is tanh(a . s / 2).
    """
    x = np.maximum(signals @ coef, 0.0)
    floor = _sigmoid(np.array(-threshold))
    return np.clip((_sigmoid(x - threshold) - floor) / (1.0 - floor), 0.0, 1.0)


def _blend(
    probs: np.ndarray,
    signals: np.ndarray,
    weight_coef: np.ndarray,
    threshold: float,
    clean_coef: np.ndarray,
    shares: np.ndarray,
    c: int,
) -> np.ndarray:
    """The calibrated rows: clean log-odds blended towards the unfamiliar reading (module doc)."""
    w = _weight(signals, weight_coef, threshold)
    p_clean = np.clip(probs[:, c], 1e-6, 1 - 1e-6)
    z = np.log(p_clean / (1.0 - p_clean))
    z_unfamiliar = clean_coef[0] + signals @ clean_coef[1:-1] + clean_coef[-1] * z
    clean = _sigmoid((1.0 - w) * z + w * z_unfamiliar)
    rest = probs.copy()
    rest[:, c] = 0.0
    total = rest.sum(axis=1, keepdims=True)
    rest = np.where(total > 1e-12, rest / np.maximum(total, 1e-12), shares[None, :])
    rest = (1.0 - w)[:, None] * rest + w[:, None] * shares[None, :]
    out = (1.0 - clean)[:, None] * rest
    out[:, c] = clean
    return out


class UnfamiliarCalibration:
    """The blend of the head's distribution with the unfamiliar-code reading (module docstring)."""

    def __init__(
        self,
        classes: Sequence[str],
        weight_coef: Sequence[float],
        clean_coef: Sequence[float],
        shares: Sequence[float],
        clean_class: str,
        gate_threshold: float = 0.0,
    ) -> None:
        self.classes = list(classes)
        self.gate_threshold = float(gate_threshold)  # where the blend weight starts rising
        self.weight_coef = np.asarray(weight_coef, dtype=np.float64)  # a (SIGNALS), >= 0
        self.clean_coef = np.asarray(clean_coef, dtype=np.float64)  # b0, b (SIGNALS), b_z
        self.shares = np.asarray(shares, dtype=np.float64)  # over classes; 0 on the clean one
        self.clean_class = clean_class
        if len(self.weight_coef) != len(SIGNALS) or len(self.clean_coef) != len(SIGNALS) + 2:
            raise ValueError("calibration coefficients do not match the signals")
        if len(self.shares) != len(self.classes) or clean_class not in self.classes:
            raise ValueError("calibration shares do not match the classes")
        if not 0.0 <= self.gate_threshold <= MAX_THRESHOLD:
            raise ValueError(
                f"gate threshold {self.gate_threshold} is outside [0, {MAX_THRESHOLD}]"
            )

    @classmethod
    def identity(cls, classes: Sequence[str], clean_class: str) -> UnfamiliarCalibration:
        """A blend that leaves every distribution as it is (w = 0)."""
        weight = np.zeros(len(SIGNALS))
        shares = np.array([0.0 if c == clean_class else 1.0 for c in classes])
        clean = np.zeros(len(SIGNALS) + 2)
        clean[-1] = 1.0
        return cls(classes, weight, clean, shares / max(shares.sum(), 1.0), clean_class)

    @property
    def clean_index(self) -> int:
        return self.classes.index(self.clean_class)

    def weight(self, signals: np.ndarray) -> np.ndarray:
        """w per row: how far the distribution moves to the unfamiliar-code reading."""
        return _weight(signals, self.weight_coef, self.gate_threshold)

    def apply(self, probs: np.ndarray, signals: np.ndarray) -> np.ndarray:
        """The calibrated distribution (rows of `probs` over `classes`)."""
        if len(probs) == 0:
            return probs
        return _blend(
            probs,
            signals,
            self.weight_coef,
            self.gate_threshold,
            self.clean_coef,
            self.shares,
            self.clean_index,
        )

    @classmethod
    def fit(
        cls,
        classes: Sequence[str],
        clean_class: str,
        probs: np.ndarray,
        signals: np.ndarray,
        labels: np.ndarray,
        *,
        finding_class: np.ndarray | None = None,
        finding_weight: np.ndarray | None = None,
        unfamiliar_rows: np.ndarray | None = None,
        sample_weight: np.ndarray | None = None,
        l2: float = L2,
    ) -> tuple[UnfamiliarCalibration, dict[str, Any]]:
        """Fit the blend by log loss of the final distribution on calibration runs.

        `labels` index `classes`. A row whose static analysis proves a crash
        has that finding's share put on top (`finding_class` index or -1,
        `finding_weight`), as prediction does, so the blend is fitted on what
        the finding leaves. `unfamiliar_rows` (a boolean mask) names the rows
        whose crash classes set the unfamiliar-code shares; default: all.
        `sample_weight`: each row's weight in the log loss (default: equal).
        """
        from scipy.optimize import minimize

        n, k = probs.shape
        c = list(classes).index(clean_class)
        chosen = np.ones(n, dtype=bool) if unfamiliar_rows is None else unfamiliar_rows
        counts = np.bincount(labels[chosen], minlength=k).astype(float) + 0.5
        counts[c] = 0.0
        shares = counts / counts.sum()
        f_cls = np.full(n, -1) if finding_class is None else np.asarray(finding_class)
        f_w = np.zeros(n) if finding_weight is None else np.asarray(finding_weight, dtype=float)
        has = f_cls >= 0
        rows = np.arange(n)
        n_w = len(SIGNALS)
        sw = np.ones(n) if sample_weight is None else np.asarray(sample_weight, dtype=float)
        sw = sw / sw.sum()

        def loss(theta: np.ndarray) -> float:
            p = _blend(probs, signals, theta[:n_w], theta[n_w], theta[n_w + 1 :], shares, c)
            mixed = (1.0 - f_w)[:, None] * p
            mixed[rows[has], f_cls[has]] += f_w[has]
            right = mixed[rows, labels]
            # Ridge on the unfamiliar reading's slopes (b_z towards 1: the head's own log-odds);
            # the blend weights are bounded below by 0 instead.
            slopes = np.concatenate([theta[n_w + 2 : -1], [theta[-1] - 1.0]])
            return float(-(sw @ np.log(np.clip(right, 1e-9, None)))) + l2 * float(slopes @ slopes)

        # Start from "familiar unless the signals say otherwise", the unfamiliar reading
        # keeping the head's log-odds: the fit then moves only what the runs ask for. A
        # second start with a threshold, as the gate's step is not convex in it.
        identity = cls.identity(classes, clean_class)
        before = loss(np.concatenate([identity.weight_coef, [0.0], identity.clean_coef]))
        bounds = (
            [(0.0, MAX_WEIGHT_COEF)] * n_w + [(0.0, MAX_THRESHOLD)] + [(None, None)] * (n_w + 2)
        )
        result = None
        for scale, threshold in ((1.0, 0.0), (30.0, 4.0)):
            theta0 = np.concatenate([np.full(n_w, scale), [threshold], identity.clean_coef])
            tried = minimize(loss, theta0, method="L-BFGS-B", bounds=bounds)
            if result is None or tried.fun < result.fun:
                result = tried
        assert result is not None
        theta = result.x
        fitted = cls(classes, theta[:n_w], theta[n_w + 1 :], shares, clean_class, theta[n_w])
        report = {
            "rows": int(n),
            "unfamiliar_rows": int(chosen.sum()),
            "nll_head": before,
            "nll": float(result.fun),
            "weight_coef": dict(zip(SIGNALS, theta[:n_w].round(4).tolist(), strict=True)),
            "gate_threshold": round(float(theta[n_w]), 4),
            "clean_coef": dict(
                zip(("bias", *SIGNALS, "head"), theta[n_w + 1 :].round(4).tolist(), strict=True)
            ),
            "shares": {cl: round(float(v), 4) for cl, v in zip(classes, shares, strict=True) if v},
        }
        return fitted, report

    # --- persistence -----------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "classes": self.classes,
            "clean_class": self.clean_class,
            "signals": list(SIGNALS),
            "weight_coef": self.weight_coef.tolist(),
            "gate_threshold": self.gate_threshold,
            "clean_coef": self.clean_coef.tolist(),
            "shares": self.shares.tolist(),
        }

    def save(self, directory: Path) -> None:
        save_json(directory / CALIBRATION_FILE, self.to_dict())

    @classmethod
    def load(cls, directory: Path) -> UnfamiliarCalibration:
        path = directory / CALIBRATION_FILE
        with reading(path):
            data = load_json(path)
            if list(data["signals"]) != list(SIGNALS):
                raise ValueError(f"signals {data['signals']} are not {list(SIGNALS)}")
            return cls(
                [str(c) for c in data["classes"]],
                [float(v) for v in data["weight_coef"]],
                [float(v) for v in data["clean_coef"]],
                [float(v) for v in data["shares"]],
                str(data["clean_class"]),
                float(data["gate_threshold"]),
            )


__all__ = [
    "CALIBRATION_FILE",
    "SIGNALS",
    "Familiarity",
    "UnfamiliarCalibration",
    "nearest_similarity",
    "unfollowed",
]
