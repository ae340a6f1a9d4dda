import os
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.ensemble import RandomForestRegressor, HistGradientBoostingRegressor
from sklearn.linear_model import Ridge, PoissonRegressor
from sklearn.metrics import mean_squared_log_error
from sklearn.neighbors import KNeighborsRegressor
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from lightgbm import LGBMRegressor

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
products = pd.read_csv("input/products.csv")
stores = pd.read_csv("input/stores.csv", parse_dates=["opened"])
weather = pd.read_csv("input/weather.csv", parse_dates=["date"])
print("train", train.shape, "test", test.shape, "| products", products.shape,
      "stores", stores.shape, "weather", weather.shape)

def build(df):
    out = df.merge(products, on="product_id", how="left")
    out = out.merge(stores, on="store_id", how="left")
    out = out.merge(weather, on=["date", "city"], how="left")
    out["dow"] = out["date"].dt.dayofweek
    out["month"] = out["date"].dt.month
    out["is_weekend"] = (out["dow"] >= 5).astype(int)
    out["discount"] = 1 - out["price"] / out["base_price"]
    out["store_age_days"] = (out["date"] - out["opened"]).dt.days
    out["t"] = (out["date"] - pd.Timestamp("2022-01-01")).dt.days
    return out

tr_full = build(train).sort_values("date").reset_index(drop=True)
te_full = build(test)
assert len(te_full) == len(test)
print("missing weather rows:", int(tr_full["temp_c"].isna().sum()), "/", int(te_full["temp_c"].isna().sum()))

num_cols = ["promo", "price", "base_price", "discount", "size_sqm", "store_age_days",
            "temp_c", "rain_mm", "dow", "month", "is_weekend", "t"]
cat_cols = ["product_id", "category", "store_type", "city"]
X_cols = num_cols + cat_cols

prep = ColumnTransformer([
    ("num", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), num_cols),
    ("cat", OneHotEncoder(handle_unknown="ignore"), cat_cols),
])
prep_trees = ColumnTransformer([
    ("num", SimpleImputer(strategy="median"), num_cols),
    ("cat", OneHotEncoder(handle_unknown="ignore", sparse_output=False), cat_cols),
])

models = {
    "ridge_log": (Pipeline([("prep", prep), ("m", Ridge(alpha=3.0))]), True),
    "poisson_glm": (Pipeline([("prep", prep), ("m", PoissonRegressor(alpha=1e-3, max_iter=1000))]), False),
    "knn_log": (Pipeline([("prep", prep), ("m", KNeighborsRegressor(n_neighbors=20))]), True),
    "rf_log": (Pipeline([("prep", prep_trees), ("m", RandomForestRegressor(n_estimators=200, min_samples_leaf=3,
                                                                             random_state=0))]), True),
    "hgb_poisson": (Pipeline([("prep", prep_trees), ("m", HistGradientBoostingRegressor(loss="poisson",
                                                                                        max_iter=300,
                                                                                        learning_rate=0.05,
                                                                                        random_state=0))]), False),
    "lgbm_log": (Pipeline([("prep", prep_trees), ("m", LGBMRegressor(n_estimators=400, learning_rate=0.03,
                                                                       num_leaves=31, verbose=-1,
                                                                       random_state=0))]), True),
}

# holdout = the most recent 20% of train dates, mimicking the test split
split_at = int(len(tr_full) * 0.8)
fit_df, val_df = tr_full.iloc[:split_at], tr_full.iloc[split_at:]
print(f"holdout from {val_df['date'].min().date()} ({len(val_df)} rows)")

scores = []
for name, (pipe, log_target) in models.items():
    target = np.log1p(fit_df["units"]) if log_target else fit_df["units"]
    pipe.fit(fit_df[X_cols], target)
    pred = pipe.predict(val_df[X_cols])
    if log_target:
        pred = np.expm1(pred)
    pred = np.clip(pred, 0, None)
    scores.append((name, mean_squared_log_error(val_df["units"], pred) ** 0.5))

scores.sort(key=lambda s: s[1])
print("\nholdout RMSLE")
for name, sc in scores:
    print(f"   {name:<12} {sc:.4f}")

best_name = scores[0][0]
print(f"\nchosen: {best_name}  (holdout RMSLE {scores[0][1]:.4f})")
pipe, log_target = models[best_name]
target = np.log1p(tr_full["units"]) if log_target else tr_full["units"]
pipe.fit(tr_full[X_cols], target)
test_pred = pipe.predict(te_full[X_cols])
if log_target:
    test_pred = np.expm1(test_pred)
test_pred = np.clip(test_pred, 0, None)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te_full["id"], "units": test_pred}).to_csv("submission/submission.csv", index=False)
print("written", len(test_pred), "rows, mean units", round(float(test_pred.mean()), 2))
