import os
import numpy as np
import pandas as pd

train = pd.read_csv("input/train.csv", parse_dates=["date"])
test = pd.read_csv("input/test.csv", parse_dates=["date"])
train = train.sort_values("date").reset_index(drop=True)
print(train["date"].min().date(), "->", train["date"].max().date(), len(train), "days")
print("test:", test["date"].min().date(), "->", test["date"].max().date(), len(test), "days")

# additive model: year effect + weekday effect + month effect + smooth day-of-year terms
wdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
wday_idx = {w: i for i, w in enumerate(wdays)}
years = sorted(train["year"].unique())
year_idx = {y: i for i, y in enumerate(years)}


def design(df):
    n = len(df)
    Yr = np.zeros((n, len(years)))
    Yr[np.arange(n), [year_idx[v] for v in df["year"]]] = 1.0
    Wd = np.zeros((n, 6))
    wi = np.array([wday_idx[w] for w in df["wday"]])
    for j in range(1, 7):
        Wd[:, j - 1] = wi == j
    Mo = np.zeros((n, 11))
    for m in range(2, 13):
        Mo[:, m - 2] = df["month"].to_numpy() == m
    t = 2 * np.pi * df["day_of_year"].to_numpy() / 365.25
    F = np.column_stack([f(h * t) for h in (1, 2, 3) for f in (np.sin, np.cos)])
    # fixed-date holidays (New Year, July 4, Christmas)
    md = df["date"].dt.strftime("%m-%d")
    H = np.column_stack([(md == s).to_numpy(float) for s in ("01-01", "07-04", "12-25", "12-24", "12-31")])
    return np.hstack([Yr, Wd, Mo, F, H])


X = design(train)
y = train["births"].to_numpy(float)
print("design:", X.shape)


def fit(X, y, lam=1.0):
    p = X.shape[1]
    return np.linalg.solve(X.T @ X + lam * np.eye(p), X.T @ y)


K = 5
rng = np.random.default_rng(1)
fid = rng.integers(0, K, len(y))
maes = []
for k in range(K):
    b = fit(X[fid != k], y[fid != k])
    err = np.abs(y[fid == k] - X[fid == k] @ b)
    maes.append(err.mean())
    print(f"fold {k}: n={np.sum(fid == k):4d}  MAE={err.mean():7.1f}")
print(f"CV MAE: {np.mean(maes):.1f} +/- {np.std(maes):.1f}")

beta = fit(X, y)
yr_eff = pd.Series(beta[:len(years)], index=years)
print("year effects (last 5):")
print(yr_eff.tail().round(0).to_string())

Xt = design(test)
pred = Xt @ beta
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "births": pred.round(1)}).to_csv("submission/submission.csv", index=False)
print("test mean prediction:", round(pred.mean(), 1))
