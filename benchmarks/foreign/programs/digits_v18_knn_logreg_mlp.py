"""
Worked example 2: handwritten digits, from k-NN to a tiny neural network.

Each row is an 8x8 image flattened into 64 grey levels (0..16).
We compare, on a stratified hold-out set:
   0. baseline - always predict the most frequent digit
   1. k-nearest neighbours (pixels are already on a common scale)
   2. multinomial logistic regression
   3. a two-layer MLP written in PyTorch
then print the confusion matrix of the best model and predict test.
"""
import numpy as np
import pandas as pd
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier

SEED = 0
torch.manual_seed(SEED)
torch.set_num_threads(2)


def section(title):
    print()
    print("+" + "-" * 62 + "+")
    print("| " + title.ljust(60) + " |")
    print("+" + "-" * 62 + "+")


def explain(*sentences):
    for s in sentences:
        print("  - " + s)


def ascii_digit(row):
    """Draw one 8x8 image with characters, darker = higher value."""
    shades = " .:-=+*#%@"
    img = np.asarray(row).reshape(8, 8)
    for r in img:
        print("    " + "".join(shades[min(int(v) * len(shades) // 17, 9)] * 2 for v in r))


class MLP(nn.Module):
    def __init__(self, n_in=64, n_hidden=128, n_out=10, p_drop=0.2):
        super().__init__()
        self.net = nn.Sequential(
            nn.Linear(n_in, n_hidden), nn.ReLU(), nn.Dropout(p_drop),
            nn.Linear(n_hidden, n_hidden), nn.ReLU(), nn.Dropout(p_drop),
            nn.Linear(n_hidden, n_out),
        )

    def forward(self, x):
        return self.net(x)


def predict_mlp(model, X):
    model.eval()
    with torch.no_grad():
        return model(torch.tensor(X)).argmax(dim=1).numpy()


# ------------------------------------------------------------------
section("1. Data")
train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
pixel_cols = [c for c in train.columns if c.startswith("pixel_")]
print(f"  {len(train)} training images, {len(test)} test images, {len(pixel_cols)} pixels")
print(f"  first training image is a '{train['digit'].iloc[0]}':")
ascii_digit(train[pixel_cols].iloc[0])

X = train[pixel_cols].to_numpy() / 16.0
y = train["digit"].to_numpy()
X_test = test[pixel_cols].to_numpy() / 16.0
X_fit, X_val, y_fit, y_val = train_test_split(X, y, test_size=0.2, stratify=y,
                                              random_state=SEED)
explain(f"fit: {X_fit.shape}, validation: {X_val.shape}",
        "pixels divided by 16 so every feature is in [0, 1]")

# ------------------------------------------------------------------
section("2. Baseline and classical models")
majority = np.bincount(y_fit).argmax()
scores = {"baseline (majority)": accuracy_score(y_val, np.full_like(y_val, majority))}

knn = KNeighborsClassifier(n_neighbors=3).fit(X_fit, y_fit)
scores["3-NN"] = accuracy_score(y_val, knn.predict(X_val))

logreg = LogisticRegression(C=1.0, max_iter=3000).fit(X_fit, y_fit)
scores["logistic regression"] = accuracy_score(y_val, logreg.predict(X_val))
for name, acc in scores.items():
    print(f"  {name:<22s} accuracy {acc:.4f}")

# ------------------------------------------------------------------
section("3. A small MLP in PyTorch")
explain("2 hidden layers of 128 units, ReLU, dropout 0.2, Adam, 40 epochs",
        "inputs are the same [0, 1] pixels; labels must be int64 for CrossEntropyLoss")
fit_ds = TensorDataset(torch.tensor(X_fit), torch.tensor(y_fit, dtype=torch.long))
loader = DataLoader(fit_ds, batch_size=64, shuffle=True)
mlp = MLP()
optimiser = torch.optim.Adam(mlp.parameters(), lr=1e-3, weight_decay=1e-4)
loss_fn = nn.CrossEntropyLoss()

EPOCHS = 40
for epoch in range(1, EPOCHS + 1):
    mlp.train()
    running = 0.0
    for xb, yb in loader:
        optimiser.zero_grad()
        loss = loss_fn(mlp(xb), yb)
        loss.backward()
        optimiser.step()
        running += loss.item() * len(xb)
    if epoch % 10 == 0 or epoch == 1:
        val_acc = accuracy_score(y_val, predict_mlp(mlp, X_val))
        print(f"  epoch {epoch:3d}  train loss {running / len(fit_ds):.4f}  val acc {val_acc:.4f}")
scores["mlp (pytorch)"] = accuracy_score(y_val, predict_mlp(mlp, X_val))

# ------------------------------------------------------------------
section("4. Comparison and confusion matrix")
ranking = pd.Series(scores).sort_values(ascending=False)
print(ranking.round(4).to_string())
best = ranking.index[0]
predictors = {"3-NN": knn.predict, "logistic regression": logreg.predict,
              "mlp (pytorch)": lambda A: predict_mlp(mlp, A)}
val_pred = predictors[best](X_val)
cm = confusion_matrix(y_val, val_pred, labels=range(10))
print(f"  confusion matrix of {best} (rows = true digit):")
print(pd.DataFrame(cm, index=range(10), columns=range(10)).to_string())
off = cm - np.diag(np.diag(cm))
i, j = np.unravel_index(off.argmax(), off.shape)
explain(f"most common confusion: a true {i} predicted as {j} ({off[i, j]} times)")

# ------------------------------------------------------------------
section("5. Submission")
sub = pd.DataFrame({"id": test["id"], "digit": predictors[best](X_test)})
sub.to_csv("submission/submission.csv", index=False)
print(sub["digit"].value_counts().sort_index().to_string())
print(f"  Hold-out accuracy of {best}: {ranking[best]:.4f}")
