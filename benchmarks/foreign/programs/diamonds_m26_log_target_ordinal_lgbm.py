"""Diamonds price - LightGBM on log1p(price), ordinal-encoded grades, RMSLE.

Revision 2. attempt 1 died in the metric line:
    TypeError: mean_squared_error() got an unexpected keyword argument 'squared'
-> compute RMSLE by hand (sqrt of MSE in log1p space).
Also guarded the volume feature: a handful of stones have x/y/z == 0.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split

INPUT = "./input"
OUT_DIR = "./submission"
SEED = 17

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def rmsle(y_true, y_pred):
    y_pred = np.clip(y_pred, 0, None)  # fix: negative preds made log1p return NaN
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2)))


def featurize(df):
    out = df.copy()
    for col, order in [("cut", CUT_ORDER), ("color", COLOR_ORDER), ("clarity", CLARITY_ORDER)]:
        mapping = {v: i for i, v in enumerate(order)}
        out[col] = out[col].astype(str).str.strip().map(mapping)
        n_bad = int(out[col].isna().sum())
        if n_bad:
            print(f"  warning: {n_bad} unknown {col} values -> median")
        out[col] = out[col].fillna(out[col].median()).astype(float)
    for c in ["x", "y", "z"]:
        out[c] = pd.to_numeric(out[c], errors="coerce")
        out.loc[out[c] <= 0, c] = np.nan  # fix: zero dimensions -> treat as missing
    out["volume"] = out["x"] * out["y"] * out["z"]
    out["volume"] = out["volume"].fillna(out["carat"] * 163.0)  # ~ mm^3 per carat
    out["density"] = out["carat"] / out["volume"]
    out["log_carat"] = np.log(out["carat"])
    out["xy_ratio"] = (out["x"] / out["y"]).fillna(1.0)
    out["grade_sum"] = out["cut"] + out["color"] + out["clarity"]
    return out


def main():
    train = pd.read_csv(os.path.join(INPUT, "train.csv"))
    test = pd.read_csv(os.path.join(INPUT, "test.csv"))
    print(f"train {train.shape}, test {test.shape}")
    print(f"price: min={train['price'].min()} median={train['price'].median()} max={train['price'].max()}")

    tr = featurize(train)
    te = featurize(test)
    feats = [c for c in tr.columns if c not in ("id", "price")]
    X, X_test = tr[feats], te[feats]
    y_log = np.log1p(train["price"].astype(float).values)
    assert X.shape[0] == len(y_log)
    assert list(X.columns) == list(X_test.columns)
    print(f"{len(feats)} features: {feats}")

    params = dict(n_estimators=800, learning_rate=0.05, num_leaves=31, min_child_samples=20,
                  subsample=0.8, subsample_freq=1, colsample_bytree=0.8,
                  random_state=SEED, verbose=-1)

    X_tr, X_va, y_tr, y_va = train_test_split(X, y_log, test_size=0.2, random_state=SEED)
    model = lgb.LGBMRegressor(**params)
    model.fit(X_tr, y_tr, eval_set=[(X_va, y_va)],
              callbacks=[lgb.early_stopping(100, verbose=False)])
    best_n = model.best_iteration_ or params["n_estimators"]
    va_pred = np.expm1(model.predict(X_va, num_iteration=best_n))
    score = rmsle(np.expm1(y_va), va_pred)
    print(f"best iteration: {best_n}")
    print(f"Validation RMSLE: {score:.5f}")

    params["n_estimators"] = int(best_n * 1.15)
    full = lgb.LGBMRegressor(**params).fit(X, y_log)
    pred = np.clip(np.expm1(full.predict(X_test)), 300, None)

    sub = pd.read_csv(os.path.join(INPUT, "sample_submission.csv"))
    sub["price"] = sub["id"].map(pd.Series(pred, index=test["id"].values))
    if sub["price"].isna().any():
        print(f"  {sub['price'].isna().sum()} ids unmatched, filling with median")
        sub["price"] = sub["price"].fillna(float(np.median(pred)))
    os.makedirs(OUT_DIR, exist_ok=True)
    sub.to_csv(os.path.join(OUT_DIR, "submission.csv"), index=False)
    print(f"saved submission {sub.shape}; mean predicted price {sub['price'].mean():.1f}")


if __name__ == "__main__":
    main()
