import pandas as pd
from sklearn.decomposition import PCA
from sklearn.model_selection import GridSearchCV
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
pixels = [c for c in train.columns if c.startswith("pixel_")]

pipe = Pipeline([("scale", StandardScaler()), ("pca", PCA(random_state=0)), ("svc", SVC())])
search = GridSearchCV(
    pipe,
    {"pca__n_components": [20, 40], "svc__C": [1, 10], "svc__gamma": ["scale", 0.01]},
    cv=3,
    scoring="accuracy",
)
search.fit(train[pixels], train["digit"])
print(f"Best CV accuracy: {search.best_score_:.2%}")
print("params:", search.best_params_)

pd.DataFrame({"id": test["id"], "digit": search.predict(test[pixels])}).to_csv(
    "./submission/submission.csv", index=False
)
