import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, roc_auc_score

TARGET = "Status"
SEEDS = [0, 1, 2]
NFOLD = 5
CATS = ["Home", "Marital", "Records", "Job"]

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
print("train", train.shape, "test", test.shape, "bad rate %.4f" % train[TARGET].mean())


def add_features(df):
    df["Income"] = df["Income"].fillna(df["Income"].median())
    df["Assets"] = df["Assets"].fillna(0)
    df["Debt"] = df["Debt"].fillna(0)
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["installment"] = df["Amount"] / df["Time"]
    df["inst_to_income"] = df["installment"] / (df["Income"] + 1)
    df["free_income"] = df["Income"] - df["Expenses"]
    df["net_assets"] = df["Assets"] - df["Debt"]
    df["debt_to_assets"] = df["Debt"] / (df["Assets"] + 1)
    df["amount_to_assets"] = df["Amount"] / (df["Assets"] + 1)
    df["age_start_work"] = df["Age"] - df["Seniority"]
    df["senior_ratio"] = df["Seniority"] / df["Age"]
    return df


def add_group_aggs(df, key, cols):
    agg = df.groupby(key)[cols].agg(["mean", "median"])
    agg.columns = [f"{c}_{s}_by_{key}" for c, s in agg.columns]
    agg = agg.reset_index()
    df = df.merge(agg, on=key)
    for c in cols:
        df[f"{c}_rel_{key}"] = df[c] / (df[f"{c}_mean_by_{key}"] + 1e-9)
    return df


def add_freq(df, cols):
    for c in cols:
        df[c + "_cnt"] = df[c].map(df[c].value_counts()).fillna(0)
    return df


full = pd.concat([train, test], ignore_index=True)
full = add_features(full)
full = add_group_aggs(full, "Home", ["Income", "Amount", "Assets"])
full = add_group_aggs(full, "Job", ["Income", "inst_to_income", "Seniority"])
full = add_freq(full, ["Amount", "Price", "Expenses", "Age"])
for c in CATS:
    full[c] = full[c].astype("category")

train = full[full[TARGET].notna()].reset_index(drop=True)
test = full[full[TARGET].isna()].reset_index(drop=True)
features = [c for c in train.columns if c not in ("id", TARGET)]
print("n_features:", len(features))

X = train[features]
y = train[TARGET].astype(int).values
X_test = test[features]

params = {
    "objective": "binary",
    "metric": "binary_logloss",
    "learning_rate": 0.03,
    "num_leaves": 20,
    "min_data_in_leaf": 30,
    "feature_fraction": 0.6,
    "bagging_fraction": 0.85,
    "bagging_freq": 1,
    "lambda_l1": 0.5,
    "lambda_l2": 3.0,
    "verbose": -1,
    "num_threads": 2,
}

oof_all = np.zeros(len(X))
preds = np.zeros(len(X_test))
for seed in SEEDS:
    params["seed"] = seed
    skf = StratifiedKFold(NFOLD, shuffle=True, random_state=seed)
    oof = np.zeros(len(X))
    for fold, (tr_i, va_i) in enumerate(skf.split(X, y)):
        dtrain = lgb.Dataset(X.iloc[tr_i], label=y[tr_i], categorical_feature=CATS)
        dvalid = lgb.Dataset(X.iloc[va_i], label=y[va_i], categorical_feature=CATS)
        clf = lgb.train(params, dtrain, num_boost_round=4000, valid_sets=[dvalid],
                        callbacks=[lgb.early_stopping(200, verbose=False),
                                   lgb.log_evaluation(period=0)])
        oof[va_i] = clf.predict(X.iloc[va_i], num_iteration=clf.best_iteration)
        preds += clf.predict(X_test, num_iteration=clf.best_iteration) / (NFOLD * len(SEEDS))
        print(f"  seed {seed} fold {fold}  logloss {log_loss(y[va_i], oof[va_i]):.5f}  "
              f"auc {roc_auc_score(y[va_i], oof[va_i]):.5f}  it {clf.best_iteration}")
    print(f"seed {seed}: oof logloss {log_loss(y, oof):.5f}")
    oof_all += oof / len(SEEDS)

print(f"OOF logloss: {log_loss(y, oof_all):.5f} | OOF AUC: {roc_auc_score(y, oof_all):.5f}")

sub[TARGET] = np.clip(preds, 1e-4, 1 - 1e-4)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
