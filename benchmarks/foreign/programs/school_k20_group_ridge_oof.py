import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.compose import ColumnTransformer
from sklearn.linear_model import RidgeCV
from sklearn.metrics import mean_squared_error
from sklearn.model_selection import GroupKFold, cross_val_predict, cross_validate
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, PolynomialFeatures, StandardScaler

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

y = train["MathAch"]
groups = train["School"]
X = train.drop(columns=["id", "MathAch"])
X_test = test.drop(columns=["id"])


class SchoolContext(BaseEstimator, TransformerMixin):
    """Within-school SES deviation and school size, computed from the rows given."""

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        X = X.copy()
        X["ses_dev"] = X["SES"] - X["MEANSES"]
        X["school_n"] = np.log(X.groupby("School")["SES"].transform("size"))
        X["school_minority"] = (X["Minority"] == "Yes").groupby(X["School"]).transform("mean")
        return X.drop(columns=["School"])


num_cols = ["SES", "MEANSES", "ses_dev", "school_n", "school_minority"]
cat_cols = ["Minority", "Sex"]

model = make_pipeline(
    SchoolContext(),
    ColumnTransformer(
        [
            ("num", make_pipeline(StandardScaler(), PolynomialFeatures(degree=2, include_bias=False)), num_cols),
            ("cat", OneHotEncoder(drop="first", sparse_output=False), cat_cols),
        ]
    ),
    RidgeCV(alphas=np.logspace(-2, 3, 20)),
)

cv = GroupKFold(n_splits=5)
res = cross_validate(
    clone(model),
    X,
    y,
    groups=groups,
    cv=cv,
    scoring=["neg_root_mean_squared_error", "r2"],
    return_train_score=True,
)
print(f"fold RMSE: {np.round(-res['test_neg_root_mean_squared_error'], 3)}")
print(f"CV R2: {res['test_r2'].mean():.4f}")

oof = cross_val_predict(clone(model), X, y, groups=groups, cv=cv)
print(f"CV RMSE: {mean_squared_error(y, oof, squared=False):.4f}")

final = clone(model).fit(X, y)
pd.DataFrame({"id": test["id"], "MathAch": final.predict(X_test)}).to_csv(
    "./submission/submission.csv", index=False
)
