import os
import warnings

import numpy as np
import pandas as pd
from scipy.stats import loguniform
from sklearn.compose import ColumnTransformer, make_column_selector
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold, train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, OneHotEncoder, StandardScaler

warnings.filterwarnings("ignore")
RNG = 1234

df = pd.read_csv("input/train.csv")
test = pd.read_csv("input/test.csv")
y = df["churn"].astype(int)
X = df.drop(columns=["id", "churn"])
X_test = test.drop(columns=["id"])


def add_ratio(frame):
    frame = frame.copy()
    frame["charge_per_month"] = frame["total_charges"] / (frame["tenure"] + 1)
    frame["n_services"] = (frame.select_dtypes("object") == "Yes").sum(axis=1)
    frame["log_tenure"] = np.log1p(frame["tenure"])
    return frame


numeric = make_column_selector(dtype_include=np.number)
categorical = make_column_selector(dtype_exclude=np.number)

pre = ColumnTransformer([
    ("num", Pipeline([("imp", SimpleImputer(strategy="median")), ("sc", StandardScaler())]), numeric),
    ("cat", OneHotEncoder(handle_unknown="ignore", drop="if_binary"), categorical),
])
model = Pipeline([
    ("fe", FunctionTransformer(add_ratio)),
    ("pre", pre),
    ("clf", LogisticRegression(max_iter=3000, solver="lbfgs")),
])

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.2, stratify=y, random_state=RNG)

search = RandomizedSearchCV(
    model,
    {"clf__C": loguniform(1e-3, 1e2), "clf__class_weight": [None, "balanced"]},
    n_iter=15,
    scoring="roc_auc",
    cv=StratifiedKFold(5, shuffle=True, random_state=RNG),
    random_state=RNG,
    n_jobs=1,
)
search.fit(X_tr, y_tr)
print(f"best C={search.best_params_['clf__C']:.4g} class_weight={search.best_params_['clf__class_weight']}")
print(f"CV AUC: {search.best_score_:.4f}")

va_auc = roc_auc_score(y_va, search.predict_proba(X_va)[:, 1])
print(f"Validation AUC: {va_auc:.4f}")

final = search.best_estimator_.fit(X, y)
proba = final.predict_proba(X_test)[:, 1]
os.makedirs("submission", exist_ok=True)
pd.DataFrame({"id": test["id"], "churn": proba}).to_csv("submission/submission.csv", index=False)
print("mean predicted churn:", round(float(proba.mean()), 4))
