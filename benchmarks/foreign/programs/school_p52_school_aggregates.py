import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold
from sklearn.metrics import mean_squared_error

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape} ({train.School.nunique()} schools)   test {test.shape} ({test.School.nunique()} schools)")


def build_pupil_features(df):
    f = pd.DataFrame({"id": df["id"], "School": df["School"]})
    f["minority"] = (df["Minority"] == "Yes").astype("int8")
    f["female"] = (df["Sex"] == "Female").astype("int8")
    f["ses"] = df["SES"].astype("float32")
    f["meanses"] = df["MEANSES"].astype("float32")
    f["ses_centered"] = (f["ses"] - f["meanses"]).astype("float32")
    return f


def build_school_features(pupils):
    """school-level table from the pupils' own covariates (no target: test schools are unseen)."""
    s = pupils.groupby("School").agg(
        sch_size=("id", "size"),
        sch_minority=("minority", "mean"),
        sch_female=("female", "mean"),
        sch_ses_sd=("ses", "std"),
        sch_ses_min=("ses", "min"),
        sch_ses_max=("ses", "max"),
    ).reset_index()
    s["sch_size"] = s["sch_size"].astype("int16")
    s["sch_single_sex"] = s["sch_female"].isin([0.0, 1.0]).astype("int8")
    return s


def assemble(df):
    p = build_pupil_features(df)
    s = build_school_features(p)
    out = p.merge(s, on="School", how="left", validate="m:1")
    assert len(out) == len(df)
    out["ses_rank_in_school"] = out.groupby("School")["ses"].rank(pct=True).astype("float32")
    out["minority_x_schmin"] = (out["minority"] * out["sch_minority"]).astype("float32")
    return out


tr = assemble(train)
te = assemble(test)
FEATS = [c for c in tr.columns if c not in ("id", "School")]
y = train["MathAch"].values
groups = tr["School"].values
print("features:", FEATS)

params = dict(n_estimators=2000, learning_rate=0.02, num_leaves=8, min_child_samples=40,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, verbose=-1)
gkf = GroupKFold(n_splits=5)
oof = np.zeros(len(tr))
best = []
for k, (a, b) in enumerate(gkf.split(tr, y, groups)):
    m = lgb.LGBMRegressor(**params)
    m.fit(tr.iloc[a][FEATS], y[a], eval_set=[(tr.iloc[b][FEATS], y[b])],
          eval_metric="rmse", early_stopping_rounds=100)
    oof[b] = m.predict(tr.iloc[b][FEATS])
    best.append(m.best_iteration_)
    print(f"fold {k}: {len(np.unique(groups[b]))} schools, best_iter {m.best_iteration_}, "
          f"rmse {mean_squared_error(y[b], oof[b]) ** 0.5:.4f}")
print(f"GroupKFold RMSE: {mean_squared_error(y, oof) ** 0.5:.4f}")

final = lgb.LGBMRegressor(**{**params, "n_estimators": int(np.mean(best))})
final.fit(tr[FEATS], y)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "MathAch": final.predict(te[FEATS])}).to_csv("submission/submission.csv", index=False)
print("wrote submission", len(te))
