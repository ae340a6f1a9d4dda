import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "cultivar"])
et = ExtraTreesClassifier(n_estimators=400, random_state=0)
print("logloss (5-fold):", -cross_val_score(et, X, train["cultivar"], cv=5, scoring="neg_log_loss").mean())
et.fit(X, train["cultivar"])
proba = et.predict_proba(test[X.columns])

sub = pd.DataFrame({"id": test["id"]})
for i in range(4):
    sub[et.classes_[i]] = proba[:, i]
sub.to_csv("./submission/submission.csv", index=False)
