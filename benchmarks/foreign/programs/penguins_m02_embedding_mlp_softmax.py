import copy

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from sklearn.model_selection import train_test_split
from sklearn.metrics import log_loss
from sklearn.linear_model import LogisticRegression

torch.manual_seed(0)
np.random.seed(0)
torch.set_num_threads(1)
device = "cuda" if torch.cuda.is_available() else "cpu"

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
sample = pd.read_csv("./input/sample_submission.csv")
print(train.shape, test.shape)
print(train.head())
print(train.isna().sum())

CLASSES = ["Adelie", "Chinstrap", "Gentoo"]
cls2idx = {c: i for i, c in enumerate(CLASSES)}
CAT_COLS = ["island", "sex"]
NUM_COLS = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g", "year"]

# --- preprocessing -------------------------------------------------------------
for c in CAT_COLS:
    train[c] = train[c].fillna("unknown")
    test[c] = test[c].fillna("unknown")

vocab = {}
for c in CAT_COLS:
    levels = sorted(set(train[c]) | set(test[c]))
    vocab[c] = {v: i for i, v in enumerate(levels)}
    train[c + "_idx"] = train[c].map(vocab[c]).astype("int64")
    test[c + "_idx"] = test[c].map(vocab[c]).astype("int64")

medians = train[NUM_COLS].median()
train[NUM_COLS] = train[NUM_COLS].fillna(medians)
test[NUM_COLS] = test[NUM_COLS].fillna(medians)
mu, sd = train[NUM_COLS].mean(), train[NUM_COLS].std()
train_num = ((train[NUM_COLS] - mu) / sd).to_numpy(dtype=np.float32)
test_num = ((test[NUM_COLS] - mu) / sd).to_numpy(dtype=np.float32)
train_cat = train[[c + "_idx" for c in CAT_COLS]].to_numpy()
test_cat = test[[c + "_idx" for c in CAT_COLS]].to_numpy()
y = train["species"].map(cls2idx).to_numpy().astype(np.int64)

idx_tr, idx_val = train_test_split(np.arange(len(train)), test_size=0.2, random_state=0, stratify=y)


class PenguinData(Dataset):
    def __init__(self, num, cat, y=None):
        self.num = torch.tensor(num, dtype=torch.float32)
        self.cat = torch.tensor(cat, dtype=torch.long)
        self.y = None if y is None else torch.tensor(y, dtype=torch.long)

    def __len__(self):
        return self.num.shape[0]

    def __getitem__(self, i):
        if self.y is None:
            return self.num[i], self.cat[i]
        return self.num[i], self.cat[i], self.y[i]


class PenguinNet(nn.Module):
    def __init__(self, n_num, cardinalities, emb_dim=3, hidden=32, n_out=3):
        super().__init__()
        self.embs = nn.ModuleList([nn.Embedding(card, emb_dim) for card in cardinalities])
        in_dim = n_num + emb_dim * len(cardinalities)
        self.mlp = nn.Sequential(
            nn.Linear(in_dim, hidden),
            nn.ReLU(),
            nn.Dropout(0.1),
            nn.Linear(hidden, hidden),
            nn.ReLU(),
            nn.Linear(hidden, n_out),
        )

    def forward(self, num, cat):
        embedded = [emb(cat[:, j]) for j, emb in enumerate(self.embs)]
        return self.mlp(torch.cat([num] + embedded, dim=1))


ds_tr = PenguinData(train_num[idx_tr], train_cat[idx_tr], y[idx_tr])
ds_val = PenguinData(train_num[idx_val], train_cat[idx_val], y[idx_val])
dl_tr = DataLoader(ds_tr, batch_size=32, shuffle=True)
dl_val = DataLoader(ds_val, batch_size=128)

cards = [len(vocab[c]) for c in CAT_COLS]
model = PenguinNet(len(NUM_COLS), cards).to(device)
opt = torch.optim.AdamW(model.parameters(), lr=5e-3, weight_decay=1e-3)
sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="min", factor=0.5, patience=5)
loss_fn = nn.CrossEntropyLoss()


def predict_proba(loader):
    model.eval()
    out = []
    with torch.no_grad():
        for batch in loader:
            num, cat = batch[0].to(device), batch[1].to(device)
            out.append(torch.softmax(model(num, cat), dim=1).cpu())
    return torch.cat(out).numpy()


best, best_state, wait = np.inf, None, 0
for epoch in range(150):
    model.train()
    tot = 0.0
    for num, cat, yb in dl_tr:
        num, cat, yb = num.to(device), cat.to(device), yb.to(device)
        opt.zero_grad()
        loss = loss_fn(model(num, cat), yb)
        loss.backward()
        opt.step()
        tot += loss.item() * len(yb)
    p_val = predict_proba(dl_val)
    val_ll = log_loss(y[idx_val], p_val, labels=[0, 1, 2])
    sched.step(val_ll)
    if epoch % 10 == 0:
        print(f"epoch {epoch:3d} train {tot / len(ds_tr):.4f} val_logloss {val_ll:.4f}")
    if val_ll < best:
        best, best_state, wait = val_ll, copy.deepcopy(model.state_dict()), 0
    else:
        wait += 1
        if wait >= 20:
            print(f"early stop at epoch {epoch}, best val logloss {best:.4f}")
            break

model.load_state_dict(best_state)
torch.save({"model": best_state, "vocab": vocab, "mu": mu.to_dict(), "sd": sd.to_dict()},
           "./working/penguin_mlp.pt")

# quick sanity baseline
X_lr = np.hstack([train_num, np.eye(max(cards))[train_cat[:, 0]]])
lr = LogisticRegression(max_iter=2000).fit(X_lr[idx_tr], y[idx_tr])
print(f"LogReg baseline val log loss: {log_loss(y[idx_val], lr.predict_proba(X_lr[idx_val])):.4f}")

p_val = predict_proba(dl_val)
print(f"Validation log loss: {log_loss(y[idx_val], p_val, labels=[0, 1, 2]):.4f}")

ds_test = PenguinData(test_num, test_cat)
p_test = predict_proba(DataLoader(ds_test, batch_size=128))
p_test = np.clip(p_test, 1e-4, 1 - 1e-4)
p_test = p_test / p_test.sum(1, keepdims=True)
sub = pd.DataFrame(p_test, columns=CLASSES)
sub.insert(0, "id", test["id"].values)
sub = sub[sample.columns]
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
