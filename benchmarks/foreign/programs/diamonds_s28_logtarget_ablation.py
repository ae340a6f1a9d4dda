import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import KFold
from sklearn.linear_model import Ridge
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.metrics import mean_squared_log_error, mean_squared_error, mean_absolute_error, r2_score

SEED = 11
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")

print(f"train={train.shape} test={test.shape} sample={sample.shape}")
assert (sample["id"].values == test["id"].values).all()

print("\n## missing per column")
print(train.isna().sum().to_string())
print("\n## describe")
print(train.describe().T.round(3).to_string())
for c in ["cut", "color", "clarity"]:
    print(f"\n## {c}")
    print(pd.concat([train[c].value_counts(), test[c].value_counts()], axis=1, keys=["train", "test"]).to_string())

# ---------------------------------------------------------------------------- cleaning
def normalise_text(s):
    return s.str.strip().str.replace(r"\s+", " ", regex=True).str.title()

full = pd.concat([train.drop(columns="price"), test], keys=["tr", "te"])
for c in ["cut", "color", "clarity"]:
    full[c] = normalise_text(full[c])
full["color"] = full["color"].str.upper()
full["clarity"] = full["clarity"].str.upper()

dims = ["x", "y", "z"]
zero_mask = full[dims] == 0
print("\nzero dimensions:", zero_mask.sum().to_dict())
full[dims] = full[dims].mask(zero_mask)

# absurd y/z values (typos like 58.9 mm) -> clip at train quantiles
for c in dims + ["depth", "table"]:
    lo, hi = full.loc["tr", c].quantile([0.001, 0.999])
    n_out = ((full[c] < lo) | (full[c] > hi)).sum()
    full[c] = full[c].clip(lo, hi)
    print(f"  {c}: clip to [{lo:.2f}, {hi:.2f}], {n_out} rows")

# impute missing dims from diamonds of similar carat and cut
full["carat_bin"] = pd.cut(full["carat"], bins=[0, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 5.0])
for c in dims:
    before = full[c].isna().sum()
    full[c] = full[c].fillna(full.groupby(["carat_bin", "cut"], observed=True)[c].transform("median"))
    print(f"  impute {c}: {before} -> {full[c].isna().sum()} missing")
assert full[dims].isna().sum().sum() == 0

full["volume"] = full["x"] * full["y"] * full["z"]
full["density"] = full["carat"] / full["volume"]
full["xy_ratio"] = full["x"] / full["y"]
full["log_carat"] = np.log(full["carat"])
full = full.drop(columns="carat_bin")

X_all = pd.get_dummies(full.drop(columns="id"), columns=["cut", "color", "clarity"], drop_first=True, dtype=float)
X = X_all.loc["tr"].reset_index(drop=True)
X_test = X_all.loc["te"].reset_index(drop=True)
y = train["price"].values.astype(float)
X, X_test = X.align(X_test, join="left", axis=1, fill_value=0)
assert X.shape[0] == len(y) and X_test.shape[0] == len(test)
assert np.isfinite(X.values).all() and np.isfinite(X_test.values).all()
print(f"\nX {X.shape}  X_test {X_test.shape}")


def rmsle(y_true, y_pred):
    return np.sqrt(mean_squared_log_error(y_true, y_pred))


def fold_report(y_true, y_pred):
    return {"rmsle": rmsle(y_true, y_pred),
            "rmse": np.sqrt(mean_squared_error(y_true, y_pred)),
            "mae": mean_absolute_error(y_true, y_pred),
            "r2": r2_score(y_true, y_pred)}


kf = KFold(n_splits=5, shuffle=True, random_state=SEED)
records = []
oof = {}
test_pred = {}

# ---------------------------------------------------------------------------- main model: LGBM on log1p(price)
name = "lgbm_log"
oof[name] = np.zeros(len(X))
test_pred[name] = np.zeros(len(X_test))
for k, (a, b) in enumerate(kf.split(X), 1):
    m = lgb.LGBMRegressor(n_estimators=2000, learning_rate=0.05, num_leaves=48, min_child_samples=15,
                          colsample_bytree=0.7, subsample=0.8, subsample_freq=1, reg_lambda=1.0,
                          random_state=SEED, verbose=-1)
    m.fit(X.iloc[a], np.log1p(y[a]), eval_set=[(X.iloc[b], np.log1p(y[b]))],
          callbacks=[lgb.early_stopping(150, verbose=False)])
    oof[name][b] = np.expm1(m.predict(X.iloc[b], num_iteration=m.best_iteration_))
    test_pred[name] += np.expm1(m.predict(X_test, num_iteration=m.best_iteration_)) / kf.n_splits
    rec = {"model": name, "fold": k, "iters": m.best_iteration_, **fold_report(y[b], oof[name][b])}
    records.append(rec)
    print(f"{name} fold {k}: iters={rec['iters']:4d} rmsle={rec['rmsle']:.5f} rmse={rec['rmse']:8.1f} r2={rec['r2']:.4f}")

# ---------------------------------------------------------------------------- linear models: does the log target matter?
lin_cols = [c for c in X.columns if c not in ("x", "y", "z")]
for name, transform in [("ridge_raw", False), ("ridge_log", True)]:
    oof[name] = np.zeros(len(X))
    test_pred[name] = np.zeros(len(X_test))
    for k, (a, b) in enumerate(kf.split(X), 1):
        m = make_pipeline(StandardScaler(), Ridge(alpha=3.0))
        target = np.log1p(y[a]) if transform else y[a]
        m.fit(X.iloc[a][lin_cols], target)
        p_va = m.predict(X.iloc[b][lin_cols])
        p_te = m.predict(X_test[lin_cols])
        if transform:
            p_va, p_te = np.expm1(p_va), np.expm1(p_te)
        oof[name][b] = p_va
        test_pred[name] += p_te / kf.n_splits
        rec = {"model": name, "fold": k, "iters": 0, **fold_report(y[b], p_va)}
        records.append(rec)
        print(f"{name} fold {k}: rmsle={rec['rmsle']:.5f} rmse={rec['rmse']:8.1f} r2={rec['r2']:.4f}")

tab = pd.DataFrame(records)
print("\n==== summary per model ====")
print(tab.groupby("model")[["rmsle", "rmse", "mae", "r2"]].agg(["mean", "std"]).round(4).to_string())

# blend LGBM with the log ridge in log space
best_w, best_s = 1.0, rmsle(y, oof["lgbm_log"])
for w in np.linspace(0.5, 1.0, 11):
    blend = np.expm1(w * np.log1p(oof["lgbm_log"]) + (1 - w) * np.log1p(oof["ridge_log"]))
    s = rmsle(y, blend)
    if s < best_s:
        best_w, best_s = w, s
print(f"\nblend weight lgbm={best_w:.2f}  OOF RMSLE={best_s:.5f}")

final = np.expm1(best_w * np.log1p(test_pred["lgbm_log"]) + (1 - best_w) * np.log1p(test_pred["ridge_log"]))
final = np.clip(final, y.min() * 0.9, y.max() * 1.1)
sub = pd.DataFrame({"id": test["id"], "price": final})
sub.to_csv("submission/submission.csv", index=False)
print(f"submission written: {sub.shape}, price range {final.min():.0f}..{final.max():.0f}")
print(f"OOF RMSLE: {best_s:.5f}")
