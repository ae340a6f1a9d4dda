import lightgbm as lgb
import numpy as np
import pandas as pd

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
TARGET = "diagnosis"
features = [c for c in train.columns if c not in ("id", TARGET)]

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.02,
    "num_leaves": 8,
    "min_child_samples": 10,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "feature_fraction": 0.7,
    "lambda_l2": 1.0,
    "verbose": -1,
}
dtrain = lgb.Dataset(train[features], label=train[TARGET])
history = lgb.cv(
    params,
    dtrain,
    num_boost_round=3000,
    nfold=5,
    stratified=True,
    seed=17,
    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(period=200)],
)
best_rounds = len(history["valid auc-mean"])
print(f"cv auc-mean: {history['valid auc-mean'][-1]:.5f} (+/- {history['valid auc-stdv'][-1]:.5f}) at {best_rounds} rounds")

final = lgb.train(params, dtrain, num_boost_round=best_rounds)
submission = pd.DataFrame({"id": test["id"], TARGET: final.predict(test[features])})
submission.to_csv("./submission/submission.csv", index=False)
importance = pd.Series(final.feature_importance("gain"), index=features).sort_values(ascending=False)
print("top features:\n", importance.head(5).round(1).to_string())
