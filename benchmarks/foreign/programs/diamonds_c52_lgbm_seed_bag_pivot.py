import logging
import warnings

import lightgbm as lgb
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.model_selection import KFold

warnings.filterwarnings("ignore")
logging.basicConfig(level=logging.INFO, format="%(message)s")
log = logging.getLogger("diamonds")

SEEDS = [0, 1, 2]
N_SPLITS = 5

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

# quick look at the price structure
pv = train.pivot_table(index="cut", columns="color", values="price", aggfunc="median")
log.info("median price by cut x color:\n%s", pv.round(0).to_string())

for df in (train, test):
    df["color_clarity"] = df["color"] + "_" + df["clarity"]
    df["carat_bin"] = pd.cut(df["carat"], bins=[0, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 10], labels=False)
    df["table_minus_depth"] = df["table"] - df["depth"]
    for c in ["cut", "color", "clarity", "color_clarity"]:
        df[c] = df[c].astype("category")

cc_levels = sorted(set(train["color_clarity"].astype(str)) | set(test["color_clarity"].astype(str)))
for df in (train, test):
    df["color_clarity"] = df["color_clarity"].cat.set_categories(cc_levels)

y = np.log(train["price"].to_numpy())
features = ["carat", "cut", "color", "clarity", "depth", "table", "x", "y", "z",
            "color_clarity", "carat_bin", "table_minus_depth"]


def fold_target_encode(tr_df, y_tr, other_dfs, col="color_clarity", alpha=10):
    """mean log price per carat bin and color_clarity, smoothed toward the carat-bin mean"""
    tmp = tr_df[["carat_bin", col]].copy()
    tmp["t"] = y_tr
    bin_mean = tmp.groupby("carat_bin")["t"].mean()
    grp = tmp.groupby(["carat_bin", col], observed=True)["t"].agg(["mean", "count"]).reset_index()
    grp["prior"] = grp["carat_bin"].map(bin_mean)
    grp["te"] = (grp["mean"] * grp["count"] + grp["prior"] * alpha) / (grp["count"] + alpha)
    out = []
    for d in [tr_df] + other_dfs:
        m = d[["carat_bin", col]].merge(grp[["carat_bin", col, "te"]], on=["carat_bin", col], how="left")
        te = m["te"].to_numpy()
        fallback = d["carat_bin"].map(bin_mean).to_numpy()
        out.append(np.where(np.isnan(te), fallback, te))
    return out


oof = np.zeros(len(train))
test_pred = np.zeros(len(test))
importances = pd.Series(0.0, index=features + ["cc_te"])

for seed in SEEDS:
    kf = KFold(N_SPLITS, shuffle=True, random_state=seed)
    for fold, (tr, va) in enumerate(kf.split(train)):
        X_tr = train.iloc[tr][features].copy()
        X_va = train.iloc[va][features].copy()
        X_te = test[features].copy()
        te_tr, te_va, te_te = fold_target_encode(train.iloc[tr], y[tr], [train.iloc[va], test])
        X_tr["cc_te"], X_va["cc_te"], X_te["cc_te"] = te_tr, te_va, te_te

        model = lgb.LGBMRegressor(
            n_estimators=2000, learning_rate=0.04, num_leaves=40, min_child_samples=15,
            subsample=0.85, subsample_freq=1, colsample_bytree=0.8, reg_lambda=0.5,
            random_state=seed * 10 + fold, n_jobs=1, verbose=-1,
        )
        model.fit(X_tr, y[tr], eval_set=[(X_va, y[va])], eval_metric="rmse",
                  callbacks=[lgb.early_stopping(100, verbose=False)])
        oof[va] += model.predict(X_va) / len(SEEDS)
        test_pred += model.predict(X_te) / (len(SEEDS) * N_SPLITS)
        importances += pd.Series(model.booster_.feature_importance("gain"), index=X_tr.columns)
        fold_rmsle = np.sqrt(np.mean((np.log1p(np.exp(model.predict(X_va))) - np.log1p(train["price"].iloc[va])) ** 2))
        log.info("seed %d fold %d: best_iter=%d rmsle=%.5f", seed, fold, model.best_iteration_, fold_rmsle)

pred_oof = np.exp(oof)
cv_rmsle = np.sqrt(np.mean((np.log1p(pred_oof) - np.log1p(train["price"])) ** 2))
print(f"Seed-bagged OOF RMSLE: {cv_rmsle:.5f}")

submission = pd.DataFrame({"id": test["id"], "price": np.exp(test_pred)})
submission.to_csv("./submission/submission.csv", index=False)
log.info("submission saved: %s", submission.shape)

imp = (importances / importances.sum()).sort_values()
fig, ax = plt.subplots(figsize=(6, 5))
imp.plot.barh(ax=ax, color="steelblue")
ax.set_title("LightGBM gain importance (seed-bagged)")
fig.tight_layout()
fig.savefig("figures/feature_importance.png", dpi=100)
log.info("saved importance plot")
