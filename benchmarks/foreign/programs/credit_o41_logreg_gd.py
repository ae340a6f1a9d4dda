import os
import numpy as np
import pandas as pd
from sklearn.metrics import log_loss, roc_auc_score

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
print(train.shape, test.shape)
print("bad rate:", round(train["Status"].mean(), 4))

num = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]
cat = ["Home", "Marital", "Records", "Job"]

# income is missing for ~9% of applicants -> median fill + indicator
inc_med = train["Income"].median()
for df in (train, test):
    df["income_missing"] = df["Income"].isna().astype(float)
    df["Income"] = df["Income"].fillna(inc_med)
    df["loan_to_price"] = df["Amount"] / df["Price"]
    df["log_assets"] = np.log1p(df["Assets"])
num = num + ["loan_to_price", "log_assets", "income_missing"]

levels = {c: sorted(train[c].dropna().unique()) for c in cat}


def build(df):
    Xn = df[num].to_numpy(float)
    dummies = []
    for c in cat:
        v = df[c].to_numpy()
        # drop first level as baseline
        for lv in levels[c][1:]:
            dummies.append((v == lv).astype(float))
    return np.column_stack([Xn] + dummies)


X = build(train)
Xt = build(test)
y = train["Status"].to_numpy(float)
mu, sd = X.mean(axis=0), X.std(axis=0)
sd[sd == 0] = 1.0
X = (X - mu) / sd
Xt = (Xt - mu) / sd
print("design:", X.shape)


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def train_lr(X, y, lr=0.2, l2=1e-3, epochs=3000, verbose=False):
    w = np.zeros(X.shape[1])
    b = 0.0
    for ep in range(epochs):
        p = sigmoid(X @ w + b)
        gw = X.T @ (p - y) / len(y) + l2 * w
        gb = np.mean(p - y)
        w -= lr * gw
        b -= lr * gb
        if verbose and ep % 1000 == 0:
            eps = 1e-12
            loss = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps))
            print(f"  epoch {ep:5d}  loss {loss:.5f}")
    return w, b


rng = np.random.default_rng(42)
idx = rng.permutation(len(y))
cut = int(0.8 * len(y))
tr, va = idx[:cut], idx[cut:]

w, b = train_lr(X[tr], y[tr], verbose=True)
pv = sigmoid(X[va] @ w + b)
print("holdout logloss:", round(log_loss(y[va], pv), 5))
print("holdout auc    :", round(roc_auc_score(y[va], pv), 5))

w, b = train_lr(X, y)
pt = sigmoid(Xt @ w + b)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "Status": pt}).to_csv("submission/submission.csv", index=False)
print("done, mean predicted bad rate", round(pt.mean(), 4))
