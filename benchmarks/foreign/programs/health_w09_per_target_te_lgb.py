import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score

TARGETS = ["health", "limit", "insurance"]
CATS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
NFOLD = 5
SEED = 777

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
print("train", train.shape, "test", test.shape)
print(train[TARGETS].mean().round(4).to_dict())

EDU_ORDER = {"none": 0, "highschool": 1, "ged": 1, "other": 2, "bachelor": 3, "master": 4, "phd": 5}


def add_features(df):
    df["edu_ord"] = df["education"].map(EDU_ORDER).fillna(2)
    df["age_bin"] = (df["age"] // 5).astype(int)
    df["age2"] = df["age"] ** 2
    df["single_hh"] = (df["family"] == 1).astype(int)
    df["big_family"] = (df["family"] >= 5).astype(int)
    df["eth_region"] = df["ethnicity"] + "_" + df["region"]
    df["edu_selfemp"] = df["education"] + "_" + df["selfemp"]
    df["gender_married"] = df["gender"] + "_" + df["married"]
    return df


def add_freq(df, cols):
    for c in cols:
        df[f"{c}_freq"] = df[c].map(df[c].value_counts(normalize=True))
    return df


def add_group(df):
    df["age_mean_by_edu"] = df.groupby("education")["age"].transform("mean")
    df["age_dev_edu"] = df["age"] - df["age_mean_by_edu"]
    df["family_mean_by_eth"] = df.groupby("ethnicity")["family"].transform("mean")
    df["family_dev_eth"] = df["family"] - df["family_mean_by_eth"]
    df["edu_rank_in_region"] = df.groupby("region")["edu_ord"].rank(pct=True)
    return df


def te_fit_apply(tr_df, tr_y, ap_df, col, smooth=20):
    prior = tr_y.mean()
    st = pd.DataFrame({"k": tr_df[col].values, "y": tr_y}).groupby("k")["y"].agg(["sum", "count"])
    enc = (st["sum"] + smooth * prior) / (st["count"] + smooth)
    return ap_df[col].map(enc).astype(float).fillna(prior).values


INTER = ["eth_region", "edu_selfemp", "gender_married"]
full = pd.concat([train.drop(columns=TARGETS), test], ignore_index=True)
full = add_features(full)
full = add_freq(full, INTER + ["education", "family"])
full = add_group(full)
for c in CATS + INTER:
    full[c] = full[c].astype("category")

trn = full.iloc[:len(train)].reset_index(drop=True)
tst = full.iloc[len(train):].reset_index(drop=True)
feats = [c for c in trn.columns if c != "id"]

params = {
    "objective": "binary",
    "metric": "auc",
    "learning_rate": 0.03,
    "num_leaves": 15,
    "min_data_in_leaf": 50,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 3.0,
    "cat_l2": 10,
    "verbose": -1,
    "seed": SEED,
    "num_threads": 2,
}

results = {}
for t in TARGETS:
    y = train[t].values.astype(int)
    oof = np.zeros(len(trn))
    pt = np.zeros(len(tst))
    skf = StratifiedKFold(NFOLD, shuffle=True, random_state=SEED)
    for fold, (tr, va) in enumerate(skf.split(trn, y)):
        Xtr = trn.loc[tr, feats].copy()
        Xva = trn.loc[va, feats].copy()
        Xte = tst[feats].copy()
        for c in INTER:
            Xtr[f"te_{c}"] = te_fit_apply(Xtr, y[tr], Xtr, c)
            Xva[f"te_{c}"] = te_fit_apply(Xtr, y[tr], Xva, c)
            Xte[f"te_{c}"] = te_fit_apply(Xtr, y[tr], Xte, c)
        dtr = lgb.Dataset(Xtr, y[tr])
        dva = lgb.Dataset(Xva, y[va], reference=dtr)
        m = lgb.train(params, dtr, num_boost_round=2000, valid_sets=[dva], valid_names=["va"],
                      callbacks=[lgb.early_stopping(150, verbose=False), lgb.log_evaluation(0)])
        oof[va] = m.predict(Xva, num_iteration=m.best_iteration)
        pt += m.predict(Xte, num_iteration=m.best_iteration) / NFOLD
        print(f"[{t}] fold {fold}: auc {roc_auc_score(y[va], oof[va]):.5f} (iter {m.best_iteration})")
    results[t] = roc_auc_score(y, oof)
    print(f"[{t}] OOF AUC = {results[t]:.5f}")
    sub[t] = pt

print("-" * 30)
for t, s in results.items():
    print(f"{t:10s} {s:.5f}")
print(f"CV mean AUC over targets: {np.mean(list(results.values())):.5f}")

sub.to_csv("submission/submission.csv", index=False)
print(sub.head(3))
