import os
import time
import copy

import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score

SEED = 42
torch.manual_seed(SEED)
np.random.seed(SEED)
torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(f"Using device: {device}")

train_df = pd.read_csv("./input/train.csv")
test_df = pd.read_csv("./input/test.csv")
print("train:", train_df.shape, "test:", test_df.shape)

pixel_cols = [c for c in train_df.columns if c.startswith("pixel_")]
print("n pixels:", len(pixel_cols))

X = train_df[pixel_cols].values.astype(np.float32) / 16.0
y = train_df["digit"].values.astype(np.int64)
X_test = test_df[pixel_cols].values.astype(np.float32) / 16.0

X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.15, random_state=SEED, stratify=y)


class DigitsDataset(Dataset):
    def __init__(self, X, y=None):
        self.X = torch.from_numpy(X).view(-1, 1, 8, 8)
        self.y = None if y is None else torch.from_numpy(y)

    def __len__(self):
        return len(self.X)

    def __getitem__(self, idx):
        if self.y is None:
            return self.X[idx]
        return self.X[idx], self.y[idx]


class SmallCNN(nn.Module):
    def __init__(self, n_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, kernel_size=3, padding=1)
        self.conv2 = nn.Conv2d(16, 32, kernel_size=3, padding=1)
        self.pool = nn.MaxPool2d(2)
        self.dropout = nn.Dropout(0.25)
        # 8x8 -> pool -> 4x4
        self.fc1 = nn.Linear(32 * 4 * 4, 64)
        self.fc2 = nn.Linear(64, n_classes)

    def forward(self, x):
        x = F.relu(self.conv1(x))
        x = self.pool(F.relu(self.conv2(x)))
        x = x.flatten(1)
        x = self.dropout(F.relu(self.fc1(x)))
        return self.fc2(x)


train_loader = DataLoader(DigitsDataset(X_tr, y_tr), batch_size=64, shuffle=True)
val_loader = DataLoader(DigitsDataset(X_val, y_val), batch_size=256, shuffle=False)
test_loader = DataLoader(DigitsDataset(X_test), batch_size=256, shuffle=False)

model = SmallCNN().to(device)
print(model)
n_params = sum(p.numel() for p in model.parameters())
print(f"trainable params: {n_params}")

criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-4)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=8, gamma=0.5)


def evaluate(loader):
    model.eval()
    preds, losses = [], []
    with torch.no_grad():
        for xb, yb in loader:
            xb, yb = xb.to(device), yb.to(device)
            out = model(xb)
            losses.append(criterion(out, yb).item() * len(xb))
            preds.append(out.argmax(1).cpu().numpy())
    preds = np.concatenate(preds)
    return sum(losses) / len(preds), preds


EPOCHS = 25
PATIENCE = 5
best_loss = float("inf")
best_state = None
bad_epochs = 0
t0 = time.time()
for epoch in range(1, EPOCHS + 1):
    model.train()
    running = 0.0
    for xb, yb in train_loader:
        xb, yb = xb.to(device), yb.to(device)
        optimizer.zero_grad()
        loss = criterion(model(xb), yb)
        loss.backward()
        optimizer.step()
        running += loss.item() * len(xb)
    scheduler.step()
    train_loss = running / len(train_loader.dataset)
    val_loss, val_pred = evaluate(val_loader)
    val_acc = accuracy_score(y_val, val_pred)
    print(f"epoch {epoch:02d} | train_loss {train_loss:.4f} | val_loss {val_loss:.4f} | val_acc {val_acc:.4f} | lr {scheduler.get_last_lr()[0]:.5f}")
    if val_loss < best_loss - 1e-4:
        best_loss = val_loss
        best_state = copy.deepcopy(model.state_dict())
        bad_epochs = 0
    else:
        bad_epochs += 1
        if bad_epochs >= PATIENCE:
            print(f"early stopping at epoch {epoch}")
            break

print(f"training took {time.time() - t0:.1f}s")
model.load_state_dict(best_state)
torch.save(best_state, "./working/digits_cnn_best.pt")

_, val_pred = evaluate(val_loader)
print(f"Validation accuracy: {accuracy_score(y_val, val_pred):.4f}")

model.eval()
test_preds = []
with torch.no_grad():
    for xb in test_loader:
        test_preds.append(model(xb.to(device)).argmax(1).cpu().numpy())
test_preds = np.concatenate(test_preds)

sub = pd.read_csv("./input/sample_submission.csv")
sub["digit"] = test_preds
sub.to_csv("./submission/submission.csv", index=False)
print("saved submission", sub.shape)
print(sub["digit"].value_counts().sort_index().to_dict())
