import lightgbm as lgb
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

SEED = 2025
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

categorical = [c for c in train.columns if pd.api.types.is_string_dtype(train[c])]
for col in categorical:
    levels = sorted(set(train[col].dropna()) | set(test[col].dropna()))
    train[col] = pd.Categorical(train[col], categories=levels)
    test[col] = pd.Categorical(test[col], categories=levels)
for df in (train, test):
    df["charges_per_month"] = df["total_charges"] / df["tenure"].replace(0, np.nan)

features = [c for c in train.columns if c not in ("id", "churn")]
params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.02,
    "num_leaves": 12,
    "min_data_in_leaf": 40,
    "feature_fraction": 0.8,
    "cat_smooth": 20,
    "verbose": -1,
    "seed": SEED,
}
oof = np.zeros(len(train))
test_pred = np.zeros(len(test))
gain = pd.Series(0.0, index=features)
for fold, (tr, va) in enumerate(StratifiedKFold(4, shuffle=True, random_state=SEED).split(train, train["churn"]), start=1):
    dtr = lgb.Dataset(train.loc[tr, features], train.loc[tr, "churn"], categorical_feature=categorical)
    dva = lgb.Dataset(train.loc[va, features], train.loc[va, "churn"], reference=dtr)
    booster = lgb.train(params, dtr, num_boost_round=3000, valid_sets=[dva], callbacks=[lgb.early_stopping(150, verbose=False)])
    oof[va] = booster.predict(train.loc[va, features], num_iteration=booster.best_iteration)
    test_pred += booster.predict(test[features], num_iteration=booster.best_iteration) / 4
    gain += pd.Series(booster.feature_importance("gain"), index=features)
    print(f"Fold {fold} | rounds {booster.best_iteration} | AUC {roc_auc_score(train.loc[va, 'churn'], oof[va]):.4f}")
print(f"Overall OOF AUC: {roc_auc_score(train['churn'], oof):.4f}")

gain.sort_values().tail(12).plot.barh(figsize=(7, 5), title="LightGBM gain")
plt.tight_layout()
plt.savefig("./working/importance.png")
pd.DataFrame({"id": test["id"], "churn": test_pred}).to_csv("./submission/submission.csv", index=False)
