# %%
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

SEED = 1337
np.random.seed(SEED)

# %%
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)
print(train["diagnosis"].value_counts())

# %% ratio features -- worst / mean, error / mean
base = ["radius", "texture", "perimeter", "area", "smoothness", "compactness",
        "concavity", "concave_points", "symmetry", "fractal_dimension"]

def add_feats(df):
    df = df.copy()
    for b in base:
        df[f"{b}_worst_over_mean"] = df[f"worst_{b}"] / (df[f"mean_{b}"] + 1e-6)
        df[f"{b}_err_over_mean"] = df[f"{b}_error"] / (df[f"mean_{b}"] + 1e-6)
    df["compactness_calc"] = df["mean_perimeter"] ** 2 / (df["mean_area"] + 1e-6)
    df["worst_area_log"] = np.log1p(df["worst_area"])
    return df

train = add_feats(train)
test = add_feats(test)
FEATURES = [c for c in train.columns if c not in ("id", "diagnosis")]
print(len(FEATURES), "features")

X = train[FEATURES]
y = train["diagnosis"].values
X_test = test[FEATURES]
assert X.shape[1] == X_test.shape[1]

# %%
params = dict(
    objective="binary",
    metric="auc",
    learning_rate=0.03,
    num_leaves=15,
    max_depth=5,
    min_child_samples=15,
    subsample=0.85,
    subsample_freq=1,
    colsample_bytree=0.6,
    reg_lambda=2.0,
    seed=SEED,
    verbose=-1,
    n_jobs=2,
)

oof = np.zeros(len(train))
test_pred = np.zeros(len(test))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=SEED)

for fold, (trn, val) in enumerate(skf.split(X, y)):
    print(f"----- fold {fold} -----")
    d_trn = lgb.Dataset(X.iloc[trn], label=y[trn])
    d_val = lgb.Dataset(X.iloc[val], label=y[val])
    model = lgb.train(
        params,
        d_trn,
        num_boost_round=3000,
        valid_sets=[d_trn, d_val],
        early_stopping_rounds=150,
        verbose_eval=200,
    )
    oof[val] = model.predict(X.iloc[val], num_iteration=model.best_iteration)
    test_pred += model.predict(X_test, num_iteration=model.best_iteration) / skf.n_splits
    print("fold auc", roc_auc_score(y[val], oof[val]))

print(f"Validation AUC: {roc_auc_score(y, oof):.5f}")

# %%
sub = pd.DataFrame({"id": test["id"], "diagnosis": test_pred})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe())
