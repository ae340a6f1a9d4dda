import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "progression"])
y = train["progression"]
X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=21)

history = {}
reg = lgb.LGBMRegressor(n_estimators=2000, learning_rate=0.01, num_leaves=5, min_child_samples=15, subsample=0.8, subsample_freq=1, verbose=-1)
reg.fit(
    X_tr,
    y_tr,
    eval_set=[(X_tr, y_tr), (X_va, y_va)],
    eval_names=["train", "valid"],
    eval_metric="rmse",
    callbacks=[lgb.early_stopping(150, verbose=False), lgb.record_evaluation(history)],
)
curve = np.array(history["valid"]["rmse"])
print(f"best iteration {reg.best_iteration_}: valid rmse {curve[reg.best_iteration_ - 1]:.3f} (train {history['train']['rmse'][reg.best_iteration_ - 1]:.3f})")
final = lgb.LGBMRegressor(n_estimators=reg.best_iteration_, learning_rate=0.01, num_leaves=5, min_child_samples=15, subsample=0.8, subsample_freq=1, verbose=-1)
final.fit(X, y)
pd.DataFrame({"id": test["id"], "progression": final.predict(test[X.columns])}).to_csv("./submission/submission.csv", index=False)
