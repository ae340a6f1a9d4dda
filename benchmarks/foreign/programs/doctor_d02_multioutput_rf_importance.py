"""
Doctor visits - attempt 2: a single multi-output RandomForest on log1p-transformed counts.

RandomForestRegressor supports multi-output natively, so one model predicts all four
targets. Training on log1p(y) aligns the squared-error criterion with RMSLE. I also print
the top-20 feature importances to understand what drives utilisation.
"""
import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.preprocessing import OneHotEncoder
from sklearn.pipeline import Pipeline
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import train_test_split

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
NUMERIC = ["chronic", "age", "school", "income"]
CATEGORICAL = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
TOP_K = 20


def build_model():
    pre = ColumnTransformer([
        ("num", "passthrough", NUMERIC),
        ("cat", OneHotEncoder(drop="if_binary", handle_unknown="ignore"), CATEGORICAL),
    ])
    rf = RandomForestRegressor(n_estimators=200, min_samples_leaf=15, max_features=0.5,
                               random_state=4, n_jobs=1)
    return Pipeline([("pre", pre), ("rf", rf)])


def report_importances(model):
    names = model.named_steps["pre"].get_feature_names_out()
    imp = model.named_steps["rf"].feature_importances_
    order = np.argsort(imp)[::-1]
    print(f"Top {TOP_K} features:")
    for rank in range(TOP_K):
        j = order[rank]
        print(f"  {rank + 1:2d}. {names[j]:30s} {imp[j]:.4f}")


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X = train[NUMERIC + CATEGORICAL]
    Y = np.log1p(train[TARGETS].values)
    print("X:", X.shape, "Y:", Y.shape)

    X_tr, X_va, Y_tr, Y_va = train_test_split(X, Y, test_size=0.2, random_state=4)
    model = build_model().fit(X_tr, Y_tr)
    P_va = np.clip(model.predict(X_va), 0, None)
    per_col = np.sqrt(((P_va - Y_va) ** 2).mean(axis=0))
    for t, s in zip(TARGETS, per_col):
        print(f"  {t:10s} RMSLE={s:.4f}")
    print(f"Validation RMSLE: {per_col.mean():.4f}")

    report_importances(model)

    model = build_model().fit(X, Y)
    P = np.expm1(np.clip(model.predict(test[NUMERIC + CATEGORICAL]), 0, None))
    sub = pd.DataFrame(P, columns=TARGETS)
    sub.insert(0, "id", test["id"].values)
    os.makedirs("./submission", exist_ok=True)
    sub.to_csv("./submission/submission.csv", index=False)
    print("saved", sub.shape)


if __name__ == "__main__":
    main()
