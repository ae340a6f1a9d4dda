"""
Diamonds price regression, scored with RMSLE.

Plan:
  - RMSLE == RMSE on log1p(price), so train on log1p(price) and expm1 the predictions
  - generic preprocessing: detect categorical vs numeric columns automatically,
    one-hot the categoricals, median-impute the numerics
  - add volume / density features from x, y, z
  - HistGradientBoostingRegressor, 5-fold KFold CV, then refit on all rows
"""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import HistGradientBoostingRegressor
from sklearn.impute import SimpleImputer
from sklearn.model_selection import KFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder

SEED = 21


def add_geometry(df):
    df = df.copy()
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["density"] = df["carat"] / (df["volume"] + 1e-3)
    df["xy_ratio"] = df["x"] / (df["y"] + 1e-3)
    return df


def infer_column_types(df):
    """Split columns into categorical (object) and numeric ones."""
    cat_cols, num_cols = [], []
    for col in df.columns:
        if df[col].dtype == "object":
            cat_cols.append(col)
        else:
            num_cols.append(col)
    return cat_cols, num_cols


def make_model(cat_cols, num_cols):
    pre = ColumnTransformer(
        [
            ("num", SimpleImputer(strategy="median"), num_cols),
            ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), cat_cols),
        ]
    )
    reg = HistGradientBoostingRegressor(
        learning_rate=0.08, max_iter=400, max_leaf_nodes=31, min_samples_leaf=20, random_state=SEED
    )
    return Pipeline([("pre", pre), ("reg", reg)])


def main():
    train = add_geometry(pd.read_csv("./input/train.csv"))
    test = add_geometry(pd.read_csv("./input/test.csv"))

    X = train.drop(columns=["id", "price"])
    y = np.log1p(train["price"].values)
    X_test = test[X.columns]

    cat_cols, num_cols = infer_column_types(X)
    print("categorical:", cat_cols)
    print("numeric:", num_cols)

    model = make_model(cat_cols, num_cols)
    kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
    scores = -cross_val_score(model, X, y, cv=kf, scoring="neg_root_mean_squared_error", error_score="raise")
    rmsle = scores.mean()
    print("fold RMSLE:", np.round(scores, 4))
    print(f"CV RMSLE: {rmsle:.4f}")

    model.fit(X, y)
    pred = np.expm1(model.predict(X_test))
    pred = np.clip(pred, 300, None)

    sub = pd.DataFrame({"id": test["id"], "price": pred})
    sub.to_csv("./submission/submission.csv", index=False)
    print(f"Final validation RMSLE: {rmsle:.4f}")


if __name__ == "__main__":
    main()
