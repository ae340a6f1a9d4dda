import os

import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix, hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import classification_report, log_loss
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

CAT_COLS = ["Home", "Marital", "Records", "Job"]
MONEY_COLS = ["Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
PLAIN_NUM = ["Seniority", "Time", "Age"]


def profile_string(df: pd.DataFrame) -> pd.Series:
    """One 'sentence' per applicant: home_rent marital_single job_fixed ..."""
    parts = []
    for c in CAT_COLS:
        v = df[c].fillna("missing").astype(str).str.strip().str.lower().str.replace(r"\W+", "_", regex=True)
        parts.append(c.lower() + "_" + v)
    # coarse buckets of a few numbers as extra words
    parts.append("age_" + pd.cut(df["Age"], [0, 25, 35, 50, 100], labels=["young", "adult", "mid", "senior"]).astype(str))
    parts.append("term_" + df["Time"].astype(int).astype(str))
    parts.append("senior_" + np.where(df["Seniority"] >= 5, "yes", "no"))
    return pd.concat(parts, axis=1).agg(" ".join, axis=1)


def numeric_block(df: pd.DataFrame) -> pd.DataFrame:
    money = df[MONEY_COLS].fillna(0)  # missing income/assets -> treat as none declared
    out = np.log1p(money.clip(lower=0))
    out.columns = ["log_" + c.lower() for c in MONEY_COLS]
    out["loan_to_price"] = money["Amount"] / money["Price"]
    out["spare_income"] = np.log1p((money["Income"] - money["Expenses"]).clip(lower=0))
    out[PLAIN_NUM] = df[PLAIN_NUM]
    return out


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(f"train {train.shape} test {test.shape}  bad rate {train['Status'].mean():.3f}")
print(train[CAT_COLS].describe().T)

train["profile"] = profile_string(train)
test["profile"] = profile_string(test)
print(train["profile"].sample(3, random_state=1).to_string())

tr, va = train_test_split(train, test_size=0.25, stratify=train["Status"], random_state=11)

vec = TfidfVectorizer(token_pattern=r"\S+", ngram_range=(1, 2), min_df=3)
T_tr = vec.fit_transform(tr["profile"])
T_va = vec.transform(va["profile"])
print("profile vocab size:", len(vec.vocabulary_))

scaler = StandardScaler()
N_tr = scaler.fit_transform(numeric_block(tr))
N_va = scaler.transform(numeric_block(va))

X_tr = hstack([T_tr, csr_matrix(N_tr)]).tocsr()
X_va = hstack([T_va, csr_matrix(N_va)]).tocsr()
print("X_tr", X_tr.shape, "X_va", X_va.shape)

results = {}
for C in [0.1, 0.3, 1.0, 3.0]:
    lr = LogisticRegression(C=C, max_iter=5000)
    lr.fit(X_tr, tr["Status"])
    p = lr.predict_proba(X_va)[:, 1]
    results[C] = log_loss(va["Status"], p)
    print(f"C={C:<4} holdout logloss={results[C]:.4f}")

best_C = min(results, key=results.get)
print("best C:", best_C)
lr = LogisticRegression(C=best_C, max_iter=5000).fit(X_tr, tr["Status"])
print(classification_report(va["Status"], lr.predict(X_va), target_names=["good", "bad"]))

feat_names = list(vec.get_feature_names_out()) + list(numeric_block(tr).columns)
coef = pd.Series(lr.coef_[0], index=feat_names).sort_values()
print("most 'bad':", coef.tail(10).index.tolist())
print("most 'good':", coef.head(10).index.tolist())

# refit on all rows
vec_full = TfidfVectorizer(token_pattern=r"\S+", ngram_range=(1, 2), min_df=3)
sc_full = StandardScaler()
X_all = hstack([vec_full.fit_transform(train["profile"]), csr_matrix(sc_full.fit_transform(numeric_block(train)))]).tocsr()
X_te = hstack([vec_full.transform(test["profile"]), csr_matrix(sc_full.transform(numeric_block(test)))]).tocsr()
final = LogisticRegression(C=best_C, max_iter=5000).fit(X_all, train["Status"])

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame({"id": test["id"], "Status": final.predict_proba(X_te)[:, 1]})
sub.to_csv("submission/submission.csv", index=False)
print(sub.head())
