import os
import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import Dataset, DataLoader
from sklearn.model_selection import train_test_split
from sklearn.metrics import log_loss, roc_auc_score

torch.manual_seed(11)
np.random.seed(11)
torch.set_num_threads(1)
device = "cuda" if torch.cuda.is_available() else "cpu"

tr = pd.read_csv("./input/train.csv")
te = pd.read_csv("./input/test.csv")
print("train", tr.shape, "test", te.shape)
print(tr.head(3).T)
print("missing:\n", tr.isna().sum()[tr.isna().sum() > 0])

target = "Status"
cat_cols = ["Home", "Marital", "Records", "Job"]
num_cols = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]

both = pd.concat([tr.drop(columns=[target]), te], ignore_index=True)
for c in cat_cols:
    both[c] = both[c].fillna("missing")
for c in ["Income", "Assets", "Debt"]:
    both[c + "_na"] = both[c].isna().astype("float32")
    both[c] = both[c].fillna(both[c].median())
# heavy tailed money columns
for c in ["Income", "Assets", "Debt", "Amount", "Price"]:
    both[c] = np.log1p(both[c])
both["loan_to_price"] = both["Amount"] - both["Price"]

both = pd.get_dummies(both, columns=cat_cols, dtype="float32")
feature_cols = [c for c in both.columns if c != "id"]
scale_cols = num_cols + ["loan_to_price"]
both[scale_cols] = (both[scale_cols] - both[scale_cols].mean()) / both[scale_cols].std()

X = both.iloc[: len(tr)][feature_cols].to_numpy(dtype=np.float32)
X_te = both.iloc[len(tr):][feature_cols].to_numpy(dtype=np.float32)
y = tr[target].to_numpy(dtype=np.float32)
print("X", X.shape, "X_te", X_te.shape, "pos rate", y.mean())

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=11)


class CreditDS(Dataset):
    def __init__(self, X, y):
        self.X = torch.from_numpy(X)
        self.y = torch.from_numpy(y)

    def __len__(self):
        return len(self.y)

    def __getitem__(self, i):
        return self.X[i], self.y[i]


class CreditNet(nn.Module):
    def __init__(self, d_in, hidden=(64, 32), p=0.2):
        super().__init__()
        layers, prev = [], d_in
        for h in hidden:
            layers += [nn.Linear(prev, h), nn.ReLU(), nn.Dropout(p)]
            prev = h
        layers.append(nn.Linear(prev, 1))
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


train_loader = DataLoader(CreditDS(X_tr, y_tr), batch_size=64, shuffle=True)
Xva_t = torch.from_numpy(X_va).to(device)

model = CreditNet(X.shape[1]).to(device)
criterion = nn.BCEWithLogitsLoss()
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=1e-2)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, factor=0.5, patience=3)

os.makedirs("./working/ckpt", exist_ok=True)
best_ll, patience_left = np.inf, 8
for epoch in range(1, 61):
    model.train()
    losses = []
    for xb, yb in train_loader:
        xb, yb = xb.to(device), yb.to(device)
        optimizer.zero_grad()
        logits = model(xb)
        loss = criterion(logits, yb)
        loss.backward()
        optimizer.step()
        losses.append(loss.item())

    model.eval()
    with torch.no_grad():
        p_va = torch.sigmoid(model(Xva_t)).squeeze(1).cpu().numpy()
    ll = log_loss(y_va, p_va)
    scheduler.step(ll)
    print(f"epoch {epoch:02d}  train_bce {np.mean(losses):.4f}  val_logloss {ll:.4f}  val_auc {roc_auc_score(y_va, p_va):.4f}")
    if ll < best_ll - 1e-4:
        best_ll, patience_left = ll, 8
        torch.save(model.state_dict(), "./working/ckpt/credit_best.pt")
    else:
        patience_left -= 1
        if patience_left == 0:
            print("no improvement, stopping")
            break

model.load_state_dict(torch.load("./working/ckpt/credit_best.pt"))
model.eval()
with torch.no_grad():
    p_va = torch.sigmoid(model(Xva_t)).squeeze(1).cpu().numpy()
    p_te = torch.sigmoid(model(torch.from_numpy(X_te).to(device))).squeeze(1).cpu().numpy()
print(f"Validation log loss: {log_loss(y_va, p_va):.4f}")

sub = pd.read_csv("./input/sample_submission.csv")
sub[target] = np.clip(p_te, 1e-4, 1 - 1e-4)
sub.to_csv("./submission/submission.csv", index=False)
print("submission saved:", sub.shape)
