import json
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier
from sklearn.metrics import accuracy_score, confusion_matrix
from sklearn.model_selection import StratifiedKFold

np.random.seed(0)

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
sample = pd.read_csv("input/sample_submission.csv")

pixel_cols = [c for c in train.columns if c.startswith("pixel_")]
X = train[pixel_cols].to_numpy(dtype=np.float32)
y = train["digit"].to_numpy()
X_test = test[pixel_cols].to_numpy(dtype=np.float32)
print("train", X.shape, "test", X_test.shape, "classes", np.unique(y))

n_classes = 10
oof = np.zeros((len(X), n_classes))
test_proba = np.zeros((len(X_test), n_classes))
fold_scores = []

skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
for fold, (tr, va) in enumerate(skf.split(X, y)):
    et = ExtraTreesClassifier(n_estimators=400, max_features="sqrt", n_jobs=1, random_state=fold)
    et.fit(X[tr], y[tr])
    oof[va] = et.predict_proba(X[va])
    test_proba += et.predict_proba(X_test) / skf.get_n_splits()
    acc = accuracy_score(y[va], oof[va].argmax(1))
    fold_scores.append(acc)
    print(f"  fold {fold}: acc={acc:.4f}")

cv_acc = accuracy_score(y, oof.argmax(1))
print(f"CV accuracy = {np.mean(fold_scores):.4f} +/- {np.std(fold_scores):.4f} (pooled OOF {cv_acc:.4f})")

cm = confusion_matrix(y, oof.argmax(1))
fig, ax = plt.subplots(figsize=(6, 6))
ax.imshow(cm, cmap="Blues")
for i in range(n_classes):
    for j in range(n_classes):
        if cm[i, j]:
            ax.text(j, i, cm[i, j], ha="center", va="center", fontsize=7)
ax.set_xlabel("predicted")
ax.set_ylabel("true")
ax.set_xticks(range(n_classes))
ax.set_yticks(range(n_classes))
fig.savefig("confusion_matrix.png", dpi=90, bbox_inches="tight")

per_class = {int(k): float(cm[k, k] / cm[k].sum()) for k in range(n_classes)}
with open("cv_report.json", "w") as fh:
    json.dump({"fold_acc": fold_scores, "oof_acc": cv_acc, "per_class_recall": per_class}, fh, indent=1)
worst = min(per_class, key=per_class.get)
print(f"hardest digit: {worst} (recall {per_class[worst]:.3f})")

sub = sample.copy()
sub["digit"] = test_proba.argmax(1)
assert (sub["id"].values == test["id"].values).all()
os.makedirs("submission", exist_ok=True)
sub.to_csv("submission/submission.csv", index=False)
print(sub["digit"].value_counts().sort_index().to_dict())
