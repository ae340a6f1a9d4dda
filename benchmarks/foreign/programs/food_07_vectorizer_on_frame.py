import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

vec = TfidfVectorizer(ngram_range=(1, 2), min_df=1)
X = vec.fit_transform(train[["review"]])
X_test = vec.transform(test[["review"]])
y = train["score"]

clf = LogisticRegression(max_iter=1000)
print("CV AUC:", cross_val_score(clf, X, y, cv=5, scoring="roc_auc").mean())
clf.fit(X, y)
pd.DataFrame({"id": test["id"], "score": clf.predict_proba(X_test)[:, 1]}).to_csv("./submission/submission.csv", index=False)
