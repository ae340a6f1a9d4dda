import pandas as pd
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "churn"])
y = train["churn"]

preprocess = ColumnTransformer(
    [
        ("num", make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), make_column_selector(dtype_include="number")),
        ("cat", OneHotEncoder(handle_unknown="ignore", min_frequency=20), make_column_selector(dtype_include=object)),
    ]
)
clf = make_pipeline(preprocess, LogisticRegression(C=0.3, max_iter=3000))
cv = cross_validate(clf, X, y, cv=StratifiedKFold(5, shuffle=True, random_state=0), scoring=["roc_auc", "accuracy"])
print(f"ROC AUC  {cv['test_roc_auc'].mean():.4f} +/- {cv['test_roc_auc'].std():.4f}")
print(f"Accuracy {cv['test_accuracy'].mean():.4f}")

clf.fit(X, y)
pd.DataFrame({"id": test["id"], "churn": clf.predict_proba(test[X.columns])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
