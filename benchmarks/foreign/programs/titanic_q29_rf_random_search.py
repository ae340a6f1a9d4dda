import os
import numpy as np
import pandas as pd
from scipy.stats import randint
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold, cross_val_score

SEED = 123
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train:", train.shape, "| test:", test.shape)
print("survival rate:", round(train["survived"].mean(), 3))

def title_of(names):
    t = names.str.extract(r",\s*([^\.]+)\.", expand=False).str.strip()
    t = t.replace({"Mlle": "Miss", "Ms": "Miss", "Mme": "Mrs", "Lady": "Rare", "Countess": "Rare",
                   "the Countess": "Rare", "Sir": "Rare", "Don": "Rare", "Dona": "Rare", "Jonkheer": "Rare",
                   "Capt": "Rare", "Col": "Rare", "Major": "Rare", "Rev": "Rare", "Dr": "Rare"})
    return t.where(t.isin(["Mr", "Mrs", "Miss", "Master", "Rare"]), "Rare")

full = pd.concat([train.drop(columns="survived"), test], ignore_index=True)
full["title"] = title_of(full["name"])
full["surname"] = full["name"].str.split(",").str[0]
full["surname_count"] = full.groupby("surname")["id"].transform("count")
full["age_missing"] = full["age"].isna().astype(int)
full["age"] = full["age"].fillna(full.groupby("title")["age"].transform("median"))
full["is_female"] = (full["sex"] == "female").astype(int)
full["pclass_num"] = full["pclass"].str[0].astype(int)
full = pd.concat([full, pd.get_dummies(full["title"], prefix="t", dtype=int)], axis=1)
print(full["title"].value_counts().to_dict())

feat = ["is_female", "age", "age_missing", "pclass_num", "surname_count"] + \
       [c for c in full.columns if c.startswith("t_")]
X = full.iloc[: len(train)][feat]
X_test = full.iloc[len(train):][feat]
y = train["survived"]

skf = StratifiedKFold(n_splits=4, shuffle=True, random_state=SEED)
rf_base = RandomForestClassifier(n_estimators=150, random_state=SEED, n_jobs=1)
base_auc = cross_val_score(rf_base, X, y, cv=skf, scoring="roc_auc")
print("baseline fold AUCs:", base_auc.round(4), "mean", round(base_auc.mean(), 4))

dist = {
    "n_estimators": randint(80, 200),
    "max_depth": [4, 6, 8, 10, None],
    "min_samples_leaf": randint(1, 12),
    "max_features": ["sqrt", "log2", 0.5, 0.8],
    "criterion": ["gini", "entropy"],
}
rs = RandomizedSearchCV(RandomForestClassifier(random_state=SEED, n_jobs=1), dist, n_iter=8,
                        scoring="roc_auc", cv=skf, random_state=SEED, n_jobs=1, refit=True)
rs.fit(X, y)

cvres = pd.DataFrame(rs.cv_results_).sort_values("rank_test_score")
print(cvres[["rank_test_score", "mean_test_score", "std_test_score", "param_max_depth",
             "param_min_samples_leaf", "param_max_features", "param_n_estimators"]].to_string(index=False))
print("best_params_ =", rs.best_params_)
print("best_score_  = %.4f" % rs.best_score_)
print("improvement over baseline: %+.4f AUC" % (rs.best_score_ - base_auc.mean()))

imp = pd.Series(rs.best_estimator_.feature_importances_, index=feat).sort_values(ascending=False)
print("top importances:", imp.head(5).round(3).to_dict())

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"].values, "survived": rs.predict_proba(X_test)[:, 1]})
sub.to_csv("submission/submission.csv", index=False)
print("wrote", len(sub), "rows")
