"""Penguins: a small model zoo from a registry, CV logloss per model, blend of the chosen ones."""
from functools import partial

import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.compose import make_column_transformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

CONFIG = {"models": ["logreg", "lgbm"], "weights": {"logreg": 0.5, "lgbm": 0.5}, "folds": 5, "seed": 0}

CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
NUMS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
CATS = ["island", "sex"]


def add_ratios(df):
    return df.assign(
        bill_ratio=lambda d: d["bill_length_mm"] / d["bill_depth_mm"],
        mass_per_flipper=lambda d: d["body_mass_g"] / d["flipper_length_mm"],
        sex=lambda d: d["sex"].fillna("unknown"),
    )


FEATURES = NUMS + ["bill_ratio", "mass_per_flipper"] + CATS


def linear_model():
    pre = make_column_transformer(
        (make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), [c for c in FEATURES if c not in CATS]),
        (OneHotEncoder(handle_unknown="ignore"), CATS),
    )
    return make_pipeline(pre, LogisticRegression(C=2.0, max_iter=3000))


def lgbm_model():
    pre = make_column_transformer(
        ("passthrough", [c for c in FEATURES if c not in CATS]),
        (OneHotEncoder(handle_unknown="ignore", sparse_output=False), CATS),
    )
    booster = lgb.LGBMClassifier(n_estimators=200, learning_rate=0.05, num_leaves=7,
                                 min_child_samples=8, reg_lambda=1.0, verbose=-1)
    return make_pipeline(pre, booster)


MODELS = {"logreg": linear_model, "lgbm": lgbm_model}


def oof_proba(factory, X, y, X_test):
    skf = StratifiedKFold(CONFIG["folds"], shuffle=True, random_state=CONFIG["seed"])
    oof = np.zeros((len(X), len(CLASSES)))
    for tr, va in skf.split(X, y):
        oof[va] = factory().fit(X.iloc[tr], y.iloc[tr]).predict_proba(X.iloc[va])
    test = factory().fit(X, y).predict_proba(X_test)
    return oof, test


def main():
    train = add_ratios(pd.read_csv("./input/train.csv"))
    test = add_ratios(pd.read_csv("./input/test.csv"))
    y = train["species"].map({c: i for i, c in enumerate(CLASSES)})
    X, X_test = train[FEATURES], test[FEATURES]

    runs = {name: oof_proba(MODELS[name], X, y, X_test) for name in CONFIG["models"]}
    results = [{"model": name, "cv_logloss": log_loss(y, oof, labels=[0, 1, 2])} for name, (oof, _) in runs.items()]

    w = CONFIG["weights"]
    blend_oof = sum(w[n] * runs[n][0] for n in runs)
    blend_test = sum(w[n] * runs[n][1] for n in runs)
    results.append({"model": "blend", "cv_logloss": log_loss(y, blend_oof, labels=[0, 1, 2])})
    print(pd.DataFrame(results).sort_values("cv_logloss").to_string(index=False))
    print(f"CV logloss (blend): {results[-1]['cv_logloss']:.5f}")

    sub = pd.read_csv("./input/sample_submission.csv")
    sub[CLASSES] = np.clip(blend_test, 1e-6, 1.0)
    sub.to_csv("./submission/submission.csv", index=False)
    print("submission:", sub.shape)


if __name__ == "__main__":
    main()
