"""Diamond prices: random forest on log(price) with ordinal quality grades.

A random sample of diamonds, no ordering at all, so this is ordinary 5-fold
CV.  Baseline: price from carat alone (log-log linear fit), which is the
"naive" model every jeweller carries in their head.
"""
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.linear_model import LinearRegression
from sklearn.model_selection import KFold

CUT = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
COLOR = {c: i for i, c in enumerate("JIHGFED")}
CLARITY = {c: i for i, c in enumerate(["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"])}

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)


def clean_dims(df):
    df = df.copy()
    for c in ["x", "y", "z"]:
        df.loc[(df[c] <= 0) | (df[c] > 15), c] = np.nan
        df[c] = df[c].fillna(df[c].median())
    return df


def make_features(df):
    df = clean_dims(df)
    df["cut"] = df["cut"].map(CUT)
    df["color"] = df["color"].map(COLOR)
    df["clarity_rank"] = df["clarity"].map(CLARITY)
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["log_carat"] = np.log(df["carat"])
    df["density"] = df["carat"] / df["volume"]
    df["xy_ratio"] = df["x"] / df["y"]
    return df


FEATURES = ["log_carat", "cut", "color", "clarity", "depth", "table",
            "x", "y", "z", "volume", "density", "xy_ratio"]

tr, te = make_features(train), make_features(test)
y = np.log(tr["price"].values)


def rmsle(y_true, y_pred):
    return float(np.sqrt(np.mean((np.log1p(y_pred) - np.log1p(y_true)) ** 2)))


kf = KFold(n_splits=5, shuffle=True, random_state=21)
oof = np.zeros(len(tr))
oof_base = np.zeros(len(tr))
test_pred = np.zeros(len(te))
for k, (i_tr, i_va) in enumerate(kf.split(tr)):
    naive = LinearRegression().fit(tr[["log_carat"]].iloc[i_tr], y[i_tr])
    oof_base[i_va] = np.exp(naive.predict(tr[["log_carat"]].iloc[i_va]))
    print(f"fold {k}: carat-only baseline RMSLE "
          f"{rmsle(tr['price'].values[i_va], oof_base[i_va]):.4f}", flush=True)

    rf = RandomForestRegressor(n_estimators=120, min_samples_leaf=2, max_features=0.6,
                               n_jobs=2, random_state=k)
    rf.fit(tr[FEATURES].iloc[i_tr], y[i_tr])
    oof[i_va] = np.exp(rf.predict(tr[FEATURES].iloc[i_va]))
    test_pred += np.exp(rf.predict(te[FEATURES])) / kf.get_n_splits()
    print(f"         forest RMSLE {rmsle(tr['price'].values[i_va], oof[i_va]):.4f}")

score = rmsle(tr["price"].values, oof)
base = rmsle(tr["price"].values, oof_base)
print(f"baseline {base:.4f} -> forest {score:.4f} ({100 * (1 - score / base):.1f}% better)")
pd.DataFrame({"id": te["id"], "price": test_pred}).to_csv("./submission/submission.csv", index=False)
print(f"CV RMSLE: {score:.4f}")
