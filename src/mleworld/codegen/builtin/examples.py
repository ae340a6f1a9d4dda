"""Small hand-made tasks that exercise every kind the builtin writer supports.

`make_example_task(kind, root)` writes a complete task directory (task.yaml,
public/ and private/) with a few hundred synthetic rows: a binary task with
categorical, numeric and missing values (AUC), a multi-class task scored by
log loss with one probability column per class, a regression task scored by
RMSLE, a multi-label task (column-wise AUC), a text classification task
(accuracy), and a multi-target regression task (column-wise RMSLE). The builtin
writer's tests and its repair-rate benchmark run programs against them.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from mleworld.tasks.task import Task

KINDS = ("binary", "multiclass", "regression", "multilabel", "text", "multi_regression", "label")

_WORDS_POS = [
    "great",
    "excellent",
    "wonderful",
    "loved",
    "superb",
    "delightful",
    "amazing",
    "fantastic",
]
_WORDS_NEG = ["awful", "terrible", "boring", "hated", "dreadful", "poor", "weak", "disappointing"]
_WORDS_NEUTRAL = [
    "the",
    "movie",
    "plot",
    "actor",
    "scene",
    "story",
    "film",
    "camera",
    "music",
    "script",
    "ending",
]


def make_example_task(
    kind: str, root: Path, rows: int = 300, seed: int = 0, time_limit_s: float = 120.0
) -> Task:
    if kind not in KINDS:
        raise ValueError(f"unknown example kind {kind!r}; use one of {', '.join(KINDS)}")
    rng = np.random.default_rng(seed)
    n = rows + rows // 3
    ids = np.arange(1000, 1000 + n)
    df, targets, metric = _frame(kind, rng, n)
    df.insert(0, "row_id", ids)
    train, test = df.iloc[:rows].reset_index(drop=True), df.iloc[rows:].reset_index(drop=True)
    public, private = root / "public", root / "private"
    public.mkdir(parents=True, exist_ok=True)
    private.mkdir(parents=True, exist_ok=True)
    if kind == "multiclass":
        classes = sorted(train["species"].unique())
        answers = pd.DataFrame({"row_id": test["row_id"]})
        for c in classes:
            answers[c] = (test["species"] == c).astype(int)
        sample = answers.copy()
        for c in classes:
            sample[c] = 1.0 / len(classes)
        target_cols = classes
        test = test.drop(columns=["species"])
    else:
        answers = test[["row_id", *targets]].copy()
        sample = answers.copy()
        for t in targets:
            sample[t] = (
                0.5 if metric.startswith("auc") else (0 if kind in ("text", "label") else 1.0)
            )
        if kind in ("text", "label"):
            sample[targets[0]] = train[targets[0]].iloc[0]
        target_cols = targets
        test = test.drop(columns=targets)
    train.to_csv(public / "train.csv", index=False)
    test.to_csv(public / "test.csv", index=False)
    sample.to_csv(public / "sample_submission.csv", index=False)
    answers.to_csv(private / "answers.csv", index=False)
    task = Task(
        path=root,
        id=f"example-{kind}",
        name=f"example {kind}",
        metric=metric,
        id_column="row_id",
        target_columns=tuple(target_cols),
        time_limit_s=time_limit_s,
        source="mleworld.codegen.builtin.examples",
        created_by="mleworld",
    )
    task.save()
    (root / "description.md").write_text(f"Predict {', '.join(target_cols)} ({metric}).\n")
    return task


def _frame(kind: str, rng: np.random.Generator, n: int) -> tuple[pd.DataFrame, list[str], str]:
    x1 = rng.normal(size=n)
    x2 = rng.uniform(0, 10, size=n)
    x3 = rng.exponential(2.0, size=n)
    color = rng.choice(["red", "green", "blue", "amber"], size=n)
    if kind == "binary":
        logit = 1.2 * x1 - 0.3 * x2 + 0.8 * (color == "red") + rng.normal(scale=0.5, size=n)
        df = pd.DataFrame(
            {
                "age": np.round(20 + 40 * rng.random(n)),
                "income": x3 * 1000,
                "score": x1,
                "hours": x2,
                "color": color,
                "city": rng.choice(["Paris", "Oslo", "Lima", "Pune", "Kobe"], size=n),
                "signup": pd.date_range("2021-01-01", periods=n, freq="D").strftime("%Y-%m-%d"),
                "code": [f"C{v:05d}" for v in rng.integers(0, 10**5, size=n)],
                "churn": (logit > 0).astype(int),
            }
        )
        df.loc[rng.random(n) < 0.1, "age"] = np.nan
        df.loc[rng.random(n) < 0.08, "color"] = np.nan
        df.loc[rng.random(n) < 0.05, "income"] = np.nan
        return df, ["churn"], "auc"
    if kind == "multiclass":
        species = np.where(x1 > 0.5, "Gentoo", np.where(x2 > 5, "Adelie", "Chinstrap"))
        df = pd.DataFrame(
            {
                "bill_length": 40 + 5 * x1 + rng.normal(size=n),
                "bill_depth": 15 + x2 / 2,
                "flipper": 190 + 10 * x1 + rng.normal(scale=3, size=n),
                "island": rng.choice(["Biscoe", "Dream", "Torgersen"], size=n),
                "sex": rng.choice(["male", "female", None], size=n, p=[0.48, 0.48, 0.04]),
                "species": species,
            }
        )
        return df, ["species"], "logloss"
    if kind in ("regression", "multi_regression"):
        price = np.exp(1 + 0.3 * x1 + 0.1 * x2 + 0.2 * (color == "blue")) * 10
        df = pd.DataFrame(
            {
                "rooms": rng.integers(1, 8, size=n),
                "area": 30 + 20 * x2 + rng.normal(scale=5, size=n),
                "quality": x1,
                "dist": x3,
                "color": color,
                "built": pd.date_range("1990-01-01", periods=n, freq="7D").strftime("%Y-%m-%d"),
                "price": np.round(price, 2),
            }
        )
        df.loc[rng.random(n) < 0.07, "dist"] = np.nan
        if kind == "regression":
            return df, ["price"], "rmsle"
        df["rent"] = np.round(price / 20 + rng.exponential(1.0, size=n), 2)
        return df, ["price", "rent"], "rmsle_columnwise"
    if kind == "multilabel":
        df = pd.DataFrame(
            {
                "f1": x1,
                "f2": x2,
                "f3": x3,
                "f4": rng.normal(size=n),
                "group": rng.choice(["a", "b", "c"], size=n),
                "toxic": (x1 + rng.normal(scale=0.5, size=n) > 0.3).astype(int),
                "spam": (x2 + rng.normal(scale=2, size=n) > 6).astype(int),
                "rude": ((color == "red") | (x3 > 4)).astype(int),
            }
        )
        return df, ["toxic", "spam", "rude"], "auc_columnwise"
    if kind == "label":
        grade = np.clip(np.round(2 + x1 + 0.2 * x2 - 1), 0, 4).astype(int)
        df = pd.DataFrame({"a": x1, "b": x2, "c": x3, "kind": color, "grade": grade})
        return df, ["grade"], "qwk"
    # text
    label = rng.integers(0, 2, size=n)
    texts = []
    for y in label:
        words = list(rng.choice(_WORDS_NEUTRAL, size=int(rng.integers(6, 14))))
        pool = _WORDS_POS if y else _WORDS_NEG
        words += list(rng.choice(pool, size=int(rng.integers(1, 3))))
        if rng.random() < 0.15:
            words += list(rng.choice(_WORDS_NEG if y else _WORDS_POS, size=1))
        rng.shuffle(words)
        texts.append(" ".join(words))
    df = pd.DataFrame(
        {
            "review": texts,
            "stars_hint": rng.integers(1, 6, size=n),
            "sentiment": np.where(label == 1, "positive", "negative"),
        }
    )
    return df, ["sentiment"], "accuracy"
