import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler
from sklearn.impute import SimpleImputer
from sklearn.svm import SVC

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
target = "churn"
num = ["tenure", "monthly_charges", "total_charges", "senior_citizen"]
cat = [c for c in train.columns if c not in num + ["id", target]]

pre = ColumnTransformer(
    [
        ("num", Pipeline([("imp", SimpleImputer()), ("sc", StandardScaler())]), num),
        ("cat", OneHotEncoder(handle_unknown="ignore"), cat),
    ]
)
pipe = Pipeline([("pre", pre), ("svc", SVC(probability=True, random_state=0))])
grid = GridSearchCV(
    pipe,
    {"svc__C": [0.1, 1, 10, 100], "svc__gamma": ["scale", 0.01, 0.1], "svc__kernel": ["rbf", "poly"]},
    scoring="roc_auc",
    cv=5,
    verbose=2,
)
grid.fit(train.drop(columns=["id", target]), train[target])
print("Best ROC AUC:", grid.best_score_)
proba = grid.predict_proba(test.drop(columns=["id"]))[:, 1]
pd.DataFrame({"id": test["id"], target: proba}).to_csv("./submission/submission.csv", index=False)
