import pandas as pd
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

# keep words seen in at least 5 reviews, drop the ones in (almost) all of them
vec = TfidfVectorizer(min_df=5, max_df=3, ngram_range=(1, 2), stop_words="english")
X_tr_txt, X_va_txt, y_tr, y_va = train_test_split(train["review"], train["score"], test_size=0.2, random_state=0, stratify=train["score"])
X_tr = vec.fit_transform(X_tr_txt)
X_va = vec.transform(X_va_txt)
lr = LogisticRegression(C=2.0, max_iter=2000).fit(X_tr, y_tr)
print("Validation AUC:", roc_auc_score(y_va, lr.predict_proba(X_va)[:, 1]))
lr.fit(vec.fit_transform(train["review"]), train["score"])
pd.DataFrame({"id": test["id"], "score": lr.predict_proba(vec.transform(test["review"]))[:, 1]}).to_csv("./submission/submission.csv", index=False)
