import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

vectorizer = TfidfVectorizer(ngram_range=(1, 3), lowercase=True)
X = vectorizer.fit_transform(train["review"]).toarray()
X_test = vectorizer.transform(test["review"]).toarray()
print("tf-idf matrix:", X.shape)

X_tr, X_va, y_tr, y_va = train_test_split(X, train["score"], test_size=0.2, random_state=0)
hgb = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.1).fit(X_tr, y_tr)
print("AUC:", roc_auc_score(y_va, hgb.predict_proba(X_va)[:, 1]))
hgb.fit(X, train["score"])
pd.DataFrame({"id": test["id"], "score": hgb.predict_proba(X_test)[:, 1]}).to_csv("./submission/submission.csv", index=False)
