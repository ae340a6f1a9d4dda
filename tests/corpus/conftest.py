"""Shared builders for corpus tests: realistic ML programs and records around them."""

from __future__ import annotations

import random

import pytest

from mleworld.corpus.record import Record
from mleworld.world.format import WorldInput, WorldTarget

OVERVIEW = """\
input/
  sample_submission.csv (3.2 kB): 418 rows x 2 columns
  test.csv (28.0 kB): 418 rows x 11 columns
  train.csv (61.2 kB): 891 rows x 12 columns
    PassengerId: int64, 891 unique, e.g. 1, 2, 3
    Survived: int64, 2 unique, e.g. 0, 1
    Age: float64, 177 missing, e.g. 22.0, 38.0, 26.0"""

PACKAGES = {"numpy": "1.26.4", "pandas": "2.2.2", "scikit-learn": "1.5.0", "lightgbm": "4.3.0"}

_MODELS = [
    ("lightgbm", "LGBMClassifier", "n_estimators={n}, learning_rate={lr}, num_leaves={leaves}"),
    (
        "sklearn.ensemble",
        "RandomForestClassifier",
        "n_estimators={n}, max_depth={leaves}, n_jobs=-1",
    ),
    ("sklearn.ensemble", "GradientBoostingClassifier", "n_estimators={n}, learning_rate={lr}"),
    ("sklearn.linear_model", "LogisticRegression", "C={lr}, max_iter={n}"),
    ("sklearn.ensemble", "ExtraTreesClassifier", "n_estimators={n}, min_samples_leaf={leaves}"),
]
_FEATURES = [
    'df["FamilySize"] = df["SibSp"] + df["Parch"] + 1',
    'df["IsAlone"] = (df["SibSp"] + df["Parch"] == 0).astype(int)',
    'df["Title"] = df["Name"].str.extract(r" ([A-Za-z]+)\\.", expand=False)',
    'df["FareBin"] = pd.qcut(df["Fare"].fillna(df["Fare"].median()), 4, labels=False)',
    'df["AgeBin"] = pd.cut(df["Age"].fillna(28), bins=[0, 12, 20, 40, 60, 120], labels=False)',
    'df["CabinKnown"] = df["Cabin"].notna().astype(int)',
    'df["TicketLen"] = df["Ticket"].astype(str).str.len()',
    'df["NameLen"] = df["Name"].str.len()',
]


def ml_program(seed: int) -> str:
    """A realistic, complete tabular-classification script; different seeds give different programs."""
    rng = random.Random(seed)
    module, model, params = rng.choice(_MODELS)
    feats = rng.sample(_FEATURES, k=rng.randint(2, 5))
    args = params.format(
        n=rng.choice([100, 200, 300, 500, 800]),
        lr=rng.choice([0.01, 0.03, 0.05, 0.1, 0.3]),
        leaves=rng.choice([4, 8, 16, 31, 63]),
    )
    folds = rng.choice([3, 5, 10])
    feature_lines = "\n".join(f"    {line}" for line in feats)
    return f"""import numpy as np
import pandas as pd
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import accuracy_score
from {module} import {model}

SEED = {rng.randint(0, 9999)}


def add_features(df):
    df = df.copy()
{feature_lines}
    df["Sex"] = (df["Sex"] == "male").astype(int)
    df["Embarked"] = df["Embarked"].fillna("S").map({{"S": 0, "C": 1, "Q": 2}})
    return df


train = add_features(pd.read_csv("./input/train.csv"))
test = add_features(pd.read_csv("./input/test.csv"))
features = [c for c in train.columns if c not in ("PassengerId", "Survived", "Name", "Ticket", "Cabin")]
features = [c for c in features if train[c].dtype != object]
X, y = train[features].fillna(-1), train["Survived"]

oof = np.zeros(len(train))
preds = np.zeros(len(test))
skf = StratifiedKFold(n_splits={folds}, shuffle=True, random_state=SEED)
for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
    model = {model}({args})
    model.fit(X.iloc[tr_idx], y.iloc[tr_idx])
    oof[va_idx] = model.predict(X.iloc[va_idx])
    preds += model.predict_proba(test[features].fillna(-1))[:, 1] / {folds}
    print(f"Fold {{fold}} accuracy: {{accuracy_score(y.iloc[va_idx], oof[va_idx]):.4f}}")

print(f"CV accuracy: {{accuracy_score(y, oof):.4f}}")
submission = pd.DataFrame({{"PassengerId": test["PassengerId"], "Survived": (preds > 0.5).astype(int)}})
submission.to_csv("./submission/submission.csv", index=False)
print("Saved submission")
"""


def make_record(
    program: str,
    *,
    task: str = "titanic",
    exc: str = "None",
    term_out: str | None = None,
    metric: float | None = None,
    submission: bool | None = None,
    stage: str = "draft",
    runtime_s: float = 12.0,
    node: str = "n0",
    run: str = "run-1",
    generator: str = "builtin",
    overview: str = OVERVIEW,
    **kwargs: object,
) -> Record:
    if term_out is None:
        term_out = (
            "Fold 0 accuracy: 0.8101\nCV accuracy: 0.8204\nSaved submission\n"
            if exc == "None"
            else f'Traceback (most recent call last):\n  File "runfile.py", line 3, in <module>\n{exc}: boom\n'
        )
    if metric is None and exc == "None" and "CV accuracy: 0.8204" in term_out:
        metric = 0.8204
    return Record(
        task_id=task,
        x=WorldInput(
            program=program,
            packages=dict(PACKAGES),
            failing_imports=[],
            python_version="3.11.7",
            data_overview=overview,
            time_limit_s=600.0,
        ),
        y=WorldTarget(exc, term_out, metric, exc == "None" if submission is None else submission),
        stage=stage,
        generator=generator,
        run_id=run,
        node_id=node,
        runtime_s=runtime_s,
        created_at=1_700_000_000.0,
        timed_out=exc == "TimeoutError",
        exit_code=0 if exc == "None" else 1,
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.fixture
def program() -> str:
    return ml_program(7)
