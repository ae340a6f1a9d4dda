import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score
from sklearn.preprocessing import StandardScaler
from sklearn.impute import SimpleImputer
from sklearn.pipeline import Pipeline

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

X = train.drop(columns=["id", "Status"])
y = train["Status"]

pipe = Pipeline([
    ("impute", SimpleImputer(strategy="most_frequent")),
    ("scale", StandardScaler()),
    ("lr", LogisticRegression(max_iter=1000)),
])
pipe.fit(X, y)
ll = -cross_val_score(pipe, X, y, cv=5, scoring="neg_log_loss").mean()
print(f"CV logloss: {ll:.4f}")
pd.DataFrame({"id": test["id"], "Status": pipe.predict_proba(test[X.columns])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
