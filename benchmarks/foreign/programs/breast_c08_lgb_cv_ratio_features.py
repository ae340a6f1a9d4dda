import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import roc_auc_score

SEED = 5
np.random.seed(SEED)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")


def engineer(df):
    df = df.copy()
    for base in ["radius", "texture", "perimeter", "area", "concavity", "concave_points"]:
        df[f"{base}_worst_over_mean"] = df[f"worst_{base}"] / (df[f"mean_{base}"] + 1e-6)
        df[f"{base}_err_rel"] = df[f"{base}_error"] / (df[f"mean_{base}"] + 1e-6)
    df["compact_shape"] = df["mean_perimeter"] ** 2 / df["mean_area"]
    return df


train_fe = engineer(train)
test_fe = engineer(test)
features = [c for c in train_fe.columns if c not in ("id", "diagnosis")]
print("n features:", len(features))

params = dict(
    objective="binary",
    metric="auc",
    learning_rate=0.03,
    num_leaves=7,
    max_depth=4,
    min_data_in_leaf=12,
    feature_fraction=0.6,
    bagging_fraction=0.85,
    bagging_freq=1,
    lambda_l1=0.1,
    lambda_l2=1.0,
    verbose=-1,
    num_threads=1,
    seed=SEED,
)

dtrain = lgb.Dataset(train_fe[features], label=train_fe["diagnosis"], free_raw_data=False)
cv_res = lgb.cv(
    params,
    dtrain,
    num_boost_round=2000,
    nfold=5,
    stratified=True,
    seed=SEED,
    callbacks=[lgb.early_stopping(100), lgb.log_evaluation(50)],
)
best_rounds = len(cv_res["auc-mean"])
print(f"CV AUC: {cv_res['auc-mean'][-1]:.5f} +/- {cv_res['auc-stdv'][-1]:.5f} at {best_rounds} rounds")

model = lgb.train(params, dtrain, num_boost_round=int(best_rounds * 1.1))
print(f"train AUC: {roc_auc_score(train_fe['diagnosis'], model.predict(train_fe[features])):.5f}")

imp = pd.Series(model.feature_importance("gain"), index=features).sort_values(ascending=False)
print(imp.head(10).round(1).to_string())

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test_fe["id"], "diagnosis": model.predict(test_fe[features])}).to_csv(
    "submission/submission.csv", index=False
)
