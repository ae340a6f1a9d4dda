"""
Breast cancer (WDBC) - malignant probability.

Plan:
  * Two models:
      A) StandardScaler + SVC(rbf, probability=True)
      B) RandomForestClassifier
  * cross_val_predict (stratified 5-fold) for out-of-fold probabilities of each
  * weighted blend, weight chosen on OOF AUC
  * refit, predict test, save submission + results.json
"""
import json
import os

import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

CONFIG = {
    "data_dir": "./input",
    "sub_path": "./submission/submission.csv",
    "results_path": "./results.json",
    "target": "diagnosis",
    "id_col": "id",
    "seed": 2024,
    "folds": 5,
    "svc_C": 2.0,
    "rf_trees": 250,
    "weights": np.linspace(0, 1, 11),
}


def load_data(cfg):
    train = pd.read_csv(os.path.join(cfg["data_dir"], "train.csv"))
    test = pd.read_csv(os.path.join(cfg["data_dir"], "test.csv"))
    print(f"train {train.shape}, test {test.shape}, positive rate {train[cfg['target']].mean():.3f}")
    return train, test


def build_features(df, cfg):
    feats = [c for c in df.columns if c not in (cfg["id_col"], cfg["target"])]
    X = df[feats].copy()
    # a couple of shape ratios
    X["area_ratio"] = X["worst_area"] / X["mean_area"]
    X["concav_x_radius"] = X["worst_concave_points"] * X["worst_radius"]
    return X


def make_model(name, cfg):
    if name == "svc":
        return Pipeline([
            ("scaler", StandardScaler()),
            ("svc", SVC(C=cfg["svc_C"], kernel="rbf", probability=True, random_state=cfg["seed"])),
        ])
    return RandomForestClassifier(
        n_estimators=cfg["rf_trees"], max_features="sqrt", min_samples_leaf=1,
        n_jobs=2, random_state=cfg["seed"],
    )


def evaluate(X, y, cfg):
    cv = StratifiedKFold(n_splits=cfg["folds"], shuffle=True, random_state=cfg["seed"])
    oof = {}
    for name in ("svc", "rf"):
        oof[name] = cross_val_predict(make_model(name, cfg), X, y, cv=cv, method="predict_proba")[:, 1]
        print(f"{name:>4s} OOF AUC: {roc_auc_score(y, oof[name]):.5f}")
    scores = {}
    for w in cfg["weights"]:
        blend = w * oof["svc"] + (1 - w) * oof["rf"]
        scores[round(float(w), 2)] = roc_auc_score(y, blend)
    best_w = max(scores, key=scores.get)
    return oof, scores, best_w


def main():
    cfg = CONFIG
    train, test = load_data(cfg)
    X, y = build_features(train, cfg), train[cfg["target"]].values
    X_test = build_features(test, cfg)

    oof, scores, best_w = evaluate(X, y, cfg)
    print(f"blend weight for SVC: {best_w}")
    print(f"Validation AUC: {scores[best_w]:.5f}")

    test_pred = np.zeros(len(X_test))
    for name, w in (("svc", best_w), ("rf", 1 - best_w)):
        model = make_model(name, cfg).fit(X, y)
        test_pred += w * model.predict_proba(X_test)[:, 1]

    os.makedirs(os.path.dirname(cfg["sub_path"]), exist_ok=True)
    pd.DataFrame({cfg["id_col"]: test[cfg["id_col"]], cfg["target"]: test_pred}).to_csv(cfg["sub_path"], index=False)
    with open(cfg["results_path"], "w") as fh:
        json.dump({"blend_weight_svc": best_w,
                   "oof_auc": {k: float(roc_auc_score(y, v)) for k, v in oof.items()},
                   "blend_auc": scores}, fh, indent=2, default=str)
    print(f"submission written -> {cfg['sub_path']}")


if __name__ == "__main__":
    main()
