import numpy as np
import pandas as pd
import xgboost as xgb
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
for df in (train, test):
    for col in ("cut", "color", "clarity"):
        df[col] = df[col].astype("category")
features = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z"]
X_tr, X_va, y_tr, y_va = train_test_split(train[features], np.log1p(train["price"]), test_size=0.2, random_state=0)

dtrain = xgb.DMatrix(X_tr, y_tr, enable_categorical=True)
dvalid = xgb.DMatrix(X_va, y_va, enable_categorical=True)
params = {"objective": "reg:squarederror", "eta": 0.05, "max_depth": 7, "subsample": 0.8, "tree_method": "hist"}
bst = xgb.train(params, dtrain, num_boost_round=3000, evals=[(dvalid, "valid")], early_stopping_rounds=100, verbose_eval=200)
print("valid RMSLE:", bst.best_score)
pred = bst.predict(xgb.DMatrix(test[features], enable_categorical=True), iteration_range=(0, bst.best_iteration + 1))
pd.DataFrame({"id": test["id"], "price": np.expm1(pred)}).to_csv("./submission/submission.csv", index=False)
