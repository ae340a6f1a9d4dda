from functools import reduce

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_squared_log_error

read = lambda name, **kw: pd.read_csv(f"input/{name}.csv", **kw).rename(columns=str.lower)

train = read("train", parse_dates=["date"]).sort_values("date", ignore_index=True)
test = read("test", parse_dates=["date"])
stores = read("stores", parse_dates=["opened"])
products = read("products")


def base_frame(df):
    return (
        df.merge(stores[["store_id", "store_type", "size_sqm"]], on="store_id", how="left")
        .merge(products, on="product_id", how="left")
        .assign(
            dow=lambda d: d.date.dt.day_of_week,
            month=lambda d: d.date.dt.month,
            week=lambda d: d.date.dt.isocalendar().week.astype(int),
            price_ratio=lambda d: d.price / d.base_price,
            store_type=lambda d: d.store_type.map({"street": 0, "mall": 1, "outlet": 2}),
            category=lambda d: d.category.map({"drinks": 0, "household": 1, "snacks": 2, "stationery": 3, "toys": 4}),
            pcode=lambda d: d.product_id.str.slice(1).astype(int),
        )
    )


def history_tables(hist):
    """Per-key summaries of the past, each returned as a small frame to merge back."""
    logged = hist.assign(lu=lambda d: np.log1p(d.units))
    by_sp = logged.groupby(["store_id", "product_id"], as_index=False).agg(
        sp_mean=("lu", "mean"), sp_n=("lu", "size"))
    by_p = logged.groupby("product_id", as_index=False).agg(
        p_mean=("lu", "mean"), p_std=("lu", "std"), p_promo_rate=("promo", "mean"))
    by_pd = (
        logged.pivot_table(index="product_id", columns="dow", values="lu", aggfunc="mean")
        .sub(logged.groupby("product_id")["lu"].mean(), axis=0)
        .reset_index()
        .melt(id_vars="product_id", var_name="dow", value_name="pd_effect")
        .astype({"dow": int})
    )
    return [(by_sp, ["store_id", "product_id"]), (by_p, ["product_id"]), (by_pd, ["product_id", "dow"])]


def attach_history(df, hist):
    return reduce(lambda acc, t: acc.merge(t[0], on=t[1], how="left"), history_tables(hist), df)


FEATS = ["store_id", "pcode", "promo", "price", "price_ratio", "size_sqm", "store_type", "category",
         "dow", "month", "week", "sp_mean", "sp_n", "p_mean", "p_std", "p_promo_rate", "pd_effect"]


def fit_predict(hist, target_rows):
    X_hist = base_frame(hist).pipe(attach_history, hist)
    X_new = base_frame(target_rows).pipe(attach_history, hist)
    y = np.log1p(X_hist.units)
    gbm = lgb.LGBMRegressor(n_estimators=300, learning_rate=0.05, num_leaves=24,
                            min_child_samples=20, colsample_bytree=0.8, verbose=-1, random_state=3)
    rf = RandomForestRegressor(n_estimators=150, min_samples_leaf=5, max_features=0.5,
                               n_jobs=1, random_state=3)
    preds = [m.fit(X_hist[FEATS].fillna(0), y).predict(X_new[FEATS].fillna(0)) for m in (gbm, rf)]
    return np.expm1(0.6 * preds[0] + 0.4 * preds[1]).clip(0)


# expanding-window validation over the last three ~10% slices of time
edges = train.date.quantile([0.7, 0.8, 0.9, 1.0]).tolist()
scores = []
for k, (lo, hi) in enumerate(zip(edges[:-1], edges[1:]), start=1):
    hist = train.loc[lambda d: d.date < lo]
    fold = train.loc[lambda d: (d.date >= lo) & (d.date <= hi)]
    p = fit_predict(hist, fold)
    s = np.sqrt(mean_squared_log_error(fold.units, p))
    scores.append(s)
    print(f"fold {k}: {lo:%Y-%m-%d} .. {hi:%Y-%m-%d}  n={len(fold):4d}  rmsle={s:.4f}")

print(f"mean RMSLE over folds: {np.mean(scores):.4f}")

(
    test.assign(units=fit_predict(train, test))
    .filter(["id", "units"])
    .to_csv("submission/submission.csv", index=False)
)
print(pd.read_csv("submission/submission.csv").describe().T)
