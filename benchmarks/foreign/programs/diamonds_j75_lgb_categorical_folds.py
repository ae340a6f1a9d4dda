"""Diamonds: LightGBM on log-price with ordered pandas categoricals.

The grades are turned into *ordered* categoricals so LightGBM treats them natively;
five shuffled folds with early stopping, fold models averaged for the test set.
"""
import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import mean_squared_log_error
from sklearn.model_selection import KFold

ORDER = {
    "cut": ["Fair", "Good", "Very Good", "Premium", "Ideal"],
    "color": ["J", "I", "H", "G", "F", "E", "D"],
    "clarity": ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"],
}

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")


def prepare(df: pd.DataFrame) -> pd.DataFrame:
    out = df.drop(columns=["id", "price"], errors="ignore").copy()
    for col, levels in ORDER.items():
        out[col] = pd.Categorical(out[col], categories=levels, ordered=True)
    dims = out[["x", "y", "z"]].where(out[["x", "y", "z"]] > 0)
    out["volume"] = dims.prod(axis=1, min_count=3)
    out["density"] = out["carat"] / out["volume"]
    out["xy_ratio"] = dims["x"] / dims["y"]
    return out


def rmsle(y_true, y_pred):
    return mean_squared_log_error(y_true, np.maximum(y_pred, 0), squared=False)


X = prepare(train)
X_test = prepare(test)
y = train["price"].to_numpy()
y_log = np.log1p(y)
print("feature dtypes:", X.dtypes.astype(str).value_counts().to_dict())

params = {
    "objective": "regression",
    "learning_rate": 0.05,
    "num_leaves": 31,
    "min_data_in_leaf": 20,
    "feature_fraction": 0.85,
    "bagging_fraction": 0.85,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "cat_smooth": 10,
    "verbosity": -1,
    "num_threads": 1,
    "seed": 5,
}

oof = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
kf = KFold(n_splits=5, shuffle=True, random_state=5)
for fold, (tr, va) in enumerate(kf.split(X)):
    dtr = lgb.Dataset(X.iloc[tr], y_log[tr])
    dva = lgb.Dataset(X.iloc[va], y_log[va], reference=dtr)
    booster = lgb.train(
        params, dtr, num_boost_round=2000, valid_sets=[dva], valid_names=["val"],
        callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
    )
    oof[va] = np.expm1(booster.predict(X.iloc[va], num_iteration=booster.best_iteration))
    test_pred += np.expm1(booster.predict(X_test, num_iteration=booster.best_iteration)) / kf.n_splits
    print(f"fold {fold}: best_iter={booster.best_iteration:4d}  rmsle={rmsle(y[va], oof[va]):.4f}")

print(f"OOF RMSLE: {rmsle(y, oof):.4f}")
pd.DataFrame({"id": test["id"], "price": test_pred}).to_csv("./submission/submission.csv", index=False)
