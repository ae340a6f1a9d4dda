import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import Ridge
from sklearn.model_selection import GroupKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures


def build():
    cols = ColumnTransformer(
        [
            ("cat", OneHotEncoder(drop="if_binary"), ["Minority", "Sex"]),
            ("num", PolynomialFeatures(degree=2, include_bias=False), ["SES", "MEANSES"]),
        ]
    )
    return Pipeline([("cols", cols), ("ridge", Ridge(alpha=3.0))])


if __name__ == "__main__":
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X = train[["Minority", "Sex", "SES", "MEANSES"]]
    y = train["MathAch"]
    scores = cross_val_score(build(), X, y, groups=train["School"], cv=GroupKFold(n_splits=6), scoring="neg_root_mean_squared_error")
    print("grouped CV rmse %.4f (+/- %.4f)" % (-scores.mean(), scores.std()))
    model = build().fit(X, y)
    pd.DataFrame({"id": test["id"], "MathAch": model.predict(test[X.columns])}).to_csv("./submission/submission.csv", index=False)
