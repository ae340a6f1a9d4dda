import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix, hstack
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.model_selection import KFold

CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]
CUT_ORDER = ["fair", "good", "very_good", "premium", "ideal"]


def grade_features(df: pd.DataFrame) -> pd.DataFrame:
    """Pull ordinal info out of the grade strings: 'VVS2' -> family 'VVS', level 2; color letter -> rank."""
    out = pd.DataFrame(index=df.index)
    clar = df["clarity"].str.upper().str.strip()
    fam = clar.str.extract(r"^([A-Z]+)(\d?)$")
    out["clarity_family"] = fam[0]
    out["clarity_level"] = pd.to_numeric(fam[1], errors="coerce").fillna(0)
    out["clarity_rank"] = clar.map({c: i for i, c in enumerate(CLARITY_ORDER)})
    out["color_rank"] = df["color"].str.upper().str.strip().map(lambda c: ord(c) - ord("D"))
    cut = df["cut"].str.lower().str.strip().str.replace(r"\s+", "_", regex=True)
    out["cut_token"] = cut
    out["cut_rank"] = cut.map({c: i for i, c in enumerate(CUT_ORDER)})
    return out


def grade_doc(df: pd.DataFrame, g: pd.DataFrame) -> pd.Series:
    return (
        "cut_" + g["cut_token"]
        + " color_" + df["color"].str.lower()
        + " clar_" + df["clarity"].str.lower()
        + " fam_" + g["clarity_family"].str.lower()
        + " cc_" + df["color"].str.lower() + "_" + df["clarity"].str.lower()
    )


def geometry(df: pd.DataFrame) -> pd.DataFrame:
    g = df[["carat", "depth", "table", "x", "y", "z"]].astype(float).copy()
    g[["x", "y", "z"]] = g[["x", "y", "z"]].replace(0, np.nan)
    g["volume"] = g["x"] * g["y"] * g["z"]
    g["log_carat"] = np.log(g["carat"])
    g["xy_ratio"] = g["x"] / g["y"]
    return g


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "| test", test.shape)

gtr, gte = grade_features(train), grade_features(test)
print(gtr.head().to_string())

vec = CountVectorizer(token_pattern=r"\S+", binary=True)
D_tr = vec.fit_transform(grade_doc(train, gtr))
D_te = vec.transform(grade_doc(test, gte))
print("grade vocab size:", len(vec.vocabulary_))

ord_cols = ["clarity_level", "clarity_rank", "color_rank", "cut_rank"]
N_tr = pd.concat([geometry(train), gtr[ord_cols]], axis=1)
N_te = pd.concat([geometry(test), gte[ord_cols]], axis=1)
X = hstack([D_tr, csr_matrix(N_tr.to_numpy(dtype=float))], format="csr")
X_test = hstack([D_te, csr_matrix(N_te.to_numpy(dtype=float))], format="csr")
y = np.log1p(train["price"].to_numpy())
print("X", X.shape, "X_test", X_test.shape)

kf = KFold(n_splits=5, shuffle=True, random_state=21)
oof = np.zeros(len(y))
iters = []
for k, (a, b) in enumerate(kf.split(X)):
    reg = lgb.LGBMRegressor(n_estimators=2000, learning_rate=0.05, num_leaves=63, min_child_samples=20,
                            colsample_bytree=0.8, n_jobs=2, verbose=-1)
    reg.fit(X[a], y[a], eval_set=[(X[b], y[b])], eval_metric="rmse", early_stopping_rounds=50, verbose=False)
    oof[b] = reg.predict(X[b], num_iteration=reg.best_iteration_)
    iters.append(reg.best_iteration_)
    print(f"fold {k}  iters={reg.best_iteration_}  rmsle={np.sqrt(np.mean((oof[b] - y[b]) ** 2)):.4f}")

print(f"CV RMSLE: {np.sqrt(np.mean((oof - y) ** 2)):.4f}")

final = lgb.LGBMRegressor(n_estimators=int(np.mean(iters) * 1.1), learning_rate=0.05, num_leaves=63,
                          min_child_samples=20, colsample_bytree=0.8, n_jobs=2, verbose=-1)
final.fit(X, y)
pred = np.expm1(final.predict(X_test))

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "price": pred}).to_csv("submission/submission.csv", index=False)
print("written", len(pred), "rows; median price", round(float(np.median(pred)), 1))
