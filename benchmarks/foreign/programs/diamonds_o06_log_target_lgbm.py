import numpy as np
import pandas as pd
from sklearn.model_selection import KFold
from sklearn.metrics import mean_squared_log_error

print("[info] diamonds-price: LightGBM on log1p(price)")

df = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")
print(f"[info] train {df.shape}, test {te.shape}")
assert df["price"].min() > 0, "non-positive prices present"

CUT_ORDER = ["Fair", "Good", "Very Good", "Premium", "Ideal"]
COLOR_ORDER = ["J", "I", "H", "G", "F", "E", "D"]
CLARITY_ORDER = ["I1", "SI2", "SI1", "VS2", "VS1", "VVS2", "VVS1", "IF"]


def encode_ordinal(s, order, name):
    mapping = {v: i for i, v in enumerate(order)}
    out = s.map(mapping)
    n_bad = out.isna().sum()
    if n_bad:
        print(f"[warn] {name}: {n_bad} unknown values -> -1")
    return out.fillna(-1).astype(int)


def featurize(d):
    f = pd.DataFrame(index=d.index)
    f["carat"] = d["carat"]
    f["cut"] = encode_ordinal(d["cut"], CUT_ORDER, "cut")
    f["color"] = encode_ordinal(d["color"], COLOR_ORDER, "color")
    f["clarity"] = encode_ordinal(d["clarity"], CLARITY_ORDER, "clarity")
    for c in ["depth", "table", "x", "y", "z"]:
        f[c] = d[c].replace(0, np.nan)  # zero dimensions are recording errors
    f["volume"] = f["x"] * f["y"] * f["z"]
    f["log_carat"] = np.log(d["carat"])
    return f


X = featurize(df)
X_te = featurize(te)
y_log = np.log1p(df["price"].values)


def get_model():
    try:
        import lightgbm as lgb
        return lgb.LGBMRegressor(n_estimators=600, learning_rate=0.05, num_leaves=31,
                                 min_child_samples=20, subsample=0.8, subsample_freq=1,
                                 colsample_bytree=0.9, random_state=11, verbose=-1), "lgbm"
    except Exception as e:
        print(f"[warn] lightgbm unavailable: {e}; using HistGradientBoostingRegressor")
        from sklearn.ensemble import HistGradientBoostingRegressor
        return HistGradientBoostingRegressor(max_iter=400, learning_rate=0.05, random_state=11), "hgb"


kf = KFold(n_splits=5, shuffle=True, random_state=11)
oof = np.zeros(len(X))
preds = []
for i, (a, b) in enumerate(kf.split(X)):
    model, kind = get_model()
    model.fit(X.iloc[a], y_log[a])
    oof[b] = model.predict(X.iloc[b])
    preds.append(model.predict(X_te))
    fold_rmsle = np.sqrt(mean_squared_log_error(df["price"].values[b], np.expm1(oof[b]).clip(1)))
    print(f"[fold {i}] {kind} rmsle={fold_rmsle:.5f}")

cv = np.sqrt(mean_squared_log_error(df["price"].values, np.expm1(oof).clip(1)))
print(f"[result] CV RMSLE: {cv:.5f}")

final = np.expm1(np.mean(preds, axis=0)).clip(300, None)
sub = pd.DataFrame({"id": te["id"], "price": final.round(2)})
print(sub.describe().loc[["mean", "min", "max"]].to_string())

try:
    sub.to_csv("submission/submission.csv", index=False)
    print("[info] saved submission/submission.csv")
except Exception as e:
    print(f"[warn] could not write submission/submission.csv: {e}")
    sub.to_csv("submission.csv", index=False)
    print("[info] saved fallback ./submission.csv instead")
