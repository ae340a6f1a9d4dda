# Wine cultivar - class probabilities, log loss
# log transforms on skewed chemistry, drop gross outliers (|z| > 3), logistic regression vs random forest

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import log_loss

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, " test", test.shape)
print(train["cultivar"].value_counts())

y = train["cultivar"]
ntrain = train.shape[0]
full = pd.concat([train.drop(columns=["cultivar"]), test], axis=0, ignore_index=True)
chem = [c for c in full.columns if c != "id"]

print("\nskewness before transform:")
sk = full[chem].skew().sort_values(ascending=False)
print(sk.round(2))

for c in sk[sk > 0.5].index:
    full[c] = np.log(full[c])
print("log-transformed:", list(sk[sk > 0.5].index))

print("\nclass means (train):")
print(pd.concat([full.iloc[:ntrain][chem], y], axis=1).groupby("cultivar").mean().T.round(2))

# gross outliers
z = (full[chem] - full[chem].mean()) / full[chem].std()
keep = (z.abs() < 3).all(axis=1)
print("\nrows with some |z| >= 3:", (~keep).sum())
full = full[keep].reset_index(drop=True)

full["phenol_ratio"] = full["flavanoids"] - full["total_phenols"]
full["color_x_hue"] = full["color_intensity"] * full["hue"]
full["od_x_flav"] = full["od280_od315"] * full["flavanoids"]

feats = chem + ["phenol_ratio", "color_x_hue", "od_x_flav"]
X = full.iloc[:ntrain][feats].values
X_test = full.iloc[ntrain:][feats].values
print("X", X.shape, "X_test", X_test.shape)

corr = full.iloc[:ntrain][feats].corr().abs()
pairs = corr.where(np.triu(np.ones(corr.shape, dtype=bool), 1)).stack().sort_values(ascending=False)
print("\nmost correlated pairs:")
print(pairs.head(5).round(3))

classes = ["barbera", "barolo", "grignolino"]
skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=99)
models = {
    "logit C=0.3": lambda: LogisticRegression(C=0.3, max_iter=5000),
    "logit C=3": lambda: LogisticRegression(C=3.0, max_iter=5000),
    "forest": lambda: RandomForestClassifier(n_estimators=300, random_state=99, n_jobs=2),
}
table = {}
for name, mk in models.items():
    oof = np.zeros((len(X), 3))
    for a, b in skf.split(X, y):
        sc = StandardScaler().fit(X[a])
        m = mk().fit(sc.transform(X[a]), y.iloc[a])
        oof[b] = m.predict_proba(sc.transform(X[b]))
    table[name] = [log_loss(y, oof, labels=classes), (np.array(classes)[oof.argmax(1)] == y).mean()]
table = pd.DataFrame(table, index=["logloss", "acc"]).T.sort_values("logloss")
print("\n4-fold CV")
print(table.round(4))

best = table.index[0]
sc = StandardScaler().fit(X)
m = models[best]().fit(sc.transform(X), y)
proba = m.predict_proba(sc.transform(X_test))

sub = pd.DataFrame(proba, columns=m.classes_)
sub.insert(0, "id", test["id"].values)
sub = sub[["id"] + classes]
sub.to_csv("submission/submission.csv", index=False)
print(sub.round(3).head())
