# %% imports
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.decomposition import PCA
from sklearn.metrics import accuracy_score
import gc

SEED = 11
NFOLD = 4

# %% load
tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
ss = pd.read_csv("./input/sample_submission.csv")
print(tr.shape, te.shape, ss.shape)

PIX = [c for c in tr.columns if c.startswith("pixel_")]
assert len(PIX) == 64, len(PIX)
y = tr["digit"].values
print("class counts:", np.bincount(y))

# %% feature engineering on the 8x8 grid
def grid_feats(df):
    img = df[PIX].values.reshape(-1, 8, 8)
    out = pd.DataFrame(index=df.index)
    for i in range(8):
        out[f"row_sum_{i}"] = img[:, i, :].sum(1)
        out[f"col_sum_{i}"] = img[:, :, i].sum(1)
    out["ink_total"] = img.sum((1, 2))
    out["ink_nonzero"] = (img > 0).sum((1, 2))
    out["ink_strong"] = (img >= 12).sum((1, 2))
    out["lr_asym"] = np.abs(img - img[:, :, ::-1]).sum((1, 2))
    out["ud_asym"] = np.abs(img - img[:, ::-1, :]).sum((1, 2))
    top = img[:, :4, :].sum((1, 2))
    out["top_frac"] = top / (out["ink_total"] + 1)
    left = img[:, :, :4].sum((1, 2))
    out["left_frac"] = left / (out["ink_total"] + 1)
    rr, cc = np.meshgrid(np.arange(8), np.arange(8), indexing="ij")
    out["cy"] = (img * rr).sum((1, 2)) / (out["ink_total"] + 1)
    out["cx"] = (img * cc).sum((1, 2)) / (out["ink_total"] + 1)
    return out

F_tr = grid_feats(tr)
F_te = grid_feats(te)

pca = PCA(n_components=12, random_state=SEED).fit(tr[PIX].values)
P_tr = pd.DataFrame(pca.transform(tr[PIX].values), columns=[f"pca_{i}" for i in range(12)])
P_te = pd.DataFrame(pca.transform(te[PIX].values), columns=[f"pca_{i}" for i in range(12)])
print("pca explained", pca.explained_variance_ratio_.sum().round(3))

X = pd.concat([tr[PIX].reset_index(drop=True), F_tr.reset_index(drop=True), P_tr], axis=1)
X_te = pd.concat([te[PIX].reset_index(drop=True), F_te.reset_index(drop=True), P_te], axis=1)
print("X", X.shape, "X_te", X_te.shape)
assert list(X.columns) == list(X_te.columns)

# %% lgb
params = {
    "objective": "multiclass",
    "num_class": 10,
    "learning_rate": 0.1,
    "num_leaves": 15,
    "min_data_in_leaf": 8,
    "feature_fraction": 0.5,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "max_bin": 63,
    "seed": SEED,
    "num_threads": 2,
    "deterministic": True,
    "verbosity": -1,
}

oof = np.zeros((len(X), 10))
pred = np.zeros((len(X_te), 10))
skf = StratifiedKFold(NFOLD, shuffle=True, random_state=SEED)
for k, (a, b) in enumerate(skf.split(X, y)):
    dtrain = lgb.Dataset(X.iloc[a], y[a], free_raw_data=False)
    dvalid = lgb.Dataset(X.iloc[b], y[b], reference=dtrain)
    evals = {}
    m = lgb.train(params, dtrain, 400, valid_sets=[dvalid], valid_names=["val"],
                  callbacks=[lgb.early_stopping(30, verbose=False),
                             lgb.log_evaluation(100),
                             lgb.record_evaluation(evals)])
    oof[b] = m.predict(X.iloc[b], num_iteration=m.best_iteration)
    pred += m.predict(X_te, num_iteration=m.best_iteration) / NFOLD
    print(f"fold {k}: iters={m.best_iteration} acc={accuracy_score(y[b], oof[b].argmax(1)):.4f}")
    # print(evals["val"]["multi_logloss"][-5:])
    del m, dtrain, dvalid; gc.collect()

print(f"CV accuracy: {accuracy_score(y, oof.argmax(1)):.4f}")

# %% submit
ss["digit"] = pred.argmax(1).astype(int)
ss.to_csv("./submission/submission.csv", index=False)
print(ss["digit"].value_counts().sort_index())
