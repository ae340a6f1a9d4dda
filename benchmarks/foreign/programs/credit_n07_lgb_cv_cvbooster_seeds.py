# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
import warnings; warnings.filterwarnings("ignore")

# %%
trn = pd.read_csv("./input/train.csv")
tst = pd.read_csv("./input/test.csv")
print(trn.shape, tst.shape)
print(trn.isna().sum()[trn.isna().sum() > 0])

# %% FE
ALL = pd.concat([trn, tst], axis=0, ignore_index=True)
ALL["Income_missing"] = ALL["Income"].isna().astype(int)
ALL["loan_to_price"] = ALL["Amount"] / ALL["Price"]
ALL["income_to_expenses"] = ALL["Income"] / ALL["Expenses"]
ALL["free_income"] = ALL["Income"] - ALL["Expenses"] - ALL["Debt"].fillna(0) / 12
ALL["installment"] = ALL["Amount"] / ALL["Time"]
ALL["installment_to_income"] = ALL["installment"] / ALL["Income"]
ALL["net_assets"] = ALL["Assets"] - ALL["Debt"]
ALL["seniority_ratio"] = ALL["Seniority"] / (ALL["Age"] - 15).clip(lower=1)

CATS = ["Home", "Marital", "Records", "Job"]
for c in CATS:
    ALL[c] = ALL[c].fillna("NA")
    ALL[c + "_cnt"] = ALL[c].map(ALL[c].value_counts())
    # group stats of amount within category
    ALL[f"amount_rel_{c}"] = ALL["Amount"] / ALL.groupby(c)["Amount"].transform("median")
    ALL[c] = ALL[c].astype("category")

FEATS = [c for c in ALL.columns if c not in ("id", "Status")]
X = ALL.loc[ALL["Status"].notna(), FEATS].reset_index(drop=True)
y = ALL.loc[ALL["Status"].notna(), "Status"].astype(int).values
XT = ALL.loc[ALL["Status"].isna(), FEATS].reset_index(drop=True)
print(X.shape, XT.shape, y.mean())
assert len(XT) == len(tst)

# %%
PARAMS = {
    "objective": "binary", "metric": "binary_logloss", "learning_rate": 0.02,
    "num_leaves": 12, "max_depth": 5, "min_data_in_leaf": 30,
    "feature_fraction": 0.7, "bagging_fraction": 0.8, "bagging_freq": 1,
    "lambda_l2": 5.0, "cat_smooth": 20, "verbose": -1, "num_threads": 2,
    "deterministic": True,
}

scores, test_preds = [], []
for seed in [3, 33, 333]:
    p = dict(PARAMS, seed=seed)
    dtrain = lgb.Dataset(X, y, categorical_feature=CATS)
    res = lgb.cv(p, dtrain, num_boost_round=3000, nfold=5, stratified=True, seed=seed,
                 callbacks=[lgb.early_stopping(150, verbose=False)], return_cvbooster=True)
    key = "valid binary_logloss-mean"
    best = int(np.argmin(res[key]))
    print(f"seed={seed} best_round={best + 1} cv_logloss={res[key][best]:.5f} +- {res['valid binary_logloss-stdv'][best]:.5f}")
    scores.append(res[key][best])
    cvb = res["cvbooster"]
    fold_preds = cvb.predict(XT, num_iteration=cvb.best_iteration)
    test_preds.append(np.mean(fold_preds, axis=0))

print("debug", len(test_preds), test_preds[0][:5])
print(f"CV logloss (mean of seeds): {np.mean(scores):.5f}")

# %%
sub = pd.read_csv("./input/sample_submission.csv")
sub["Status"] = np.clip(np.mean(test_preds, axis=0), 1e-4, 1 - 1e-4)
sub.to_csv("./submission/submission.csv", index=False)
print(sub.Status.describe())
