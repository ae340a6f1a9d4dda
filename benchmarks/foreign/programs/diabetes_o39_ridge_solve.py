import os
import numpy as np
import pandas as pd

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")

base = ["age", "sex", "bmi", "bp", "s1", "s2", "s3", "s4", "s5", "s6"]


def features(df):
    X = df[base].to_numpy(dtype=float).copy()
    X[:, 1] = X[:, 1] - 1.0  # sex coded 1/2 -> 0/1
    # a few interactions that made sense in the exploratory plots
    bmi, bp, s5 = X[:, 2], X[:, 3], X[:, 8]
    extra = np.column_stack([bmi * s5, bmi * bp, bmi ** 2, s5 ** 2])
    return np.hstack([X, extra])


X = features(train)
y = train["progression"].to_numpy(dtype=float)
Xt = features(test)
n, p = X.shape
print(f"X: {X.shape}  Xtest: {Xt.shape}")


def ridge_fit(X, y, alpha):
    mu = X.mean(axis=0)
    sd = X.std(axis=0)
    Z = (X - mu) / sd
    ybar = y.mean()
    A = Z.T @ Z + alpha * np.eye(Z.shape[1])
    beta = np.linalg.solve(A, Z.T @ (y - ybar))
    return mu, sd, ybar, beta


def ridge_predict(model, X):
    mu, sd, ybar, beta = model
    return ybar + ((X - mu) / sd) @ beta


def rmse(a, b):
    return float(np.sqrt(np.mean((a - b) ** 2)))


K = 10
rs = np.random.RandomState(11)
order = rs.permutation(n)
bounds = np.linspace(0, n, K + 1).astype(int)

alphas = np.logspace(-2, 3, 11)
cv = np.zeros((len(alphas), K))
for k in range(K):
    va = order[bounds[k]:bounds[k + 1]]
    tr = np.setdiff1d(order, va)
    for a, alpha in enumerate(alphas):
        m = ridge_fit(X[tr], y[tr], alpha)
        cv[a, k] = rmse(y[va], ridge_predict(m, X[va]))

print("alpha      cv_rmse   (sd)")
for a, alpha in enumerate(alphas):
    print(f"{alpha:9.3f}  {cv[a].mean():7.3f}  ({cv[a].std():.2f})")

best = alphas[np.argmin(cv.mean(axis=1))]
print(f"best alpha = {best:.3f}, cv rmse = {cv.mean(axis=1).min():.3f}")
print(f"baseline (predict mean) rmse = {rmse(y, np.full(n, y.mean())):.3f}")

model = ridge_fit(X, y, best)
pred = ridge_predict(model, Xt)
pred = np.clip(pred, y.min(), y.max())

os.makedirs("submission", exist_ok=True)
out = pd.DataFrame({"id": test["id"], "progression": pred})
out.to_csv("submission/submission.csv", index=False)
print(out.describe().loc[["mean", "std", "min", "max"], "progression"])
