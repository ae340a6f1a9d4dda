import os
import time
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import train_test_split
from sklearn.metrics import mean_squared_log_error

t0 = time.time()
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print(train.describe().T[["mean", "min", "max"]].round(2))

cut_order = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
color_order = {c: i for i, c in enumerate(["J", "I", "H", "G", "F", "E", "D"])}
clarity_order = {c: i for i, c in enumerate(["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"])}


def prep(df):
    out = pd.DataFrame(index=df.index)
    out["carat"] = df["carat"]
    out["cut"] = df["cut"].map(cut_order)
    out["color"] = df["color"].map(color_order)
    out["clarity"] = df["clarity"].map(clarity_order)
    out["depth"] = df["depth"]
    out["table"] = df["table"]
    # some diamonds have zero dimensions, treat them as missing -> fall back to carat-based volume
    x = df["x"].replace(0, np.nan)
    y = df["y"].replace(0, np.nan)
    z = df["z"].replace(0, np.nan)
    vol = x * y * z
    out["volume"] = vol.fillna(df["carat"] * 165.0)
    out["xy_ratio"] = (x / y).fillna(1.0).clip(0.5, 2.0)
    out["log_carat"] = np.log(df["carat"])
    return out


X = prep(train)
y = np.log1p(train["price"])
X_test = prep(test)
print("NaN after prep:", int(X.isna().sum().sum()), int(X_test.isna().sum().sum()))

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, random_state=1)

rf = RandomForestRegressor(
    n_estimators=150, min_samples_leaf=2, max_features=0.6, n_jobs=2, random_state=1
)
rf.fit(X_tr, y_tr)
va_pred = np.expm1(rf.predict(X_va))
rmsle = np.sqrt(mean_squared_log_error(np.expm1(y_va), va_pred))
print(f"holdout RMSLE: {rmsle:.4f}")

for name, imp in sorted(zip(X.columns, rf.feature_importances_), key=lambda t: -t[1]):
    print(f"  {name:10s} {imp:.3f}")

rf.fit(X, y)
pred = np.expm1(rf.predict(X_test))

os.makedirs("submission", exist_ok=True)
sub = pd.read_csv("input/sample_submission.csv")
sub["price"] = pred
sub.to_csv("submission/submission.csv", index=False)
print(f"done in {time.time() - t0:.1f}s; pred range {pred.min():.0f} - {pred.max():.0f}")
