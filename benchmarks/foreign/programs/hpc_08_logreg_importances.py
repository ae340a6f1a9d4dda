import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import f1_score
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id", "class"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
X_tr, X_va, y_tr, y_va = train_test_split(X, train["class"], test_size=0.25, random_state=2, stratify=train["class"])

scaler = StandardScaler().fit(X_tr)
lr = LogisticRegression(max_iter=3000, class_weight="balanced").fit(scaler.transform(X_tr), y_tr)
print("macro F1:", round(f1_score(y_va, lr.predict(scaler.transform(X_va)), average="macro"), 4))

importance = pd.Series(lr.feature_importances_, index=X.columns).sort_values(ascending=False)
print("most useful features:")
print(importance.head(10))

scaler = StandardScaler().fit(X)
lr.fit(scaler.transform(X), train["class"])
pd.DataFrame({"id": test["id"], "class": lr.predict(scaler.transform(X_test))}).to_csv("./submission/submission.csv", index=False)
