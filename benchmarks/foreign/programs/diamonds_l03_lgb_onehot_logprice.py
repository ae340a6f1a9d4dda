import os
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import mean_squared_log_error

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
n_tr = len(train)

num_cols = ["carat", "depth", "table", "x", "y", "z"]
cat_cols = ["cut", "color", "clarity"]


def onehot_both(col_tr, col_te):
    """one-hot a string column using the levels seen in train+test jointly"""
    both = np.concatenate([col_tr, col_te])
    levels, codes = np.unique(both, return_inverse=True)
    eye = np.eye(levels.size)
    M = eye[codes]
    return M[: col_tr.size], M[col_tr.size:], list(levels)


blocks_tr, blocks_te, names = [], [], []
for c in num_cols:
    blocks_tr.append(train[c].to_numpy(np.float64)[:, None])
    blocks_te.append(test[c].to_numpy(np.float64)[:, None])
    names.append(c)

# a few physical features: volume, density proxy, x/y ratio
def phys(df):
    x, y, z = (df[k].to_numpy(np.float64) for k in ("x", "y", "z"))
    vol = x * y * z
    carat = df["carat"].to_numpy(np.float64)
    dens = np.where(vol > 0, carat / np.maximum(vol, 1e-6), np.nan)
    ratio = np.where(y > 0, x / np.where(y > 0, y, 1.0), np.nan)
    return np.column_stack([vol, dens, ratio, np.log1p(carat)])

blocks_tr.append(phys(train))
blocks_te.append(phys(test))
names += ["vol", "dens", "xy_ratio", "log_carat"]

for c in cat_cols:
    a, b, lv = onehot_both(train[c].to_numpy().astype(str), test[c].to_numpy().astype(str))
    blocks_tr.append(a)
    blocks_te.append(b)
    names += [f"{c}={s}" for s in lv]

X = np.hstack(blocks_tr)
X_test = np.hstack(blocks_te)
y = train["price"].to_numpy(np.float64)
log_y = np.log1p(y)
print("design:", X.shape, X_test.shape, "n feats", len(names))


def rmsle(t, p):
    p = np.maximum(p, 0.0)
    return float(np.sqrt(np.mean((np.log1p(p) - np.log1p(t)) ** 2)))


rng = np.random.default_rng(11)
order = rng.permutation(n_tr)
folds = np.array_split(order, 3)

params = dict(
    objective="regression",
    learning_rate=0.05,
    num_leaves=31,
    min_child_samples=20,
    subsample=0.8,
    subsample_freq=1,
    colsample_bytree=0.8,
    reg_lambda=1.0,
    n_estimators=1500,
    n_jobs=2,
    verbose=-1,
)

oof = np.zeros(n_tr)
best_iters = []
for k, va in enumerate(folds):
    tr_mask = np.ones(n_tr, dtype=bool)
    tr_mask[va] = False
    m = lgb.LGBMRegressor(random_state=k, **params)
    m.fit(
        X[tr_mask], log_y[tr_mask],
        eval_set=[(X[va], log_y[va])],
        callbacks=[lgb.early_stopping(50, verbose=False)],
    )
    oof[va] = np.expm1(m.predict(X[va]))
    best_iters.append(m.best_iteration_)
    print(f"fold {k}: best_iter={m.best_iteration_} rmsle={rmsle(y[va], oof[va]):.5f}")

score = rmsle(y, oof)
assert abs(score - np.sqrt(mean_squared_log_error(y, np.maximum(oof, 0)))) < 1e-9
print(f"CV RMSLE: {score:.5f}")

n_final = int(np.mean(best_iters) * 1.1)
final_params = dict(params)
final_params["n_estimators"] = n_final
final = lgb.LGBMRegressor(random_state=0, **final_params)
final.fit(X, log_y)
pred = np.expm1(final.predict(X_test))
pred = np.clip(pred, y.min() * 0.5, None)

os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"].to_numpy(), "price": pred}).to_csv("./submission/submission.csv", index=False)
print("final trees:", n_final, "pred range", pred.min().round(1), pred.max().round(1))
