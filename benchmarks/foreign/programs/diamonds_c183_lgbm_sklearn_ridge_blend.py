"""Diamonds: LGBMRegressor (sklearn API, native categoricals) blended with a Ridge on one-hot features."""
import json
import os
import warnings

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore", category=UserWarning)
np.random.seed(42)

CAT_COLS = ["cut", "color", "clarity"]
NUM_COLS = ["carat", "depth", "table", "x", "y", "z"]


def load_data():
    """Read train/test and cast grade columns to pandas categoricals with shared levels."""
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    for col in CAT_COLS:
        levels = sorted(set(train[col]) | set(test[col]))
        train[col] = pd.Categorical(train[col], categories=levels)
        test[col] = pd.Categorical(test[col], categories=levels)
    for df in (train, test):
        df["log_carat"] = np.log(df["carat"])
        df["volume"] = df["x"] * df["y"] * df["z"]
    return train, test


def make_ridge():
    """One-hot grades + scaled numerics -> Ridge (fitted on log price)."""
    prep = ColumnTransformer([
        ("ohe", OneHotEncoder(handle_unknown="ignore"), CAT_COLS),
        ("num", StandardScaler(), NUM_COLS + ["log_carat", "volume"]),
    ])
    return make_pipeline(prep, Ridge(alpha=1.0, random_state=42))


def rmsle_log(y_log_true, y_log_pred):
    return float(np.sqrt(np.mean((y_log_true - y_log_pred) ** 2)))


def main():
    train, test = load_data()
    features = CAT_COLS + NUM_COLS + ["log_carat", "volume"]
    X, X_test = train[features], test[features]
    y_log = np.log1p(train["price"].to_numpy())

    kf = KFold(n_splits=5, shuffle=True, random_state=42)
    oof_lgb = np.zeros(len(X))
    oof_ridge = np.zeros(len(X))
    pred_lgb = np.zeros(len(X_test))
    pred_ridge = np.zeros(len(X_test))

    for fold, (tr, va) in enumerate(kf.split(X)):
        model = lgb.LGBMRegressor(
            n_estimators=2000, learning_rate=0.05, num_leaves=40, subsample=0.8,
            subsample_freq=1, colsample_bytree=0.8, reg_lambda=1.0,
            random_state=42, n_jobs=1, verbose=-1,
        )
        model.fit(
            X.iloc[tr], y_log[tr],
            eval_set=[(X.iloc[va], y_log[va])],
            eval_metric="rmse",
            callbacks=[lgb.early_stopping(100, verbose=False)],
        )
        oof_lgb[va] = model.predict(X.iloc[va])
        pred_lgb += model.predict(X_test) / kf.n_splits

        ridge = make_ridge()
        ridge.fit(X.iloc[tr], y_log[tr])
        oof_ridge[va] = ridge.predict(X.iloc[va])
        pred_ridge += ridge.predict(X_test) / kf.n_splits

        print(f"[fold {fold}] lgb={rmsle_log(y_log[va], oof_lgb[va]):.4f} "
              f"ridge={rmsle_log(y_log[va], oof_ridge[va]):.4f} iters={model.best_iteration_}")

    # pick blend weight on OOF
    best_w, best_score = 1.0, np.inf
    for w in np.linspace(0, 1, 21):
        s = rmsle_log(y_log, w * oof_lgb + (1 - w) * oof_ridge)
        if s < best_score:
            best_w, best_score = w, s
    print(f"LGB OOF RMSLE: {rmsle_log(y_log, oof_lgb):.5f}")
    print(f"Ridge OOF RMSLE: {rmsle_log(y_log, oof_ridge):.5f}")
    print(f"Blend OOF RMSLE: {best_score:.5f} (w_lgb={best_w:.2f})")

    final = np.expm1(best_w * pred_lgb + (1 - best_w) * pred_ridge)
    os.makedirs("./submission", exist_ok=True)
    sub = pd.read_csv("./input/sample_submission.csv")
    sub["price"] = final
    sub.to_csv("./submission/submission.csv", index=False)
    with open("./submission/cv_results.json", "w") as f:
        json.dump({"blend_rmsle": best_score, "w_lgb": float(best_w)}, f, indent=2)
    print("Done.")


if __name__ == "__main__":
    main()
