import warnings

import pandas as pd
from lightgbm import LGBMClassifier
from scipy.stats import loguniform, randint
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold

warnings.filterwarnings("ignore", category=UserWarning)

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "churn"])
X_test = test.drop(columns=["id"])
for col in X.columns:
    if pd.api.types.is_string_dtype(X[col]):
        X[col] = X[col].astype("category")
        X_test[col] = pd.Categorical(X_test[col], categories=X[col].cat.categories)

search = RandomizedSearchCV(
    LGBMClassifier(n_estimators=300, verbose=-1, random_state=0),
    {
        "learning_rate": loguniform(0.01, 0.1),
        "num_leaves": randint(6, 40),
        "min_child_samples": randint(10, 80),
        "colsample_bytree": [0.5, 0.7, 0.9],
        "reg_lambda": loguniform(1e-2, 10),
    },
    n_iter=6,
    scoring="roc_auc",
    cv=StratifiedKFold(3, shuffle=True, random_state=0),
    random_state=0,
)
search.fit(X, train["churn"])
print(f"RandomizedSearchCV best AUC: {search.best_score_:.4f}")
for key, value in sorted(search.best_params_.items()):
    print(f"  {key} = {value}")
pd.DataFrame({"id": test["id"], "churn": search.predict_proba(X_test)[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
