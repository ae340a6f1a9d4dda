"""Credit risk: scaled logistic regression with a small map of imputers and feature builders."""
from functools import partial, reduce

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {"model": "logit_l2", "folds": 5, "seed": 11, "clip": 1e-3}

TARGET = "Status"
CATS = ["Home", "Marital", "Records", "Job"]

# Income is the column with the real missing share, so it gets a median fill.
IMPUTERS = {
    "Income": lambda s: s.fillna(s.median()),
}

FEATURES = {
    "log_amount": lambda d: np.log1p(d["Amount"]),
    "log_price": lambda d: np.log1p(d["Price"]),
    "log_assets": lambda d: np.log1p(d["Assets"]),
    "log_debt": lambda d: np.log1p(d["Debt"]),
    "loan_share": lambda d: d["Amount"] / d["Price"],
    "installment": lambda d: d["Amount"] / d["Time"],
    "burden": lambda d: (d["Amount"] / d["Time"]) / (d["Income"] + 1.0),
    "free_cash": lambda d: d["Income"] - d["Expenses"],
    "seniority_share": lambda d: d["Seniority"] / d["Age"],
}

MODELS = {
    "logit_l2": partial(LogisticRegression, C=0.3, max_iter=2000),
    "logit_weak": partial(LogisticRegression, C=3.0, max_iter=2000),
}


def impute(df):
    return df.assign(**{c: fn(df[c]) for c, fn in IMPUTERS.items()})


def add_features(df):
    return df.assign(**{name: fn(df) for name, fn in FEATURES.items()})


def one_hot(df, levels):
    dummies = [
        pd.get_dummies(pd.Categorical(df[c].fillna("unknown"), categories=levels[c]), prefix=c, dtype=float)
        .set_index(df.index)
        for c in CATS
    ]
    return reduce(lambda a, b: a.join(b), dummies, df.drop(columns=CATS))


def prepare(df, levels):
    steps = [impute, add_features, partial(one_hot, levels=levels)]
    return reduce(lambda acc, f: f(acc), steps, df)


def make_model():
    return make_pipeline(StandardScaler(), MODELS[CONFIG["model"]]())


def fold_scores(X, y):
    skf = StratifiedKFold(n_splits=CONFIG["folds"], shuffle=True, random_state=CONFIG["seed"])
    oof = np.zeros(len(y))
    records = []
    for k, (tr, va) in enumerate(skf.split(X, y)):
        m = make_model().fit(X[tr], y[tr])
        oof[va] = m.predict_proba(X[va])[:, 1]
        records.append({"fold": k, "logloss": log_loss(y[va], oof[va])})
    return oof, records


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    levels = {c: sorted(set(train[c].dropna()) | set(test[c].dropna())) + ["unknown"] for c in CATS}

    tr = prepare(train, levels)
    te = prepare(test, levels)
    cols = [c for c in tr.columns if c not in ("id", TARGET)]
    print(f"{len(cols)} model columns, e.g. {cols[:6]}")

    X = tr[cols].to_numpy(dtype=float)
    y = tr[TARGET].to_numpy()
    oof, records = fold_scores(X, y)
    print(pd.DataFrame(records).to_string(index=False))
    print(f"CV logloss: {log_loss(y, oof):.5f}")

    final = make_model().fit(X, y)
    p = final.predict_proba(te[cols].to_numpy(dtype=float))[:, 1]
    sub = pd.read_csv("./input/sample_submission.csv")
    sub[TARGET] = np.clip(p, CONFIG["clip"], 1 - CONFIG["clip"])
    sub.to_csv("./submission/submission.csv", index=False)
    print("saved", len(sub), "rows")


if __name__ == "__main__":
    main()
