"""doctor visits (4 count targets) - hashed 'field:value' tokens + a few numbers, Ridge on log1p counts"""
import os

import numpy as np
import pandas as pd
import scipy.sparse as sp
from sklearn.feature_extraction.text import HashingVectorizer
from sklearn.linear_model import Ridge
from sklearn.model_selection import KFold

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
TEXTY = ["health", "adl", "region", "afam", "gender", "married", "employed", "insurance", "medicaid"]
NUMERIC = ["chronic", "age", "school", "income"]


def tokens(df: pd.DataFrame) -> pd.Series:
    """'health:poor adl:limited ... chronic:3' ; plus crossed tokens health x chronic"""
    parts = [c + ":" + df[c].astype(str).str.lower().str.strip() for c in TEXTY]
    chronic = df["chronic"].clip(upper=5).astype(int).astype(str)
    parts.append("chronic:" + chronic)
    parts.append("hxc:" + df["health"].str.lower() + "_" + chronic)
    parts.append("ins_med:" + df["insurance"].str.lower() + "_" + df["medicaid"].str.lower())
    return pd.concat(parts, axis=1).agg(" ".join, axis=1)


def numeric(df: pd.DataFrame) -> np.ndarray:
    x = df[NUMERIC].astype(float).copy()
    x["income"] = np.sign(x["income"]) * np.log1p(x["income"].abs())
    x["age"] = x["age"] - 7.0
    x["school"] = x["school"] / 10.0
    x["chronic"] = x["chronic"] / 3.0
    return x.to_numpy()


def rmsle(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    return float(np.sqrt(np.mean((np.log1p(y_true) - np.log1p(np.clip(y_pred, 0, None))) ** 2)))


train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print("train", train.shape, "test", test.shape)
print(train[TARGETS].describe().loc[["mean", "50%", "max"]].round(2))

hv = HashingVectorizer(n_features=2 ** 12, token_pattern=r"\S+", alternate_sign=False, norm=None, lowercase=False)


def design(df: pd.DataFrame) -> sp.csr_matrix:
    return sp.hstack([hv.transform(tokens(df)), sp.csr_matrix(numeric(df))], format="csr")


X = design(train)
X_test = design(test)
Y = np.log1p(train[TARGETS].to_numpy(dtype=float))
print("X:", X.shape, "nonzero cols:", int((X.getnnz(axis=0) > 0).sum()))

alphas = [1.0, 5.0, 20.0]
kf = KFold(n_splits=5, shuffle=True, random_state=8)
rows = []
for alpha in alphas:
    oof = np.zeros_like(Y)
    for tr, va in kf.split(X):
        r = Ridge(alpha=alpha)
        r.fit(X[tr], Y[tr])
        oof[va] = r.predict(X[va])
    pred_counts = np.expm1(oof)
    per = {t: rmsle(train[t].to_numpy(), pred_counts[:, j]) for j, t in enumerate(TARGETS)}
    per["alpha"] = alpha
    per["mean"] = np.mean([per[t] for t in TARGETS])
    rows.append(per)

res = pd.DataFrame(rows).set_index("alpha")
print(res.round(4))
best_alpha = res["mean"].idxmin()
print(f"best alpha={best_alpha}  CV mean RMSLE={res.loc[best_alpha, 'mean']:.4f}")

# baseline: median of each target
base = np.mean([rmsle(train[t].to_numpy(), np.full(len(train), train[t].median())) for t in TARGETS])
print(f"median baseline RMSLE={base:.4f}")

final = Ridge(alpha=best_alpha).fit(X, Y)
pred = np.clip(np.expm1(final.predict(X_test)), 0, None)

os.makedirs("submission", exist_ok=True)
sub = pd.DataFrame(pred, columns=TARGETS)
sub.insert(0, "id", test["id"].to_numpy())
sub.to_csv("submission/submission.csv", index=False)
print(sub.head(3).round(3).to_string(index=False))
