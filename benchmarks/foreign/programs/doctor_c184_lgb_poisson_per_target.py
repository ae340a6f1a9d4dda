"""Doctor visits: one LightGBM Poisson model per count target, 5-fold CV with early stopping."""
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold

SEED = 42
TARGETS = ["visits", "ovisits", "emergency", "hospital"]
BINARY_COLS = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]
BINARY_MAP = {"no": 0, "yes": 1, "normal": 0, "limited": 1, "female": 0, "male": 1}


def preprocess(df: pd.DataFrame) -> pd.DataFrame:
    """Encode binary columns as 0/1, health as ordinal, region as one-hot."""
    out = df.copy()
    for col in BINARY_COLS:
        out[col] = out[col].map(BINARY_MAP).astype(int)
    out["health"] = out["health"].map({"poor": 0, "average": 1, "excellent": 2})
    out = pd.get_dummies(out, columns=["region"], prefix="reg", dtype=int)
    out["chronic_x_adl"] = out["chronic"] * (out["adl"] + 1)
    return out


def rmsle(y_true, y_pred):
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(np.clip(y_pred, 0, None))) ** 2)))


def main():
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    print(f"train: {train.shape}  test: {test.shape}")

    tr = preprocess(train)
    te = preprocess(test)
    features = [c for c in tr.columns if c not in TARGETS + ["id"]]
    te = te.reindex(columns=features, fill_value=0)
    print(f"Using {len(features)} features")

    params = {
        "objective": "poisson",
        "metric": "poisson",
        "learning_rate": 0.02,
        "num_leaves": 15,
        "min_data_in_leaf": 40,
        "feature_fraction": 0.8,
        "bagging_fraction": 0.8,
        "bagging_freq": 1,
        "lambda_l2": 2.0,
        "seed": SEED,
        "num_threads": 1,
        "verbose": -1,
    }

    kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
    submission = pd.DataFrame({"id": test["id"]})
    scores = {}

    for target in TARGETS:
        y = tr[target].to_numpy(dtype=float)
        oof = np.zeros(len(tr))
        preds = np.zeros(len(te))
        for fold, (tr_idx, va_idx) in enumerate(kf.split(tr)):
            dtr = lgb.Dataset(tr[features].iloc[tr_idx], y[tr_idx])
            dva = lgb.Dataset(tr[features].iloc[va_idx], y[va_idx], reference=dtr)
            booster = lgb.train(
                params, dtr, num_boost_round=2000, valid_sets=[dva],
                callbacks=[lgb.early_stopping(stopping_rounds=100, verbose=False)],
            )
            oof[va_idx] = booster.predict(tr[features].iloc[va_idx], num_iteration=booster.best_iteration)
            preds += booster.predict(te[features], num_iteration=booster.best_iteration) / kf.n_splits
        scores[target] = rmsle(y, oof)
        submission[target] = preds
        print(f"{target:>10s}: OOF RMSLE = {scores[target]:.4f}")

    mean_score = np.mean(list(scores.values()))
    print(f"Mean column-wise RMSLE (CV): {mean_score:.4f}")

    os.makedirs("submission", exist_ok=True)
    submission.to_csv("submission/submission.csv", index=False)
    print(f"Wrote submission/submission.csv with shape {submission.shape}")


if __name__ == "__main__":
    main()
