import os
import re
import time

import numpy as np
import pandas as pd
from sklearn.feature_extraction.text import HashingVectorizer, TfidfTransformer
from sklearn.linear_model import SGDClassifier
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import MultinomialNB

N_FEATURES = 2 ** 18


def normalise(text: str) -> str:
    """Cheap normaliser for amazon review text: br tags, repeated punctuation, digits."""
    text = text.lower()
    text = re.sub(r"<br\s*/?>", " ", text)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"(!|\?){2,}", r" \1\1 ", text)  # keep '!!' as a token-ish thing
    text = re.sub(r"\d+(\.\d+)?", " 0 ", text)
    text = re.sub(r"n't\b", " not", text)
    return re.sub(r"\s+", " ", text).strip()


df = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
df["doc"] = df["review"].astype(str).map(normalise)
test["doc"] = test["review"].astype(str).map(normalise)

print(df["doc"].head(3).str.slice(0, 90).to_string())
print("n train:", len(df), "| n test:", len(test))

# hashing trick -> no vocabulary to keep around, same transform for every split
hv = HashingVectorizer(n_features=N_FEATURES, ngram_range=(1, 2), token_pattern=r"(?u)\b\w+\b|!!|\?\?")
tf = TfidfTransformer(sublinear_tf=True)

X_all = tf.fit_transform(hv.transform(df["doc"]))
X_test = tf.transform(hv.transform(test["doc"]))
y_all = df["score"].to_numpy()
print("hashed matrix:", X_all.shape, "nnz per row:", round(X_all.nnz / X_all.shape[0], 1))

X_tr, X_va, y_tr, y_va = train_test_split(X_all, y_all, test_size=0.2, stratify=y_all, random_state=7)

models = {
    "sgd_log": SGDClassifier(loss="log_loss", alpha=2e-5, max_iter=50, tol=None, random_state=7),
    "mnb": MultinomialNB(alpha=0.1),
}

scores = {}
val_preds = {}
for name, model in models.items():
    t0 = time.time()
    model.fit(X_tr, y_tr)
    p = model.predict_proba(X_va)[:, 1]
    val_preds[name] = p
    scores[name] = roc_auc_score(y_va, p)
    print(f"{name:8s} holdout auc {scores[name]:.4f}  ({time.time() - t0:.1f}s)")

blend = np.mean(list(val_preds.values()), axis=0)
print(f"blend    holdout auc {roc_auc_score(y_va, blend):.4f}")

preds = []
for name, model in models.items():
    model.fit(X_all, y_all)
    preds.append(model.predict_proba(X_test)[:, 1])

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "score": np.mean(preds, axis=0)}).to_csv("submission/submission.csv", index=False)
print("saved submission")
