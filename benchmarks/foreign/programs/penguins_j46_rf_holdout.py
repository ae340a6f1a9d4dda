# penguins: randomForest-style model with a 70/30 holdout
import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestClassifier

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")

print("table(species, island):")
print(pd.crosstab(tr["species"], tr["island"]))

# group means by species, like aggregate(. ~ species, FUN = mean)
print(tr.groupby("species")[["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]].mean().round(1))


def clean(d, ref):
    d = d.copy()
    for c in ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]:
        d[c] = d[c].fillna(ref[c].mean())
    d["sex"] = d["sex"].apply(lambda s: 1 if s == "male" else (0 if s == "female" else 0.5))
    return d


tr2 = clean(tr, tr)
te2 = clean(te, tr)

X_df = pd.get_dummies(tr2.drop(columns=["id", "species", "year"]), columns=["island"], dtype=int)
Xte_df = pd.get_dummies(te2.drop(columns=["id", "year"]), columns=["island"], dtype=int)
Xte_df = Xte_df.reindex(columns=X_df.columns, fill_value=0)
X = X_df.values
Xte = Xte_df.values
y = tr2["species"].values
print("predictors:", list(X_df.columns))

np.random.seed(1)
n = X.shape[0]
train_idx = np.random.choice(n, size=int(0.7 * n), replace=False)
hold_idx = np.setdiff1d(np.arange(n), train_idx)

rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=1, random_state=1, n_jobs=1)
rf.fit(X[train_idx], y[train_idx])
P = rf.predict_proba(X[hold_idx])
cls = list(rf.classes_)
print("classes:", cls)

ll = 0.0
for i in range(len(hold_idx)):
    p = min(max(P[i, cls.index(y[hold_idx[i]])], 1e-15), 1.0)
    ll -= np.log(p)
ll /= len(hold_idx)
print("confusion:")
print(pd.crosstab(y[hold_idx], np.array(cls)[P.argmax(axis=1)], rownames=["truth"], colnames=["pred"]))
print("Holdout logloss: %.4f" % ll)

# refit on all rows and write one column per species
rf.fit(X, y)
Pte = rf.predict_proba(Xte)
sub = pd.DataFrame({"id": te["id"].values})
for k in range(1, len(cls) + 1):
    sub[cls[k - 1]] = Pte[:, k]
sub.to_csv("./submission/submission.csv", index=False)
print("submission written:", sub.shape)
