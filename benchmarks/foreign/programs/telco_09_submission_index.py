import pandas as pd
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import cross_val_score

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id", "churn"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
y = train["churn"]

hgb = HistGradientBoostingClassifier(learning_rate=0.05, max_iter=200, max_leaf_nodes=15, random_state=0)
print("cv auc", cross_val_score(hgb, X, y, cv=5, scoring="roc_auc").mean())
hgb.fit(X, y)

submission = pd.DataFrame({"id": test["id"], "churn": hgb.predict_proba(X_test)[:, 1]})
submission.to_csv("./submission/submission.csv")
print(submission.head())
