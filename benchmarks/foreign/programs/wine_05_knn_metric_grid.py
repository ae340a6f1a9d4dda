import pandas as pd
from sklearn.model_selection import GridSearchCV, StratifiedKFold
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import QuantileTransformer

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X, y = train.drop(columns=["id", "cultivar"]), train["cultivar"]

pipe = Pipeline([("qt", QuantileTransformer(n_quantiles=100, output_distribution="normal")), ("knn", KNeighborsClassifier())])
grid = GridSearchCV(
    pipe,
    {"knn__n_neighbors": [5, 9, 15, 25], "knn__weights": ["uniform", "distance"], "knn__metric": ["euclidean", "manhattan"]},
    scoring="neg_log_loss",
    cv=StratifiedKFold(5, shuffle=True, random_state=3),
)
grid.fit(X, y)
print("best:", grid.best_params_)
print(f"best log loss = {-grid.best_score_:.4f}")
proba = grid.predict_proba(test[X.columns])
sub = pd.DataFrame(proba, columns=grid.classes_)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
