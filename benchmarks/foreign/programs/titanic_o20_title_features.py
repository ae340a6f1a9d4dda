import os
import re
import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"{len(train)} train rows, {len(test)} test rows, survival rate {train.survived.mean():.3f}")


def get_title(name):
    m = re.search(r",\s*([^\.]+)\.", name)
    return m.group(1).strip() if m else "None"


title_map = {
    "Mr": "Mr", "Mrs": "Mrs", "Miss": "Miss", "Master": "Master",
    "Mme": "Mrs", "Ms": "Miss", "Mlle": "Miss", "Lady": "Rare", "Countess": "Rare",
    "the Countess": "Rare", "Dona": "Rare", "Sir": "Rare", "Don": "Rare", "Jonkheer": "Rare",
    "Dr": "Officer", "Rev": "Officer", "Col": "Officer", "Major": "Officer", "Capt": "Officer",
}

full = pd.concat([train, test], ignore_index=True, sort=False)
full["title"] = full["name"].apply(get_title).map(title_map).fillna("Rare")
print(full["title"].value_counts())

full["surname"] = full["name"].str.split(",").str[0]
full["surname_count"] = full.groupby("surname")["name"].transform("count")
full["name_len"] = full["name"].str.len()
full["is_male"] = (full["sex"] == "male").astype(int)
full["pclass_num"] = full["pclass"].str[0].astype(int)

# impute age by title median
full["age_missing"] = full["age"].isnull().astype(int)
full["age"] = full["age"].fillna(full.groupby("title")["age"].transform("median"))
full["child"] = (full["age"] < 14).astype(int)

full = pd.get_dummies(full, columns=["title"], prefix="t")
feats = ["is_male", "pclass_num", "age", "age_missing", "child", "surname_count", "name_len"] + \
        [c for c in full.columns if c.startswith("t_")]

tr = full[full["survived"].notnull()]
te = full[full["survived"].isnull()]
X, y = tr[feats].astype(float), tr["survived"].astype(int)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=17)
gbm = GradientBoostingClassifier(n_estimators=200, max_depth=3, learning_rate=0.05,
                                 subsample=0.8, random_state=17)
lr = LogisticRegression(C=0.3, max_iter=2000)

for name, model in [("logreg", lr), ("gbm", gbm)]:
    s = cross_val_score(model, X, y, cv=skf, scoring="roc_auc")
    print(f"{name:7s} AUC {s.mean():.4f} +/- {s.std():.4f}  folds={np.round(s, 3)}")

gbm.fit(X, y)
lr.fit(X, y)
p = 0.7 * gbm.predict_proba(te[feats].astype(float))[:, 1] + \
    0.3 * lr.predict_proba(te[feats].astype(float))[:, 1]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"].values, "survived": p}).to_csv("submission/submission.csv", index=False)
print("saved; mean predicted survival", round(float(p.mean()), 3))
