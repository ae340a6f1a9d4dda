"""The reference leaderboard of a factory-built task.

A factory task has no human teams to rank against, so it gets a reference
ladder instead: about a dozen real solutions of increasing strength (constant
and prior predictions, a random guess, regularised linear models, k-nearest
neighbours, decision trees of depth 2/4/8, small and large random forests,
extra trees, LightGBM with defaults and LightGBM tuned on a holdout of train)
are fitted on train, predict test, and are scored by the task's own grader on
the hidden answers. Entries placed between neighbouring solutions (with a
seeded jitter, denser near the top as on real leaderboards) fill the ladder to
the requested size. Every entry lies within the range the fitted solutions
reached. The ladder is written best first in MLE-bench's format (`score`
column plus `teamId`/`teamName`) and is documented as a reference, not as
human teams.

Everything is seeded and single-threaded (LightGBM `deterministic=True`,
`n_jobs=1`) and scores are written to 6 significant digits, so the same inputs
give byte-identical files. This module owns the feature matrix these models
use, the models and the ladder; it does not split data or write the other
task files (factory.py).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd
from scipy import sparse

from mleworld.tasks.describe import BOOLEAN, CATEGORICAL, DATETIME, NUMERIC, TEXT, column_kinds
from mleworld.tasks.factory import (
    BINARY,
    LABEL,
    MULTILABEL,
    NUMBER,
    ONEHOT,
    Encoding,
    sample_values,
)
from mleworld.tasks.metrics import Metric

if TYPE_CHECKING:
    from mleworld.tasks.task import Task

_TOP_LEVELS = 30
_TFIDF_FEATURES = 1000
_SVD_COMPONENTS = 32
_BOOST_TERMS = 300
_PROB_FLOOR = 1e-3  # how far a reference solution keeps probabilities from 0 and 1


@dataclass(frozen=True)
class Fitted:
    """One reference solution and the score the task's grader gave it."""

    name: str
    score: float


# -- features --------------------------------------------------------------------


