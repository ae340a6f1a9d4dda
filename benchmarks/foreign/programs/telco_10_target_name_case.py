import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
print(train.shape)

y = train["Churn"]
X = pd.get_dummies(train.drop(columns=["id", "Churn"]), dtype=float).fillna(0)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).fillna(0).reindex(columns=X.columns, fill_value=0)
model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
print("AUC:", cross_val_score(model, X, y, cv=5, scoring="roc_auc").mean())
model.fit(X, y)
pd.DataFrame({"id": test["id"], "churn": model.predict_proba(X_test)[:, 1]}).to_csv("./submission/submission.csv", index=False)
