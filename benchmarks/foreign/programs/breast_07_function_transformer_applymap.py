import numpy as np
import pandas as pd
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score
from sklearn.model_selection import train_test_split
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler


def log_scale(frame: pd.DataFrame) -> pd.DataFrame:
    """Compress the heavy right tails of the area and perimeter measurements."""
    return frame.applymap(lambda v: np.log1p(v) if v > 0 else v)


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "diagnosis"])
y = train["diagnosis"]

model = Pipeline(
    steps=[
        ("log", FunctionTransformer(log_scale)),
        ("scale", StandardScaler()),
        ("clf", LogisticRegression(C=0.5, max_iter=3000)),
    ]
)
X_tr, X_va, y_tr, y_va = train_test_split(X, y, stratify=y, test_size=0.2, random_state=21)
model.fit(X_tr, y_tr)
print(f"AUC on validation: {roc_auc_score(y_va, model.predict_proba(X_va)[:, 1]):.4f}")
model.fit(X, y)
pd.DataFrame({"id": test["id"], "diagnosis": model.predict_proba(test[X.columns])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
