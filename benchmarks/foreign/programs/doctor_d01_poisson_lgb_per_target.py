"""
NMES1988 doctor visits - four count targets (visits, ovisits, emergency, hospital).

The metric is column-wise RMSLE, so I model each target separately. Counts are heavily
right-skewed with many zeros -> LightGBM with a Poisson objective per target, trained
on one-hot/binary encoded demographics. 5-fold CV gives the OOF score for each column.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
YES_NO = ["afam", "married", "employed", "insurance", "medicaid"]


def encode(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    for c in YES_NO:
        df[c] = (df[c] == "yes").astype(int)
    df["gender"] = (df["gender"] == "male").astype(int)
    df["adl"] = (df["adl"] == "limited").astype(int)
    df["health"] = df["health"].map({"poor": 0, "average": 1, "excellent": 2})
    df = pd.get_dummies(df, columns=["region"], dtype=int)
    df["log_income"] = np.log1p(df["income"].clip(lower=0))
    return df


def rmsle(y, p):
    return np.sqrt(np.mean((np.log1p(y) - np.log1p(np.clip(p, 0, None))) ** 2))


def main():
    train = encode(pd.read_csv("./input/train.csv"))
    test = encode(pd.read_csv("./input/test.csv"))
    feats = [c for c in train.columns if c not in TARGETS + ["id"]]
    test = test.reindex(columns=["id"] + feats, fill_value=0)
    print(f"train {train.shape} test {test.shape}; {len(feats)} features")
    print(train[TARGETS].describe().loc[["mean", "max"]])

    params = dict(objective="poisson", learning_rate=0.03, num_leaves=15, min_data_in_leaf=40,
                  feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, lambda_l2=5.0,
                  seed=8, verbosity=-1, num_threads=1)
    kf = KFold(5, shuffle=True, random_state=8)
    sub = pd.DataFrame({"id": test["id"]})
    scores = {}
    for target in TARGETS:
        y = train[target].values
        oof = np.zeros(len(train))
        tpred = np.zeros(len(test))
        for tr, va in kf.split(train):
            dtr = lgb.Dataset(train.iloc[tr][feats], y[tr])
            dva = lgb.Dataset(train.iloc[va][feats], y[va], reference=dtr)
            m = lgb.train(params, dtr, 2000, valid_sets=[dva],
                          callbacks=[lgb.early_stopping(100, verbose=False)])
            oof[va] = m.predict(train.iloc[va][feats], num_iteration=m.best_iteration)
            tpred += m.predict(test[feats], num_iteration=m.best_iteration) / kf.n_splits
        scores[target] = rmsle(y, oof)
        sub[target] = tpred
        print(f"  {target:10s} OOF RMSLE = {scores[target]:.4f}")

    print(f"Validation RMSLE (mean over columns): {np.mean(list(scores.values())):.4f}")
    os.makedirs("./submission", exist_ok=True)
    sub.to_csv("./submission/submission.csv", index=False)
    print("submission:", sub.shape)


if __name__ == "__main__":
    main()