class Features:
    """Numeric, one-hot, date-part and text features fitted on train, applied to test.

    `dense` serves trees, forests and k-NN (text via a 32-dim SVD of TF-IDF);
    `wide` (dense plus the sparse TF-IDF itself) serves linear models; `boost`
    (dense plus the 300 most frequent terms) serves LightGBM.
    """

    def __init__(self, columns: list[str], seed: int) -> None:
        self.columns = columns
        self.seed = seed

    def fit(self, frame: pd.DataFrame) -> Features:
        from sklearn.decomposition import TruncatedSVD
        from sklearn.feature_extraction.text import TfidfVectorizer

        self.kinds = column_kinds(frame[self.columns])
        self.levels: dict[str, list[str]] = {}
        self.text: dict[str, tuple[Any, Any]] = {}
        for col, kind in self.kinds.items():
            if kind == CATEGORICAL:
                counts = frame[col].dropna().astype(str).value_counts()
                ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
                self.levels[col] = [k for k, _ in ordered[:_TOP_LEVELS]]
            elif kind == TEXT:
                docs = frame[col].fillna("").astype(str)
                vec = TfidfVectorizer(
                    max_features=_TFIDF_FEATURES, min_df=2, sublinear_tf=True, dtype=np.float64
                )
                try:
                    matrix = vec.fit_transform(docs)
                except ValueError:  # no token reaches min_df
                    vec = TfidfVectorizer(max_features=_TFIDF_FEATURES, dtype=np.float64)
                    matrix = vec.fit_transform(docs)
                k = max(1, min(_SVD_COMPONENTS, matrix.shape[1] - 1, matrix.shape[0] - 1))
                svd = TruncatedSVD(n_components=k, random_state=self.seed).fit(matrix)
                # Boosting gets only the most frequent terms: its cost grows with columns.
                df = np.asarray((matrix > 0).sum(axis=0)).ravel()
                top = np.sort(np.argsort(-df, kind="stable")[:_BOOST_TERMS])
                self.text[col] = (vec, svd, top)
        numeric = self._numeric_block(frame)
        with warnings.catch_warnings():  # an all-missing column has no median; 0 stands in
            warnings.simplefilter("ignore", RuntimeWarning)
            self.medians = np.nanmedian(np.where(np.isfinite(numeric), numeric, np.nan), axis=0)
        self.medians = np.where(np.isfinite(self.medians), self.medians, 0.0)
        filled = self._fill(numeric)
        self.mean = filled.mean(axis=0) if filled.size else np.zeros(filled.shape[1])
        std = filled.std(axis=0) if filled.size else np.ones(filled.shape[1])
        self.std = np.where(std > 0, std, 1.0)
        return self

    def _numeric_block(self, frame: pd.DataFrame) -> np.ndarray:
        parts: list[np.ndarray] = []
        for col, kind in self.kinds.items():
            values = frame[col]
            if kind in (NUMERIC, BOOLEAN):
                parts.append(
                    pd.to_numeric(values, errors="coerce").astype(float).to_numpy()[:, None]
                )
            elif kind == DATETIME:
                when = pd.to_datetime(values, errors="coerce")
                days = (when - pd.Timestamp("1970-01-01")).dt.total_seconds() / 86400.0
                parts.append(
                    np.column_stack(
                        [
                            days.to_numpy(dtype=float),
                            when.dt.year.to_numpy(dtype=float),
                            when.dt.month.to_numpy(dtype=float),
                            when.dt.day.to_numpy(dtype=float),
                            when.dt.day_of_week.to_numpy(dtype=float),
                            when.dt.day_of_year.to_numpy(dtype=float),
                        ]
                    )
                )
        if not parts:
            return np.zeros((len(frame), 0))
        return np.hstack(parts)

    def _fill(self, numeric: np.ndarray) -> np.ndarray:
        bad = ~np.isfinite(numeric)
        if bad.any():
            numeric = numeric.copy()
            numeric[bad] = np.take(self.medians, np.nonzero(bad)[1])
        return numeric

    def transform(
        self, frame: pd.DataFrame
    ) -> tuple[np.ndarray, sparse.csr_matrix, sparse.csr_matrix]:
        """(dense, wide, boost) matrices for rows of `frame`."""
        blocks = [(self._fill(self._numeric_block(frame)) - self.mean) / self.std]
        for col, levels in self.levels.items():
            values = frame[col].astype(str).where(frame[col].notna(), None)
            blocks.append(
                np.column_stack([(values == lv).to_numpy(dtype=float) for lv in levels])
                if levels
                else np.zeros((len(frame), 0))
            )
        tfidf, frequent = [], []
        for col, (vec, svd, top) in self.text.items():
            matrix = vec.transform(frame[col].fillna("").astype(str))
            blocks.append(svd.transform(matrix))
            tfidf.append(matrix)
            frequent.append(matrix[:, top])
        dense = np.hstack(blocks) if blocks else np.zeros((len(frame), 0))
        if dense.shape[1] == 0:
            dense = np.zeros((len(frame), 1))
        wide = sparse.hstack([sparse.csr_matrix(dense), *tfidf], format="csr")
        boost = sparse.hstack([sparse.csr_matrix(dense), *frequent], format="csr")
        return dense, wide, boost


# -- models ----------------------------------------------------------------------


def _lgbm_params(seed: int) -> dict[str, Any]:
    return {
        "n_jobs": 1,
        "deterministic": True,
        "force_row_wise": True,
        "random_state": seed,
        "verbose": -1,
    }


@dataclass(frozen=True)
class _Spec:
    name: str
    build: Callable[[bool, int], Any]  # (is_classifier, seed) -> unfitted estimator
    matrix: str = "dense"  # which Features matrix it fits on: dense | wide | boost
    multi_output: bool = False  # fits all label columns at once (trees, forests, k-NN)


