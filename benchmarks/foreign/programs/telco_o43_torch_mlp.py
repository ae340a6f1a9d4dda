import os
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from sklearn.metrics import roc_auc_score

torch.manual_seed(0)
np.random.seed(0)

tr = pd.read_csv("input/train.csv")
te = pd.read_csv("input/test.csv")

binary = ["female", "senior_citizen", "partner", "dependents", "phone_service", "paperless_billing"]
numeric = ["tenure", "monthly_charges", "total_charges"]
cats = ["multiple_lines", "internet_service", "online_security", "online_backup",
        "device_protection", "tech_support", "streaming_tv", "streaming_movies",
        "contract", "payment_method"]

for d in (tr, te):
    miss = d["total_charges"].isna()
    d.loc[miss, "total_charges"] = d.loc[miss, "monthly_charges"] * d.loc[miss, "tenure"]
    d["total_charges"] = np.log1p(d["total_charges"])

cat_levels = {c: np.array(sorted(tr[c].unique())) for c in cats}


def encode(d):
    parts = [d[binary].to_numpy(np.float32), d[numeric].to_numpy(np.float32)]
    for c in cats:
        parts.append((d[c].to_numpy()[:, None] == cat_levels[c][None, :]).astype(np.float32))
    return np.hstack(parts)


X = encode(tr)
Xt = encode(te)
y = tr["churn"].to_numpy(np.float32)

num_slice = slice(len(binary), len(binary) + len(numeric))
mu = X[:, num_slice].mean(0)
sd = X[:, num_slice].std(0)
X[:, num_slice] = (X[:, num_slice] - mu) / sd
Xt[:, num_slice] = (Xt[:, num_slice] - mu) / sd
print("encoded:", X.shape, Xt.shape, "churn rate %.3f" % y.mean())

perm = np.random.permutation(len(y))
n_va = len(y) // 5
va_idx, tr_idx = perm[:n_va], perm[n_va:]


class Net(nn.Module):
    def __init__(self, p):
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(p, 32), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(32, 16), nn.ReLU(),
            nn.Linear(16, 1),
        )

    def forward(self, x):
        return self.body(x)


def train_net(Xa, ya, epochs=30, bs=128):
    net = Net(Xa.shape[1])
    opt = torch.optim.Adam(net.parameters(), lr=1e-3, weight_decay=1e-4)
    lossf = nn.BCEWithLogitsLoss()
    Xa_t = torch.from_numpy(Xa)
    ya_t = torch.from_numpy(ya)
    n = len(ya)
    for ep in range(epochs):
        net.train()
        order = torch.randperm(n)
        tot = 0.0
        for i in range(0, n, bs):
            b = order[i:i + bs]
            opt.zero_grad()
            out = net(Xa_t[b])
            loss = lossf(out, ya_t[b])
            loss.backward()
            opt.step()
            tot += loss.item() * len(b)
        if ep % 5 == 0:
            print(f"epoch {ep:3d}  train loss {tot / n:.4f}")
    return net


def predict(net, A):
    net.eval()
    with torch.no_grad():
        return torch.sigmoid(net(torch.from_numpy(A))).numpy().ravel()


net = train_net(X[tr_idx], y[tr_idx])
p_va = predict(net, X[va_idx])
print("holdout AUC: %.4f" % roc_auc_score(y[va_idx], p_va))

net = train_net(X, y)
p_te = predict(net, Xt)
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": te["id"], "churn": p_te}).to_csv("submission/submission.csv", index=False)
print("written", len(p_te))
