import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader
import lightgbm as lgb
from sklearn.model_selection import train_test_split
from sklearn.metrics import f1_score, classification_report

SEED = 99
torch.manual_seed(SEED)
np.random.seed(SEED)
torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

CKPT_PATH = "./checkpoints/hpc_mlp_best.pt"

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape, test.shape)
print(train["class"].value_counts())

CLASSES = ["VF", "F", "M", "L"]
label_map = {c: i for i, c in enumerate(CLASSES)}
y = train["class"].map(label_map).to_numpy(np.int64)

num_cols = ["compounds", "input_fields", "iterations", "num_pending", "hour"]
proto_levels = sorted(set(train["protocol"]) | set(test["protocol"]))
day_levels = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def build_features(d):
    out = pd.DataFrame(index=d.index)
    for c in ["compounds", "input_fields", "iterations", "num_pending"]:
        out[c] = np.log1p(d[c].astype(float))
    out["hour_sin"] = np.sin(2 * np.pi * d["hour"] / 24)
    out["hour_cos"] = np.cos(2 * np.pi * d["hour"] / 24)
    for p in proto_levels:
        out["proto_" + p] = (d["protocol"] == p).astype(float)
    for dd in day_levels:
        out["day_" + dd] = (d["day"] == dd).astype(float)
    return out


F_train = build_features(train)
F_test = build_features(test)
cols_to_scale = ["compounds", "input_fields", "iterations", "num_pending"]
mean, std = F_train[cols_to_scale].mean(), F_train[cols_to_scale].std()
F_train[cols_to_scale] = (F_train[cols_to_scale] - mean) / std
F_test[cols_to_scale] = (F_test[cols_to_scale] - mean) / std
print("feature matrix:", F_train.shape)

idx_tr, idx_va = train_test_split(np.arange(len(train)), test_size=0.2, random_state=SEED, stratify=y)

# ---- quick LightGBM baseline on the raw columns --------------------------------
raw = train[num_cols + ["protocol", "day"]].copy()
raw["protocol"] = raw["protocol"].astype("category")
raw["day"] = raw["day"].astype("category")
gbm = lgb.LGBMClassifier(n_estimators=300, learning_rate=0.05, class_weight="balanced",
                         random_state=SEED, verbose=-1)
gbm.fit(raw.iloc[idx_tr], y[idx_tr])
gbm_f1 = f1_score(y[idx_va], gbm.predict(raw.iloc[idx_va]), average="macro")
print(f"LightGBM baseline macro-F1: {gbm_f1:.4f}")

# ---- MLP --------------------------------------------------------------------------
X = torch.tensor(F_train.to_numpy(np.float32))
X_te = torch.tensor(F_test.to_numpy(np.float32))
Y = torch.tensor(y)
train_dl = DataLoader(TensorDataset(X[idx_tr], Y[idx_tr]), batch_size=64, shuffle=True)
X_va, y_va = X[idx_va].to(device), y[idx_va]


class JobNet(nn.Module):
    def __init__(self, n_in, n_cls):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(n_in, 128), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(128, 64), nn.ReLU(), nn.Dropout(0.2),
            nn.Linear(64, n_cls),
        )

    def forward(self, x):
        return self.layers(x)


model = JobNet(X.shape[1], len(CLASSES)).to(device)
counts = np.bincount(y[idx_tr], minlength=len(CLASSES))
class_w = torch.tensor(len(idx_tr) / (len(CLASSES) * counts), dtype=torch.float32, device=device)
print("class weights:", class_w.cpu().numpy().round(3))
criterion = nn.CrossEntropyLoss(weight=class_w)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=15, gamma=0.3)

best_f1, wait = 0.0, 0
for epoch in range(1, 46):
    model.train()
    ep_loss = 0.0
    for xb, yb in train_dl:
        xb, yb = xb.to(device), yb.to(device)
        optimizer.zero_grad()
        loss = criterion(model(xb), yb)
        loss.backward()
        optimizer.step()
        ep_loss += loss.item() * len(yb)
    scheduler.step()
    model.eval()
    with torch.no_grad():
        pred_va = model(X_va).argmax(dim=1).cpu().numpy()
    f1 = f1_score(y_va, pred_va, average="macro")
    print(f"epoch {epoch:2d}  loss {ep_loss / len(idx_tr):.4f}  val macro-F1 {f1:.4f}")
    if f1 > best_f1:
        best_f1, wait = f1, 0
        torch.save({"epoch": epoch, "model_state": model.state_dict(), "f1": f1}, CKPT_PATH)
    else:
        wait += 1
        if wait >= 10:
            print("early stop")
            break

ckpt = torch.load(CKPT_PATH)
model.load_state_dict(ckpt["model_state"])
print(f"restored epoch {ckpt['epoch']}")
model.eval()
with torch.no_grad():
    pred_va = model(X_va).argmax(dim=1).cpu().numpy()
    pred_te = model(X_te.to(device)).argmax(dim=1).cpu().numpy()
print(classification_report(y_va, pred_va, target_names=CLASSES, digits=3))
print(f"Validation macro F1: {f1_score(y_va, pred_va, average='macro'):.4f}")

sub = pd.read_csv("./input/sample_submission.csv")
sub["class"] = [CLASSES[i] for i in pred_te]
sub.to_csv("./submission/submission.csv", index=False)
print(sub["class"].value_counts())
