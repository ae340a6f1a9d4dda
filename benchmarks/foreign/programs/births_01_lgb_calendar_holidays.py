import lightgbm as lgb
import numpy as np
import pandas as pd

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date")
test = pd.read_csv("./input/test.csv", parse_dates=["date"])
FIXED_HOLIDAYS = {(1, 1), (7, 4), (12, 25), (12, 24), (12, 31), (11, 11)}


def calendar(df):
    out = pd.DataFrame(index=df.index)
    out["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days
    out["dow"] = df["date"].dt.dayofweek
    out["doy"] = df["date"].dt.dayofyear
    out["month"] = df["date"].dt.month
    out["dom"] = df["date"].dt.day
    out["holiday"] = [(d.month, d.day) in FIXED_HOLIDAYS for d in df["date"]]
    out["holiday"] = out["holiday"].astype(int)
    # Thanksgiving: fourth Thursday of November
    nov = df["date"].dt.month.eq(11) & df["date"].dt.dayofweek.eq(3)
    out["thanksgiving"] = (nov & df["date"].dt.day.between(22, 28)).astype(int)
    return out


X, X_test = calendar(train), calendar(test)
y = train["births"].to_numpy()
last_year = train["date"] >= train["date"].max() - pd.Timedelta(days=365)
params = {"objective": "l1", "learning_rate": 0.05, "num_leaves": 31, "min_data_in_leaf": 10, "verbose": -1}
model = lgb.train(
    params,
    lgb.Dataset(X[~last_year], y[~last_year]),
    num_boost_round=3000,
    valid_sets=[lgb.Dataset(X[last_year], y[last_year])],
    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(500)],
)
mae = np.mean(np.abs(model.predict(X[last_year], num_iteration=model.best_iteration) - y[last_year]))
print(f"MAE (last 365 days): {mae:.1f} after {model.best_iteration} rounds")
final = lgb.train(params, lgb.Dataset(X, y), num_boost_round=model.best_iteration)
pd.DataFrame({"id": test["id"], "births": final.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
