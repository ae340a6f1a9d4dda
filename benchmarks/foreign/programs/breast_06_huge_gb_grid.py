import pandas as pd
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.model_selection import GridSearchCV, RepeatedStratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X, y = train.drop(columns=["id", "diagnosis"]), train["diagnosis"]

param_grid = {
    "n_estimators": [1000, 2000, 3000],
    "learning_rate": [0.005, 0.01, 0.03],
    "max_depth": [3, 4, 5],
    "subsample": [0.7, 1.0],
}
cv = RepeatedStratifiedKFold(n_splits=5, n_repeats=2, random_state=1)
gs = GridSearchCV(GradientBoostingClassifier(random_state=1), param_grid, cv=cv, scoring="roc_auc", verbose=1)
gs.fit(X, y)
print("best auc:", gs.best_score_)
print(gs.best_params_)
pd.DataFrame({"id": test["id"], "diagnosis": gs.predict_proba(test.drop(columns=["id"]))[:, 1]}).to_csv(
    "./submission/submission.csv", index=False
)
