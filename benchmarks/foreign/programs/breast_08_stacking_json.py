import json
import warnings

import pandas as pd
from lightgbm import LGBMClassifier
from sklearn.ensemble import StackingClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

warnings.filterwarnings("ignore")

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "diagnosis"])
y = train["diagnosis"]

stack = StackingClassifier(
    estimators=[
        ("lgbm", LGBMClassifier(n_estimators=150, learning_rate=0.05, num_leaves=7, verbose=-1)),
        ("knn", make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=11))),
    ],
    final_estimator=LogisticRegression(max_iter=1000),
    cv=4,
)
cv = StratifiedKFold(n_splits=4, shuffle=True, random_state=99)
scores = cross_val_score(stack, X, y, cv=cv, scoring="roc_auc")
report = {"model": "stack(lgbm,knn)->lr", "cv_auc_mean": round(float(scores.mean()), 5), "cv_auc_std": round(float(scores.std()), 5)}
with open("./working/metrics.json", "w") as fh:
    json.dump(report, fh, indent=2)
print(json.dumps(report, indent=2))

stack.fit(X, y)
pd.DataFrame({"id": test["id"], "diagnosis": stack.predict_proba(test[X.columns])[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
