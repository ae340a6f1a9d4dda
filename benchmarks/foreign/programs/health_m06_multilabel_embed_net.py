import copy
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

torch.manual_seed(123)
np.random.seed(123)
torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

train_df = pd.read_csv("./input/train.csv")
test_df = pd.read_csv("./input/test.csv")
print(f"train {train_df.shape}  test {test_df.shape}")

TARGETS = ["health", "limit", "insurance"]
CATEGORICAL = ["gender", "married", "selfemp", "region", "ethnicity", "education"]
CONTINUOUS = ["age", "family"]
print(train_df[TARGETS].mean().rename("positive rate"))

# label-encode categoricals with a shared vocabulary per column (0 reserved for unseen)
encoders = {}
for col in CATEGORICAL:
    levels = sorted(train_df[col].dropna().unique())
    encoders[col] = {lvl: i + 1 for i, lvl in enumerate(levels)}
    for d in (train_df, test_df):
        d[col + "_id"] = d[col].map(encoders[col]).fillna(0).astype(np.int64)

cont_mean = train_df[CONTINUOUS].mean()
cont_std = train_df[CONTINUOUS].std()
for d in (train_df, test_df):
    for col in CONTINUOUS:
        d[col + "_z"] = ((d[col] - cont_mean[col]) / cont_std[col]).astype(np.float32)

CAT_IDS = [c + "_id" for c in CATEGORICAL]
CONT_Z = [c + "_z" for c in CONTINUOUS]


class InsuranceDataset(Dataset):
    def __init__(self, frame, has_labels=True):
        self.cats = torch.as_tensor(frame[CAT_IDS].to_numpy(), dtype=torch.long)
        self.conts = torch.as_tensor(frame[CONT_Z].to_numpy(), dtype=torch.float32)
        self.labels = torch.as_tensor(frame[TARGETS].to_numpy(), dtype=torch.float32) if has_labels else None

    def __len__(self):
        return self.cats.shape[0]

    def __getitem__(self, i):
        if self.labels is None:
            return self.cats[i], self.conts[i]
        return self.cats[i], self.conts[i], self.labels[i]


class MultiLabelNet(nn.Module):
    def __init__(self, cardinalities, n_cont, n_out, emb_dim=4, hidden=64):
        super().__init__()
        self.embs = nn.ModuleList([nn.Embedding(c + 1, emb_dim) for c in cardinalities])
        self.emb_drop = nn.Dropout(0.1)
        self.bn_cont = nn.BatchNorm1d(n_cont)
        d_in = emb_dim * len(cardinalities) + n_cont
        self.trunk = nn.Sequential(
            nn.Linear(d_in, hidden), nn.ReLU(), nn.BatchNorm1d(hidden), nn.Dropout(0.2),
            nn.Linear(hidden, hidden // 2), nn.ReLU(),
        )
        self.head = nn.Linear(hidden // 2, n_out)

    def forward(self, cats, conts):
        x = torch.cat([e(cats[:, i]) for i, e in enumerate(self.embs)], dim=1)
        x = torch.cat([self.emb_drop(x), self.bn_cont(conts)], dim=1)
        return self.head(self.trunk(x))


tr_part, va_part = train_test_split(train_df, test_size=0.2, random_state=123)
train_dl = DataLoader(InsuranceDataset(tr_part), batch_size=256, shuffle=True, drop_last=True)
valid_dl = DataLoader(InsuranceDataset(va_part), batch_size=1024)
test_dl = DataLoader(InsuranceDataset(test_df, has_labels=False), batch_size=1024)

model = MultiLabelNet([len(encoders[c]) for c in CATEGORICAL], len(CONTINUOUS), len(TARGETS)).to(device)
print(model)
optimizer = torch.optim.Adam(model.parameters(), lr=2e-3, weight_decay=1e-5)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode="max", factor=0.5, patience=2)
criterion = nn.BCEWithLogitsLoss()


def predict(loader):
    model.eval()
    probs = []
    with torch.no_grad():
        for batch in loader:
            cats, conts = batch[0].to(device), batch[1].to(device)
            probs.append(torch.sigmoid(model(cats, conts)).cpu())
    return torch.cat(probs).numpy()


def colwise_auc(y_true, y_prob):
    return [roc_auc_score(y_true[:, k], y_prob[:, k]) for k in range(y_true.shape[1])]


y_va = va_part[TARGETS].to_numpy()
best_auc, best_state, no_improve = -1.0, None, 0
for epoch in range(1, 31):
    model.train()
    total = 0.0
    for cats, conts, labels in train_dl:
        cats, conts, labels = cats.to(device), conts.to(device), labels.to(device)
        optimizer.zero_grad()
        loss = criterion(model(cats, conts), labels)
        loss.backward()
        optimizer.step()
        total += loss.item() * labels.size(0)
    aucs = colwise_auc(y_va, predict(valid_dl))
    mean_auc = float(np.mean(aucs))
    scheduler.step(mean_auc)
    print(f"epoch {epoch:2d} loss {total / (len(train_dl) * 256):.4f} "
          f"auc[h/l/i]={aucs[0]:.3f}/{aucs[1]:.3f}/{aucs[2]:.3f} mean={mean_auc:.4f}")
    if mean_auc > best_auc:
        best_auc, best_state, no_improve = mean_auc, copy.deepcopy(model.state_dict()), 0
    else:
        no_improve += 1
        if no_improve >= 5:
            print("early stopping")
            break

model.load_state_dict(best_state)
torch.save({"state_dict": best_state, "encoders": encoders}, "./working/health_multilabel.pt")
final_aucs = colwise_auc(y_va, predict(valid_dl))
for t, a in zip(TARGETS, final_aucs):
    print(f"  {t:10s} AUC {a:.4f}")
print(f"Validation mean column AUC: {np.mean(final_aucs):.4f}")

test_probs = predict(test_dl)
submission = pd.read_csv("./input/sample_submission.csv")
submission[TARGETS] = test_probs
submission.to_csv("./submission/submission.csv", index=False)
print(submission.head())
