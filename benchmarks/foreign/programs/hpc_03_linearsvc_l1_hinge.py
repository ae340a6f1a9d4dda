import numpy as np
import pandas as pd
from sklearn.metrics import f1_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id", "class"]), columns=["protocol", "day"], dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), columns=["protocol", "day"], dtype=float).reindex(columns=X.columns, fill_value=0)
for col in ["compounds", "input_fields", "num_pending"]:
    X[col] = np.log1p(X[col])
    X_test[col] = np.log1p(X_test[col])

X_tr, X_va, y_tr, y_va = train_test_split(X, train["class"], test_size=0.2, stratify=train["class"], random_state=0)
sc = StandardScaler().fit(X_tr)
svm = LinearSVC(penalty="l1", loss="hinge", C=0.5, class_weight="balanced", max_iter=20000)
svm.fit(sc.transform(X_tr), y_tr)
print("holdout macro F1:", f1_score(y_va, svm.predict(sc.transform(X_va)), average="macro"))
svm.fit(StandardScaler().fit_transform(X), train["class"])
pd.DataFrame({"id": test["id"], "class": svm.predict(StandardScaler().fit(X).transform(X_test))}).to_csv("./submission/submission.csv", index=False)
