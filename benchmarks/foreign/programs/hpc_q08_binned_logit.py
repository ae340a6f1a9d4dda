# HPC jobs - run time class (VF/F/M/L), macro F1
# log sizes, binned hour / queue length, protocol dummies; multinomial logit vs forest vs lightgbm

import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.ensemble import RandomForestClassifier
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.metrics import f1_score, confusion_matrix
import lightgbm as lgb

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train["class"].value_counts())
print(train.describe().round(2))

print("\nclass by day (row %)")
print(pd.crosstab(train["day"], train["class"], normalize="index").round(3))
print("\nmedian size by class")
print(train.groupby("class")[["compounds", "input_fields", "iterations", "num_pending"]].median())

ntr = train.shape[0]
y = train["class"]
both = pd.concat([train.drop(columns=["class"]), test], ignore_index=True)

# skewed counts -> logs
both["log_comp"] = np.log(both["compounds"])
both["log_fields"] = np.log(both["input_fields"])
both["log_iter"] = np.log(both["iterations"])
both["log_pend"] = np.log1p(both["num_pending"])
both["work"] = both["log_comp"] + both["log_fields"] + both["log_iter"]
both["fields_per_comp"] = both["log_fields"] - both["log_comp"]
both["queued"] = np.where(both["num_pending"] > 0, 1, 0)

both["weekend"] = both["day"].isin(["Sat", "Sun"]).astype(int)
both["hour_band"] = pd.cut(both["hour"], bins=[0, 6, 12, 18, 24],
                           labels=["night", "morning", "afternoon", "evening"], include_lowest=True)
both["pend_band"] = pd.qcut(both["num_pending"], 4, labels=["none", "low", "mid", "high"])

# the rarest protocol has only a handful of jobs - fold it into "other"
counts = both["protocol"].value_counts()
both["protocol"] = both["protocol"].where(both["protocol"].map(counts) >= 30, "other")

both = pd.get_dummies(both, columns=["protocol", "day", "hour_band", "pend_band"],
                      drop_first=True, dtype=float)

feats = [c for c in both.columns if c not in ["id", "compounds", "input_fields", "iterations",
                                               "num_pending", "hour"]]
X = both.iloc[:ntr][feats].values
X_test = both.iloc[ntr:][feats].values
print("\nX", X.shape, "X_test", X_test.shape)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=21)
models = {
    "logit": make_pipeline(StandardScaler(), LogisticRegression(C=1.0, max_iter=3000)),
    "forest": RandomForestClassifier(n_estimators=200, min_samples_leaf=2, class_weight="balanced",
                                     n_jobs=2, random_state=21),
    "lgbm": lgb.LGBMClassifier(n_estimators=300, learning_rate=0.05, num_leaves=31,
                               class_weight="balanced", random_state=21, verbose=-1, n_jobs=2),
}
rows = []
for name, m in models.items():
    pred = cross_val_predict(m, X, y, cv=skf)
    rows.append([name, f1_score(y, pred, average="macro"), (pred == y).mean()])
    print(name, "done")
res = pd.DataFrame(rows, columns=["model", "macro_f1", "accuracy"]).sort_values("macro_f1", ascending=False)
print(res.round(4).to_string(index=False))

best = res.iloc[0]["model"]
pred = cross_val_predict(models[best], X, y, cv=skf)
labels = ["VF", "F", "M", "L"]
print("\nconfusion (%s):" % best)
print(pd.DataFrame(confusion_matrix(y, pred, labels=labels), index=labels, columns=labels))

final = models[best].fit(X, y)
sub = pd.DataFrame({"id": both.iloc[ntr:]["id"].astype(int).values, "class": final.predict(X_test)})
sub.to_csv("submission/submission.csv", index=False)
print(sub["class"].value_counts())
