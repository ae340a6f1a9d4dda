import argparse
import os

import lightgbm as lgb
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import OneHotEncoder
from tqdm import tqdm

TARGETS = ["health", "limit", "insurance"]
CATS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="input")
    ap.add_argument("--out", default="submission/submission.csv")
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=3)
    return ap.parse_args()


def blend(a, b, w):
    return w * a + (1.0 - w) * b


def search_weight(a, b, y):
    grid = np.linspace(0, 1, 21)
    scores = [roc_auc_score(y, blend(a, b, w)) for w in grid]
    return float(grid[int(np.argmax(scores))]), float(np.max(scores))


def main():
    args = parse_args()
    train = pd.read_csv(os.path.join(args.data, "train.csv"))
    test = pd.read_csv(os.path.join(args.data, "test.csv"))

    Xg = train[CATS + ["age", "family"]].copy()
    Xg_test = test[CATS + ["age", "family"]].copy()
    for c in CATS:
        Xg[c] = pd.Categorical(Xg[c])
        Xg_test[c] = pd.Categorical(Xg_test[c], categories=Xg[c].cat.categories)

    ohe = OneHotEncoder(handle_unknown="ignore", sparse_output=False)
    Xl = np.hstack([ohe.fit_transform(train[CATS]), train[["age", "family"]].to_numpy() / 50.0])
    Xl_test = np.hstack([ohe.transform(test[CATS]), test[["age", "family"]].to_numpy() / 50.0])

    params = dict(objective="binary", metric="auc", learning_rate=args.lr, num_leaves=8,
                  min_data_in_leaf=50, feature_fraction=0.7, lambda_l2=5.0, verbose=-1,
                  num_threads=1, seed=args.seed)

    skf = StratifiedKFold(n_splits=args.folds, shuffle=True, random_state=args.seed)
    oof_lgb, oof_lr, test_lgb, test_lr = {}, {}, {}, {}
    sub = pd.DataFrame({"id": test["id"]})
    summary = []
    for t in tqdm(TARGETS, desc="targets"):
        y = train[t].to_numpy()
        cv_res = lgb.cv(params, lgb.Dataset(Xg, y), num_boost_round=1000, folds=skf.split(Xg, y),
                        callbacks=[lgb.early_stopping(50, verbose=False)])
        n_rounds = len(cv_res["valid auc-mean"])
        oof_lgb[t], oof_lr[t] = np.zeros(len(train)), np.zeros(len(train))
        test_lgb[t], test_lr[t] = np.zeros(len(test)), np.zeros(len(test))
        for tr, va in skf.split(Xg, y):
            bst = lgb.train(params, lgb.Dataset(Xg.iloc[tr], y[tr]), num_boost_round=n_rounds)
            oof_lgb[t][va] = bst.predict(Xg.iloc[va])
            test_lgb[t] += bst.predict(Xg_test) / args.folds
            lr = LogisticRegression(C=0.5, max_iter=500).fit(Xl[tr], y[tr])
            oof_lr[t][va] = lr.predict_proba(Xl[va])[:, 1]
            test_lr[t] += lr.predict_proba(Xl_test)[:, 1] / args.folds
        w, auc = search_weight(oof_lgb[t], oof_lr[t], y)
        summary.append((t, n_rounds, roc_auc_score(y, oof_lgb[t]), roc_auc_score(y, oof_lr[t]), w, auc))
        sub[t] = blend(test_lgb[t], oof_lr[t], w)

    print(f"{'target':10s} {'rounds':>6s} {'lgb':>7s} {'lr':>7s} {'w':>5s} {'blend':>7s}")
    for t, n, a1, a2, w, a in summary:
        print(f"{t:10s} {n:6d} {a1:7.4f} {a2:7.4f} {w:5.2f} {a:7.4f}")
    print(f"Validation AUC: {np.mean([s[-1] for s in summary]):.4f}")

    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    sub.to_csv(args.out, index=False)


if __name__ == "__main__":
    main()
