# Food reviews - is the review 5 stars?
# bag of words / tfidf like in lecture 9
import pandas as pd
import numpy as np
import re
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import MultinomialNB
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape)
print(train.head())
print(train['score'].value_counts())
print(train['review'].str.len().describe())
print(train['review'][0])

# Step 2: text cleaning
def clean(text):
    text = text.lower()
    text = re.sub(r"<.*?>", " ", text)   # html tags like <br />
    text = re.sub(r"[^a-z ]", " ", text)
    text = re.sub(r"\s+", " ", text)
    return text.strip()

train['clean'] = train['review'].apply(clean)
test['clean'] = test['review'].apply(clean)
print(train['clean'][0])

X_train, X_val, y_train, y_val = train_test_split(train['clean'], train['score'], test_size=0.2, random_state=42)

tfidf = TfidfVectorizer(max_features=10000, ngram_range=(1, 2), stop_words='english', min_df=2)
X_train_vec = tfidf.fit_transform(X_train)
X_val_vec = tfidf.transform(X_val)
print(X_train_vec.shape)

# Step 3: naive bayes first
nb = MultinomialNB()
nb.fit(X_train_vec, y_train)
print("Naive Bayes AUC:", roc_auc_score(y_val, nb.predict_proba(X_val_vec)[:, 1]))

# Step 4: logistic regression with different C
for C in [0.1, 1, 3, 10]:
    lr = LogisticRegression(C=C, max_iter=1000)
    lr.fit(X_train_vec, y_train)
    print("C =", C, "AUC:", roc_auc_score(y_val, lr.predict_proba(X_val_vec)[:, 1]))

# top words
lr = LogisticRegression(C=3, max_iter=1000)
lr.fit(X_train_vec, y_train)
words = np.array(tfidf.get_feature_names_out())
order = np.argsort(lr.coef_[0])
print("negative words:", words[order[:15]])
print("positive words:", words[order[-15:]])

# Step 5: refit on all train
tfidf = TfidfVectorizer(max_features=10000, ngram_range=(1, 2), stop_words='english', min_df=2)
X_all = tfidf.fit_transform(train['clean'])
X_test = tfidf.transform(test['clean'])
lr = LogisticRegression(C=3, max_iter=1000)
lr.fit(X_all, train['score'])

sub = pd.DataFrame({'id': test['id'], 'score': lr.predict_proba(X_test)[:, 1]})
sub.to_csv("submission/submission.csv", index=False)
print(sub.shape)
print(sub.head())
