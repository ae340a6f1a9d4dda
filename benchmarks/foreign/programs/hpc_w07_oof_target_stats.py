import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score, accuracy_score

SEED = 42
NFOLDS = 5
TARGET = "class"

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sub = pd.read_csv("input/sample_submission.csv")
print(train.shape, test.shape)
print(train[TARGET].value_counts().to_dict())

CLASSES = sorted(train[TARGET].unique())
cls2id = {c: i for i, c in enumerate(CLASSES)}
y = train[TARGET].map(cls2id).values
DAYS = {"Mon": 0, "Tue": 1, "Wed": 2, "Thu": 3, "Fri": 4, "Sat": 5, "Sun": 6}


def add_features(df):
    df["log_compounds"] = np.log1p(df["compounds"])
    df["log_fields"] = np.log1p(df["input_fields"])
    df["log_pending"] = np.log1p(df["num_pending"])
    df["work"] = df["compounds"] * df["iterations"]
    df["log_work"] = np.log1p(df["work"])
    df["work2"] = df["compounds"] * df["input_fields"] * df["iterations"]
    df["log_work2"] = np.log1p(df["work2"])
    df["fields_per_cmp"] = df["input_fields"] / df["compounds"]
    df["dow"] = df["day"].map(DAYS)
    df["weekend"] = (df["dow"] >= 5).astype(int)
    df["week_hour"] = df["dow"] * 24 + df["hour"]
    df["night"] = ((df["hour"] < 7) | (df["hour"] > 20)).astype(int)
    return df


def add_count_aggs(df):
    df["protocol_cnt"] = df.groupby("protocol")["protocol"].transform("count")
    df["proto_iter_cnt"] = df.groupby(["protocol", "iterations"])["id"].transform("count")
    for c in ["log_compounds", "log_fields", "log_work"]:
        m = df.groupby("protocol")[c].transform("mean")
        s = df.groupby("protocol")[c].transform("std").fillna(1)
        df[f"{c}_z_proto"] = (df[c] - m) / (s + 1e-6)
    return df


def target_stats(trn_df, trn_y, apply_df, key, alpha=10):
    # smoothed per-class rates of key
    prior = np.bincount(trn_y, minlength=len(CLASSES)) / len(trn_y)
    tmp = pd.DataFrame({key: trn_df[key].values, "y": trn_y})
    out = pd.DataFrame(index=apply_df.index)
    for k, c in enumerate(CLASSES):
        tmp["is_c"] = (tmp["y"] == k).astype(float)
        st = tmp.groupby(key)["is_c"].agg(["sum", "count"])
        rate = (st["sum"] + alpha * prior[k]) / (st["count"] + alpha)
        out[f"te_{key}_{c}"] = apply_df[key].map(rate).astype(float).fillna(prior[k]).values
    return out


full = pd.concat([train.drop(columns=[TARGET]), test], ignore_index=True)
full = add_features(full)
full = add_count_aggs(full)
full["protocol"] = full["protocol"].astype("category")
full = full.drop(columns=["day"])

trn = full.iloc[:len(train)].reset_index(drop=True)
tst = full.iloc[len(train):].reset_index(drop=True)
base_feats = [c for c in trn.columns if c != "id"]

params = {
    "objective": "multiclass",
    "num_class": len(CLASSES),
    "metric": "multi_logloss",
    "learning_rate": 0.04,
    "num_leaves": 24,
    "min_data_in_leaf": 15,
    "feature_fraction": 0.7,
    "bagging_fraction": 0.8,
    "bagging_freq": 1,
    "lambda_l2": 1.0,
    "verbose": -1,
    "seed": SEED,
    "num_threads": 2,
}

skf = StratifiedKFold(n_splits=NFOLDS, shuffle=True, random_state=SEED)
oof = np.zeros((len(trn), len(CLASSES)))
test_prob = np.zeros((len(tst), len(CLASSES)))

for fold, (tr, va) in enumerate(skf.split(trn, y)):
    X_tr = trn.iloc[tr][base_feats].reset_index(drop=True)
    X_va = trn.iloc[va][base_feats].reset_index(drop=True)
    X_te = tst[base_feats].copy()
    for key in ["protocol", "iterations"]:
        X_tr = pd.concat([X_tr, target_stats(X_tr, y[tr], X_tr, key)], axis=1)
        X_va = pd.concat([X_va, target_stats(X_tr, y[tr], X_va, key)], axis=1)
        X_te = pd.concat([X_te, target_stats(X_tr, y[tr], X_te, key)], axis=1)

    dtr = lgb.Dataset(X_tr, y[tr])
    dva = lgb.Dataset(X_va, y[va], reference=dtr)
    model = lgb.train(params, dtr, num_boost_round=1500, valid_sets=[dva], valid_names=["valid"],
                      callbacks=[lgb.early_stopping(100), lgb.log_evaluation(100)])
    oof[va] = model.predict(X_va, num_iteration=model.best_iteration)
    test_prob += model.predict(X_te, num_iteration=model.best_iteration) / NFOLDS
    print(f"Fold {fold} | mlogloss {model.best_score['valid']['multi_logloss']:.5f} | "
          f"acc {accuracy_score(y[va], oof[va].argmax(1)):.4f}")

oof_pred = oof.argmax(1)
print(f"OOF acc: {accuracy_score(y, oof_pred):.4f}")
print(f"OOF macro F1: {f1_score(y, oof_pred):.4f}")

sub[TARGET] = [CLASSES[i] for i in test_prob.argmax(1)]
sub.to_csv("submission/submission.csv", index=False)
print(sub[TARGET].value_counts())
