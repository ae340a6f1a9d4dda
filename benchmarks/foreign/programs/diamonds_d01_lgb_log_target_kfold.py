"""
Diamonds price - LightGBM on log1p(price) with 5-fold CV.

The metric is RMSLE, so training on log1p(price) with an L2 objective directly optimises it.
cut / color / clarity are ordered quality grades; I encode them as ordinal integers (the
order carries real information) and also let LightGBM see x*y*z volume.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]          # worst -> best
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def prepare(df):
    df = df.copy()
    df["cut"] = df["cut"].map({v: i for i, v in enumerate(CUT)})
    df["color"] = df["color"].map({v: i for i, v in enumerate(COLOR)})
    df["clarity"] = df["clarity"].map({v: i for i, v in enumerate(CLARITY)})
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["density"] = df["carat"] / df["volume"].replace(0, np.nan)
    df["log_carat"] = np.log(df["carat"])
    return df


def rmsle(y_true, y_pred):
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2)))


def main():
    train, test = prepare(pd.read_csv("input/train.csv")), prepare(pd.read_csv("input/test.csv"))
    feats = [c for c in train.columns if c not in ("id", "price")]
    print(f"train {train.shape} test {test.shape}; features: {feats}")
    assert train[["cut", "color", "clarity"]].notna().all().all(), "unmapped grade!"

    y_log = np.log1p(train["price"].values)
    params = {"objective": "regression", "learning_rate": 0.05, "num_leaves": 63,
              "min_data_in_leaf": 20, "feature_fraction": 0.8, "bagging_fraction": 0.8,
              "bagging_freq": 1, "lambda_l2": 1.0, "seed": 5, "verbosity": -1, "num_threads": 1}
    oof = np.zeros(len(train))
    test_log = np.zeros(len(test))
    for k, (tr, va) in enumerate(KFold(5, shuffle=True, random_state=5).split(train)):
        dtr = lgb.Dataset(train.iloc[tr][feats], y_log[tr])
        dva = lgb.Dataset(train.iloc[va][feats], y_log[va], reference=dtr)
        m = lgb.train(params, dtr, 3000, valid_sets=[dva],
                      callbacks=[lgb.early_stopping(100, verbose=False)])
        oof[va] = m.predict(train.iloc[va][feats], num_iteration=m.best_iteration)
        test_log += m.predict(test[feats], num_iteration=m.best_iteration) / 5
        print(f"  fold {k}: iters={m.best_iteration} rmse_log={np.sqrt(np.mean((oof[va]-y_log[va])**2)):.5f}")

    score = rmsle(train["price"].values, np.expm1(oof))
    print(f"Validation RMSLE: {score:.5f}")
    os.makedirs("submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "price": np.expm1(test_log)}).to_csv("submission/submission.csv", index=False)


if __name__ == "__main__":
    main()
