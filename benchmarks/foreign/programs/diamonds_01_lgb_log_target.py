import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.model_selection import train_test_split

CUT = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def encode(df):
    df = df.copy()
    df["cut"] = df["cut"].map({v: i for i, v in enumerate(CUT)})
    df["color"] = df["color"].map({v: i for i, v in enumerate(COLOR)})
    df["clarity"] = df["clarity"].map({v: i for i, v in enumerate(CLARITY)})
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["density"] = df["carat"] / (df["volume"] + 1e-6)
    return df


train = encode(pd.read_csv("./input/train.csv"))
test = encode(pd.read_csv("./input/test.csv"))
features = [c for c in train.columns if c not in ("id", "price")]
y = np.log1p(train["price"])

X_tr, X_va, y_tr, y_va = train_test_split(train[features], y, test_size=0.2, random_state=0)
params = {"objective": "regression", "metric": "rmse", "learning_rate": 0.05, "num_leaves": 31, "verbose": -1}
booster = lgb.train(
    params,
    lgb.Dataset(X_tr, y_tr),
    num_boost_round=3000,
    valid_sets=[lgb.Dataset(X_va, y_va)],
    callbacks=[lgb.early_stopping(100), lgb.log_evaluation(250)],
)
# rmse on log1p(price) is the RMSLE of the price itself
print(f"RMSLE on validation: {booster.best_score['valid_0']['rmse']:.5f}")

final = lgb.train(params, lgb.Dataset(train[features], y), num_boost_round=booster.best_iteration)
pd.DataFrame({"id": test["id"], "price": np.expm1(final.predict(test[features]))}).to_csv(
    "./submission/submission.csv", index=False
)
