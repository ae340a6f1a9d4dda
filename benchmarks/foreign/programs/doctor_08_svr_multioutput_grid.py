import numpy as np
import pandas as pd
from sklearn.model_selection import GridSearchCV
from sklearn.multioutput import MultiOutputRegressor
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVR

TARGETS = ["visits", "ovisits", "emergency", "hospital"]
train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")
X = pd.get_dummies(train.drop(columns=["id"] + TARGETS), dtype=float)
X_test = pd.get_dummies(test.drop(columns=["id"]), dtype=float).reindex(columns=X.columns, fill_value=0)
Y = np.log1p(train[TARGETS])

search = GridSearchCV(
    MultiOutputRegressor(make_pipeline(StandardScaler(), SVR())),
    {"estimator__svr__C": [0.3, 1, 3, 10, 30], "estimator__svr__epsilon": [0.05, 0.1, 0.3], "estimator__svr__gamma": ["scale", 0.02]},
    scoring="neg_root_mean_squared_error",
    cv=5,
    verbose=2,
)
search.fit(X, Y)
print("best RMSLE:", -search.best_score_, search.best_params_)
sub = pd.DataFrame(np.expm1(search.predict(X_test)), columns=TARGETS)
sub.insert(0, "id", test["id"])
sub.to_csv("./submission/submission.csv", index=False)
