# Titanic - survival probability
# titles from the name, age imputed by title/class medians, dummies, logistic vs forest

import re
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train.head())

print("\nsurvival by sex and class")
print(pd.crosstab([train["sex"], train["pclass"]], train["survived"], margins=True))
print(train.groupby(["sex", "pclass"])["survived"].mean().unstack().round(3))

train["part"] = "train"
test["part"] = "test"
all_df = pd.concat([train, test], ignore_index=True)


def get_title(name):
    m = re.search(r",\s*([^\.]+)\.", name)
    return m.group(1).strip() if m else "None"


all_df["title"] = all_df["name"].apply(get_title)
print("\n", all_df["title"].value_counts())

title_map = {"Mr": "Mr", "Miss": "Miss", "Mrs": "Mrs", "Master": "Master",
             "Mlle": "Miss", "Ms": "Miss", "Mme": "Mrs",
             "Lady": "Noble", "the Countess": "Noble", "Dona": "Noble", "Don": "Noble",
             "Sir": "Noble", "Jonkheer": "Noble",
             "Rev": "Officer", "Dr": "Officer", "Col": "Officer", "Major": "Officer", "Capt": "Officer"}
all_df["title"] = all_df["title"].map(title_map).fillna("Other")

all_df["age_missing"] = all_df["age"].isnull().astype(int)
all_df["age"] = all_df["age"].fillna(all_df.groupby(["title", "pclass"])["age"].transform("median"))
all_df["age"] = all_df["age"].fillna(all_df["age"].median())
print("\nmedian age by title/class:")
print(all_df.groupby(["title", "pclass"])["age"].median().unstack().round(1))

all_df["age_band"] = pd.cut(all_df["age"], bins=[0, 12, 18, 30, 45, 60, 81],
                            labels=["child", "teen", "young", "adult", "middle", "old"])
all_df["surname"] = all_df["name"].str.split(",").str[0]
all_df["surname_n"] = all_df.groupby("surname")["surname"].transform("count")
all_df["name_len"] = all_df["name"].str.len()

all_df = pd.get_dummies(all_df, columns=["sex", "pclass", "title", "age_band"],
                        drop_first=True, dtype=int)
print("\ncolumns now:", list(all_df.columns))

# women in first class, and boys (Master)
all_df["fem_1st"] = all_df["sex_female"] * all_df["pclass_1st"]
all_df["fem_3rd"] = all_df["sex_female"] * all_df["pclass_3rd"]

feats = [c for c in all_df.columns if c not in ["id", "name", "survived", "part", "surname"]]
tr = all_df[all_df.part == "train"]
te = all_df[all_df.part == "test"]
X, y = tr[feats].astype(float), tr["survived"].astype(int)

cv = StratifiedKFold(5, shuffle=True, random_state=11)
logit = LogisticRegression(C=1.0, max_iter=2000)
rf = RandomForestClassifier(n_estimators=200, max_depth=6, random_state=11, n_jobs=2)

tab = []
for name, m in [("logistic", logit), ("random forest", rf)]:
    s = cross_val_score(m, X, y, cv=cv, scoring="roc_auc")
    tab.append([name, s.mean(), s.std()])
    print(name, np.round(s, 4))
tab = pd.DataFrame(tab, columns=["model", "auc", "sd"])
print(tab.round(4))

logit.fit(X, y)
rf.fit(X, y)
p = 0.5 * logit.predict_proba(te[feats].astype(float))[:, 1] + 0.5 * rf.predict_proba(te[feats].astype(float))[:, 1]
pd.DataFrame({"id": te["id"], "survived": p}).to_csv("submission/submission.csv", index=False)
print("done")
