# 8x8 digits: tiny MLP in torch, CPU, a handful of epochs. Holdout of 20%.
import numpy as np
import pandas as pd
import torch
import torch.nn as nn

torch.manual_seed(0)
np.random.seed(0)
torch.set_num_threads(1)

df = pd.read_csv("input/train.csv")
dt = pd.read_csv("input/test.csv")
pix = [c for c in df.columns if c.startswith("pixel_")]

X = df[pix].to_numpy(np.float32) / 16.0
y = df["digit"].to_numpy(np.int64)
Xt = dt[pix].to_numpy(np.float32) / 16.0

idx = np.random.permutation(len(X))
n_val = len(X) // 5
va_idx, tr_idx = idx[:n_val], idx[n_val:]


def make_model():
    return nn.Sequential(
        nn.Linear(64, 128), nn.ReLU(), nn.Dropout(0.2),
        nn.Linear(128, 64), nn.ReLU(),
        nn.Linear(64, 10),
    )


def train(Xa, ya, epochs=30, bs=64, Xv=None, yv=None):
    model = make_model()
    opt = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-4)
    lossf = nn.CrossEntropyLoss()
    Xa_t, ya_t = torch.from_numpy(Xa), torch.from_numpy(ya)
    g = torch.Generator().manual_seed(1)
    for ep in range(1, epochs + 1):
        model.train()
        perm = torch.randperm(len(Xa_t), generator=g)
        tot = 0.0
        for i in range(0, len(perm), bs):
            b = perm[i:i + bs]
            opt.zero_grad()
            loss = lossf(model(Xa_t[b]), ya_t[b])
            loss.backward()
            opt.step()
            tot += loss.item() * len(b)
        if Xv is not None and ep % 5 == 0:
            model.eval()
            with torch.no_grad():
                acc = (model(torch.from_numpy(Xv)).argmax(1).numpy() == yv).mean()
            print(f"epoch {ep:3d}  train_loss {tot / len(Xa_t):.4f}  val_acc {acc:.4f}")
    return model


m = train(X[tr_idx], y[tr_idx], Xv=X[va_idx], yv=y[va_idx])
m.eval()
with torch.no_grad():
    pv = m(torch.from_numpy(X[va_idx])).argmax(1).numpy()
val_acc = (pv == y[va_idx]).mean()

# per class recall table
print("digit  n   recall")
for d in range(10):
    msk = y[va_idx] == d
    print(f"{d:>5} {msk.sum():>3}  {(pv[msk] == d).mean():.3f}")
print(f"Validation accuracy: {val_acc:.4f}")

m = train(X, y)
m.eval()
with torch.no_grad():
    pt = m(torch.from_numpy(Xt)).argmax(1).numpy()
pd.DataFrame({"id": dt["id"], "digit": pt}).to_csv("submission/submission.csv", index=False)
print("test prediction counts:", np.bincount(pt, minlength=10).tolist())
