import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
TARGETS = ["visits", "ovisits", "emergency", "hospital"]
print("train", train.shape, "test", test.shape)
print(train[TARGETS].describe().loc[["mean", "50%", "max"]].round(2))

YES_NO = {"no": 0, "yes": 1}
HEALTH = {"poor": 0, "average": 1, "excellent": 2}
BIN_COLS = ["afam", "married", "employed", "insurance", "medicaid"]


def build_patient_features(df):
    f = pd.DataFrame({"id": df["id"]})
    for c in BIN_COLS:
        f[c] = df[c].map(YES_NO).astype("int8")
    f["male"] = (df["gender"] == "male").astype("int8")
    f["adl_limited"] = (df["adl"] == "limited").astype("int8")
    f["health_lvl"] = df["health"].map(HEALTH).astype("int8")
    f["chronic"] = df["chronic"].astype("int8")
    f["age"] = df["age"].astype("float32")
    f["school"] = df["school"].astype("int8")
    f["income"] = df["income"].astype("float32")
    f["sickness"] = (f["chronic"] + 2 * (2 - f["health_lvl"]) + 2 * f["adl_limited"]).astype("int8")
    f["any_cover"] = ((f["insurance"] + f["medicaid"]) > 0).astype("int8")
    return f


def build_region_features(df, ref):
    """where does the patient sit inside their region (stats from ref rows)."""
    reg = ref.groupby("region").agg(reg_income_med=("income", "median"),
                                    reg_chronic_mean=("chronic", "mean"),
                                    reg_insured=("insurance", lambda s: (s == "yes").mean()))
    f = df[["id", "region"]].merge(reg, left_on="region", right_index=True, how="left")
    f["income_vs_region"] = (df["income"].values - f["reg_income_med"]).astype("float32")
    f["chronic_vs_region"] = (df["chronic"].values - f["reg_chronic_mean"]).astype("float32")
    f["region"] = pd.Categorical(f["region"], categories=sorted(ref["region"].unique()))
    return f


ref = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)


def assemble(df):
    out = build_patient_features(df).merge(build_region_features(df, ref), on="id", validate="1:1")
    assert len(out) == len(df) and out["id"].is_unique
    return out.set_index("id")


X = assemble(train)
X_test = assemble(test)
print("feature table", X.shape, list(X.dtypes.astype(str).value_counts().items()))

params = dict(n_estimators=200, learning_rate=0.03, num_leaves=8, min_child_samples=40,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, verbose=-1)
kf = KFold(5, shuffle=True, random_state=5)
sub = pd.DataFrame({"id": test["id"].values})
scores = {}
for t in TARGETS:
    y = np.log1p(train[t].values)
    oof = np.zeros(len(X))
    tp = np.zeros(len(X_test))
    for a, b in kf.split(X):
        m = lgb.LGBMRegressor(**params)
        m.fit(X.iloc[a], y[a])
        oof[b] = m.predict(X.iloc[b])
        tp += m.predict(X_test) / kf.n_splits
    oof = np.clip(oof, 0, None)
    scores[t] = np.sqrt(np.mean((oof - y) ** 2))
    sub[t] = np.expm1(np.clip(tp, 0, None))
    print(f"{t:>10}: oof RMSLE {scores[t]:.4f}   (const baseline {np.sqrt(np.mean((y - y.mean()) ** 2)):.4f})")

print(f"mean columnwise RMSLE: {np.mean(list(scores.values())):.4f}")
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub.head(3))
