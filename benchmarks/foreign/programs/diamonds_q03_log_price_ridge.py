# Diamonds - price on the log scale
# ordinal recodes for the 4 C's, fix zero dimensions, ridge / lasso / lightgbm by KFold

import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge, Lasso, LinearRegression
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import KFold
import lightgbm as lgb

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("rows: train %d, test %d" % (len(train), len(test)))
print(train.describe().round(3))

for c in ["cut", "color", "clarity"]:
    print("\n", train.groupby(c)["price"].agg(["count", "median"]).sort_values("median"))

train["src"] = "train"
test["src"] = "test"
df = pd.concat([train, test], ignore_index=True, sort=False)

# ---- ordinal codes ----
cut_map = {"Fair": 1, "Good": 2, "Very Good": 3, "Premium": 4, "Ideal": 5}
color_map = {"J": 1, "I": 2, "H": 3, "G": 4, "F": 5, "E": 6, "D": 7}
clar_map = {"I1": 1, "SI2": 2, "SI1": 3, "VS2": 4, "VS1": 5, "VVS2": 6, "VVS1": 7, "IF": 8}
df["cut_n"] = df["cut"].map(cut_map)
df["color_n"] = df["color"].map(color_map)
df["clar_n"] = df["clarity"].map(clar_map)
print("\nunmapped codes:", df[["cut_n", "color_n", "clar_n"]].isnull().sum().sum())

# ---- dimensions: zeros are missing, a few absurd y/z values ----
for c in ["x", "y", "z"]:
    df.loc[df[c] == 0, c] = np.nan
    hi = df[c].quantile(0.999)
    df[c] = df[c].clip(upper=hi)
print("zero/missing dims:", df[["x", "y", "z"]].isnull().sum().to_dict())

df["carat_bin"] = pd.cut(df["carat"], bins=[0, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 5.0])
for c in ["x", "y", "z"]:
    df[c] = df[c].fillna(df.groupby("carat_bin", observed=True)[c].transform("median"))

df["log_carat"] = np.log(df["carat"])
df["volume"] = df["x"] * df["y"] * df["z"]
df["log_volume"] = np.log(df["volume"])
df["ratio_xy"] = df["x"] / df["y"]
df["depth_dev"] = (df["depth"] - 61.8).abs()
df["carat_x_clar"] = df["log_carat"] * df["clar_n"]
df["carat_x_color"] = df["log_carat"] * df["color_n"]

df = pd.get_dummies(df, columns=["carat_bin"], drop_first=True, dtype=float)

tr = df[df.src == "train"]
te = df[df.src == "test"]
y = np.log1p(tr["price"].values)

print("\ncorrelation with log price:")
num = tr.select_dtypes("number").drop(columns=["id", "price"])
print(num.corrwith(pd.Series(y, index=tr.index)).sort_values(ascending=False).round(3))

feats = ["log_carat", "cut_n", "color_n", "clar_n", "depth", "table", "log_volume",
         "ratio_xy", "depth_dev", "carat_x_clar", "carat_x_color"] + \
        [c for c in df.columns if c.startswith("carat_bin_")]
X = tr[feats].values
Xt = te[feats].values

models = {
    "ols": LinearRegression(),
    "ridge a=1": Ridge(alpha=1.0),
    "lasso a=.001": Lasso(alpha=0.001, max_iter=5000),
    "lgbm": lgb.LGBMRegressor(n_estimators=400, learning_rate=0.05, num_leaves=31,
                              min_child_samples=20, random_state=0, verbose=-1, n_jobs=2),
}

kf = KFold(n_splits=4, shuffle=True, random_state=2024)
scores = {k: [] for k in models}
for fold, (a, b) in enumerate(kf.split(X)):
    sc = StandardScaler().fit(X[a])
    for name, m in models.items():
        if name == "lgbm":
            m.fit(X[a], y[a])
            p = m.predict(X[b])
        else:
            m.fit(sc.transform(X[a]), y[a])
            p = m.predict(sc.transform(X[b]))
        # rmse on log1p scale == rmsle on price scale
        scores[name].append(np.sqrt(np.mean((p - y[b]) ** 2)))
    print("fold", fold, {k: round(v[-1], 4) for k, v in scores.items()})

summary = pd.DataFrame({"mean_rmsle": {k: np.mean(v) for k, v in scores.items()},
                        "sd": {k: np.std(v) for k, v in scores.items()}}).sort_values("mean_rmsle")
print("\n", summary.round(4))

# blend the best linear model with lightgbm
sc = StandardScaler().fit(X)
lin = Ridge(alpha=1.0).fit(sc.transform(X), y)
gbm = models["lgbm"].fit(X, y)
pred_log = 0.3 * lin.predict(sc.transform(Xt)) + 0.7 * gbm.predict(Xt)
pred = np.expm1(pred_log)
pred = np.clip(pred, 300, None)

sub = pd.DataFrame({"id": te["id"].astype(int), "price": pred.round(1)})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
print("mean predicted price %.0f vs train mean %.0f" % (sub.price.mean(), train.price.mean()))
