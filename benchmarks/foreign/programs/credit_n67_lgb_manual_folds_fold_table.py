import numpy as np
import pandas as pd
import lightgbm as lgb

SEED = 2718
rng = np.random.default_rng(SEED)

trn = pd.read_csv("input/train.csv")
tst = pd.read_csv("input/test.csv")
y = trn.pop("Status").to_numpy()
cats = ["Home", "Marital", "Records", "Job"]


def prep(d):
    d = d.copy()
    # sentinel-coded values in the original data -> NaN
    for c in ["Income", "Assets", "Debt"]:
        d.loc[d[c] >= 99999999, c] = np.nan
    d["loan_to_price"] = d["Amount"] / d["Price"]
    d["free_income"] = d["Income"] - d["Expenses"] - d["Debt"] / d["Time"]
    d["installment"] = d["Amount"] / d["Time"]
    d["inst_to_income"] = d["installment"] / d["Income"]
    d["age_at_start"] = d["Age"] - d["Seniority"]
    return d


trn, tst = prep(trn), prep(tst)
for c in cats:
    lv = sorted(trn[c].dropna().unique())
    trn[c] = pd.Categorical(trn[c], categories=lv)
    tst[c] = pd.Categorical(tst[c], categories=lv)

feats = [c for c in trn.columns if c != "id"]
print("features:", len(feats))

params = dict(objective="binary", learning_rate=0.03, num_leaves=15, min_data_in_leaf=30,
              feature_fraction=0.8, bagging_fraction=0.8, bagging_freq=1, lambda_l2=2.0,
              cat_smooth=20, seed=SEED, num_threads=2, verbose=-1, deterministic=True)


def binlogloss(t, p):
    p = np.clip(p, 1e-15, 1 - 1e-15)
    return -np.mean(t * np.log(p) + (1 - t) * np.log(1 - p))


# stratified 5-fold by hand
K = 5
fold = np.zeros(len(y), int)
for cls in (0, 1):
    ix = np.flatnonzero(y == cls)
    rng.shuffle(ix)
    fold[ix] = np.arange(len(ix)) % K

oof = np.zeros(len(y))
test_pred = np.zeros(len(tst))
table = []
for k in range(K):
    tr_i, va_i = np.flatnonzero(fold != k), np.flatnonzero(fold == k)
    dtr = lgb.Dataset(trn.iloc[tr_i][feats], y[tr_i], categorical_feature=cats)
    dva = lgb.Dataset(trn.iloc[va_i][feats], y[va_i], reference=dtr)
    bst = lgb.train(params, dtr, num_boost_round=3000, valid_sets=[dva], valid_names=["va"],
                    callbacks=[lgb.early_stopping(100, verbose=False), lgb.log_evaluation(0)])
    oof[va_i] = bst.predict(trn.iloc[va_i][feats], num_iteration=bst.best_iteration)
    test_pred += bst.predict(tst[feats], num_iteration=bst.best_iteration) / K
    table.append((k, bst.best_iteration, binlogloss(y[va_i], oof[va_i])))

print("\nfold | best_iter | logloss")
print("-----+-----------+--------")
for k, it, ll in table:
    print(f"{k:>4} | {it:>9} | {ll:.4f}")
lls = np.array([t[2] for t in table])
print(f"mean | {np.mean([t[1] for t in table]):>9.0f} | {lls.mean():.4f} (sd {lls.std():.4f})")
print(f"OOF logloss: {binlogloss(y, oof):.4f}")

sub = pd.DataFrame({"id": tst["id"], "Status": test_pred})
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().T[["mean", "min", "max"]])
