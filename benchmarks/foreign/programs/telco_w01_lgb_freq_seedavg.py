import os
import warnings
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

warnings.filterwarnings("ignore")

INPUT = "input"
TARGET = "churn"
N_FOLDS = 5
SEEDS = [42, 2024, 7]

train = pd.read_csv(f"{INPUT}/train.csv")
test = pd.read_csv(f"{INPUT}/test.csv")
sub = pd.read_csv(f"{INPUT}/sample_submission.csv")
print(train.shape, test.shape)

CATS = ["multiple_lines", "internet_service", "online_security", "online_backup",
        "device_protection", "tech_support", "streaming_tv", "streaming_movies",
        "contract", "payment_method"]
ADDONS = ["online_security", "online_backup", "device_protection", "tech_support",
          "streaming_tv", "streaming_movies"]


def add_features(df):
    df = df.copy()
    df["total_charges"] = df["total_charges"].fillna(df["monthly_charges"] * df["tenure"])
    df["avg_charge"] = df["total_charges"] / (df["tenure"] + 1)
    df["charge_diff"] = df["monthly_charges"] - df["avg_charge"]
    df["n_addons"] = (df[ADDONS] == "Yes").sum(axis=1)
    df["no_internet"] = (df["internet_service"] == "No").astype(int)
    df["tenure_bin"] = pd.cut(df["tenure"], [-1, 6, 12, 24, 48, 100], labels=False)
    df["contract_pay"] = df["contract"] + "_" + df["payment_method"]
    return df


def add_freq(df, cols):
    for c in cols:
        vc = df[c].value_counts(normalize=True)
        df[f"{c}_freq"] = df[c].map(vc).astype(float)
    return df


def add_group_aggs(df, key, col, aggs=("mean", "std")):
    g = df.groupby(key)[col].agg(list(aggs)).reset_index()
    g.columns = [key] + [f"{col}_{a}_by_{key}" for a in aggs]
    df = df.merge(g, on=key, how="left")
    df[f"{col}_minus_{key}_mean"] = df[col] - df[f"{col}_mean_by_{key}"]
    return df


full = pd.concat([train, test], axis=0, ignore_index=True)
full = add_features(full)
full = add_freq(full, ["contract_pay", "payment_method", "tenure"])
full = add_group_aggs(full, "contract", "monthly_charges")
full = add_group_aggs(full, "internet_service", "monthly_charges")
full = add_group_aggs(full, "tenure_bin", "total_charges")

for c in CATS + ["contract_pay"]:
    full[c] = full[c].astype("category")

train = full.iloc[:len(train)].reset_index(drop=True)
test = full.iloc[len(train):].reset_index(drop=True)

features = [c for c in train.columns if c not in ["id", TARGET]]
print(f"n features: {len(features)}")

X = train[features]
y = train[TARGET].astype(int).values
X_test = test[features]

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 40,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 2.0,
    "cat_smooth": 20,
    "verbose": -1,
    "num_threads": 2,
}


def make_folds(y, n_splits, seed):
    skf = StratifiedKFold(n_splits=n_splits, shuffle=True, random_state=seed)
    return list(skf.split(np.zeros(len(y)), y))


oof = np.zeros(len(train))
pred = np.zeros(len(test))

for seed in SEEDS:
    params["seed"] = seed
    oof_seed = np.zeros(len(train))
    for fold, (trn_idx, val_idx) in enumerate(make_folds(y, N_FOLDS, seed)):
        dtrn = lgb.Dataset(X.iloc[trn_idx], y[trn_idx])
        dval = lgb.Dataset(X.iloc[val_idx], y[val_idx], reference=dtrn)
        model = lgb.train(
            params, dtrn, num_boost_round=2000,
            valid_sets=[dtrn, dval], valid_names=["train", "valid"],
            callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
        )
        oof_seed[val_idx] = model.predict(X.iloc[val_idx], num_iteration=model.best_iteration)
        pred += model.predict(X_test, num_iteration=model.best_iteration) / (N_FOLDS * len(SEEDS))
        print(f"seed {seed} fold {fold}: auc {roc_auc_score(y[val_idx], oof_seed[val_idx]):.5f} "
              f"best_iter {model.best_iteration}")
    print(f"seed {seed} OOF AUC: {roc_auc_score(y, oof_seed):.5f}")
    oof += oof_seed / len(SEEDS)

print("=" * 40)
print(f"OOF AUC (seed avg): {roc_auc_score(y, oof):.5f}")

imp = pd.Series(model.feature_importance("gain"), index=features).sort_values(ascending=False)
print(imp.head(10).round(1))

sub[TARGET] = pred
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
