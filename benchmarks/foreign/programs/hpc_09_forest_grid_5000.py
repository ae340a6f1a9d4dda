import pandas as pd
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import GridSearchCV, StratifiedKFold

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id", "class"]), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)

grid = GridSearchCV(
    RandomForestClassifier(n_estimators=5000, class_weight="balanced", random_state=0, n_jobs=-1),
    {"max_depth": [None, 12, 20], "min_samples_leaf": [1, 3, 5], "max_features": ["sqrt", 0.5]},
    scoring="f1_macro",
    cv=StratifiedKFold(5, shuffle=True, random_state=0),
    verbose=3,
)
grid.fit(X, train["class"])
print("best f1_macro:", round(grid.best_score_, 4), grid.best_params_)
pd.DataFrame({"id": test["id"], "class": grid.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
