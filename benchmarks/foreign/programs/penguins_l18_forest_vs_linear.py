"""Penguins: compare registry models by CV logloss, then refit the winner."""
from functools import partial

import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

CONFIG = {"candidates": ["logreg", "forest", "extra"], "folds": 5, "seed": 4}

TARGET = "species"
NUMERIC = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]

MODELS = {
    "logreg": lambda: make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=2000)),
    "forest": partial(RandomForestClassifier, n_estimators=300, max_features="auto", min_samples_leaf=2, random_state=4),
    "extra": partial(ExtraTreesClassifier, n_estimators=300, min_samples_leaf=2, random_state=4),
}


def fill_numeric(train, df):
    medians = train.groupby(TARGET)[NUMERIC].median().mean()  # class-balanced median
    return df.assign(**{c: df[c].fillna(medians[c]) for c in NUMERIC})


def encode(df):
    islands = ["Biscoe", "Dream", "Torgersen"]
    onehot = {f"island_{i}": (df["island"] == i).astype(float) for i in islands}
    return df[NUMERIC].assign(
        **onehot,
        male=df["sex"].map({"male": 1.0, "female": 0.0}).fillna(0.5),
        bill_ratio=df["bill_length_mm"] / df["bill_depth_mm"],
    )


def cv_logloss(factory, X, y):
    skf = StratifiedKFold(CONFIG["folds"], shuffle=True, random_state=CONFIG["seed"])
    oof = np.zeros((len(X), y.nunique()))
    for tr, va in skf.split(X, y):
        oof[va] = factory().fit(X.iloc[tr], y.iloc[tr]).predict_proba(X.iloc[va])
    return log_loss(y, np.clip(oof, 1e-6, 1))


def main():
    raw_train = pd.read_csv("./input/train.csv")
    raw_test = pd.read_csv("./input/test.csv")
    X = encode(fill_numeric(raw_train, raw_train))
    X_test = encode(fill_numeric(raw_train, raw_test))
    y = raw_train[TARGET]
    print("train", X.shape, "test", X_test.shape)

    results = []
    for name in CONFIG["candidates"]:
        score = cv_logloss(MODELS[name], X, y)
        results.append({"model": name, "logloss": score})
        print(f"{name:>8s}  cv logloss {score:.5f}")

    table = pd.DataFrame(results).sort_values("logloss")
    best = table.iloc[0]["model"]
    print(f"best model: {best}  CV logloss: {table.iloc[0]['logloss']:.5f}")

    final = MODELS[best]().fit(X, y)
    proba = pd.DataFrame(final.predict_proba(X_test), columns=final.classes_)
    sub = pd.read_csv("./input/sample_submission.csv")
    sub[list(proba.columns)] = proba.to_numpy()
    sub.to_csv("./submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
