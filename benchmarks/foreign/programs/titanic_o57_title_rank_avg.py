import os
import re
import time
import numpy as np
import pandas as pd
import lightgbm as lgb
from scipy.stats import rankdata
from sklearn.model_selection import StratifiedKFold
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score

t0 = time.time()
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("shapes:", train.shape, test.shape, "| survival rate", round(train["survived"].mean(), 3))

all_df = pd.concat([train, test], ignore_index=True, sort=False)

def get_title(name):
    m = re.search(r",\s*([^\.]+)\.", name)
    return m.group(1).strip() if m else "None"

all_df["title"] = all_df["name"].apply(get_title)
title_map = {"Mlle": "Miss", "Ms": "Miss", "Mme": "Mrs", "Lady": "Rare", "Countess": "Rare",
             "the Countess": "Rare", "Sir": "Rare", "Don": "Rare", "Dona": "Rare", "Jonkheer": "Rare",
             "Capt": "Rare", "Col": "Rare", "Major": "Rare", "Rev": "Rare", "Dr": "Rare"}
all_df["title"] = all_df["title"].replace(title_map)
all_df.loc[~all_df["title"].isin(["Mr", "Mrs", "Miss", "Master", "Rare"]), "title"] = "Rare"
print(all_df["title"].value_counts().to_dict())

all_df["surname"] = all_df["name"].str.split(",").str[0].str.strip()
all_df["surname_cnt"] = all_df.groupby("surname")["name"].transform("count")
all_df["name_len"] = all_df["name"].str.len()
all_df["has_paren"] = all_df["name"].str.contains(r"\(").astype(int)
all_df["pclass_num"] = all_df["pclass"].str[0].astype(int)
all_df["is_male"] = (all_df["sex"] == "male").astype(int)
all_df["age_missing"] = all_df["age"].isna().astype(int)
age_med = all_df.groupby("title")["age"].transform("median")
all_df["age_f"] = all_df["age"].fillna(age_med)
all_df["child"] = (all_df["age_f"] < 14).astype(int)
title_dummies = pd.get_dummies(all_df["title"], prefix="t", dtype=int)
all_df = pd.concat([all_df, title_dummies], axis=1)

feats = ["pclass_num", "is_male", "age_f", "age_missing", "child", "surname_cnt", "name_len",
         "has_paren"] + list(title_dummies.columns)
n = len(train)
X = all_df.iloc[:n][feats].values.astype(float)
X_te = all_df.iloc[n:][feats].values.astype(float)
y = train["survived"].values
print("feature matrix", X.shape)

params = {"objective": "binary", "metric": "auc", "learning_rate": 0.02, "num_leaves": 7,
          "min_data_in_leaf": 15, "feature_fraction": 0.8, "bagging_fraction": 0.8,
          "bagging_freq": 1, "verbose": -1}
names = ["lgb", "lr", "knn"]
oof = {k: np.zeros(n) for k in names}
tst = {k: np.zeros(len(X_te)) for k in names}
SEEDS = [1, 2, 3]
for seed in SEEDS:
    skf = StratifiedKFold(5, shuffle=True, random_state=seed)
    for tr_i, va_i in skf.split(X, y):
        d1 = lgb.Dataset(X[tr_i], y[tr_i])
        d2 = lgb.Dataset(X[va_i], y[va_i], reference=d1)
        b = lgb.train({**params, "seed": seed}, d1, 1000, valid_sets=[d2],
                      callbacks=[lgb.early_stopping(80, verbose=False)])
        oof["lgb"][va_i] += b.predict(X[va_i], num_iteration=b.best_iteration) / len(SEEDS)
        tst["lgb"] += b.predict(X_te, num_iteration=b.best_iteration) / (5 * len(SEEDS))

        ss = StandardScaler().fit(X[tr_i])
        for k, mdl in [("lr", LogisticRegression(C=0.5, max_iter=2000)),
                       ("knn", KNeighborsClassifier(n_neighbors=25, weights="distance"))]:
            mdl.fit(ss.transform(X[tr_i]), y[tr_i])
            oof[k][va_i] += mdl.predict_proba(ss.transform(X[va_i]))[:, 1] / len(SEEDS)
            tst[k] += mdl.predict_proba(ss.transform(X_te))[:, 1] / (5 * len(SEEDS))
    print(f"seed {seed}: " + " ".join(f"{k}={roc_auc_score(y, oof[k] * len(SEEDS) / (SEEDS.index(seed) + 1)):.4f}" for k in names))

print("-" * 40)
for k in names:
    print(f"{k:>4} OOF AUC {roc_auc_score(y, oof[k]):.4f}")
np.save("titanic_oof.npy", np.column_stack([oof[k] for k in names]))

weights = {"lgb": 0.5, "lr": 0.3, "knn": 0.2}
rank_oof = sum(weights[k] * rankdata(oof[k]) / n for k in names)
print(f"rank avg OOF AUC {roc_auc_score(y, rank_oof):.4f}")

rank_test = sum(weights[k] * rankdata(tst[k]) / len(X_te) for k in names)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "survived": rank_test}).to_csv("submission/submission.csv", index=False)
print(f"done {time.time() - t0:.1f}s")
