# %% doctor visits -- 4 count targets, one poisson LGBM per target, OOF saved for stacking later
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
N_SPLITS = 5
SEED = 21

# %%
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train[TARGETS].describe().loc[["mean", "std", "max"]])

# %% encode + FE
yes_no = ["adl", "afam", "married", "employed", "insurance", "medicaid"]
for df in (train, test):
    for c in yes_no:
        df[c] = df[c].isin(["yes", "limited"]).astype(int)
    df["male"] = (df["gender"] == "male").astype(int)
    df["health_ord"] = df["health"].map({"poor": 0, "average": 1, "excellent": 2})
    df["chronic_x_poor"] = df["chronic"] * (df["health_ord"] == 0)
    df["income_pos"] = df["income"].clip(lower=0)
    df["log_income"] = np.log1p(df["income_pos"])
    df["covered"] = df["insurance"] + df["medicaid"]
    df["age_x_chronic"] = df["age"] * df["chronic"]

reg_means = pd.concat([train, test]).groupby("region")["income_pos"].mean()
for df in (train, test):
    df["income_vs_region"] = df["income_pos"] / df["region"].map(reg_means)
    df["region"] = df["region"].astype("category")

FEATS = [c for c in train.columns if c not in TARGETS + ["id", "health", "gender"]]
print("features:", FEATS)

# %%
params = {"objective": "poisson", "metric": "rmse", "learning_rate": 0.03,
          "num_leaves": 8, "min_data_in_leaf": 40, "feature_fraction": 0.8,
          "bagging_fraction": 0.8, "bagging_freq": 1, "lambda_l2": 3.0,
          "verbose": -1, "seed": SEED, "num_threads": 2, "deterministic": True}

oof = pd.DataFrame(0.0, index=train.index, columns=TARGETS)
pred = pd.DataFrame(0.0, index=test.index, columns=TARGETS)
kf = KFold(N_SPLITS, shuffle=True, random_state=SEED)
for t in TARGETS:
    y = train[t].values
    for f, (a, b) in enumerate(kf.split(train)):
        dtr = lgb.Dataset(train.loc[a, FEATS], y[a])
        dva = lgb.Dataset(train.loc[b, FEATS], y[b], reference=dtr)
        bst = lgb.train(params, dtr, 2000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(100, verbose=False)])
        oof.loc[b, t] = bst.predict(train.loc[b, FEATS], num_iteration=bst.best_iteration)
        pred[t] += bst.predict(test[FEATS], num_iteration=bst.best_iteration) / N_SPLITS
    r = np.sqrt(np.mean((np.log1p(oof[t].clip(lower=0)) - np.log1p(y)) ** 2))
    print(f"{t:10s} OOF RMSLE {r:.4f}")

col_scores = [np.sqrt(np.mean((np.log1p(oof[t].clip(lower=0)) - np.log1p(train[t])) ** 2)) for t in TARGETS]
print(f"OOF RMSLE (column mean): {np.mean(col_scores):.4f}")

# %% keep oof/test preds for a stacking notebook
oof.insert(0, "id", train["id"].values)
oof.to_csv("./oof/doctor_lgb_poisson_oof.csv", index=False)
pred.insert(0, "id", test["id"].values)
pred.to_csv("./oof/doctor_lgb_poisson_test.csv", index=False)

# %%
sub = pred.copy()
sub[TARGETS] = sub[TARGETS].clip(lower=0)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
