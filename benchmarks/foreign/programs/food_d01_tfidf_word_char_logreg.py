"""
Fine food reviews -> is the score "great"? (binary, AUC)

Classic text recipe: word 1-2gram TF-IDF + char 2-5gram TF-IDF (sublinear tf), hstack,
LogisticRegression. 5-fold OOF AUC for validation; vectorizers are fit inside each fold
to avoid leakage.
"""
import os
import numpy as np
import pandas as pd
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import roc_auc_score


def make_vectorizers():
    word = TfidfVectorizer(ngram_range=(1, 2), min_df=2, max_features=40000,
                           sublinear_tf=True, strip_accents="unicode")
    char = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 5), min_df=3, max_features=60000,
                           sublinear_tf=True)
    return word, char


def featurize(train_text, other_texts):
    word, char = make_vectorizers()
    X_tr = hstack([word.fit_transform(train_text), char.fit_transform(train_text)]).tocsr()
    others = [hstack([word.transform(t), char.transform(t)]).tocsr() for t in other_texts]
    return X_tr, others


def main():
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    train["review"] = train["review"].fillna("")
    test["review"] = test["review"].fillna("")
    y = train["score"].values
    print(f"train {train.shape}, test {test.shape}, positive rate {y.mean():.3f}")
    print("median review length:", int(train["review"].str.len().median()), "chars")

    oof = np.zeros(len(train))
    test_pred = np.zeros(len(test))
    skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=13)
    for fold, (tr, va) in enumerate(skf.split(train, y)):
        X_tr, (X_va, X_te) = featurize(train["review"].iloc[tr], [train["review"].iloc[va], test["review"]])
        clf = LogisticRegression(C=4.0, max_iter=2000)
        clf.fit(X_tr, y[tr])
        oof[va] = clf.predict_proba(X_va)[:, 1]
        test_pred += clf.predict_proba(X_te)[:, 1] / 5
        print(f"fold {fold}: n_features={X_tr.shape[1]}, AUC={roc_auc_score(y[va], oof[va]):.4f}")

    print(f"Validation AUC: {roc_auc_score(y, oof):.4f}")
    os.makedirs("./submission", exist_ok=True)
    pd.DataFrame({"id": test["id"], "score": test_pred}).to_csv("./submission/submission.csv", index=False)
    print("submission written")


if __name__ == "__main__":
    main()
