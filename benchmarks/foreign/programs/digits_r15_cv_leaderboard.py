import os
import time

import numpy as np
import pandas as pd
from sklearn.ensemble import ExtraTreesClassifier, RandomForestClassifier, HistGradientBoostingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler, MinMaxScaler
from sklearn.svm import SVC

train = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
pixel_cols = [c for c in train.columns if c.startswith("pixel_")]
X = train[pixel_cols].to_numpy(dtype=float)
y = train["digit"].to_numpy()
X_test = test[pixel_cols].to_numpy(dtype=float)
print(f"{X.shape[0]} train images, {X_test.shape[0]} test images, {len(pixel_cols)} pixels")
print("class counts:", np.bincount(y))

zoo = [
    ("LogisticRegression", make_pipeline(MinMaxScaler(), LogisticRegression(C=2.0, max_iter=3000))),
    ("KNN(k=3)", make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=3))),
    ("SVC(rbf)", make_pipeline(StandardScaler(), SVC(C=10, gamma="scale"))),
    ("RandomForest", RandomForestClassifier(n_estimators=200, n_jobs=1, random_state=0)),
    ("ExtraTrees", ExtraTreesClassifier(n_estimators=200, n_jobs=1, random_state=0)),
    ("HistGB", HistGradientBoostingClassifier(max_iter=100, learning_rate=0.1, random_state=0)),
    ("MLP", make_pipeline(StandardScaler(), MLPClassifier(hidden_layer_sizes=(128,), alpha=1e-3,
                                                          max_iter=300, random_state=0))),
]

cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=0)
table = []
t_all = time.time()
for name, est in zoo:
    res = cross_validate(est, X, y, cv=cv, scoring="accuracy", return_train_score=True)
    table.append({
        "model": name,
        "cv_acc": res["test_score"].mean(),
        "cv_std": res["test_score"].std(),
        "train_acc": res["train_score"].mean(),
        "fit_s": res["fit_time"].sum(),
    })
    print(f"[{time.time() - t_all:5.1f}s] {name}: {res['test_score'].mean():.4f}")

lb = pd.DataFrame(table).sort_values("cv_acc", ascending=False).reset_index(drop=True)
lb.index = lb.index + 1
pd.set_option("display.width", 120)
print("\nLEADERBOARD")
print(lb.round(4))

best = lb.iloc[0]
print(f"\n>> best: {best['model']}  accuracy={best['cv_acc']:.4f}")
model = dict(zoo)[best["model"]]
model.fit(X, y)
preds = model.predict(X_test)

os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "digit": preds}).to_csv("submission/submission.csv", index=False)
print("prediction distribution:", np.bincount(preds, minlength=10))
