"""
Penguins: LightGBM + RandomForest weighted blend.

Plan:
  - ordinal-encode island/sex (LightGBM handles NaN in numerics natively,
    the forest gets a median-imputed copy)
  - manual StratifiedKFold loop producing out-of-fold probabilities for both models
  - pick the blend weight on a small grid by OOF log loss
  - refit both on the full train set, blend test probabilities, write submission
  - dump a small JSON with the scores
"""
import json
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.impute import SimpleImputer
from sklearn.metrics import log_loss
from sklearn.model_selection import StratifiedKFold
from sklearn.pipeline import make_pipeline

CONFIG = {
    "data_dir": "./input",
    "out_dir": "./submission",
    "target": "species",
    "classes": ["Adelie", "Chinstrap", "Gentoo"],
    "n_splits": 4,
    "seed": 7,
    "lgb_params": {
        "n_estimators": 200,
        "learning_rate": 0.05,
        "num_leaves": 8,
        "min_child_samples": 5,
        "subsample": 0.9,
        "subsample_freq": 1,
        "colsample_bytree": 0.8,
        "reg_lambda": 1.0,
        "verbose": -1,
    },
    "rf_params": {"n_estimators": 300, "min_samples_leaf": 2, "n_jobs": 2},
    "blend_grid": [0.0, 0.2, 0.4, 0.5, 0.6, 0.8, 1.0],
}


def load_data(cfg):
    train = pd.read_csv(f"{cfg['data_dir']}/train.csv")
    test = pd.read_csv(f"{cfg['data_dir']}/test.csv")
    print(f"Loaded train={train.shape} test={test.shape}")
    return train, test


def build_features(train, test):
    feats = ["island", "bill_length_mm", "bill_depth_mm", "flipper_length_mm",
             "body_mass_g", "sex", "year"]
    full = pd.concat([train[feats], test[feats]], axis=0, ignore_index=True)
    for c in ["island", "sex"]:
        codes, _ = pd.factorize(full[c])
        full[c] = np.where(codes < 0, np.nan, codes).astype(float)
    full["bill_ratio"] = full["bill_length_mm"] / full["bill_depth_mm"]
    full["mass_per_flipper"] = full["body_mass_g"] / full["flipper_length_mm"]
    X = full.iloc[: len(train)].reset_index(drop=True)
    X_test = full.iloc[len(train):].reset_index(drop=True)
    return X, X_test


def make_model(kind, cfg):
    if kind == "lgb":
        return lgb.LGBMClassifier(random_state=cfg["seed"], **cfg["lgb_params"])
    return make_pipeline(
        SimpleImputer(strategy="median"),
        RandomForestClassifier(random_state=cfg["seed"], **cfg["rf_params"]),
    )


def evaluate(X, y, cfg):
    n_cls = len(cfg["classes"])
    oof = {"lgb": np.zeros((len(X), n_cls)), "rf": np.zeros((len(X), n_cls))}
    skf = StratifiedKFold(n_splits=cfg["n_splits"], shuffle=True, random_state=cfg["seed"])
    for fold, (tr, va) in enumerate(skf.split(X, y)):
        for kind in oof:
            m = make_model(kind, cfg)
            m.fit(X.iloc[tr], y[tr])
            oof[kind][va] = m.predict_proba(X.iloc[va])
        print(f"fold {fold}: lgb={log_loss(y[va], oof['lgb'][va], labels=range(n_cls)):.4f} "
              f"rf={log_loss(y[va], oof['rf'][va], labels=range(n_cls)):.4f}")
    return oof


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    X, X_test = build_features(train, test)
    y = train[cfg["target"]].map({c: i for i, c in enumerate(cfg["classes"])}).values

    oof = evaluate(X, y, cfg)
    results = {}
    for w in cfg["blend_grid"]:
        p = w * oof["lgb"] + (1 - w) * oof["rf"]
        results[w] = log_loss(y, p)
        print(f"  w_lgb={w:.1f} -> oof logloss {results[w]:.5f}")
    best_w = min(results, key=results.get)
    print(f"Best blend weight (lgb) = {best_w}")
    print(f"OOF logloss (blend): {results[best_w]:.5f}")

    preds = np.zeros((len(X_test), len(cfg["classes"])))
    for kind, w in [("lgb", best_w), ("rf", 1 - best_w)]:
        if w == 0:
            continue
        m = make_model(kind, cfg)
        m.fit(X, y)
        preds += w * m.predict_proba(X_test)

    os.makedirs(cfg["out_dir"], exist_ok=True)
    sub = pd.DataFrame(preds, columns=cfg["classes"])
    sub.insert(0, "id", test["id"].values)
    sub.to_csv(f"{cfg['out_dir']}/submission.csv", index=False)
    with open("results.json", "w") as f:
        json.dump({"blend_weight": best_w, "oof_logloss": {str(k): v for k, v in results.items()}}, f, indent=2)
    print(f"Saved submission with {len(sub)} rows")


if __name__ == "__main__":
    main()
