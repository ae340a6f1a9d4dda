import pandas as pd
from sklearn.tree import DecisionTreeClassifier
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score

df = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

df["month"] = df["date"].dt.month
test["month"] = test["date"].dt.month

X = df[["precipitation", "temp_max", "temp_min", "wind", "month"]]
y = df["weather"]
X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.2, random_state=1)
tree = DecisionTreeClassifier(max_depth=6, random_state=1).fit(X_tr, y_tr)
print("Accuracy:", accuracy_score(y_te, tree.predict(X_te)))

tree.fit(X, y)
pd.DataFrame({"id": test.id, "weather": tree.predict(test[X.columns])}).to_csv("./submission/submission.csv", index=False)
