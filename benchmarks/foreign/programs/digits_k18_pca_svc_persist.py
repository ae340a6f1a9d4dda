import joblib
import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin, clone
from sklearn.decomposition import PCA
from sklearn.model_selection import StratifiedKFold, cross_validate
from sklearn.pipeline import FeatureUnion, Pipeline
from sklearn.preprocessing import FunctionTransformer, StandardScaler
from sklearn.svm import SVC

train = pd.read_csv("./input/train.csv")
test = pd.read_csv("./input/test.csv")

pixels = [c for c in train.columns if c.startswith("pixel_")]
X = train[pixels]
y = train["digit"]
X_test = test[pixels]


def to_unit(a):
    return a / 16.0


class InkProfile(BaseEstimator, TransformerMixin):
    """Row and column ink sums of the 8x8 image."""

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        img = np.asarray(X, dtype=float).reshape(-1, 8, 8)
        return np.hstack([img.sum(axis=1), img.sum(axis=2), (img > 8).sum(axis=(1, 2))[:, None]])

    def get_feature_names_out(self, input_features=None):
        return np.array([f"col_{i}" for i in range(8)] + [f"row_{i}" for i in range(8)] + ["n_dark"], dtype=object)


features = FeatureUnion(
    [
        ("pca", Pipeline([("scale", FunctionTransformer(to_unit, feature_names_out="one-to-one")), ("pca", PCA(n_components=40, whiten=True, random_state=0))])),
        ("ink", Pipeline([("prof", InkProfile()), ("sc", StandardScaler())])),
    ]
)
model = Pipeline([("features", features), ("svc", SVC(C=10.0, gamma="scale"))])

res = cross_validate(
    clone(model),
    X,
    y,
    cv=StratifiedKFold(n_splits=5, shuffle=True, random_state=0),
    scoring=["accuracy", "f1_macro"],
    return_train_score=True,
)
print(f"train accuracy = {res['train_accuracy'].mean():.4f}")
print(f"accuracy = {res['test_accuracy'].mean():.4f}")

final = clone(model).fit(X, y)
joblib.dump(final, "./models/digits_pca_svc.joblib")

pd.DataFrame({"id": test["id"], "digit": final.predict(X_test)}).to_csv("./submission/submission.csv", index=False)
