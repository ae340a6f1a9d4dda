import numpy as np
import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
full = pd.concat([train, test], keys=["train", "test"])

full["title"] = full["name"].str.extract(r",\s*([^.]+)\.", expand=False).str.strip()
rare = full["title"].value_counts()
full["title"] = full["title"].where(full["title"].map(rare) >= 8, "Rare")
full["age_missing"] = full["age"].isna().astype(int)
full["age"] = full["age"].fillna(full.groupby("title")["age"].transform("median"))
full["is_female"] = (full["sex"] == "female").astype(int)
full["class_num"] = full["pclass"].str[0].astype(int)
full = pd.get_dummies(full, columns=["title"], dtype=float)

features = [c for c in full.columns if c not in ("id", "name", "sex", "pclass", "survived")]
tr = full.loc["train"].reset_index(drop=True)
te = full.loc["test"].reset_index(drop=True)
y = tr["survived"].astype(int).to_numpy()

oof = np.zeros(len(tr))
for a, b in StratifiedKFold(5, shuffle=True, random_state=0).split(tr, y):
    gbm = GradientBoostingClassifier(n_estimators=200, max_depth=3, learning_rate=0.05, subsample=0.9, random_state=0)
    oof[b] = gbm.fit(tr.loc[a, features], y[a]).predict_proba(tr.loc[b, features])[:, 1]
print(f"CV AUC: {roc_auc_score(y, oof):.4f}")

gbm = GradientBoostingClassifier(n_estimators=200, max_depth=3, learning_rate=0.05, subsample=0.9, random_state=0)
gbm.fit(tr[features], y)
pd.DataFrame({"id": te["id"].astype(int), "survived": gbm.predict_proba(te[features])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
