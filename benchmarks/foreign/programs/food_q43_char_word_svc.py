"""word + char tfidf, a few hand-made string stats, LinearSVC calibrated for probabilities"""
from pathlib import Path

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.calibration import CalibratedClassifierCV
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.metrics import classification_report, roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC


def string_stats(s: pd.Series) -> pd.DataFrame:
    """Dense features computed straight off the raw text."""
    out = pd.DataFrame(index=s.index)
    out["n_chars"] = np.log1p(s.str.len())
    out["n_words"] = np.log1p(s.str.split().str.len())
    out["n_excl"] = s.str.count("!")
    out["n_quest"] = s.str.count(r"\?")
    out["caps_ratio"] = s.str.count(r"[A-Z]") / s.str.len().clip(lower=1)
    out["n_caps_words"] = s.str.count(r"\b[A-Z]{3,}\b")
    out["has_br"] = s.str.contains("<br", regex=False).astype(int)
    out["n_digits"] = s.str.count(r"\d")
    out["has_price"] = s.str.contains(r"\$\s?\d", regex=True).astype(int)
    return out


def prep(s: pd.Series) -> pd.Series:
    return s.str.replace(r"<[^>]+>", " ", regex=True).str.lower().str.replace(r"\s+", " ", regex=True).str.strip()


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
train["review"] = train["review"].fillna("")
test["review"] = test["review"].fillna("")

stats_tr = string_stats(train["review"])
stats_te = string_stats(test["review"])
print(stats_tr.assign(score=train["score"]).groupby("score").mean().round(3).T)

txt_tr, txt_te = prep(train["review"]), prep(test["review"])

word_vec = TfidfVectorizer(ngram_range=(1, 2), min_df=2, sublinear_tf=True, max_features=60000)
char_vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), min_df=3, sublinear_tf=True, max_features=40000)
DENSE_WEIGHT = 0.25  # tfidf rows are unit norm, keep the stats block from swamping them


def build(fit: bool, text: pd.Series, stats: pd.DataFrame, scaler: StandardScaler) -> sp.csr_matrix:
    if fit:
        W = word_vec.fit_transform(text)
        C = char_vec.fit_transform(text)
        D = scaler.fit_transform(stats)
    else:
        W = word_vec.transform(text)
        C = char_vec.transform(text)
        D = scaler.transform(stats)
    return sp.hstack([W, C, sp.csr_matrix(D * DENSE_WEIGHT)], format="csr")


idx_tr, idx_va = train_test_split(train.index, test_size=0.2, random_state=42, stratify=train["score"])
sc = StandardScaler()
X_tr = build(True, txt_tr.loc[idx_tr], stats_tr.loc[idx_tr], sc)
X_va = build(False, txt_tr.loc[idx_va], stats_tr.loc[idx_va], sc)
print(f"word vocab {len(word_vec.vocabulary_)} | char vocab {len(char_vec.vocabulary_)} | X_tr {X_tr.shape}")

y_tr = train.loc[idx_tr, "score"].values
y_va = train.loc[idx_va, "score"].values

svc = CalibratedClassifierCV(LinearSVC(C=0.1), cv=3, method="sigmoid")
svc.fit(X_tr, y_tr)
p_va = svc.predict_proba(X_va)[:, 1]
print("holdout AUC:", round(roc_auc_score(y_va, p_va), 4))
print(classification_report(y_va, svc.predict(X_va), digits=3))

# refit on everything
sc_full = StandardScaler()
X_full = build(True, txt_tr, stats_tr, sc_full)
X_test = build(False, txt_te, stats_te, sc_full)
svc.fit(X_full, train["score"].values)

Path("submission").mkdir(exist_ok=True)
sub = pd.DataFrame({"id": test["id"].values, "score": svc.predict_proba(X_test)[:, 1]})
sub.to_csv("submission/submission.csv", index=False)
print(sub.describe().loc[["count", "mean", "min", "max"]])
