# %% [markdown]
# Penguins species - LGBM native API, seed averaging, OOF logloss

# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss
import warnings
warnings.filterwarnings("ignore")

SEEDS = [42, 2024, 7]
N_FOLDS = 5
TARGET = "species"

# %%
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sub = pd.read_csv("./input/sample_submission.csv")
print(train.shape, test.shape, sub.shape)
print(train.head())

# %%
CLASSES = list(sub.columns[1:])   # Adelie, Chinstrap, Gentoo
cls2id = {c: i for i, c in enumerate(CLASSES)}
y = train[TARGET].map(cls2id).values
assert not np.isnan(y.astype(float)).any()
print(np.bincount(y))

# %% feature engineering
full = pd.concat([train.drop(columns=[TARGET]), test], axis=0, ignore_index=True)

full["bill_ratio"] = full["bill_length_mm"] / full["bill_depth_mm"]
full["mass_per_flipper"] = full["body_mass_g"] / full["flipper_length_mm"]
full["bill_area"] = full["bill_length_mm"] * full["bill_depth_mm"]
full["flipper_x_depth"] = full["flipper_length_mm"] * full["bill_depth_mm"]

# group stats by island
for col in ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]:
    grp = full.groupby("island")[col]
    full[f"{col}_isl_mean"] = grp.transform("mean")
    full[f"{col}_isl_diff"] = full[col] - full[f"{col}_isl_mean"]

# frequency encoding
full["island_freq"] = full["island"].map(full["island"].value_counts(normalize=True))

for c in ["island", "sex"]:
    full[c] = full[c].astype("category")

FEATS = [c for c in full.columns if c not in ["id", "year"]]
print(len(FEATS), FEATS)

X = full.iloc[: len(train)][FEATS].reset_index(drop=True)
X_test = full.iloc[len(train):][FEATS].reset_index(drop=True)
print(X.shape, X_test.shape)
assert X.shape[0] == train.shape[0]

# %%
params = {
    "objective": "multiclass",
    "num_class": 3,
    "metric": "multi_logloss",
    "learning_rate": 0.1,
    "num_leaves": 8,
    "min_data_in_leaf": 10,
    "feature_fraction": 0.8,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "num_threads": 2,
    "deterministic": True,
}

oof = np.zeros((len(X), 3))
pred_test = np.zeros((len(X_test), 3))

for seed in SEEDS:
    params["seed"] = seed
    skf = StratifiedKFold(n_splits=N_FOLDS, shuffle=True, random_state=seed)
    oof_seed = np.zeros((len(X), 3))
    for fold, (tr_idx, va_idx) in enumerate(skf.split(X, y)):
        dtr = lgb.Dataset(X.iloc[tr_idx], y[tr_idx])
        dva = lgb.Dataset(X.iloc[va_idx], y[va_idx], reference=dtr)
        bst = lgb.train(
            params, dtr, num_boost_round=500,
            valid_sets=[dtr, dva], valid_names=["train", "valid"],
            callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)],
        )
        oof_seed[va_idx] = bst.predict(X.iloc[va_idx], num_iteration=bst.best_iteration)
        pred_test += bst.predict(X_test, num_iteration=bst.best_iteration) / (N_FOLDS * len(SEEDS))
        print(f"seed {seed} fold {fold} best_iter {bst.best_iteration} "
              f"ll {log_loss(y[va_idx], oof_seed[va_idx], labels=[0, 1, 2]):.5f}")
    print(f"== seed {seed} OOF logloss: {log_loss(y, oof_seed):.5f}")
    oof += oof_seed / len(SEEDS)

print("oof acc", (oof.argmax(1) == y).mean())
print(f"OOF logloss (seed avg): {log_loss(y, oof):.5f}")

# %%
pred_test = np.clip(pred_test, 1e-6, 1 - 1e-6)
pred_test = pred_test / pred_test.sum(axis=1, keepdims=True)
sub[CLASSES] = pred_test
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
print(sub.shape)
