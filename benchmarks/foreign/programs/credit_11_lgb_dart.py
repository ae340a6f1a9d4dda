import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cats = ["Home", "Marital", "Records", "Job"]
for col in cats:
    levels = sorted(train[col].dropna().unique())
    train[col] = pd.Categorical(train[col], categories=levels)
    test[col] = pd.Categorical(test[col], categories=levels)
features = [c for c in train.columns if c not in ("id", "Status")]

params = {
    "objective": "binary",
    "boosting": "dart",
    "drop_rate": 0.1,
    "skip_drop": 0.5,
    "learning_rate": 0.08,
    "num_leaves": 15,
    "min_data_in_leaf": 30,
    "verbose": -1,
    "seed": 1,
}
tr, va = train_test_split(train, test_size=0.2, stratify=train["Status"], random_state=1)
evals = {}
model = lgb.train(
    params,
    lgb.Dataset(tr[features], tr["Status"]),
    num_boost_round=250,
    valid_sets=[lgb.Dataset(va[features], va["Status"])],
    valid_names=["valid"],
    callbacks=[lgb.record_evaluation(evals), lgb.log_evaluation(50)],
)
curve = evals["valid"]["binary_logloss"]
print(f"DART valid logloss: final {curve[-1]:.4f}, best {min(curve):.4f} at round {int(np.argmin(curve)) + 1}")
print("valid log loss (sklearn):", round(log_loss(va["Status"], model.predict(va[features])), 4))
full = lgb.train(params, lgb.Dataset(train[features], train["Status"]), num_boost_round=250)
pd.DataFrame({"id": test["id"], "Status": full.predict(test[features])}).to_csv("./submission/submission.csv", index=False)
