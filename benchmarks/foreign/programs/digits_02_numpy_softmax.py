"""Multinomial logistic regression written out in numpy, trained by full-batch gradient descent."""
import numpy as np
import pandas as pd

rng = np.random.default_rng(0)
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
pixel_cols = [c for c in train.columns if c.startswith("pixel")]

X = train[pixel_cols].to_numpy(dtype=np.float64) / 16.0
y = train["digit"].to_numpy()
X_test = test[pixel_cols].to_numpy(dtype=np.float64) / 16.0

order = rng.permutation(len(X))
cut = int(0.8 * len(X))
tr, va = order[:cut], order[cut:]


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def add_bias(a):
    return np.hstack([a, np.ones((len(a), 1))])


def fit(Xa, ya, epochs=300, lr=0.5, l2=1e-3):
    Xb = add_bias(Xa)
    W = np.zeros((Xb.shape[1], 10))
    onehot = np.eye(10)[ya]
    for epoch in range(1, epochs + 1):
        P = softmax(Xb @ W)
        grad = Xb.T @ (P - onehot) / len(Xb) + l2 * W
        W -= lr * grad
        if epoch % 100 == 0:
            loss = -np.mean(np.log(P[np.arange(len(ya)), ya] + 1e-12))
            print(f"epoch {epoch:3d}  train loss {loss:.4f}")
    return W


W = fit(X[tr], y[tr])
val_acc = np.mean(np.argmax(add_bias(X[va]) @ W, axis=1) == y[va])
print(f"val_acc = {val_acc:.4f}")

W = fit(X, y)
pred = np.argmax(add_bias(X_test) @ W, axis=1)
pd.DataFrame({"id": test["id"], "digit": pred}).to_csv("./submission/submission.csv", index=False)
