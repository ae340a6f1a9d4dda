import matplotlib.pyplot as plt
import pandas as pd
from scipy.stats import randint, uniform
from sklearn.ensemble import RandomForestClassifier
from sklearn.metrics import RocCurveDisplay
from sklearn.model_selection import RandomizedSearchCV, StratifiedKFold, train_test_split

RANDOM_STATE = 8

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "diagnosis"])
y = train["diagnosis"]

space = {
    "n_estimators": randint(100, 300),
    "max_depth": [None, 4, 6, 8],
    "min_samples_leaf": randint(1, 6),
    "max_features": uniform(0.2, 0.6),
}
search = RandomizedSearchCV(
    RandomForestClassifier(random_state=RANDOM_STATE, n_jobs=1),
    space,
    n_iter=8,
    scoring="roc_auc",
    cv=StratifiedKFold(n_splits=3, shuffle=True, random_state=RANDOM_STATE),
    random_state=RANDOM_STATE,
)
search.fit(X, y)
print(f"best CV roc_auc = {search.best_score_:.4f}")
print("best params =", {k: (round(v, 3) if isinstance(v, float) else v) for k, v in search.best_params_.items()})

X_tr, X_va, y_tr, y_va = train_test_split(X, y, test_size=0.25, random_state=RANDOM_STATE, stratify=y)
check = RandomForestClassifier(random_state=RANDOM_STATE, **search.best_params_).fit(X_tr, y_tr)
RocCurveDisplay.from_estimator(check, X_va, y_va)
plt.title("holdout ROC")
plt.savefig("./working/roc_holdout.png")

sub = pd.DataFrame({"id": test["id"], "diagnosis": search.predict_proba(test.drop(columns="id"))[:, 1]})
sub.to_csv("./submission/submission.csv", index=False)
print(sub.describe().loc[["mean", "min", "max"]])
