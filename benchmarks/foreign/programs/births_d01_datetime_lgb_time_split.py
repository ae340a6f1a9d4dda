"""
Daily US births - LightGBM regression with calendar features.

Births are strongly driven by day-of-week (scheduled C-sections / inductions avoid weekends),
by holidays, and by a slow long-term trend. The split is by time, so I validate on the
latest 20% of the training dates rather than a random split.
"""
import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_absolute_error


def calendar_features(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    dt = pd.to_datetime(df["date"], format="%Y-%m-%d")
    df["dow"] = dt.dt.dayofweek
    df["month"] = dt.dt.month
    df["doy"] = dt.dt.dayofyear
    df["dom"] = dt.dt.day
    df["week"] = dt.dt.isocalendar().week.astype(int)
    df["t"] = (dt - pd.Timestamp("1969-01-01")).dt.days  # trend
    df["is_weekend"] = (df["dow"] >= 5).astype(int)
    # fixed-date holidays that move births away from that exact day
    md = dt.dt.strftime("%m-%d")
    df["fixed_holiday"] = md.isin(["01-01", "07-04", "12-25", "12-24", "12-31", "11-11"]).astype(int)
    # Thanksgiving: 4th Thursday of November
    df["thanksgiving"] = ((df["month"] == 11) & (df["dow"] == 3) & (df["dom"].between(22, 28))).astype(int)
    # Labor day / Memorial day: first Monday of September, last Monday of May
    df["labor_day"] = ((df["month"] == 9) & (df["dow"] == 0) & (df["dom"] <= 7)).astype(int)
    df["memorial_day"] = ((df["month"] == 5) & (df["dow"] == 0) & (df["dom"] >= 25)).astype(int)
    df["_dt"] = dt
    return df


FEATURES = ["dow", "month", "doy", "dom", "week", "t", "is_weekend", "fixed_holiday",
            "thanksgiving", "labor_day", "memorial_day"]


def main():
    train = calendar_features(pd.read_csv("./input/train.csv"))
    test = calendar_features(pd.read_csv("./input/test.csv"))
    print(f"train {train.shape}  test {test.shape}")
    print(f"train dates {train['_dt'].min().date()} .. {train['_dt'].max().date()}")

    train = train.sort_values("_dt").reset_index(drop=True)
    cut = int(len(train) * 0.8)
    tr, va = train.iloc[:cut], train.iloc[cut:]

    params = {"objective": "regression_l1", "learning_rate": 0.05, "num_leaves": 31,
              "min_data_in_leaf": 20, "feature_fraction": 0.9, "seed": 1, "verbosity": -1}
    dtr = lgb.Dataset(tr[FEATURES], tr["births"])
    dva = lgb.Dataset(va[FEATURES], va["births"], reference=dtr)
    booster = lgb.train(params, dtr, num_boost_round=3000, valid_sets=[dva],
                        callbacks=[lgb.early_stopping(200, verbose=False), lgb.log_evaluation(500)])
    mae = mean_absolute_error(va["births"], booster.predict(va[FEATURES], num_iteration=booster.best_iteration))
    print(f"best iteration: {booster.best_iteration}")
    print(f"Validation MAE: {mae:.2f}")

    final = lgb.train(params, lgb.Dataset(train[FEATURES], train["births"]),
                      num_boost_round=max(100, booster.best_iteration))
    pred = final.predict(test[FEATURES])
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "births": pred}).to_csv("./submission/submission.csv", index=False)
    print("saved submission", pred[:5].round(1))


if __name__ == "__main__":
    main()
