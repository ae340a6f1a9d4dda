"""Penguin species: a scikit-learn pipeline with a column transformer."""
import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

NUMERIC = ["bill_length_mm", "bill_depth_mm", "flipper_length_mm", "body_mass_g"]
CATEGORICAL = ["island", "sex"]


def build_model() -> Pipeline:
    numeric = Pipeline([("impute", SimpleImputer(strategy="median")), ("scale", StandardScaler())])
    categorical = Pipeline(
        [
            ("impute", SimpleImputer(strategy="most_frequent")),
            ("onehot", OneHotEncoder(handle_unknown="ignore")),
        ]
    )
    pre = ColumnTransformer([("num", numeric, NUMERIC), ("cat", categorical, CATEGORICAL)])
    return Pipeline([("pre", pre), ("clf", LogisticRegression(C=2.0, max_iter=2000))])


def main() -> None:
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X, y = train[NUMERIC + CATEGORICAL], train["species"]

    model = build_model()
    cv = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
    scores = -cross_val_score(model, X, y, cv=cv, scoring="neg_log_loss")
    print(f"CV log loss: {scores.mean():.4f} ± {scores.std():.4f}")

    model.fit(X, y)
    proba = model.predict_proba(test[NUMERIC + CATEGORICAL])
    sub = pd.DataFrame(proba, columns=model.classes_)
    sub.insert(0, "id", test["id"])
    sub.to_csv("./submission/submission.csv", index=False)
    print("Submission saved:", sub.shape)


if __name__ == "__main__":
    main()
