import os
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.ensemble import RandomForestRegressor
from sklearn.metrics import mean_absolute_error

t0 = time.time()
train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
print(train.shape, test.shape)
print("train dates", train["date"].min().date(), train["date"].max().date(),
      "| test dates", test["date"].min().date(), test["date"].max().date())

# US holidays-ish: fixed date ones + a few floating ones approximated by rules
fixed_hol = {(1, 1), (7, 4), (11, 11), (12, 25), (12, 24), (12, 31)}

def feats(df):
    d = pd.DataFrame(index=df.index)
    d["year"] = df["year"]
    d["t"] = (df["date"] - pd.Timestamp("1969-01-01")).dt.days
    d["month"] = df["month"]
    d["doy"] = df["day_of_year"]
    d["dom"] = df["day_of_month"]
    d["dow"] = df["day_of_week"]
    d["weekend"] = (df["day_of_week"] >= 6).astype(int)
    d["fixed_hol"] = [int((m, dd) in fixed_hol) for m, dd in zip(df["month"], df["day_of_month"])]
    d["thanksgiving"] = ((df["month"] == 11) & (df["day_of_week"] == 4) & df["day_of_month"].between(22, 28)).astype(int)
    d["labor_day"] = ((df["month"] == 9) & (df["day_of_week"] == 1) & (df["day_of_month"] <= 7)).astype(int)
    d["memorial"] = ((df["month"] == 5) & (df["day_of_week"] == 1) & (df["day_of_month"] >= 25)).astype(int)
    d["dom13_fri"] = ((df["day_of_month"] == 13) & (df["day_of_week"] == 5)).astype(int)
    for k in [1, 2, 3]:
        d[f"sin{k}"] = np.sin(2 * np.pi * k * df["day_of_year"] / 365.25)
        d[f"cos{k}"] = np.cos(2 * np.pi * k * df["day_of_year"] / 365.25)
    return d

X = feats(train)
X_te = feats(test)
y = train["births"].values.astype(float)
print("X", X.shape)

# trend: fit per-year mean linear in t, model residual ratio
yr_mean = train.groupby("year")["births"].mean()
coef = np.polyfit(yr_mean.index.values, yr_mean.values, 1)
trend = np.polyval(coef, train["year"].values)
trend_te = np.polyval(coef, test["year"].values)
r = y / trend
print("trend coef", np.round(coef, 2))

lgb_params = {"objective": "regression_l1", "learning_rate": 0.01, "num_leaves": 63,
              "min_data_in_leaf": 10, "feature_fraction": 0.9, "bagging_fraction": 0.9,
              "bagging_freq": 1, "verbose": -1}
SEEDS = [0, 1, 2, 3, 4, 5, 6, 7]
NF = 5
oof = np.zeros((len(X), 2))
pred = np.zeros((len(X_te), 2))
for seed in SEEDS:
    kf = KFold(NF, shuffle=True, random_state=seed)
    for f, (a, b) in enumerate(kf.split(X)):
        ts = time.time()
        bst = lgb.train({**lgb_params, "seed": seed}, lgb.Dataset(X.iloc[a], r[a]), num_boost_round=4000,
                        valid_sets=[lgb.Dataset(X.iloc[b], r[b])], callbacks=[lgb.log_evaluation(1000)])
        oof[b, 0] += bst.predict(X.iloc[b]) / len(SEEDS)
        pred[:, 0] += bst.predict(X_te) / (len(SEEDS) * NF)

        rf = RandomForestRegressor(n_estimators=1000, min_samples_leaf=2, max_features=0.6,
                                   n_jobs=-1, random_state=seed)
        rf.fit(X.iloc[a], r[a])
        oof[b, 1] += rf.predict(X.iloc[b]) / len(SEEDS)
        pred[:, 1] += rf.predict(X_te) / (len(SEEDS) * NF)
        print(f"seed {seed} fold {f}: lgb MAE {mean_absolute_error(y[b], bst.predict(X.iloc[b]) * trend[b]):.1f} "
              f"rf MAE {mean_absolute_error(y[b], rf.predict(X.iloc[b]) * trend[b]):.1f} ({time.time() - ts:.1f}s)")

for i, nm in enumerate(["lgb", "rf"]):
    print(f"OOF MAE {nm}: {mean_absolute_error(y, oof[:, i] * trend):.2f}")
blend = 0.6 * oof[:, 0] + 0.4 * oof[:, 1]
print(f"OOF MAE blend: {mean_absolute_error(y, blend * trend):.2f}")
np.save("oof_births.npy", oof)

final = (0.6 * pred[:, 0] + 0.4 * pred[:, 1]) * trend_te
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "births": final}).to_csv("submission/submission.csv", index=False)
print(f"done in {time.time() - t0:.0f}s")
