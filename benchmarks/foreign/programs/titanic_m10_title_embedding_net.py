import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

torch.manual_seed(1912)
np.random.seed(1912)
torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train.head())
print("survival rate:", round(train["survived"].mean(), 3))


def extract_title(name):
    # "Goodwin, Master. William Freder" -> "Master"
    title = name.split(",")[1].split(".")[0].strip()
    if title in ("Mlle", "Ms"):
        return "Miss"
    if title == "Mme":
        return "Mrs"
    if title in ("Mr", "Mrs", "Miss", "Master"):
        return title
    return "Rare"


for d in (train, test):
    d["title"] = d["name"].apply(extract_title)
    d["is_male"] = (d["sex"] == "male").astype(np.float32)
    d["pclass_num"] = d["pclass"].str[0].astype(int)

print(train["title"].value_counts())

TITLES = ["Master", "Miss", "Mr", "Mrs", "Rare"]
title_to_ix = {t: i for i, t in enumerate(TITLES)}
for d in (train, test):
    d["title_ix"] = d["title"].map(title_to_ix).astype(np.int64)
    d["class_ix"] = (d["pclass_num"] - 1).astype(np.int64)

age_mean, age_std = train["age"].mean(), train["age"].std()
for d in (train, test):
    d["age_z"] = ((d["age"] - age_mean) / age_std).astype(np.float32)

NUM = ["age_z", "is_male"]
CAT = ["title_ix", "class_ix"]


class TitanicDataset(Dataset):
    def __init__(self, frame, labels=True):
        self.num = torch.tensor(frame[NUM].to_numpy(dtype=np.float32))
        self.cat = torch.tensor(frame[CAT].to_numpy(dtype=np.int64))
        self.y = torch.tensor(frame["survived"].to_numpy(dtype=np.float32)) if labels else None

    def __len__(self):
        return len(self.num)

    def __getitem__(self, i):
        if self.y is None:
            return self.num[i], self.cat[i]
        return self.num[i], self.cat[i], self.y[i]


class TitanicNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.title_emb = nn.Embedding(len(TITLES), 3)
        self.class_emb = nn.Embedding(3, 2)
        self.fc = nn.Sequential(
            nn.Linear(len(NUM) + 3 + 2, 16),
            nn.ReLU(),
            nn.Dropout(0.2),
            nn.Linear(16, 1),
        )

    def forward(self, num, cat):
        x = torch.cat([num, self.title_emb(cat[:, 0]), self.class_emb(cat[:, 1])], dim=1)
        return self.fc(x).squeeze(1)


tr_df, va_df = train_test_split(train, test_size=0.2, random_state=1912, stratify=train["survived"])
tr_loader = DataLoader(TitanicDataset(tr_df), batch_size=32, shuffle=True)
va_ds = TitanicDataset(va_df)

model = TitanicNet().to(device)
optimizer = torch.optim.Adam(model.parameters(), lr=5e-3)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.95)
criterion = nn.BCEWithLogitsLoss()


def val_probs():
    model.eval()
    with torch.no_grad():
        return torch.sigmoid(model(va_ds.num.to(device), va_ds.cat.to(device))).cpu().numpy()


best_auc, patience, wait = 0.0, 8, 0
for epoch in range(1, 41):
    model.train()
    tot = 0.0
    for num, cat, yb in tr_loader:
        num, cat, yb = num.to(device), cat.to(device), yb.to(device)
        optimizer.zero_grad()
        loss = criterion(model(num, cat), yb)
        loss.backward()
        optimizer.step()
        tot += loss.item() * len(yb)
    scheduler.step()
    auc = roc_auc_score(va_df["survived"], val_probs())
    print(f"epoch {epoch:2d} train_loss {tot / len(tr_df):.4f} val_auc {auc:.4f}")
    if auc > best_auc:
        best_auc, wait = auc, 0
        torch.save(model.state_dict(), "./working/titanic_net.pt")
    else:
        wait += 1
        if wait >= patience:
            print("early stop")
            break

model.load_state_dict(torch.load("./working/titanic_net.pt"))
print(f"Validation AUC: {roc_auc_score(va_df['survived'], val_probs()):.4f}")

test_ds = TitanicDataset(test, labels=False)
model.eval()
with torch.no_grad():
    p_test = torch.sigmoid(model(test_ds.num.to(device), test_ds.cat.to(device))).cpu().numpy()

sub = pd.read_csv("./input/sample_submission.csv")
sub["survived"] = p_test
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe())
