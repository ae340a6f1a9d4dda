# Plan: LightGBM regressor on log1p(price) so that plain L2 matches the RMSLE
# metric. Categoricals (cut/color/clarity) go in as pandas categories, add a
# volume feature. Hold out 20% for validation with early stopping, then refit
# on all rows with the best iteration count.
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

for df in (train, test):
    for c in ["cut", "color", "clarity"]:
        df[c] = df[c].astype("category")
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["xy_ratio"] = df["x"] / df["y"].replace(0, np.nan)

# align category levels between train and test
for c in ["cut", "color", "clarity"]:
    cats = sorted(set(train[c].cat.categories) | set(test[c].cat.categories))
    train[c] = train[c].cat.set_categories(cats)
    test[c] = test[c].cat.set_categories(cats)

features = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z",
            "volume", "xy_ratio"]
X = train[features]
y = np.log1p(train["price"])

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=42)

model = lgb.LGBMRegressor(n_estimators=2000, learning_rate=0.03, num_leaves=31,
                          min_child_samples=20, colsample_bytree=0.8,
                          random_state=42, verbose=-1)
model.fit(X_tr, y_tr, eval_set=[(X_va, y_va)],
          callbacks=[lgb.early_stopping(100, verbose=False)])

pred_va = model.predict(X_va, num_iteration=model.best_iteration_)
rmsle = np.sqrt(np.mean((pred_va - y_va) ** 2))
print(f"best iteration: {model.best_iteration_}")
print(f"Validation RMSLE: {rmsle:.5f}")

final = lgb.LGBMRegressor(n_estimators=int(model.best_iteration_ * 1.1), learning_rate=0.03,
                          num_leaves=31, min_child_samples=20, colsample_bytree=0.8,
                          random_state=42, verbose=-1)
final.fit(X, y)
pred = np.expm1(final.predict(test[features]))

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": np.clip(pred, 300, None)}).to_csv(
    "./submission/submission.csv", index=False)
print("submission written:", len(pred))
