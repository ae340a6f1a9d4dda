# health-insurance: education as years of schooling (numeric) instead of 7 dummies,
# standardised inputs, L2 logistic regression per label, 5 folds numbered 1..5
import numpy as np
import pandas as pd
from sklearn.preprocessing import StandardScaler
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

dat = pd.read_csv("./input/train.csv")
new = pd.read_csv("./input/test.csv")
ys = ["health", "limit", "insurance"]

# rough years of schooling for each education level
edu_years = {"none": 9, "highschool": 12, "other": 13, "bachelor": 16,
             "master": 18, "phd": 21}


def prep(d):
    out = pd.DataFrame(index=d.index)
    out["age"] = d["age"].astype(float)
    out["age_sq"] = d["age"].apply(lambda a: (a - 40.0) ** 2 / 100.0)
    out["family"] = d["family"].astype(float)
    out["edu_years"] = d["education"].map(edu_years)
    out["male"] = (d["gender"] == "male").astype(int)
    out["married"] = (d["married"] == "yes").astype(int)
    out["selfemp"] = (d["selfemp"] == "yes").astype(int)
    reg = pd.get_dummies(d["region"], prefix="reg", dtype=int)
    eth = pd.get_dummies(d["ethnicity"], prefix="eth", dtype=int)
    out = pd.concat([out, reg.drop(columns=["reg_midwest"]), eth.drop(columns=["eth_cauc"])], axis=1)
    return out


Xdf = prep(dat)
Xnew_df = prep(new)

# summary() of the design
desc = Xdf.describe().T
desc["NA's"] = Xdf.isna().sum().values
print(desc[["min", "25%", "50%", "mean", "75%", "max", "NA's"]].round(3))

X = Xdf.values
Xnew = Xnew_df.values

np.random.seed(11)
K = 5
fold = np.random.permutation(np.resize(np.arange(1, K + 1), X.shape[0]))
print("fold sizes:", [int(np.sum(fold == k)) for k in range(1, K + 1)])

oof = np.zeros((X.shape[0], len(ys)))
for k in range(1, K + 1):
    tr_i = fold != k
    va_i = fold == k
    sc = StandardScaler().fit(X[tr_i])
    for j in range(len(ys)):
        y = dat[ys[j]].values
        lr = LogisticRegression(C=1.0, max_iter=1000)
        lr.fit(sc.transform(X[tr_i]), y[tr_i])
        oof[va_i, j] = lr.predict_proba(sc.transform(X[va_i]))[:, 1]
    print("fold", k, "done")

aucs = [roc_auc_score(dat[ys[j]].values, oof[:, j]) for j in range(len(ys))]
for j in range(len(ys)):
    print("  %s: %.4f" % (ys[j], aucs[j]))
print("CV AUC: %.4f" % np.mean(aucs))

sc = StandardScaler().fit(X)
sub = pd.DataFrame({"id": new["id"].values})
for j in range(len(ys)):
    lr = LogisticRegression(C=1.0, max_iter=1000).fit(sc.transform(X), dat[ys[j]].values)
    sub[ys[j]] = lr.predict_proba(sc.transform(Xnew))[:, 1]
sub.to_csv("./submission/submission.csv", index=False)
print("saved", sub.shape)
