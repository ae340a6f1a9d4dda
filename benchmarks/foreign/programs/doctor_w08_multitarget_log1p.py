import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
N_FOLDS = 5
SEEDS = [101, 202]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
print(f"train {train.shape}, test {test.shape}")
print(train[TARGETS].describe().loc[["mean", "50%", "max"]].round(2))

YESNO = ["adl", "afam", "gender", "married", "employed", "insurance", "medicaid"]
BIN_MAP = {"no": 0, "yes": 1, "normal": 0, "limited": 1, "female": 0, "male": 1}
HEALTH_MAP = {"excellent": 0, "average": 1, "poor": 2}


def rmsle(y_true, y_pred):
    y_pred = np.clip(y_pred, 0, None)
    return np.sqrt(np.mean((np.log1p(y_true) - np.log1p(y_pred)) ** 2))


def add_features(df):
    df = df.copy()
    for c in YESNO:
        df[c] = df[c].map(BIN_MAP).astype(int)
    df["health_ord"] = df["health"].map(HEALTH_MAP)
    df["region"] = df["region"].astype("category")
    df = df.drop(columns=["health"])
    df["age_years"] = df["age"] * 10
    df["chronic_x_health"] = df["chronic"] * (df["health_ord"] + 1)
    df["sick_score"] = df["chronic"] + 2 * df["health_ord"] + 2 * df["adl"]
    df["any_cover"] = ((df["insurance"] + df["medicaid"]) > 0).astype(int)
    df["log_income"] = np.log1p(df["income"].clip(lower=0))
    return df


def add_group_stats(df, key, cols):
    for c in cols:
        g = df.groupby(key, observed=True)[c]
        df[f"{c}_mean_by_{key}"] = g.transform("mean")
        df[f"{c}_dev_{key}"] = df[c] - df[f"{c}_mean_by_{key}"]
    return df


full = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)
full = add_features(full)
full = add_group_stats(full, "region", ["income", "school", "chronic"])
full = add_group_stats(full, "health_ord", ["chronic", "age"])
full["chronic_cnt"] = full.groupby("chronic")["id"].transform("count")

X = full.iloc[:len(train)].reset_index(drop=True)
X_test = full.iloc[len(train):].reset_index(drop=True)
feats = [c for c in X.columns if c != "id"]
print("features:", len(feats))

base_params = {
    "objective": "regression",
    "metric": "rmse",
    "learning_rate": 0.03,
    "num_leaves": 12,
    "min_data_in_leaf": 40,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 5.0,
    "verbose": -1,
    "num_threads": 2,
}


def make_folds(n, seed):
    return list(KFold(N_FOLDS, shuffle=True, random_state=seed).split(np.arange(n)))


oof = pd.DataFrame(0.0, index=range(len(X)), columns=TARGETS)
pred = pd.DataFrame(0.0, index=range(len(X_test)), columns=TARGETS)

for t in TARGETS:
    y = np.log1p(train[t].values)
    for seed in SEEDS:
        params = dict(base_params, seed=seed)
        for fold, (tr, va) in enumerate(make_folds(len(X), seed)):
            dtr = lgb.Dataset(X.loc[tr, feats], y[tr])
            dva = lgb.Dataset(X.loc[va, feats], y[va], reference=dtr)
            m = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva],
                          callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
            oof.loc[va, t] += np.expm1(m.predict(X.loc[va, feats], num_iteration=m.best_iteration)) / len(SEEDS)
            pred[t] += np.expm1(m.predict(X_test[feats], num_iteration=m.best_iteration)) / (N_FOLDS * len(SEEDS))
            print(f"{t:>9s} seed {seed} fold {fold}: rmse(log) {m.best_score['valid_0']['rmse']:.4f} it {m.best_iteration}")
    print(f"### {t}: OOF RMSLE {rmsle(train[t].values, oof[t].values):.5f}")

scores = {t: rmsle(train[t].values, oof[t].values) for t in TARGETS}
print(scores)
print(f"OOF mean column RMSLE: {np.mean(list(scores.values())):.5f}")

for t in TARGETS:
    sub[t] = np.clip(pred[t].values, 0, None)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
