import pandas as pd
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GridSearchCV, KFold
from sklearn.svm import SVR
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler


def rmse_scorer(estimator, X, y):
    """Negative RMSE, so that GridSearchCV can maximise it."""
    return -mean_squared_error(y, estimator.predict(X), squared=False)


train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = train.drop(columns=["id", "progression"])
y = train["progression"]

pipe = Pipeline([("sc", StandardScaler()), ("svr", SVR())])
grid = GridSearchCV(
    pipe,
    param_grid={"svr__C": [10, 30, 100], "svr__epsilon": [1, 5, 10], "svr__gamma": ["scale", 0.05]},
    scoring=rmse_scorer,
    cv=KFold(5, shuffle=True, random_state=7),
)
grid.fit(X, y)
print("best params:", grid.best_params_)
print("best CV RMSE:", -grid.best_score_)

pd.DataFrame({"id": test["id"], "progression": grid.predict(test[X.columns])}).to_csv(
    "./submission/submission.csv", index=False
)
