import pandas as pd
from sklearn.compose import make_column_transformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
cat = ["Home", "Marital", "Records", "Job"]
num = ["Seniority", "Time", "Age", "Expenses", "Income", "Assets", "Debt", "Amount", "Price"]

pre = make_column_transformer(
    (make_pipeline(SimpleImputer(strategy="most_frequent"), OneHotEncoder(handle_unknown="ignore")), cat),
    (make_pipeline(SimpleImputer(strategy="median"), StandardScaler()), num),
)
# L1 to drop the weak dummies
model = make_pipeline(pre, LogisticRegression(penalty="l1", C=0.5, max_iter=2000))
X_tr, X_va, y_tr, y_va = train_test_split(train[cat + num], train["Status"], test_size=0.25, random_state=3, stratify=train["Status"])
model.fit(X_tr, y_tr)
print("hold-out logloss:", round(log_loss(y_va, model.predict_proba(X_va)[:, 1]), 4))
model.fit(train[cat + num], train["Status"])
pd.DataFrame({"id": test["id"], "Status": model.predict_proba(test[cat + num])[:, 1]}).to_csv("./submission/submission.csv", index=False)
