import pandas as pd
import numpy as np
import os
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

# load data
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train shape", train.shape)
print("test shape", test.shape)
print(train.head())
print(train.dtypes)
print("target counts")
print(train["score"].value_counts())

# check for empty reviews
print("nulls train:", train["review"].isnull().sum(), "nulls test:", test["review"].isnull().sum())
train["review"] = train["review"].fillna("")
test["review"] = test["review"].fillna("")

# basic cleaning
def clean_text(t):
    t = t.lower()
    t = t.replace("<br />", " ")
    t = t.replace("<br/>", " ")
    t = t.replace("&quot;", " ")
    return t

train["clean"] = train["review"].apply(clean_text)
test["clean"] = test["review"].apply(clean_text)
print(train["clean"].iloc[0][:200])

X = train["clean"].to_numpy()
y = train["score"].values
print("X", X.shape, X.dtype, "y", y.shape, y.dtype)

X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, random_state=42, stratify=y)
print("split:", X_tr.shape, X_val.shape, y_tr.mean(), y_val.mean())

vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=50000, sublinear_tf=True)
X_tr_vec = vec.fit_transform(X_tr)
X_val_vec = vec.transform(X_val)
print("tfidf shapes", X_tr_vec.shape, X_val_vec.shape)
print("vocab size", len(vec.vocabulary_))

# try a few C values by hand
best_c = None
best_auc = 0
for c in [0.5, 1.0, 2.0, 4.0, 8.0]:
    clf = LogisticRegression(C=c, max_iter=1000)
    clf.fit(X_tr_vec, y_tr)
    p = clf.predict_proba(X_val_vec)[:, 1]
    auc = roc_auc_score(y_val, p)
    print("C =", c, "val auc =", round(auc, 4))
    if auc > best_auc:
        best_auc = auc
        best_c = c

print("best C", best_c)
print("Validation AUC: %.4f" % best_auc)

# look at top words just to check it makes sense
clf = LogisticRegression(C=best_c, max_iter=1000)
clf.fit(X_tr_vec, y_tr)
words = np.array(vec.get_feature_names_out())
coefs = clf.coef_[0]
order = np.argsort(coefs)
print("most negative:", list(words[order[:15]]))
print("most positive:", list(words[order[-15:]]))

# refit on everything
vec_full = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=50000, sublinear_tf=True)
X_full = vec_full.fit_transform(train["clean"].values)
X_test = vec_full.transform(test["clean"].values)
print("full shapes", X_full.shape, X_test.shape)
final = LogisticRegression(C=best_c, max_iter=1000)
final.fit(X_full, y)
test_pred = final.predict_proba(X_test)[:, 1]
print("test pred", test_pred.shape, test_pred.min(), test_pred.max(), test_pred.mean())

os.makedirs("./submission", exist_ok=True)
sub = pd.read_csv("./input/sample_submission.csv")
print(sub.head())
sub["score"] = test_pred
sub.to_csv("./submission/submission.csv", index=False)
print("saved", sub.shape)
