import os
import numpy as np
import pandas as pd
from scipy.stats import randint, uniform, loguniform
from lightgbm import LGBMRegressor
from sklearn.model_selection import TimeSeriesSplit, RandomizedSearchCV, cross_val_score

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
products = pd.read_csv("input/products.csv")
stores = pd.read_csv("input/stores.csv", parse_dates=["opened"])
weather = pd.read_csv("input/weather.csv", parse_dates=["date"])
print("train", train.shape, "test", test.shape, "| products", products.shape, "stores", stores.shape,
      "weather", weather.shape)

def enrich(df):
    out = df.merge(products, on="product_id", how="left")
    out = out.merge(stores, on="store_id", how="left")
    out = out.merge(weather, on=["date", "city"], how="left")
    out["dow"] = out["date"].dt.dayofweek
    out["month"] = out["date"].dt.month
    out["dayofyear"] = out["date"].dt.dayofyear
    out["store_age_days"] = (out["date"] - out["opened"]).dt.days
    out["discount"] = 1 - out["price"] / out["base_price"]
    for c in ["product_id", "category", "store_type", "city"]:
        out[c] = pd.Categorical(out[c], categories=sorted(products[c].unique()) if c in products
                                else sorted(stores[c].unique()))
    return out

tr = enrich(train).sort_values("date").reset_index(drop=True)
te = enrich(test)
print("missing weather after join:", int(tr["temp_c"].isna().sum()), "/", int(te["temp_c"].isna().sum()))

FEATS = ["store_id", "product_id", "category", "store_type", "city", "size_sqm", "promo", "price",
         "base_price", "discount", "temp_c", "rain_mm", "dow", "month", "dayofyear", "store_age_days"]
X, y = tr[FEATS], np.log1p(tr["units"])

tscv = TimeSeriesSplit(n_splits=3)
base = LGBMRegressor(n_estimators=200, learning_rate=0.05, verbose=-1, n_jobs=1, random_state=0)
base_rmse = -cross_val_score(base, X, y, cv=tscv, scoring="neg_root_mean_squared_error")
print("baseline RMSLE by fold:", base_rmse.round(4), "->", round(base_rmse.mean(), 4))

space = {
    "n_estimators": randint(150, 500),
    "learning_rate": loguniform(0.02, 0.15),
    "num_leaves": randint(7, 48),
    "min_child_samples": randint(10, 60),
    "colsample_bytree": uniform(0.5, 0.5),
    "reg_alpha": loguniform(1e-3, 1.0),
}
search = RandomizedSearchCV(LGBMRegressor(verbose=-1, n_jobs=1, random_state=0), space, n_iter=10,
                            cv=tscv, scoring="neg_root_mean_squared_error", random_state=0, n_jobs=1)
search.fit(X, y)

ranked = pd.DataFrame(search.cv_results_).sort_values("rank_test_score")
ranked["rmsle"] = -ranked["mean_test_score"]
print(ranked[["rank_test_score", "rmsle", "std_test_score", "param_n_estimators", "param_learning_rate",
              "param_num_leaves", "param_min_child_samples"]].round(4).to_string(index=False))
print("best_params_:", {k: (round(v, 4) if isinstance(v, float) else v) for k, v in search.best_params_.items()})
print(f"best_score_ (RMSLE): {-search.best_score_:.4f}")
print(f"improvement over baseline: {base_rmse.mean() + search.best_score_:+.4f} RMSLE")

pred = np.expm1(search.best_estimator_.predict(te[FEATS])).clip(0)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "units": pred}).to_csv("submission/submission.csv", index=False)
print("saved", len(pred), "predictions; mean units", round(pred.mean(), 2))
