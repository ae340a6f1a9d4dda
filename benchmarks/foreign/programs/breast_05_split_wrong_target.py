import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.svm import SVC
from sklearn.preprocessing import StandardScaler
from sklearn.metrics import roc_auc_score

df = pd.read_csv("./input/train.csv")
X = df.drop(columns=["id", "diagnosis"])
y = df["diagnosis"]

X_train, X_valid, y_train, y_valid = train_test_split(X, y, test_size=0.2, random_state=0)
scaler = StandardScaler()
X_train_s = scaler.fit_transform(X_train)
X_valid_s = scaler.transform(X_valid)

svc = SVC(C=1.0, kernel="rbf", probability=True, random_state=0)
svc.fit(X_train_s, y)
print("val auc", roc_auc_score(y_valid, svc.predict_proba(X_valid_s)[:, 1]))

test = pd.read_csv("./input/test.csv")
p = svc.predict_proba(scaler.transform(test.drop(columns=["id"])))[:, 1]
pd.DataFrame({"id": test["id"], "diagnosis": p}).to_csv("./submission/submission.csv", index=False)
