import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error

TARGET = "MathAch"
GROUP = "School"
N_SPLITS = 5
SEED = 11

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
print("train:", train.shape, "test:", test.shape)
print("schools train/test:", train[GROUP].nunique(), test[GROUP].nunique())


def rmse(y_true, y_pred):
    return mean_squared_error(y_true, y_pred, squared=False)


def encode_binary(df):
    df["minority"] = (df["Minority"] == "Yes").astype(int)
    df["male"] = (df["Sex"] == "Male").astype(int)
    return df.drop(columns=["Minority", "Sex"])


def school_aggs(df):
    # school level stats - test schools are unseen so only use features, never the target
    g = df.groupby(GROUP)
    df["sch_n"] = g["SES"].transform("size")
    df["sch_ses_std"] = g["SES"].transform("std")
    df["sch_ses_min"] = g["SES"].transform("min")
    df["sch_ses_max"] = g["SES"].transform("max")
    df["sch_minority_share"] = g["minority"].transform("mean")
    df["sch_male_share"] = g["male"].transform("mean")
    df["ses_minus_meanses"] = df["SES"] - df["MEANSES"]
    df["ses_rank_in_school"] = g["SES"].rank(pct=True)
    df["ses_x_minority"] = df["SES"] * df["minority"]
    df["meanses_x_minority"] = df["MEANSES"] * df["sch_minority_share"]
    return df


full = pd.concat([train, test], ignore_index=True)
full = encode_binary(full)
full = school_aggs(full)

train = full[full[TARGET].notna()].reset_index(drop=True)
test = full[full[TARGET].isna()].reset_index(drop=True)

FEATS = [c for c in train.columns if c not in ("id", TARGET, GROUP)]
print("features:", FEATS)

X, y, groups = train[FEATS], train[TARGET].values, train[GROUP].values
X_test = test[FEATS]

params = dict(
    objective="regression",
    metric="rmse",
    learning_rate=0.02,
    num_leaves=8,
    max_depth=4,
    min_data_in_leaf=60,
    feature_fraction=0.8,
    bagging_fraction=0.8,
    bagging_freq=1,
    lambda_l2=5.0,
    seed=SEED,
    verbose=-1,
    num_threads=2,
)

oof = np.zeros(len(train))
test_pred = np.zeros(len(test))
scores = []

gkf = GroupKFold(n_splits=N_SPLITS)
for fold, (tr, va) in enumerate(gkf.split(X, y, groups)):
    dtr = lgb.Dataset(X.iloc[tr], y[tr])
    dva = lgb.Dataset(X.iloc[va], y[va], reference=dtr)
    booster = lgb.train(
        params,
        dtr,
        num_boost_round=5000,
        valid_sets=[dtr, dva],
        valid_names=["trn", "val"],
        callbacks=[lgb.early_stopping(200, first_metric_only=True), lgb.log_evaluation(100)],
    )
    oof[va] = booster.predict(X.iloc[va], num_iteration=booster.best_iteration)
    test_pred += booster.predict(X_test, num_iteration=booster.best_iteration) / N_SPLITS
    s = rmse(y[va], oof[va])
    scores.append(s)
    print(f"[fold {fold}] rmse={s:.4f} iters={booster.best_iteration} n_val_schools={len(np.unique(groups[va]))}")

print(f"fold rmse: {np.mean(scores):.4f} +- {np.std(scores):.4f}")
print(f"OOF RMSE: {rmse(y, oof):.4f}")

sub[TARGET] = test_pred
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe())
