"""Logistic regression baseline for credit scoring with a preprocessing pipeline."""
import warnings

import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss
from sklearn.model_selection import GridSearchCV, StratifiedKFold, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore", category=FutureWarning)

RANDOM_STATE = 7

train_df = pd.read_csv("./input/train.csv")
test_df = pd.read_csv("./input/test.csv")

y = train_df["Status"]
X = train_df.drop(columns=["id", "Status"])
X_test = test_df.drop(columns=["id"])

print("Missing values per column:")
print(X.isna().sum()[X.isna().sum() > 0])

categorical = ["Home", "Marital", "Records", "Job"]
skewed = ["Income"]
numeric = ["Seniority", "Time", "Age", "Expenses", "Assets", "Debt", "Amount", "Price"]

income_pipe = Pipeline([
    ("impute", SimpleImputer(strategy="median")),
    ("log", FunctionTransformer(np.log1p, feature_names_out="one-to-one")),
    ("scale", StandardScaler()),
])
cat_pipe = Pipeline([
    ("impute", SimpleImputer(strategy="most_frequent")),
    ("onehot", OneHotEncoder(handle_unknown="ignore")),
])

preprocess = ColumnTransformer([
    ("income", income_pipe, skewed),
    ("num", StandardScaler(), numeric),
    ("cat", cat_pipe, categorical),
])

model = Pipeline([
    ("prep", preprocess),
    ("clf", LogisticRegression(max_iter=2000)),
])

X_tr, X_val, y_tr, y_val = train_test_split(
    X, y, test_size=0.2, stratify=y, random_state=RANDOM_STATE
)

grid = GridSearchCV(
    model,
    param_grid={"clf__C": [0.01, 0.03, 0.1, 0.3, 1.0, 3.0]},
    scoring="neg_log_loss",
    cv=StratifiedKFold(n_splits=5, shuffle=True, random_state=RANDOM_STATE),
    n_jobs=1,
)
grid.fit(X_tr, y_tr)
print("Best params:", grid.best_params_)
print(f"CV logloss: {-grid.best_score_:.4f}")

val_pred = grid.predict_proba(X_val)[:, 1]
print(f"Validation logloss: {log_loss(y_val, val_pred):.4f}")

final = grid.best_estimator_
final.fit(X, y)
test_pred = final.predict_proba(X_test)[:, 1]

submission = pd.DataFrame({"id": test_df["id"], "Status": test_pred})
submission.to_csv("./submission/submission.csv", index=False)
print(submission.head())
