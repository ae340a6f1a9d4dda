import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "cultivar"])
y = train["cultivar"]

clf = LogisticRegression()
scores = cross_val_score(clf, X, y, cv=StratifiedKFold(5, shuffle=True, random_state=0), scoring="neg_log_loss")
print("Logistic regression log loss: %.4f" % -scores.mean())
clf.fit(X, y)
sub = pd.DataFrame(clf.predict_proba(test[X.columns]), columns=clf.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
