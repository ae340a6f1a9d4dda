import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_absolute_error

TARGET = "births"

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
sub = pd.read_csv("input/sample_submission.csv")

train = train.sort_values("date").reset_index(drop=True)
print(train.shape, test.shape, train.date.min().date(), train.date.max().date(), "->",
      test.date.min().date(), test.date.max().date())


def nth_weekday(year, month, weekday, n):
    d = pd.Timestamp(year=year, month=month, day=1)
    offset = (weekday - d.weekday()) % 7
    return d + pd.Timedelta(days=offset + 7 * (n - 1))


def last_weekday(year, month, weekday):
    d = pd.Timestamp(year=year, month=month, day=1) + pd.offsets.MonthEnd(0)
    return d - pd.Timedelta(days=(d.weekday() - weekday) % 7)


def holiday_table(years):
    rows = []
    for y in years:
        rows += [
            (pd.Timestamp(y, 1, 1), "newyear"), (pd.Timestamp(y, 7, 4), "july4"),
            (pd.Timestamp(y, 12, 25), "xmas"), (pd.Timestamp(y, 12, 24), "xmas_eve"),
            (pd.Timestamp(y, 12, 31), "nye"), (pd.Timestamp(y, 11, 11), "veterans"),
            (nth_weekday(y, 11, 3, 4), "thanksgiving"), (nth_weekday(y, 9, 0, 1), "labor"),
            (last_weekday(y, 5, 0), "memorial"), (nth_weekday(y, 1, 0, 3), "mlk"),
            (nth_weekday(y, 2, 0, 3), "presidents"),
        ]
    h = pd.DataFrame(rows, columns=["date", "holiday"])
    return h


def add_features(df):
    df = df.copy()
    hol = holiday_table(range(1968, 1990))
    df = df.merge(hol, on="date", how="left")
    df["is_holiday"] = df["holiday"].notna().astype(int)
    df["holiday"] = df["holiday"].fillna("none").astype("category")
    hd = hol["date"].values
    for lag in (-1, 1):
        shifted = (df["date"] + pd.Timedelta(days=lag)).values
        df[f"holiday_{'before' if lag > 0 else 'after'}"] = np.isin(shifted, hd).astype(int)
    df["week_of_year"] = df["date"].dt.isocalendar().week.astype(int)
    df["is_weekend"] = (df["day_of_week"] >= 6).astype(int)
    df["month_end"] = df["date"].dt.is_month_end.astype(int)
    df["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days
    df = df.drop(columns=["wday"])
    return df


train = add_features(train)
test = add_features(test)


def fit_trend(df, last_years=6):
    yr = df.groupby("year")[TARGET].mean()
    yr = yr.iloc[-last_years:]
    coef = np.polyfit(yr.index.values, yr.values, 1)
    return coef


def add_level(df, coef):
    df["level"] = np.polyval(coef, df["year"] + df["day_of_year"] / 366.0)
    return df


def add_target_stats(trn, other, keys_list):
    # mean ratio per calendar key, computed on trn only
    for keys in keys_list:
        name = "te_" + "_".join(keys)
        stat = trn.groupby(keys)["ratio"].mean().rename(name).reset_index()
        other = other.merge(stat, on=keys, how="left")
        other[name] = other[name].fillna(1.0)
    return other


TE_KEYS = [["month", "day_of_month"], ["day_of_week", "month"], ["week_of_year", "day_of_week"]]
params = {
    "objective": "regression_l1",
    "learning_rate": 0.06,
    "num_leaves": 31,
    "min_data_in_leaf": 15,
    "feature_fraction": 0.85,
    "bagging_fraction": 0.9,
    "bagging_freq": 1,
    "verbose": -1,
    "seed": 0,
    "num_threads": 2,
}
DROP = ["id", "date", TARGET, "ratio", "level", "t", "year"]


def run_split(trn, val, rounds=None):
    coef = fit_trend(trn)
    trn = add_level(trn.copy(), coef)
    val = add_level(val.copy(), coef)
    trn["ratio"] = trn[TARGET] / trn["level"]
    trn_te = add_target_stats(trn, trn, TE_KEYS)
    val_te = add_target_stats(trn, val, TE_KEYS)
    feats = [c for c in trn_te.columns if c not in DROP]
    dtr = lgb.Dataset(trn_te[feats], trn_te["ratio"])
    if rounds is None:
        val_te["ratio"] = val_te[TARGET] / val_te["level"]
        dva = lgb.Dataset(val_te[feats], val_te["ratio"], reference=dtr)
        m = lgb.train(params, dtr, 1500, valid_sets=[dva], valid_names=["val"],
                      callbacks=[lgb.early_stopping(200, verbose=False), lgb.log_evaluation(500)])
    else:
        m = lgb.train(params, dtr, rounds)
    pred = m.predict(val_te[feats], num_iteration=m.best_iteration or None) * val_te["level"].values
    return pred, m.best_iteration or rounds, feats


# expanding window validation by year
val_years = [1981, 1982, 1983, 1984]
best_iters, maes = [], []
for vy in val_years:
    trn = train[train.year < vy]
    val = train[train.year == vy]
    p, it, feats = run_split(trn, val)
    mae = mean_absolute_error(val[TARGET], p)
    maes.append(mae)
    best_iters.append(it)
    print(f"val year {vy}: MAE {mae:.2f}  best_iter {it}  n_trn {len(trn)}")

print(f"CV MAE (expanding, {len(val_years)} years): {np.mean(maes):.3f}")

n_rounds = int(np.mean(best_iters) * 1.1)
print("final rounds:", n_rounds)
preds = []
for seed in (0, 1):
    params["seed"] = seed
    p, _, _ = run_split(train, test, rounds=n_rounds)
    preds.append(p)
test["pred"] = np.mean(preds, axis=0)

sub = sub[["id"]].merge(test[["id", "pred"]], on="id", how="left").rename(columns={"pred": TARGET})
print(sub[TARGET].describe())
sub.to_csv("submission/submission.csv", index=False)
