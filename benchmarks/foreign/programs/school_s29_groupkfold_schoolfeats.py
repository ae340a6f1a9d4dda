import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import GroupKFold, cross_validate
from sklearn.linear_model import RidgeCV
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import make_scorer, mean_squared_error, mean_absolute_error, r2_score

TARGET = "MathAch"
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

print("shape train/test:", train.shape, test.shape)
print("\n[missing]")
print(pd.concat([train.isna().sum(), test.isna().sum()], axis=1, keys=["train", "test"]).to_string())
print("\n[describe]")
print(train.describe().round(3).to_string())
for c in ["Minority", "Sex"]:
    print(f"\n[{c}]", train[c].value_counts(dropna=False).to_dict())

n_sch_tr, n_sch_te = train["School"].nunique(), test["School"].nunique()
overlap = set(train["School"]) & set(test["School"])
print(f"\nschools train={n_sch_tr} test={n_sch_te} overlap={len(overlap)}")
assert len(overlap) == 0, "schools leak between train and test"
assert train[TARGET].notna().all()

# pupils per school
sizes = train.groupby("School").size()
print("pupils per school:", sizes.describe().round(1).to_dict())


def build(df):
    out = pd.DataFrame(index=df.index)
    out["minority"] = df["Minority"].str.strip().str.lower().map({"yes": 1, "no": 0})
    out["female"] = df["Sex"].str.strip().str.lower().map({"female": 1, "male": 0})
    assert out[["minority", "female"]].notna().all().all(), "unmapped category"
    ses = df["SES"].clip(df["SES"].quantile(0.005), df["SES"].quantile(0.995))
    out["ses"] = ses
    out["meanses"] = df["MEANSES"]
    g = df.groupby("School")
    out["sch_n"] = g["SES"].transform("size")
    out["sch_ses_mean"] = g["SES"].transform("mean")
    out["sch_ses_std"] = g["SES"].transform("std").fillna(0)
    out["sch_minority"] = out.groupby(df["School"])["minority"].transform("mean")
    out["sch_female"] = out.groupby(df["School"])["female"].transform("mean")
    out["ses_dev"] = out["ses"] - out["sch_ses_mean"]
    out["ses_rank"] = g["SES"].rank(pct=True)
    out["ses_x_minority"] = out["ses"] * out["minority"]
    out["ses_bin"] = pd.qcut(out["ses"], q=5, labels=False)
    return out


X = build(train)
X_test = build(test)
X, X_test = X.align(X_test, join="inner", axis=1)
y = train[TARGET].values
groups = train["School"].values
assert not X.isna().any().any() and not X_test.isna().any().any()
print("\nfeatures:", list(X.columns))


def rmse(y_true, y_pred):
    return float(np.sqrt(mean_squared_error(y_true, y_pred)))


rmse_scorer = make_scorer(rmse, greater_is_better=False)
scoring = {"rmse": rmse_scorer, "mae": "neg_mean_absolute_error", "r2": "r2"}
gkf = GroupKFold(n_splits=5)

ridge = make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-2, 3, 20)))
cv_r = cross_validate(ridge, X, y, groups=groups, cv=gkf, scoring=scoring)
print("\nRidge per fold RMSE:", np.round(-cv_r["test_rmse"], 4))

# manual loop so I keep OOF predictions for the blend
oof_ridge = np.zeros(len(X))
oof_lgb = np.zeros(len(X))
pred_ridge = np.zeros(len(X_test))
pred_lgb = np.zeros(len(X_test))
rows = []
for fold, (a, b) in enumerate(gkf.split(X, y, groups), 1):
    r = make_pipeline(StandardScaler(), RidgeCV(alphas=np.logspace(-2, 3, 20))).fit(X.iloc[a], y[a])
    oof_ridge[b] = r.predict(X.iloc[b])
    pred_ridge += r.predict(X_test) / 5

    m = lgb.LGBMRegressor(n_estimators=400, learning_rate=0.02, num_leaves=8, min_child_samples=60,
                          subsample=0.8, subsample_freq=1, colsample_bytree=0.8, reg_lambda=5.0,
                          random_state=3, verbose=-1)
    m.fit(X.iloc[a], y[a])
    oof_lgb[b] = m.predict(X.iloc[b])
    pred_lgb += m.predict(X_test) / 5

    for name, p in [("ridge", oof_ridge[b]), ("lgbm", oof_lgb[b])]:
        rows.append({"fold": fold, "model": name, "n_val": len(b), "n_schools": len(np.unique(groups[b])),
                     "rmse": rmse(y[b], p), "mae": mean_absolute_error(y[b], p), "r2": r2_score(y[b], p)})
    print(f"fold {fold}: schools={rows[-1]['n_schools']:3d}  ridge rmse={rows[-2]['rmse']:.4f}  lgbm rmse={rows[-1]['rmse']:.4f}")

res = pd.DataFrame(rows)
print("\n" + res.pivot(index="fold", columns="model", values=["rmse", "mae", "r2"]).round(4).to_string())

best = (None, np.inf)
for w in np.linspace(0, 1, 11):
    s = rmse(y, w * oof_ridge + (1 - w) * oof_lgb)
    if s < best[1]:
        best = (w, s)
w_r, blend_rmse = best

summary = pd.DataFrame({
    "model": ["ridge", "lgbm", f"blend(w_ridge={w_r:.1f})"],
    "oof_rmse": [rmse(y, oof_ridge), rmse(y, oof_lgb), blend_rmse],
    "oof_mae": [mean_absolute_error(y, oof_ridge), mean_absolute_error(y, oof_lgb),
                mean_absolute_error(y, w_r * oof_ridge + (1 - w_r) * oof_lgb)],
})
print("\n=== SUMMARY ===")
print(summary.round(4).to_string(index=False))

final = w_r * pred_ridge + (1 - w_r) * pred_lgb
final = np.clip(final, y.min(), y.max())
sub = pd.DataFrame({"id": test["id"], TARGET: final})
assert len(sub) == len(test) and sub[TARGET].notna().all()
sub.to_csv("submission/submission.csv", index=False)
print(f"\nsubmission saved ({len(sub)} rows)")
print(f"GroupKFold RMSE (blend): {blend_rmse:.4f}")
