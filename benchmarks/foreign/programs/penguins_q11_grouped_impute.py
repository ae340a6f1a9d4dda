# Palmer penguins - species probabilities (log loss)
# impute by island/sex group medians on the stacked data, bill ratio, logit vs random forest

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss, accuracy_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train.isnull().sum())
print(pd.crosstab(train["island"], train["species"]))
print(train.groupby("species")[["bill_length_mm", "bill_depth_mm", "flipper_length_mm",
                                 "body_mass_g"]].mean().round(1))

n_tr = len(train)
y = train["species"]
peng = pd.concat([train.drop(columns="species"), test], axis=0, ignore_index=True)

# sex: fill with the more common sex on the same island
peng["sex"] = peng["sex"].fillna(peng.groupby("island")["sex"].transform(lambda s: s.mode()[0]))

num_cols = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
for c in num_cols:
    peng[c] = peng[c].fillna(peng.groupby(["island", "sex"])[c].transform("median"))
    peng[c] = peng[c].fillna(peng[c].median())
print("\nmissing after imputation:", int(peng[num_cols + ["sex"]].isnull().sum().sum()))

peng["bill_ratio"] = peng["bill_length_mm"] / peng["bill_depth_mm"]
peng["log_mass"] = np.log(peng["body_mass_g"])
peng["flipper_per_kg"] = peng["flipper_length_mm"] / (peng["body_mass_g"] / 1000)
peng["male"] = np.where(peng["sex"] == "male", 1, 0)
peng = pd.get_dummies(peng, columns=["island"], drop_first=True, dtype=float)

feats = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "log_mass", "bill_ratio",
         "flipper_per_kg", "male", "island_Dream", "island_Torgersen"]
X = peng.iloc[:n_tr][feats].reset_index(drop=True)
X_te = peng.iloc[n_tr:][feats].reset_index(drop=True)
print("\n", X.describe().T[["mean", "std", "min", "max"]].round(2))

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=8)
classes = sorted(y.unique())
res = []
for C in [0.1, 1.0, 10.0]:
    oof = np.zeros((len(X), 3))
    for a, b in skf.split(X, y):
        sc = StandardScaler().fit(X.iloc[a])
        m = LogisticRegression(C=C, max_iter=5000).fit(sc.transform(X.iloc[a]), y.iloc[a])
        oof[b] = m.predict_proba(sc.transform(X.iloc[b]))
    res.append(["logit C=%g" % C, log_loss(y, oof, labels=classes),
                accuracy_score(y, np.array(classes)[oof.argmax(1)])])

oof = np.zeros((len(X), 3))
for a, b in skf.split(X, y):
    rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, random_state=8, n_jobs=2)
    rf.fit(X.iloc[a], y.iloc[a])
    oof[b] = rf.predict_proba(X.iloc[b])
res.append(["random forest", log_loss(y, oof, labels=classes),
            accuracy_score(y, np.array(classes)[oof.argmax(1)])])

res = pd.DataFrame(res, columns=["model", "logloss", "acc"]).sort_values("logloss")
print(res.round(4).to_string(index=False))

best = res.iloc[0]["model"]
print("final model:", best)
if best.startswith("logit"):
    C = float(best.split("=")[1])
    sc = StandardScaler().fit(X)
    m = LogisticRegression(C=C, max_iter=5000).fit(sc.transform(X), y)
    P = m.predict_proba(sc.transform(X_te))
else:
    m = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, random_state=8, n_jobs=2).fit(X, y)
    P = m.predict_proba(X_te)

sub = pd.DataFrame(P, columns=m.classes_)
sub.insert(0, "id", peng.iloc[n_tr:]["id"].astype(int).values)
sub = sub[["id", "Adelie", "Chinstrap", "Gentoo"]]
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
