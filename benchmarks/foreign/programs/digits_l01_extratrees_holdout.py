import os
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import accuracy_score

SEED = 7
rng = np.random.default_rng(SEED)

train_df = pd.read_csv("./input/train.csv")
test_df = pd.read_csv("./input/test.csv")

pix_cols = [c for c in train_df.columns if c.startswith("pixel_")]
X = train_df[pix_cols].to_numpy(dtype=np.float64)
y = train_df["digit"].to_numpy()
X_test = test_df[pix_cols].to_numpy(dtype=np.float64)
test_ids = test_df["id"].to_numpy()
print("X", X.shape, "X_test", X_test.shape)


def add_row_col_sums(A):
    # 8x8 images: add per-row and per-column ink totals as extra features
    img = A.reshape(-1, 8, 8)
    feats = [A]
    feats.append(img.sum(axis=2))  # row sums (n, 8)
    feats.append(img.sum(axis=1))  # col sums (n, 8)
    feats.append((A > 0).sum(axis=1, keepdims=True).astype(np.float64))
    return np.hstack(feats)


Xf = add_row_col_sums(X)
Xf_test = add_row_col_sums(X_test)
print("with sums:", Xf.shape)


def accuracy(y_true, y_pred):
    y_true = np.asarray(y_true)
    y_pred = np.asarray(y_pred)
    return float(np.mean(y_true == y_pred))


# stratified-ish holdout by hand: 20% of every class
val_idx = []
for cls in np.unique(y):
    members = np.flatnonzero(y == cls)
    members = rng.permutation(members)
    n_val = int(round(0.2 * members.size))
    val_idx.append(members[:n_val])
val_idx = np.sort(np.concatenate(val_idx))
is_val = np.zeros(y.size, dtype=bool)
is_val[val_idx] = True
tr_idx = np.flatnonzero(~is_val)
print("train", tr_idx.size, "val", val_idx.size)

model = ExtraTreesClassifier(n_estimators=300, max_features="sqrt", n_jobs=2, random_state=SEED)
model.fit(Xf[tr_idx], y[tr_idx])
pred_val = model.predict(Xf[val_idx])

acc_mine = accuracy(y[val_idx], pred_val)
acc_sk = accuracy_score(y[val_idx], pred_val)
assert abs(acc_mine - acc_sk) < 1e-12, (acc_mine, acc_sk)

# per-class hit rate
for cls in np.unique(y):
    m = y[val_idx] == cls
    print(f"  class {cls}: {np.mean(pred_val[m] == cls):.3f} ({m.sum()})")
print(f"Validation accuracy: {acc_mine:.4f}")

final = ExtraTreesClassifier(n_estimators=300, max_features="sqrt", n_jobs=2, random_state=SEED)
final.fit(Xf, y)
test_pred = final.predict(Xf_test)

os.makedirs("./submission", exist_ok=True)
sub = pd.DataFrame({"id": test_ids, "digit": test_pred.astype(np.int64)})
sub.to_csv("./submission/submission.csv", index=False)
print("wrote", sub.shape, "class counts", np.bincount(test_pred))
