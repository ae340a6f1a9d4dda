import warnings
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error

warnings.filterwarnings("ignore")
np.random.seed(42)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)

full = pd.concat([train.drop(columns="MathAch"), test], ignore_index=True)
full["is_minority"] = (full["Minority"] == "Yes").astype(int)
full["is_male"] = (full["Sex"] == "Male").astype(int)

# school-level aggregates over all students we know about (no target involved)
agg = full.groupby("School").agg(
    sch_n=("id", "size"),
    sch_ses_std=("SES", "std"),
    sch_minority=("is_minority", "mean"),
    sch_male=("is_male", "mean"),
).reset_index()
full = full.merge(agg, on="School", how="left")
full["ses_rel"] = full["SES"] - full["MEANSES"]
full["ses_rank"] = full.groupby("School")["SES"].rank(pct=True)

features = ["SES", "MEANSES", "is_minority", "is_male", "sch_n", "sch_ses_std",
            "sch_minority", "sch_male", "ses_rel", "ses_rank"]
X = full.iloc[: len(train)][features].reset_index(drop=True)
X_test = full.iloc[len(train):][features].reset_index(drop=True)
y = train["MathAch"].values
groups = train["School"].values

params = dict(
    n_estimators=2000,
    learning_rate=0.02,
    num_leaves=15,
    min_child_samples=40,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.8,
    reg_lambda=5.0,
    n_jobs=1,
    verbose=-1,
)

oof = np.zeros(len(X))
test_pred = np.zeros(len(X_test))
best_iters = []
for fold, (tr_idx, va_idx) in enumerate(GroupKFold(n_splits=5).split(X, y, groups)):
    model = lgb.LGBMRegressor(**params, random_state=fold)
    model.fit(
        X.iloc[tr_idx], y[tr_idx],
        eval_set=[(X.iloc[va_idx], y[va_idx])],
        eval_metric="rmse",
        early_stopping_rounds=100,
        verbose=False,
    )
    oof[va_idx] = model.predict(X.iloc[va_idx])
    test_pred += model.predict(X_test) / 5
    best_iters.append(model.best_iteration_)
    print(f"Fold {fold+1} RMSE: {mean_squared_error(y[va_idx], oof[va_idx]) ** 0.5:.4f} "
          f"(best iter {model.best_iteration_})")

cv_rmse = mean_squared_error(y, oof) ** 0.5
print(f"OOF RMSE: {cv_rmse:.4f}")
print("mean best iteration:", int(np.mean(best_iters)))

import os
os.makedirs("submission", exist_ok=True)
sub = pd.read_csv("input/sample_submission.csv")
sub["MathAch"] = test_pred
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
