"""Health insurance (3 labels): one small model per label, chosen from a factory registry."""
from functools import partial

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {
    "model": {"health": "logreg", "limit": "logreg", "insurance": "logreg"},
    "folds": 4,
    "seed": 3,
}

TARGETS = ["health", "limit", "insurance"]
YES_NO = ["gender", "married", "selfemp"]
MULTI = ["region", "ethnicity", "education"]

MODELS = {
    "logreg": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=0.2, max_iter=1000)),
    "lgbm": partial(lgb.LGBMClassifier, n_estimators=200, learning_rate=0.03, num_leaves=7,
                    min_child_samples=40, verbose=-1),
}

binary = lambda s, positive: (s == positive).astype(float)


def numeric_block(df):
    return pd.DataFrame({
        "age": df["age"],
        "age_sq": df["age"].apply(lambda a: (a - 40) ** 2 / 100.0),
        "family": df["family"].clip(upper=10),
        "big_family": df["family"].apply(lambda f: 1.0 if f >= 5 else 0.0),
    }, index=df.index)


def binary_block(df):
    positives = {"gender": "male", "married": "yes", "selfemp": "yes"}
    return pd.DataFrame({c: binary(df[c], positives[c]) for c in YES_NO}, index=df.index)


def dummy_block(df, levels):
    frames = [
        pd.get_dummies(pd.Categorical(df[c], categories=levels[c]), prefix=c, dtype=float).set_index(df.index)
        for c in MULTI
    ]
    return pd.concat(frames, axis=1)


def build(df, levels):
    blocks = [numeric_block, binary_block, partial(dummy_block, levels=levels)]
    return pd.concat([b(df) for b in blocks], axis=1)


def cv_label(X, y, X_test, factory):
    skf = StratifiedKFold(n_splits=CONFIG["folds"], shuffle=True, random_state=CONFIG["seed"])
    oof = np.zeros(len(y))
    for tr, va in skf.split(X, y):
        oof[va] = factory().fit(X.iloc[tr], y.iloc[tr]).predict_proba(X.iloc[va])[:, 1]
    full = factory().fit(X, y)
    return oof, full.predict_proba(X_test)[:, 1]


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    levels = {c: sorted(set(train[c]) | set(test[c])) for c in MULTI}
    X, X_test = build(train, levels), build(test, levels)
    print("design matrix:", X.shape, "test:", X_test.shape)

    results, preds = [], {}
    for t in TARGETS:
        name = CONFIG["model"][t]
        oof, preds[t] = cv_label(X, train[t], X_test, MODELS[name])
        results.append({"target": t, "model": name, "pos_rate": train[t].mean(),
                        "auc": roc_auc_score(train[t], oof)})

    table = pd.DataFrame(results)
    print(table.to_string(index=False, float_format=lambda v: f"{v:.4f}"))
    print(f"Mean column AUC: {table['auc'].mean():.4f}")

    sub = pd.read_csv("./input/sample_submission.csv")
    sub = sub.assign(**preds)
    sub.to_csv("./submission/submission.csv", index=False)
    print("submission written:", sub.shape)


if __name__ == "__main__":
    main()
