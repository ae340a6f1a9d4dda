# MEPS health insurance: three binary outcomes.
# Step 1: ridge-type logistic regression as a baseline (one per outcome).
# Step 2: glmnet-style elastic-net (alpha = 0.5 in R's notation) over a short C path,
#         choose C per outcome by CV AUC and keep whichever of the two does better.

import os
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
Y_COLS = ["health", "limit", "insurance"]
CAT = ["gender", "married", "selfemp", "region", "ethnicity", "education"]


def model_matrix(df, levels=None):
    """Dummy-code the factors (first level dropped) and z-score the numerics."""
    d = df[["age", "family"] + CAT].copy()
    d["age2"] = d["age"] ** 2
    d["big_family"] = (d["family"] >= 5).astype(int)
    mm = pd.get_dummies(d, columns=CAT, drop_first=True, dtype=float)
    if levels is not None:
        mm = mm.reindex(columns=levels, fill_value=0.0)
    return mm


Xdf = model_matrix(tr)
cols = list(Xdf.columns)
Xte_df = model_matrix(te, cols)

mu, sd = Xdf.mean(), Xdf.std(ddof=0).replace(0, 1)
X = ((Xdf - mu) / sd).to_numpy()
X_test = ((Xte_df - mu) / sd).to_numpy()
print("design matrix:", X.shape, " columns:", len(cols))

folds = list(StratifiedKFold(n_splits=4, shuffle=True, random_state=31).split(X, tr["insurance"]))


def cv_auc(make, y):
    s = []
    for a, b in folds:
        m = make().fit(X[a], y[a])
        s.append(roc_auc_score(y[b], m.predict_proba(X[b])[:, 1]))
    return float(np.mean(s))


best = {}
for out in Y_COLS:
    y = tr[out].to_numpy()
    auc = cv_auc(lambda: LogisticRegression(C=1.0, max_iter=1000), y)
    best[out] = ("ridge", 1.0, auc)
    print(f"[baseline] {out:<10} ridge logit  CV AUC = {auc:.4f}")

C_path = [0.01, 0.03, 0.1, 0.3, 1.0]
for out in Y_COLS:
    y = tr[out].to_numpy()
    for C in C_path:
        auc = cv_auc(lambda: LogisticRegression(C=C, l1_ratio=0.5, max_iter=3000), y)
        print(f"[enet] {out:<10} C={C:<5} CV AUC = {auc:.4f}")
        if auc > best[out][2]:
            best[out] = ("enet", C, auc)

print("\nselected models:")
sub = pd.DataFrame({"id": te["id"]})
for out in Y_COLS:
    kind, C, auc = best[out]
    print(f"  {out:<10} {kind:<6} C={C:<5} CV AUC={auc:.4f}")
    if kind == "enet":
        m = LogisticRegression(C=C, l1_ratio=0.5, max_iter=3000)
    else:
        m = LogisticRegression(C=C, max_iter=1000)
    m.fit(X, tr[out].to_numpy())
    coefs = pd.Series(m.coef_.ravel(), index=cols)
    print("    nonzero terms:", int((coefs.abs() > 1e-8).sum()), "/", len(cols))
    print(coefs[coefs.abs() > 1e-8].sort_values().round(3).to_string().replace("\n", "\n    "))
    sub[out] = m.predict_proba(X_test)[:, 1]

os.makedirs("./submission", exist_ok=True)
sub.to_csv("./submission/submission.csv", index=False)
print(f"CV AUC (mean over outcomes): {np.mean([best[o][2] for o in Y_COLS]):.4f}")