def _specs() -> list[_Spec]:
    from lightgbm import LGBMClassifier, LGBMRegressor
    from sklearn.ensemble import (
        ExtraTreesClassifier,
        ExtraTreesRegressor,
        RandomForestClassifier,
        RandomForestRegressor,
    )
    from sklearn.linear_model import LogisticRegression, Ridge
    from sklearn.neighbors import KNeighborsClassifier, KNeighborsRegressor
    from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor

    def linear(c: float, alpha: float) -> Callable[[bool, int], Any]:
        return lambda clf, seed: (
            LogisticRegression(C=c, max_iter=200, tol=1e-3) if clf else Ridge(alpha=alpha)
        )

    def knn(k: int) -> Callable[[bool, int], Any]:
        return lambda clf, seed: (
            KNeighborsClassifier(n_neighbors=k) if clf else KNeighborsRegressor(n_neighbors=k)
        )

    def tree(depth: int) -> Callable[[bool, int], Any]:
        return lambda clf, seed: (
            DecisionTreeClassifier(max_depth=depth, random_state=seed)
            if clf
            else DecisionTreeRegressor(max_depth=depth, random_state=seed)
        )

    def forest(kind: str, n: int, depth: int | None, leaf: int) -> Callable[[bool, int], Any]:
        def make(clf: bool, seed: int) -> Any:
            cls: Any = {
                ("rf", True): RandomForestClassifier,
                ("rf", False): RandomForestRegressor,
                ("et", True): ExtraTreesClassifier,
                ("et", False): ExtraTreesRegressor,
            }[(kind, clf)]
            return cls(
                n_estimators=n,
                max_depth=depth,
                min_samples_leaf=leaf,
                max_features="sqrt" if clf else 0.4,
                n_jobs=1,
                random_state=seed,
            )

        return make

    def lgbm(clf: bool, seed: int) -> Any:
        return (LGBMClassifier if clf else LGBMRegressor)(
            n_estimators=100, max_bin=63, **_lgbm_params(seed)
        )

    return [
        _Spec("linear-strong-penalty", linear(0.01, 100.0), "wide"),
        _Spec("linear", linear(1.0, 1.0), "wide"),
        _Spec("knn-50", knn(50), multi_output=True),
        _Spec("knn-10", knn(10), multi_output=True),
        _Spec("tree-depth-2", tree(2), multi_output=True),
        _Spec("tree-depth-4", tree(4), multi_output=True),
        _Spec("tree-depth-8", tree(8), multi_output=True),
        _Spec("forest-small", forest("rf", 20, 6, 1), multi_output=True),
        _Spec("forest", forest("rf", 40, None, 2), multi_output=True),
        _Spec("extra-trees", forest("et", 40, None, 2), multi_output=True),
        _Spec("lightgbm", lgbm, "boost"),
    ]


def _positive_proba(model: Any, x: Any) -> np.ndarray:
    proba = model.predict_proba(x)
    classes = list(model.classes_)
    return proba[:, classes.index(1)] if 1 in classes else np.zeros(proba.shape[0])


class _Problem:
    """Targets in the form the models fit, and predictions back to submission columns."""

    def __init__(self, encoding: Encoding, train_raw: pd.DataFrame) -> None:
        self.encoding = encoding
        self.mode = encoding.mode
        self.is_clf = self.mode != NUMBER
        labels = encoding.train_labels(train_raw)
        self.log_target = encoding.metric.name in ("rmsle", "rmsle_columnwise")
        if self.mode == NUMBER:
            y = labels.to_numpy(dtype=float)
            self.y = [
                np.log1p(np.maximum(y[:, j], 0)) if self.log_target else y[:, j]
                for j in range(y.shape[1])
            ]
        elif self.mode in (BINARY, MULTILABEL):
            self.y = [labels[c].to_numpy(dtype=np.int64) for c in labels.columns]
        elif self.mode == LABEL:
            self.y = [labels[c].to_numpy() for c in labels.columns]
        else:
            assert self.mode == ONEHOT
            self.y = [labels.iloc[:, 0].to_numpy()]

    def constant_columns(self, values: dict[str, Any], n: int) -> dict[str, np.ndarray]:
        return {
            c: np.repeat(np.asarray([values[c]], dtype=object), n)
            for c in self.encoding.target_columns
        }

    def predict(self, model_for: Callable[[int], Any], x: Any) -> dict[str, np.ndarray]:
        """Submission columns from one fitted model per label column (`model_for(j)`)."""
        enc = self.encoding
        out: dict[str, np.ndarray] = {}
        for j, col in enumerate(enc.label_columns):
            model = model_for(j)
            if self.mode == NUMBER:
                pred = model.predict(x)
                pred = np.expm1(pred) if self.log_target else pred
                if enc.metric.nonnegative:
                    pred = np.maximum(pred, 0.0)
                out[col] = np.asarray(pred, dtype=float)
            elif self.mode == LABEL:
                out[col] = np.asarray(model.predict(x))
            elif self.mode == ONEHOT:
                proba = model.predict_proba(x)
                classes = list(model.classes_)
                full = np.zeros((proba.shape[0], len(enc.classes)))
                for k, cls in enumerate(enc.classes):
                    if cls in classes:
                        full[:, k] = proba[:, classes.index(cls)]
                full = np.clip(full, _PROB_FLOOR, 1.0)
                full /= full.sum(axis=1, keepdims=True)
                for k, name in enumerate(enc.target_columns):
                    out[name] = full[:, k]
            else:
                out[col] = np.clip(_positive_proba(model, x), _PROB_FLOOR, 1 - _PROB_FLOOR)
        return out


