import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

SEED = 11
NF = 5

tr = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")
print("train:", tr.shape, " test:", te.shape)
print("zero dims in train:", int(((tr[["x", "y", "z"]] == 0).any(axis=1)).sum()))

cut_map = {"Fair": 0, "Good": 1, "Very Good": 2, "Premium": 3, "Ideal": 4}
color_map = {c: i for i, c in enumerate(["J", "I", "H", "G", "F", "E", "D"])}
clar_map = {c: i for i, c in enumerate(["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"])}


def build(df):
    df = df.copy()
    for c in ["x", "y", "z"]:
        df[c] = df[c].replace(0, np.nan)
    df["cut_ord"] = df["cut"].map(cut_map)
    df["color_ord"] = df["color"].map(color_map)
    df["clarity_ord"] = df["clarity"].map(clar_map)
    df["quality"] = df["cut_ord"] + df["color_ord"] + df["clarity_ord"]
    df["volume"] = df["x"] * df["y"] * df["z"]
    df["density"] = df["carat"] / df["volume"]
    df["xy_ratio"] = df["x"] / df["y"]
    df["z_ratio"] = df["z"] / ((df["x"] + df["y"]) / 2)
    df["depth_calc"] = 100 * df["z"] / ((df["x"] + df["y"]) / 2)
    df["depth_err"] = df["depth"] - df["depth_calc"]
    df["table_depth_ratio"] = df["table"] / df["depth"]
    df["log_carat"] = np.log(df["carat"])
    df["carat_sq"] = df["carat"] ** 2
    df["carat_x_clarity"] = df["carat"] * df["clarity_ord"]
    df["carat_x_color"] = df["carat"] * df["color_ord"]
    df["cut_color"] = df["cut"] + "_" + df["color"]
    df["color_clarity"] = df["color"] + "_" + df["clarity"]
    return df


tr = build(tr)
te = build(te)
tr["log_price"] = np.log1p(tr["price"])
print("after build:", tr.shape, te.shape)
print(tr.isnull().sum()[lambda s: s > 0])

# out-of-fold target encoding of the combo columns (on log price)
kf = KFold(NF, shuffle=True, random_state=SEED)
folds = list(kf.split(tr))
gmean = tr["log_price"].mean()
for col in ["cut_color", "color_clarity"]:
    tr[col + "_te"] = gmean
    for a, b in folds:
        stats = tr.iloc[a].groupby(col)["log_price"].agg(["mean", "count"])
        enc = (stats["mean"] * stats["count"] + gmean * 10) / (stats["count"] + 10)
        tr.loc[b, col + "_te"] = tr.loc[b, col].map(enc).fillna(gmean).values
    stats = tr.groupby(col)["log_price"].agg(["mean", "count"])
    enc = (stats["mean"] * stats["count"] + gmean * 10) / (stats["count"] + 10)
    te[col + "_te"] = te[col].map(enc).fillna(gmean)

# carat-per-clarity aggregates
agg = tr.groupby("clarity")["carat"].agg(clar_carat_mean="mean", clar_carat_std="std").reset_index()
tr = tr.merge(agg, on="clarity", how="left")
te = te.merge(agg, on="clarity", how="left")
for d in (tr, te):
    d["carat_z_in_clarity"] = (d["carat"] - d["clar_carat_mean"]) / d["clar_carat_std"]

# ratios were noisy in an earlier run -> drop them
noisy = [c for c in tr.columns if "_ratio" in c]
tr = tr.drop(columns=noisy)
te = te.drop(columns=[c for c in noisy if c in te.columns])
print("dropped:", noisy, "->", tr.shape)

base = ["carat", "depth", "table", "x", "y", "z", "cut_ord", "color_ord", "clarity_ord"]
extra = ["quality", "volume", "density", "xy_ratio", "depth_err", "log_carat", "carat_sq",
         "carat_x_clarity", "carat_x_color", "cut_color_te", "color_clarity_te",
         "clar_carat_mean", "carat_z_in_clarity"]
features = base + extra

X = tr[features]
y = tr["log_price"].values
X_test = te[features]
print("X:", X.shape, "X_test:", X_test.shape)

params = dict(n_estimators=800, learning_rate=0.04, num_leaves=48, min_child_samples=15,
              colsample_bytree=0.8, subsample=0.8, subsample_freq=1, reg_alpha=0.1,
              random_state=SEED, verbose=-1)
oof = np.zeros(len(X))
pred = np.zeros(len(X_test))
for f, (a, b) in enumerate(folds):
    m = lgb.LGBMRegressor(**params)
    m.fit(X.iloc[a], y[a])
    oof[b] = m.predict(X.iloc[b])
    pred += m.predict(X_test) / NF
    print(f"fold {f}: rmsle = {np.sqrt(np.mean((oof[b] - y[b]) ** 2)):.5f}")
print(f"OOF rmsle: {np.sqrt(np.mean((oof - y) ** 2)):.5f}")

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "price": np.expm1(pred)}).to_csv("submission/submission.csv", index=False)
print("done")
