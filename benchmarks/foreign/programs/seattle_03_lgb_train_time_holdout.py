import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.preprocessing import LabelEncoder

train = pd.read_csv("./input/train.csv", parse_dates=["date"]).sort_values("date")
test = pd.read_csv("./input/test.csv", parse_dates=["date"])

for df in (train, test):
    df["month"] = df["date"].dt.month
    df["dow"] = df["date"].dt.dayofweek
    df["spread"] = df["temp_max"] - df["temp_min"]

enc = LabelEncoder()
train["label"] = enc.fit_transform(train["weather"])
feats = ["precipitation", "temp_max", "temp_min", "wind", "month", "dow", "spread"]

cut = int(len(train) * 0.8)
fit_df, val_df = train.iloc[:cut], train.iloc[cut:]
params = {
    "objective": "multiclass",
    "num_class": len(enc.classes_),
    "learning_rate": 0.03,
    "num_leaves": 10,
    "min_data_in_leaf": 15,
    "verbose": -1,
}
booster = lgb.train(
    params,
    lgb.Dataset(fit_df[feats], fit_df["label"]),
    num_boost_round=800,
    valid_sets=[lgb.Dataset(val_df[feats], val_df["label"])],
    valid_names=["later"],
    callbacks=[lgb.early_stopping(50), lgb.log_evaluation(100)],
)
val_pred = booster.predict(val_df[feats], num_iteration=booster.best_iteration).argmax(axis=1)
print(f"valid accuracy {np.mean(val_pred == val_df['label'].to_numpy()):.4f}")

full = lgb.train(params, lgb.Dataset(train[feats], train["label"]), num_boost_round=booster.best_iteration)
labels = enc.inverse_transform(full.predict(test[feats]).argmax(axis=1))
pd.DataFrame({"id": test["id"], "weather": labels}).to_csv("./submission/submission.csv", index=False)
