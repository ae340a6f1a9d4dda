import os

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print(train["name"].head().tolist())

TITLE_MAP = {"Mlle": "Miss", "Ms": "Miss", "Mme": "Mrs", "Lady": "Mrs", "the Countess": "Mrs", "Dona": "Mrs"}


def parse_names(df: pd.DataFrame) -> pd.DataFrame:
    """Split 'Surname, Title. Given names (maiden)' into parts with regexes."""
    out = df.copy()
    parts = out["name"].str.extract(r"^(?P<surname>[^,]+),\s*(?P<title>[^.]+)\.\s*(?P<given>.*)$")
    out = out.join(parts)
    out["title"] = out["title"].str.strip().replace(TITLE_MAP)
    out["surname"] = out["surname"].str.lower().str.replace(r"[^a-z ]", "", regex=True).str.strip()
    out["has_paren"] = out["name"].str.contains(r"\(", regex=True).astype(int)
    out["has_quote"] = out["name"].str.contains('"', regex=False).astype(int)
    out["n_given"] = out["given"].fillna("").str.split().str.len()
    out["pclass_num"] = out["pclass"].str.extract(r"(\d)", expand=False).astype(int)
    return out


train = parse_names(train)
test = parse_names(test)
print(train["title"].value_counts().to_string())

# age: fill from title medians (train only)
age_by_title = train.groupby("title")["age"].median()
for df in (train, test):
    df["age_missing"] = df["age"].isna().astype(int)
    df["age"] = df["age"].fillna(df["title"].map(age_by_title)).fillna(train["age"].median())
    df["is_child"] = (df["age"] < 14).astype(int)


def dense_block(df: pd.DataFrame) -> pd.DataFrame:
    d = pd.get_dummies(df[["title", "sex", "pclass"]], dtype=float)
    num = df[["age", "age_missing", "is_child", "has_paren", "has_quote", "n_given", "pclass_num"]].astype(float)
    num["age"] = num["age"] / 80.0
    num["n_given"] = num["n_given"] / 5.0
    return pd.concat([num, d], axis=1)


name_vec = TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4), min_df=3, sublinear_tf=True)
N_tr = name_vec.fit_transform(train["name"].str.lower())
print("name char vocab:", len(name_vec.vocabulary_))

D_tr = dense_block(train)
X_tr = sp.hstack([N_tr * 0.5, sp.csr_matrix(D_tr.values)], format="csr")
y = train["survived"].values
print("X_tr:", X_tr.shape, "| dense cols:", list(D_tr.columns))

clf = LogisticRegression(C=1.0, max_iter=3000)
cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
aucs = cross_val_score(clf, X_tr, y, cv=cv, scoring="roc_auc")
print("cv auc per fold:", np.round(aucs, 4), "mean", round(aucs.mean(), 4))

clf.fit(X_tr, y)
coef = pd.Series(clf.coef_.ravel()[-D_tr.shape[1]:], index=D_tr.columns).sort_values()
print(coef.round(3).to_string())

N_te = name_vec.transform(test["name"].str.lower())
D_te = dense_block(test)
X_te = sp.hstack([N_te * 0.5, sp.csr_matrix(D_te.values)], format="csr")
pred = clf.predict_proba(X_te)[:, 1]

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "survived": pred}).to_csv("submission/submission.csv", index=False)
print("done", len(pred))
