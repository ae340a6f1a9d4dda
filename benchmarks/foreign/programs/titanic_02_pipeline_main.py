import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import StratifiedKFold, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler


def build_pipeline() -> Pipeline:
    numeric = Pipeline([("impute", SimpleImputer(strategy="median", add_indicator=True)), ("scale", StandardScaler())])
    categorical = OneHotEncoder(handle_unknown="ignore")
    features = ColumnTransformer([("num", numeric, ["age"]), ("cat", categorical, ["sex", "pclass"])])
    return Pipeline([("features", features), ("model", LogisticRegression(C=1.0, max_iter=1000))])


def main() -> None:
    train = pd.read_csv("./input/train.csv")
    test = pd.read_csv("./input/test.csv")
    X, y = train[["age", "sex", "pclass"]], train["survived"]
    pipe = build_pipeline()
    scores = cross_val_score(pipe, X, y, cv=StratifiedKFold(10, shuffle=True, random_state=1), scoring="roc_auc")
    print("=" * 40)
    print(f"10-fold ROC AUC : {scores.mean():.4f}")
    print(f"fold spread     : {scores.min():.4f} .. {scores.max():.4f}")
    print("=" * 40)
    pipe.fit(X, y)
    pd.DataFrame({"id": test["id"], "survived": pipe.predict_proba(test[X.columns])[:, 1]}).to_csv(
        "./submission/submission.csv", index=False
    )


if __name__ == "__main__":
    main()
