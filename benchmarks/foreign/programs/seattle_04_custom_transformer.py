import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, TransformerMixin
from sklearn.compose import ColumnTransformer
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline


class SeasonEncoder(BaseEstimator, TransformerMixin):
    """Turns an ISO date string column into cyclic day-of-year and month features."""

    def fit(self, X, y=None):
        return self

    def transform(self, X):
        when = pd.to_datetime(pd.Series(np.asarray(X).ravel()))
        doy = when.dt.dayofyear.to_numpy()
        return np.column_stack(
            [np.sin(2 * np.pi * doy / 365.0), np.cos(2 * np.pi * doy / 365.0), when.dt.month.to_numpy()]
        )


def make_model():
    features = ColumnTransformer(
        [
            ("season", SeasonEncoder(), ["date"]),
            ("weather", "passthrough", ["precipitation", "temp_max", "temp_min", "wind"]),
        ]
    )
    return Pipeline([("features", features), ("forest", RandomForestClassifier(n_estimators=250, min_samples_leaf=2, random_state=5))])


if __name__ == "__main__":
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    model = make_model()
    acc = cross_val_score(model, train, train["weather"], cv=StratifiedKFold(5, shuffle=True, random_state=5))
    print("mean accuracy across folds: %.4f" % acc.mean())
    model.fit(train, train["weather"])
    pd.DataFrame({"id": test["id"], "weather": model.predict(test)}).to_csv("./submission/submission.csv", index=False)
