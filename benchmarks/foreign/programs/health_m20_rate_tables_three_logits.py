# Health insurance survey - three yes/no outcomes, one logistic regression each
import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
targets = ["health", "limit", "insurance"]
print("train", train.shape, "test", test.shape)

print("\nTarget rates:")
print(train[targets].mean().round(3).to_string())

yes_no = ["married", "selfemp"]
cats = ["gender", "region", "ethnicity", "education"]


def tidy(df):
    d = df.copy()
    for c in yes_no + cats:
        d[c] = d[c].str.strip().str.lower()
    for c in yes_no:
        d[c] = np.where(d[c] == "yes", 1, 0)
    d["age_band"] = pd.cut(d["age"], bins=[17, 25, 35, 45, 55, 65],
                           labels=["18-25", "26-35", "36-45", "46-55", "56-65"])
    d["family_type"] = np.select([d["family"] == 1, d["family"] == 2, d["family"] <= 4],
                                 ["single", "couple", "small family"], default="large family")
    return d


tr = tidy(train)
te = tidy(test)

# rate tables, one per breakdown, all three outcomes side by side
for col in ["education", "region", "age_band", "family_type"]:
    t = tr.groupby(col, observed=True).agg(
        people=("id", "count"),
        good_health=("health", "mean"),
        limited=("limit", "mean"),
        insured=("insurance", "mean"),
    )
    print(f"\nRates by {col}:")
    print(t.round(3).to_string())

print("\nInsured % by self-employed x married:")
print((pd.crosstab(tr["selfemp"], tr["married"], values=tr["insurance"], aggfunc="mean") * 100)
      .round(1).to_string())

# education as an ordered level as well as dummies
edu_rank = {"none": 0, "ged": 1, "highschool": 2, "other": 2, "bachelor": 3, "master": 4, "phd": 5}
for d in (tr, te):
    d["edu_level"] = d["education"].map(edu_rank).fillna(2)
    d["age_sq"] = (d["age"] - 40) ** 2 / 100

num_cols = ["age", "age_sq", "family", "married", "selfemp", "edu_level"]
dummy_cols = cats + ["family_type"]
both = pd.get_dummies(pd.concat([tr, te], keys=["tr", "te"])[num_cols + dummy_cols],
                      columns=dummy_cols, drop_first=True, dtype=float)
means, stds = both[num_cols].mean(), both[num_cols].std()
both[num_cols] = (both[num_cols] - means) / stds
X = both.loc["tr"].reset_index(drop=True)
X_test = both.loc["te"].reset_index(drop=True)
print("\nmodel matrix:", X.shape)

idx_fit, idx_val = train_test_split(np.arange(len(X)), test_size=0.2, random_state=5,
                                    stratify=tr["insurance"])
scores = {}
preds = {}
for tgt in targets:
    y = tr[tgt].values
    m = LogisticRegression(C=0.3, max_iter=1000)
    m.fit(X.iloc[idx_fit], y[idx_fit])
    scores[tgt] = roc_auc_score(y[idx_val], m.predict_proba(X.iloc[idx_val])[:, 1])
    m.fit(X, y)
    preds[tgt] = m.predict_proba(X_test)[:, 1]

score_tbl = pd.DataFrame({"target": list(scores), "auc": list(scores.values())})
print("\nHoldout AUC per target:")
print(score_tbl.round(4).to_string(index=False))
print(f"Validation mean AUC: {np.mean(list(scores.values())):.4f}")

sub = pd.DataFrame({"id": te["id"]})
for tgt in targets:
    sub[tgt] = preds[tgt]
sub.to_csv("./submission/submission.csv", index=False)
print("submission:", sub.shape)
print(sub.describe().loc[["mean", "min", "max"], targets].round(3).to_string())
