"""Telco churn, treating each customer as a little document of 'column=value' tokens."""
import os

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import classification_report, roc_auc_score
from sklearn.model_selection import StratifiedKFold
from sklearn.preprocessing import StandardScaler

TARGET = "churn"


def slug(s: pd.Series) -> pd.Series:
    """'Credit card (automatic)' -> 'credit_card_automatic'"""
    return (
        s.astype(str)
        .str.lower()
        .str.replace(r"[()]", "", regex=True)
        .str.replace(r"[^a-z0-9]+", "_", regex=True)
        .str.strip("_")
    )


def to_doc(df: pd.DataFrame, cols: list[str]) -> pd.Series:
    """Join column=value tokens into one whitespace separated string per row."""
    toks = [col + "=" + slug(df[col]) for col in cols]
    return pd.concat(toks, axis=1).agg(" ".join, axis=1)


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("shapes:", train.shape, test.shape)

cat_cols = train.select_dtypes(include=["object", "string"]).columns.tolist()
flag_cols = [c for c in train.columns if c not in cat_cols + ["id", TARGET] and train[c].nunique() == 2]
num_cols = ["tenure", "monthly_charges", "total_charges"]
print("categorical:", len(cat_cols), "| flags:", flag_cols)

# tenure buckets as tokens as well, contracts interact strongly with tenure
for df in (train, test):
    df["tenure_bin"] = pd.cut(df["tenure"], [-1, 6, 12, 24, 48, 100], labels=["0_6", "6_12", "12_24", "24_48", "48p"]).astype(str)
    df["total_charges"] = pd.to_numeric(df["total_charges"], errors="coerce")
    df["total_charges"] = df["total_charges"].fillna(df["monthly_charges"] * df["tenure"])

doc_cols = cat_cols + flag_cols + ["tenure_bin"]
train["doc"] = to_doc(train, doc_cols)
test["doc"] = to_doc(test, doc_cols)
print("example doc:\n ", train["doc"].iloc[0])


def make_xy(fit_df: pd.DataFrame, other: pd.DataFrame):
    vec = CountVectorizer(token_pattern=r"\S+", ngram_range=(1, 2), binary=True, min_df=5, lowercase=False)
    A = vec.fit_transform(fit_df["doc"])
    B = vec.transform(other["doc"])
    sc = StandardScaler()
    na = sc.fit_transform(np.log1p(fit_df[num_cols]))
    nb = sc.transform(np.log1p(other[num_cols]))
    return sp.hstack([A, na], format="csr"), sp.hstack([B, nb], format="csr"), vec


y = train[TARGET].to_numpy()
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=2024)
oof = np.zeros(len(train))
for k, (tr, va) in enumerate(skf.split(train, y)):
    Xa, Xb, vec = make_xy(train.iloc[tr], train.iloc[va])
    m = LogisticRegression(C=0.3, max_iter=3000)
    m.fit(Xa, y[tr])
    oof[va] = m.predict_proba(Xb)[:, 1]
    print(f"  fold {k}  vocab={len(vec.vocabulary_)}  auc={roc_auc_score(y[va], oof[va]):.4f}")
print(f"OOF auc = {roc_auc_score(y, oof):.4f}")
print(classification_report(y, (oof >= 0.5).astype(int), digits=3))

X, X_test, vec = make_xy(train, test)
model = LogisticRegression(C=0.3, max_iter=3000).fit(X, y)
names = np.r_[vec.get_feature_names_out(), np.array(num_cols)]
coefs = pd.Series(model.coef_[0], index=names).sort_values()
print("pushes towards churn:\n", coefs.tail(8).round(3).to_string())
print("pushes towards staying:\n", coefs.head(8).round(3).to_string())

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], TARGET: model.predict_proba(X_test)[:, 1]}).to_csv("submission/submission.csv", index=False)
print("submission written:", X_test.shape[0], "rows")