def _fit_one(est: Any, x: Any, y: np.ndarray) -> Any:
    """Fit, or fall back to a constant when y has a single class in train."""
    from sklearn.dummy import DummyClassifier

    if hasattr(est, "predict_proba") and len(np.unique(y.astype(str))) < 2:
        return DummyClassifier(strategy="most_frequent").fit(x, y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return est.fit(x, y)


def _fit_joint(est: Any, x: Any, ys: list[np.ndarray]) -> Any:
    """One model for all label columns (sklearn's native multi-output)."""
    y = np.column_stack([np.asarray(v, dtype=object) if v.dtype == object else v for v in ys])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return est.fit(x, y)


class _Output:
    """Output `j` of a multi-output model, seen as a single-output one."""

    def __init__(self, model: Any, j: int, cache: dict[str, Any]) -> None:
        self.model, self.j, self.cache = model, j, cache

    @property
    def classes_(self) -> Any:
        return self.model.classes_[self.j]

    def predict(self, x: Any) -> np.ndarray:
        if "predict" not in self.cache:  # k-NN predictions are costly: one pass for all outputs
            self.cache["predict"] = self.model.predict(x)
        return self.cache["predict"][:, self.j]

    def predict_proba(self, x: Any) -> np.ndarray:
        if "proba" not in self.cache:
            self.cache["proba"] = self.model.predict_proba(x)
        return self.cache["proba"][self.j]


_TUNING = (
    {"learning_rate": 0.1, "num_leaves": 15, "min_child_samples": 20, "max_bin": 63},
    {
        "learning_rate": 0.08,
        "max_bin": 63,
        "num_leaves": 63,
        "min_child_samples": 5,
        "subsample": 0.8,
        "subsample_freq": 1,
        "colsample_bytree": 0.6,
        "reg_lambda": 1.0,
    },
)
_TUNING_ROUNDS = 300


def _tuned_lgbm(problem: _Problem, j: int, x: sparse.csr_matrix, seed: int) -> Any:
    """LightGBM with the config and rounds that do best on a holdout of train, refitted on all."""
    import lightgbm as lgb

    y = problem.y[j]
    if problem.is_clf and len(np.unique(y.astype(str))) < 2:
        return _fit_one(lgb.LGBMClassifier(**_lgbm_params(seed)), x, y)
    rng = np.random.default_rng(seed + 17)
    idx = rng.permutation(x.shape[0])
    cut = max(1, int(len(idx) * 0.8))
    fit_idx, val_idx = np.sort(idx[:cut]), np.sort(idx[cut:])
    cls = lgb.LGBMClassifier if problem.is_clf else lgb.LGBMRegressor
    metric = problem.encoding.metric
    # Multi-class boosting grows one tree per class per round; bound the total trees.
    n_classes = len(np.unique(y.astype(str))) if problem.is_clf else 1
    max_rounds = _TUNING_ROUNDS if n_classes <= 2 else max(60, 3 * _TUNING_ROUNDS // n_classes)
    best: tuple[float, dict[str, Any], int] | None = None
    for config in _TUNING:
        model = cls(n_estimators=max_rounds, **config, **_lgbm_params(seed))
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                model.fit(
                    x[fit_idx],
                    y[fit_idx],
                    eval_set=[(x[val_idx], y[val_idx])],
                    callbacks=[lgb.early_stopping(20, verbose=False)],
                )
            rounds = max(20, int(model.best_iteration_ or max_rounds))
            score = _holdout_score(problem, model, x[val_idx], y[val_idx], metric)
        except ValueError:  # e.g. a class missing from the fit part
            continue
        if not np.isfinite(score):
            continue
        key = score if metric.higher_is_better else -score
        if best is None or key > best[0]:
            best = (key, config, rounds)
    config, rounds = (best[1], best[2]) if best else (_TUNING[0], 100)
    model = cls(n_estimators=int(rounds * 1.1), **config, **_lgbm_params(seed))
    return _fit_one(model, x, y)


def _holdout_score(problem: _Problem, model: Any, x: Any, y: np.ndarray, metric: Metric) -> float:
    """The task metric (or the closest per-column proxy) on one holdout column."""
    if problem.mode == NUMBER:
        pred = model.predict(x)
        if problem.log_target:  # y is already log1p, so RMSE here is the RMSLE
            return float(np.sqrt(np.mean((pred - y) ** 2)))
        return float(metric(y[:, None], pred[:, None]))
    if problem.mode == LABEL:
        return float(metric(y[:, None], np.asarray(model.predict(x))[:, None]))
    if problem.mode == ONEHOT:
        proba = np.clip(model.predict_proba(x), _PROB_FLOOR, 1.0)
        classes = list(model.classes_)
        idx = np.array([classes.index(v) if v in classes else -1 for v in y])
        if (idx < 0).any():
            return float("nan")
        ll = -float(np.mean(np.log(proba[np.arange(len(y)), idx] / proba.sum(axis=1))))
        return -ll if metric.higher_is_better else ll
    from sklearn.metrics import roc_auc_score

    p = _positive_proba(model, x)
    if len(np.unique(y)) < 2:
        return float("nan")
    if metric.name == "logloss":
        p = np.clip(p, _PROB_FLOOR, 1 - _PROB_FLOOR)
        return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))
    return float(roc_auc_score(y, p))


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
    problem = _Problem(encoding, train_raw)
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
    record("random-guess", _random_guess(problem, n_test, seed))
    for spec in _specs():
        x_tr, x_te = train_x[spec.matrix], test_x[spec.matrix]
        if spec.multi_output and len(problem.y) > 1:
            joint = _fit_joint(spec.build(problem.is_clf, seed), x_tr, problem.y)
            cache: dict[str, Any] = {}
            record(spec.name, problem.predict(lambda j, m=joint, c=cache: _Output(m, j, c), x_te))
            continue
        models = [_fit_one(spec.build(problem.is_clf, seed), x_tr, y) for y in problem.y]
        record(spec.name, problem.predict(lambda j, models=models: models[j], x_te))
    tuned = [_tuned_lgbm(problem, j, train_x["boost"], seed) for j in range(len(problem.y))]
    record("lightgbm-tuned", problem.predict(lambda j: tuned[j], test_x["boost"]))
    return results


def _random_guess(problem: _Problem, n: int, seed: int) -> dict[str, np.ndarray]:
    """Guesses drawn from the training distribution, no features used."""
    rng = np.random.default_rng(seed + 1)
    enc = problem.encoding
    out: dict[str, np.ndarray] = {}
    if problem.mode == NUMBER:
        for col, y in zip(enc.label_columns, problem.y, strict=True):
            draw = rng.choice(y, size=n)
            out[col] = np.expm1(draw) if problem.log_target else draw
    elif problem.mode == LABEL:
        for col, y in zip(enc.label_columns, problem.y, strict=True):
            out[col] = rng.choice(y, size=n)
    elif problem.mode == ONEHOT:
        p = rng.dirichlet(np.ones(len(enc.classes)), size=n)
        p = np.clip(p, _PROB_FLOOR, 1.0)
        p /= p.sum(axis=1, keepdims=True)
        for k, name in enumerate(enc.target_columns):
            out[name] = p[:, k]
    else:
        for col in enc.label_columns:
            out[col] = rng.uniform(_PROB_FLOOR, 1 - _PROB_FLOOR, size=n)
    return out


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
