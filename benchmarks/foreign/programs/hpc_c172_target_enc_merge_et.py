import pandas as pd
import numpy as np
import os
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)

day_map = {"Mon": 1, "Tue": 2, "Wed": 3, "Thu": 4, "Fri": 5, "Sat": 6, "Sun": 7}
train["day"] = train["day"].map(day_map)
test["day"] = test["day"].map(day_map)
print("day after map", train["day"].dtype, train["day"].unique())

# protocol as frequency
prot_counts = pd.concat([train["protocol"], test["protocol"]]).value_counts()
print(prot_counts)
train["protocol_freq"] = train["protocol"].map(prot_counts)
test["protocol_freq"] = test["protocol"].map(prot_counts)

# target encoding: share of each class per protocol & day, from the original file
raw = pd.read_csv("./input/train.csv")
classes = ["VF", "F", "M", "L"]
for c in classes:
    raw["is_" + c] = (raw["class"] == c).astype(float)
te_table = raw.groupby(["protocol", "day"])[["is_" + c for c in classes]].mean().reset_index()
te_table.columns = ["protocol", "day"] + ["te_" + c for c in classes]
print("te_table", te_table.shape)
print(te_table.head())

train = train.merge(te_table, on=["protocol", "day"], how="left")
test = test.merge(te_table, on=["protocol", "day"], how="left")
print("after merge", train.shape, test.shape)
for c in classes:
    test["te_" + c] = test["te_" + c].fillna(raw["is_" + c].mean())

for col in ["compounds", "input_fields", "num_pending"]:
    train["log_" + col] = np.log1p(train[col])
    test["log_" + col] = np.log1p(test[col])

feats = ["protocol_freq", "day", "hour", "iterations", "log_compounds", "log_input_fields", "log_num_pending"] + ["te_" + c for c in classes]
X = train[feats].values
X_test = test[feats].values
y = train["class"].values
print("X", X.shape, X.dtype, "X_test", X_test.shape)

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=8)
scores_et = []
scores_rf = []
scores_blend = []
for k, (a, b) in enumerate(skf.split(X, y)):
    et = ExtraTreesClassifier(n_estimators=300, min_samples_leaf=2, class_weight="balanced", n_jobs=1, random_state=k)
    rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, class_weight="balanced", n_jobs=1, random_state=k)
    et.fit(X[a], y[a])
    rf.fit(X[a], y[a])
    p_et = et.predict_proba(X[b])
    p_rf = rf.predict_proba(X[b])
    p = (p_et + p_rf) / 2
    scores_et.append(f1_score(y[b], et.classes_[p_et.argmax(1)], average="macro"))
    scores_rf.append(f1_score(y[b], rf.classes_[p_rf.argmax(1)], average="macro"))
    scores_blend.append(f1_score(y[b], rf.classes_[p.argmax(1)], average="macro"))
    print("fold", k, "et", round(scores_et[-1], 4), "rf", round(scores_rf[-1], 4), "blend", round(scores_blend[-1], 4))

print("ET mean", np.mean(scores_et), "RF mean", np.mean(scores_rf))
print("CV macro F1 (blend) = %.4f +/- %.4f" % (np.mean(scores_blend), np.std(scores_blend)))

et = ExtraTreesClassifier(n_estimators=300, min_samples_leaf=2, class_weight="balanced", n_jobs=1, random_state=0).fit(X, y)
rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, class_weight="balanced", n_jobs=1, random_state=0).fit(X, y)
pt = (et.predict_proba(X_test) + rf.predict_proba(X_test)) / 2
pred = rf.classes_[pt.argmax(1)]
os.makedirs("./submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "class": pred}).to_csv("./submission/submission.csv", index=False)
print("saved", len(pred))
