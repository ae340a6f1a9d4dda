import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
vec = TfidfVectorizer(ngram_range=(1, 2), min_df=3, sublinear_tf=True)
X = vec.fit_transform(train["review"])
clf = LogisticRegression(C=3.0, max_iter=2000)
print("cv auc: %.4f" % cross_val_score(clf, X, train["score"], cv=5, scoring="roc_auc").mean())
clf.fit(X, train["score"])

terms = np.array(vec.get_feature_names())
order = np.argsort(clf.coef_[0])
print("most negative terms:", ", ".join(terms[order[:15]]))
print("most positive terms:", ", ".join(terms[order[-15:]]))
pd.DataFrame({"id": test["id"], "score": clf.predict_proba(vec.transform(test["review"]))[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
