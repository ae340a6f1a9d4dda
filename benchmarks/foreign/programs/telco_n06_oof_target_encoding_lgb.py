# %% [markdown]
# Telco churn: frequency + out-of-fold target encoding, lgb.train, 5-fold, 2 seeds

# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

pd.set_option("display.max_columns", 50)
SEEDS = [0, 1]
TARGET = "churn"

# %%
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train[TARGET].mean())

# %%
cat_cols = [c for c in train.columns if train[c].dtype == "object"]
num_cols = [c for c in train.columns if c not in cat_cols + ["id", TARGET]]
print("cat:", cat_cols)
print("num:", num_cols)

# %% numeric FE
for df in (train, test):
    df["total_charges"] = df["total_charges"].fillna(df["monthly_charges"] * df["tenure"])
    df["avg_charge"] = df["total_charges"] / (df["tenure"] + 1)
    df["charge_diff"] = df["monthly_charges"] - df["avg_charge"]
    df["tenure_year"] = df["tenure"] // 12
    df["family"] = df["partner"] + df["dependents"]

# frequency encoding
for c in cat_cols:
    vc = pd.concat([train[c], test[c]]).value_counts(normalize=True)
    train[c + "_freq"] = train[c].map(vc)
    test[c + "_freq"] = test[c].map(vc)

# %% OOF target encoding (smoothed)
def target_encode(tr, te, col, y, n_splits=5, alpha=20, seed=0):
    prior = y.mean()
    oof = np.zeros(len(tr))
    skf = StratifiedKFold(n_splits, shuffle=True, random_state=seed)
    for a, b in skf.split(tr, y):
        stats = pd.DataFrame({"c": tr[col].iloc[a].values, "y": y[a]}).groupby("c")["y"].agg(["sum", "count"])
        enc = (stats["sum"] + prior * alpha) / (stats["count"] + alpha)
        oof[b] = tr[col].iloc[b].map(enc).fillna(prior).values
    stats = pd.DataFrame({"c": tr[col].values, "y": y}).groupby("c")["y"].agg(["sum", "count"])
    enc = (stats["sum"] + prior * alpha) / (stats["count"] + alpha)
    return oof, te[col].map(enc).fillna(prior).values

y = train[TARGET].values
for c in cat_cols:
    train[c + "_te"], test[c + "_te"] = target_encode(train, test, c, y)
    train.drop(columns=c, inplace=True)
    test.drop(columns=c, inplace=True)

features = [c for c in train.columns if c not in ["id", TARGET]]
print(len(features))
print(train[features].dtypes.value_counts())

# %%
params = {
    "objective": "binary", "metric": "auc", "learning_rate": 0.02,
    "num_leaves": 20, "min_data_in_leaf": 40, "feature_fraction": 0.7,
    "bagging_fraction": 0.8, "bagging_freq": 1, "lambda_l1": 0.5, "lambda_l2": 2.0,
    "verbose": -1, "num_threads": 2,
}
oof = np.zeros(len(train))
preds = np.zeros(len(test))
for seed in SEEDS:
    params["seed"] = seed
    skf = StratifiedKFold(5, shuffle=True, random_state=seed)
    for fold, (tr_idx, va_idx) in enumerate(skf.split(train, y)):
        dtr = lgb.Dataset(train[features].iloc[tr_idx], y[tr_idx])
        dva = lgb.Dataset(train[features].iloc[va_idx], y[va_idx])
        m = lgb.train(params, dtr, 3000, valid_sets=[dva],
                      callbacks=[lgb.early_stopping(200, verbose=False), lgb.log_evaluation(500)])
        oof[va_idx] += m.predict(train[features].iloc[va_idx], num_iteration=m.best_iteration) / len(SEEDS)
        preds += m.predict(test[features], num_iteration=m.best_iteration) / (5 * len(SEEDS))
        print(seed, fold, m.best_iteration, m.best_score["valid_0"]["auc"])

print(f"OOF AUC: {roc_auc_score(y, oof):.5f}")

# %%
sub = pd.read_csv("./input/sample_submission.csv")
sub[TARGET] = preds
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
