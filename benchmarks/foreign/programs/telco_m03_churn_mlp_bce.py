import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score

torch.manual_seed(2024)
np.random.seed(2024)
torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("device:", device)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print("train", train.shape, "test", test.shape)
print("churn rate: %.3f" % train["churn"].mean())

TARGET = "churn"
# yes/no flags are already 0/1 ints in this dump; just one-hot the multi-level ones
MULTI = ["internet_service", "contract", "payment_method"]
NUMERIC = ["tenure", "monthly_charges", "total_charges"]

full = pd.concat([train.drop(columns=[TARGET]), test], axis=0, ignore_index=True)
full["total_charges"] = full["total_charges"].fillna(full["monthly_charges"] * full["tenure"])
full = pd.get_dummies(full, columns=MULTI, dtype=float)

scaler = StandardScaler()
full[NUMERIC] = scaler.fit_transform(full[NUMERIC])

feat_cols = [c for c in full.columns if c != "id"]
X_all = full[feat_cols]
X = X_all.iloc[: len(train)]
X_test = X_all.iloc[len(train):]
y = train[TARGET].values
print("n features:", len(feat_cols))

X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, random_state=2024, stratify=y)


def to_tensors(frame, target=None):
    xt = torch.tensor(frame.values, dtype=torch.float32)
    if target is None:
        return xt
    return xt, torch.tensor(target, dtype=torch.float32)


train_ds = TensorDataset(*to_tensors(X_tr, y_tr))
val_X, val_y = to_tensors(X_val, y_val)
test_X = to_tensors(X_test)
train_dl = DataLoader(train_ds, batch_size=128, shuffle=True)


class ChurnMLP(nn.Module):
    def __init__(self, in_features):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(in_features, 64),
            nn.BatchNorm1d(64),
            nn.ReLU(),
            nn.Dropout(0.3),
            nn.Linear(64, 32),
            nn.ReLU(),
            nn.Linear(32, 1),
        )

    def forward(self, x):
        return self.net(x).squeeze(-1)


model = ChurnMLP(len(feat_cols)).to(device)
pos_weight = torch.tensor([(y_tr == 0).sum() / (y_tr == 1).sum()], device=device)
criterion = nn.BCEWithLogitsLoss(pos_weight=pos_weight)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=30)

best_auc, bad, PATIENCE = 0.0, 0, 6
for epoch in range(30):
    model.train()
    epoch_loss = 0.0
    for xb, yb in train_dl:
        xb, yb = xb.to(device), yb.to(device)
        optimizer.zero_grad()
        loss = criterion(model(xb), yb)
        loss.backward()
        optimizer.step()
        epoch_loss += loss.item() * xb.size(0)
    scheduler.step()

    model.eval()
    with torch.no_grad():
        val_prob = torch.sigmoid(model(val_X.to(device))).cpu().numpy()
    auc = roc_auc_score(y_val, val_prob)
    print(f"[{epoch + 1:02d}] loss={epoch_loss / len(train_ds):.4f} val_auc={auc:.4f}")
    if auc > best_auc:
        best_auc, bad = auc, 0
        torch.save(model.state_dict(), "./working/churn_best.pt")
    else:
        bad += 1
        if bad >= PATIENCE:
            print("early stopping")
            break

model.load_state_dict(torch.load("./working/churn_best.pt"))
model.eval()
with torch.no_grad():
    val_prob = torch.sigmoid(model(val_X.to(device))).cpu().numpy()
    test_prob = torch.sigmoid(model(test_X.to(device))).cpu().numpy()
print(f"Validation AUC: {roc_auc_score(y_val, val_prob):.4f}")

sub = pd.read_csv("./input/sample_submission.csv")
sub["churn"] = test_prob
sub.to_csv("./submission/submission.csv", index=False)
print("wrote submission", sub.shape)
