import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape}, test {test.shape}")

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def build_geometry_features(df):
    g = pd.DataFrame(index=df.index)
    x, y, z = (df[c].where(df[c] > 0) for c in ("x", "y", "z"))
    g["volume"] = (x * y * z).astype("float32")
    g["xy_ratio"] = (x / y).astype("float32")
    g["density"] = (df["carat"] / g["volume"]).astype("float32")
    g["log_carat"] = np.log(df["carat"]).astype("float32")
    g["depth_dev"] = (df["depth"] - 61.8).abs().astype("float32")
    return g


def build_grade_features(df):
    g = pd.DataFrame(index=df.index)
    g["cut_rank"] = df["cut"].map({c: i for i, c in enumerate(CUT_ORDER)}).astype("int8")
    g["color_rank"] = df["color"].map({c: i for i, c in enumerate(COLOR_ORDER)}).astype("int8")
    g["clarity_rank"] = df["clarity"].map({c: i for i, c in enumerate(CLARITY_ORDER)}).astype("int8")
    g["grade_sum"] = (g["cut_rank"] + g["color_rank"] + g["clarity_rank"]).astype("int8")
    return g


def ppc_table(df, keys, name):
    """median log price-per-carat per group -> lookup table"""
    t = (df.assign(lppc=np.log(df["price"] / df["carat"]))
           .groupby(keys).agg(**{name: ("lppc", "median"), name + "_n": ("lppc", "size")})
           .reset_index())
    return t


GROUPS = {"ppc_color_clarity": ["color", "clarity"], "ppc_cut": ["cut"], "ppc_clarity": ["clarity"]}


def add_encodings(target_rows, source_rows):
    out = target_rows[["cut", "color", "clarity"]].copy()
    out["_row"] = np.arange(len(out))
    for name, keys in GROUPS.items():
        out = out.merge(ppc_table(source_rows, keys, name), on=keys, how="left")
    out = out.sort_values("_row")
    assert len(out) == len(target_rows)
    out.index = target_rows.index
    return out.drop(columns=["cut", "color", "clarity", "_row"])


# out-of-fold encodings for train, full-train encodings for test
kf = KFold(5, shuffle=True, random_state=11)
enc_parts = []
for a, b in kf.split(train):
    enc_parts.append(add_encodings(train.iloc[b], train.iloc[a]))
enc_train = pd.concat(enc_parts).loc[train.index]
enc_test = add_encodings(test, train)

num = ["carat", "depth", "table", "x", "y", "z"]
X = pd.concat([train[num], build_geometry_features(train), build_grade_features(train), enc_train], axis=1)
X_test = pd.concat([test[num], build_geometry_features(test), build_grade_features(test), enc_test], axis=1)
assert list(X.columns) == list(X_test.columns)
y = np.log1p(train["price"].values)
print("feature matrix", X.shape, "| nulls in encodings:", int(enc_train.isna().sum().sum()))

params = dict(n_estimators=500, learning_rate=0.05, num_leaves=31, min_child_samples=20,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, verbose=-1)
oof = np.zeros(len(X))
test_log = np.zeros(len(X_test))
for k, (a, b) in enumerate(KFold(5, shuffle=True, random_state=3).split(X)):
    m = lgb.LGBMRegressor(**params, random_state=k)
    m.fit(X.iloc[a], y[a])
    oof[b] = m.predict(X.iloc[b])
    test_log += m.predict(X_test) / 5
    print(f"  fold {k}: rmsle {np.sqrt(np.mean((oof[b] - y[b]) ** 2)):.4f}")
print(f"CV RMSLE {np.sqrt(np.mean((oof - y) ** 2)):.4f}")

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "price": np.expm1(test_log)})
sub.to_csv("submission/submission.csv", index=False)
print(sub["price"].describe().round(1).to_string())
