import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.metrics import roc_auc_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
TARGETS = ["health", "limit", "insurance"]
print(f"train {train.shape}  test {test.shape}")
print("positive rates:", train[TARGETS].mean().round(3).to_dict())

EDU_YEARS = {"none": 8, "highschool": 12, "ged": 12, "other": 13, "bachelor": 16, "master": 18, "phd": 21}


def build_person_features(df):
    f = pd.DataFrame({"id": df["id"]})
    f["age"] = df["age"].astype("int8")
    f["family"] = df["family"].astype("int8")
    f["male"] = (df["gender"] == "male").astype("int8")
    f["married"] = (df["married"] == "yes").astype("int8")
    f["selfemp"] = (df["selfemp"] == "yes").astype("int8")
    f["edu_years"] = df["education"].map(EDU_YEARS).fillna(12).astype("int8")
    f["age_band"] = (df["age"] // 10).astype("int8")
    for c in ["region", "ethnicity", "education"]:
        f[c] = df[c].astype("category")
    return f


def build_region_table(df):
    return (df.groupby("region")
              .agg(reg_age_mean=("age", "mean"), reg_family_mean=("family", "mean"),
                   reg_selfemp=("selfemp", lambda s: (s == "yes").mean()))
              .reset_index())


def build_region_edu_table(df):
    t = df.assign(is_married=(df["married"] == "yes").astype(float))
    return (t.groupby(["region", "education"])
             .agg(re_n=("id", "size"), re_age_mean=("age", "mean"), re_married=("is_married", "mean"))
             .reset_index())


def assemble(df, region_tab, region_edu_tab):
    n = len(df)
    out = build_person_features(df)
    out["region"] = out["region"].astype(str)
    out["education"] = out["education"].astype(str)
    out = out.merge(region_tab, on="region", how="left")
    out = out.merge(region_edu_tab, on="region", how="left")
    assert len(out) == n, f"join changed row count {n} -> {len(out)}"
    out["age_vs_segment"] = out["age"] - out["re_age_mean"]
    for c in ["region", "education"]:
        out[c] = out[c].astype("category")
    return out.set_index("id")


ref = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)
region_tab = build_region_table(ref)
region_edu_tab = build_region_edu_table(ref)
print("lookup tables:", region_tab.shape, region_edu_tab.shape)

X = assemble(train, region_tab, region_edu_tab)
X_test = assemble(test, region_tab, region_edu_tab)
print("X:", X.shape, "X_test:", X_test.shape)

params = dict(n_estimators=200, learning_rate=0.04, num_leaves=15, min_child_samples=50,
              colsample_bytree=0.8, verbose=-1)
kf = KFold(4, shuffle=True, random_state=0)
sub = pd.DataFrame({"id": test["id"].values})
aucs = []
for t in TARGETS:
    y = train[t].values
    oof = np.zeros(len(X))
    pt = np.zeros(len(X_test))
    for a, b in kf.split(X):
        m = lgb.LGBMClassifier(**params)
        m.fit(X.iloc[a], y[a])
        oof[b] = m.predict_proba(X.iloc[b])[:, 1]
        pt += m.predict_proba(X_test)[:, 1] / 4
    aucs.append(roc_auc_score(y, oof))
    sub[t] = pt
    print(f"  {t:<10} OOF AUC {aucs[-1]:.4f}")
print(f"mean AUC over targets: {np.mean(aucs):.4f}")

os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print("saved", sub.shape)
