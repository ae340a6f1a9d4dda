import json
import logging
import os
import time

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import KFold

logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
log = logging.getLogger("health")

TARGETS = ["health", "limit", "insurance"]
CATS = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
RNG = 11


def build_matrix(train, test):
    both = pd.concat([train[test.columns], test], ignore_index=True)
    for c in CATS:
        freq = both[c].value_counts(normalize=True)
        both[c + "_freq"] = both[c].map(freq).astype(float)
    combo = both["region"] + "_" + both["ethnicity"]
    both["region_eth_freq"] = combo.map(combo.value_counts(normalize=True)).astype(float)
    dummies = pd.get_dummies(both[CATS], dtype=float)
    num = both[["age", "family"]].astype(float)
    num["age_sq"] = num["age"] ** 2 / 100.0
    X = pd.concat([num, dummies, both[[c for c in both.columns if c.endswith("_freq")]]], axis=1)
    return X.iloc[: len(train)].to_numpy(), X.iloc[len(train):].to_numpy(), list(X.columns)


def main():
    t0 = time.time()
    train = pd.read_csv("input/train.csv")
    test = pd.read_csv("input/test.csv")
    X, X_test, cols = build_matrix(train, test)
    Y = train[TARGETS].to_numpy()
    log.info("matrix %s, test %s", X.shape, X_test.shape)

    models = {
        "rf": lambda: RandomForestClassifier(n_estimators=300, min_samples_leaf=15, max_features=0.5,
                                             n_jobs=1, random_state=RNG),
        "et": lambda: ExtraTreesClassifier(n_estimators=300, min_samples_leaf=20, max_features=0.6,
                                           n_jobs=1, random_state=RNG),
    }
    kf = KFold(n_splits=4, shuffle=True, random_state=RNG)
    oof = {name: np.zeros(Y.shape) for name in list(models) + ["lr"]}
    tst = {name: np.zeros((len(X_test), len(TARGETS))) for name in oof}

    mu, sd = X.mean(axis=0), X.std(axis=0) + 1e-9
    Xs, Xs_test = (X - mu) / sd, (X_test - mu) / sd

    for fold, (tr, va) in enumerate(kf.split(X)):
        for name, make in models.items():
            m = make().fit(X[tr], Y[tr])  # native multi-label fit
            oof[name][va] = np.column_stack([p[:, 1] for p in m.predict_proba(X[va])])
            tst[name] += np.column_stack([p[:, 1] for p in m.predict_proba(X_test)]) / kf.n_splits
        for j in range(len(TARGETS)):
            lr = LogisticRegression(C=0.2, max_iter=1000).fit(Xs[tr], Y[tr, j])
            oof["lr"][va, j] = lr.predict_proba(Xs[va])[:, 1]
            tst["lr"][:, j] += lr.predict_proba(Xs_test)[:, 1] / kf.n_splits
        log.info("fold %d done (%.1fs)", fold, time.time() - t0)

    table = {}
    for name in oof:
        table[name] = [roc_auc_score(Y[:, j], oof[name][:, j]) for j in range(len(TARGETS))]
    weights = {"rf": 0.3, "et": 0.2, "lr": 0.5}
    blend_oof = sum(w * oof[n] for n, w in weights.items())
    blend_tst = sum(w * tst[n] for n, w in weights.items())
    table["blend"] = [roc_auc_score(Y[:, j], blend_oof[:, j]) for j in range(len(TARGETS))]

    res = pd.DataFrame(table, index=TARGETS).T
    res["mean"] = res.mean(axis=1)
    print(res.round(4).to_string())
    print(f"Validation AUC: {res.loc['blend', 'mean']:.4f}")

    fig, ax = plt.subplots(figsize=(6, 4))
    res[TARGETS].plot(kind="bar", ax=ax)
    ax.set_ylim(0.5, 0.8)
    ax.set_ylabel("OOF AUC")
    fig.tight_layout()
    fig.savefig("oof_auc.png", dpi=80)

    os.makedirs("submission", exist_ok=True)
    sub = pd.DataFrame(blend_tst, columns=TARGETS)
    sub.insert(0, "id", test["id"].values)
    sub.to_csv("submission/submission.csv", index=False)
    with open("blend_scores.json", "w") as f:
        json.dump({k: dict(zip(TARGETS + ["mean"], map(float, v))) for k, v in res.iterrows()}, f, indent=1)
    log.info("finished in %.1fs", time.time() - t0)


if __name__ == "__main__":
    main()
