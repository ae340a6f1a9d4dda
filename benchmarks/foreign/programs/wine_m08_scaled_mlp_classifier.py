import numpy as np
import pandas as pd
import torch
import torch.nn as nn
from torch.utils.data import TensorDataset, DataLoader
from sklearn.preprocessing import StandardScaler, LabelEncoder
from sklearn.model_selection import train_test_split
from sklearn.metrics import log_loss, accuracy_score

torch.manual_seed(0)
torch.set_num_threads(1)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("torch", torch.__version__, "| device", device)

df = pd.read_csv("./input/train.csv")
df_test = pd.read_csv("./input/test.csv")
print(df.shape, df_test.shape)
print(df["cultivar"].value_counts())

features = [c for c in df.columns if c not in ("id", "cultivar")]
le = LabelEncoder()
y = le.fit_transform(df["cultivar"])
print("classes:", list(le.classes_))

X_train, X_valid, y_train, y_valid = train_test_split(
    df[features].values, y, test_size=0.25, stratify=y, random_state=0
)
scaler = StandardScaler().fit(X_train)
X_train = scaler.transform(X_train)
X_valid = scaler.transform(X_valid)
X_test = scaler.transform(df_test[features].values)

train_ds = TensorDataset(torch.from_numpy(X_train), torch.from_numpy(y_train))
train_loader = DataLoader(train_ds, batch_size=16, shuffle=True)
Xv = torch.from_numpy(X_valid).to(device)
Xt = torch.from_numpy(X_test).to(device)


class WineNet(nn.Module):
    def __init__(self, n_features, n_classes, hidden=32):
        super().__init__()
        self.fc1 = nn.Linear(n_features, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.out = nn.Linear(hidden, n_classes)
        self.act = nn.ReLU()
        self.drop = nn.Dropout(0.2)

    def forward(self, x):
        x = self.drop(self.act(self.fc1(x)))
        x = self.act(self.fc2(x))
        return self.out(x)


model = WineNet(len(features), len(le.classes_)).to(device)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9, weight_decay=1e-4)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=60)

best_val, best_epoch, patience, counter = float("inf"), 0, 10, 0
for epoch in range(60):
    model.train()
    for xb, yb in train_loader:
        xb, yb = xb.to(device), yb.to(device)
        optimizer.zero_grad()
        loss = criterion(model(xb), yb)
        loss.backward()
        optimizer.step()
    scheduler.step()

    model.eval()
    with torch.no_grad():
        val_prob = torch.softmax(model(Xv), dim=1).cpu().numpy()
    val_loss = log_loss(y_valid, val_prob, labels=[0, 1, 2])
    if epoch % 5 == 0:
        print(f"epoch {epoch:2d}  val_logloss={val_loss:.4f}  val_acc={accuracy_score(y_valid, val_prob.argmax(1)):.3f}")
    if val_loss < best_val:
        best_val, best_epoch, counter = val_loss, epoch, 0
        torch.save(model.state_dict(), "./working/wine_best.pt")
    else:
        counter += 1
        if counter >= patience:
            print(f"early stopping at epoch {epoch} (best epoch {best_epoch})")
            break

model.load_state_dict(torch.load("./working/wine_best.pt"))
model.eval()
with torch.no_grad():
    val_prob = torch.softmax(model(Xv), dim=1).cpu().numpy()
    test_prob = torch.softmax(model(Xt), dim=1).cpu().numpy()
print(f"Validation log loss: {log_loss(y_valid, val_prob, labels=[0, 1, 2]):.4f}")

sub = pd.DataFrame(test_prob, columns=le.classes_)
sub.insert(0, "id", df_test["id"].values)
sample = pd.read_csv("./input/sample_submission.csv")
sub = sub[sample.columns]
sub.to_csv("./submission/submission.csv", index=False)
print(sub.head())
